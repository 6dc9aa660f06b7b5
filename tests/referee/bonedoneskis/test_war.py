"""Dueling Snowmen: two 8s dealt face up one after the other (across streets, and with the PAC-MAN
wrap-around) stop the hand for a war from a separate deck, $2.50 each in the war pot, best two of
three battles; then the hand completes."""

from decimal import Decimal as D


from referee.announcements import Kind
from referee.ledger import balances

from bonedoneskis_table import Table

HOLES = "hand 1 dealer 3\ndown 1 2C, 2 2D, 3 9H; down 1 5C, 2 5D, 3 5H\n"
OPEN = "open bonedoneskis 1 2 3\n" + HOLES


def war_started(t):
    return [a for a in t.said if a.rule == "dueling-snowmen" and a.kind == Kind.OBLIGATION and a.amount]


def assert_war(t: Table, a: int, b: int):
    (started,) = war_started(t)
    assert started.seats == (a, b) and started.amount == D("5.00")
    assert sorted(t.paid("dueling-snowmen")) == [(f"seat:{a}", "pot:war", D("2.50")),
                                                 (f"seat:{b}", "pot:war", D("2.50"))]
    assert t.net("pot:war") == D("5.00")
    (p,) = t.pending("dueling-snowmen")
    assert p.seat is None and p.choices == ()


# --------------------------------------------------------------------------- when war starts
def test_two_eights_dealt_one_after_the_other_start_a_war():
    t = Table(OPEN + "up 1 8C, 2 8D")
    assert_war(t, 1, 2)
    assert t.state.pot_total() == D("1.50")  # the stakes are not in the main pot


def test_eights_not_dealt_consecutively_start_nothing():
    t = Table(OPEN + "up 1 8C, 2 KH, 3 8D")
    assert war_started(t) == [] and t.paid("dueling-snowmen") == []


def test_war_between_streets_last_card_of_third_and_first_of_fourth():
    t = Table(OPEN + "up 1 KH, 2 QC, 3 8H")
    t.bets()
    t.do("up 1 8D")
    assert_war(t, 1, 3)


def test_pac_man_wrap_around_between_players_2_and_3():
    """Player 1: X-X-J-4 · Player 2: X-X-K-8 · Player 3: X-X-8."""
    t = Table(OPEN + "up 1 JH, 2 KH, 3 8C")
    t.bets()
    t.do("up 1 4C, 2 8D")
    assert_war(t, 2, 3)
    t.refuses("up 3 AS", "waiting for the host")  # the main deal stops for the war


def test_pac_man_wrap_around_can_be_switched_off():
    t = Table("open bonedoneskis 1 2 3 snowmen_wrap=false\n" + HOLES + "up 1 JH, 2 KH, 3 8C")
    t.bets()
    t.do("up 1 4C, 2 8D")
    assert war_started(t) == []


def test_red_eights_only_setting():
    t = Table("open bonedoneskis 1 2 3 snowmen_eights=red\n" + HOLES + "up 1 8C, 2 8S")
    assert war_started(t) == []
    t = Table("open bonedoneskis 1 2 3 snowmen_eights=red\n" + HOLES + "up 1 8H, 2 8D")
    assert_war(t, 1, 2)


def test_a_folded_players_eight_is_gone():
    t = Table(OPEN + "up 1 5S, 2 QC, 3 8H\nbring_in 1; call 2; fold 3")
    t.do("up 1 8D")
    assert war_started(t) == []


def test_an_eight_received_in_a_trade_is_not_dealt():
    t = Table(OPEN + "up 1 9D, 2 8C, 3 KH")
    t.do("decide 1 trade-cards trade seat=2 card=8C")
    t.bets()
    t.do("up 1 8D")  # seat 1 shows the 8♣ from the trade and gets the 8♦: not a deal in a row
    assert war_started(t) == []


