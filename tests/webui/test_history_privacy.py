"""The hand history shows each viewer only what the table showed it: after every event of whole
hands replayed through the app (two won without a showdown, one with a showdown and a trade), each
seat's phone, the public and the host get from `/api/history` exactly the boards the referee's view
gives them, and no card they may not see (a folded hand's hole cards stay its owner's)."""

from __future__ import annotations

import pytest

from hands_kit import Table, expected_boards, secrets
from test_privacy import no_secret

HANDS = ("01-bonedoneskis", "12-killer-bluff", "04-trades")


@pytest.mark.parametrize("name", HANDS)
def test_history_per_viewer_at_every_event(dash, dash_host, name):
    table = Table(dash, dash_host, name)
    for _ in table.play():
        state = table.state
        for viewer, client, _ in table.viewers():
            got = client.get("/api/history")
            assert got.status_code == 200
            hands = got.get_json()["hands"]
            if state.hand is None:
                assert hands == []
                continue
            boards = {s["seat"]: [c["code"] for c in s["cards"]] for s in hands[0]["seats"]}
            assert boards == expected_boards(state, viewer), viewer
            no_secret(got.get_data(as_text=True), secrets(state, viewer), f"/api/history for viewer {viewer}")
