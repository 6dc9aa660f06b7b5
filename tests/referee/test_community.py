"""The deck runs short: with too few cards left for every player's last card, the last card is one
community card, face up in the centre, shared by all (setting community_card, on by default)."""

from __future__ import annotations

import pytest

from referee.cards import Card, deck52
from referee.engine import Refusal, apply
from referee.poker.evaluator import evaluate
from referee.events import CardDealt
from referee.ledger import balances
from referee.script import call_around, play
from referee.games.bonedoneskis.simulate import simulate

SEATS = 7


def _deal_to_last_street(game: str = "stud", settings: str = "") -> tuple:
    """Seven players in eight-card stud, everyone calling down to the last street: 49 cards out,
    3 left for 7 last cards. Returns (state, the cards not yet dealt)."""
    deck = list(deck52())
    seats = " ".join(str(s) for s in range(1, SEATS + 1))
    state, _ = play(f"open {game} {seats} cards=8 {settings}\nhand 1 dealer {SEATS}")
    i = 0

    def deal(cmd: str) -> None:
        nonlocal state, i
        line = f"{cmd} " + ", ".join(f"{s} {deck[i + n].code}" for n, s in enumerate(range(1, SEATS + 1)))
        i += SEATS
        state, _ = play(line, state)

    deal("down")
    deal("down")
    deal("up")
    state, _ = call_around(state)
    for _street in range(4, 8):
        deal("up")
        state, _ = call_around(state)
    return state, deck[i:]


def test_too_few_cards_for_every_last_card_makes_one_community_card():
    state, rest = _deal_to_last_street()
    assert state.hand.street == 8 and state.hand.dealt == 49
    assert state.hand.community_owed
    with pytest.raises(Refusal, match="one community card"):
        apply(state, CardDealt(1, rest[0], False, 8))
    with pytest.raises(Refusal, match="face up"):
        apply(state, CardDealt(None, None, False, 8))
    with pytest.raises(Refusal, match="already on the table"):
        apply(state, CardDealt(None, state.hand.boards[1].slots[0].card, True, 8))
    state, said = play(f"centre {rest[0].code}", state)
    assert state.hand.community == (rest[0],)
    assert all(len(state.hand.boards[s].slots) == 7 for s in range(1, SEATS + 1))
    assert any("Community card" in a.text for a in said)
    assert state.hand.phase == "betting"          # the last betting round comes after it
    with pytest.raises(Refusal):
        apply(state, CardDealt(None, rest[1], True, 8))  # only one community card
    state, said = call_around(state)
    assert state.hand.phase == "over"
    assert balances(state.transfer_list()).get("pot:main", 0) == 0   # the pot was paid out in full


def test_the_community_card_plays_in_every_hand_at_showdown():
    state, rest = _deal_to_last_street()
    boards = state.hand.boards
    # A community card that changes at least one hand (it does, for this deal).
    card = next(c for c in rest if any(evaluate([s.card for s in boards[x].slots] + [c]).key
                                       != evaluate([s.card for s in boards[x].slots]).key for x in boards))
    state, _ = play(f"centre {card.code}", state)
    state, said = call_around(state)
    for seat, board in boards.items():
        value = evaluate([s.card for s in board.slots] + [card])
        assert any(a.text == f"Seat {seat}: {value.name}." for a in said), seat


def test_setting_off_deals_each_last_card_as_before():
    state, rest = _deal_to_last_street(settings="community_card=false")
    assert not state.hand.community_owed
    state, _ = play(f"down 1 {rest[0].code}", state)
    assert len(state.hand.boards[1].slots) == 8
    with pytest.raises(Refusal, match="no cards to the centre"):
        play(f"centre {rest[1].code}", state)


def test_no_centre_card_while_every_player_can_have_a_last_card():
    state, _ = play("open stud 1 2 3\nhand 1 dealer 3\ndown 1 2C, 2 3C, 3 4C")
    with pytest.raises(Refusal, match="no cards to the centre"):
        play("centre 5C", state)


def test_the_simulator_plays_short_decks_out_with_a_community_card():
    stats = simulate(4, 8, 6)   # seed 6: the second hand runs the deck short
    assert stats.community >= 1 and stats.violations == [] and stats.replays == 1


def test_a_community_seven_is_wild_for_everyone_but_shows_no_one_first():
    from referee.games.bonedoneskis import powers
    from referee.games.bonedoneskis.settings import BonedoneskisSettings
    from referee.games.bonedoneskis.hand import BonedoneskisHand as Hand
    from referee.games.stud_state import SeatHand, Slot

    settings = BonedoneskisSettings()
    slots = tuple(Slot(Card.parse(c), up, 3, i) for i, (c, up) in
                  enumerate([("KS", False), ("KD", False), ("QC", True), ("TD", True), ("5H", True), ("9C", False)]))
    hand = Hand(number=1, dealer=1, order=(1,), boards={1: SeatHand(1, slots)}, final_street=6,
                community=(Card.parse("7C"),))
    value = powers.evaluate_seat(hand, settings, 1, up_only=False)
    assert value.key == (4, 13)                 # K Q T 9 and the wild 7 as a Jack: a straight
    alone = powers.evaluate_seat(Hand(number=1, dealer=1, order=(1,), boards={1: SeatHand(1, slots)},
                                      final_street=6), settings, 1, up_only=False)
    assert alone.key[0] == 1                    # without it: a pair of Kings
    showing = powers.evaluate_seat(hand, settings, 1, up_only=True)
    assert showing.key[0] == 0                  # Q T 5 showing: the centre card is not one of them
    notes = powers.showdown_notes(hand, settings, 1, value)
    assert any(rule == "sevens" and "7♣" in text for rule, text in notes), notes
