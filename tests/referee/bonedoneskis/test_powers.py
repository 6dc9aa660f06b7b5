"""Card powers: Stone Cold Nuts, The 7's, Black 6's, Red 6's, Ace Option, No Copies, Schizo4nia,
Killer 4 and Codependent 2's, judged by `powers` on one board and in whole hands (bring-in and
showdown)."""

from decimal import Decimal

import pytest

from referee.cards import parse_card
from referee.engine import Refusal
from referee.poker.evaluator import Category
from referee.games.bonedoneskis import powers
from referee.games.bonedoneskis.settings import BonedoneskisSettings
from referee.ledger import balances
from referee.script import call_around, play
from referee.games.bonedoneskis.hand import BonedoneskisHand as Hand
from referee.games.stud_state import SeatHand, Slot


def value(text, combos=(), *, up_only=False, **settings):
    """One board in a small notation: `AS` up, `(AS)` down, `JS!` activated, `4S@5` Schizo street,
    `7H^` a hole card turned up, `(7H_)` an up card turned down; combos: ("5D", "2C") pairs."""
    return powers.evaluate_seat(board(text, combos), BonedoneskisSettings(**settings), 1, up_only=up_only)


def board(text, combos=()):
    """A one-seat hand holding the board written as for `value`."""
    slots = []
    for order, token in enumerate(text.split(), start=1):
        down = token.startswith("(")
        token, tags = token.strip("()"), set()
        if token.endswith("!"):
            token, _ = token[:-1], tags.add("activated")
        if "@" in token:
            token, street = token.split("@")
            tags.add(f"schizo:{street}")
        if token.endswith("^"):
            token, _ = token[:-1], tags.add("was_down")
        if token.endswith("_"):
            token, _ = token[:-1], tags.add("turned_down")
        slots.append(Slot(parse_card(token), not down, 3, order, frozenset(tags)))
    hand = Hand(number=0, dealer=1, order=(1,), boards={1: SeatHand(1, tuple(slots))}, final_street=len(slots))
    hand.combined = tuple((1, left, two) for left, two in combos)
    return hand


def cat(v):
    return v.category


def played(v):
    return {c.code: p.code for c, p in v.plays_as.items()}


# ------------------------------------------------------------------------ Stone Cold Nuts
def test_stone_cold_nuts_beats_five_of_a_kind_and_a_royal_flush():
    nuts = value("2S 2H 2D 5C 5D")
    assert cat(nuts) == Category.NAMED and "Stone Cold Nuts" in nuts.name
    five_fours = value("4S@5 4H 4D 4C KS")
    assert cat(five_fours) == Category.FIVE_OF_A_KIND
    assert nuts > five_fours > value("AS KS QS JS TS")
    assert value("5S 5H 5D 2C 2D") < value("9S 9H 9D 9C KD")          # 5s full of 2s is no nuts


@pytest.mark.parametrize("board", ["2S 2H 7D 5C 5D", "2S JC! 7D 5C 5D", "7S 7D 7H 2C 5H"])
def test_wild_cards_may_make_the_nuts(board):
    v = value(board)
    assert cat(v) == Category.NAMED and sorted(p.rank for p in v.cards) == [2, 2, 2, 5, 5]


def test_two_nuts_tie():
    assert value("2S 2H 2D 5C 5D").key == value("2C 7H 5S 5H 2D").key


# --------------------------------------------------------------------------------- The 7's
def test_face_up_seven_is_wild():
    assert cat(value("(9C) (2D) 7C KD KS")) == Category.THREE_OF_A_KIND      # X-X-7♣-K♦-K♠


def test_hole_seven_is_not_wild():
    v = value("(7C) (2D) 9H KD KS")
    assert cat(v) == Category.PAIR and v.key[1] == 13 and not v.plays_as


def test_seven_turned_down_is_not_wild():
    assert cat(value("(9C) (2D) (7C_) KD KS")) == Category.PAIR


