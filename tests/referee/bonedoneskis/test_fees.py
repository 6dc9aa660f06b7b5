"""Bonedoneskis house rules that cost or pay money: Black Jack, The 3's, Fish Hook in a Sailboat and
The Life Raft, Gambler's Last Dollar, I Got The Nine and A Bonedoneskis."""

from decimal import Decimal as D


from referee.announcements import Kind
from referee.games.bonedoneskis import powers

from bonedoneskis_table import Table

THIRD = "open bonedoneskis 1 2 3\nhand 1 dealer 3\ndown 1 2C, 2 2D, 3 9H; down 1 5C, 2 5D, 3 5H\n"


# -------------------------------------------------------------------------------- Black Jack
def test_black_jack_dealt_up_must_pay_before_anyone_bets_and_becomes_wild():
    t = Table(THIRD + "up 1 JS, 2 KH, 3 QD")
    (p,) = t.pending("black-jack")
    assert (p.seat, p.choices, p.blocks, p.amount) == (1, ("pay", "fold"), "betting", D("2.50"))
    assert t.said_by("black-jack", Kind.OBLIGATION)[0].seats == (1,)
    t.refuses("bring_in 1", "waiting for seat 1")
    t.refuses("decide 2 black-jack pay", "no black-jack decision is waiting for seat 2")
    t.refuses("decide 1 black-jack sell", "not a choice")
    t.do("decide 1 black-jack pay")
    assert t.paid("black-jack") == [("seat:1", "pot:main", D("2.50"))]
    slot = t.state.hand.boards[1].slots[2]
    assert "activated" in slot.tags and powers.is_wild(slot, t.state.settings)
    t.refuses("decide 1 black-jack pay", "no black-jack decision")
    # The wild J♠ now counts high for the bring-in: the Q♦ brings in.
    t.refuses("bring_in 1", "seat 3's turn")
    t.do("bring_in 3")


def test_black_jack_not_paid_folds_the_hand():
    t = Table(THIRD + "up 1 JC, 2 KH, 3 QD\ndecide 1 black-jack fold")
    assert t.state.hand.boards[1].folded
    assert t.paid("black-jack") == []
    assert any(a.seats == (1,) and "folds" in a.text for a in t.said_by("black-jack"))
    t.refuses("decide 1 black-jack pay", "no black-jack decision")


def test_black_jack_turned_up_from_the_hole_is_charged():
    t = Table("open bonedoneskis 1 2 3\nhand 1 dealer 3\ndown 1 JC, 2 2D, 3 9H; down 1 5C, 2 5D, 3 5H\n"
              "up 1 KS, 2 KH, 3 QD")
    assert t.pending("black-jack") == []
    t.do("expose 1 JC")
    (p,) = t.pending("black-jack")
    assert p.seat == 1
    t.do("decide 1 black-jack pay")
    assert "activated" in t.state.hand.boards[1].slots[0].tags


def test_activated_black_jack_traded_away_stays_wild_and_is_not_charged_again():
    t = Table(THIRD + "up 1 JS, 2 8S, 3 QD\ndecide 1 black-jack pay\n"
              "decide 2 eight-ball trade seat=1 card=JS")
    assert t.board(2)[2] == "JS" and t.board(1)[2] == "8S"
    slot = t.state.hand.boards[2].slots[2]
    assert powers.is_wild(slot, t.state.settings)
    assert t.pending("black-jack") == []
    assert t.paid("black-jack") == [("seat:1", "pot:main", D("2.50"))]
    assert t.paid("eight-ball") == [("seat:2", "pot:main", D("2.50"))]


