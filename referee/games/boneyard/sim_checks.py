"""The Boneyard euchre simulator's invariants (mixed into `simulate.Simulator`):

* cards: the simulator's own record (`Truth`) has every one of the 25 cards in exactly one place,
  and the referee agrees: each seat's count and named cards, the played cards, the discard, the
  bones left; no card is placed twice by the referee;
* tricks: a round that is played has 5 tricks of 4 cards; a redeal has none;
* score: the round's points are `scoring.round_points` of the makers' tricks under the active
  modifiers, plus Strip Club's point for each trick a queen wins (`scoring.queen_point`), the
  team scores moved by exactly that, and the game ends as `scoring.game_winner` says;
* privacy: no seat (nor the public) is shown a card it may not see;
* replay: replaying a table's log rebuilds an equal state and equal views for every viewer.
"""

from __future__ import annotations

import json
import re
from collections import Counter

from ...cards import JOKER, SUIT_SYMBOLS, Card
from ...engine import view
from ...sim_tables import replay_fault
from .cards import PACK
from .ranking import Play
from .scoring import game_winner, queen_point, round_points

QUOTED_CODE = re.compile(r'"(?:([9TJQKA])([SHDC])|JK)"')
PRETTY = re.compile(r"(10|[9JQKA])([" + "".join(SUIT_SYMBOLS.values()) + r"])")
SYMBOL_SUIT = {v: k for k, v in SUIT_SYMBOLS.items()}
RANKS = {"J": 11, "Q": 12, "K": 13, "A": 14, "T": 10, "10": 10, "9": 9}


def cards_shown(value) -> set[Card]:
    """Every card a view names: codes ("KH", "JK") as values, pretty cards ("K♥") inside text."""
    text = json.dumps(value, ensure_ascii=False, default=str)
    found = {Card(RANKS[r], s) if r else JOKER for r, s in QUOTED_CODE.findall(text)}
    found.update(Card(RANKS[r], SYMBOL_SUIT[s]) for r, s in PRETTY.findall(text))
    return found


def where_cards_lie(shown: dict) -> dict:
    """A view less its "ranking": the order of the cards of trump and the led suit, which names every
    card of a suit and says nothing about where one lies."""
    game = dict(shown.get("boneyard-euchre") or {})
    game.pop("ranking", None)
    return dict(shown, **{"boneyard-euchre": game})


class Truth:
    """Where each card really is: "hand:S", "up" (the face-up bone), "down" (a face-down bone),
    "flipped", "discard", "penny", "trick" (played); and what each seat has seen."""

    def __init__(self, hands: dict[int, list[Card]], up: Card, down: list[Card]) -> None:
        self.place: dict[Card, str] = {}
        self.queue: dict[str, list[Card]] = {"up": [up], "down": list(down)}
        for seat, cards in hands.items():
            self.queue[f"hand:{seat}"] = list(cards)
        for where, cards in self.queue.items():
            for c in cards:
                self.place[c] = where
        self.seen: dict[int, set[Card]] = {s: set(c) for s, c in hands.items()}
        self.public: set[Card] = {up}

    def move(self, card: Card, where: str) -> None:
        self.place[card] = where
        if where.startswith("hand:"):
            self.seen[int(where[5:])].add(card)

    def at(self, where: str) -> list[Card]:
        return [c for c, p in self.place.items() if p == where]


