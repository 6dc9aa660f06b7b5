"""Bonedoneskis house rules that turn cards over: Queen of Hearts, The King's Men, 4-tician (with
Killer 4) and The River King."""


from referee.announcements import Kind
from referee.games.bonedoneskis import powers
from referee.ledger import balances

from bonedoneskis_table import Table

HOLES = "open bonedoneskis 1 2 3\nhand 1 dealer 3\ndown 1 2C, 2 2D, 3 9H; down 1 5C, 2 5D, 3 5H\n"


# --------------------------------------------------------------------------- Queen of Hearts
def test_queen_of_hearts_pick_makes_the_target_turn_that_card_up_and_betting_waits():
    t = Table(HOLES + "up 1 QH, 2 KH, 3 TD")
    (p,) = t.pending("queen-of-hearts")
    assert (p.seat, p.choices, p.lapses) == (1, ("pick", "pass"), "betting")
    t.refuses("decide 2 queen-of-hearts pick seat=1 card=2C", "no queen-of-hearts decision is waiting for seat 2")
    t.refuses("decide 1 queen-of-hearts grab seat=2 card=5D", "not a choice")
    t.refuses("decide 1 queen-of-hearts pick", "target_seat")
    t.refuses("decide 1 queen-of-hearts pick seat=2 card=AS", "no face-down A♠")
    t.do("decide 1 queen-of-hearts pick seat=2 card=5D")
    assert any(a.seats == (1, 2) for a in t.said_by("queen-of-hearts"))
    (turn,) = t.pending("turn-up")
    assert (turn.seat, turn.blocks, turn.get("card")) == (2, "betting", "5D")
    t.refuses("decide 1 queen-of-hearts pick seat=3 card=9H", "no queen-of-hearts decision")
    t.refuses("bring_in 3", "waiting for seat 2")
    t.refuses("expose 2 2D", "must turn up the 5♦")
    t.do("expose 2 5D")
    assert t.board(2) == ["(2D)", "5D", "KH"]
    assert "exposed-by:queen-of-hearts" in t.tags(2, 1)
    assert t.pending() == []
    t.refuses("bring_in 3", "seat 2's turn")  # the 5♦ now up is the lowest card: seat 2 brings in
    t.do("bring_in 2")


def test_queen_of_hearts_pass_and_lapse():
    t = Table(HOLES + "up 1 QH, 2 KH, 3 TD\ndecide 1 queen-of-hearts pass")
    assert t.pending() == []
    t.refuses("decide 1 queen-of-hearts pick seat=2 card=5D", "no queen-of-hearts decision")
    t = Table(HOLES + "up 1 QH, 2 KH, 3 TD\nbring_in 3")
    assert any(a.text.startswith("Lapsed") and a.seats == (1,) for a in t.said_by("queen-of-hearts"))
    t.refuses("decide 1 queen-of-hearts pick seat=2 card=5D", "no queen-of-hearts decision")


# ------------------------------------------------------------------------------ King's Men
def test_kings_men_black_king_turns_up_a_hole_card_of_the_owners_choice():
    t = Table(HOLES + "up 1 KS, 2 KH, 3 TD")
    assert t.said_by("kings-men")[0].seats == (1,)
    (p,) = t.pending("turn-up")
    assert (p.seat, p.blocks, p.get("card"), p.get("by")) == (1, "betting", None, "kings-men")
    t.refuses("bring_in 3", "waiting for seat 1")
    t.do("expose 1 5C")
    assert t.board(1) == ["(2C)", "5C", "KS"] and "exposed-by:kings-men" in t.tags(1, 1)
    assert t.pending() == []
    t.do("bring_in 1")  # the 5♣ turned up is now the lowest card


def test_red_king_up_asks_nothing():
    t = Table(HOLES + "up 1 KD, 2 KH, 3 TD")
    assert t.pending() == [] and t.said_by("kings-men") == []


