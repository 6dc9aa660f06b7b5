"""The random-hand simulator: a few hundred random Bonedoneskis hands at several table sizes keep
every invariant (money, cards, decisions, replay); the checker itself catches planted bugs; and the
referee bugs the simulator found stay fixed."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from referee.cards import parse_cards
from referee.engine import Refusal
from referee.games.stud import StudGame
from referee.ledger import balances
from referee.script import play
from referee.games.bonedoneskis.simulate import simulate

# ~300 hands in all; one replay of each table's log at the end of the run.
SIZES = [(4, 100), (5, 80), (6, 70), (7, 50)]


@pytest.fixture(scope="module")
def runs():
    return {seats: simulate(hands, seats, seed=1000 + seats, replay_every=hands) for seats, hands in SIZES}


@pytest.mark.parametrize("seats,hands", SIZES)
def test_random_hands_keep_every_invariant(runs, seats, hands):
    stats = runs[seats]
    assert stats.violations == []
    assert stats.hands == hands and stats.stuck == 0
    assert stats.replays == 1
    assert stats.showdowns + stats.fold_outs + stats.bonedoneskis + stats.deck_out == hands
    assert stats.showdowns > hands // 3           # hands really are played out
    assert stats.events > 40 * hands


def test_random_hands_reach_the_house_rules(runs):
    from referee.games.bonedoneskis.catalog import HOUSE_RULES
    fired = {r for stats in runs.values() for r, n in stats.rules.items() if n}
    missing = {r.id for r in HOUSE_RULES} - fired
    assert len(missing) <= 3, missing   # the rarest (River King, Stone Cold Nuts...) may not come up


def test_the_run_depends_only_on_the_seed():
    a, b = simulate(6, 5, 7), simulate(6, 5, random.Random(7))
    assert (a.events, a.refused, a.rules, a.showdowns) == (b.events, b.refused, b.rules, b.showdowns)
    c = simulate(6, 5, 8)
    assert (c.events, c.rules) != (a.events, a.rules)


# ------------------------------------------------------------------ the checker can fail
def test_a_pot_that_keeps_a_cent_is_caught(monkeypatch):
    real = StudGame.pay_out

    def skim(self, w, winnings, **kw):  # the first winner is paid a cent short
        winnings = dict(winnings)
        first = min(s for s, amount in winnings.items() if amount)
        winnings[first] -= Decimal("0.01")
        return real(self, w, winnings, **kw)

    monkeypatch.setattr(StudGame, "pay_out", skim)
    stats = simulate(3, 4, 1)
    assert stats.kinds()["money left in a pot"] >= 1


def test_a_lost_replacement_card_is_caught(monkeypatch):
    def lose(self, w, event):  # takes the owed card off the books but never puts it on the board
        hand = w.hand
        hand.replacement_owed = tuple(o for o in hand.replacement_owed if o[0] != event.seat)
        hand.pending = tuple(p for p in hand.pending if p.rule != "replacement")
        hand.dealt += 1
        self.after_decision(w)

    monkeypatch.setattr(StudGame, "deal_replacement", lose)
    stats = simulate(6, 6, 2)
    assert stats.kinds()["deck"] >= 1


# ------------------------------------------------------------- bugs the simulator found
ALL_IN = """
open bonedoneskis 1 2
hand 1 dealer 2
down 1 8C, 2 9C
down 1 QC, 2 TC
up 1 KD, 2 5C
bring_in 2; allin 1 0.50           # seat 1 all in: from now on nobody bets against seat 2
up 1 KH, 2 2H                      # 2H must be traded; seat 1 (pair of kings) opens, but is all in
"""


def test_an_all_in_round_still_waits_for_an_obligation():
    state, anns = play(ALL_IN)
    hand = state.hand
    assert hand.phase == "betting" and hand.betting.to_act is None
    assert [(p.rule, p.seat) for p in hand.pending] == [("trade-cards", 2)]
    with pytest.raises(Refusal, match="being bet"):
        play("up 1 QD", state)
    state, anns = play("decide 2 trade-cards trade seat=1 card=KH", state)
    assert state.hand.street == 5 and state.hand.phase == "dealing"
    assert [a.text for a in anns][-1] == "Betting done. Deal street 5."


def test_an_option_of_an_unbet_round_lapses_at_the_next_card():
    state, _ = play(ALL_IN + "decide 2 trade-cards trade seat=1 card=KH\nup 1 AH, 2 3C")
    assert state.hand.street == 6                  # seat 1 (ace high) opens, is all in: no betting
    assert [(p.rule, p.seat) for p in state.hand.pending] == [("threes", 2)]
    state, anns = play("down 1 ?", state)
    assert any(a.rule == "threes" and a.text.startswith("Lapsed") for a in anns)
    with pytest.raises(Refusal, match="no threes decision"):
        play("decide 2 threes sell", state)
    state, anns = play("down 2 ?\nshow 1 8C QC 4D\nshow 2 9C TC 4S", state)
    assert state.hand.phase == "over"
    net = balances(state.transfer_list())
    assert net["pot:main"] == 0 and net["seat:1"] + net["seat:2"] == 0


def test_to_act_is_right_before_the_first_chip():
    # Seat 2 brings in with the 3, sells it and gets a King: the bring-in moves to seat 1 at once.
    state, anns = play("""
open bonedoneskis 1 2 3
hand 1 dealer 3
down 1 8C, 2 9C, 3 TC
down 1 QC, 2 TD, 3 9H
up 1 5D, 2 3H, 3 QD
decide 2 threes sell
up 2 KH
""")
    assert state.hand.betting.to_act == 1
    assert anns[-1].text == "After the changes on the board, seat 1 has the lowest card and brings in."


def test_a_replacement_trade_card_with_nothing_to_trade_for_does_not_block():
    # The 2H replaces a sold 3 after the street is dealt; the only other third-street up card was
    # turned face down by the 4-tician: there is nothing to trade for, so betting goes on.
    state, anns = play("""