# --------------------------------------------------------------------------------- The 3's
def test_sell_a_three_the_replacement_is_dealt_face_up_in_its_place():
    t = Table(THIRD + "up 1 3S, 2 KH, 3 QD")
    (p,) = t.pending("threes")
    assert (p.seat, p.choices, p.lapses) == (1, ("sell", "keep"), "betting")
    assert t.said_by("threes", Kind.OPTION)[0].amount == D("2.50")
    t.do("decide 1 threes sell")
    assert t.paid("threes") == [("seat:1", "pot:main", D("2.50"))]
    assert t.board(1) == ["(2C)", "(5C)"]
    assert [c.code for c in t.state.hand.discards] == ["3S"]
    t.refuses("bring_in 1", "deal seat 1 a replacement")
    t.refuses("down 1 4S", "replacement for the sold 3 is dealt face up")
    t.do("up 1 TC")
    assert t.board(1) == ["(2C)", "(5C)", "TC"]
    assert "replacement" in t.state.hand.boards[1].slots[2].tags
    assert t.pending() == []
    t.bets()  # betting goes on once the replacement is in
    assert t.state.hand.street == 4


def test_a_replacement_that_is_a_three_again_can_be_sold_again():
    t = Table(THIRD + "up 1 3S, 2 KH, 3 QD\ndecide 1 threes sell\nup 1 3D")
    (p,) = t.pending("threes")
    assert p.get("card") == "3D"
    t.do("decide 1 threes sell\nup 1 KC")
    assert t.board(1) == ["(2C)", "(5C)", "KC"]
    assert [a for _, _, a in t.paid("threes")] == [D("2.50"), D("2.50")]
    assert t.net("seat:1") == D("-5.50")


def test_keep_a_three_and_it_cannot_be_sold_later():
    t = Table(THIRD + "up 1 3S, 2 KH, 3 QD\ndecide 1 threes keep")
    assert "3-kept" in t.state.hand.boards[1].slots[2].tags
    t.refuses("decide 1 threes sell", "no threes decision")
    t.bets()
    t.do("up 1 9C, 2 KD, 3 QC")
    assert t.pending("threes") == []
    assert t.paid("threes") == []


def test_three_option_lapses_at_the_first_bet_of_the_street():
    t = Table(THIRD + "up 1 3S, 2 KH, 3 QD\nbring_in 1")
    lapsed = [a for a in t.said_by("threes") if a.text.startswith("Lapsed")]
    assert len(lapsed) == 1 and lapsed[0].seats == (1,)
    t.refuses("decide 1 threes sell", "no threes decision")
    t.do("call 2; call 3\nup 1 9C, 2 KD, 3 QC")
    assert t.pending("threes") == [] and t.board(1)[2] == "3S"


def test_a_three_taken_by_a_trade_is_no_longer_for_sale():
    t = Table(THIRD + "up 1 3C, 2 9D, 3 QD\ndecide 2 trade-cards trade seat=1 card=3C")
    assert t.board(2)[2] == "3C"
    assert [(a.text, a.seats) for a in t.said_by("threes") if "no longer" in a.text] == \
        [("The 3's: seat 1 no longer holds the 3♣ face up; the option is gone.", (1,))]
    assert t.pending("threes") == []      # nor may its new holder sell it: it was not dealt there
    t.refuses("decide 1 threes sell", "no threes decision is waiting for seat 1")
    assert not any("keeps" in a.text for a in t.said_by("threes")) and t.paid("threes") == []


def test_a_three_turned_face_down_is_withdrawn_not_kept_and_can_be_sold_once_turned_up_again():
    t = Table(THIRD + "up 1 3C, 2 4H, 3 QH\ndecide 2 four-tician turn-down seat=1 card=3C")
    assert "seat 1 no longer holds the 3♣ face up" in t.said_by("threes")[-1].text
    assert t.pending("threes") == [] and "3-kept" not in t.tags(1, 2)
    t.do("decide 3 queen-of-hearts pick seat=1 card=3C\nexpose 1 3C")
    assert [p.get("card") for p in t.pending("threes")] == ["3C"]
    t.do("decide 1 threes sell")
    assert t.paid("threes") == [("seat:1", "pot:main", D("2.50"))]


def test_a_hole_three_turned_up_may_be_sold_and_is_replaced_face_up_in_place():
    t = Table("open bonedoneskis 1 2 3\nhand 1 dealer 3\ndown 1 3H, 2 2D, 3 9H; down 1 5C, 2 5D, 3 5H\n"
              "up 1 KC, 2 KH, 3 QD\nexpose 1 3H")
    (p,) = t.pending("threes")
    assert p.seat == 1 and p.get("card") == "3H"
    t.do("decide 1 threes sell\nup 1 AH")
    assert t.board(1) == ["AH", "(5C)", "KC"]


