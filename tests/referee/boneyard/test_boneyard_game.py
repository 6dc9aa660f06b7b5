"""The Boneyard euchre game on the referee core: the flow from the deal to the game's end, refusals
in words, options as exactly the legal moves (random rounds played only from options, with every
modifier turned up), what each viewer sees, and undo / replay giving the identical state."""

from __future__ import annotations

import random

import pytest

from referee.cards import Card, parse_card, parse_cards
from referee.engine import apply, options, replay, view
from referee.events import (Bid, CardDealt, CardDiscarded, CardPlayed, HandShown, HandStarted, TableOpened, Undo)
from referee.game import HOST
from referee.games.boneyard.cards import PACK
from referee.games.boneyard.events import BoneFlipped, CardRevealed, FoolsGoldPlayed, LeadDeclined, PennyPlaced
from referee.games.boneyard.modifier_ids import MODIFIER_IDS, MODIFIER_OF
from referee.games.boneyard.ranking import legal_fools_gold, legal_plays
from referee.games.boonaken.events import TrumpNamed
from referee.state import evolve
from referee.work import Refusal

GAME = "boneyard-euchre"


def opened(**settings):
    state, _ = replay([TableOpened(GAME, (1, 2, 3, 4), settings)])
    return state


def dealt(state, dealer, hands: dict, up: str, bones: str, number=1, seen=True):
    state, _ = apply(state, HandStarted(number, dealer))
    held = {s: parse_cards(t) for s, t in hands.items()}
    for i in range(5):
        for k in range(4):
            seat = (dealer + k) % 4 + 1
            state, _ = apply(state, CardDealt(seat, held[seat][i] if seen else None, False))
    state, _ = apply(state, CardDealt(None, parse_card(up), True))
    for c in parse_cards(bones):
        state, _ = apply(state, CardDealt(None, c, False, deck="boneyard"))
    return state


A = dict(hands={1: "9H TH KD 9C TC", 2: "JS AS KS JC 9D", 3: "AH KH QD TD QC", 4: "JK 9S TS AD KC"},
         up="QS", bones="JH QH JD AC")


def deal_a(**settings):
    return dealt(opened(**settings), 4, **A)


def play_all(state, events):
    said = []
    for e in events:
        state, out = apply(state, e)
        said += out
    return state, said


# ------------------------------------------------------------------------------- the flow
def test_take_it_in_turn_from_the_dealers_left_and_the_maker_discards():
    state = deal_a()
    with pytest.raises(Refusal, match="it is seat 1's turn to Take It or Leave It, not seat 2's"):
        apply(state, Bid(2, "take"))
    with pytest.raises(Refusal, match="'pass it' is not a choice here: say take"):
        apply(state, Bid(1, "pass it"))
    state, said = play_all(state, [Bid(1, "leave"), Bid(2, "take")])
    assert "Seat 2 takes Q♠ and is the Maker: ♠ spades trump, Shoot The Moon" in said[-1].text
    with pytest.raises(Refusal, match="the Maker \\(seat 2\\) discards, not seat 1"):
        apply(state, CardDiscarded(1, parse_card("9H")))
    with pytest.raises(Refusal, match="the taken Q♠ stays face up"):
        apply(state, CardDiscarded(2, parse_card("QS")))
    with pytest.raises(Refusal, match="it is in seat 1's hand"):
        apply(state, CardDiscarded(2, parse_card("9H")))
    state, said = apply(state, CardDiscarded(2, parse_card("9D")))
    assert any("Shoot The Moon: The makers get two points" in a.text for a in said)
    assert said[-1].text == "Seat 2 leads."


