"""The buttons are the referee's options: at every event of whole hands, each phone's buttons are
`engine.options(state, seat)` (those a seat endpoint takes), the host console's are
`engine.options(state, None)` and each seat's on its behalf, with the referee's labels, costs and
needs; a card to point at is one of the option's targets, as the seat may see it. Pressing them
enters the fixture's hand exactly (hands_kit checks each logged event against the fixture's)."""

from __future__ import annotations

import pytest

from hands_kit import BET_TYPES, Table, sees
from referee import engine
from referee.events import Decision
from referee.options import Option
from webui import views

HANDS = ("04-trades", "05-queen-kings-river", "08-straight-up", "02-dueling-snowmen")
SEAT_ACTIONS = {"decide", "show", "expose", *BET_TYPES}


def offered(o: Option) -> tuple:
    return o.action, o.label, None if o.cost is None else str(o.cost), list(o.needs), o.decision


def shown(o: dict) -> tuple:
    return o["action"], o["label"], o["cost"], o["needs"], o["decision"]


def expected_picks(state, o: Option, viewer) -> list[tuple]:
    """The option's targets, a card the viewer may not see named by its seat only."""
    out = []
    for seat, card in o.targets:
        slot = next((sl for sl in state.hand.boards[seat].slots if card is not None and sl.card == card), None)
        out.append((seat, card.code if slot is not None and sees(viewer, seat, slot) else None))
    return list(dict.fromkeys(out))


@pytest.mark.parametrize("name", HANDS)
def test_buttons_are_the_options_at_every_event(dash, dash_host, name):
    table = Table(dash, dash_host, name)
    kinds = set()
    for raw, how, _ in table.play():
        state = table.state
        host = dash_host.get("/api/host/state").get_json()
        assert [shown(o) for o in host["options"]] == [offered(o) for o in engine.options(state, None)]
        for seat in table.seats:
            mine = engine.options(state, seat)
            assert [shown(o) for o in host["seat_options"][str(seat)]] == [offered(o) for o in mine]
            buttons = table.me(seat)["options"]
            assert [shown(o) for o in buttons] == [offered(o) for o in mine if o.action in SEAT_ACTIONS], seat
            for button, o in zip(buttons, (o for o in mine if o.action in SEAT_ACTIONS)):
                kinds.add(o.action)
                if o.targets:
                    assert [(p["seat"], p["card"]) for p in button["picks"]] == expected_picks(state, o, seat)
        seat_move = raw["type"] in BET_TYPES or raw["type"] in ("hand_shown", "card_exposed") or \
            raw["type"] == "decision" and raw["seat"] is not None
        assert how == ("seat" if seat_move else "host option"), raw        # no raw event JSON for anything
    assert {"decide", "call"} <= kinds


def test_the_pickers_of_a_target_with_no_targets_are_every_card_on_the_table(dash, dash_host):
    """Until a rule names its targets, a choice that points at a card offers every card the
    player sees on the table, and each board whose cards it cannot see by its seat."""
    table = Table(dash, dash_host, "04-trades")
    for raw, _, _ in table.play():
        if raw["type"] == "card_dealt" and raw["up"]:
            break                                      # the first face-up card is on the table
    state = table.state
    blank = Option("decide", 1, "Trade", Decision(1, "trade-cards", "trade"), needs=("target",))
    picks = views._picks(blank, engine.view(state, 1))
    want = [(s, sl.card.code) for s, b in state.hand.boards.items() for sl in b.slots if sees(1, s, sl) and sl.card]
    want += [(s, None) for s, b in state.hand.boards.items() if any(sl.card is None or not sees(1, s, sl)
                                                                    for sl in b.slots)]
    assert [(p["seat"], p["card"]) for p in picks] == want and any(p["card"] is None for p in picks)
