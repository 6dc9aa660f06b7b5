"""What each viewer sees of a Boneyard euchre round (`round_view`), and every legal action of a seat
now (`seat_options`, `host_options`): the one source for the phones, the host console, the camera
adapter and the simulator.

Public: the face-up bone, the Take It / Leave It choices, the Maker's taken card (face up, part of
the hand until played), the flipped bones, trump and the active modifiers with their text, Therapy
Club's revealed cards, a Dummy hand once laid down, every card played, the rulings, the scores.
A seat sees its own hand. Hidden from all but the host: the discard (the Maker sees it too), the
face-down bones, the Lucky Penny (its holder does not look at it), cards handed over face down.
"""

from __future__ import annotations

from typing import Any

from ...cards import SUITS
from ...events import Bid, CardDealt, CardDiscarded, CardPlayed, HandShown, HandStarted
from ...game import HOST, Game
from ...options import Option
from ...state import evolve
from ..boonaken.events import TrumpNamed
from . import setup, tricks_flow
from .events import (BoneFlipped, CardPassed, CardRevealed, FoolsGoldPlayed, GraveRobbed, LeadDeclined,
                     PennyPlaced, PennyPlayed)
from .exchanges import controller
from .modifier_ids import NAMES
from .modifiers import MODIFIERS_BY_ID
from .ranking import led_suit, legal_fools_gold, legal_plays, suit_order
from .round_state import BONES, HAND_SIZE, BoneyardRound
from .round_score import score_words
from .taking import SUIT_NAMES, next_to_choose


def in_hand_order(cards) -> list:
    return sorted(cards, key=lambda c: ("SHDCJ".index(c.suit) if not c.is_joker else 4, -c.rank))


def _card_option(action, seat, label, event, rule, cards) -> list[Option]:
    """One option per card when the hand is known, else one with the card to name."""
    if cards is None:
        return [Option(action, seat, label, event, rule=rule, needs=("card",))]
    return [Option(action, seat, f"{label}: {c.pretty}", evolve(event, card=c), rule=rule) for c in cards]


def _hand(rnd: BoneyardRound, seat: int):
    """The seat's cards when the referee knows them all (hand order), else None."""
    return in_hand_order(rnd.known_holding(seat)) if rnd.fully_known(seat) else None


# --------------------------------------------------------------------------------- options
def seat_options(state, seat: int) -> list[Option]:
    rnd: BoneyardRound = state.hand
    if rnd is None or rnd.phase == "over" or seat not in rnd.table:
        return []
    if rnd.phase == "taking":
        if rnd.up_bone is None or next_to_choose(rnd) != seat:
            return []
        return [Option("bid", seat, f"Take It ({rnd.up_bone.pretty})", Bid(seat, "take"), rule="take-it"),
                Option("bid", seat, "Leave It", Bid(seat, "leave"), rule="take-it")]
    if rnd.phase == "naming":
        return [Option("trump", seat, f"Trump: {SUIT_NAMES[s]}", TrumpNamed(seat, s), rule="joker-taken")
                for s in SUITS] if seat == rnd.maker else []
    if rnd.phase == "discard":
        if seat != rnd.maker:
            return []
        cards = _hand(rnd, seat)
        cards = None if cards is None else [c for c in cards if c != rnd.taken]
        return _card_option("discard", seat, "Discard face down", CardDiscarded(seat, None), "maker-discard", cards)
    if rnd.phase == "modifiers":
        modifier = rnd.drawing[0]
        if modifier == "lucky-penny":
            partner = rnd.partner(rnd.maker)
            return [Option("penny", seat, "Lucky Penny: the bone placed face down", PennyPlaced(seat, None),
                           rule="lucky-penny")] if seat == partner else []
        return [Option("flip", seat, f"{NAMES[modifier]}: flip a bone", BoneFlipped(None), rule=modifier,
                       needs=("card",))] if seat == rnd.dealer else []
    return _before_lead_options(rnd, seat) + _play_options(rnd, state.settings, seat)