def test_hole_seven_turned_up_is_wild_unless_the_setting_says_no():
    assert cat(value("(9C) (2D) 7C^ KD KS")) == Category.THREE_OF_A_KIND
    assert cat(value("(9C) (2D) 7C^ KD KS", hole_seven_wild=False)) == Category.PAIR


def test_wild_seven_may_not_copy_a_held_card():
    v = value("AS KS QS JS 7H")
    assert cat(v) == Category.STRAIGHT_FLUSH and played(v) == {"7H": "TS"}
    assert cat(value("AS AH AD AC 7H")) == Category.FOUR_OF_A_KIND          # no fifth ace to copy


# ------------------------------------------------------------------------- 6s and Aces
def test_black_six_plays_as_any_ace_or_itself():
    v = value("6C AH AD KS KD")
    assert cat(v) == Category.FULL_HOUSE and v.key[1] == 14
    assert cat(value("2C 3C 4C 5C 6C")) == Category.STRAIGHT_FLUSH        # the 6♣ as itself


def test_red_six_has_no_value_not_even_a_pair():
    v = value("6H 6D KS QC 9H 2D")
    assert cat(v) == Category.HIGH_CARD and v.key[1] == 13
    assert value("6H KS KD QC JH 9C").key == value("KS KD QC JH 9C").key  # six cards play as five
    assert cat(value("2C 3D 4H 5S 6H")) == Category.HIGH_CARD               # no straight through it


def test_ace_option_example_straight_flush_six_high():
    v = value("AS 2H 4H 5H 3H 6H")
    assert cat(v) == Category.STRAIGHT_FLUSH and v.key[1] == 6
    assert played(v) == {"AS": "6H"}


def test_ace_still_plays_as_an_ace():
    assert cat(value("AS AH KD QC 9S")) == Category.PAIR


def test_no_copies_example_six_of_clubs_is_not_the_ace_of_spades():
    v = value("AS 2S 9S 5S AD 6C")
    assert cat(v) == Category.THREE_OF_A_KIND and v.key[1] == 14
    assert played(v)["6C"] in ("AH", "AC")
    assert cat(value("AS 2S 9S 5S AD 6S")) == Category.FLUSH                # a real 5th spade


def no_copies_notes(text):
    hand, settings = board(text), BonedoneskisSettings()
    notes = powers.showdown_notes(hand, settings, 1, powers.evaluate_seat(hand, settings, 1, up_only=False))
    return [words for rule_id, words in notes if rule_id == "no-copies"]


def test_no_copies_is_announced_when_it_changed_the_hand():
    assert no_copies_notes("AS 2S 9S 5S AD 6C") == \
        ["Seat 1: No Copies! the 6♣ may not play as the A♠, which is already in the hand "
         "(without that rule: Flush, Ace high)."]


def test_no_copies_is_not_announced_when_the_hand_is_the_same_without_it():
    # The wild 7♦ and the black 6 may not both be the A♣: an ace-high flush either way (A-K, not A-A).
    assert cat(value("(9C) (7C) TC 6S 7D 4H")) == Category.FLUSH
    assert no_copies_notes("(9C) (7C) TC 6S 7D 4H") == []
    assert no_copies_notes("(8S) (3H) AH 9H 7D AC") == []


# --------------------------------------------------------------------------- Schizo4nia
@pytest.mark.parametrize("board, category, rank", [
    ("4S@3 (8D) (8H) KC 2D", Category.THREE_OF_A_KIND, 8),
    ("4S@3 (QD) (QH) KC 2D", Category.PAIR, 12),                     # 3rd street: not a Queen
    ("4S@4 (QD) (QH) KC 2D", Category.THREE_OF_A_KIND, 12),
    ("4S@4 (8D) (8H) KC 2D", Category.PAIR, 8),                      # 4th street: not an 8
    ("4S@5 (4H) (9C) KC 2D", Category.THREE_OF_A_KIND, 4),           # 4♠ + a suitless 4 + 4♥
    ("4S@5 (9C) (JD) KC 2D", Category.PAIR, 4),
    ("4S (8D) (8H) KC 2D", Category.PAIR, 8),                        # no power (not dealt up on 3-5)
])
def test_schizo4nia_by_street(board, category, rank):
    v = value(board)
    assert (cat(v), v.key[1]) == (category, rank)


