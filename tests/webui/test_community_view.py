"""The table view shows a community card (the last card dealt once to the centre when the deck
runs short) as everyone's card, next to the pot."""

from __future__ import annotations

from referee.cards import deck52
from referee.events import CardDealt, TableOpened
from referee.script import call_around, play
from webui import views

SEATS = 7


def _short_deck_hand():
    """Seven players in eight-card stud called down to the last street: 3 cards left for 7."""
    deck = list(deck52())
    state, _ = play(f"open stud {' '.join(str(s) for s in range(1, SEATS + 1))} cards=8\nhand 1 dealer {SEATS}")
    i = 0
    for street, cmd in enumerate(["down", "down", "up", "up", "up", "up", "up"], start=1):
        line = f"{cmd} " + ", ".join(f"{s} {deck[i + n].code}" for n, s in enumerate(range(1, SEATS + 1)))
        i += SEATS
        state, _ = play(line, state)
        if street >= 3:
            state, _ = call_around(state)
    return state, deck[i:]


def test_the_community_card_is_on_the_table_view(dash):
    night = dash.extensions["croupier"]
    state, rest = _short_deck_hand()
    events = state.log.to_tuple()
    opened = events[0]
    assert isinstance(opened, TableOpened)
    night.start(opened.game, list(opened.seats), {}, dict(opened.settings), "short deck")
    for n, e in enumerate(events[1:]):
        night.submit(e, f"k{n}", "host")
    assert views.table_view(night, None)["hand"]["community"] == []
    night.submit(CardDealt(None, rest[0], True, 8), "centre", "host")
    shown = views.table_view(night, None)["hand"]["community"]
    assert [c["code"] for c in shown] == [rest[0].code] and shown[0]["up"]
    # and the page has a place for it
    assert 'id="community"' in dash.test_client().get("/").get_data(as_text=True)
