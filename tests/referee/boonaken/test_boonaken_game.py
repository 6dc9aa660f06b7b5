"""The Boonaken game on the referee core: the flow of a deal, refusals in words, what each viewer
sees, options as the legal moves, and undo. Whole deals with their expected announcements are
the fixtures in deals/; the pure rules have their own test files."""

from __future__ import annotations

import pytest

from referee.cards import parse_card, parse_cards
from referee.engine import HOST, Refusal, apply, options, replay, view
from referee.events import Bid, CardDealt, CardDiscarded, CardPlayed, HandStarted, TableOpened, Undo
from referee.games.boonaken.events import RoemCardNamed, RoemChallenged, RoemDeclared, TrumpNamed
from referee.state import State

C = parse_card

# A 4-player deal, dealer 4 (seat 1 bids and, as declarer, leads). Seat 1 holds K-Q-J-10 of hearts
# (70 roem with hearts trump) and takes the centre; seat 3 holds A-K-Q-J of spades (a 50 run).
HANDS = {1: "KH QH JH TH 7C 8C", 2: "9H 8H 7H 9C TC JC", 3: "AS KS QS JS 7D 8D", 4: "AH 9S 8S 7S 9D TD"}
CENTRE_DOWN, CENTRE_UP, ASIDE = "QC KC", "AC AD", "JD QD KD TS"


def table(settings=None, seats=(1, 2, 3, 4)):
    state, _ = apply(State(), TableOpened("boonaken", seats, settings or {}))
    return state


def run(state, *events):
    said = []
    for e in events:
        state, anns = apply(state, e)
        said += anns
    return state, said


def dealt(state, hands=HANDS, down=CENTRE_DOWN, up=CENTRE_UP, aside=ASIDE, dealer=4, number=1):
    events = [HandStarted(number, dealer)]
    events += [CardDealt(s, c, False) for s, cards in hands.items() for c in parse_cards(cards)]
    events += [CardDealt(None, c, False) for c in parse_cards(down)]
    events += [CardDealt(None, c, True) for c in parse_cards(up)]
    events += [CardDealt(None, c, False, deck="aside") for c in parse_cards(aside)]
    return run(state, *events)


def bid_75_by_seat_1(state):
    return run(state, Bid(1, "75"), Bid(2, "pass"), Bid(3, "pass"), Bid(4, "pass"))


def texts(said):
    return [a.text for a in said]


def refused(state, event) -> str:
    with pytest.raises(Refusal) as exc:
        apply(state, event)
    return str(exc.value)


# ------------------------------------------------------------------------------ the deal
def test_the_deal_is_laid_out_by_the_players_still_in_and_cut_by_the_right_of_the_dealer():
    state, said = run(table(), HandStarted(1, 4))
    assert "seat 4 deals, seat 3 cuts; 6 cards each, 2 down and 2 up in the centre, 4 set aside" in said[0].text
    state, said = run(table(seats=(1, 2, 3, 4, 5)), HandStarted(1, 2))
    assert "2 up in the centre" in said[0].text and "set aside" not in said[0].text


def test_a_card_dealt_twice_or_too_many_is_refused_in_words():
    state, _ = run(table(), HandStarted(1, 4), CardDealt(None, C("AC"), True), CardDealt(None, C("AD"), True))
    assert "dealt already: it is in the centre" in refused(state, CardDealt(1, C("AC"), False))
    assert "has its 2 face-up" in refused(state, CardDealt(None, C("7S"), True))
    assert "not in the Boonaken pack" in refused(state, CardDealt(1, C("6H"), False))


def test_the_dealer_is_the_rules_dealer_after_the_first_deal():
    state, _ = run(table(), HandStarted(1, 4), Bid(1, "pass"), Bid(2, "pass"), Bid(3, "pass"), Bid(4, "pass"))
    assert state.hand.phase == "over" and state.hand.redeal
    assert "seat 1 deals now (the deal passes to the left" in refused(state, HandStarted(2, 2))
    starts = [o for o in options(state, None) if o.action == "start"]
    assert [o.event for o in starts] == [HandStarted(2, 1)]


# ---------------------------------------------------------------------------- bidding
def test_bidding_refusals_name_the_turn_and_the_standing_bid():
    state, _ = run(table(), HandStarted(1, 4), Bid(1, "80"))
    assert refused(state, Bid(3, "85")) == "it is seat 2's turn to bid, not seat 3's"
    assert "75 does not outbid 80" in refused(state, Bid(2, "75"))
    assert "is not a bid" in refused(state, Bid(2, "lots"))