def test_refusals_in_the_play_say_why():
    state, _ = play_all(deal_a(), [Bid(1, "leave"), Bid(2, "take"), CardDiscarded(2, parse_card("9D"))])
    with pytest.raises(Refusal, match="out of turn: seat 2 plays next, not seat 3"):
        apply(state, CardPlayed(3, parse_card("AH")))
    with pytest.raises(Refusal, match="seat 2's hand is known and 9H|seat 2's: it is in seat 1's hand"):
        apply(state, CardPlayed(2, parse_card("9H")))
    state, _ = apply(state, CardPlayed(2, parse_card("JS")))
    state, _ = apply(state, CardPlayed(3, parse_card("QC")))
    # Seat 4 holds the benny and the 9♠ and 10♠: trumps were led, so the K♣ is refused.
    with pytest.raises(Refusal, match="seat 4 may not play K♣: the led suit must be followed, and the hand still "
                                      "holds 3 cards of the led suit; take it back"):
        apply(state, CardPlayed(4, parse_card("KC")))


def test_options_are_the_legal_moves_at_each_step():
    state = deal_a()
    assert [o.label for o in options(state, 1)] == ["Take It (Q♠)", "Leave It"]
    assert options(state, 2) == []
    state, _ = play_all(state, [Bid(1, "leave"), Bid(2, "take")])
    assert [o.label for o in options(state, 2)] == [f"Discard face down: {c}" for c in ("A♠", "K♠", "J♠", "9♦", "J♣")]
    state, _ = play_all(state, [CardDiscarded(2, parse_card("9D")), CardPlayed(2, parse_card("JS")),
                                CardPlayed(3, parse_card("QC"))])
    assert sorted(o.event.card.code for o in options(state, 4)) == ["9S", "JK", "TS"]


def test_all_four_leave_it_redeal_by_the_same_dealer():
    state, said = play_all(deal_a(), [Bid(s, "leave") for s in (1, 2, 3, 4)])
    assert "All four leave it" in said[-1].text and view(state, HOST)["boneyard-euchre"]["redeal"]
    with pytest.raises(Refusal, match="seat 4 deals now \\(the same dealer deals again"):
        apply(state, HandStarted(2, 1))
    assert options(state, None)[0].event == HandStarted(2, 4)
    state = opened(redeal_dealer="next")
    state = dealt(state, 4, **A)
    state, _ = play_all(state, [Bid(s, "leave") for s in (1, 2, 3, 4)])
    assert options(state, None)[0].event == HandStarted(2, 1)


def test_the_joker_taken_the_maker_names_trump_and_dummy_is_played_by_the_maker():
    hands = {1: "9H TH KD 9C TC", 2: "JS AS KS JC 9D", 3: "AH KH QD TD QC", 4: "QS 9S TS AD KC"}
    state = dealt(opened(), 4, hands, "JK", "JH QH JD AC")
    state, _ = play_all(state, [Bid(1, "leave"), Bid(2, "take")])
    with pytest.raises(Refusal, match="no discard now \\(now: naming\\)"):
        apply(state, CardDiscarded(2, parse_card("9D")))
    assert [o.label for o in options(state, 2)][:2] == ["Trump: spades", "Trump: hearts"]
    state, _ = play_all(state, [TrumpNamed(2, "S"), CardDiscarded(2, parse_card("9D"))])
    with pytest.raises(Refusal, match="not yet: Dummy: seat 4 lays the hand face up"):
        apply(state, CardPlayed(2, parse_card("JS")))
    assert [o.action for o in options(state, 4)] == ["show"]
    state, _ = apply(state, HandShown(4, tuple(parse_cards("QS 9S TS AD KC"))))
    assert view(state, 1)["boneyard-euchre"]["seats"][3]["cards"] == ["QS", "TS", "9S", "AD", "KC"]
    state, _ = play_all(state, [CardPlayed(2, parse_card("JS")), CardPlayed(3, parse_card("QC"))])
    assert options(state, 4) == [] and {o.event.card.code for o in options(state, 2)} == {"QS", "9S", "TS"}
    assert options(state, 2)[0].label.startswith("Play for seat 4 (Dummy)")


