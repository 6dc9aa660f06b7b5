"""The invariants the Bonedoneskis simulator checks after every accepted event: money (the ledger
sums to zero, the pots hold what the hand says), cards (none in two places, the deck and the war
deck accounted for), decisions (known rules, seats still in, the seat to act able to act) and
replay (the table's log rebuilds the same state)."""

from __future__ import annotations

from collections import Counter

from ...cards import Card, deck52
from ...engine import replay
from ...events import CardDealt, CardExposed, HandShown
from ...ledger import pot_account
from ...money import ZERO
from .catalog import RULES_BY_ID

MAIN, WAR = pot_account("main"), pot_account("war")
DECK = frozenset(deck52())


class Invariants:
    """Mixed into the simulator: it keeps `state`, `deck`, `war_deck`, `unseen`, `balances`."""

    def track_cards(self) -> None:
        """Keep the simulator's decks and unseen pool in step with the accepted event."""
        event = self.state.log.last()
        if isinstance(event, CardDealt):
            if event.deck == "war":
                self.war_deck.remove(event.card)
                return
            physical = self.deck.pop()
            if event.card is None:
                self.unseen.append(physical)
            elif event.card != physical:
                self.violation("deck", f"{event.card} was dealt but {physical} was on top")
        elif isinstance(event, CardExposed):
            if event.card in self.unseen:
                self.unseen.remove(event.card)
        elif isinstance(event, HandShown):
            for c in event.cards:
                if c in self.unseen:
                    self.unseen.remove(c)

    def check_state(self) -> None:
        st = self.state
        hand = st.hand
        self.track_cards()
        for t in st.transfers.since(self.ledger_seen):
            self.balances[t.payer] = self.balances.get(t.payer, ZERO) - t.amount
            self.balances[t.payee] = self.balances.get(t.payee, ZERO) + t.amount
        self.ledger_seen = len(st.transfers)
        if not self.check:
            return
        # money
        if sum(self.balances.values(), ZERO) != ZERO:
            self.violation("money", f"the ledger does not sum to zero: {self.balances}")
        main, war = self.balances.get(MAIN, ZERO), self.balances.get(WAR, ZERO)
        if hand.phase == "over":
            if main != ZERO or war != ZERO:
                self.violation("money left in a pot", f"after the hand: main {main}, war {war}")
        elif main != st.pot_total():
            self.violation("main pot", f"the main pot account holds {main}, antes+bets+fees are {st.pot_total()}")
        if not hand.war and war != ZERO and hand.phase != "over":
            self.violation("war pot", f"the war pot holds {war} with no war on")
        # cards
        seen: list[Card] = list(hand.discards) + list(hand.community)
        unseen_slots = 0
        for board in hand.boards.values():
            for slot in board.slots:
                if slot.card is None:
                    unseen_slots += 1
                else:
                    seen.append(slot.card)
        distinct = set(seen)
        if len(distinct) != len(seen):
            self.violation("card in two places", f"{[c.code for c, k in Counter(seen).items() if k > 1]}")
        if unseen_slots != len(self.unseen):
            self.violation("unseen cards", f"{unseen_slots} unseen hole cards on the boards, "
                                           f"{len(self.unseen)} dealt unseen")
        everything = distinct.union(self.unseen, self.deck)
        if len(everything) != 52 or len(seen) + len(self.unseen) + len(self.deck) != 52 or everything != DECK:
            self.violation("deck", f"not accounted for: missing {[c.code for c in DECK - everything]}, "
                                   f"{len(seen)} seen + {len(self.unseen)} unseen + {len(self.deck)} in the deck")
        if len(hand.side_cards) != self.war_dealt:
            self.war_dealt = len(hand.side_cards)
            war_cards = [c for d, _, c in hand.side_cards if d == "war"]
            if len(war_cards) + len(self.war_deck) != 52 or DECK != set(war_cards).union(self.war_deck):
                self.violation("war deck", "the war deck is not accounted for")
        # decisions and turns
        for p in hand.pending:
            if p.rule not in RULES_BY_ID:
                self.violation("unknown rule", f"a pending decision for rule {p.rule!r}")
            if p.seat is not None and (p.seat not in hand.boards or hand.boards[p.seat].folded):
                self.violation("pending for a seat out", f"{p.rule} waits for seat {p.seat}, which is out")
        if hand.phase == "betting":
            b = hand.betting
            if b is None:
                self.violation("betting", "a betting phase without a betting round")
            elif b.to_act is not None and (b.to_act not in hand.live or hand.boards[b.to_act].all_in) \
                    and not any(p.blocks for p in hand.pending):
                self.violation("turn", f"seat {b.to_act} is to act but is out or all in")

    def check_replay(self) -> None:
        if not self.check:
            return
        self.stats.replays += 1
        rebuilt, _ = replay(self.state.log.to_tuple())
        if rebuilt != self.state:
            diffs = [name for name in ("game", "settings", "seats", "log", "undone", "transfers",
                                       "next_announcement", "next_decision", "hands_played", "hand")
                     if getattr(rebuilt, name) != getattr(self.state, name)]
            self.violation("replay", f"replaying the log does not rebuild the state (differs in {', '.join(diffs)})")
