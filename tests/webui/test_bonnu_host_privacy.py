"""Bonnu's HOST view leaves every hand out (each is its seat's alone), so the host console is sent
no card of a hand: not in a seat's options (their labels and events name the seat's cards, so
they are left out and the seat takes them on its phone), not anywhere else in its answers; and a
host playing at a seat sees no card of another seat's hand, though the HOST view is not
"everything" here (webui/playing.py, every_card)."""

from __future__ import annotations

import json

import pytest

from bonnu_kit import HANDS, open_night
from referee import engine
from referee.engine import HOST
from referee.events import parse_any_card
from webui.console import option_key
from webui.feed import seen_codes
from webui.playing import Secrecy, every_card


@pytest.fixture
def night(dash, dash_host):
    n = dash.extensions["croupier"]
    open_night(n)
    return n


def hand(seat: int) -> set[str]:
    return set(HANDS[seat].split())


def names_any(answer: dict, codes: set[str]) -> set[str]:
    """The codes in `codes` that `answer` names, by code or by the name people read."""
    text = json.dumps(answer)
    return {c for c in codes if c in text or parse_any_card(c).pretty in text}


def seat_lay(state, seat: int, code: str):
    return next(o for o in engine.options(state, seat) if o.action == "lay" and o.event.card.code == code)


def test_the_host_console_names_no_card_of_a_hand(night, dash_host):
    state = night.table.state
    hidden = every_card(state) - seen_codes(engine.view(state, HOST))
    assert hidden == set().union(*(hand(s) for s in HANDS))      # every hand, all 28 cards
    answer = dash_host.get("/api/host/state").get_json()
    assert names_any(answer, hidden) == set()
    assert all(o["action"] != "lay" for o in answer["seat_options"]["1"])   # Ann's lays name her cards
    assert answer["hidden_left_out"] > 0
    # nor can the host take one by its key (it was never sent one): the seat takes it on its phone
    lay = seat_lay(state, 1, "red:5")
    r = dash_host.post("/api/host/option", {"seat": 1, "option": option_key(lay)})
    assert r.status_code == 409 and "its own phone" in r.get_json()["error"]


def test_a_host_playing_at_seat_2_never_sees_seat_1s_hand(night, dash_host):
    assert dash_host.post("/api/host/playing", {"seat": 2}).status_code == 200
    state = night.table.state
    secrecy = Secrecy(state, 2)
    others = hand(1) | hand(3) | hand(4)
    assert secrecy.hidden == others and secrecy.refuses(seat_lay(state, 1, "red:5")) is not None
    answer = dash_host.get("/api/host/state").get_json()
    assert names_any(answer, others) == set()
    assert names_any(answer, hand(2)) == hand(2)                 # their own hand, as on their phone
    assert answer["playing_left_out"] > 0
    r = dash_host.post("/api/host/option", {"seat": 1, "option": option_key(seat_lay(state, 1, "red:5"))})
    assert r.status_code == 409


def test_a_pickers_pack_is_the_whole_deck_whatever_the_hidden_hands_hold(dash, dash_host):
    """Ann's and Cleo's hands named, Ben's and Dev's not; Ann leads the red 5: the host enters Ben's
    lay and the unnamed seats' Cuts with pickers whose `pack` is the deck's fixed list (all 60, or
    the 5s). The scrub once nulled the named hands' cards in it: the console failed to draw (a null
    card), and the nulls' places told the host which cards those hands held (Cleo's two 5s)."""
    from bonnu_kit import NAMES, deal_round, lead
    from webui.bonnu_views import PACK

    n = dash.extensions["croupier"]
    n.start("bonnu", list(NAMES), NAMES, {}, "two hands named")
    deal_round(n, {1: HANDS[1], 3: HANDS[3]})
    lead(n)
    answer = dash_host.get("/api/host/state").get_json()
    packs = {o["action"]: o["pack"] for opts in answer["seat_options"].values() for o in opts if "pack" in o}
    assert packs["lay"] == PACK, packs["lay"]
    assert packs["cut"] == [c for c in PACK if c.endswith(":5")], packs["cut"]
    assert answer["hidden_left_out"] > 0                     # the named seats' own moves are still left out
    rest = dict(answer, seat_options=None, options=None)
    assert names_any(rest, (hand(1) | hand(3)) - {"red:5"}) == set()
