"""What a stud table offers and shows: `options(state, seat)` (the bets, the answers to the
decisions a seat is asked, the cards the dealer deals next) and `view(state, viewer)` (each
board as that viewer may see it: a hole card is seen by its owner, and by everyone once shown).

Rules add to both through queries: "targets" (which cards a choice may name), "answers" (moves
that answer a decision other than a choice: a card turned up), "table_moves" (moves the dealer
enters for a decision: hole cards swapped at random), "deal_face"
(whether the next card to a seat comes up) and "betting_options" (a forced bet).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..events import AllIn, CardDealt, Decision, Fold, HandShown
from ..game import HOST, Game
from ..money import fmt
from ..options import Option
from ..poker import betting as bet
from ..state import State, evolve
from .stud_state import Hand, Slot

# Answers that turn a rule down: they cost nothing and name no card.
DECLINE = frozenset({"fold", "pass", "keep", "not-performed"})


class StudOptions:
    # (rule, choice) -> fn(state, pending) -> the button's words; games with house rules fill it in
    choice_labels: dict = {}

    # ---------------------------------------------------------------------- options
    def options(self, state: State, seat: int | None) -> list[Option]:
        out = Game.options(self, state, seat)
        hand: Hand | None = state.hand
        if hand is None or hand.phase == "over":
            if hand is not None and seat is not None:
                out += self._show_after(hand, seat)
            return out
        for p in hand.pending:
            if p.answerable_by(seat):
                out += [self.as_seen_by(hand, seat, o) for o in self.answers(state, p, seat)]
            if seat is None:
                out += self.query("table_moves", [], state, p)
        if seat is None:
            out += self.deals(state)
        elif not state.settings.bets_tracked:
            if seat in hand.live:  # bets not tracked: a fold is the only betting action entered
                out.append(Option("fold", seat, FOLD_WORDS, Fold(seat)))
        elif hand.phase == "betting" and hand.betting is not None and hand.betting.to_act == seat \
                and self.blocking(hand, "betting") is None and seat in hand.live:
            out += self._bets(state, seat)
        return out

    def answers(self, state: State, p, seat: int | None) -> list[Option]:
        """The moves that answer pending decision `p`: one per choice, and the rules' own."""
        out = []
        for choice in p.choices:
            targets = self.query("targets", None, state, p, choice)
            if targets is not None and not targets:
                continue  # a choice that must name a card, and no card may be named
            label = self.choice_label(state, p, choice)
            out.append(Option("decide", seat, label, Decision(seat, p.rule, choice, decision=p.id), rule=p.rule,
                              cost=p.amount if choice not in DECLINE else None, decision=p.id,
                              needs=("target",) if targets else (), targets=tuple(targets or ())))
        if p.rule == "showdown":
            board = state.hand.boards[p.seat]
            known = tuple(s.card for s in board.down_slots if s.card is not None)
            unseen = any(s.card is None for s in board.down_slots)
            out.append(Option("show", seat, "Show your hole cards", HandShown(p.seat, known), rule="showdown",
                              needs=("cards",) if unseen else (), decision=p.id))
        return out + self.query("answers", [], state, p, seat)

    def choice_label(self, state: State, p, choice: str) -> str:
        """The button's words for answering `p` with `choice`: the game's own words for it when it
        has them (`choice_labels`), else the choice with what it costs ("Pay $2.50")."""
        words = self.choice_labels.get((p.rule, choice))
        if words is not None:
            return words(state, p)
        return choice.replace('-', ' ').capitalize() + (f" {fmt(p.amount)}" if p.amount and choice not in DECLINE else "")

    def as_seen_by(self, hand: Hand, seat: int | None, option: Option) -> Option:
        """An option names only cards its seat may see: a card it may point at that it cannot see
        (another seat's hole card, for the Queen of Hearts) is named by its seat alone."""
        if seat is None or not option.targets:
            return option
        hidden = {(s, slot.card) for s, board in hand.boards.items() for slot in board.slots
                  if not self.sees(hand, s, slot, seat)}
        targets = tuple(dict.fromkeys((s, None if (s, c) in hidden else c) for s, c in option.targets))
        return option if targets == option.targets else replace(option, targets=targets)

    def _bets(self, state: State, seat: int) -> list[Option]:
        b, settings = state.hand.betting, state.settings
        out = []
        for name in self.betting_options(state, seat):
            event = bet.EVENTS[name](seat)
            amount, after = bet.cost(b, event, settings.bring_in, settings.max_raises)
            out.append(Option(name, seat, bet_words(name, amount, after.level), event, cost=amount))
        if out:
            out.append(Option("all_in", seat, "All in (put in all you have left)", AllIn(seat, b.size),
                              needs=("amount",)))
        return out

    def deals(self, state: State) -> list[Option]:
        """The cards the dealer may deal next: a replacement owed, a community card owed, or the
        next card of the street to each seat still short of it."""
        hand: Hand = state.hand
        if hand.replacement_owed:
            seat = hand.replacement_owed[0][0]
            return [_deal(seat, None, True, "replacement")]
        side = self.query("side_deals", [], state)
        if side or hand.phase != "dealing":
            return side
        if hand.community_owed:
            return [Option("deal", None, "Deal the community card, face up", blank_deal(None, hand.street, True),
                           needs=("card",))]
        target = self.street_target(hand.street)
        out = []
        for seat in hand.live:
            got = self.received(hand, seat)
            if got < target:
                up = self.query("deal_face", self.usual_face(hand, got), state, seat)
                out.append(_deal(seat, hand.street, up, ""))
        return out

    def usual_face(self, hand: Hand, got: int) -> bool:
        """Third street: two down, one up; then up until the last card, which comes down."""
        if hand.street == 3:
            return got == 2
        return hand.street < hand.final_street

    def _show_after(self, hand: Hand, seat: int) -> list[Option]:
        board = hand.boards.get(seat)
        if board is None or board.folded:
            return []
        downs = board.down_slots
        if not downs or any(s.card is None for s in downs) or all("shown" in s.tags for s in downs):
            return []
        return [Option("show", seat, "Show your hole cards", HandShown(seat, tuple(s.card for s in downs)))]

    # ------------------------------------------------------------------------- view
    def view(self, state: State, viewer: int | str | None) -> dict[str, Any]:
        out = Game.view(self, state, viewer)
        hand: Hand | None = state.hand
        if hand is None:
            return out
        b = hand.betting
        out["hand"].update({
            "street": hand.street, "final_street": hand.final_street, "pot": str(hand.pot_total()),
            "community": [c.code for c in hand.community],
            "betting": None if b is None else {"to_act": b.to_act, "level": str(b.level), "size": str(b.size),
                                               "bring_in": b.bring_in, "put": {s: str(a) for s, a in b.put}},
            "boards": {seat: {"folded": board.folded, "all_in": board.all_in,
                              "cards": [_card_view(slot, self.sees(hand, seat, slot, viewer)) for slot in board.slots]}
                       for seat, board in hand.boards.items()},
        })
        return out

    def sees(self, hand: Hand, seat: int, slot: Slot, viewer: int | str | None) -> bool:
        """A face-up card is seen by all; a hole card by its owner and the host, and by everyone
        once shown (at showdown, or by its owner's choice after the hand)."""
        return slot.up or "shown" in slot.tags or viewer == seat or viewer == HOST


