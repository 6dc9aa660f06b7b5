"""`croupier serve`: the phone dashboard on a production WSGI server (waitress), and the serving
half of `croupier demo`.

Thread sizing. Waitress runs the app on a fixed pool of threads, and every open live stream
(one per phone tab showing the dashboard, plus the host's and any table screen) holds one thread
for as long as it is open. So the pool is `streams + workers`: `--streams` (default 40: eight
players with two tabs each, the host, a table screen, and room for phones that reconnect before
their old stream has timed out) and `--workers` (default 8) threads that are always left for
ordinary requests, so "pay" is never stuck behind the streams. Past `--streams` a new stream gets
503 with Retry-After (the browser retries) instead of starving the requests. A thread costs about
64 KiB to 8 MiB of virtual memory and nothing while it waits; 50 streams were measured with
`bench/sse.py`. Waitress's `send_bytes` is set to 1 so each event leaves at once: with its
default (18000 bytes) a stream's output waits in the buffer while the stream's task runs, and in
`bench/sse.py` not even the first frame reached the 50 clients within 30 s. (Waitress 3 marks
`send_bytes` deprecated; the browser test and the benchmark fail loudly if streaming stops working.)
"""

from __future__ import annotations

import secrets
import socket
import sys
import tempfile
import warnings
from pathlib import Path


def add_parsers(sub) -> None:
    s = sub.add_parser("serve", help="serve the phone dashboard (live table, seats, ledger, host console)")
    s.add_argument("--db", type=Path, default=Path("croupier.db"), help="the SQLite store (default croupier.db)")
    add_server_options(s)
    from .cli_night import add_options
    add_options(s)
    s.set_defaults(func=cmd_serve)
    r = sub.add_parser("host-reset", help="locked out of the host console? a new host PIN, every host logged "
                       "out, every wrong-PIN lockout cleared (run it on the laptop; a running serve sees it)")
    r.add_argument("--db", type=Path, default=Path("croupier.db"), help="the store `croupier serve` uses")
    r.add_argument("--pin", type=pin_text, help="the new PIN (default: six random digits)")
    r.set_defaults(func=cmd_host_reset)


def add_server_options(p) -> None:
    p.add_argument("--host", default="0.0.0.0", help="address to listen on (default: every interface)")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--pin", type=pin_text, help="host PIN, kept in the store for the night (default: the one "
                   "kept there, else six random digits, made once, kept and printed)")
    p.add_argument("--public-url", help="base URL for QR codes, e.g. http://192.168.1.20:8000")
    p.add_argument("--streams", type=int, default=40, help="live streams open at once (default 40)")
    p.add_argument("--workers", type=int, default=8, help="threads kept free for requests (default 8)")
    p.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                   help="another name the dashboard is reached by (besides the laptop's own names and "
                        "addresses); requests naming any other host get 400. Repeatable")
    p.add_argument("--tls", action="store_true", help="HTTPS, with a self-signed certificate made at the first "
                   "start and kept next to the store; its fingerprint is shown on the host page")


def pin_text(text: str) -> str:
    """`--pin`: 4 to 32 characters a host can type on a phone, no spaces."""
    import argparse
    if not 4 <= len(text) <= 32 or any(ch.isspace() or ord(ch) < 32 for ch in text):
        raise argparse.ArgumentTypeError("the PIN must be 4 to 32 characters, with no spaces")
    return text


def lan_address() -> str:
    """The address other devices on the LAN reach us at (no packet is sent), else 127.0.0.1."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))
            return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"


def base_url(args) -> str:
    if getattr(args, "public_url", None):
        return args.public_url.rstrip("/")
    host = args.host if args.host not in ("0.0.0.0", "::", "") else lan_address()
    return f"{'https' if getattr(args, 'tls', False) else 'http'}://{host}:{args.port}"


def served_names(args) -> set[str]:
    """The names and addresses a request's Host header may carry: loopback, the laptop's LAN
    addresses and host name, the address listened on, the public URL's host and --allow-host."""
    from urllib.parse import urlsplit
    names = {"localhost", "127.0.0.1", "::1", lan_address(), args.host}
    hostname = socket.gethostname().lower()
    names |= {hostname, hostname + ".local"}          # what mDNS/the router may call the laptop
    try:
        names |= {info[4][0] for info in socket.getaddrinfo(hostname, None)}
    except OSError:
        pass
    if getattr(args, "public_url", None):
        names.add((urlsplit(args.public_url).hostname or "").lower())
    names |= {n.lower() for n in getattr(args, "allow_host", None) or ()}
    return names - {"", "0.0.0.0", "::"}