# --------------------------------------------------------------------------- playing the war
def test_the_war_blocks_the_deal_and_the_betting_until_settled():
    t = Table(OPEN + "up 1 KH, 2 8C, 3 8D")  # the last card of the street starts the war
    assert_war(t, 2, 3)
    t.refuses("bring_in 2", "waiting for the host")
    t.do("war 2 KS\nwar 3 2H\nwar 3 3H\nwar 2 9C")
    assert t.pending() == [] and t.net("pot:war") == D("0")
    t.bets()
    assert t.state.hand.street == 4


def test_war_input_is_checked():
    t = Table(OPEN + "up 1 8C, 2 8D")
    t.refuses("war 3 KH", "the war is between seats 1 and 2")
    t.do("war 1 KH")
    t.refuses("war 1 QH", "seat 1 has played its card for this battle")
    t.refuses("war 2 KH", "already played in this war")
    t = Table(OPEN + "up 1 KH, 2 QC, 3 TD")
    t.refuses("war 1 AS", "no side game")


def test_best_two_of_three_the_war_pot_goes_to_the_winner_and_the_hand_completes():
    t = Table(OPEN + "up 1 8C, 2 8D")
    t.do("war 1 KH\nwar 2 QH")   # seat 1
    t.do("war 1 2C\nwar 2 AS")   # seat 2
    assert t.pending("dueling-snowmen")
    t.do("war 2 9C\nwar 1 TD")   # seat 1: two of three
    assert [a.seats for a in t.said if a.rule == "dueling-snowmen" and "War battle" in a.text] == [(1, 2)] * 3
    assert ("pot:war", "seat:1", D("5.00")) in t.paid("dueling-snowmen")
    assert t.net("pot:war") == D("0") and t.pending() == []
    assert any("seat 1 wins the war" in a.text for a in t.said)
    # The hand goes on: third street's last card, then every street to the showdown.
    t.do("up 3 KH")
    t.bets()
    t.do("up 1 QD, 2 JH, 3 TC")
    t.bets()
    t.do("up 1 9S, 2 6C, 3 4S\ndecide host i-got-the-nine not-performed")
    t.bets()
    t.do("down 1 2H, 2 3S, 3 7D")
    t.bets()
    assert t.state.hand.phase == "over"
    assert t.net("pot:main") == D("0") and t.net("pot:war") == D("0")
    assert sum(balances(t.state.transfer_list()).values()) == D("0")


def test_two_straight_wins_end_the_war_early():
    t = Table(OPEN + "up 1 8C, 2 8D\nwar 1 AH\nwar 2 2H\nwar 1 KH\nwar 2 3H")
    assert ("pot:war", "seat:1", D("5.00")) in t.paid("dueling-snowmen")
    t.refuses("war 1 QH", "no side game")
    t.do("up 3 KD")


def test_an_undecided_war_splits_the_war_pot():
    t = Table(OPEN + "up 1 8C, 2 8D\nwar 1 KH\nwar 2 KS\nwar 1 AH\nwar 2 2H\nwar 1 3C\nwar 2 QC")
    assert sorted(p for p in t.paid("dueling-snowmen") if p[0] == "pot:war") == \
        [("pot:war", "seat:1", D("2.50")), ("pot:war", "seat:2", D("2.50"))]
    assert any("split" in a.text for a in t.said if a.rule == "dueling-snowmen")
    assert t.net("seat:1") == t.net("seat:2") == D("-0.50")


REPLAY = "open bonedoneskis 1 2 3 war_tie=replay\n" + HOLES