FOLD_WORDS = "Fold (give up the hand)"


def bet_words(name: str, amount, level) -> str:
    """A bet's button: what it does and what it puts in ("Raise to $2.00 (puts in $1.50)")."""
    if name == "raise" or name == "complete":
        verb = "Raise" if name == "raise" else "Complete"
        return f"{verb} to {fmt(level)}" + (f" (puts in {fmt(amount)})" if amount != level else "")
    return {"bring_in": f"Bring in for {fmt(amount)}", "check": "Check (pay nothing)", "bet": f"Bet {fmt(amount)}",
            "call": f"Call {fmt(amount)}", "fold": FOLD_WORDS}[name]


def _card_view(slot: Slot, visible: bool) -> dict[str, Any]:
    return {"card": slot.card.code if visible and slot.card is not None else None, "up": slot.up,
            "street": slot.street, "tags": sorted(t for t in slot.tags if ":" not in t) if visible else []}


def blank_deal(seat: int | None, street: int | None, up: bool, deck: str = "main") -> CardDealt:
    """A deal with its card still to be named: a face-up CardDealt without a card is refused when
    made, so the blank is made without that check; `Option.fill(card=...)` makes the real event."""
    return evolve(CardDealt(seat, None, False, street, deck), up=up)


def _deal(seat: int, street: int | None, up: bool, rule: str) -> Option:
    face = "face up" if up else "face down (name it if you know it)"
    return Option("deal", None, f"Deal seat {seat} a card, {face}", blank_deal(seat, street, up), rule=rule,
                  needs=("card",))
