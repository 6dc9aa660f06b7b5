"""Cards that change hands before the first lead, and who plays whose cards: Collect Call (line 13),
Sweet Nothings (line 15), Dummy (line 34). Pure checks on hands given as {seat: cards}; the game
asks the phones for the choices and applies what these return. Bad choices are refused in words."""

from __future__ import annotations

from typing import Mapping, Optional, Sequence

from ...cards import Card
from .order import SEATS, partner_of
from .ranking import Round

Hands = Mapping[int, Sequence[Card]]


def _move(hands: dict[int, list[Card]], card: Card, giver: int, taker: int) -> None:
    if card not in hands[giver]:
        raise ValueError(f"seat {giver} does not hold the {card.pretty}")
    hands[giver].remove(card)
    hands[taker].append(card)


def collect_call(hands: Hands, maker: int, taken: Mapping[int, Card], given: Mapping[int, Card],
                 rnd: Round) -> dict[int, tuple[Card, ...]]:
    """Collect Call: the Maker takes one card from each other player (`taken`: seat -> card), then
    gives one card to each (`given`: seat -> card, any card the Maker then holds)."""
    if not rnd.on("collect-call"):
        raise ValueError("Collect Call is not active this round")
    others = {s for s in range(SEATS) if s != maker}
    if set(taken) != others or set(given) != others:
        raise ValueError(f"the Maker takes one card from, and gives one to, each of seats "
                         f"{', '.join(str(s) for s in sorted(others))}")
    out = {seat: list(cards) for seat, cards in hands.items()}
    for seat, card in taken.items():
        _move(out, card, seat, maker)
    for seat, card in given.items():
        _move(out, card, maker, seat)
    return {seat: tuple(cards) for seat, cards in out.items()}


def sweet_nothings(hands: Hands, maker: int, from_maker: Optional[Card], from_partner: Optional[Card],
                   rnd: Round) -> dict[int, tuple[Card, ...]]:
    """Sweet Nothings: the Maker and partner swap one card each, or (both None) decline."""
    if not rnd.on("sweet-nothings"):
        raise ValueError("Sweet Nothings is not active this round")
    out = {seat: list(cards) for seat, cards in hands.items()}
    if from_maker is None and from_partner is None:
        return {seat: tuple(cards) for seat, cards in out.items()}
    if from_maker is None or from_partner is None:
        raise ValueError("Sweet Nothings is one card each way: both give a card, or neither")
    partner = partner_of(maker)
    _move(out, from_maker, maker, partner)
    _move(out, from_partner, partner, maker)
    return {seat: tuple(cards) for seat, cards in out.items()}


def controller(seat: int, maker: int, rnd: Round) -> int:
    """The seat whose phone chooses `seat`'s plays: under Dummy the Maker plays their partner's hand."""
    return maker if rnd.on("dummy") and seat == partner_of(maker) else seat


def hand_face_up(seat: int, maker: int, rnd: Round) -> bool:
    """Dummy: the Maker's partner lays their hand face up (every phone sees it)."""
    return rnd.on("dummy") and seat == partner_of(maker)