open bonedoneskis 1 2
hand 1 dealer 2
down 1 8C, 2 9C
down 1 QC, 2 TC
up 1 3C, 2 4H
decide 2 four-tician turn-down seat=2 card=4H
decide 1 threes sell
up 1 2H
""")
    assert state.hand.pending == ()
    assert any(a.rule == "trade-cards" and "no trade" in a.text for a in anns)
    state, _ = play("bring_in 1", state)
    assert state.hand.betting.to_act == 2


def test_the_seat_to_act_folding_on_a_house_rule_passes_the_turn():
    # Seat 2 is all in, so seat 3 is to act; seat 3 then folds rather than pay for a black Jack
    # turned up by the Queen of Hearts. Nobody is left to bet against seat 1: on to fifth street.
    state, anns = play("""
open bonedoneskis 1 2 3
hand 1 dealer 3
down 1 8C, 2 9C, 3 JS
down 1 QC, 2 TC, 3 2D
up 1 5C, 2 9H, 3 KD
bring_in 1; allin 2 0.50; call 3
up 1 QH, 2 AH, 3 8D
""")
    assert state.hand.betting.to_act == 3
    state, anns = play("decide 1 queen-of-hearts pick seat=3 card=JS\nexpose 3 JS\ndecide 3 black-jack fold",
                       state)
    assert (state.hand.phase, state.hand.street) == ("dealing", 5)
    assert anns[-1].text == "Betting done. Deal street 5."


def test_the_fast_path_for_plain_boards_judges_like_the_full_rules():
    # powers._evaluate skips the house-rule units for boards of plain cards; it must agree.
    from referee.cards import deck52
    from referee.poker.evaluator import evaluate
    from referee.games.bonedoneskis import powers
    from referee.games.bonedoneskis.settings import BonedoneskisSettings
    from referee.games.stud_state import Slot
    settings, rng, deck = BonedoneskisSettings(), random.Random(5), list(deck52())
    tags = [(), ("activated",), ("schizo:5",), ("schizo:3",), ("was_down",)]
    for _ in range(600):
        cards = rng.sample(deck, rng.randint(1, 8))
        slots = tuple(Slot(c, rng.random() < .6, rng.choice((3, 4, 5, 6)), i, frozenset(rng.choice(tags)))
                      for i, c in enumerate(cards))
        full = evaluate(powers._units(slots, (), settings), top_hands=powers.STONE_COLD_NUTS)
        assert powers._evaluate.__wrapped__(slots, (), settings, True).key == full.key, cards
    nuts = tuple(Slot(c, True, 3, i) for i, c in enumerate(parse_cards("2S 2H 2D 5S 5H")))
    assert powers._evaluate.__wrapped__(nuts, (), settings, True).name == "Stone Cold Nuts (2s full of 5s)"


def test_a_turn_up_with_no_hole_card_left_ends():
    # Seat 1 owes two turn-ups (seat 2's Q♥ picked its 6♣, and its own K♠) with one hole card left.
    state, anns = play("""
open bonedoneskis 1 2 3
hand 1 dealer 1
down 2 ?, 3 ?, 1 6C
down 2 ?, 3 ?, 1 JH
up 2 5D, 3 9H, 1 KC
expose 1 JH
bring_in 2; call 3; call 1
up 2 QH, 3 TC
decide 2 queen-of-hearts pick seat=1 card=6C
up 1 KS
expose 1 6C
""")
    assert state.hand.pending == ()
    assert anns[-1].rule == "kings-men" and "no face-down card left" in anns[-1].text
    state, _ = play(f"check {state.hand.betting.to_act}", state)


def test_a_trade_card_whose_last_target_folds_does_not_block():
    # Seat 1 must trade its 9♦ for a fourth-street up card: seat 3 turned its own down, and the
    # only one left, seat 2's J♣, goes when seat 2 folds rather than pay for it.
    state, anns = play("""
open bonedoneskis 1 2 3 4
hand 1 dealer 4
down 1 8C, 2 9C, 3 TC, 4 QC
down 1 8H, 2 9H, 3 TH, 4 QH
up 1 KD, 2 QD, 3 KH, 4 5C
bring_in 4; complete 1; call 2; call 3; fold 4
up 1 9D, 2 JC, 3 4H
decide 3 four-tician turn-down seat=3 card=4H
decide 2 black-jack fold
""")
    assert state.hand.pending == () and state.hand.phase == "betting"
    assert any(a.rule == "trade-cards" and "no trade" in a.text for a in anns[-3:])


def test_a_card_stolen_before_a_sold_3_is_replaced_keeps_the_board_in_order():
    # Seat 1 sells its 3♦ (fifth slot); before the replacement comes, 2 Hog takes its 5♦ (fourth slot).
    # The replacement takes the 3's place, now the fourth slot (this used to crash with an IndexError).
    state, _ = play("""
open bonedoneskis 1 2 3
hand 1 dealer 1
down 2 ?, 3 ?, 1 8C
down 2 ?, 3 ?, 1 8D
up 2 4C, 3 8H, 1 KD
bring_in 2; call 3; call 1
up 2 6C, 3 9H, 1 5D
check 2; check 3; check 1
up 2 2S, 3 TH, 1 3D
decide 1 threes sell
decide 2 two-hog steal seat=1 card=5D
up 1 AS
""")
    slots = state.hand.boards[1].slots
    assert [s.card.code for s in slots] == ["8C", "8D", "KD", "AS"]
    assert "replacement" in slots[3].tags and slots[3].street == 5
    assert state.hand.boards[2].slots[-1].card.code == "5D"