# ------------------------------------------------------------- Fish Hook and the Life Raft
def test_fish_hook_j_4_8_pays():
    t = Table(THIRD + "up 1 JH, 2 KH, 3 QD")
    t.bets()
    t.do("up 1 4C, 2 KD, 3 QC")
    (p,) = t.pending("fish-hook")
    assert (p.seat, p.choices, p.blocks) == (1, ("pay", "fold"), "betting")
    t.refuses("bet 2", "waiting for seat 1")
    t.do("decide 1 fish-hook pay")
    t.refuses("decide 1 fish-hook pay", "no fish-hook decision")
    t.bets()
    t.do("up 1 8C, 2 9C, 3 TH")
    assert t.board(1)[2:] == ["JH", "4C", "8C"]
    assert t.pending("fish-hook") == []
    assert t.paid("fish-hook") == [("seat:1", "pot:main", D("2.50"))]


def test_fish_hook_j_8_4_is_saved_by_the_life_raft():
    t = Table(THIRD + "up 1 JH, 2 KH, 3 QD")
    t.bets()
    t.do("up 1 8C, 2 KD, 3 QC")
    t.bets()
    t.do("up 1 4C, 2 9C, 3 TH")
    assert t.board(1)[2:] == ["JH", "8C", "4C"]
    assert t.pending("fish-hook") == [] and t.paid("fish-hook") == []
    assert any("Life Raft" in a.text for a in t.said_by("fish-hook"))


def test_fish_hook_life_raft_can_be_switched_off():
    t = Table(THIRD.replace("open bonedoneskis 1 2 3", "open bonedoneskis 1 2 3 fish_hook_life_raft=false")
              + "up 1 JH, 2 KH, 3 QD")
    t.bets()
    t.do("up 1 8C, 2 KD, 3 QC")
    t.bets()
    t.do("up 1 4C, 2 9C, 3 TH")
    assert len(t.pending("fish-hook")) == 1


def test_fish_hook_refused_fee_folds():
    t = Table(THIRD + "up 1 4D, 2 KH, 3 QD\ndecide 1 four-tician pass")
    t.bets()
    t.do("up 1 JD, 2 KD, 3 QC\ndecide 1 fish-hook fold")
    assert t.state.hand.boards[1].folded and t.paid("fish-hook") == []


def test_fish_hook_4_x_j_x_4_pays_twice():
    # 8-card stud: J♦ face up on fifth makes it 7-card, Q♠ face up on sixth makes it 8-card.
    t = Table(THIRD + "up 1 4C, 2 KH, 3 QD")
    t.bets()
    t.do("up 1 9C, 2 KD, 3 QC")
    t.bets()
    t.do("up 1 JD, 2 9S, 3 TH")
    assert len(t.pending("fish-hook")) == 1
    t.do("decide host i-got-the-nine not-performed\ndecide 1 fish-hook pay")
    t.bets()
    t.do("up 1 QS, 2 AD, 3 AC")
    assert t.pending("fish-hook") == []
    t.bets()
    t.do("up 1 4S, 2 KS, 3 2S")
    assert t.board(1)[2:] == ["4C", "9C", "JD", "QS", "4S"]
    assert len(t.pending("fish-hook")) == 1
    t.do("decide 1 fish-hook pay")
    assert [a for _, _, a in t.paid("fish-hook")] == [D("2.50"), D("2.50")]


def test_fish_hook_j_4_x_j_pays_twice():
    t = Table(THIRD + "up 1 JH, 2 KH, 3 QD")
    t.bets()
    t.do("up 1 4C, 2 KD, 3 QC\ndecide 1 fish-hook pay")
    t.bets()
    t.do("up 1 QS, 2 9C, 3 TH")  # Q♠ on fifth: 7-card stud, sixth comes up
    t.bets()
    t.do("up 1 JD, 2 AD, 3 AC")
    assert t.board(1)[2:] == ["JH", "4C", "QS", "JD"]
    (p,) = t.pending("fish-hook")
    t.do("decide 1 fish-hook pay")
    assert [a for _, _, a in t.paid("fish-hook")] == [D("2.50"), D("2.50")]


