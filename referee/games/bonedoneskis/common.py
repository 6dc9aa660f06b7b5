"""Small pieces the Bonedoneskis rules share: making a rule, fees, pay-or-fold, finding cards."""

from __future__ import annotations

from ...announcements import Kind
from ...cards import Card
from ...work import Refusal, Work
from ...money import fmt
from ...rules import Rule, Setting

SOURCE = "bonedoneskis-house-rules.txt"


def rule(id: str, name: str, *, text: str, trigger: str, effect: str, kind: str, cards=(), keywords=(),
         settings=(), interpretation: str = "", examples=(), heading: str | None = None, source: str = SOURCE,
         queries=None, **hooks) -> Rule:
    return Rule(id=id, name=name, game="bonedoneskis", text=text, source=f"{source} › {heading or name}",
                trigger=trigger, effect=effect, kind=kind, cards=tuple(cards), keywords=tuple(keywords),
                settings=tuple(Setting(*s) for s in settings), interpretation=interpretation,
                examples=tuple(examples), hooks=hooks, queries=dict(queries or {}))


def targets_for(rule_id: str, choice: str, find):
    """A "targets" query: for `rule_id`'s decision answered with `choice`, the (seat, card) it may
    name are `find(hand, pending)`; any other decision's answer is left as it was."""
    def targets(g, state, value, pending, asked):
        return tuple(find(state.hand, pending)) if pending.rule == rule_id and asked == choice else value
    return targets


def only_for(*card_codes: str):
    """Mark a hook that does nothing unless the card it is called about is one of these: the game
    then calls it only for them (a card face up is looked at by ~16 rules; most want one card)."""
    cards = frozenset(Card.parse(c) for c in card_codes)

    def mark(fn):
        fn.only_for = cards
        return fn
    return mark


def codes(*texts: str) -> tuple[str, ...]:
    return tuple(Card.parse(t).code for t in texts)


def all_of_rank(rank: int, suits: str = "SHDC") -> tuple[str, ...]:
    return tuple(Card(rank, s).code for s in suits)


def ask_pay_or_fold(g, w: Work, seat: int, rule_id: str, why: str, *, because=()) -> None:
    fee = w.state.settings.fee
    w.ask(seat, rule_id, f"Seat {seat}: pay {fmt(fee)} or fold ({why}).", ("pay", "fold"),
          kind=Kind.OBLIGATION, blocks="betting", lapses="", amount=fee, because=because)


def pay_or_fold(g, w: Work, pending, event, *, memo: str) -> bool:
    """Answer a pay-or-fold obligation; True when paid."""
    if event.choice == "fold":
        g.fold(w, pending.seat, rule=pending.rule, why=f"would not pay {memo}")
        return False
    fee = w.state.settings.fee
    g.contribute(w, pending.seat, fee, rule=pending.rule, memo=memo, because=pending.because + (w.seq,))
    w.say(f"Seat {pending.seat} pays {fmt(fee)} to the pot ({memo}).", rule=pending.rule, seats=(pending.seat,),
          amount=fee, because=pending.because + (w.seq,))
    return True


def pay_fee(g, w: Work, seat: int, rule_id: str, memo: str, because=()) -> None:
    fee = w.state.settings.fee
    g.contribute(w, seat, fee, rule=rule_id, memo=memo, because=tuple(because) + (w.seq,))


def target_card(g, w: Work, event, *, up: bool | None = True, other: bool = True):
    """The (seat, slot index) a decision points at, checked: live seat, card there with that face."""
    hand = w.hand
    if event.target_seat is None or event.card is None:
        raise Refusal("say which seat and which card (target_seat and card)")
    if other and event.target_seat == event.seat:
        raise Refusal("choose another player's card")
    board = g.live_seat(hand, event.target_seat)
    index = board.index_of(event.card, up=up)
    if index is None:
        face = {True: "face-up ", False: "face-down ", None: ""}[up]
        raise Refusal(f"seat {event.target_seat} has no {face}{event.card.pretty}")
    return event.target_seat, index


def slot_index(hand, seat: int, card: Card) -> int | None:
    return hand.boards[seat].index_of(card)


def lost_grant(hand, pending) -> Card | None:
    """A card power's decision names the cards that grant it (data "grant", card codes): the first of
    them its seat no longer holds face up, or None while it holds them all."""
    board = hand.boards.get(pending.seat)
    for code in pending.get("grant", ()):
        card = Card.parse(code)
        if board is None or board.index_of(card, up=True) is None:
            return card
    return None


def power_gone(w: Work, rule: Rule, seat: int, card: Card, what: str = "option") -> None:
    w.say(f"{rule.name}: seat {seat} no longer holds the {card.pretty} face up; the {what} is gone.",
          rule=rule.id, seats=(seat,))