# ------------------------------------------------------------------------------- the views
def test_each_viewer_sees_only_their_own_hand_and_the_public_cards():
    state, _ = play_all(deal_a(), [Bid(1, "leave"), Bid(2, "take"), CardDiscarded(2, parse_card("9D"))])
    public, seat1, seat2, host = (view(state, v)["boneyard-euchre"] for v in (None, 1, 2, HOST))
    assert all("cards" not in s for s in public["seats"])
    assert [s.get("cards") for s in seat1["seats"]][1:] == [None, None, None]
    assert seat1["seats"][0]["cards"] == ["TH", "9H", "KD", "TC", "9C"]
    assert public["seats"][1]["face_up"] == ["QS"] and public["taken"] == "QS"
    assert "discard" not in public and "discard" not in seat1 and seat2["discard"] == "9D" and host["discard"] == "9D"
    assert "bones" not in public and host["bones"] == ["JH", "QH", "JD", "AC"]
    assert public["modifiers"][0]["name"] == "Shoot The Moon" and public["ranking"]["trump"][:3] == ["JK", "JS", "JC"]


# --------------------------------------------------------------------- modifiers in the flow
def test_therapy_club_reveals_are_public_and_block_the_lead():
    hands = {1: "9H KH KD 9C QC", 2: "JS AS KS JC 9D", 3: "AH TH QD TD JK", 4: "QS 9S TS AD KC"}
    state = dealt(opened(), 4, hands, "TC", "JH QH JD AC")
    state, said = play_all(state, [Bid(1, "leave"), Bid(2, "take"), CardDiscarded(2, parse_card("9D"))])
    assert "Therapy Club: seats 3 and 1 each reveal a card face up" in said[-1].text
    with pytest.raises(Refusal, match="seat 4 does not reveal a card now"):
        apply(state, CardRevealed(4, parse_card("QS")))
    state, _ = play_all(state, [CardRevealed(3, parse_card("JK")), CardRevealed(1, parse_card("9H"))])
    assert view(state, None)["boneyard-euchre"]["seats"][2]["face_up"] == ["JK"]


def test_fusion_lets_the_winner_decline_and_lucky_penny_waits_for_its_bone():
    hands = {1: "9H TH KD 9C TC", 2: "JS AS KS JC 9D", 3: "QH KH QD TD QC", 4: "JK 9S TS AD KC"}
    state = dealt(opened(), 4, hands, "AH", "JH QS JD AC")
    state, _ = play_all(state, [Bid(1, "leave"), Bid(2, "take"), CardDiscarded(2, parse_card("9D"))])
    state, _ = play_all(state, [CardPlayed(2, parse_card("JS")), CardPlayed(3, parse_card("QC")),
                                CardPlayed(4, parse_card("9S")), CardPlayed(1, parse_card("9C"))])
    assert [o.action for o in options(state, 2)][0] == "decline"
    with pytest.raises(Refusal, match="seat 2 won the trick: only they may decline"):
        apply(state, LeadDeclined(4))
    state, said = apply(state, LeadDeclined(2))
    assert said[-1].text == "Fusion: seat 2 declines to lead; seat 4 leads." and view(state, None)["boneyard-euchre"]["to_play"] == 4


def test_scheme_carries_its_modifier_into_the_next_round():
    hands = {1: "9H TH KD 9C TC", 2: "JS AS QS JC 9D", 3: "AH KH QD TD QC", 4: "JK 9S TS AD KC"}
    state = dealt(opened(), 4, hands, "KS", "QH JH JD AC")
    state, said = play_all(state, [Bid(1, "leave"), Bid(2, "take"), CardDiscarded(2, parse_card("9D")),
                                   BoneFlipped(parse_card("QH"))])
    assert any("Scheme flips Q♥: Heartbreaker this round and the next" in a.text for a in said)
    assert view(state, None)["boneyard-euchre"]["carry_next"] == ["heartbreaker"]