# ----------------------------------------------------------------- Gambler's Last Dollar
RIVER = THIRD + "up 1 6H, 2 KH, 3 QD\n"


def _to_the_river(t: Table):
    t.bets()
    t.do("up 1 4C, 2 KD, 3 QC")
    t.bets()
    t.do("up 1 8C, 2 9C, 3 TH")
    t.bets()


def test_gamblers_last_dollar_paid_river_must_come_face_up():
    t = Table(RIVER)
    (p,) = t.pending("gamblers-last-dollar")
    assert (p.seat, p.choices, p.amount) == (1, ("pay", "pass"), D("2.50"))
    t.do("decide 1 gamblers-last-dollar pay")
    assert t.paid("gamblers-last-dollar") == [("seat:1", "pot:main", D("2.50"))]
    t.refuses("decide 1 gamblers-last-dollar pay", "no gamblers-last-dollar decision")
    _to_the_river(t)
    assert t.state.hand.street == 6
    t.refuses("down 1 AS", "Gambler's Last Dollar")
    t.refuses("down 1 ?", "Gambler's Last Dollar")
    t.do("up 1 AS\ndown 2 2S, 3 3D")
    assert t.board(1)[-1] == "AS" and t.board(2)[-1] == "(2S)"


def test_gamblers_last_dollar_not_paid_river_face_down_and_pass_is_asked_again():
    t = Table(RIVER + "decide 1 gamblers-last-dollar pass")
    assert t.pending("gamblers-last-dollar") == []
    t.refuses("decide 1 gamblers-last-dollar pass", "no gamblers-last-dollar decision")
    t.bets()
    assert len(t.pending("gamblers-last-dollar")) == 1  # asked again on fourth street
    _to_the_river(t)
    t.do("down 1 AS, 2 2S, 3 3D")
    assert t.board(1)[-1] == "(AS)" and t.pending("gamblers-last-dollar") == []
    assert t.paid("gamblers-last-dollar") == []


def test_gamblers_last_dollar_needs_the_red_six_still_face_up():
    t = Table(THIRD + "up 1 6H, 2 4D, 3 QD\ndecide 2 four-tician turn-down seat=1 card=6H")
    assert "seat 1 no longer holds the 6♥ face up" in t.said_by("gamblers-last-dollar")[-1].text
    t.refuses("decide 1 gamblers-last-dollar pay", "no gamblers-last-dollar decision is waiting for seat 1")


def test_gamblers_last_dollar_goes_with_the_red_six():
    t = Table(THIRD + "up 1 6H, 2 9D, 3 QD")
    assert [p.seat for p in t.pending("gamblers-last-dollar")] == [1]
    t.do("decide 2 trade-cards trade seat=1 card=6H")
    assert [(a.text, a.seats) for a in t.said_by("gamblers-last-dollar") if "no longer" in a.text] == \
        [("Gambler's Last Dollar: seat 1 no longer holds the 6♥ face up; the option is gone.", (1,))]
    assert [p.seat for p in t.pending("gamblers-last-dollar")] == [2]   # whoever shows a red 6 is offered it
    t.refuses("decide 1 gamblers-last-dollar pay", "no gamblers-last-dollar decision is waiting for seat 1")
    t.do("decide 2 gamblers-last-dollar pay")
    assert t.paid("gamblers-last-dollar") == [("seat:2", "pot:main", D("2.50"))]


