"""The deal as pure functions of the seats still in, the dealer and the settings
(boonaken-fa.txt lines 34-42, variants lines 133-135; decision 8).

Seats are given clockwise, so a seat's left is the next one in the sequence and its right the
one before. Dealing goes clockwise from the dealer's left (line 36); the player right of the
dealer cuts. Only seats still in are dealt to: eruit players sit out (line 117).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable, Sequence

from ...cards import Card
from .settings import DEFAULT, BoonakenSettings

Seat = Hashable
PACK_SIZE = 32


class DealError(ValueError):
    pass


@dataclass(frozen=True)
class Layout:
    hand_size: int
    centre_up: int
    centre_down: int
    set_aside: int

    def total(self, players_in: int) -> int:
        return players_in * self.hand_size + self.centre_up + self.centre_down + self.set_aside


def layout(players_in: int, settings: BoonakenSettings = DEFAULT) -> Layout:
    """How the 32 cards are laid out for `players_in` players still in."""
    big = settings.six_seven_players
    if settings.five_cards and 2 <= players_in <= (6 if big else 5):
        return Layout(5, 2, 0, PACK_SIZE - 5 * players_in - 2)  # line 161, the five-card version
    if players_in == 5:
        return Layout(6, 2, 0, 0)                            # line 38
    if 2 <= players_in <= 4:
        down = 1 if settings.centre_one_down else 2          # lines 39-40; variant line 133
        return Layout(6, 2, down, PACK_SIZE - 6 * players_in - 2 - down)
    if big and players_in == 6:
        return Layout(5, 2, 0, 0)                            # line 135
    if big and players_in == 7 and not settings.five_cards:
        return Layout(4, 2, 2, 0)                            # line 135
    allowed = "2 to 5" + (" (6 with the variant)" if settings.five_cards else " (6 or 7 with the variant)")
    if big:
        allowed = "2 to 6" if settings.five_cards else "2 to 7"
    raise DealError(f"Boonaken is dealt to {allowed} players still in, not {players_in}")


def packets(hand_size: int, settings: BoonakenSettings = DEFAULT) -> tuple[int, int]:
    """The two rounds of a hand (line 36: always threes). Decision 8: 5 or 4 cards are a packet
    of three and the rest, in the order `deal_packets` says."""
    rest = hand_size - 3
    if not 1 <= rest <= 3:
        raise DealError(f"no packets for a hand of {hand_size}")
    return (rest, 3) if settings.deal_packets == "rest_first" and rest < 3 else (3, rest)


def deal_order(seats_in: Sequence[Seat], dealer: Seat) -> tuple:
    """The seats still in, in the order they are dealt to: the dealer's left first, the dealer last."""
    seats_in = tuple(seats_in)
    if dealer not in seats_in:
        raise DealError(f"the dealer {dealer!r} is not a seat still in")
    i = seats_in.index(dealer)
    return seats_in[i + 1:] + seats_in[:i + 1]


def cutter(seats_in: Sequence[Seat], dealer: Seat) -> Seat:
    """The player right of the dealer cuts (line 36)."""
    order = deal_order(seats_in, dealer)
    return order[-2] if len(order) > 1 else dealer


@dataclass(frozen=True)
class Step:
    place: str          # "hand", "up", "down" or "aside"
    count: int
    seat: Seat = None   # for "hand"


def deal_steps(seats_in: Sequence[Seat], dealer: Seat, settings: BoonakenSettings = DEFAULT) -> tuple[Step, ...]:
    """The deal, card by card off the top of the cut pack. After the first round the face-down
    centre cards are laid, after the second the face-up ones (line 39); with none face down (five
    or six players, the five-card version) one face-up card follows each round (line 38). The set-aside cards go last
    (line 42 leaves the moment to the dealer)."""
    order = deal_order(seats_in, dealer)
    lay = layout(len(order), settings)
    steps: list[Step] = []
    for round_no, size in enumerate(packets(lay.hand_size, settings)):
        steps += [Step("hand", size, seat) for seat in order]
        if lay.centre_down:
            steps.append(Step("down", lay.centre_down) if round_no == 0 else Step("up", lay.centre_up))
        else:
            steps.append(Step("up", lay.centre_up // 2))
    if lay.set_aside:
        steps.append(Step("aside", lay.set_aside))
    return tuple(steps)


@dataclass(frozen=True)
class Dealt:
    hands: dict            # seat -> tuple of cards, in the order received
    centre_up: tuple
    centre_down: tuple
    set_aside: tuple


def deal(cut_pack: Sequence[Card], seats_in: Sequence[Seat], dealer: Seat,
         settings: BoonakenSettings = DEFAULT) -> Dealt:
    """Deal the cut pack (top card first) by `deal_steps`: every card lands in exactly one place."""
    cut_pack = tuple(cut_pack)
    if len(cut_pack) != PACK_SIZE or len(set(cut_pack)) != PACK_SIZE:
        raise DealError("the pack must be 32 different cards")
    hands: dict = {seat: () for seat in deal_order(seats_in, dealer)}
    places: dict = {"up": (), "down": (), "aside": ()}
    top = 0
    for step in deal_steps(seats_in, dealer, settings):
        cards, top = cut_pack[top:top + step.count], top + step.count
        if step.place == "hand":
            hands[step.seat] += cards
        else:
            places[step.place] += cards
    return Dealt(hands, places["up"], places["down"], places["aside"])
