"""What each viewer sees of a Bonnu round (`round_view`) and every legal action now
(`seat_options`, `host_options`): the one source for the phones' Reach / Cut / Bonnu / draw / lay
buttons, the host console and the simulator.

Public: every seat's card count (it follows from the cards dealt, drawn and laid), the top card, the
pile's cards (face up, newest last), the draw pile's size, who is on turn, the shouts owed and penalty cards owed, the
rulings (each with both times), the hands laid face up (an out-of-turn Bonnu, the end of a Bonnu 100
round) and the scores. A seat's own hand, as far as it was named, is seen by that seat alone.

A card, a claim or a shout is sent unstamped here: the table process stamps `at_ms` and
`latency_ms` as it sends it (the phone's tap, the camera's frame).
"""

from __future__ import annotations

from typing import Any

from ...events import CardDealt, Decision, HandShown
from ...game import Game
from ...options import Option
from .claims import bonnu_rule, cut_refusal, cutter_refusal, total_stands
from .deck import HAND_SIZE, matches
from .events import BonnuClaimed, CardDrawn, CardLaid, CutLaid, DrawKept, ShoutHeard, TimeNoted
from .round_state import BonnuRound, seconds
from .shouts import SHOUT_RULES


class _Shared:
    """What every seat's options share in one state of the round, worked out once: every seat is
    asked at every step (anyone may act out of turn). Kept for the last round state asked about;
    a round state is never changed once the referee has returned it (apply works on a copy)."""

    __slots__ = ("waiting", "dues", "window_is_cut")

    def __init__(self, rnd: BonnuRound) -> None:
        self.waiting = any(d.word == "bonnu" for d in rnd.dues)
        self.dues: dict[int, list] = {}
        for d in rnd.dues:
            self.dues.setdefault(d.seat, []).append(d)
        self.window_is_cut = rnd.window is not None and rnd.window.how == "cut"


# Every seat is asked for its options at every step (anyone may claim out of turn), so the part they
# share is worked out once per round state. Identity is enough: the engine clones a state before
# each event, and a state it has returned is never changed again. No clock, no I/O: only a memo.
_last: tuple = (None, None)                  # (the round state, its _Shared)


def _shared(rnd: BonnuRound) -> _Shared:
    global _last
    seen, shared = _last
    if seen is not rnd:
        shared = _Shared(rnd)
        _last = (rnd, shared)
    return shared


_facts: dict[int, tuple] = {}              # id(a hand) -> (the hand, its total, its numbers)


def _hand_facts(hand: tuple) -> tuple[int, list[int]]:
    """A known hand's total and numbers. A hand is a tuple kept from state to state until it
    changes, so each is added up once, not once per seat per step."""
    facts = _facts.get(id(hand))
    if facts is None or facts[0] is not hand:
        if len(_facts) > 256:
            _facts.clear()
        numbers = [c.value for c in hand]
        facts = _facts[id(hand)] = (hand, sum(numbers), numbers)
    return facts[1], facts[2]


def _unique(cards) -> list:
    return sorted(set(cards), key=lambda c: (c.colour, c.value, c.copy))


# --------------------------------------------------------------------------------- options
def seat_options(state, seat: int) -> list[Option]:
    rnd: BonnuRound | None = state.hand
    if rnd is None or seat not in getattr(rnd, "table", ()):
        return []
    if rnd.phase == "showing" and seat not in rnd.shown:
        hand = rnd.known_hand(seat)
        if hand is None:
            return [Option("show", seat, "Lay the hand face up", HandShown(seat, ()), rule="bonnu-100",
                           needs=("cards",))]
        return [Option("show", seat, "Lay the hand face up", HandShown(seat, hand), rule="bonnu-100")]
    if rnd.phase != "play" or rnd.pending:
        return []
    settings = state.settings
    out: list[Option] = []
    hand = rnd.known_hand(seat)
    shared = _shared(rnd)
    waiting, held, on_turn = shared.waiting, rnd.holding(seat), seat == rnd.to_play
    if rnd.owed.get(seat):
        out.append(Option("draw", seat, f"Draw a penalty card ({rnd.owed[seat]} owed)", CardDrawn(seat),
                          rule=rnd.paying(seat)))
    if on_turn and not waiting and rnd.drew is not None and rnd.drew[0] == seat:
        out += _after_draw(rnd, seat)
    elif on_turn and not waiting and held:
        top = rnd.top
        if hand is None:
            out.append(Option("lay", seat, "Lay a card", CardLaid(seat, None), rule="first-lead" if top is None
                              else "match", needs=("card",)))
            if top is not None:                 # the first card of a round is free: no draw
                out.append(Option("draw", seat, "Draw (no card matches)", CardDrawn(seat), rule="draw"))
        else:
            fits = [c for c in _unique(hand) if matches(c, top)]
            out += [Option("lay", seat, f"Lay {c.code}", CardLaid(seat, c), rule="first-lead" if top is None else "match")
                    for c in fits]
            if top is not None and (not fits or settings.draw_when_able):
                out.append(Option("draw", seat, "Draw (no card matches)" if not fits else "Draw instead",
                                  CardDrawn(seat), rule="draw"))
    if rnd.window is not None and held:
        out += _claims(rnd, seat, hand, held, settings, shared)
    dues = shared.dues.get(seat, ())
    for d in dues:
        out.append(Option("shout", seat, "Reach!" if d.word == "reach" else "Bonnu!", ShoutHeard(seat, d.word),
                          rule=SHOUT_RULES[d.word]))
    if not dues and held == 2 and on_turn:
        out.append(Option("shout", seat, "Reach!", ShoutHeard(seat, "reach"), rule="reach"))
    return out