def print_qr(url: str, out=sys.stdout) -> None:
    import segno
    try:
        segno.make(url, error="m").terminal(out=out, compact=True)
    except UnicodeEncodeError:      # a terminal that cannot draw blocks: the URL is enough
        pass


def make_app(args, db: Path, camera=None):
    from .app import create_app
    names = served_names(args)
    config = {"DB": str(db), "PIN": args.pin, "PUBLIC_URL": base_url(args), "MAX_STREAMS": args.streams,
              "ALLOWED_HOSTS": names}
    if getattr(args, "tls", False):
        from . import tls
        config["TLS_CERT"], config["TLS_KEY"] = (str(p) for p in tls.ensure_certificate(Path(db), sorted(names)))
        config["TLS_FINGERPRINT"] = tls.fingerprint(Path(config["TLS_CERT"]))
    # no --pin: the PIN kept in the store stands (create_app makes and keeps one the first time)
    return create_app(config, camera=camera)


def run_server(app, args) -> int:
    from waitress import serve
    url = base_url(args)
    print(f"\ncroupier dashboard: {url}/   (host console: {url}/host, PIN {app.config['PIN']}, "
          f"kept in the store: --pin sets another; locked out? croupier host-reset --db {args.db})")
    print_qr(url + "/")
    if app.config.get("TLS_FINGERPRINT"):
        print(f"TLS certificate (self-signed, kept in {app.config['TLS_CERT']}): SHA-256 "
              f"{app.config['TLS_FINGERPRINT']}\nPhones warn once: the digits they show must be these.")
    print(f"Serving on {args.host}:{args.port} with {args.streams + args.workers} threads "
          f"({args.streams} live streams + {args.workers} for requests). Ctrl-C stops.", flush=True)
    # waitress 3 warns that send_bytes will go away; until then it is what makes streaming work.
    warnings.filterwarnings("ignore", message="send_bytes", category=DeprecationWarning)
    limit = max(100, args.streams * 2 + args.workers)
    wsgi, front, where = app, None, {"host": args.host, "port": args.port}
    if app.config.get("TLS_FINGERPRINT"):
        wsgi, front, where = tls_front(app, args, limit)
    try:
        serve(wsgi, threads=args.streams + args.workers, connection_limit=limit,
              send_bytes=1, channel_timeout=120, ident="croupier", **where)
    except KeyboardInterrupt:
        pass
    finally:
        if front is not None:
            front.close()
        camera = app.extensions.get("croupier_camera")
        if camera is not None:      # first: its thread may be handing the night an event
            camera.stop()
        app.extensions["croupier"].close()
        app.extensions["croupier_hosts"].close()
    return 0


def tls_front(app, args, limit: int):
    """`--tls`: the TLS front on the public port, waitress behind it on a loopback port of its own
    (webui/tls.py says why). Returns the app for waitress to run, the front, and waitress's
    listening socket as keyword arguments for `serve`."""
    from . import tls
    listener = socket.create_server((args.host, args.port), family=socket.AF_INET6 if ":" in args.host
                                    else socket.AF_INET, backlog=1024)
    backend = socket.create_server(("127.0.0.1", 0))
    front = tls.TlsFront(tls.server_context(Path(app.config["TLS_CERT"]), Path(app.config["TLS_KEY"])),
                         listener, backend.getsockname()[:2], limit)
    front.start()
    return tls.real_clients(app, front), front, {"sockets": [backend], "url_scheme": "https"}


