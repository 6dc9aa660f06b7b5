"""`croupier` on the command line: replay a hand, evaluate a hand, the ledger and settle-up,
rule lookup and "why?", and the demo."""

from __future__ import annotations

import argparse
import hashlib
import json
import sqlite3
import sys
from decimal import Decimal
from pathlib import Path

from referee.announcements import Announcement
from referee.engine import Refusal
from referee.engine import HOST, apply, view
from referee.events import EventError, numbered_jsonl
from referee.ledger import balances, balances_csv, ledger_csv, settle_up
from referee.money import ZERO, fmt
from referee.state import State
from webui.store import StoreError

DATA = Path(__file__).parent / "data"
DEMO_HAND = DATA / "demo-hand.jsonl"


class CliError(Exception):
    """A user mistake: printed as one clear line, exit status 2."""


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return args.func(args) or 0
    except (CliError, EventError, Refusal, OSError, ValueError, StoreError) as exc:
        print(f"croupier: error: {exc}", file=sys.stderr)
        return 2
    except sqlite3.DatabaseError as exc:        # damaged past the first pages: found while reading
        print(f"croupier: error: the store could not be read, it is damaged ({exc})", file=sys.stderr)
        return 2


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="croupier", description=__doc__)
    sub = p.add_subparsers(dest="command")

    r = sub.add_parser("replay", help="replay a .jsonl hand: announcements, pot and ledger")
    r.add_argument("file", type=Path)
    r.add_argument("--db", type=Path, help="also record it in this SQLite store")
    r.add_argument("--session", help="session name in the store (default: the file's name)")
    r.add_argument("--json", action="store_true", help="machine-readable output")
    r.add_argument("--game", help="the game the file must be (refused if its table_opened names another)")
    r.set_defaults(func=cmd_replay)

    from . import cli_eval, cli_marks, cli_rules
    cli_eval.add_parser(sub)
    cli_rules.add_parsers(sub)
    cli_marks.add_parsers(sub)
    from . import cli_vision; cli_vision.add_parsers(sub)
    from . import cli_web; cli_web.add_parsers(sub)

    for name, func, helptext in (("ledger", cmd_ledger, "the night's ledger from a store"),
                                 ("settle", cmd_settle, "who pays whom to settle the night")):
        s = sub.add_parser(name, help=helptext)
        s.add_argument("--db", type=Path, required=True)
        s.add_argument("--session", help="session name (default: the latest)")
        s.add_argument("--csv", action="store_true", help="CSV instead of a table")
        s.add_argument("--json", action="store_true")
        s.set_defaults(func=func)

    d = sub.add_parser("demo", help="the bundled Bonedoneskis hand through the camera pipeline (or replayed), "
                                    "then the dashboard")
    d.add_argument("--json", action="store_true")
    d.add_argument("--db", type=Path)
    d.add_argument("--serve", action=argparse.BooleanOptionalAction, default=True,
                   help="then serve the dashboard on it (default; --no-serve just prints)")
    d.add_argument("--port", type=int, default=8000)
    d.add_argument("--host", default="0.0.0.0", help="address to listen on (default: every interface)")
    from .cli_web import pin_text
    d.add_argument("--pin", type=pin_text, help="host PIN, kept in the store (default: the one kept there, "
                   "else six random digits, printed)")
    d.set_defaults(func=cmd_demo)
    from . import cli_camera; cli_camera.add_parsers(sub)  # after "demo": adds its camera switches
    return p


# --------------------------------------------------------------------------------- replay
def read_events(path: Path):
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CliError(f"no such file: {path}") from None
    except UnicodeDecodeError:
        raise CliError(f"{path} is not a UTF-8 text file") from None
    return text, numbered_jsonl(text, str(path))


def cmd_replay(args) -> int:
    text, numbered = read_events(args.file)
    game = getattr(args, "game", None)     # `demo --replay` comes here without the switch
    if game:
        named = {e.game for _, e in numbered if e.type == "table_opened"}
        if named != {game}:
            raise CliError(f"{args.file} is {', '.join(sorted(named)) or 'no game (no table_opened)'}, "
                           f"not {game}")
    if args.db:
        state, said, transfers = _replay_into_store(args, text, numbered)
    else:
        state, said = State(), []
        for line, event in numbered:
            try:
                state, anns = apply(state, event)
            except Refusal as exc:
                raise CliError(f"{args.file}:{line}: {event.type} refused: {exc}") from None
            said.extend(anns)
        transfers = state.transfer_list()
    report(state, said, transfers, as_json=args.json)
    return 0


def _replay_into_store(args, text: str, numbered):
    from webui.store import Store
    from webui.table import Table
    digest = hashlib.sha1(text.encode()).hexdigest()[:12]
    with Store(args.db) as store:
        game = next((e.game for _, e in numbered if e.type == "table_opened"), "")
        table = Table.open(store, args.session or args.file.stem, game)
        # Dry run first: a file with a refused event writes nothing at all.
        dry = table.state
        for line, event in numbered:
            if table.recorded(f"file:{digest}:{line}"):
                continue
            try:
                dry, _ = apply(dry, event)
            except Refusal as exc:
                raise CliError(f"{args.file}:{line}: {event.type} refused: {exc} (nothing recorded)") from None
        said: list[Announcement] = []
        for line, event in numbered:
            said.extend(table.submit(event, f"file:{digest}:{line}").announcements)
        return table.state, said, table.transfers()


