"""A card does not turn, change hands or leave the table by itself: a move entered (or seen by the
camera) with no rule behind it is refused in words, and the host may still correct the table by
hand, with a reason that everyone hears (audit defect 3)."""

from bonedoneskis_table import Table

DEAL = "open bonedoneskis 1 2 3\nhand 1 dealer 3\ndown 1 7H, 2 2D, 3 9H; down 1 5C, 2 5D, 3 5H\n"


def test_a_seat_cannot_flip_its_own_hole_seven_up():
    t = Table(DEAL + "up 1 KH, 2 9C, 3 TD")
    t.refuses("expose 1 7H", "no rule lets seat 1 turn the 7♥ face up now")
    assert t.board(1)[0] == "(7H)"


def test_a_wild_seven_is_not_turned_down_silently():
    t = Table(DEAL + "up 1 7C, 2 9C, 3 TD")
    t.refuses("turndown 1 7C", "no rule lets seat 1 turn the 7♣ face down now")


def test_a_card_the_queen_forced_up_stays_up():
    t = Table(DEAL + "up 1 QH, 2 9C, 3 TD\ndecide 1 queen-of-hearts pick seat=2 card=5D\nexpose 2 5D")
    t.refuses("turndown 2 5D", "no rule lets seat 2 turn the 5♦ face down now")


def test_cards_do_not_change_hands_or_leave_without_a_rule():
    t = Table(DEAL + "up 1 KH, 2 9C, 3 TD")
    t.refuses("swap 1 KH 2 9C", "no rule lets seat 1 and seat 2 trade K♥ for 9♣ now")
    t.refuses("move 1 KH 3", "no rule lets the K♥ move from seat 1 to seat 3 now")
    t.refuses("discard 3 TD", "no rule lets seat 3 discard the 10♦ now")


def test_the_host_corrects_the_table_with_a_reason_everyone_hears():
    t = Table(DEAL + "up 1 7C, 2 9C, 3 TD")
    t.do("turndown 1 7C -- dealt face up by mistake")
    assert [a.text for a in t.said_by("correction")] == \
        ["Host correction: seat 1 turn the 7♣ face down (dealt face up by mistake)."]
    assert t.board(1)[-1] == "(7C)"
