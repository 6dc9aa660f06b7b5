"""`croupier marks --db NIGHT.db`: the night's score sheet of a game scored in marks or points
(Boonaken), read from the store's event log the way the ledger is: each finished game's loser,
then the game in progress, one line per seat."""

from __future__ import annotations

import json
from pathlib import Path

from referee.engine import HOST, apply, view
from referee.events import from_json
from referee.state import State


def add_parsers(sub) -> None:
    m = sub.add_parser("marks", help="the night's score sheet (Boonaken's marks or points) from a store")
    m.add_argument("--db", type=Path, required=True)
    m.add_argument("--session", help="session name (default: the latest)")
    m.add_argument("--json", action="store_true")
    m.set_defaults(func=cmd_marks)


def night_sheet(store, sid) -> dict | None:
    """The game's sheet as the host sees it, or None when the night's game keeps no sheet."""
    state = State()
    for _seq, data in store.events(sid):
        state, _ = apply(state, from_json(data))
    table = view(state, HOST).get(state.game) or {}
    return table.get("sheet")


def cmd_marks(args) -> int:
    from .cli import CliError, _open_session
    store, sid = _open_session(args)
    with store:
        sheet = night_sheet(store, sid)
    if sheet is None:
        raise CliError("this night's game keeps no marks sheet (it is played for money: see `croupier ledger`)")
    if args.json:
        print(json.dumps(sheet, ensure_ascii=False, indent=1))
        return 0
    for game in sheet["past"]:
        print(f"Game {game['game_no']}: " + " and ".join(f"seat {s}" for s in game["losers"]) + " bought the drinks")
    print(f"Game {sheet['game_no']} ({sheet['scoring']}):")
    for row in sheet["rows"]:
        print(f"  seat {row['seat']:<3} {row['column']:<14} {row['words']}")
    if sheet["drinks"]:
        print(sheet["drinks"][0].upper() + sheet["drinks"][1:] + "!")
    return 0