# ---------------------------------------------------------------------- I Got The Nine
def test_nine_of_spades_pays_one_dollar_from_each_player_still_in_after_the_pantomime():
    t = Table("open bonedoneskis 1 2 3 4\nhand 1 dealer 4\n"
              "down 1 2C, 2 2D, 3 9H, 4 TD; down 1 5C, 2 5D, 3 5H, 4 QH\nup 1 KD, 2 KH, 3 QD, 4 8H")
    t.do("bring_in 4; call 1; call 2; fold 3")
    t.do("up 1 9S")
    (p,) = t.pending("i-got-the-nine")
    assert p.seat is None and p.choices == ("confirmed", "not-performed")
    assert t.paid("i-got-the-nine") == []  # nothing until the host confirms
    t.refuses("decide 1 i-got-the-nine confirmed", "no i-got-the-nine decision is waiting for seat 1")
    t.refuses("decide host i-got-the-nine yes", "not a choice")
    t.do("up 2 AD, 4 AC\ndecide host i-got-the-nine confirmed")
    assert sorted(t.paid("i-got-the-nine")) == [("seat:2", "seat:1", D("1.00")), ("seat:4", "seat:1", D("1.00"))]
    (a,) = [a for a in t.said_by("i-got-the-nine") if "each pay" in a.text]
    assert a.amount == D("2.00") and a.seats == (1, 2, 4)
    t.refuses("decide host i-got-the-nine confirmed", "no i-got-the-nine decision")
    assert t.state.pot_total() == D("3.50")  # the $1s go to the holder, not the pot


def test_nine_of_spades_without_the_pantomime_pays_nothing():
    t = Table(THIRD + "up 1 9S, 2 KH, 3 QD\ndecide host i-got-the-nine not-performed")
    assert t.paid("i-got-the-nine") == [] and t.pending("i-got-the-nine") == []
    assert any("No pantomime" in a.text for a in t.said_by("i-got-the-nine"))
    t.refuses("decide host i-got-the-nine confirmed", "no i-got-the-nine decision")


def test_folding_before_the_host_confirms_does_not_dodge_the_nine():
    t = Table(THIRD + "up 1 9S, 2 KH, 3 QD\nbring_in 1; fold 2; call 3\ndecide host i-got-the-nine confirmed")
    assert sorted(t.paid("i-got-the-nine")) == [("seat:2", "seat:1", D("1.00")), ("seat:3", "seat:1", D("1.00"))]


# ----------------------------------------------------------------------- A Bonedoneskis
def _assert_bonedoneskis(t: Table, seat: int, pot: D):
    (over,) = t.said_by("bonedoneskis", Kind.HAND_OVER)
    assert over.seats == (seat,) and over.amount == pot
    assert t.state.hand.phase == "over" and t.state.pending() == ()
    assert t.net("pot:main") == D("0")
    assert ("pot:main", f"seat:{seat}", pot) in t.paid("bonedoneskis")


def test_bonedoneskis_dealt_ends_the_hand_at_once():
    t = Table(RIVER + "decide 1 gamblers-last-dollar pass")
    t.bets()
    t.do("up 1 6D")
    _assert_bonedoneskis(t, 1, D("3.00"))
    t.refuses("up 2 KD", "hand 1 is over")
    assert t.net("seat:1") == D("2.00")


def test_bonedoneskis_by_trade():
    t = Table(RIVER + "decide 1 gamblers-last-dollar pass")
    t.bets()
    t.do("up 1 9D, 2 6D\ndecide 1 trade-cards trade seat=2 card=6D")
    _assert_bonedoneskis(t, 1, D("3.00"))


def test_bonedoneskis_by_the_8_ball_includes_its_fee_in_the_pot():
    t = Table(THIRD + "up 1 6H, 2 KH, 3 6D\ndecide 1 gamblers-last-dollar pass\ndecide 3 gamblers-last-dollar pass")
    t.bets()
    t.do("up 1 8S\ndecide 1 eight-ball trade seat=3 card=6D")
    _assert_bonedoneskis(t, 1, D("5.50"))  # antes, bring-in and calls $3.00, plus the 8 Ball's $2.50


def test_bonedoneskis_by_a_hole_red_six_turned_up():
    t = Table("open bonedoneskis 1 2 3\nhand 1 dealer 3\ndown 1 6D, 2 2D, 3 9H; down 1 5C, 2 5D, 3 5H\n"
              "up 1 6H, 2 KH, 3 QD\ndecide 1 gamblers-last-dollar pass")
    t.bets()
    t.do("up 1 KS\nexpose 1 6D")
    _assert_bonedoneskis(t, 1, D("3.00"))