def test_schizo_suitless_four_never_makes_a_flush():
    assert cat(value("4S@5 AH 9H KH QH")) == Category.PAIR


# ------------------------------------------------------------------------- Killer 4
def test_killer_four_only_face_down():
    def dead(board):
        slots = tuple(Slot(parse_card(t.strip("()")), not t.startswith("("), 3, i) for i, t in enumerate(board.split()))
        return powers.dead_reason(Hand(number=0, dealer=1, order=(1,), boards={1: SeatHand(1, slots)}, final_street=6), 1)
    assert "Killer 4" in dead("(4C) (KH) KD KS KC")
    assert dead("(AC) (KH) 4C KS KC") is None


# ---------------------------------------------------------------------- Codependent 2's
def test_codependent_sheet_board_reads_a_pair_of_sevens():
    v = value("7H 5D 2C", [("5D", "2C")], up_only=True)             # X-X-7♥-5♦-2♣, 5♦+2♣ = 7♦
    assert cat(v) == Category.PAIR and v.key[1] == 7
    assert value("7H 5D 2C", up_only=True).key[1] == 5               # not combined: the wild 7 pairs the 5


def test_codependent_jacks_read_as_three_jacks_not_a_full_house():
    board = "(JH) (9H) 5S 9D 2C JC"
    v = value(board, [("9D", "2C")])
    assert cat(v) == Category.THREE_OF_A_KIND and v.key[1] == 11
    assert sorted(p.rank for p in v.cards) == [5, 9, 11, 11, 11]
    assert cat(value(board)) == Category.TWO_PAIR                    # separately: Jacks and 9s


def test_codependent_combined_card_may_not_copy_a_held_card():
    assert powers.combined_card(parse_card("8C"), parse_card("2D"), BonedoneskisSettings()) == parse_card("TC")
    assert value("8C 2D TC TH 3S", [("8C", "2D")]).key == value("8C 2D TC TH 3S").key


# ------------------------------------------------------------------------------ whole hands
def passive(state, said):
    """Play the betting round out: bring in, then everyone calls or checks."""
    state, anns = call_around(state)
    said += anns
    return state


def streets(opening, *later):
    """Play a hand street by street, betting passively in between."""
    state, anns = play(opening)
    for text in later:
        state = passive(state, anns)
        state, more = play(text, state)
        anns += more
    return passive(state, anns), anns


def net(state):
    return balances(state.transfer_list())


def winners(anns):
    return [a.seats for a in anns if a.kind.value == "hand_over"]


BRING_IN = "open bonedoneskis 1 2 3 4\nhand 1 dealer 4\ndown 1 KC, 2 KD, 3 QC, 4 QD\ndown 1 9C, 2 9H, 3 3S, 4 3H\n"


@pytest.mark.parametrize("ups, seat", [
    ("7S 8D TC AC", 2),          # the README example: the wild 7 counts high, the 8 brings in
    ("6S 8D TC AC", 2),          # a black 6 may be an ace
    ("6H 2D TC AC", 1),          # a red 6 has no value: lowest of all
    ("4S 5D TC AC", 2),          # the 3rd-street 4♠ may be the 8♠
    ("TC 8D 7S 8C", 4),          # two 8s: clubs are the lowest suit
])
def test_bring_in_judged_with_wild_and_derived_cards(ups, seat):
    text = BRING_IN + "up " + ", ".join(f"{s} {c}" for s, c in zip((1, 2, 3, 4), ups.split()))
    state, anns = play(text)
    assert state.hand.betting.to_act == seat
    assert f"seat {seat} has the lowest card" in anns[-1].text
    with pytest.raises(Refusal, match=f"seat {seat}'s turn"):
        play("bring_in 3", state)


