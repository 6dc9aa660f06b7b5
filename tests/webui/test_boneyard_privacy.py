"""What each Boneyard euchre phone may see is what the referee's view(state, viewer) gives that seat,
and nothing more: a defender (nor the Maker's partner) never sees the Maker's discard; nobody sees
the Lucky Penny's card before it is played, its holder included; a card handed over face down
(Collect Call, Sweet Nothings) is seen by its giver and taker only; partners never see each other's
hands. Checked on each phone's whole page state and its feed, and on the Table page."""

from __future__ import annotations

import json

from boneyard_kit import NAMES, cards_named, me, open_night, phones_for, submit, take, with_up
from dashboard_kit import Phone
from referee.cards import parse_card
from referee.games.boneyard.events import PennyPlaced
from webui.boonaken_views import card


def _seen_by(phone) -> str:
    """All a phone is sent: its page state with its buttons, and its feed."""
    return json.dumps(me(phone)) + json.dumps(phone.get("/api/feed").get_json())


def _hidden(code: str, phones, *seats, table=None) -> None:
    pretty = card(code)["pretty"]
    for seat in seats:
        told = _seen_by(phones[seat])
        assert f'"{code}"' not in told and pretty not in told, (NAMES[seat], code)
    if table is not None:
        told = json.dumps(table.get("/state").get_json()) + json.dumps(table.get("/api/feed").get_json())
        assert f'"{code}"' not in told and pretty not in told, ("the Table page", code)


def _round(dash, up: str):
    hands, up, bones = with_up(up)
    phones = phones_for(dash, open_night(dash.extensions["croupier"], hands=hands, up=up, bones=bones))
    take(phones[1], "bid", bid="leave")
    take(phones[2], "bid", bid="take")
    return phones


def test_nobody_but_the_maker_sees_the_discard(dash, dash_host):
    phones = _round(dash, "QS")
    take(phones[2], "discard", card="9D")
    _hidden("9D", phones, 1, 3, 4, table=Phone(dash))
    assert me(phones[2])["state"]["boneyard"]["discard"] == "9D"
    assert dash_host.get("/api/host/state").get_json()["boneyard"]["discard"] == "9D"


def test_the_lucky_penny_is_unseen_until_played_even_by_its_holder(dash, dash_host):
    phones = _round(dash, "TD")
    take(phones[2], "discard", card="9D")
    # the camera (or the host) saw which bone went down: the referee knows it, no phone does
    submit(dash.extensions["croupier"], PennyPlaced(4, parse_card("AC")))
    _hidden("AC", phones, 1, 2, 3, 4, table=Phone(dash))
    assert dash_host.get("/api/host/state").get_json()["boneyard"]["penny"]["card"] == "AC"
    take(phones[2], "play", card="JS")
    take(phones[3], "play", card="QS")
    take(phones[4], "penny")                      # the referee knows it: one button, no card to name
    for phone in phones.values():
        assert me(phone)["state"]["boneyard"]["penny_words"] == "Dev played the Lucky Penny, the A♣"


def test_a_card_handed_over_face_down_is_seen_by_giver_and_taker_only(dash, dash_host):
    phones = _round(dash, "9D")
    take(phones[2], "discard", card="QS")
    take(phones[1], "pass", card="9H")                     # Collect Call: Ann hands Ben her 9♥
    _hidden("9H", phones, 3, 4, table=Phone(dash))
    assert "9H" in {c["code"] for c in me(phones[2])["state"]["boneyard"]["seats"][1]["cards"]}


def test_partners_never_see_each_others_hands(dash, dash_host):
    phones = _round(dash, "TH")
    take(phones[2], "discard", card="9D")
    ben = me(phones[2])["state"]["boneyard"]["seats"]
    dev = me(phones[4])["state"]["boneyard"]["seats"]
    assert "cards" not in ben[3] and "cards" not in dev[1]
    # Dev's hand but the Joker, which the trump ranking lists (it names no card's place)
    for code in ("9S", "TS", "AD", "KC"):
        _hidden(code, phones, 1, 2, 3)
    take(phones[2], "pass", card="JC", to_seat=4)               # Sweet Nothings: Ben to Dev, face down
    _hidden("JC", phones, 1, 3, table=Phone(dash))
    assert "JC" in {c["code"] for c in me(phones[4])["state"]["boneyard"]["seats"][3]["cards"]}


def _sent_to(phone) -> str:
    mine = me(phone)
    for o in mine["options"]:
        o.pop("pack", None)         # a card picker's 25 cards say nothing of where a card is
    return json.dumps(mine, ensure_ascii=False) + json.dumps(phone.get("/api/feed").get_json(), ensure_ascii=False)


def test_every_phone_names_only_cards_its_own_view_names_at_every_move(dash, dash_host):
    """Collect Call, Sweet Nothings passes and a Dummy round stepped through from the phones: after
    every move, each phone's whole state, buttons and feed name no card that the referee's
    view(state, seat) does not name."""
    from referee import engine
    night = dash.extensions["croupier"]
    for up, moves in (("9D", [(2, "discard", {"card": "QS"}), (1, "pass", {"card": "9H"}), (3, "pass", {"card": "AH"}),
                              (4, "pass", {"card": "JK"}), (2, "pass", {"card": "JC", "to_seat": 1}),
                              (2, "pass", {"card": "9H", "to_seat": 3}), (2, "pass", {"card": "AH", "to_seat": 4}),
                              (2, "play", {"card": "JS"})]),
                      ("JK", [(2, "trump", {"suit": "S"}), (2, "discard", {"card": "9D"})])):
        phones = _round(dash, up)
        for seat, action, match in [(None, None, None), *moves]:
            if seat is not None:
                take(phones[seat], action, **match)
            for s, phone in phones.items():
                allowed = cards_named(json.dumps(engine.view(night.table.state, s), ensure_ascii=False))
                assert cards_named(_sent_to(phone)) <= allowed, (up, action, NAMES[s], cards_named(_sent_to(phone)) - allowed)
