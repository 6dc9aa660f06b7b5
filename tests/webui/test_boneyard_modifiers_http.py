"""The Boneyard euchre modifiers that need a choice, each made from the phones over HTTP as the
seats concerned press their buttons: Collect Call, Sweet Nothings, Grave Robber, Lucky Penny,
Fool's Gold, Fusion, Dummy (the Maker plays the dummy's cards from their own phone) and the
dealer's flip. Each phone's buttons are exactly the seat's options; the round's modifiers, with
their rule text, are on every phone. Ann (seat 1) leaves it and Ben (seat 2) takes it in each deal:
Ben and Dev make, Ann and Cleo defend."""

from __future__ import annotations

import json

from referee import engine

from boneyard_kit import actions, board, cards_named, me, open_night, option, phones_for, play_game, take, with_up


def _round(dash, up: str, discard: str = "9D") -> dict:
    """Round 1 with `up` turned up, taken by Ben, who discards `discard`: the four phones."""
    hands, up, bones = with_up(up)
    phones = phones_for(dash, open_night(dash.extensions["croupier"], hands=hands, up=up, bones=bones))
    take(phones[1], "bid", bid="leave")
    take(phones[2], "bid", bid="take")
    if discard:
        take(phones[2], "discard", card=discard)
    return phones


def _on_every_phone(phones, name: str) -> None:
    for phone in phones.values():
        modifiers = {m["name"]: m["text"] for m in board(phone)["modifiers"]}
        assert name in modifiers and len(modifiers[name]) > 20, (name, modifiers)


def test_collect_call_each_hands_the_maker_a_card_then_the_maker_gives_one_back(dash, dash_host):
    phones = _round(dash, "9D", discard="QS")
    _on_every_phone(phones, "Collect Call")
    assert actions(phones[2]) == []                           # the Maker first takes from the others
    assert [label for _, label in actions(phones[1])] == [f"Collect Call: hand a card to the Maker: {c}"
                                                         for c in ("10♥", "9♥", "K♦", "10♣", "9♣")]
    assert board(phones[3])["waiting_words"] == [
        "Collect Call: the Maker takes one card from each player, then gives one to each"]
    for seat, code in ((1, "9H"), (3, "AH"), (4, "JK")):
        take(phones[seat], "pass", card=code)
    gives = {(o["to_seat"], o["text"].rsplit(": ", 1)[0]) for o in me(phones[2])["options"]}
    assert gives == {(1, "Collect Call: give a card to Ann"), (3, "Collect Call: give a card to Cleo"),
                     (4, "Collect Call: give a card to Dev")}
    for to, code in ((1, "JC"), (3, "9H"), (4, "AH")):
        take(phones[2], "pass", card=code, to_seat=to)
    mine = {c["code"] for c in board(phones[2])["seats"][1]["cards"]}
    assert mine == {"AS", "KS", "JS", "JK", "9D"}              # the taken 9♦ stays, face up
    assert {c["code"] for c in board(phones[1])["seats"][0]["cards"]} == {"TH", "KD", "9C", "TC", "JC"}
    assert board(phones[1])["waiting_words"] == [] and board(phones[1])["turn_words"] == "Ben to play"


def test_sweet_nothings_the_makers_swap_one_card_each_way(dash, dash_host):
    phones = _round(dash, "TH")
    _on_every_phone(phones, "Sweet Nothings")
    assert [a for a, _ in actions(phones[2])] == ["pass"] * 4 + ["play"] * 5      # the swap may be skipped
    assert actions(phones[1]) == actions(phones[3]) == []
    take(phones[2], "pass", card="JC", to_seat=4)
    assert actions(phones[2]) == []                                             # the lead waits for Dev's card
    assert board(phones[1])["waiting_words"] == ["Sweet Nothings: the second card of the swap"]
    take(phones[4], "pass", card="TS", to_seat=2)
    assert {c["code"] for c in board(phones[2])["seats"][1]["cards"]} == {"JS", "AS", "KS", "TS", "TH"}
    assert "JC" in {c["code"] for c in board(phones[4])["seats"][3]["cards"]}


def test_grave_robber_the_makers_partner_takes_a_card_from_the_trick(dash, dash_host):
    phones = _round(dash, "TS")
    for seat, code in ((2, "JS"), (3, "QC"), (4, "9S"), (1, "9H")):
        take(phones[seat], "play", card=code)
    assert actions(phones[4]) == [("rob", f"Grave Robber: take {c}") for c in ("J♠", "Q♣", "9♠", "9♥")]
    assert [a for a, _ in actions(phones[2])] == ["play"] * 4
    take(phones[4], "rob", card="QC")
    dev = board(phones[4])["seats"][3]
    assert "QC" in {c["code"] for c in dev["cards"]} and dev["holding"] == 5
    assert actions(phones[4]) == []                                    # once a round
    assert board(phones[1])["tricks_explained"][0]["words"] == \
        "Ben wins the trick: J♠ (the right bower) is the highest trump"


def test_lucky_penny_placed_and_played_from_the_partners_phone(dash, dash_host):
    phones = _round(dash, "TD")
    assert actions(phones[4]) == [("penny", "Lucky Penny: the bone placed face down")]
    assert actions(phones[2]) == []
    take(phones[4], "penny")
    assert board(phones[1])["penny_words"] == "A bone lies face down in front of Dev (Lucky Penny), unseen"
    take(phones[2], "play", card="JS")
    take(phones[3], "play", card="QS")
    penny = option(phones[4], "penny")
    assert penny["label"] == "Play the Lucky Penny (turned up as it lands)" and penny["needs"] == ["card"]
    take(phones[4], "penny", pick="AC")
    assert board(phones[3])["penny_words"] == "Dev played the Lucky Penny, the A♣"
    assert [t["pretty"] for t in board(phones[1])["trick_cards"]] == ["J♠", "Q♠", "A♣"]