def _before_lead_options(rnd: BoneyardRound, seat: int) -> list[Option]:
    if rnd.tricks or rnd.trick:
        return []
    out: list[Option] = []
    maker, partner = rnd.maker, rnd.partner(rnd.maker)
    if rnd.on("collect-call") and (setup.collect_takers(rnd) or setup.collect_receivers(rnd)):
        if setup.collect_takers(rnd):
            if seat in setup.collect_takers(rnd):
                out += _card_option("pass", seat, "Collect Call: hand a card to the Maker",
                                    CardPassed(seat, maker, None), "collect-call", _hand(rnd, seat))
        elif seat == maker:
            for to in setup.collect_receivers(rnd):
                cards = _hand(rnd, seat)
                cards = None if cards is None else [c for c in cards if c != rnd.taken]
                out += _card_option("pass", seat, f"Collect Call: give a card to seat {to}",
                                    CardPassed(seat, to, None), "collect-call", cards)
        return out
    done = setup.sweet_passes(rnd)
    if rnd.on("sweet-nothings") and len(done) < 2 and seat in (maker, partner) and not (done and done[0][0] == seat):
        to = partner if seat == maker else maker
        cards = _hand(rnd, seat)
        cards = None if cards is None else [c for c in cards if not (c == rnd.taken or c == rnd.revealed.get(seat))]
        out += _card_option("pass", seat, f"Sweet Nothings: swap a card with seat {to}", CardPassed(seat, to, None),
                            "sweet-nothings", cards)
    if seat in setup.to_reveal(rnd):
        out += _card_option("reveal", seat, "Therapy Club: reveal a card face up", CardRevealed(seat, None),
                            "therapy-club", _hand(rnd, seat))
    if rnd.on("dummy") and not rnd.shown and seat == partner:
        cards = _hand(rnd, seat)
        out.append(Option("show", seat, "Dummy: lay my hand face up", HandShown(seat, tuple(cards or ())),
                          rule="dummy", needs=() if cards is not None else ("cards",)))
    return out


def _play_options(rnd: BoneyardRound, settings, seat: int) -> list[Option]:
    if setup.waiting(rnd):
        return []
    out: list[Option] = []
    partner = rnd.partner(rnd.maker)
    if rnd.on("fusion") and rnd.tricks and not rnd.trick and not rnd.declined and rnd.tricks[-1].winner == seat \
            and len(rnd.tricks) < 5:
        out.append(Option("decline", seat, f"Fusion: decline to lead (seat {rnd.partner(seat)} leads)",
                          LeadDeclined(seat), rule="fusion"))
    if seat == partner and tricks_flow.grave_cards(rnd):
        out += [Option("rob", seat, f"Grave Robber: take {c.pretty}", GraveRobbed(seat, c), rule="grave-robber")
                for c in tricks_flow.grave_cards(rnd)]
    turn = rnd.to_play()
    if turn is None or controller(rnd.index(turn), rnd.index(rnd.maker), rnd.rnd) != rnd.index(seat):
        return out
    trick = [c for _, c, _ in rnd.trick]
    cards = _hand(rnd, turn)
    legal = None if cards is None else (legal_plays(tuple(cards), trick, rnd.rnd) if trick else tuple(cards))
    label = "Play" if turn == seat else f"Play for seat {turn} (Dummy)"
    out += _card_option("play", seat, label, CardPlayed(turn, None), "follow", legal)
    if turn == partner and rnd.on("fools-gold") and not rnd.fools_gold_used and trick:
        gold = None if cards is None else legal_fools_gold(tuple(cards), trick, rnd.rnd)
        if gold is None or gold:
            out += _card_option("fools_gold", seat, "Play as Fool's Gold", FoolsGoldPlayed(turn, None), "fools-gold",
                                gold)
    if turn == partner and rnd.penny_placed and not rnd.penny_played:
        if rnd.penny is not None:
            if settings.lucky_penny_follows and tricks_flow.why_illegal(rnd, turn, rnd.penny, rnd.trick):
                return out          # it must follow like the hand's cards, and a card of the hand follows
            out.append(Option("penny", seat, "Play the Lucky Penny", PennyPlayed(turn, rnd.penny), rule="lucky-penny"))
        else:
            out.append(Option("penny", seat, "Play the Lucky Penny (turned up as it lands)", PennyPlayed(turn, None),
                              rule="lucky-penny", needs=("card",)))
    return out


def host_options(game, state) -> list[Option]:
    """The host's: start the next round (its dealer), call one off, enter the deal by hand until the
    first Take It or Leave It, and flip the bones the modifiers draw."""
    rnd: BoneyardRound | None = state.hand
    base = [o for o in Game.options(game, state, None) if o.action != "start"]
    if rnd is None or rnd.phase == "over":
        number = state.hands_played + 1
        dealers = [game.next_dealer(state)] if rnd is not None else list(state.seats)
        return [Option("start", None, f"Start round {number}, seat {d} deals", HandStarted(number, d))
                for d in dealers] + base
    if rnd.phase == "taking" and not rnd.bids:
        if not rnd.dealt.get("up"):
            base.append(Option("deal", None, "The face-up bone", evolve(CardDealt(None, None, False), up=True),
                               needs=("card",)))
        if rnd.dealt.get("down", 0) < BONES - 1:
            base.append(Option("deal", None, "A face-down bone", CardDealt(None, None, False, deck="boneyard"),
                               needs=("card",)))
        for seat in rnd.table:
            if rnd.dealt.get(f"hand:{seat}", 0) < HAND_SIZE:
                base.append(Option("deal", None, f"A card into seat {seat}'s hand", CardDealt(seat, None, False),
                                   needs=("card",)))
    if rnd.phase == "modifiers" and rnd.drawing[0] != "lucky-penny":
        base.append(Option("flip", None, f"{NAMES[rnd.drawing[0]]}: flip a bone", BoneFlipped(None),
                           rule=rnd.drawing[0], needs=("card",)))
    return base