def test_an_undecided_war_is_fought_again_with_war_tie_replay():
    # A tie, then one battle each: nobody has two wins after three battles.
    t = Table(REPLAY + "up 1 8C, 2 8D\nwar 1 KH\nwar 2 KS\nwar 1 AH\nwar 2 2H\nwar 1 3C\nwar 2 QC")
    (again,) = [a for a in t.said if "fought again" in a.text]
    assert again.seats == (1, 2) and again.rule == "dueling-snowmen"
    assert t.net("pot:war") == D("5.00") and t.pending("dueling-snowmen")
    t.refuses("up 3 KD", "waiting for the host")
    t.refuses("war 1 KH", "already played in this war")    # the cards played stay out of the war deck
    t.do("war 1 2C\nwar 2 9C\nwar 1 AS\nwar 2 3H")        # the new war's score starts from nothing: 1-1
    assert t.pending("dueling-snowmen")
    t.do("war 1 4D\nwar 2 TD")                              # seat 2's second win of the new war
    assert ("pot:war", "seat:2", D("5.00")) in t.paid("dueling-snowmen")
    assert t.net("pot:war") == D("0") and t.pending() == []
    assert any("seat 2 wins the war" in a.text for a in t.said)
    t.do("up 3 KD")


def test_a_war_fought_again_until_the_war_deck_runs_out_is_split():
    t = Table(REPLAY + "up 1 8C, 2 8D")
    ties = [(f"{r}{x}", f"{r}{y}") for r in "23456789TJQKA" for x, y in (("S", "H"), ("D", "C"))]
    t.do("\n".join(f"war 1 {p}\nwar 2 {q}" for p, q in ties[:-1]))
    assert len([a for a in t.said if "fought again" in a.text]) == 8 and t.pending("dueling-snowmen")
    t.do(f"war 1 {ties[-1][0]}\nwar 2 {ties[-1][1]}")    # the 26th battle: no card left for another
    assert sorted(p for p in t.paid("dueling-snowmen") if p[0] == "pot:war") == \
        [("pot:war", "seat:1", D("2.50")), ("pot:war", "seat:2", D("2.50"))]
    assert t.pending() == []


def test_war_tie_setting_is_checked():
    Table("open bonedoneskis 1 2 3 war_tie=replay").refuses("open bonedoneskis 1 2 3 war_tie=coin", "war_tie must be 'split' or 'replay'")


def test_a_second_war_later_in_the_hand():
    t = Table(OPEN + "up 1 8C, 2 8D\nwar 1 AH\nwar 2 2H\nwar 1 KH\nwar 2 3H\nup 3 KD")
    t.bets()
    t.do("up 1 8H")  # PAC-MAN: seat 2, next round the table, still shows its 8♦ from third street
    second = war_started(t)[1]
    assert len(war_started(t)) == 2 and second.seats == (1, 2)
    t.refuses("up 2 AC", "waiting for the host")
    assert t.net("pot:war") == D("5.00")


def test_a_hand_that_ends_before_the_war_is_settled_gives_the_stakes_back():
    t = Table("open bonedoneskis 1 2 3\nhand 1 dealer 3\ndown 1 6D, 2 2D, 3 9H; down 1 5C, 2 5D, 3 5H\n"
              "up 1 6H, 2 8C, 3 8D\nwar 2 KH")
    assert t.net("pot:war") == D("5.00")
    t.do("expose 1 6D -- shown by mistake")  # a Bonedoneskis ends the hand in the middle of the war
    assert t.state.hand.phase == "over"
    assert t.net("pot:war") == D("0") and t.net("seat:2") == t.net("seat:3") == D("-0.50")
    assert any("stakes go back" in a.text for a in t.said if a.rule == "dueling-snowmen")
    # The next hand's war pot starts empty and pays only its own stakes.
    t.do("hand 2 dealer 1\ndown 1 2C, 2 2D, 3 9H; down 1 5C, 2 5D, 3 5H\nup 2 8C, 3 8D\n"
         "war 2 AH\nwar 3 2H\nwar 2 AS\nwar 3 2S\nup 1 KH")
    assert ("pot:war", "seat:2", D("5.00")) in t.paid("dueling-snowmen")


def test_a_misdeal_during_the_war_returns_every_stake():
    t = Table(OPEN + "up 1 8C, 2 8D\nend misdeal")
    assert all(v == D("0") for v in balances(t.state.transfer_list()).values())
