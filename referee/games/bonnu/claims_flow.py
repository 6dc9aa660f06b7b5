"""Out-of-turn claims on the card just laid: a Cut (two or more of its number) and a Bonnu (the
whole hand laid face up, totalling its number, or a multiple of 10 on a 0), ruled by their
corrected observed times, never by the order they arrive in.

Which card a claim answers: the current window's, unless it was stamped before the card laid in
turn since (`Late`); then it is ruled against that card (claims.window_ruling: in time, too late,
or within the tie margin the host's call), and in time the card goes back to its hand and the claim
is laid on the card before. A claim stamped before the Cut that opened the window races that Cut:
the earlier goes first (decision 8), the Cut taken back and laid again after it; too close to call,
the host orders them. A double tap (the same claim, the same cards, again within double_tap_ms)
counts once; a claim ruled too late is not remembered, so a new try counts.
"""

from __future__ import annotations

from ...work import Refusal, Work
from . import play_flow, shouts
from .claims import CardTime, Claim, bonnu_refusal, bonnu_rule, cut_refusal, cutter_refusal, window_ruling
from .deck import hand_total
from .events import CutLaid
from .turns import turn_after_cut
from .round_state import BonnuRound, Late, Window, check_card, seconds, stamp

KIND_WORDS = {"cut": "Cut", "bonnu": "Bonnu"}


def _claim(seat: int, kind: str, t: int | None) -> Claim:
    return Claim(seat, kind, (t or 0) / 1000)


def _card(seat: int, t: int | None) -> CardTime:
    return CardTime(seat, (t or 0) / 1000)


def on_claim(game, w: Work, event) -> None:
    rnd: BonnuRound = w.hand
    play_flow.playing(game, rnd)
    kind = "cut" if isinstance(event, CutLaid) else "bonnu"
    seat, cards = event.seat, tuple(check_card(c) for c in event.cards)
    if seat not in rnd.table:
        raise Refusal(f"seat {seat} is not at this table")
    if len(cards) > rnd.holding(seat) or (kind == "bonnu" and len(cards) != rnd.holding(seat)):
        raise Refusal(f"seat {seat} holds {rnd.holding(seat)} card(s): "
                      + ("a Bonnu lays the whole hand" if kind == "bonnu" else f"it cannot lay {len(cards)}"))
    t = stamp(event.at_ms, event.latency_ms)
    # The same claim again: the same cards (a claim ruled too late is forgotten, so a new try counts).
    same = f"{kind}:{' '.join(c.code for c in cards)}"
    double = [h for h in rnd.heard if h[:2] == (seat, same) and t is not None and h[2] is not None
              and 0 <= t - h[2] <= w.state.settings.double_tap_ms]
    if double:
        w.say(f"{KIND_WORDS[kind]} by seat {seat} again at {seconds(t)}: a double tap, one claim (the first at "
              f"{seconds(double[0][2])}).", rule="claim-timing", seats=(seat,))
        return
    rnd.heard += ((seat, same, t),)
    shouts.settle(game, w, t)
    if rnd.phase != "play":
        return
    cur = rnd.window
    late = rnd.late
    if cur is None and late is not None and late.card is None and t is not None and late.at_ms is not None:
        return _against_late(game, w, rnd, kind, seat, cards, t, event, late)
    if cur is None:
        rnd.heard = rnd.heard[:-1]
        w.say(f"{KIND_WORDS[kind]} by seat {seat} at {seconds(t)}: too late, the window closed when seat "
              f"{rnd.to_play} drew; the cards stay in the hand.", rule="claim-window", seats=(seat,))
        return
    margin = w.state.settings.tie_margin_ms
    if cur.how == "cut" and cur.seat != seat and _before(t, cur.at_ms, margin):
        return _race_cut(game, w, rnd, kind, seat, cards, t, event, cur)
    if late is not None and late.seq == cur.seq and t is not None and late.at_ms is not None \
            and _answers_late(w, rnd, kind, seat, cards, t, late):
        return _against_late(game, w, rnd, kind, seat, cards, t, event, late)
    apply_claim(game, w, rnd, kind, seat, cards, t, event, cur)


def _answers_late(w: Work, rnd: BonnuRound, kind, seat, cards, t: int, late: Late) -> bool:
    """Does the claim answer the card before `late` (stamped before it, or close enough to be ruled
    against it), rather than `late` itself? A claim that only stands on the earlier card is ruled
    against `late` however late it is, so that it is told "too late", not "wrong"."""
    if t < late.at_ms:
        return True
    if _refusal(w, rnd, kind, seat, cards, rnd.window) is None:
        return False
    return t < late.at_ms + w.state.settings.grace_ms + w.state.settings.tie_margin_ms or \
        _refusal(w, rnd, kind, seat, cards, late.closed) is None