class Checks:
    """Needs `state`, `truth`, `stats`, `violation` from the simulator."""

    def check_cards(self) -> None:
        truth, rnd = self.truth, self.state.hand
        if sorted(truth.place) != sorted(PACK) or len(truth.place) != 25:
            self.violation("cards", f"the simulator tracks {len(truth.place)} cards, not the 25 of the pack")
        places = Counter(truth.place.values())
        placed_by_referee: Counter = Counter()
        for seat in rnd.table:
            held = set(truth.at(f"hand:{seat}"))
            if rnd.holding(seat) != len(held):
                self.violation("cards", f"seat {seat} holds {len(held)} cards, the referee counts {rnd.holding(seat)}")
            if not rnd.known_holding(seat) <= held:
                wrong = sorted(c.code for c in rnd.known_holding(seat) - held)
                self.violation("cards", f"the referee places {wrong} in seat {seat}'s hand, which is not there")
            placed_by_referee.update(rnd.known_holding(seat))
        played = [c for t in rnd.tricks for _, c, _ in t.plays] + [c for _, c, _ in rnd.trick]
        placed_by_referee.update(played)
        # A Grave Robber card lies in a trick and in the robber's hand (or in two tricks, played again).
        robbed = Counter(self.robbed)
        if Counter(played) != Counter(truth.at("trick")) + robbed:
            self.violation("cards", "the referee's played cards are not the cards played")
        if rnd.discard is not None and not self.state.settings.discard_to_boneyard:
            placed_by_referee[rnd.discard] += 1
            if truth.place.get(rnd.discard) != "discard":
                self.violation("cards", f"the referee's discard {rnd.discard.code} is not the discard")
        if rnd.maker is not None and rnd.bones_left != places["down"]:
            self.violation("cards", f"{places['down']} face-down bones lie in the middle, the referee says {rnd.bones_left}")
        twice = sorted(c.code for c, n in (placed_by_referee - robbed).items() if n > 1)
        if twice:
            self.violation("cards", f"the referee places {twice} in two places at once")

    def check_round_over(self, scores_before: tuple[int, int]) -> None:
        rnd = self.state.hand
        if rnd.redeal:
            if rnd.tricks or rnd.trick:
                self.violation("tricks", f"a redealt round has {len(rnd.tricks)} tricks")
            if tuple(rnd.scores) != tuple(scores_before):
                self.violation("score", f"a redeal moved the score from {scores_before} to {rnd.scores}")
            return
        if len(rnd.tricks) != 5 or any(len(t.plays) != 4 for t in rnd.tricks):
            self.violation("tricks", f"the round has {len(rnd.tricks)} tricks of {[len(t.plays) for t in rnd.tricks]} cards")
            return
        self.stats.maker_tricks[rnd.maker_tricks()] += 1
        maker_team = rnd.team(rnd.maker)
        taken = sum(1 for t in rnd.tricks if rnd.team(t.winner) == maker_team)
        points = round_points(taken, rnd.rnd)
        expect = [0, 0]
        expect[maker_team] += points.makers
        expect[1 - maker_team] += points.defenders
        for t in rnd.tricks:
            seat, card, how = next(p for p in t.plays if p[0] == t.winner)
            queen = queen_point(Play(rnd.index(seat), card, fools_gold=how == "fools_gold"), rnd.rnd)
            expect[rnd.team(t.winner)] += queen
            self.stats.queen_points += queen
        if tuple(rnd.points) != tuple(expect):
            self.violation("score", f"the makers took {taken} tricks under {sorted(rnd.active)}: the points should "
                                    f"be {tuple(expect)}, the referee gave {tuple(rnd.points)}")
        moved = (rnd.scores[0] - scores_before[0], rnd.scores[1] - scores_before[1])
        if moved != tuple(rnd.points):
            self.violation("score", f"the round's points are {tuple(rnd.points)}, but the score moved by {moved}")
        winner = game_winner(rnd.scores, self.state.settings, maker_team)
        if rnd.winner != winner:
            self.violation("score", f"at {tuple(rnd.scores)} the winner is {winner}, the referee says {rnd.winner}")

    def check_privacy(self, viewers) -> None:
        rnd, truth = self.state.hand, self.truth
        public = (truth.public | set(truth.at("trick")) | set(truth.at("flipped")) | set(rnd.revealed.values())
                  | set(self.robbed))                   # a robbed card was seen in its trick
        if rnd.taken is not None:
            public.add(rnd.taken)
        if rnd.shown and rnd.maker is not None:
            public |= set(truth.at(f"hand:{rnd.partner(rnd.maker)}")) | self.dummy_cards
        for viewer in viewers:
            mine = truth.seen.get(viewer, set())
            if viewer is not None and viewer == rnd.maker:
                mine = mine | set(truth.at("discard"))
            leaked = cards_shown(where_cards_lie(view(self.state, viewer))) - public - mine
            if leaked:
                who = "the public" if viewer is None else f"seat {viewer}"
                where = sorted({truth.place[c] for c in leaked})
                self.violation("privacy", f"{who} is shown {sorted(c.code for c in leaked)}, which lie at {where}")

    def check_replay(self) -> None:
        self.stats.replays += 1
        fault = replay_fault(self.state)
        if fault is not None:
            self.violation("replay", fault)