def test_after_two_misere_bids_only_joining_or_passing_is_left():
    state, _ = run(table(), HandStarted(1, 4), Bid(1, "misere"), Bid(2, "misère"))
    assert [o.label for o in options(state, 3)] == ["Pass", "Bid misère"]
    assert "only joining the misère or passing" in refused(state, Bid(3, "100"))


# --------------------------------------------------------------------------- exchange
def test_the_declarer_takes_the_centre_and_discards_as_many():
    state, said = bid_75_by_seat_1(dealt(table())[0])
    assert state.hand.phase == "exchange"
    assert "Seat 1 takes the 4 centre cards" in texts(said)[-1]
    assert refused(state, CardDiscarded(2, C("9H"))) == "seat 1 discards now, not seat 2"
    assert "say which card" in refused(state, CardDiscarded(1, None))
    assert "it is in seat 3's hand" in refused(state, CardDiscarded(1, C("AS")))
    labels = [o.label for o in options(state, 1) if o.action == "discard"]
    assert len(labels) == 10 and "Discard face down (1 of 4): A♣" in labels


def test_the_misere_chain_passes_the_discards_on():
    state, _ = dealt(table())
    state, said = run(state, Bid(1, "misere"), Bid(2, "misere"), Bid(3, "pass"), Bid(4, "pass"))
    state, said = run(state, *[CardDiscarded(1, c) for c in parse_cards("KH QH JH TH")])
    assert "Seat 2 takes those 4 cards" in texts(said)[-1]
    assert C("KH") in state.hand.known_holding(2)
    state, said = run(state, *[CardDiscarded(2, c) for c in parse_cards("KH QH 9H 8H")])
    assert state.hand.phase == "play" and state.hand.to_play() == 1


# ------------------------------------------------------------------------------- play
def _playing(settings=None):
    state, _ = bid_75_by_seat_1(dealt(table(settings))[0])
    state, _ = run(state, *[CardDiscarded(1, c) for c in parse_cards("7C 8C QC KC")], TrumpNamed(1, "H"))
    return state


def test_out_of_turn_cards_are_refused_not_reattributed():
    state = _playing()
    assert refused(state, CardPlayed(2, C("9H"))) == "out of turn: seat 1 plays next, not seat 2 (9♥ goes back)"


def test_options_are_the_legal_cards_when_the_hand_is_known():
    state, _ = run(_playing(), CardPlayed(1, C("KH")))
    assert [o.event.card.code for o in options(state, 2) if o.action == "play"] == ["9H", "8H", "7H"]


def test_a_revoke_seen_as_it_lands_is_announced_or_taken_back():
    state, said = run(_playing(), CardPlayed(1, C("KH")), CardPlayed(2, C("9C")))
    revoke = [a for a in said if a.rule == "revoke"][0]
    # The cards that prove it are still in seat 2's hand: counted, not named (every viewer hears it).
    assert revoke.text == ("Revoke: seat 2 played 9♣ to trick 1: trump was led, and the hand still holds 3 trumps. "
                           "An opponent's revoke: seat 1 wins the deal.")
    strict, _ = run(_playing({"illegal_card": "take_back"}), CardPlayed(1, C("KH")))
    assert "take it back" in refused(strict, CardPlayed(2, C("9C")))


def test_a_revoke_is_proven_later_when_the_hand_was_never_seen():
    state, _ = run(table(), HandStarted(1, 4), Bid(1, "75"), Bid(2, "pass"), Bid(3, "pass"), Bid(4, "pass"))
    state, _ = run(state, *[CardDiscarded(1, None)] * 4)
    state, said = run(state, CardPlayed(1, C("AS")), CardPlayed(2, C("7D")), CardPlayed(3, C("8S")),
                      CardPlayed(4, C("9S")))
    assert not state.hand.revokes            # spades trump (the first lead); seat 2 may hold none
    state, said = run(state, CardPlayed(4, C("KS")), CardPlayed(1, C("QS")), CardPlayed(2, C("7S")))
    assert [r.card.code for r in state.hand.revokes] == ["7D"]
    assert "the hand held 7♠ (played later)" in [a for a in said if a.rule == "revoke"][0].text


# ------------------------------------------------------------------------------- roem
def test_roem_is_declared_below_the_bid_during_the_first_trick_only():
    state = _playing()
    assert "less than the bid (75)" in refused(state, RoemDeclared(1, 80))
    assert "only the declarer" in refused(state, RoemDeclared(2, 20))
    amounts = [o.event.amount for o in options(state, 1) if o.action == "roem"]
    assert amounts == [20, 40, 50, 70]      # K-Q-J-10 of trumps: the run 50 and stuk 20, or parts
    state, _ = run(state, *[CardPlayed(s, C(c)) for s, c in ((1, "KH"), (2, "9H"), (3, "7D"), (4, "AH"))])
    assert "during the first trick only" in refused(state, RoemDeclared(1, 70))