def _after_draw(rnd: BonnuRound, seat: int) -> list[Option]:
    """play_drawn: the drawn card laid (a match, or one not named), or kept."""
    card = rnd.drew[1]
    lay = (Option("lay", seat, "Lay the drawn card", CardLaid(seat, None), rule="draw", needs=("card",))
           if card is None else Option("lay", seat, f"Lay {card.code}", CardLaid(seat, card), rule="draw"))
    return [lay, Option("keep", seat, "Keep the drawn card", DrawKept(seat), rule="draw")]


def _claims(rnd: BonnuRound, seat: int, hand, held: int, settings, shared: _Shared) -> list[Option]:
    """The Cut and out-of-turn Bonnu buttons on the card just laid (a seat holding `held` cards)."""
    window = rnd.window
    top = window.card
    total, numbers = _hand_facts(hand) if hand is not None else (0, ())
    out = []
    if not shared.waiting and cutter_refusal(seat, rnd.to_play, window.seat, shared.window_is_cut, settings) is None:
        if hand is None:
            if held >= 2:
                out.append(Option("cut", seat, f"Cut! (two or more {top.value}s)", CutLaid(seat, ()),
                                  rule="cut", needs=("cards",)))
        else:
            same = tuple(c for c in hand if c.value == top.value) if numbers.count(top.value) >= 2 else ()
            if same and cut_refusal(hand, same, top, settings) is None:
                out.append(Option("cut", seat, f"Cut! {' '.join(c.code for c in same)}", CutLaid(seat, same),
                                  rule="cut"))
    if window.seat != seat:
        if hand is None:
            out.append(Option("bonnu", seat, f"Bonnu! (the whole hand totals {top.value})",
                              BonnuClaimed(seat, ()), rule=bonnu_rule((), top), needs=("cards",)))
        elif hand and total_stands(total, top):
            out.append(Option("bonnu", seat, f"Bonnu! {' '.join(c.code for c in hand)}", BonnuClaimed(seat, hand),
                              rule=bonnu_rule(hand, top)))
    return out


def host_options(game: Game, state) -> list[Option]:
    out = Game.options(game, state, None)
    rnd: BonnuRound | None = state.hand
    if rnd is None or rnd.phase == "over":
        return out
    for p in rnd.pending:
        out += [Option("decide", None, f"{p.prompt} {c}", Decision(None, p.rule, c, decision=p.id), rule=p.rule,
                       decision=p.id) for c in p.choices]
    if rnd.phase == "opening":
        out += [Option("opening", None, f"Seat {s} draws for the lead", CardDealt(s, None, False, deck="opening"),
                       rule="opening-draw", needs=("card",)) for s in rnd.drawing if s not in rnd.drawn]
    elif rnd.phase == "dealing":             # a whole pass round the table at once (the console's deal-a-round)
        out += [Option("deal", None, f"Deal a card to seat {seat}", CardDealt(seat, None, False), rule="deal",
                       needs=("card",)) for seat in due_to_deal(rnd)]     # face down: named, or left unnamed
    elif rnd.phase == "play" and rnd.dues:
        out.append(Option("time", None, "The shout's time has passed", TimeNoted(0), rule=SHOUT_RULES[rnd.dues[0].word],
                          needs=("at_ms",)))
    return out


def due_to_deal(rnd: BonnuRound) -> list[int]:
    """Cards go round from the first player, one at a time: the seats still due their card of this
    pass round the table, the next one first."""
    fewest = min(rnd.holding(s) for s in rnd.table)
    start = rnd.table.index(rnd.first)
    return [s for s in rnd.table[start:] + rnd.table[:start] if rnd.holding(s) == fewest]


# ------------------------------------------------------------------------------------ view
def round_view(state, viewer) -> dict[str, Any] | None:
    rnd: BonnuRound | None = state.hand
    if rnd is None:
        return None
    settings = state.settings
    window = rnd.window
    return {
        "round": rnd.number, "game": rnd.game_no, "phase": rnd.phase, "scoring": settings.scoring,
        "first": rnd.first, "to_play": rnd.to_play, "just_drew": None if rnd.drew is None else rnd.drew[0],
        "opening_draw": {str(s): c.code for s, c in sorted(rnd.drawn.items())},
        "top": None if rnd.top is None else rnd.top.code, "pile": len(rnd.pile), "draw_pile": rnd.stock,
        "pile_cards": [c.code for c in rnd.pile],                  # face up, what was laid, the newest last
        "window": None if window is None else {"card": window.card.code, "seat": window.seat, "how": window.how,
                                                "at": seconds(window.at_ms)},
        "seats": [{"seat": s, "cards": rnd.holding(s), "penalty_cards_owed": rnd.owed.get(s, 0),
                   "owes": [d.word for d in rnd.dues if d.seat == s],
                   **({"hand": [c.code for c in rnd.hand_of(s).named]} if viewer == s else {}),
                   **({"shown": [c.code for c in rnd.shown[s]]} if s in rnd.shown else {})}
                  for s in rnd.table],
        "rulings": list(rnd.rulings),
        "penalties": [{"seat": s, "penalty": p} for s, p in rnd.penalties],
        "winner": rnd.winner, "points": {str(s): p for s, p in sorted(rnd.points.items())},
        "scores": {str(s): state.scores.get(f"seat:{s}", 0) for s in rnd.table},
        "master": list(rnd.master), "hand_size": HAND_SIZE,
    }