# ------------------------------------------------------------------ random rounds from options
def random_round(seed: int, up: Card | None = None):
    """A round from a shuffled pack, every hand named, each move drawn from options() only."""
    rng = random.Random(seed)
    cards = list(PACK)
    rng.shuffle(cards)
    if up is not None:
        cards.remove(up)
        cards.insert(20, up)
    state = opened()
    dealer = rng.choice((1, 2, 3, 4))
    hands = {(dealer + k) % 4 + 1: " ".join(c.code for c in cards[k * 5:k * 5 + 5]) for k in range(4)}
    state = dealt(state, dealer, hands, cards[20].code, " ".join(c.code for c in cards[21:]))
    bones = iter(cards[21:])
    steps = 0
    while view(state, HOST)["boneyard-euchre"]["phase"] != "over":
        moves = [o for s in (1, 2, 3, 4) for o in options(state, s)]
        assert moves, view(state, HOST)["boneyard-euchre"]
        flips = [o for o in moves if o.action == "flip"]
        if flips:
            state, _ = apply(state, evolve(flips[0].event, card=next(bones)))
            continue
        option = rng.choice(moves)
        event = option.event
        if event.type == "penny_placed":
            event = evolve(event, card=next(bones))        # the bone under the flips, named for the host
        elif "card" in option.needs or "cards" in option.needs:
            raise AssertionError(f"a known table needs no blanks: {option.label}")
        state, _ = apply(state, event)            # an option the referee refuses fails here
        steps += 1
        assert steps < 200
    return state


@pytest.mark.parametrize("up", sorted(MODIFIER_OF, key=lambda c: MODIFIER_OF[c]), ids=lambda c: MODIFIER_OF[c])
def test_random_rounds_with_each_modifier_turned_up_are_played_from_options_alone(up):
    for seed in range(4):
        state = random_round(seed * 31 + MODIFIER_IDS.index(MODIFIER_OF[up]), up)
        table = view(state, HOST)["boneyard-euchre"]
        if table["redeal"]:
            continue
        assert len(table["tricks"]) == 5
        played = [c["card"] for t in table["tricks"] for c in t["cards"]]
        assert len(played) == 20
        again, _ = replay(state.log.to_tuple())
        assert view(again, HOST) == view(state, HOST)


def test_undo_of_a_card_played_equals_the_replay_without_it():
    state, _ = play_all(deal_a(), [Bid(1, "leave"), Bid(2, "take"), CardDiscarded(2, parse_card("9D")),
                                   CardPlayed(2, parse_card("JS"))])
    log = state.log.to_tuple()
    undone, _ = apply(state, Undo(len(log), "wrong card"))
    fresh, _ = replay(log[:-1])
    for viewer in (HOST, None, 1, 2, 3, 4):
        assert view(undone, viewer)["boneyard-euchre"] == view(fresh, viewer)["boneyard-euchre"]


# -------------------------------------------------------- modifiers that change legality and rulings
SCHEME = dict(hands={1: "9H TH KD 9C TC", 2: "JS AS QS JC 9D", 3: "AH KH QD TD QC", 4: "JK 9S TS AD KC"},
              up="KS", bones="QH JH JD AC")