def test_an_equal_challenge_waits_for_both_highest_cards_before_the_next_lead():
    state, said = run(_playing(), RoemDeclared(1, 50), CardPlayed(1, C("KH")), RoemChallenged(3, 50))
    assert "each name their highest roem card" in said[-1].text
    state, _ = run(state, CardPlayed(2, C("9H")), CardPlayed(3, C("7D")), CardPlayed(4, C("AH")))
    leader = state.hand.to_play()
    assert "waiting for seat 1 and seat 3" in refused(state, CardPlayed(leader, C("9S")))
    state, said = run(state, RoemCardNamed(1, C("QH")), RoemCardNamed(3, C("AS")))
    assert said[-1].text == "Seat 3's roem cancels seat 1's 50 roem (A♠ beats Q♥)."


def test_a_higher_challenge_cancels_and_a_challenge_below_is_refused():
    state, _ = run(_playing(), RoemDeclared(1, 20), CardPlayed(1, C("KH")))
    assert "at least the declared 20" in refused(state, RoemChallenged(3, 10))
    assert "no declared roem" in refused(_playing(), RoemChallenged(3, 50))
    state, said = run(state, RoemChallenged(3, 50), CardPlayed(2, C("9H")), CardPlayed(3, C("7D")),
                      CardPlayed(4, C("AH")))
    assert "Seat 3's roem cancels seat 1's 20 roem (50 is more)." in texts(said)


# ---------------------------------------------------------------------- privacy and undo
def test_each_seat_sees_its_own_cards_and_nobody_else_s():
    state = bid_75_by_seat_1(dealt(table())[0])[0]
    for viewer in (1, 2, 3, 4, None):
        seen = view(state, viewer)["boonaken"]
        for row in seen["seats"]:
            assert ("cards" in row) == (row["seat"] == viewer), (viewer, row)
        assert ("cards" in seen["centre"]) == (viewer == 1)     # seat 1 took the centre
    assert "cards" in view(state, HOST)["boonaken"]["centre"]
    state, _ = run(state, *[CardDiscarded(1, c) for c in parse_cards("7C 8C QC KC")])
    assert view(state, 2)["boonaken"]["seats"][0].get("discards") is None
    assert view(state, 1)["boonaken"]["seats"][0]["discards"] == ["7C", "8C", "QC", "KC"]


def test_the_public_sees_the_face_up_centre_until_it_is_taken():
    state, _ = dealt(table())
    assert view(state, None)["boonaken"]["centre"]["up"] == ["AC", "AD"]
    state, _ = bid_75_by_seat_1(state)
    assert view(state, None)["boonaken"]["centre"]["up"] == []


def test_undo_rebuilds_the_deal_and_replay_is_identical():
    state = _playing()
    state, _ = run(state, CardPlayed(1, C("KH")))
    again, _ = replay(state.log.to_tuple())
    assert view(again, HOST) == view(state, HOST)
    undone, _ = apply(state, Undo(state.seq, "wrong card"))
    assert undone.hand.trick == () and undone.hand.to_play() == 1


def test_every_option_offered_is_accepted():
    state = _playing()
    for seat in (1, 2, 3, 4):
        for o in options(state, seat):
            if not o.needs:
                apply(state, o.event)


# --------------------------------------------------------------------------- variants
def test_seven_players_bid_misere_on_the_first_deal_of_a_game_under_the_variant():
    state = table({"six_seven_players": True, "seven_first_misere": True}, seats=tuple(range(1, 8)))
    state, _ = run(state, HandStarted(1, 7))
    assert [o.label for o in options(state, 1)] == ["Bid misère"]
    assert "everyone bids misère" in refused(state, Bid(1, "pass"))
    state, _ = run(state, *[Bid(s, "misere") for s in range(1, 8)])
    assert state.hand.chain == tuple(range(1, 8)) and state.hand.phase == "exchange"


