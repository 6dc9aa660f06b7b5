"""referee.hidden_hand: a hand the referee cannot see (a count and the cards named), and the walk
over a seat's plays that lets later cards prove an earlier one illegal (Boonaken, Boneyard euchre);
`HiddenCopies`, the same for Bonnu's look-alike copies."""

from referee.cards import BonnuCard, Card
from referee.hidden_hand import HiddenCopies, HiddenHand, held_then, proven_by_later_plays

AS, KS, QH, TH = (Card.parse(c) for c in ("AS", "KS", "QH", "TH"))


def test_a_hand_dealt_unseen_named_then_played():
    hand = HiddenHand(5)
    assert hand.count == 5 and hand.named == frozenset() and not hand.fully_known
    hand = hand.name(AS).name(AS)                   # naming twice names once
    assert hand.named == {AS} and hand.count == 5
    assert hand.name(AS, KS).named == {AS, KS}
    hand = hand.give_up(AS)
    assert hand == HiddenHand(4)


def test_cards_received_count_and_a_hand_named_in_full_is_known():
    hand = HiddenHand().receive(AS).receive(KS).receive()       # the third came in unseen
    assert hand.count == 3 and hand.named == {AS, KS} and not hand.fully_known
    assert hand.name(QH).fully_known


def test_an_unseen_card_given_up_leaves_only_the_cards_sure_to_be_there():
    hand = HiddenHand(3, frozenset({AS, KS, QH}))
    left = hand.give_up(None, sure=(QH, None))      # QH lies face up: it cannot have been the one
    assert left == HiddenHand(2, frozenset({QH}))


def test_bonnu_copies_are_different_cards():
    # Bonnu's look-alike copies (BonnuCard.copy) count as two cards, each named once.
    hand = HiddenHand().receive(BonnuCard("red", 4, 0)).receive(BonnuCard("red", 4, 1))
    assert hand.count == 2 and hand.fully_known
    assert hand.give_up(BonnuCard("red", 4, 1)).named == {BonnuCard("red", 4, 0)}


def test_look_alike_copies_are_a_bag_in_the_order_named():
    # A table names "red:7" for either copy: named twice, it is two cards, kept in the order named.
    red7, blue3 = BonnuCard("red", 7), BonnuCard("blue", 3)
    hand = HiddenCopies().receive(red7).receive().receive(blue3).receive(red7)
    assert hand.count == 4 and hand.named == (red7, blue3, red7) and not hand.fully_known
    hand = hand.give_up((red7,))                    # one of the two goes
    assert hand == HiddenCopies(3, (blue3, red7))
    hand = hand.give_up((BonnuCard("black", 1),))   # one never named: the unnamed card
    assert hand == HiddenCopies(2, (blue3, red7)) and hand.fully_known


def test_a_card_laid_from_a_hand_named_in_full_keeps_only_as_many_named_as_are_left():
    red7, blue3 = BonnuCard("red", 7), BonnuCard("blue", 3)
    hand = HiddenCopies(2, (red7, blue3)).give_up((BonnuCard("black", 1),))
    assert hand == HiddenCopies(1, (red7,))         # some name was wrong: the first named stay


def test_held_then_is_the_cards_named_and_played_later_less_those_not_yet_held():
    assert held_then({AS}, (KS, QH)) == {AS, KS, QH}
    assert held_then({AS}, (KS, QH), not_yet={QH}) == {AS, KS}


def test_only_earlier_plays_followed_by_more_cards_are_asked_and_leads_never():
    plays = [(1, 0, AS), (2, 1, KS), (3, 2, QH), (4, 3, TH)]
    asked = []

    def why(trick, place, card, later):
        asked.append((trick, card, later))
        return f"{card.code} broke a rule" if card == QH else None

    found = list(proven_by_later_plays(plays, done={2}, why=why))
    assert asked == [(3, QH, (TH,))]            # trick 1 was led, trick 2 is ruled, trick 4 has no later card
    assert found == [(3, QH, "QH broke a rule")]


def test_the_walk_is_lazy_so_each_revoke_is_announced_before_the_next_is_looked_at():
    seen = []
    plays = [(1, 1, AS), (2, 1, KS), (3, 0, QH)]
    walk = proven_by_later_plays(plays, (), lambda trick, place, card, later: seen.append(trick) or "no")
    assert next(walk) == (1, AS, "no") and seen == [1]
    assert list(walk) == [(2, KS, "no")] and seen == [1, 2]