def report(state, said, transfers, *, as_json: bool) -> None:
    net = balances(transfers)
    if as_json:
        print(json.dumps({
            "announcements": [a.to_json() for a in said],
            "pot": str(state.pot_total()),
            "pending": [p.to_json() for p in state.pending()],
            "table": view(state, HOST).get(state.game),
            "balances": {k: str(v) for k, v in sorted(net.items())},
            "transfers": [{"payer": t.payer, "payee": t.payee, "amount": str(t.amount), "rule": t.rule,
                           "memo": t.memo, "hand": t.hand} for t in transfers],
        }, ensure_ascii=False, indent=1))
        return
    for a in said:
        print(format_announcement(a))
    print()
    print(f"Pot now: {fmt(state.pot_total())}")
    for p in state.pending():
        print(f"Waiting: {'host' if p.seat is None else 'seat ' + str(p.seat)}: {p.prompt}")
    print("Ledger (net this night):")
    for account, amount in sorted(net.items()):
        if amount != ZERO or account.startswith("seat:"):
            print(f"  {account:<12} {fmt(amount):>10}")


def format_announcement(a: Announcement) -> str:
    tag = a.kind.value.upper().replace("_", " ")
    rule = f" [{a.rule}]" if a.rule else ""
    return f"#{a.id:<4} {tag:<10}{rule} {a.text}"


# ------------------------------------------------------------------------- ledger, settle
def books(store, sid):
    from webui.table import books as server_books
    return server_books(store, sid)


def _open_session(args):
    from webui.store import Store
    store = Store(args.db, read_only=True)      # ledger and settle read: never create or convert
    if args.session:
        rows = list(store.rows("select id from table_sessions where name = ? order by id desc limit 1",
                                   [args.session]))
    else:
        rows = list(store.rows("select id from table_sessions order by id desc limit 1"))
    if not rows:
        raise CliError(f"no session {'named ' + repr(args.session) + ' ' if args.session else ''}in {args.db}")
    return store, rows[0]["id"]


def cmd_ledger(args) -> int:
    store, sid = _open_session(args)
    with store:
        transfers = books(store, sid)     # the server's books: what the event log says, a crash's gap filled
        if args.csv:
            sys.stdout.write(ledger_csv(transfers))
            return 0
        if args.json:
            print(json.dumps([{**r, "amount": str(r["amount"]), "because": list(r["because"])}
                              for r in store.ledger_rows(sid)], indent=1))
            return 0
        for r in store.ledger_rows(sid):
            undone = f"  (reversed by #{r['reversed_by']})" if r["reversed_by"] else ""
            print(f"#{r['id']:<4} hand {r['hand'] or '-':<3} {r['payer']:<10} -> {r['payee']:<10} "
                  f"{fmt(Decimal(r['amount'])):>9}  {r['rule'] or ''} {r['memo'] or ''}{undone}")
        stored = len(store.transfers(sid))
        if len(transfers) > stored:
            print("Not written yet (a crash came between an event and its money; serve writes them when it opens the night):")
            for t in transfers[stored:]:
                print(f"      hand {t.hand or '-':<3} {t.payer:<10} -> {t.payee:<10} {fmt(t.amount):>9}  {t.rule} {t.memo}")
        print("Net:")
        for account, amount in sorted(balances(transfers).items()):
            print(f"  {account:<12} {fmt(amount):>10}")
    return 0


def cmd_settle(args) -> int:
    store, sid = _open_session(args)
    with store:
        net = {k: v for k, v in balances(books(store, sid)).items() if k.startswith("seat:")}
        open_pots = {k: v for k, v in balances(books(store, sid)).items() if k.startswith("pot:") and v}
    if open_pots:
        print("Note: money still in pots: " + ", ".join(f"{k} {fmt(v)}" for k, v in open_pots.items()))
    moves = settle_up(net)
    if args.csv:
        sys.stdout.write(balances_csv(net))
        return 0
    if args.json:
        print(json.dumps([{"from": a, "to": b, "amount": str(m)} for a, b, m in moves], indent=1))
        return 0
    if not moves:
        print("Nobody owes anybody.")
    for payer, payee, amount in moves:
        print(f"{payer} pays {payee} {fmt(amount)}")
    return 0


# ----------------------------------------------------------------------------------- demo
def cmd_demo(args) -> int:
    from .cli_camera import camera_demo_runner, camera_demo_serve
    run = camera_demo_runner(args)  # the bundled table video through the camera pipeline, if it and the models exist
    if run is not None and args.serve:
        return camera_demo_serve(args)  # the pipeline runs live next to the dashboard
    if run is None:
        print("croupier demo: replaying a scripted Bonedoneskis hand (the camera demo needs models/ and the table video; --replay asks for this)\n")
        args.file, args.session = DEMO_HAND, "demo"
        run = cmd_replay
    if args.serve:
        from .cli_web import demo_serve
        return demo_serve(args, run)
    return run(args)


if __name__ == "__main__":
    raise SystemExit(main())