def _before(t: int | None, then: int | None, margin: int) -> bool:
    return t is not None and then is not None and t < then + margin


def _refusal(w: Work, rnd: BonnuRound, kind: str, seat: int, cards, window: Window) -> str | None:
    settings = w.state.settings
    if kind == "bonnu":
        return bonnu_refusal(cards, window.card, settings)
    hand = rnd.known_hand(seat)             # checked against the hand when it is known
    return cut_refusal(hand, cards, window.card, settings, holding=rnd.holding(seat)) or \
        cutter_refusal(seat, rnd.to_play, window.seat, window.how == "cut", settings)


def apply_claim(game, w: Work, rnd: BonnuRound, kind: str, seat: int, cards, t, event, window: Window,
                ruling: str = "") -> None:
    """The claim on `window`'s card, in time: laid if it stands, else the penalty (cards back)."""
    said = ruling or f"{KIND_WORDS[kind]} by seat {seat} at {seconds(t)} on {window.card.code} " \
                     f"(laid at {seconds(window.at_ms)}): in time"
    refusal = _refusal(w, rnd, kind, seat, cards, window)
    if refusal is not None:
        pid = "wrong-bonnu" if kind == "bonnu" else "wrong-cut"
        shouts.penalize(w, seat, pid, f"{said}, but {refusal}; the cards go back to the hand")
        return
    rnd.rulings += (said,)
    if kind == "bonnu":
        total = hand_total(cards)
        play_flow.lay(w, rnd, seat, cards, t, "bonnu")
        w.say(f"{said}. Bonnu! Seat {seat} lays the whole hand, {' '.join(c.code for c in cards)} = {total}, on "
              f"{window.card.code}.", rule=bonnu_rule(cards, window.card), seats=(seat,))
        return game.win(w, seat, f"Bonnu! out of turn ({total} on a {window.card.value})")
    before = rnd.to_play
    play_flow.lay(w, rnd, seat, cards, t, "cut", prev=window, to_play_before=before, event=event)
    rnd.to_play = turn_after_cut(seat, before, rnd.table, w.state.settings, rnd.holding)
    w.say(f"{said}. Cut! Seat {seat} lays {' '.join(c.code for c in cards)}; {rnd.top.code} on top, seat "
          f"{rnd.to_play} to play.", rule="cut", seats=(seat,))
    if rnd.holding(seat) == 0 and w.state.settings.cut_out == "wins":
        return game.win(w, seat, "cut the last cards")
    shouts.owe(game, w, seat, t)


# ---------------------------------------------------------------------- against a later card
def _against_late(game, w: Work, rnd: BonnuRound, kind, seat, cards, t, event, late: Late) -> None:
    ruling = window_ruling([_claim(seat, kind, t)], _card(late.seat, late.at_ms), w.state.settings)[0]
    text = ruling.text if late.card is not None else \
        ruling.text.replace(f"seat {late.seat}'s card at", f"seat {late.seat}'s draw at")
    if ruling.verdict == "ask_host":
        w.ask(None, "claim-timing", f"{text}: in time or too late?", ("in time", "too late"),
              blocks="play", claim=event)
        return
    if ruling.verdict != "in_time":
        rnd.heard = rnd.heard[:-1]                  # too late: not a claim a repeat tap could double
        rnd.rulings += (text,)
        w.say(f"{text}; the cards stay in the hand.", rule="claim-window", seats=(seat,))
        return
    in_time_before(game, w, rnd, late, kind, seat, cards, t, event, text)


def in_time_before(game, w: Work, rnd: BonnuRound, late: Late, kind, seat, cards, t, event, text: str) -> None:
    """A claim stamped before `late` is in time: the card laid goes back to its hand (its seat on
    turn again), and the claim is laid on the card before. Before a draw: the drawn card stays, and
    if the claim does not stand the draw's turn has passed as it had."""
    on_turn, drew = rnd.to_play, rnd.drew
    _take_back_late(w, rnd, late)
    apply_claim(game, w, rnd, kind, seat, cards, t, event, rnd.window, text)
    if late.card is None and rnd.phase == "play" and rnd.window is late.closed:
        rnd.window, rnd.late, rnd.to_play, rnd.drew = None, late, on_turn, drew


