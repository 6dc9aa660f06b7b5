"""`croupier serve --game NAME`: open a night of that game as the server starts (the host console's
"Start a new night" from the terminal), with its settings explained as the console explains them.

A night of the same game still running in the store is resumed, not opened again (a restart keeps
the night); one of another game still running is refused in words, so a restart with the wrong
`--game` never ends somebody's night behind their back.
"""

from __future__ import annotations

import argparse
import json


def add_options(p) -> None:
    p.add_argument("--game", help="open a night of this game as the server starts (e.g. boonaken, bonedoneskis); "
                   "without it the host starts one on the host console")
    p.add_argument("--seats", type=int, default=4, help="with --game: how many seats (default 4)")
    p.add_argument("--names", help="with --game: the players' names in seat order, comma-separated (Ann,Ben,Cleo,Dev)")
    p.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", type=setting_text,
                   help="with --game: a setting of the game (e.g. --set scoring=points --set minimum_bid=25); "
                        "repeatable; each setting is printed in words as the night opens, and explained on the host console")
    p.add_argument("--night-name", default="", help="with --game: the night's name (default: night of <date>)")


def setting_text(text: str) -> tuple[str, object]:
    """`--set name=value`: the value read as JSON where it is one (true, 25), else as text."""
    name, eq, raw = text.partition("=")
    if not eq or not name.strip():
        raise argparse.ArgumentTypeError("write a setting as NAME=VALUE, e.g. scoring=points")
    try:
        value = json.loads(raw)
    except ValueError:
        value = raw
    if isinstance(value, (dict, list)) or value is None:
        value = raw
    return name.strip(), value


def _names(text: str | None, seats: int) -> dict[int, str]:
    if not text:
        return {}
    names = [n.strip() for n in text.split(",")]
    if len(names) > seats or not all(names) or any(len(n) > 40 for n in names):
        raise SystemExit(f"--names: at most {seats} names (one per seat, --seats), comma-separated, e.g. Ann,Ben,Cleo,Dev")
    return dict(enumerate(names, start=1))


def settings_lines(game_id: str, settings) -> list[str]:
    """Each setting of tonight's game as the console says it, the ones changed from the default marked."""
    from referee import registry
    game = registry.games()[game_id]
    defaults = {w["name"]: w["value"] for w in game.settings_class().explained()}
    return [f"  {'*' if w['value'] != defaults.get(w['name']) else ' '} {w['text']}" for w in settings.explained()]


def open_for_serve(night, args) -> str | None:
    """Open (or resume) the night `--game` asks for; the lines to print about it. None without --game."""
    from referee import registry
    from referee.settings import SettingsError, parse_settings
    game_id = getattr(args, "game", None)
    if not game_id:
        return None
    games = registry.games()
    if game_id not in games:
        raise SystemExit(f"--game {game_id}: no such game (games: {', '.join(sorted(games))})")
    if not 2 <= args.seats <= 12:
        raise SystemExit("--seats: 2 to 12")
    game = games[game_id]
    raw = dict(args.set)
    try:
        settings = parse_settings(game.settings_class, raw)
    except (SettingsError, ValueError) as exc:
        raise SystemExit(f"--set: {exc}") from None
    running = night.table is not None and not night.ended
    if running and night.table.state.game != game_id:
        raise SystemExit(f"the store's night is {night.table.state.game}, still running: end it on the host "
                         f"console first, or give another --db")
    if running:
        said = f"Resuming tonight's {game.name} night (session {night.session_id}); --set applies to a new night only."
    else:
        import time
        seats = list(range(1, args.seats + 1))
        name = args.night_name or time.strftime("night of %Y-%m-%d")
        try:
            night.start(game_id, seats, _names(args.names, args.seats), raw, name)
        except ValueError as exc:       # the referee's refusal (too many seats for the game...)
            raise SystemExit(f"cannot open the {game.name} night: {exc}") from None
        said = f"Opened a {game.name} night, {args.seats} seats ({name})."
        settings = night.table.state.settings
    return "\n".join([said, f"{game.name} settings tonight (* changed from the default):",
                      *settings_lines(game_id, settings)])