def test_kings_men_and_a_queen_pick_on_one_seat_each_settled_by_the_right_card():
    # Seat 2 owes a card of its choice (K♣) and the 5♦ seat 1 picked (Q♥): turning up the 5♦
    # settles the pick, not the King's Men.
    t = Table(HOLES + "up 1 QH, 2 KC, 3 TD\ndecide 1 queen-of-hearts pick seat=2 card=5D")
    assert sorted(p.get("by") for p in t.pending("turn-up")) == ["kings-men", "queen-of-hearts"]
    t.do("expose 2 5D")
    (left,) = t.pending("turn-up")
    assert left.get("by") == "kings-men"
    t.refuses("bring_in 3", "waiting for seat 2")
    t.do("expose 2 2D")
    assert t.pending() == [] and t.board(2) == ["2D", "5D", "KC"]
    t.do("bring_in 2")


# -------------------------------------------------------------------------------- 4-tician
def test_four_tician_sheet_example_killer_4():
    """Player A (seat 1) X-X-6♠-4♣-Q♥ makes B (seat 2) expose a hole card, it is the 4♥; B makes A
    turn down the 4♣, and A's hand cannot win at showdown."""
    t = Table("open bonedoneskis 1 2 3\nhand 1 dealer 3\ndown 1 AC, 2 4H, 3 9H; down 1 AD, 2 5D, 3 5H\n"
              "up 1 6S, 2 KH, 3 QD")
    t.bets()
    t.do("up 1 4C, 2 KD, 3 QC")
    t.bets()
    t.do("up 1 QH, 2 9C, 3 TH\ndecide 1 queen-of-hearts pick seat=2 card=4H\nexpose 2 4H")
    assert t.board(1)[2:] == ["6S", "4C", "QH"]
    (p,) = t.pending("four-tician")
    assert (p.seat, p.choices, p.lapses) == (2, ("turn-down", "pass"), "betting")
    t.do("decide 2 four-tician turn-down seat=1 card=4C")
    assert t.board(1)[2:] == ["6S", "(4C)", "QH"]
    assert t.said_by("killer-4")[0].seats == (1,)
    t.refuses("decide 2 four-tician turn-down seat=1 card=6S", "no four-tician decision")
    t.bets()
    t.do("down 1 8D, 2 3C, 3 2D")
    t.bets()
    hand, settings = t.state.hand, t.state.settings
    # A has three aces (the 6♠ plays as an ace) and would beat B's kings...
    assert powers.evaluate_seat(hand, settings, 1, up_only=False).key > \
        powers.evaluate_seat(hand, settings, 2, up_only=False).key
    # ...but the face-down 4♣ kills A's hand: B wins.
    assert hand.phase == "over"
    dead = [a for a in t.said_by("killer-4") if "dead" in a.text]
    assert len(dead) == 1 and dead[0].seats == (1,)
    (over,) = [a for a in t.said if a.kind == Kind.HAND_OVER]
    assert over.seats == (2,)
    assert balances(t.state.transfer_list())["seat:2"] > 0


def test_four_tician_dealt_pass_lapse_and_wrong_card():
    t = Table(HOLES + "up 1 4D, 2 KH, 3 TD")
    (p,) = t.pending("four-tician")
    assert p.seat == 1
    t.refuses("decide 1 four-tician turn-down seat=2 card=AS", "seat 2 has no face-up A♠")
    t.refuses("decide 1 four-tician turn-down", "target_seat")
    t.refuses("decide 2 four-tician turn-down seat=1 card=4D", "no four-tician decision is waiting for seat 2")
    t.refuses("decide 1 four-tician turn down", "not a choice")
    t.do("decide 1 four-tician pass")
    t.refuses("decide 1 four-tician turn-down seat=2 card=KH", "no four-tician decision")
    t = Table(HOLES + "up 1 4D, 2 KH, 3 TD\nbring_in 1")  # the red 4 is the lowest card
    assert any(a.text.startswith("Lapsed") for a in t.said_by("four-tician"))
    t.refuses("decide 1 four-tician turn-down seat=2 card=KH", "no four-tician decision")
    assert t.board(2)[2] == "KH"


