"""A new game needs no change to the core: a tiny trick game written here, against the core
alone (Game, Deal, Work, Rule, Option, the registry and the door), two players, three cards each,
follow suit, with one rule that overrides a query (the lowest card wins the trick) and one
first-come shout ("last trick!", open to both seats).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from referee import registry
from referee.announcements import Kind
from referee.cards import Card
from referee.engine import HOST, Refusal, apply, options, replay, view
from referee.events import CardDealt, CardPlayed, Decision, HandStarted, Shout, TableOpened, Undo
from referee.game import Game
from referee.options import Option
from referee.rules import Rule, Setting
from referee.settings import Settings
from referee.state import Deal


@dataclass(frozen=True)
class ToySettings(Settings):
    max_seats: int = 2
    low_wins: bool = False


@dataclass(kw_only=True)
class TrickDeal(Deal):
    hands: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    trick: tuple[tuple[int, Card], ...] = ()
    tricks: dict[int, int] = field(default_factory=dict)
    leader: int = 0

    def clone(self):
        new = super().clone()
        new.hands, new.tricks = dict(self.hands), dict(self.tricks)
        return new


def _low_wins(game, state, value, trick):
    """The overriding rule: with low_wins set, the lowest card of the suit led takes the trick."""
    if not state.settings.low_wins:
        return value
    led = trick[0][1].suit
    return min((c.rank, s) for s, c in trick if c.suit == led)[1]


def _shout_decide(game, w, pending, event):
    w.say(f"Seat {event.seat} called it first.", rule="last-trick", seats=(event.seat,))
    w.state.scores[f"seat:{event.seat}"] = w.state.scores.get(f"seat:{event.seat}", 0) + 1


LOW = Rule("low-wins", "Low wins", "toy", "The lowest card of the suit led wins.", "test", "every trick",
           "reverses the ranking", settings=(Setting("low_wins", False, "low cards win"),),
           queries={"trick_winner": _low_wins})
SHOUT = Rule("last-trick", "Last trick!", "toy", "Before the last trick, the first to shout scores.", "test",
             "two cards left each", "a point to the first shout", hooks={"decide": _shout_decide})


class Toy(Game):
    id = "toy-tricks"
    name = "Toy tricks"
    settings_class = ToySettings
    rules = (LOW, SHOUT)
    handlers = {CardDealt: "deal", CardPlayed: "play", Shout: "shout"}

    def new_deal(self, w, event, order):
        return TrickDeal(number=event.hand, dealer=event.dealer, order=order, hands={s: () for s in order},
                         tricks={s: 0 for s in order}, leader=order[0])

    def deal(self, w, event):
        hand = w.hand
        if hand.phase != "dealing" or len(hand.hands.get(event.seat, (1, 2, 3))) >= 3:
            raise Refusal(f"seat {event.seat} has its three cards")
        hand.hands[event.seat] += (event.card,)
        if all(len(h) == 3 for h in hand.hands.values()):
            hand.phase = "playing"

    def to_play(self, hand) -> int:
        order = hand.order
        return order[(order.index(hand.leader) + len(hand.trick)) % len(order)]

    def legal(self, hand, seat) -> tuple[Card, ...]:
        mine = hand.hands[seat]
        if hand.trick:
            follow = tuple(c for c in mine if c.suit == hand.trick[0][1].suit)
            return follow or mine
        return mine

    def play(self, w, event):
        hand = w.hand
        if hand.phase != "playing" or event.seat != self.to_play(hand):
            raise Refusal(f"it is not seat {event.seat}'s turn to play")
        if event.card not in self.legal(hand, event.seat):
            raise Refusal(f"seat {event.seat} must follow suit")
        hand.hands[event.seat] = tuple(c for c in hand.hands[event.seat] if c != event.card)
        hand.trick += ((event.seat, event.card),)
        if len(hand.trick) < len(hand.order):
            return
        led = hand.trick[0][1].suit
        natural = max((c.rank, s) for s, c in hand.trick if c.suit == led)[1]
        winner = self.query("trick_winner", natural, w.state, hand.trick)
        hand.tricks[winner] += 1
        hand.leader, hand.trick = winner, ()
        w.say(f"Seat {winner} takes the trick.", seats=(winner,))
        if len(hand.hands[winner]) == 1:
            w.ask(None, "last-trick", "Last trick! First to shout scores.", ("shout",), kind=Kind.OPTION,
                  open_to=hand.order, lapses="card")
        if not any(hand.hands.values()):
            hand.phase = "over"
            w.say("Hand over.", kind=Kind.HAND_OVER)

    def shout(self, w, event):
        self.decide(w, Decision(event.seat, "last-trick", "shout"))

    def options(self, state, seat):
        out = super().options(state, seat)
        hand = state.hand
        if hand is not None and hand.phase == "playing" and seat == self.to_play(hand):
            out += [Option("play", seat, f"Play {c.pretty}", CardPlayed(seat, c)) for c in self.legal(hand, seat)]
        if hand is not None and seat is not None:
            out += [Option("shout", seat, "Shout", Shout(seat, "last")) for p in hand.pending if p.answerable_by(seat)]
        return out

    def view(self, state, viewer):
        out = super().view(state, viewer)
        hand = state.hand
        if hand is not None:
            out["hand"]["cards"] = {s: [c.code if viewer in (s, HOST) else None for c in cards]
                                    for s, cards in hand.hands.items()}
        return out


@pytest.fixture(autouse=True)
def toy_registered():
    registry.register(Toy())
    yield
    registry.unregister(Toy.id)


DEAL = [CardDealt(1, Card.parse(c), False) for c in ("AS", "2S", "KH")] + \
       [CardDealt(2, Card.parse(c), False) for c in ("9S", "3H", "QH")]


def table(**settings):
    state, _ = replay([TableOpened("toy-tricks", (1, 2), settings), HandStarted(1, 2), *DEAL])
    return state


def play_out(state):
    """Play by drawing every move from options(): the first legal card of whoever is to play."""
    while state.hand.phase != "over":
        seat = next(s for s in state.seats if any(o.action == "play" for o in options(state, s)))
        move = next(o for o in options(state, seat) if o.action == "play")
        state, _ = apply(state, move.event)
    return state


def test_the_core_runs_a_trick_game_it_has_never_heard_of():
    state = table()
    assert [o.label for o in options(state, 1)] == ["Play A♠", "Play 2♠", "Play K♥"]
    state, _ = apply(state, CardPlayed(1, Card.parse("AS")))
    with pytest.raises(Refusal, match="must follow suit"):
        apply(state, CardPlayed(2, Card.parse("3H")))
    assert [o.label for o in options(state, 2)] == ["Play 9♠"]
    state = play_out(state)
    assert state.hand.tricks == {1: 3, 2: 0}


def test_one_rule_overrides_the_trick_winner_query():
    state, said = apply(table(low_wins=True), CardPlayed(1, Card.parse("AS")))
    state, said = apply(state, CardPlayed(2, Card.parse("9S")))
    assert said[0].text == "Seat 2 takes the trick."
    assert play_out(state).hand.tricks == {1: 0, 2: 3}


def test_a_shout_goes_to_whoever_is_first_and_views_hide_other_hands():
    state = table()
    for seat, card in ((1, "AS"), (2, "9S"), (1, "2S"), (2, "3H")):
        state, said = apply(state, CardPlayed(seat, Card.parse(card)))
    shout = state.pending()[0]
    assert shout.open_to == (1, 2) and said[-1].seats == (1, 2)
    assert [o.action for o in options(state, 2)] == ["shout"]  # seat 1 leads, but may shout too
    assert [o.action for o in options(state, 1)] == ["play", "shout"]
    state, said = apply(state, Shout(2, "last"))
    assert said[0].text == "Seat 2 called it first." and state.scores == {"seat:2": 1}
    with pytest.raises(Refusal, match="no last-trick decision"):
        apply(state, Shout(1, "last"))
    assert view(state, 1)["hand"]["cards"] == {1: ["KH"], 2: [None]}
    assert view(state, None)["hand"]["cards"] == {1: [None], 2: [None]}
    # undo works on a game the core does not know either
    undone, _ = apply(state, Undo(state.seq, "shouted too early"))
    assert undone.scores == {} and undone.pending()[0].id == shout.id