@pytest.mark.parametrize("carried", [True, False], ids=["heartbreaker-carried", "no-carry"])
def test_heartbreaker_carried_by_scheme_lifts_following_in_the_next_round(carried):
    """The same round-2 cards: with Heartbreaker carried in, seat 4 may throw the K♣ to a trump lead."""
    # The same cards; only the bone Scheme turns up differs: the Q♥ (Heartbreaker) or the A♣ (Spiked Club).
    bones = "QH JH JD AC" if carried else "AC JH JD QH"
    state = dealt(opened(), 4, **dict(SCHEME, bones=bones))
    state, _ = play_all(state, [Bid(1, "leave"), Bid(2, "take"), CardDiscarded(2, parse_card("9D")),
                                BoneFlipped(parse_card(bones[:2]))])
    for cards in ("JS 3:QC 4:9S 1:9C", "JC 3:TD 4:TS 1:TC", "AS 3:QD 4:JK 1:KD"):
        first, *rest = cards.split()
        state, _ = apply(state, CardPlayed(2, parse_card(first)))
        for token in rest:
            seat, code = token.split(":")
            state, _ = apply(state, CardPlayed(int(seat), parse_card(code)))
    state, _ = play_all(state, [CardPlayed(4, parse_card("AD")), CardPlayed(1, parse_card("9H")),
                                CardPlayed(2, parse_card("QS")), CardPlayed(3, parse_card("AH")),
                                CardPlayed(2, parse_card("KS")), CardPlayed(3, parse_card("KH")),
                                CardPlayed(4, parse_card("KC")), CardPlayed(1, parse_card("TH"))])
    assert view(state, HOST)["boneyard-euchre"]["carry_next"] == (["heartbreaker"] if carried else ["spiked-club"])
    state = dealt(state, 1, **A, number=2)
    state, _ = play_all(state, [Bid(2, "take"), CardDiscarded(2, parse_card("9D")), CardPlayed(2, parse_card("JS")),
                                CardPlayed(3, parse_card("QC"))])
    if carried:
        state, said = apply(state, CardPlayed(4, parse_card("KC")))
    else:
        with pytest.raises(Refusal, match="seat 4 may not play K♣: the led suit must be followed"):
            apply(state, CardPlayed(4, parse_card("KC")))


def test_at_a_camera_table_a_revoke_is_proven_by_a_later_card():
    state = dealt(opened(), 4, **A, seen=False)
    state, _ = play_all(state, [Bid(1, "leave"), Bid(2, "take"), CardDiscarded(2, None),
                                CardPlayed(2, parse_card("JS")), CardPlayed(3, parse_card("QC")),
                                CardPlayed(4, parse_card("KC")), CardPlayed(1, parse_card("9C")),
                                CardPlayed(2, parse_card("JC")), CardPlayed(3, parse_card("TD"))])
    state, said = apply(state, CardPlayed(4, parse_card("TS")))
    revoke = [a for a in said if a.text.startswith("Revoke")]
    assert revoke and revoke[0].text == ("Revoke: seat 4 played K♣ to trick 1: the led suit must be followed, and "
                                         "the hand held 10♠ (played later). The sheet sets no penalty: settle it by hand.")
    assert view(state, None)["boneyard-euchre"]["revokes"][0]["card"] == "KC"


GOLD = dict(hands={1: "9H TH KD 9C TC", 2: "JS AS KS JC 9D", 3: "AH KH QD TD QC", 4: "JK 9S TS AD KC"},
            up="JD", bones="JH QH QS AC")


def test_fools_gold_is_the_partners_once_a_round_and_beats_the_real_card():
    state = dealt(opened(), 4, **GOLD)
    state, _ = play_all(state, [Bid(1, "leave"), Bid(2, "take"), CardDiscarded(2, parse_card("JC")),
                                CardPlayed(2, parse_card("KS")), CardPlayed(3, parse_card("QC"))])
    gold = [o for o in options(state, 4) if o.action == "fools_gold"]
    assert {o.event.card.code for o in gold} == {"9S", "TS", "AD", "KC"}     # not the benny
    state, _ = apply(state, evolve(gold[-1].event, card=parse_card("KC")))
    with pytest.raises(Refusal, match="only the Maker's partner \\(seat 4\\) may play a card as Fool's Gold"):
        apply(state, FoolsGoldPlayed(1, parse_card("9H")))
    state, said = play_all(state, [CardPlayed(1, parse_card("9H"))])
    trick = [a.text for a in said if a.rule == "trick"][0]
    assert "Seat 4 wins the trick: K♣ (Fool's Gold: the King-and-a-half of ♠)" in trick and "Fool's Gold" in trick
    assert not [o for o in options(state, 4) if o.action == "fools_gold"]
    with pytest.raises(Refusal, match="Fool's Gold is once per round, and it has been played"):
        apply(state, FoolsGoldPlayed(4, parse_card("9S")))


PENNY = dict(hands={1: "9H TH KD 9C TC", 2: "JS AS KS JC 9D", 3: "AH KH QD QH QC", 4: "JK 9S TS AD KC"},
             up="TD", bones="JH QS JD AC")


