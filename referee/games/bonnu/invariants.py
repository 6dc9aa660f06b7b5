"""The Bonnu simulator's invariants, checked against the cards the simulator really dealt (`Truth`):

* all 110 cards accounted for: the hands, the pile and the draw pile hold the deck once each, and
  the referee's counts (each hand, the pile, the draw pile) are the real ones;
* hand counts never go negative;
* each score is the sum of the cards left in hand (Bonnu 100; the winner 0), each total the sum
  of the round scores, and in the simple game the winner's rounds won go up by one;
* the replay of a table's log gives the identical state (every viewer's view).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ...sim_tables import replay_fault
from .deck import DECK, hand_total, missing_or_extra


@dataclass
class Truth:
    """Where every card really is: each hand, the pile (top last) and the draw pile (top last)."""
    hands: dict[int, list] = field(default_factory=dict)
    pile: list = field(default_factory=list)
    stock: list = field(default_factory=list)

    @classmethod
    def shuffled(cls, seats, rng: random.Random) -> "Truth":
        stock = list(DECK)
        rng.shuffle(stock)
        return cls({s: [] for s in seats}, [], stock)

    def draw(self, rng: random.Random, reshuffle: bool = True):
        """The card a draw takes now (None: none left), the pile under its top reshuffled if need be."""
        if not self.stock and len(self.pile) > 1 and reshuffle:
            self.stock, self.pile = self.pile[:-1], self.pile[-1:]
            rng.shuffle(self.stock)
        return self.stock[-1] if self.stock else None

    def take(self, seat: int, card) -> None:
        if self.stock and self.stock[-1] is card:       # the top card, as dealt and drawn
            self.stock.pop()
        else:
            self.stock.remove(card)
        self.hands[seat].append(card)

    def lay(self, seat: int, cards) -> None:
        for c in cards:
            self.hands[seat].remove(c)
        self.pile.extend(cards)


class Checks:
    """Mixed into the simulator: `self.state`, `self.truth`, `self.violation(kind, what)`."""

    def check_cards(self) -> None:
        rnd, truth = self.state.hand, self.truth
        if rnd is None or rnd.phase in ("opening", "dealing") and not rnd.dealt:
            return
        wrong = missing_or_extra([c for h in truth.hands.values() for c in h] + truth.pile + truth.stock)
        if wrong:
            self.violation("cards", f"the table's cards are not the deck: {wrong}")
        for seat in rnd.table:
            if rnd.holding(seat) < 0:
                self.violation("negative", f"seat {seat} holds {rnd.holding(seat)} cards")
            if rnd.holding(seat) != len(truth.hands[seat]):
                self.violation("count", f"seat {seat}: the referee counts {rnd.holding(seat)} cards, the hand holds "
                                        f"{len(truth.hands[seat])}")
        if list(rnd.pile) != truth.pile or (rnd.phase == "play" and rnd.stock != len(truth.stock)):
            self.violation("pile", f"the referee's pile {len(rnd.pile)} / draw pile {rnd.stock}, really "
                                   f"{len(truth.pile)} / {len(truth.stock)}")

    def check_scores(self, before: dict[str, int]) -> None:
        """After a round: Bonnu 100 scores are the cards left in hand; simple: one more round won."""
        st, rnd = self.state, self.state.hand
        if rnd.winner is None:
            return
        for seat in rnd.table:
            key = f"seat:{seat}"
            was = 0 if self.new_game else before.get(key, 0)
            if st.settings.scoring == "bonnu100":
                left = 0 if seat == rnd.winner else hand_total(self.truth.hands[seat])
                if rnd.points.get(seat) != left or st.scores[key] != was + left:
                    self.violation("score", f"seat {seat} scored {rnd.points.get(seat)} (total {st.scores[key]}); "
                                            f"the hand left holds {left} (total was {was})")
            elif st.scores[key] != was + (seat == rnd.winner):
                self.violation("score", f"seat {seat} has {st.scores[key]} rounds won, was {was}")

    def check_replay(self) -> None:
        self.stats.replays += 1
        fault = replay_fault(self.state)
        if fault is not None:
            self.violation("replay", fault)