def test_four_tician_turns_back_down_a_card_the_queen_turned_up():
    t = Table(HOLES + "up 1 QH, 2 KH, 3 4D\ndecide 1 queen-of-hearts pick seat=2 card=5D\nexpose 2 5D")
    assert t.board(2) == ["(2D)", "5D", "KH"]
    t.do("decide 3 four-tician turn-down seat=2 card=5D")
    assert t.board(2) == ["(2D)", "(5D)", "KH"] and "turned_down" in t.tags(2, 1)
    assert t.said_by("killer-4") == []


# ------------------------------------------------------------ the power goes with the card
def test_queen_of_hearts_turned_face_down_takes_the_pick_with_it():
    t = Table(HOLES + "up 1 QH, 2 4H, 3 TD\ndecide 2 four-tician turn-down seat=1 card=QH")
    gone = [a for a in t.said_by("queen-of-hearts") if "no longer" in a.text]
    assert [(a.text, a.seats) for a in gone] == \
        [("Queen of Hearts: seat 1 no longer holds the Q♥ face up; the option is gone.", (1,))]
    assert t.pending() == []
    t.refuses("decide 1 queen-of-hearts pick seat=2 card=5D", "no queen-of-hearts decision")
    assert t.board(2)[:2] == ["(2D)", "(5D)"]


def test_queen_of_hearts_traded_away_takes_the_pick_with_it():
    t = Table(HOLES + "up 1 QH, 2 9D, 3 TD\ndecide 2 trade-cards trade seat=1 card=QH")
    assert t.board(2)[2] == "QH"
    assert any("seat 1 no longer holds the Q♥" in a.text for a in t.said_by("queen-of-hearts"))
    t.refuses("decide 1 queen-of-hearts pick seat=3 card=5H", "no queen-of-hearts decision is waiting for seat 1")


def test_four_tician_red_four_turned_face_down_takes_the_option_with_it():
    t = Table(HOLES + "up 1 4D, 2 KH, 3 TD\nturndown 1 4D -- the dealer turned it over")
    gone = [a for a in t.said_by("four-tician") if "no longer" in a.text]
    assert [(a.text, a.seats) for a in gone] == \
        [("4-tician: seat 1 no longer holds the 4♦ face up; the option is gone.", (1,))]
    assert t.pending("four-tician") == []
    t.refuses("decide 1 four-tician turn-down seat=2 card=KH", "no four-tician decision")
    assert t.board(2)[2] == "KH"


def test_four_tician_red_four_traded_away_takes_the_option_with_it():
    t = Table(HOLES + "up 1 4D, 2 9D, 3 TD\ndecide 2 trade-cards trade seat=1 card=4D")
    assert t.board(2)[2] == "4D" and t.pending() == []  # its new holder gets none: it was not dealt there
    t.refuses("decide 1 four-tician turn-down seat=3 card=TD", "no four-tician decision")
    assert t.board(3)[2] == "TD"


# ------------------------------------------------- a Q♥ or black King received in a trade
def test_queen_of_hearts_received_in_a_trade_gives_its_new_holder_the_pick():
    t = Table(HOLES + "up 1 QH, 2 9D, 3 TD\ndecide 2 trade-cards trade seat=1 card=QH")
    (p,) = t.pending("queen-of-hearts")
    assert p.seat == 2
    t.do("decide 2 queen-of-hearts pick seat=3 card=5H")
    assert t.pending("turn-up")[0].seat == 3


def test_queen_of_hearts_received_in_a_trade_gives_nothing_with_received_power_off():
    t = Table("open bonedoneskis 1 2 3 received_power=false\n" + HOLES.split("\n", 1)[1]
              + "up 1 QH, 2 9D, 3 TD\ndecide 2 trade-cards trade seat=1 card=QH")
    assert t.pending() == []