def test_the_lucky_penny_is_placed_unseen_and_may_go_to_any_trick():
    state = dealt(opened(), 4, **PENNY)
    state, said = play_all(state, [Bid(1, "leave"), Bid(2, "take"), CardDiscarded(2, parse_card("9D"))])
    assert [o.event for o in options(state, 4)] == [PennyPlaced(4, None)]
    state, _ = apply(state, PennyPlaced(4, None))
    assert view(state, 4)["boneyard-euchre"]["penny"] == {"placed": True, "played": False}
    state, _ = play_all(state, [CardPlayed(2, parse_card("KS")), CardPlayed(3, parse_card("QC"))])
    # Seat 4 holds the 9♠ and 10♠ but may play the unseen bone to a spade lead (decision 10).
    penny = [o for o in options(state, 4) if o.action == "penny"]
    assert penny and penny[0].needs == ("card",)
    state, said = apply(state, evolve(penny[0].event, card=parse_card("JH")))
    assert said[0].text == "Seat 4 plays the Lucky Penny: J♥."
    assert view(state, None)["boneyard-euchre"]["penny"]["card"] == "JH"


def test_party_crasher_the_leaders_partner_plays_last():
    hands = {1: "9H TH KD 9C TC", 2: "QS AS KS JC 9D", 3: "AH KH QD TD QC", 4: "JK 9S TS AD KC"}
    state = dealt(opened(), 4, hands, "JS", "JH QH JD AC")
    state, _ = play_all(state, [Bid(1, "leave"), Bid(2, "take"), CardDiscarded(2, parse_card("9D")),
                                CardPlayed(2, parse_card("JS")), CardPlayed(3, parse_card("QC"))])
    with pytest.raises(Refusal, match="out of turn: seat 1 plays next, not seat 4"):
        apply(state, CardPlayed(4, parse_card("9S")))
    assert options(state, 4) == [] and options(state, 1)
    state, _ = play_all(state, [CardPlayed(1, parse_card("9C")), CardPlayed(4, parse_card("9S"))])
    assert view(state, None)["boneyard-euchre"]["tricks"][0]["winner"] == 2


def test_a_flipped_bone_must_be_one_of_the_bones():
    state = dealt(opened(), 4, **SCHEME)
    state, _ = play_all(state, [Bid(1, "leave"), Bid(2, "take"), CardDiscarded(2, parse_card("9D"))])
    with pytest.raises(Refusal, match="9H cannot be a bone: it is in seat 1's hand|9♥ cannot be a bone: it is in seat 1's hand"):
        apply(state, BoneFlipped(parse_card("9H")))
    with pytest.raises(Refusal, match="cannot be a bone: it is the Maker's discard"):
        apply(state, BoneFlipped(parse_card("9D")))
    with pytest.raises(Refusal, match="no bone is drawn now"):
        apply(apply(state, BoneFlipped(parse_card("QH")))[0], BoneFlipped(parse_card("JH")))