# ------------------------------------------------------------------------------------ view
def _codes(cards) -> list[str]:
    return [c.code for c in in_hand_order(cards)]


def round_view(state, viewer) -> dict[str, Any]:
    rnd: BoneyardRound | None = state.hand
    if rnd is None:
        return {"scores": [0, 0], "teams": [[s for s in state.seats[i::2]] for i in (0, 1)]}
    seat = viewer if isinstance(viewer, int) else None
    dummy = rnd.partner(rnd.maker) if rnd.maker is not None and rnd.on("dummy") and rnd.shown else None

    def seat_view(s: int) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": s, "team": rnd.team(s) + 1, "holding": rnd.holding(s),
                               "tricks": sum(1 for t in rnd.tricks if t.winner == s),
                               "played": [c.code for c in rnd.played(s)]}
        held = rnd.known_holding(s)
        if viewer == HOST or seat == s or s == dummy:
            out["cards"] = _codes(held)
        out["face_up"] = _codes({c for c in (rnd.taken if s == rnd.maker else None, rnd.revealed.get(s))
                                 if c is not None and c in held})
        return out

    rnd_rules = rnd.rnd
    modifiers = [{"id": m, "name": NAMES[m], "text": MODIFIERS_BY_ID[m].text} for m in rnd.active]
    trump = rnd_rules.trump if rnd_rules is not None else None
    led = led_suit([c for _, c, _ in rnd.trick], rnd_rules) if rnd.trick and rnd_rules is not None else None
    out = {
        "game_no": rnd.game_no, "round": rnd.number, "dealer": rnd.dealer, "phase": rnd.phase,
        "teams": [[rnd.table[0], rnd.table[2]], [rnd.table[1], rnd.table[3]]],
        "scores": list(rnd.scores), "score_text": score_words(rnd),
        "up_bone": rnd.up_bone.code if rnd.up_bone is not None else None,
        "bids": [{"seat": s, "choice": c} for s, c in rnd.bids], "to_choose": next_to_choose(rnd),
        "maker": rnd.maker, "taken": rnd.taken.code if rnd.taken is not None else None,
        "trump": trump, "modifiers": modifiers, "carried": list(rnd.carried), "carry_next": list(rnd.carry_next),
        "flips": [{"card": c.code, "by": by, "adds": adds} for c, by, adds in rnd.flips],
        "copied": rnd.copied.code if rnd.copied is not None else None, "bones_left": rnd.bones_left,
        "penny": {"placed": rnd.penny_placed, "played": rnd.penny_played},
        "waiting": list(setup.waiting(rnd)) if rnd.phase == "play" else [],
        "seats": [seat_view(s) for s in rnd.table],
        "to_play": rnd.to_play(), "leader": rnd.leader,
        "trick": [{"seat": s, "card": c.code, "how": h} for s, c, h in rnd.trick],
        "tricks": [{"leader": t.leader, "winner": t.winner, "text": t.text, "why": list(t.why),
                    "cards": [{"seat": s, "card": c.code, "how": h} for s, c, h in t.plays]} for t in rnd.tricks],
        "ranking": {"trump": [c.code for c in suit_order(trump, rnd_rules)] if trump else [],
                    "led": [c.code for c in suit_order(led, rnd_rules)] if led and led != trump else []},
        "revokes": [{"seat": s, "trick": t, "card": c.code, "reason": r} for s, t, c, r in rnd.revokes],
        "maker_tricks": rnd.maker_tricks() if rnd.maker is not None else 0,
        "points": list(rnd.points), "redeal": rnd.redeal,
        "winner": None if rnd.winner is None else rnd.winner + 1,
    }
    if viewer == HOST or (seat is not None and seat == rnd.maker):
        out["discard"] = rnd.discard.code if rnd.discard is not None else None
    if viewer == HOST:
        out["bones"] = [c.code for c in rnd.bones]
        out["penny"]["card"] = rnd.penny.code if rnd.penny is not None else None
        out["passes"] = [{"from": a, "to": b, "card": c.code if c else None} for a, b, c in rnd.passes]
    elif rnd.penny_played and rnd.penny is not None:
        out["penny"]["card"] = rnd.penny.code
    return out