def test_fools_gold_the_partner_plays_a_card_as_fools_gold(dash, dash_host):
    phones = _round(dash, "JD")
    take(phones[2], "play", card="JS")
    take(phones[3], "play", card="QC")
    assert actions(phones[4]) == [("play", "Play: 10♠"), ("play", "Play: 9♠")] + [
        ("fools_gold", f"Play as Fool's Gold: {c}") for c in ("10♠", "9♠", "A♦", "K♣")]
    take(phones[4], "fools_gold", card="AD")
    trick = board(phones[1])["trick_cards"]
    assert [(t["name"], t["pretty"]) for t in trick][-1] == ("Dev", "A♦")
    assert actions(phones[4]) == []


def test_fusion_the_winner_may_decline_to_lead(dash, dash_host):
    phones = _round(dash, "AH")
    for seat, code in ((2, "JS"), (3, "QS"), (4, "9S"), (1, "9H")):
        take(phones[seat], "play", card=code)
    assert board(phones[2])["tricks_explained"][0]["winner"] == "Ann"
    assert actions(phones[1])[0] == ("decline", "Fusion: decline to lead (seat 3 leads)")
    assert option(phones[1], "decline")["text"] == "Fusion: decline to lead (Cleo leads)"
    take(phones[1], "decline")
    assert actions(phones[1]) == [] and [a for a, _ in actions(phones[3])] == ["play"] * 4
    assert board(phones[2])["turn_words"] == "Cleo to play"


def test_dummy_the_maker_names_trump_and_plays_the_dummys_cards(dash, dash_host):
    phones = _round(dash, "JK", discard=None)
    assert actions(phones[2]) == [("trump", f"Trump: {s}") for s in ("spades", "hearts", "diamonds", "clubs")]
    take(phones[2], "trump", suit="S")
    take(phones[2], "discard", card="9D")
    _on_every_phone(phones, "Dummy")
    assert actions(phones[4]) == [("show", "Dummy: lay my hand face up")]
    r = phones[4].post(option(phones[4], "show")["post"]["url"], option(phones[4], "show")["post"]["body"])
    assert r.status_code == 200, r.get_json()
    dummy = board(phones[1])["seats"][3]
    assert [c["code"] for c in dummy["cards"]] == ["QS", "TS", "9S", "AD", "KC"]    # face up for everyone
    take(phones[2], "play", card="JS")
    take(phones[3], "play", card="QC")
    assert board(phones[3])["turn_words"] == "Ben to play Dev's card (Dummy)"
    assert actions(phones[4]) == []                                    # the dummy's phone plays nothing
    assert [label for _, label in actions(phones[2])] == [f"Play for seat 4 (Dummy): {c}"
                                                          for c in ("Q♠", "10♠", "9♠")]
    take(phones[2], "play", card="9S")
    assert [(t["name"], t["pretty"]) for t in board(phones[1])["trick_cards"]][-1] == ("Dev", "9♠")


def test_the_dealer_flips_the_bones_from_the_phone(dash, dash_host):
    phones = _round(dash, "9H")
    flip = option(phones[4], "flip")
    assert flip["label"] == "Meet Cute: flip a bone" and flip["needs"] == ["card"] and len(flip["pack"]) == 25
    assert [actions(phones[s]) for s in (1, 2, 3)] == [[], [], []]
    take(phones[4], "flip", pick="AC")
    take(phones[4], "flip", pick="QH")
    seen = board(phones[3])
    assert seen["flips_words"] == ["Meet Cute flipped the A♣ (Spiked Club)",
                                   "Meet Cute flipped the Q♥ (Heartbreaker)"]
    assert [m["name"] for m in seen["modifiers"]] == ["Meet Cute", "Spiked Club", "Heartbreaker"]
    assert seen["modifiers"][2]["text"] == "Players are not required to follow suit this round."
    assert seen["ranking_words"]["trump"]["words"] == \
        "Trump ♥ hearts, highest first: Joker > J♥ > J♦ > A♥ > K♥ > Q♥ > 10♥ > 9♥"


def test_every_phones_buttons_are_its_seats_options_round_after_round(dash, dash_host):
    """Rounds 6 to 9 of the kit's game (Collect Call, Therapy Club, Grave Robber, and Polycule
    flipping two more), checked before every move: each phone's buttons are exactly the referee's
    options for its seat, in order, and its state names no card its own view does not (the score
sheet aside: it names earlier rounds' taken cards)."""
    night = dash.extensions["croupier"]
    phones = phones_for(dash, open_night(night))
    seen_modifiers = set()

    def check(number: int) -> None:
        if number < 6:
            return
        state = night.table.state
        for seat, phone in phones.items():
            mine = me(phone)
            assert [o["label"] for o in mine["options"]] == [o.label for o in engine.options(state, seat)]
            for o in mine["options"]:
                o.pop("pack", None)
            # the sheet names earlier rounds' taken cards, from their public views (test_boneyard_sheet)
            mine["state"]["boneyard"].pop("sheet")
            assert cards_named(json.dumps(mine, ensure_ascii=False)) <= \
                cards_named(json.dumps(engine.view(state, seat), ensure_ascii=False)), (number, seat)
            seen_modifiers.update(m["name"] for m in mine["state"]["boneyard"].get("modifiers", ()))

    play_game(night, check, last=9)
    assert {"Collect Call", "Therapy Club", "Grave Robber", "Polycule"} <= seen_modifiers