def test_black_king_traded_away_takes_the_turn_up_with_it_to_its_new_holder():
    t = Table(HOLES + "up 1 KS, 2 9D, 3 TD\ndecide 2 trade-cards trade seat=1 card=KS")
    assert [(a.text, a.seats) for a in t.said_by("kings-men") if "no longer" in a.text] == \
        [("The King's Men: seat 1 no longer holds the K♠ face up; the obligation is gone.", (1,))]
    (p,) = t.pending("turn-up")
    assert (p.seat, p.get("by")) == (2, "kings-men")
    t.do("expose 2 5D")
    assert t.pending() == [] and "exposed-by:kings-men" in t.tags(2, 1)


def test_black_king_traded_away_with_the_turn_up_staying():
    table = "open bonedoneskis 1 2 3 kings_men_card_gone=stays{}\n" + HOLES.split("\n", 1)[1] + \
        "up 1 KS, 2 9D, 3 TD\ndecide 2 trade-cards trade seat=1 card=KS"
    t = Table(table.format(""))
    assert sorted(p.seat for p in t.pending("turn-up")) == [1, 2]   # its old holder owes it still, the new one too
    t = Table(table.format(" received_power=false"))
    assert [p.seat for p in t.pending("turn-up")] == [1]
    assert not any("no longer" in a.text for a in t.said_by("kings-men"))
    t.do("expose 1 5C")
    assert t.pending() == []


def test_the_new_settings_are_checked():
    t = Table("open bonedoneskis 1 2 3 kings_men_card_gone=stays two_hog_card_gone=stays own_exposure=counts")
    for bad, words in (("kings_men_card_gone=maybe", "kings_men_card_gone must be 'lapses' or 'stays'"),
                       ("two_hog_card_gone=later", "two_hog_card_gone must be 'lapses' or 'stays'"),
                       ("own_exposure=sometimes", "own_exposure must be 'refused' or 'shown' or 'counts'")):
        t.refuses(f"open bonedoneskis 1 2 3 {bad}", words)


# ----------------------------------------------------------- a hole card its owner turns up
OWN = "open bonedoneskis 1 2 3{}\nhand 1 dealer 3\ndown 1 {}, 2 2D, 3 9H; down 1 {}, 2 5D, 3 5H\n"


def test_own_exposure_is_only_shown_it_sets_off_no_power():
    for hole in ("3H", "QH", "8S", "4D", "KS", "JS"):
        t = Table(OWN.format(" own_exposure=shown", hole, "5C") + f"up 1 KD, 2 KH, 3 QD\nexpose 1 {hole}")
        assert t.board(1)[0] == hole and t.pending() == [], hole
        assert "own-exposure" in t.tags(1, 0)
    t = Table(OWN.format(" own_exposure=shown", "JH", "5C") + "up 1 4C, 2 KH, 3 QD\nexpose 1 JH")   # what a board shows counts
    assert [p.seat for p in t.pending("fish-hook")] == [1]


def test_own_exposure_shown_is_judged_as_a_hole_card_at_showdown():
    t = Table(OWN.format(" own_exposure=shown", "7C", "4C") + "up 1 KD, 2 KH, 3 QD\nexpose 1 7C\nexpose 1 4C")
    hand, settings = t.state.hand, t.state.settings
    assert not powers.is_wild(hand.boards[1].slots[0], settings)
    assert "Killer 4" in powers.dead_reason(hand, 1)


def test_own_exposure_counts_setting_makes_it_a_card_turned_up():
    t = Table(OWN.format(" own_exposure=counts", "3H", "7C") + "up 1 KD, 2 KH, 3 QD\nexpose 1 3H\nexpose 1 7C")
    assert [p.get("card") for p in t.pending("threes")] == ["3H"]
    assert "own-exposure" not in t.tags(1, 1)
    assert powers.is_wild(t.state.hand.boards[1].slots[1], t.state.settings)
    t = Table(OWN.format(" own_exposure=counts", "4C", "5C") + "up 1 KD, 2 KH, 3 QD\nexpose 1 4C")
    assert powers.dead_reason(t.state.hand, 1) is None