def camera_round(seed: int, up: Card):
    """A round at a camera table: no hand card is named when dealt. The driver keeps the true hands
    and fills each option's blank from them, as the phones would (a legal card for a play)."""
    rng = random.Random(seed)
    cards = [c for c in PACK if c != up]
    rng.shuffle(cards)
    cards.insert(20, up)
    dealer = rng.choice((1, 2, 3, 4))
    truth = {(dealer + k) % 4 + 1: list(cards[k * 5:k * 5 + 5]) for k in range(4)}
    state = dealt(opened(), dealer, {s: " ".join(c.code for c in h) for s, h in truth.items()}, up.code,
                  " ".join(c.code for c in cards[21:]), seen=False)
    bones, penny, steps = iter(cards[21:]), None, 0
    while (rnd := state.hand).phase != "over":
        moves = [o for s in (1, 2, 3, 4) for o in options(state, s)]
        option = next((o for o in moves if o.action == "flip"), None) or rng.choice(moves)
        event = option.event
        face_up = {rnd.taken, *rnd.revealed.values()}
        if option.action == "flip":
            event = evolve(event, card=next(bones))
        elif event.type == "penny_placed":
            penny = next(bones)
        elif event.type == "penny_played":
            event = evolve(event, card=penny)
        elif option.action == "show":
            event = evolve(event, cards=tuple(truth[event.seat]))
        elif option.action == "play" or option.action == "fools_gold":
            trick = [c for _, c, _ in rnd.trick]
            pick = legal_plays if option.action == "play" else legal_fools_gold
            legal = pick(tuple(truth[event.seat]), trick, rnd.rnd) if trick else tuple(truth[event.seat])
            if not legal:
                continue
            event = evolve(event, card=rng.choice(legal))
        elif "card" in option.needs:
            free = [c for c in truth[event.seat] if c not in face_up or option.action == "reveal"]
            event = evolve(event, card=rng.choice(free))
        state, _ = apply(state, event)
        if event.type == "bid" and event.bid == "take":
            truth[event.seat].append(up)
        for lost in (() if event.type in ("bid", "bone_flipped", "penny_placed", "penny_played", "lead_declined",
                                          "hand_shown", "card_revealed") else (event,)):
            if lost.type in ("card_discarded", "card_played", "fools_gold_played"):
                truth[lost.seat].remove(lost.card)
            elif lost.type == "card_passed":
                truth[lost.seat].remove(lost.card)
                truth[lost.to_seat].append(lost.card)
            elif lost.type == "grave_robbed":
                truth[lost.seat].append(lost.card)
        steps += 1
        assert steps < 300
    return state


@pytest.mark.parametrize("up", sorted(MODIFIER_OF, key=lambda c: MODIFIER_OF[c]), ids=lambda c: MODIFIER_OF[c])
def test_camera_rounds_with_each_modifier_are_refereed_from_what_is_seen(up):
    for seed in range(3):
        state = camera_round(seed * 17 + MODIFIER_IDS.index(MODIFIER_OF[up]), up)
        table = view(state, HOST)["boneyard-euchre"]
        if not table["redeal"]:
            assert len(table["tricks"]) == 5 and table["revokes"] == []


MOON = dict(hands={1: "9S JS TD QD 9C", 2: "JK JH AH KH AS", 3: "TC JC QC KC AC", 4: "JD QH AD KD KS"},
            up="9H", bones="QS TH TS 9D")
MOON_PLAYS = "1:9H 2:JK 3:TC 4:QH 2:JH 3:JC 4:JD 1:9S 2:AH 3:QC 4:KS 1:TD 2:KH 3:KC 4:KD 1:QD 2:AS 3:AC 4:AD 1:JS"


@pytest.mark.parametrize("tie_at_ten,winner", [("play_on", None), ("makers", 1)])
def test_equal_at_ten_plays_on_or_goes_to_the_makers(tie_at_ten, winner):
    """Team 1 at 8, team 2 at 10 (set by hand on a finished round), then team 1 shoots the moon for 2."""
    state = deal_a(tie_at_ten=tie_at_ten)
    state, _ = play_all(state, [Bid(s, "leave") for s in (1, 2, 3, 4)])
    state.hand.scores = (8, 10)                  # as if earlier rounds had been played
    state = dealt(state, 4, **MOON, number=2)
    events = [Bid(1, "take"), CardDiscarded(1, parse_card("9C")), BoneFlipped(parse_card("QS")),
              BoneFlipped(parse_card("TH"))]
    events += [CardPlayed(int(t[0]), parse_card(t[2:])) for t in MOON_PLAYS.split()]
    state, said = play_all(state, events)
    table = view(state, None)["boneyard-euchre"]
    assert table["scores"] == [10, 10] and table["winner"] == winner
    if winner is None:
        assert said[-1].text == "Both teams have 10: nobody wins yet, another round is played (tie_at_ten)."
    else:
        assert said[-1].text == "Team 1 (seats 1 & 3) wins the game, 10 to 10."
