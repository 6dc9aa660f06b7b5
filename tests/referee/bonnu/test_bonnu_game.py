"""The Bonnu game on the referee core: registration, options that the referee takes, what each viewer
sees, claims ordered by their stamps, double taps, the host's call inside the tie margin, an empty
draw pile, undo, and bad input refused in words."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from referee import registry
from referee.engine import Refusal, apply, can, options, replay, view
from referee.events import CardDealt, Decision, TableOpened, Undo
from referee.game import HOST
from referee.games.bonnu.events import CardDrawn, CardLaid, CutLaid, DrawKept, ShoutHeard
from referee.cards import BonnuCard, Card
from referee.state import State

sys.path.insert(0, str(Path(__file__).parent / "rounds"))

from bonnu_builder import Table  # noqa: E402
from make_bonnu_rounds import A, OPEN, THIRTY  # noqa: E402

HIDDEN = {1: None, 2: None, 3: None}


def state_of(table: Table):
    state, said = replay(table.events)
    return state, said


def play(moves: str, hands=A, **settings):
    return state_of(Table("t", **settings).round(1, hands, moves, opening=OPEN))


def test_bonnu_is_registered_with_its_rules():
    game = registry.get_game("bonnu")
    assert game.name == "Bonnu" and {"cut", "claim-race", "bonnu-100"} <= {r.id for r in game.rules}


def test_every_option_offered_is_taken():
    state, _ = play("1:red:3@1.0 2:red:5@2.0")
    for seat in (None, 1, 2, 3):
        for o in options(state, seat):
            if o.needs or o.action in ("start", "end"):
                continue
            assert can(state, o.event), (seat, o.label)
    labels = [o.label for o in options(state, 3)]
    assert "Lay red:8" in labels and not any(o.action == "draw" for o in options(state, 3))


def test_cut_and_bonnu_buttons_follow_the_hand():
    state, _ = play("1:red:3@1.0")
    assert [o.label for o in options(state, 3) if o.action == "cut"] == ["Cut! white:3 black:3"]
    assert [o.label for o in options(state, 2) if o.action == "cut"] == ["Cut! blue:3 yellow:3"]
    assert not [o for o in options(state, 1) if o.action == "cut"]          # the card on top is its own


def test_each_seat_sees_its_own_hand_only():
    state, _ = play("1:red:3@1.0")
    mine = view(state, 2)["bonnu"]["seats"][1]
    assert mine["hand"] == A[2].split() and mine["cards"] == 7
    for viewer in (None, HOST, 1, 3):
        seat2 = view(state, viewer)["bonnu"]["seats"][1]
        assert "hand" not in seat2 and seat2["cards"] == 7
    public = view(state, None)["bonnu"]
    assert public["top"] == "red:3" and public["draw_pile"] == 89 and public["scores"] == {"1": 0, "2": 0, "3": 0}


def test_a_missed_reach_is_caught_from_the_counts_alone():
    """A camera table: no hand card named. Seat 3 Cuts six cards (named as they land): one left."""
    state, said = play("1:red:3@1.0 3/cut:white:3,black:3,yellow:3#1,blue:3#1,white:3#1,black:3#1@1.4 "
                       "1:black:4@2.0 tick@3.5", hands=HIDDEN)
    rnd = state.hand
    assert rnd.holding(3) == 1 and rnd.owed == {3: 1}
    assert any(a.rule == "missed-reach" for a in said)


def test_a_claim_inside_the_tie_margin_of_the_next_card_goes_to_the_host():
    state, said = play("1:red:3@12.0 2:red:5@12.58 3/cut:white:3,black:3@12.60")
    assert [p.rule for p in state.pending()] == ["claim-timing"]
    assert "Cut by seat 3 at 12.60 s, seat 2's card at 12.58 s: too close to call" in said[-1].text
    with pytest.raises(Refusal, match="waiting for the host"):
        apply(state, CardLaid(3, BonnuCard("red", 8), at_ms=13000))
    decided, anns = apply(state, Decision(None, "claim-timing", "in time"))
    assert decided.hand.top == BonnuCard("black", 3) and decided.hand.holding(2) == 7
    assert "The host rules Cut by seat 3 at 12.60 s: in time, before seat 2's card at 12.58 s" in anns[-1].text
    late, anns = apply(state, Decision(None, "claim-timing", "too late"))
    assert late.hand.top == BonnuCard("red", 5) and late.hand.holding(3) == 7


def test_a_double_tap_is_one_claim():
    state, said = play("1:red:3@1.0 3/cut:white:3,black:3@1.30 3/cut:white:3,black:3@1.45")
    assert state.hand.holding(3) == 5 and "a double tap, one claim" in said[-1].text
    state, said = play("1:red:3@1.0 3/cut:white:3,black:3@1.30")
    state, anns = apply(state, ShoutHeard(3, "reach", at_ms=1500))
    state, anns = apply(state, ShoutHeard(3, "reach", at_ms=1700))
    assert "a double tap, one shout" in anns[-1].text


def test_claims_are_ordered_by_their_stamps_not_their_arrival():
    """The Cut stamped 12.41 s arrives after the red 5 seen at 12.58 s: in time, the red 5 goes back."""
    state, _ = play("1:red:3@12.0 2:red:5@12.58 3/cut:white:3,black:3@12.53~120")
    assert state.hand.top == BonnuCard("black", 3) and state.hand.holding(2) == 7 and state.hand.to_play == 1


def test_an_empty_draw_pile_is_made_again_from_the_pile():
    state, _ = play("1:red:3@1.0 2:red:5@2.0 3:red:8@3.0", hands=HIDDEN)
    seat = state.hand.to_play
    for _ in range(state.hand.stock):
        state, said = apply(state, CardDrawn(state.hand.to_play))
    assert state.hand.stock == 0
    state, said = apply(state, CardDrawn(state.hand.to_play))
    assert "shuffled into a new draw pile of 2" in said[0].text and state.hand.pile == (BonnuCard("red", 8),)
    assert sum(map(state.hand.holding, state.hand.table)) + state.hand.stock + len(state.hand.pile) == 110 and seat


def test_undo_of_a_cut_rebuilds_the_round():
    state, _ = play("1:red:3@1.0 3/cut:white:3,black:3@1.3")
    undone, said = apply(state, Undo(state.seq, "misread"))
    assert undone.hand.top == BonnuCard("red", 3) and undone.hand.holding(3) == 7 and "Undone" in said[-1].text


def test_bad_input_is_refused_in_words():
    state, _ = play("1:red:3@1.0")
    with pytest.raises(Refusal, match="not a Bonnu card"):
        apply(state, CardLaid(2, Card(7, "H")))
    with pytest.raises(Refusal, match="seat 2 is on turn, not seat 3"):
        apply(state, CardLaid(3, BonnuCard("red", 8)))
    with pytest.raises(Refusal, match="not a Bonnu shout"):
        apply(state, ShoutHeard(2, "uno"))
    with pytest.raises(Refusal, match="holds 7 card"):
        apply(state, CutLaid(2, tuple(BonnuCard("red", 3, 1) for _ in range(1)) * 8))
    with pytest.raises(Refusal, match="needs 2 to 10 seats"):
        apply(State(), TableOpened("bonnu", tuple(range(1, 12))))
    fresh, _ = apply(State(), TableOpened("bonnu", (1, 2)))
    with pytest.raises(Refusal, match="no hand in progress"):
        apply(fresh, CardDealt(1, None, False))


def test_a_hidden_hand_gets_buttons_with_the_cards_to_name():
    """A camera table: the seat on turn lays a card the camera names; a Cut or a Bonnu names its cards."""
    state, _ = play("1:red:3@1.0", hands=HIDDEN)
    by_action = {o.action: o for o in options(state, 2)}
    assert by_action["lay"].needs == ("card",) and by_action["cut"].needs == ("cards",)
    assert by_action["bonnu"].needs == ("cards",) and "draw" in by_action
    state, _ = apply(state, by_action["lay"].fill(card=BonnuCard("red", 5), at_ms=2000))
    cut = next(o for o in options(state, 3) if o.action == "cut")
    state, said = apply(state, cut.fill(cards=(BonnuCard("blue", 5), BonnuCard("white", 5)), at_ms=2300))
    assert state.hand.top == BonnuCard("white", 5) and state.hand.holding(3) == 5 and "Cut!" in said[-1].text


def test_a_cut_is_checked_against_a_known_hand():
    """cut_cards "all": a Cut must lay every 3 the hand holds; the hand is known, so the third is seen."""
    hands = {**A, 3: "white:3 black:3 yellow:3#1 white:6 black:6 blue:1 red:-1"}
    state, said = play("1:red:3@1.0 3/cut:white:3,black:3@1.3", hands=hands, cut_cards="all")
    assert said[-1].rule == "wrong-cut" and "a Cut lays every 3 held" in said[-1].text
    assert state.hand.holding(3) == 7 and state.hand.owed == {3: 1}


@pytest.mark.parametrize("tie,first", [("redraw", 2), ("first_clockwise", 1)])
def test_a_tie_in_the_opening_draw(tie, first):
    again = " 1:red:1 2:red:5" if tie == "redraw" else ""
    state, said = state_of(Table("t", opening_tie=tie).round(first, HIDDEN, "", opening="1:red:9 2:blue:9 3:white:2"
                                                             + again))
    assert state.hand.first == first and state.hand.phase == "play"
    assert any("tie for highest and draw again" in a.text for a in said) == (tie == "redraw")


@pytest.mark.parametrize("how,leader", [("winner", 3), ("next", 2)])
def test_later_rounds_are_led_by_the_winner_or_the_next_player(how, leader):
    """Seat 1 leads round 1; seat 3 wins it with a Bonnu of 30 on a 0."""
    state, _ = state_of(Table("t", later_rounds=how).round(1, {**A, 3: THIRTY}, f"1:red:0@1.0 "
                                                           f"3/bonnu:{THIRTY.replace(' ', ',')}@1.4", opening=OPEN))
    assert state.hand.winner == 3
    state, _ = apply(state, next(o for o in options(state, None) if o.action == "start").event)
    assert state.hand.first == leader and state.hand.phase == "dealing"


def test_decision_5_play_drawn_lays_the_drawn_card_or_keeps_it_and_nothing_else():
    """play_drawn on: after the draw the drawer is offered only the drawn card (it matches) and
    keeping it; another card, a second draw or a keep by anyone else is refused in words."""
    state, _ = play("1:yellow:2@1.0 2:yellow:7@2.0 3+yellow:5@3.0", play_drawn=True)
    assert [(o.action, o.label) for o in options(state, 3) if o.action in ("lay", "keep", "draw")] == [
        ("lay", "Lay yellow:5"), ("keep", "Keep the drawn card")]
    assert view(state, None)["bonnu"]["just_drew"] == 3 and view(state, None)["bonnu"]["to_play"] == 3
    with pytest.raises(Refusal, match="has just drawn yellow:5: lay that card or keep it"):
        apply(state, CardLaid(3, BonnuCard("blue", 1)))
    with pytest.raises(Refusal, match="has drawn already"):
        apply(state, CardDrawn(3, BonnuCard("red", 2)))
    with pytest.raises(Refusal, match="seat 1 has not just drawn"):
        apply(state, DrawKept(1))
    kept, said = apply(state, DrawKept(3))
    assert kept.hand.to_play == 1 and kept.hand.drew is None and "keeps the drawn card" in said[-1].text
    # A drawn card that does not match ends the turn, as with play_drawn off.
    state, _ = play("1:yellow:2@1.0 2:yellow:7@2.0 3+blue:8@3.0", play_drawn=True)
    assert state.hand.to_play == 1 and state.hand.drew is None


def test_play_drawn_at_a_camera_table_the_drawn_card_is_laid_when_it_matches():
    state, _ = play("1:yellow:2@1.0 2+@2.0", hands=HIDDEN, play_drawn=True)
    assert {o.action for o in options(state, 2)} >= {"lay", "keep"}
    laid, _ = apply(state, CardLaid(2, BonnuCard("yellow", 9)))
    assert laid.hand.top == BonnuCard("yellow", 9) and laid.hand.to_play == 3


NO_RED_NO_3 = {**A, 2: "white:1 black:8 yellow:5 yellow:7 blue:6 white:2 black:9"}


def test_decision_4_a_draw_closes_the_window_but_a_claim_stamped_before_it_still_counts():
    """window_closes_on_draw on: seat 2 cannot play on the red 3 and draws at 1.50 s. Seat 3's Cut
    stamped 1.40 s arrives after the draw: ruled by its stamp, in time, the drawn card stays with
    seat 2 and seat 1 (after the cutter) is on turn. Stamped 1.60 s it is too late."""
    state, said = play("1:red:3@1.0 2+black:2@1.5 3/cut:white:3,black:3@1.40", hands=NO_RED_NO_3,
                       window_closes_on_draw=True)
    rnd = state.hand
    assert rnd.top == BonnuCard("black", 3) and rnd.holding(3) == 5 and rnd.holding(2) == 8 and rnd.to_play == 1
    assert any("Seat 2's draw at 1.50 s came after a claim stamped before it" in a.text for a in said)
    assert any("Cut by seat 3 at 1.40 s, seat 2's draw at 1.50 s: in time" in a.text for a in said)
    state, said = play("1:red:3@1.0 2+black:2@1.5 3/cut:white:3,black:3@1.60", hands=NO_RED_NO_3,
                       window_closes_on_draw=True)
    assert state.hand.top == BonnuCard("red", 3) and state.hand.holding(3) == 7 and state.hand.to_play == 3
    assert "Cut by seat 3 at 1.60 s, seat 2's draw at 1.50 s: too late" in said[-1].text
    # A wrong Cut stamped before the draw: the penalty, and the draw's turn has passed as it had.
    state, said = play("1:red:3@1.0 2+black:2@1.5 3/cut:white:3,white:6@1.40", hands=NO_RED_NO_3,
                       window_closes_on_draw=True)
    assert state.hand.to_play == 3 and state.hand.window is None and state.hand.owed == {3: 1}


def _draw_all(first_drawer: int, start: float) -> str:
    """Unnamed draws, two seats taking turns, until the 96 cards of a two-seat draw pile are gone."""
    return " ".join(f"{first_drawer if i % 2 == 0 else 3 - first_drawer}+@{start + i}" for i in range(96))


def test_decision_9_a_blocked_round_goes_to_the_fewest_cards():
    """empty_pile pass, two seats at a camera table: seat 1 leads the red 3 (6 cards), then the 96
    cards of the draw pile are drawn in turn (seat 2 first: 55 and 54). Seat 2 passes, seat 1 passes:
    every player has passed in a row, the round is blocked and seat 1, with 54 cards, wins."""
    moves = f"1:red:3@1.0 {_draw_all(2, 2.0)} 2+@200 1+@201"
    state, said = state_of(Table("t", seats=(1, 2), empty_pile="pass").round(1, {1: None, 2: None}, moves,
                                                                            opening="1:red:9 2:red:8"))
    rnd = state.hand
    assert rnd.winner == 1 and (rnd.holding(1), rnd.holding(2)) == (54, 55) and state.scores["seat:1"] == 1
    assert "every player has passed in a row: the round is blocked. Seat 1 holds the fewest cards (54)" in \
        [a.text for a in said if a.rule == "empty-pile"][-1]


def test_decision_9_a_blocked_round_may_reshuffle_instead():
    """blocked_round reshuffle: as above, but seat 2 lays the red 5 first; once both have passed, the
    red 3 under the top card makes a draw pile of 1, and seat 1 draws it."""
    moves = f"1:red:3@1.0 2:red:5@1.5 {_draw_all(1, 2.0)} 1+@200 2+@201 1+@202"
    state, said = state_of(Table("t", seats=(1, 2), empty_pile="pass", blocked_round="reshuffle").round(
        1, {1: None, 2: None}, moves, opening="1:red:9 2:red:8"))
    rnd = state.hand
    assert rnd.winner is None and rnd.stock == 0 and rnd.holding(1) == 55 and rnd.to_play == 2
    assert any("Every player has passed: the pile under the top card (red:5) is shuffled into a new draw pile of 1"
               in a.text for a in said)


def test_the_host_deals_a_whole_pass_at_once_and_the_pile_is_public():
    """The deal options name every seat still due its card of this pass, the first player first, so
    the console's deal-a-round form deals them in one go; the view lists the pile's cards, newest last."""
    state, _ = state_of(Table("t").round(1, A, "", opening=OPEN))
    state, _ = replay(state.log.to_tuple()[:-21])          # back to before the deal
    assert [o.event.seat for o in options(state, None) if o.action == "deal"] == [1, 2, 3]
    state, _ = apply(state, CardDealt(1, None, False))
    assert [o.event.seat for o in options(state, None) if o.action == "deal"] == [2, 3]
    played, _ = play("1:red:3@1.0 2:red:5@2.0 3:red:8@3.0")
    assert view(played, None)["bonnu"]["pile_cards"] == ["red:3", "red:5", "red:8"]