def _take_back_late(w: Work, rnd: BonnuRound, late: Late) -> None:
    """The card laid in turn after an in-time claim goes back to its hand; its seat is on turn again
    (a draw: the claim comes first, the drawn card stays in the hand). A card drawn since has no
    chance to be laid any more (play_drawn): the turn is back before it."""
    rnd.to_play, rnd.window, rnd.late, rnd.drew = late.seat, late.closed, None, None
    if late.card is None:
        w.say(f"Seat {late.seat}'s draw at {seconds(late.at_ms)} came after a claim stamped before it: the claim "
              f"goes first; the drawn card stays in the hand.", rule="claim-window", seats=(late.seat,))
        return
    rnd.pile = rnd.pile[:-1]
    rnd.receive(late.seat, late.card)
    rnd.dues = tuple(d for d in rnd.dues if d.seq != late.seq)
    w.say(f"Seat {late.seat}'s {late.card.code} at {seconds(late.at_ms)} came after a claim stamped before it: "
          f"it goes back to the hand.", rule="claim-window", seats=(late.seat,))


# ------------------------------------------------------------------------- racing a Cut
def _race_cut(game, w: Work, rnd: BonnuRound, kind, seat, cards, t, event, cut: Window) -> None:
    rulings = window_ruling([_claim(cut.seat, "cut", cut.at_ms), _claim(seat, kind, t)], None, w.state.settings)
    first = rulings[0]
    text = f"{KIND_WORDS[kind]} by seat {seat} at {seconds(t)}, seat {cut.seat}'s Cut at {seconds(cut.at_ms)}"
    if first.tied_with:
        w.ask(None, "claim-race", f"{text}: too close to say who was first; which came first?",
              (f"seat {cut.seat}", f"seat {seat}"), blocks="play", claim=event)
        return
    if first.claim.seat == cut.seat:
        return apply_claim(game, w, rnd, kind, seat, cards, t, event, cut, f"{text}: after the Cut")
    put_first(game, w, rnd, kind, seat, cards, t, event, cut, f"{text}: first")


def put_first(game, w: Work, rnd: BonnuRound, kind, seat, cards, t, event, cut: Window, text: str) -> None:
    """The claim came before the Cut that opened the window: the Cut is taken back, the claim laid
    on the card before, and the Cut laid again after it (a chain on the same number) if it still can."""
    rnd.pile = rnd.pile[:-len(cut.cards)]
    for c in cut.cards:
        rnd.receive(cut.seat, c)
    rnd.to_play, rnd.window, rnd.drew = cut.to_play_before, cut.prev, None
    rnd.dues = tuple(d for d in rnd.dues if d.seq != cut.seq)
    w.say(f"{text}: seat {cut.seat}'s Cut is taken back and comes after it.", rule="claim-race",
          seats=(cut.seat,))
    apply_claim(game, w, rnd, kind, seat, cards, t, event, rnd.window, text)
    if rnd.phase != "play":
        w.say(f"Seat {cut.seat}'s Cut comes too late: the round is won; the cards stay in the hand.",
              rule="claim-race", seats=(cut.seat,))
        return
    again = cut.event
    apply_claim(game, w, rnd, "cut", cut.seat, cut.cards, cut.at_ms, again, rnd.window,
                f"Cut by seat {cut.seat} at {seconds(cut.at_ms)}, after seat {seat}'s {KIND_WORDS[kind]}")


# ------------------------------------------------------------------------- the host's call
def on_host_ruling(game, w: Work, pending, event) -> None:
    rnd: BonnuRound = w.hand
    claim = pending.get("claim")
    kind = "cut" if isinstance(claim, CutLaid) else "bonnu"
    cards = tuple(claim.cards)
    t = stamp(claim.at_ms, claim.latency_ms)
    who = f"The host rules {KIND_WORDS[kind]} by seat {claim.seat} at {seconds(t)}"
    if pending.rule == "claim-timing":
        if event.choice == "too late":
            w.say(f"{who}: too late; the cards stay in the hand.", rule="claim-timing", seats=(claim.seat,))
            return
        late = rnd.late
        in_time_before(game, w, rnd, late, kind, claim.seat, cards, t, claim,
                       f"{who}: in time, before seat {late.seat}'s {'card' if late.card else 'draw'} at "
                       f"{seconds(late.at_ms)}")
        return
    cut = rnd.window
    if event.choice == f"seat {cut.seat}":
        return apply_claim(game, w, rnd, kind, claim.seat, cards, t, claim, cut,
                           f"{who}: after seat {cut.seat}'s Cut at {seconds(cut.at_ms)}")
    put_first(game, w, rnd, kind, claim.seat, cards, t, claim, cut,
              f"{who}: before seat {cut.seat}'s Cut at {seconds(cut.at_ms)}")