def cmd_serve(args) -> int:
    from .cli_night import open_for_serve
    app = make_app(args, args.db)
    opened = open_for_serve(app.extensions["croupier"], args)
    if opened:
        print(opened)
        _print_joins(args, app.extensions["croupier"])
    return run_server(app, args)


def cmd_host_reset(args) -> int:
    from .host_sessions import reset
    pin, revoked, cleared = reset(args.db, args.pin)
    print(f"new host PIN: {pin}   ({revoked} host session{'s' * (revoked != 1)} logged out, "
          f"{cleared} wrong PIN{'s' * (cleared != 1)} forgotten; log in again on /host)")
    return 0


DEMO_NAMES = {1: "Ann", 2: "Ben", 3: "Cleo", 4: "Dev"}


def _server_defaults(args) -> None:
    """`demo` and `run` lack some of `serve`'s options: fill them in."""
    if not getattr(args, "db", None):
        args.db = Path(tempfile.mkdtemp(prefix="croupier-night-")) / "demo.db"
    for name, default in (("host", "0.0.0.0"), ("pin", None), ("public_url", None), ("streams", 40),
                          ("workers", 8), ("allow_host", []), ("tls", False)):
        if not hasattr(args, name):
            setattr(args, name, default)
    if not getattr(args, "port", None):
        args.port = 8000


def _print_joins(args, night) -> None:
    print(f"\nStore: {args.db}. Join links (each phone opens its own):")
    for p in night.players():
        print(f"  seat {p['seat']} {p['name']:<5} {base_url(args)}/join/{p['token']}")


def demo_serve(args, replay) -> int:
    """`croupier demo`: replay the demo hand into a store, seat four players, then serve it."""
    _server_defaults(args)
    code = replay(args)
    if code:
        return code
    app = make_app(args, args.db)
    night = app.extensions["croupier"]
    if night.table is not None and not night.players():
        for seat in night.table.state.seats:
            night.store.add_player(night.session_id, seat, DEMO_NAMES.get(seat, f"Seat {seat}"))
    _print_joins(args, night)
    return run_server(app, args)


def open_night(night, host_events, names: dict | None, name: str) -> list:
    """Start the night the camera's host events open (a `table_opened` event becomes the night's
    own start, with a join code per seat), unless one is running in the store already (a restart
    resumes it: the table and the hand are not opened again). Returns the other host events, for
    the pipeline to submit when the video reaches them."""
    opened = next((e for _, e in host_events if e.type == "table_opened"), None)
    fresh = night.table is None or night.ended
    if fresh:
        if opened is None:
            raise ValueError("no night is running in the store and the host events open none: "
                             "start one on the host console, or give --events with a table_opened event")
        night.start(opened.game, sorted(opened.seats), names or {}, dict(opened.settings or {}), name)
    return [(t, e) for t, e in host_events
            if e.type != "table_opened" and (fresh or e.type != "hand_started")]


def camera_app(args, service, host_events, names=None, session: str = "camera"):
    """The app with the camera attached and the night open: (app, host events for the pipeline)."""
    from .night import Conflict
    _server_defaults(args)
    app = make_app(args, args.db, camera=service)
    night = app.extensions["croupier"]
    rest = open_night(night, host_events, names, session)
    if service.source.live:   # a live camera's clock is not the script's: its host events are due now,
        start = secrets.token_hex(4)   # even if the camera sends nothing yet (unplugged at the start)
        for i, (_, event) in enumerate(rest):
            try:
                night.submit(event, f"camera-start:{start}:{i}", "host")
            except (ValueError, Conflict) as exc:      # a refusal, in the referee's words
                print(f"[host] the referee refused {event.describe()}: {exc}")
        rest = []
    return app, rest


def camera_serve(args, service, host_events, names=None, session: str = "camera") -> int:
    """`croupier run` and the camera `croupier demo`: the pipeline runs on its own thread while the
    dashboard serves; the host console shows the camera and its readings to check."""
    app, rest = camera_app(args, service, host_events, names, session)
    _print_joins(args, app.extensions["croupier"])
    service.start(rest)
    return run_server(app, args)
