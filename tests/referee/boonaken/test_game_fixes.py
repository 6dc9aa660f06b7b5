"""Regression tests for bugs the deal fixtures found in the Boonaken game, one per fix. Each deal
is written with the fixtures' builder (tests/referee/boonaken/deals/deal_builder.py) and replayed."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "deals"))

from deal_builder import A_DEAL, R_DEAL, Table, r_tricks  # noqa: E402

from referee.cards import parse_card  # noqa: E402
from referee.engine import replay  # noqa: E402
from referee.events import loads_jsonl  # noqa: E402


def play(table: Table):
    state, said = replay(loads_jsonl(table.jsonl()))
    return state, said


def texts(said, rule: str) -> list[str]:
    return [a.text for a in said if a.rule == rule]


def test_a_challenge_not_yet_proven_does_not_make_a_loss_certain():
    # Bid 130, 70 declared, seat 4's 100 cancels it for now; after trick 2 the cards alone can no
    # longer reach 130. The camera table cannot see seat 4's hand, and its challenge proves false
    # at the end: the 70 stands and the bid is made, so no loss was ever certain.
    table = Table("provisional-cancel").deal(4, bids="1:130 2:pass 3:pass 4:pass", seen=False,
                                             tricks=r_tricks("R70 JH 7S 9H C4=100 7H"), **R_DEAL)
    state, said = play(table)
    assert not [t for t in texts(said, "deal-certain") if "loses" in t]
    assert state.hand.results == ((1, True),)


def test_a_revoke_proven_by_the_last_card_ends_the_deal_once():
    # stop_when_certain at a camera table: seat 4 plays Q♦ K♦ 9♦ to the trump leads of tricks 1-3
    # and shows the 8♥ it held only as its last card, which completes trick 6. The revoke decides
    # the deal (seat 1 wins) and ends it; the last card must not score it a second time.
    tricks = ((1, "JH 7H QH QD"), (1, "9H TH KH KD"), (1, "AH 7S AD 9D"), (1, "AS KS 8S TD"), (1, "AC KC 9S JD"),
              (1, "9C QC TS 8H"))
    table = Table("revoke-last-card", stop_when_certain=True).deal(
        4, bids="1:120 2:pass 3:pass 4:pass", tricks=tricks, seen=False, **A_DEAL)
    state, said = play(table)
    assert state.hand.sheet.column(1) == "+"
    assert len(texts(said, "marks")) == 1
    assert state.hand.phase == "over"


def test_an_unseen_discard_may_be_a_centre_card_the_declarer_took():
    # A camera table: seat 1 takes A♠ A♣ (face up) and the two face-down cards, and discards four
    # cards unseen, the A♠ among them. The referee may not go on believing seat 1 holds the A♠: its
    # 8♣ on trick 5 (no spade left to follow) and its A♣ on trick 6 are its own cards.
    deal = dict(up="AS AC", down="7C 8C", exchange=((1, "AS 7D 8D 9C"),), trump="H")
    tricks = ((1, "JH 7H 8H QD"), (1, "9H TH QH KD"), (1, "AH 7S KH 9D"), (1, "7C KC 8S TD"), (2, "KS 9S JD 8C"),
              (2, "QC TS AD AC"))
    state, said = play(Table("unseen-discard").deal(4, bids="1:60 2:pass 3:pass 4:pass", tricks=tricks, seen=False,
                                                    **deal))
    assert state.hand.phase == "over"
    assert state.hand.revokes == ()


def test_an_unseen_discard_taken_in_a_misere_chain_may_be_played_by_the_next_bidder():
    # Camera table, misère chain 1, 2: seat 1 takes 8♦ 9♦ (face up) and the two down, and discards
    # four unseen, 8♦ among them; seat 2 takes those and plays the 8♦.
    tricks = ((1, "7S AS JS AD"), (2, "KS TS KD 8S"), (2, "AH JH QD 7H"), (2, "KH TH AC 8H"), (2, "8D 9H KC 7D"),
              (2, "QS 9S QC 7C"))
    table = Table("unseen-chain").deal(4, bids="1:misere 2:misere 3:pass 4:pass", up="8D 9D", down="TD JD",
                                       exchange=((1, "8D 9D TD JD"), (2, "QH 9D TD JD")), tricks=tricks, seen=False)
    state, _ = play(table)
    assert state.hand.results == ((1, True), (2, False))


def test_five_card_boonaak_leaves_the_centre_cards_in_the_centre():
    # Line 163: in boonaak the declarer may not take the centre cards, so every viewer still sees
    # them face up in the centre and nobody is said to have taken them.
    from fixtures_variants import FIVE_CARD
    from referee.engine import view
    from referee.game import HOST
    tricks = ((2, "JS 7S AD AC"), (2, "9S 8S KD KC"), (2, "AS TS QD QC"), (2, "KS AH JD JC"), (2, "QS KH TD TC"))
    table = Table("five-card-boonaak", **FIVE_CARD).deal(1, bids="2:boonaak 3:pass 4:pass 1:pass", up="9H 8H",
                                                         trump="S", hand_size=5, tricks=tricks)
    state, _ = play(table)
    for viewer in (None, 3, HOST):
        centre = view(state, viewer)["boonaken"]["centre"]
        assert (centre["up"], centre["taken_by"]) == (["9H", "8H"], None)
    assert state.hand.results == ((2, True),)


def test_stop_when_certain_does_not_say_the_deal_is_played_out():
    from deal_builder import A_TRICKS
    hold = {1: "AS AC 9C", 2: "KS KC QC", 3: "8S 9S TS", 4: "TD JD AD"}
    table = Table("stop", stop_when_certain=True).deal(4, bids="1:60 2:pass 3:pass 4:pass", tricks=A_TRICKS[:3],
                                                       hold=hold, **A_DEAL)
    _, said = play(table)
    assert texts(said, "deal-certain") == ["Certain now: seat 1 wins the 60.",
                                           "Every result is certain: the deal ends here (stop_when_certain)."]


def test_the_host_may_enter_a_face_up_centre_card():
    # Before the bidding the host's options offer every card still to deal; a face-up centre card
    # is offered as a blank to fill (a face-up card_dealt without its card is not an event).
    from referee.engine import apply, options
    from referee.events import HandStarted, TableOpened
    from referee.state import State
    state, _ = apply(State(), TableOpened("boonaken", (1, 2, 3, 4)))
    state, _ = apply(state, HandStarted(1, 4))
    up = [o for o in options(state, None) if o.label == "Centre card face up"]
    assert len(up) == 1
    state, said = apply(state, up[0].fill(card=parse_card("AS")))
    assert said[-1].text == "Centre: A♠ face up."


def test_a_void_challenge_no_longer_shows_as_cancelling_the_roem():
    # Seat 4's 100 cancels the 70 when trick 1 ends, and proves false at the end: the 70 counts,
    # and the view of the roem must say so (cancelled by nobody), as the result does.
    from referee.engine import view
    from referee.game import HOST
    table = Table("void-challenge").deal(4, bids="1:120 2:pass 3:pass 4:pass", seen=False,
                                         tricks=r_tricks("R70 JH 7S 9H C4=100 7H"), **R_DEAL)
    state, _ = play(table)
    assert state.hand.results == ((1, True),)
    assert view(state, HOST)["boonaken"]["roem"]["cancelled_by"] is None


def test_an_announced_revoke_reads_as_two_sentences():
    from deal_builder import REVOKE_TRICKS
    table = Table("announce", illegal_card="announce").deal(4, bids="1:110 2:pass 3:pass 4:pass",
                                                            tricks=REVOKE_TRICKS, **A_DEAL)
    _, said = play(table)
    assert texts(said, "revoke") == ["Revoke: seat 2 played 7♠ to trick 1: trump was led, and the hand still "
                                     "holds 2 trumps. The table plays on (illegal_card: announce)."]


def test_a_seat_without_marks_reads_no_marks():
    from referee.engine import view
    from referee.game import HOST
    from deal_builder import A_TRICKS
    state, _ = play(Table("columns").deal(4, bids="1:60 2:pass 3:pass 4:pass", tricks=A_TRICKS, **A_DEAL))
    rows = view(state, HOST)["boonaken"]["sheet"]["rows"]
    assert [row["column"] for row in rows] == ["marks +", "no marks", "no marks", "no marks"]


def test_open_boonaak_shows_the_declarers_cards_to_everyone():
    # Line 162: open boonaak is won "with your cards shown": every viewer sees the declarer's hand.
    from fixtures_variants import FIVE_CARD
    from referee.engine import view
    table = Table("open", **FIVE_CARD).deal(1, bids="2:open_boonaak 3:pass 4:pass 1:pass", up="9H 8H", trump="S",
                                            hand_size=5, tricks=((2, "JS 7S AD AC"),),
                                            hold={2: "9S AS KS QS", 3: "8S TS AH KH", 4: "KD QD JD TD",
                                                  1: "KC QC JC TC"})
    state, _ = play(table)
    for viewer in (None, 1, 3):
        seats = {s["seat"]: s for s in view(state, viewer)["boonaken"]["seats"]}
        assert seats[2]["cards"] == ["AS", "KS", "QS", "9S"]
        assert "cards" not in seats[4]