def test_open_boonaak_is_played_with_the_hand_laid_open_and_no_centre_cards():
    from referee.events import HandShown
    from referee.games.boonaken.settings import BoonakenSettings
    settings = BoonakenSettings.five_card_version().to_json()
    state, said = run(table(settings), HandStarted(1, 4), Bid(1, "open boonaak"), Bid(2, "pass"), Bid(3, "pass"),
                      Bid(4, "pass"))
    assert state.hand.phase == "play" and "centre cards stay where they are" in " ".join(texts(said))
    assert "all 5 cards" in refused(state, HandShown(1, tuple(parse_cards("AH KH"))))
    state, _ = run(state, HandShown(1, tuple(parse_cards("AH KH QH JH TH"))))
    assert view(state, 3)["boonaken"]["seats"][0]["cards"] == ["AH", "KH", "QH", "JH", "TH"]
    assert [o.event.card.code for o in options(state, 1) if o.action == "play"] == ["AH", "KH", "QH", "JH", "TH"]


def test_a_wrong_tie_break_card_is_named_with_the_card_that_really_tops_the_roem():
    # Seat 1 declares 50 (K-Q-J-10 of hearts holds it with K♥ highest) but names Q♥; seat 3 ties.
    state, _ = run(_playing(), RoemDeclared(1, 50), CardPlayed(1, C("KH")), RoemChallenged(3, 50))
    state, _ = run(state, CardPlayed(2, C("9H")), CardPlayed(3, C("7D")), CardPlayed(4, C("AH")))
    state, said = run(state, RoemCardNamed(1, C("QH")), RoemCardNamed(3, C("7D")))
    assert said[-1].text.startswith("Seat 1's 50 roem stands")
    plays = {1: "QH JH TH AC AD", 2: "8H 7H 9C TC JC", 3: "AS KS QS JS 8D", 4: "9S 8S 7S 9D TD"}
    for _ in range(5):
        leader = state.hand.to_play()
        order = state.hand.order[state.hand.order.index(leader):] + state.hand.order[:state.hand.order.index(leader)]
        for seat in order:
            legal = [o.event for o in options(state, seat) if o.action == "play"]
            mine = [e for e in legal if e.card.code in plays[seat].split()]
            state, more = run(state, mine[0])
            said += more
    false = [a.text for a in said if a.rule == "false-roem"]
    assert "False roem: seat 1 declared 50 with Q♥ highest but the 50 roem played" in false[0]
    assert "has K♥ highest" in false[0]


def test_five_misere_bidders_at_five_seats_and_at_most_four_with_the_setting_off():
    state, _ = run(table(seats=(1, 2, 3, 4, 5)), HandStarted(1, 5), *[Bid(s, "misere") for s in range(1, 6)])
    assert state.hand.chain == (1, 2, 3, 4, 5) and state.hand.phase == "exchange"
    state, _ = run(table({"misere_everyone": False}, seats=(1, 2, 3, 4, 5)), HandStarted(1, 5),
                   *[Bid(s, "misere") for s in range(1, 5)])
    assert [o.label for o in options(state, 5)] == ["Pass"]


def test_only_the_first_challenge_is_heard_when_the_table_says_so():
    state, _ = run(_playing({"challengers": "first"}), RoemDeclared(1, 20), CardPlayed(1, C("KH")),
                   RoemChallenged(3, 50))
    assert "only the first challenge is heard" in refused(state, RoemChallenged(4, 50))
    assert not [o for o in options(state, 4) if o.action == "challenge"]
    state, _ = run(_playing(), RoemDeclared(1, 20), CardPlayed(1, C("KH")), RoemChallenged(3, 50),
                   RoemChallenged(4, 50))
    assert [s for s, _ in state.hand.challenges] == [3, 4]


def _false_roem_deal(settings):
    """Seat 1 bids 75, declares 70 it does not hold (it discards the K♥), and takes 88 card points."""
    state, _ = bid_75_by_seat_1(dealt(table(settings))[0])
    state, _ = run(state, *[CardDiscarded(1, c) for c in parse_cards("KH 7C 8C QC")], TrumpNamed(1, "H"),
                   RoemDeclared(1, 70))
    said = []
    while state.hand.phase == "play":
        seat = state.hand.to_play()
        state, more = run(state, [o.event for o in options(state, seat) if o.action == "play"][0])
        said += more
    return state, said


def test_false_roem_loses_the_bid_or_only_does_not_count():
    state, said = _false_roem_deal({})
    assert "The bid is lost." in [a.text for a in said if a.rule == "false-roem"][0]
    assert state.hand.results == ((1, False),)
    state, said = _false_roem_deal({"false_roem": "void"})
    assert "The roem does not count." in [a.text for a in said if a.rule == "false-roem"][0]
    points = [a.text for a in said if a.rule == "scoring"][0]
    assert " + 0 roem = " in points and state.hand.results == ((1, "made 75" in points),)