def test_stone_cold_nuts_beat_five_of_a_kind_at_showdown():
    state, anns = streets(
        "open bonedoneskis 1 2 3\nhand 1 dealer 3\ndown 1 2H, 2 4H, 3 AC\ndown 1 5C, 2 4D, 3 KC\n"
        "up 1 5D, 2 4C, 3 QD",
        "up 1 7H, 2 9C, 3 TD", "up 1 KH, 2 4S, 3 9H", "down 1 2C, 2 TH, 3 8H")
    assert state.hand.phase == "over" and winners(anns) == [(1,)]
    assert powers.evaluate_seat(state.hand, state.settings, 2, up_only=False).category == Category.FIVE_OF_A_KIND
    assert net(state)["seat:1"] == Decimal("2.00") and net(state)["seat:2"] == Decimal("-1.00")


KILLER = ("open bonedoneskis 1 2\nhand 1 dealer 2\ndown 1 4C, 2 TH\ndown 1 KH, 2 9H\nup 1 KD, 2 TD\n"
          "bring_in 2; call 1\nup 1 5S, 2 8C\n")


def test_killer_four_kills_the_better_hand_at_showdown():
    state, anns = streets(KILLER, "up 1 5H, 2 AH", "down 1 9C, 2 3C")
    assert winners(anns) == [(2,)]
    assert any(a.rule == "killer-4" and a.seats == (1,) and "dead" in a.text for a in anns)
    assert net(state) == {"seat:1": Decimal("-1.00"), "seat:2": Decimal("1.00"), "pot:main": Decimal("0.00")}


def test_killer_four_bluff_everyone_folds_still_wins():
    state, anns = play(KILLER + "bet 1; fold 2")
    assert winners(anns) == [(1,)] and not any(a.rule == "killer-4" for a in anns)
    assert net(state)["seat:1"] == Decimal("1.00")


@pytest.mark.parametrize("turn_down, winner", [(True, 2), (False, 1)])
def test_seven_turned_down_stops_being_wild_at_showdown(turn_down, winner):
    # Seat 1: (7♣) (2♦) 7♥ K♥ K♦ (9♣): wild 7♥ = three Kings; turned down = Kings and 7s.
    # Seat 2: (Q♣) (Q♦) 4♦ 10♦ 5♣ (Q♠) = three Queens. The hole 7♣ is never wild.
    choice = "turn-down seat=1 card=7H" if turn_down else "pass"
    state, anns = streets(
        f"open bonedoneskis 1 2\nhand 1 dealer 2\ndown 1 7C, 2 QC\ndown 1 2D, 2 QD\nup 1 7H, 2 4D\n"
        f"decide 2 four-tician {choice}",
        "up 1 KH, 2 TD", "up 1 KD, 2 5C", "down 1 9C, 2 QS")
    assert winners(anns) == [(winner,)]


def test_schizo_power_is_given_when_the_four_of_spades_is_dealt_up():
    state, anns = play(BRING_IN + "up 1 4S, 2 8D, 3 TC, 4 AC")
    assert "schizo:3" in state.hand.boards[1].slots[-1].tags
    assert [a.seats for a in anns if a.rule == "schizo4nia"] == [(1,)]
    state, anns = play("open bonedoneskis 1 2\nhand 1 dealer 2\ndown 1 4S, 2 KD\ndown 1 9C, 2 9H\nup 1 TC, 2 AC")
    assert not any(a.rule == "schizo4nia" for a in anns)


CODEP = "open bonedoneskis 1 2\nhand 1 dealer 2\ndown 1 {hole}, 2 KD\ndown 1 9C, 2 9H\nup 1 {third}, 2 AC\n"


