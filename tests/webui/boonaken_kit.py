"""A Boonaken night for the dashboard tests: four players, a first deal whose cards the host
entered (so the phones get one button per card), with a roem to declare and an equal one to
challenge; and whole deals played from the referee's options, to fill the sheet."""

from __future__ import annotations

from referee import engine
from referee.cards import parse_card
from referee.events import CardDealt

NAMES = {1: "Ann", 2: "Ben", 3: "Cleo", 4: "Dev"}
# Ben (seat 2) holds A♥ K♥ Q♥ (20 roem), Cleo (seat 3) Q♦ J♦ 10♦ (20 too): an equal challenge,
# settled by the highest roem card, Ben's A♥ against Cleo's Q♦.
HANDS = {2: "AH KH QH 7S 8S 9C", 3: "QD JD TD 7C 8C AC", 4: "JS 9S 8D 7D TC JC", 1: "AD KD 8H 9H QC KC"}
CENTRE_UP, CENTRE_DOWN, ASIDE = "TS 7H", "JH 9D", "QS KS AS TH"
BEN_DISCARDS = ("JH", "7H", "9D", "9C")


def first_deal_events() -> list:
    """Deal 1, Ann dealing: every card entered by the host, the centre's two face-up cards last."""
    events = [CardDealt(seat, parse_card(c), False) for seat, hand in HANDS.items() for c in hand.split()]
    events += [CardDealt(None, parse_card(c), False) for c in CENTRE_DOWN.split()]
    events += [CardDealt(None, parse_card(c), False, deck="aside") for c in ASIDE.split()]
    return events + [CardDealt(None, parse_card(c), True) for c in CENTRE_UP.split()]


def open_night(night, settings=None) -> dict[int, str]:
    """The night opened and deal 1 dealt (Ann deals, Ben bids first); the seats' join tokens."""
    night.start("boonaken", [1, 2, 3, 4], NAMES, settings or {}, "Boonaken test night")
    submit(night, start_option(night, dealer=1))
    for e in first_deal_events():
        submit(night, e)
    return {p["seat"]: p["token"] for p in night.players()}


_n = iter(range(1, 10**6))


def submit(night, event, who="host"):
    return night.submit(event, f"kit-{next(_n)}", who)


def start_option(night, dealer=None):
    starts = [o for o in engine.options(night.table.state, None) if o.action == "start"]
    return next(o.event for o in starts if dealer is None or o.event.dealer == dealer)


def play_deal_out(night, declarer: int, bid: str = "100", start: bool = True) -> None:
    """A whole deal from the referee's options (`start`: a new one, its hands unnamed): `declarer`
    bids `bid`, the others pass, the first legal card is played each turn (an unnamed hand's card
    named from the pack as it is played)."""
    if start:
        submit(night, start_option(night))
    pack = [r + s for s in "SHDC" for r in "789TJQKA"]
    while night.table.state.hand.phase != "over":
        state = night.table.state
        hand = state.hand
        for seat in hand.order:
            opts = engine.options(state, seat)
            if not opts:
                continue
            o = next((x for x in opts if x.action == "bid" and x.event.bid == (bid if seat == declarer else "pass")), None) \
                or next((x for x in opts if x.action in ("discard", "play")), None) \
                or next((x for x in opts if x.action == "trump"), None)
            if o is None:
                continue
            event = o.event
            if "card" in o.needs:
                card = next(c for c in pack if hand.where(parse_card(c)) is None
                            and engine.can(state, o.fill(card=parse_card(c))))
                event = o.fill(card=parse_card(card))
            submit(night, event, f"seat {seat}")
            break
        else:
            raise AssertionError(f"nobody can move in phase {hand.phase}")