def test_a_shown_card_traded_away_is_a_card_like_any_other_on_its_new_board():
    t = Table(OWN.format(" own_exposure=shown", "7C", "5C") + "up 1 KD, 2 8S, 3 QD\nexpose 1 7C\n"
              "decide 2 eight-ball trade seat=1 card=7C")
    assert t.board(2)[2] == "7C" and "own-exposure" not in t.tags(2, 2)
    assert powers.is_wild(t.state.hand.boards[2].slots[2], t.state.settings)


# ---------------------------------------------------------------------------- River King
RIVER_KING = ("open bonedoneskis 1 2 3\nhand 1 dealer 3\ndown 1 2C, 2 KD, 3 9H; down 1 5C, 2 5D, 3 5H\n"
              "up 1 QH, 2 9C, 3 TD\ndecide 1 queen-of-hearts pick seat=2 card=KD\nexpose 2 KD\n")


def _to_the_river(t: Table, fourth="up 1 JH, 2 QD, 3 AC"):
    t.bets()
    t.do(fourth)
    for p in t.pending("four-tician"):
        t.do(f"decide {p.seat} four-tician pass")
    t.bets()
    t.do("up 1 8H, 2 TC, 3 AH")
    t.bets()
    assert t.state.hand.street == t.state.hand.final_street == 6


def test_river_king_turned_up_by_the_queen_sends_everyone_elses_river_up():
    t = Table(RIVER_KING)
    _to_the_river(t)
    (a,) = t.said_by("river-king")
    assert a.seats == (1, 3)
    t.refuses("down 1 3S", "River King")
    t.refuses("down 1 ?", "River King")
    t.do("up 1 3S\ndown 2 4S")  # the King's own seat gets its river face down
    t.refuses("down 3 6C", "River King")
    t.do("up 3 6C")
    assert t.board(1)[-1] == "3S" and t.board(2)[-1] == "(4S)" and t.board(3)[-1] == "6C"


def test_river_king_turned_up_by_a_black_king():
    t = Table("open bonedoneskis 1 2 3\nhand 1 dealer 3\ndown 1 2C, 2 KH, 3 9H; down 1 5C, 2 5D, 3 5H\n"
              "up 1 QC, 2 KS, 3 TD\nexpose 2 KH")
    _to_the_river(t)
    assert t.said_by("river-king")[0].seats == (1, 3)
    t.refuses("down 3 6C", "River King")


def test_river_king_turned_back_down_does_not_count():
    t = Table(RIVER_KING)
    _to_the_river(t, fourth="up 1 JH, 2 QD, 3 4D\ndecide 3 four-tician turn-down seat=2 card=KD")
    assert t.board(2)[0] == "(KD)"
    assert t.said_by("river-king") == []
    t.do("down 1 3S, 2 4S, 3 6C")
    assert t.state.hand.phase in ("betting", "over")


def test_red_king_dealt_face_up_is_no_river_king():
    t = Table(HOLES + "up 1 KH, 2 QC, 3 TD")
    _to_the_river(t)
    assert t.said_by("river-king") == []
    t.do("down 1 3S, 2 4S, 3 6C")


def test_two_river_kings_send_every_river_up():
    t = Table("open bonedoneskis 1 2 3\nhand 1 dealer 3\ndown 1 KH, 2 KD, 3 9H; down 1 5C, 2 5D, 3 5H\n"
              "up 1 QH, 2 9C, 3 TD\ndecide 1 queen-of-hearts pick seat=2 card=KD\nexpose 2 KD")
    _to_the_river(t, fourth="up 1 KS, 2 QD, 3 AC\nexpose 1 KH")
    assert t.said_by("river-king")[0].seats == (1, 2, 3)
    t.refuses("down 2 4S", "River King")
    t.do("up 1 3S, 2 4S, 3 6C")
    assert [t.board(s)[-1] for s in (1, 2, 3)] == ["3S", "4S", "6C"]