def test_codependent_two_combined_in_a_hand():
    state, _ = streets(CODEP.format(hole="3S", third="7H"), "up 1 5D, 2 TH")
    state, anns = play("up 1 2C, 2 QC", state)                       # X-X-7♥-5♦-2♣ on 5th street
    (p,) = [p for p in state.pending() if p.rule == "codependent-twos"]
    assert p.choices == ("combine", "keep") and "7♦" in p.prompt
    state, anns = play("decide 1 codependent-twos combine", state)
    assert state.hand.combined == ((1, "5D", "2C"),)
    showing = powers.evaluate_seat(state.hand, state.settings, 1, up_only=True)
    assert (showing.category, showing.key[1]) == (Category.PAIR, 7)
    with pytest.raises(Refusal, match="no codependent-twos decision"):
        play("decide 1 codependent-twos keep", state)


def test_codependent_option_goes_when_the_left_card_is_traded_away():
    state, _ = play(CODEP.format(hole="3S", third="5D") + "bring_in 1; call 2\nup 1 2C, 2 8S")
    assert [p.seat for p in state.pending() if p.rule == "codependent-twos"] == [1]
    state, anns = play("decide 2 eight-ball trade seat=1 card=5D", state)
    assert [a.text for a in anns if a.rule == "codependent-twos"] == \
        ["Codependent 2's: seat 1 no longer holds the 5♦ face up; the option is gone."]
    with pytest.raises(Refusal, match="no codependent-twos decision"):
        play("decide 1 codependent-twos combine", state)
    assert state.hand.combined == ()


def test_codependent_option_goes_when_the_left_card_is_a_three_sold():
    # Seat 1's 3♦ is sold; its replacement, the 2♣, lands next to the 3♣ the Q♥ turned up, and
    # may combine with it, until the 3♣ is sold too.
    state, _ = play("open bonedoneskis 1 2 3\nhand 1 dealer 3\ndown 1 AH, 2 2D, 3 9H; down 1 3C, 2 5D, 3 5H\n"
                    "up 1 5S, 2 KH, 3 TD\nbring_in 1; call 2; call 3\nup 1 3D, 2 2S, 3 QH\n"
                    "decide 2 two-hog steal seat=1 card=5S\ndecide 3 queen-of-hearts pick seat=1 card=3C\n"
                    "expose 1 3C\ndecide 1 threes sell\nup 1 2C")
    assert [p.get("left") for p in state.pending() if p.rule == "codependent-twos"] == ["3C"]
    state, anns = play("decide 1 threes sell", state)
    assert "Codependent 2's: seat 1 no longer holds the 3♣ face up; the option is gone." in \
        [a.text for a in anns if a.rule == "codependent-twos"]
    with pytest.raises(Refusal, match="no codependent-twos decision"):
        play("decide 1 codependent-twos combine", state)


@pytest.mark.parametrize("left, made", [("QD", "an A♦"), ("6D", "an 8♦"), ("5D", "a 7♦")])
def test_codependent_offer_names_the_combined_card_with_the_right_article(left, made):
    state, anns = play(CODEP.format(hole="3S", third=left) + "bring_in 1; call 2\nup 1 2C, 2 TH")
    (p,) = [p for p in state.pending() if p.rule == "codependent-twos"]
    assert f"into {made}? " in p.prompt


def test_codependent_cannot_make_a_card_you_hold():
    state, anns = streets(CODEP.format(hole="TC", third="8C"), "up 1 2D, 2 KH")
    assert not [p for p in state.pending() if p.rule == "codependent-twos"]
    assert "already hold the 10♣" in [a for a in anns if a.rule == "codependent-twos"][-1].text


def test_codependent_only_from_fourth_street():
    state, anns = play(CODEP.format(hole="TC", third="2D"))
    assert not any(a.rule == "codependent-twos" for a in anns)
