"""Held observations (vision/holding.py): what the referee cannot take yet is held in the camera's
order and offered again once the referee moved on; a removal never answers an open decision; hole
cards turned up after the last card are the showdown."""

from referee.engine import apply, options
from referee.script import parse_script
from referee.state import State
from vision.adapter import Adapter
from vision.holding import Holding, Offered
from vision.observations import Observation
from vision.pipeline import Referee

OPEN = "open bonedoneskis 1 2 3 4 bets={bets}\nhand 1 dealer 4\n" \
       "down 1 ?, 2 ?, 3 ?, 4 ?\ndown 1 ?, 2 ?, 3 ?, 4 ?\nup 1 JS, 2 3C, 3 9S, 4 QC\n"


def table(text: str) -> Referee:
    state = State()
    for e in parse_script(text):
        state, _ = apply(state, e)
    return Referee(state)


def obs(kind, seat, card, frame, track=None, up=True):
    return Observation(kind, frame, track or frame, f"seat:{seat}", card, up)


def submit(ref: Referee, text: str) -> None:
    for e in parse_script(text):
        assert ref.submit(e) is not None and not (ref.refused and ref.refused[-1][0] is e), ref.refused[-1]


def test_a_removal_waits_for_the_decision_and_what_follows_waits_behind_it_in_order():
    ref = table(OPEN.format(bets="untracked") + "decide 1 black-jack pay\ndecide host i-got-the-nine confirmed\n")
    hold, out = Holding(Adapter(), ref), Offered()
    hold.offer(obs("removed", 2, "3C", 150), out)       # the 3♣ lifted before seat 2 tapped "sell"
    hold.offer(obs("dealt", 2, "TH", 160), out)          # its replacement
    hold.offer(obs("dealt", 1, "9D", 210), out)          # fourth street
    assert out.events == [] and [h.obs.card for h in hold.items] == ["3C", "TH", "9D"]
    assert "waits for seat 2 to decide about the 3♣" in hold.items[0].why
    assert hold.items[1].why.startswith("waits behind #1")
    assert not any("keeps the 3♣" in a.text for a in ref.announcements)   # the removal answered nothing
    hold.reoffer_if_changed(out)                          # nothing moved: nothing offered
    assert hold.items[0].tries == 1
    submit(ref, "decide 2 threes sell")                   # the seat's answer, on its phone
    hold.reoffer_if_changed(out)
    assert hold.items == [] and hold.done == {1: "applied", 2: "applied", 3: "applied"}
    board2, board1 = ref.state.hand.boards[2], ref.state.hand.boards[1]
    assert [s.card.code for s in board2.up_slots] == ["TH"] and "replacement" in board2.slots[-1].tags
    assert [s.card.code for s in board1.up_slots] == ["JS", "9D"]


def test_a_refused_card_is_held_then_taken_when_the_obligation_is_answered():
    ref = table(OPEN.format(bets="untracked") + "decide 2 threes keep\ndecide host i-got-the-nine confirmed\n")
    hold, out = Holding(Adapter(), ref), Offered()
    hold.offer(obs("dealt", 2, "6C", 220), out)
    why = hold.items[0].why
    assert out.refused and "waiting for seat 1" in why and "pay $2.50 or fold" in why
    submit(ref, "decide 1 black-jack pay")
    out = Offered()
    hold.reoffer_if_changed(out)
    assert [e.describe() for e in out.events] == ["card_dealt(seat=2, card=6♣, up=True, deck=main)"]
    assert hold.items == [] and hold.refusals == 1


def test_the_host_applies_out_of_turn_or_discards_idempotently():
    ref = table(OPEN.format(bets="untracked") + "decide 2 threes keep\ndecide host i-got-the-nine confirmed\n")
    hold, out = Holding(Adapter(), ref), Offered()
    hold.offer(obs("dealt", 2, "6C", 220), out)
    hold.offer(obs("dealt", 3, "7H", 230), out)
    try:
        hold.apply(2, out)
        raise AssertionError("applied while the obligation holds the deal")
    except ValueError as exc:
        assert "waiting for seat 1" in str(exc)
    assert hold.discard(1, out) == "discarded" and hold.discard(1, out) == "already discarded"
    assert [h.id for h in hold.items] == [2]
    submit(ref, "decide 1 black-jack pay")
    assert hold.apply(2, Offered()) == "applied" and hold.apply(2, Offered()) == "already applied"
    try:
        hold.apply(1, Offered())
        raise AssertionError("a discarded observation was applied")
    except ValueError as exc:
        assert "discarded already" in str(exc)


STUD = ("open stud 1 2 cards=5\nhand 1 dealer 2\ndown 1 ?, 2 ?\ndown 1 ?, 2 ?\nup 1 TC, 2 2D\n")


def bet_round(ref: Referee) -> None:
    """Everyone checks or calls until the round is over."""
    street = ref.state.hand.street
    while ref.state.hand.phase == "betting" and ref.state.hand.street == street:
        seat = ref.state.hand.betting.to_act
        names = {o.action: o for o in options(ref.state, seat)}
        opt = names.get("check") or names.get("call") or names.get("bring_in")
        ref.submit(opt.event)


def test_hole_cards_turned_up_during_the_last_betting_round_are_the_showdown():
    ref = table(STUD)
    bet_round(ref)
    submit(ref, "up 1 9H, 2 9S")
    bet_round(ref)
    submit(ref, "down 1 ?, 2 ?")
    assert ref.state.hand.phase == "betting"              # the last round, bets tracked
    hold, out = Holding(Adapter(), ref), Offered()
    for i, card in enumerate(("AH", "AD", "4C")):         # seat 1 flips early
        hold.offer(obs("exposed", 1, card, 400 + i, track=10 + i), out)
    assert out.events == [] and "showdown" in hold.items[0].why
    bet_round(ref)
    assert ref.state.hand.phase == "showdown"
    hold.reoffer_if_changed(out)
    assert [e.type for e in out.events] == ["hand_shown"] and hold.items == []
    for i, card in enumerate(("KS", "KD", "5C")):
        hold.offer(obs("exposed", 2, card, 500 + i, track=20 + i), out)
    assert ref.state.hand.phase == "over" and "card_exposed" not in {e.type for e in ref.events}
    assert "Hand 1 over: seat 1 wins" in ref.announcements[-1].text


def test_untracked_flips_after_the_last_card_are_the_showdown_not_straight_up():
    ref = table(OPEN.format(bets="untracked") + "decide 1 black-jack pay\ndecide 2 threes keep\n"
                "decide host i-got-the-nine confirmed\nup 1 9D, 2 6C, 3 7H, 4 2D\n"
                "decide 1 trade-cards trade seat=3 card=7H\ndecide 4 codependent-twos keep\n"
                "up 1 5D, 2 KS, 3 4C, 4 QH\nexpose 2 5C\ndecide 4 queen-of-hearts pass\nfold 4\nfold 2\n"
                "down 1 ?, 3 ?\n")
    assert ref.state.hand.phase == "showdown"
    hold, out = Holding(Adapter(), ref), Offered()
    for i, card in enumerate(("KH", "QD", "2C")):
        hold.offer(obs("exposed", 1, card, 440 + i, track=30 + i), out)
    assert [e.type for e in out.events] == ["hand_shown"] and hold.items == []
    assert not any(a.rule == "straight-up" for a in out.announcements)
