"""`croupier run | markers | doctor | render-video`, and the camera half of `croupier demo`.

* `croupier run --camera 0` (or `--source URL|FILE|FOLDER`): the camera pipeline on a live
  table, served with the phone dashboard (the host console shows the camera); announcements as
  they happen; `--zones FILE` for a hand-drawn zone file; `--headless` / `--json`: print only.
* `croupier demo`: the bundled table video through the same pipeline (when the video and the
  models exist; `--replay` replays the scripted hand instead). `--headless --once --json` for
  scripts and tests.
* `croupier markers`: the printable ArUco marker sheet (PNG and PDF) into hardware/.
* `croupier doctor`: checks a camera: resolution, fps, sharpness, exposure, markers, model speed.
* `croupier render-video SCRIPT OUT.mp4`: a synthetic table video from a deal script or a hand.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

DATA = Path(__file__).parent / "data"
DEMO_VIDEO = DATA / "demo-table.mp4"
DEMO_SCRIPT = DATA / "demo-table.script.jsonl"
DEMO_ZONES = DATA / "demo-table.zones.json"
HARDWARE = Path(__file__).resolve().parent.parent / "hardware"


def add_parsers(sub) -> None:
    demo = sub.choices.get("demo")
    if demo is not None:  # the camera demo's switches on the existing `demo` command
        demo.add_argument("--replay", action="store_true", help="replay the scripted hand (no camera pipeline)")
        demo.add_argument("--headless", action="store_true", help="no dashboard: print only (implies --no-serve)")
        demo.add_argument("--once", action="store_true", help="one pass as fast as possible (not real time)")
        demo.add_argument("--models", type=Path, help="model directory (default: models/)")
        demo.add_argument("--max-frames", type=int, help="stop after this many frames (smoke tests)")
        demo.add_argument("--tiles", default="1x1", help="recognise on NxM overlapping tiles (bigger cards for "
                                                         "the models, slower): 1x1, 2x1, auto")

    r = sub.add_parser("run", help="referee a live table from a camera (or a video file / URL / folder)")
    g = r.add_mutually_exclusive_group(required=True)
    g.add_argument("--camera", type=int, metavar="INDEX", help="USB camera index (0 = the first camera)")
    g.add_argument("--source", help="video file, image folder, or rtsp:// / http:// URL (phone camera apps)")
    r.add_argument("--zones", type=Path, help="zone file (JSON); default: the game's layout (--seats seats "
                                              "around the markers; Boonaken: with centre, aside, trick, discards)")
    r.add_argument("--seats", type=int, default=4, help="seats for the default zones")
    r.add_argument("--models", type=Path)
    r.add_argument("--events", type=Path, help="host events to feed in (deal script or referee .jsonl); "
                                                "default: open a Bonedoneskis table and start hand 1")
    r.add_argument("--game", default="bonedoneskis")
    r.add_argument("--names", help="the players' names in seat order, comma-separated (Ann,Ben,Cleo,Dev); "
                                   "default: the names the store's night already has")
    r.add_argument("--bets", choices=("tracked", "untracked"), default=None,
                   help="untracked: the camera sees no chips, so the deal never waits for bets to be entered "
                        "(only folds are); bets in --events are left out")
    r.add_argument("--dealer", type=int, default=1)
    r.add_argument("--db", type=Path, help="record the night in this store")
    r.add_argument("--session", default="camera")
    r.add_argument("--once", action="store_true", help="files: one pass as fast as possible")
    r.add_argument("--headless", action="store_true", help="no dashboard: print only (so does --json)")
    r.add_argument("--max-frames", type=int)
    r.add_argument("--tiles", default="1x1", help="recognise on NxM overlapping tiles: 1x1, 2x1, 3x2, auto "
                                                  "(small cards in a wide view read better; slower)")
    r.add_argument("--json", action="store_true")
    from .cli_web import add_server_options
    add_server_options(r)
    r.set_defaults(func=cmd_run)

    m = sub.add_parser("markers", help="write the printable ArUco marker sheet (PNG + PDF)")
    m.add_argument("--out", type=Path, default=HARDWARE)
    m.add_argument("--dpi", type=int, default=300)
    m.add_argument("--size-mm", type=float, default=50.0, help="marker side in mm")
    m.set_defaults(func=cmd_markers)

    d = sub.add_parser("doctor", help="check a camera for croupier: resolution, fps, focus, light, markers, speed")
    g = d.add_mutually_exclusive_group()
    g.add_argument("--camera", type=int, metavar="INDEX")
    g.add_argument("--source")
    d.add_argument("--seconds", type=float, default=3.0)
    d.add_argument("--zones", type=Path)
    d.add_argument("--models", type=Path)
    d.add_argument("--json", action="store_true")
    d.set_defaults(func=cmd_doctor)

    v = sub.add_parser("render-video", help="render a synthetic table video from a deal script or a hand")
    v.add_argument("script", type=Path, help="deal script (.jsonl with t/action) or a referee hand .jsonl")
    v.add_argument("out", type=Path, help="the video (.mp4); SCRIPT/truth/zones files are written next to it")
    v.add_argument("--seed", type=int, default=1)
    v.add_argument("--crf", type=int, default=27, help="H.264 quality when PyAV is installed (lower: bigger)")
    v.set_defaults(func=cmd_render_video)


# ------------------------------------------------------------------------------- helpers
def _zones(path: Path | None, seats: int = 4, game: str | None = None):
    """The zone file, else the game's default layout (Boonaken's has its centre, aside and discards)."""
    from vision.calibration import ZoneMap, zones_for

    return ZoneMap.load(path) if path else zones_for(game, seats)


def _recogniser(models: Path | None, game: str | None = None):
    """The recogniser for the deck the game is played with (Bonnu's finder and classifier at a Bonnu
    table: a poker identity is never read there)."""
    from vision.deck import game_deck
    from vision.model_files import default_model_dir
    from vision.recogniser import Recogniser

    if game_deck(game or "") == "bonnu":
        from vision.bonnu import BonnuRecogniser

        return BonnuRecogniser.from_models(models or default_model_dir())
    return Recogniser.from_models(models or default_model_dir())


def _host_events(path: Path | None, game: str, seats: int, dealer: int, bets: str | None = None):
    """The host's events to feed in: the --events file's, or a table opened and hand 1 started.
    `bets` "untracked" opens the table so and leaves the file's bets out (folds stay)."""
    from dataclasses import replace

    from referee.events import BetAction, Fold, HandStarted, TableOpened, loads_jsonl
    from vision.dealscript import DealScript

    if path is None:
        events = [(0.0, TableOpened(game, tuple(range(1, seats + 1)))), (0.0, HandStarted(1, dealer))]
    else:
        text = path.read_text(encoding="utf-8")
        if '"action"' in text or '"table"' in text.splitlines()[0]:
            events = DealScript.loads(text, str(path)).host_events()
        else:
            events = [(0.0, e) for e in loads_jsonl(text, str(path))]
    if bets is None:
        return events
    if bets == "untracked":
        events = [(t, e) for t, e in events if not isinstance(e, BetAction) or isinstance(e, Fold)]
    return [(t, replace(e, settings={**dict(e.settings or {}), "bets": bets}) if isinstance(e, TableOpened) else e)
            for t, e in events]


def _names(text: str | None) -> dict[int, str] | None:
    """--names "Ann,Ben,Cleo" -> {1: "Ann", 2: "Ben", 3: "Cleo"} (None: not given)."""
    if not text:
        return None
    names = [n.strip() for n in text.split(",")]
    if not all(names) or any(len(n) > 40 for n in names):
        raise SystemExit("--names: give each seat's name, comma-separated, e.g. --names Ann,Ben,Cleo,Dev")
    return dict(enumerate(names, start=1))


def _referee(args, host_events):
    from vision.pipeline import Referee

    if not getattr(args, "db", None):
        return Referee(), None
    from webui.store import Store
    from webui.table import Table

    store = Store(args.db)
    game = next((e.game for _, e in host_events if e.type == "table_opened"), "")
    table = Table.open(store, getattr(args, "session", None) or "camera", game)
    return Referee(table=table, session_key=f"camera:{int(time.time())}"), store


def printer(quiet: bool = False):
    """An `on_step` for `Pipeline.run` that prints announcements, refusals, readings for the host
    and changes of the camera's and the calibration's state."""
    from .cli import format_announcement

    seen = {"source": None, "cal": None, "asked": []}   # asked: the readings already printed (the host may
                                                        # answer some on the dashboard, so not a count)

    def on_step(res, pl):
        if quiet:
            return
        st = pl.source_status
        if st is not None and st.state != seen["source"]:
            seen["source"] = st.state
            if st.state not in ("live", "ended") or (st.state == "ended" and st.last_error):   # early: say so
                print(f"[camera] {st.state}: {st.message}")
        cal = pl.calibration.status
        if cal.state != seen["cal"]:
            seen["cal"] = cal.state
            print(f"[table] {cal.message}")
        if res is None:
            return
        for a in res.announcements:
            print(format_announcement(a), flush=True)
        for e, why in res.refused:
            print(f"[host] the referee refused {e.describe()}: {why}")
        for h in pl.adapter.needs_host:
            if not any(h is k for k in seen["asked"]):
                seen["asked"].append(h)
                print(f"[host] please check: {h.obs.describe()} ({h.reason})")
    return on_step


def run_pipeline(args, source, zones, host_events, recogniser) -> int:
    """Drive the pipeline; print announcements and status changes; final report or JSON."""
    from vision.calibration import Calibration
    from vision.pipeline import Pipeline

    from .cli import report

    referee, store = _referee(args, host_events)
    if referee.table is not None:  # the store may already hold the opening events
        host_events = [(t, e) for t, e in host_events if not (e.type in ("table_opened", "hand_started")
                                                              and referee.table.state.game)]
    p = Pipeline(recogniser, Calibration(zones), referee=referee, host_events=host_events,
                 tiles=getattr(args, "tiles", "1x1"))
    on_step = printer(quiet=args.json)

    t0 = time.perf_counter()
    try:
        results = p.run(source, on_step=on_step, max_frames=getattr(args, "max_frames", None),
                        latest=source.live)
    except KeyboardInterrupt:
        results = []
    wall = time.perf_counter() - t0
    state = referee.state
    transfers = referee.table.transfers() if referee.table is not None else state.transfer_list()
    camera = {"frames": p.frames, "seconds": round(wall, 2), "fps": round(p.frames / wall, 1) if wall else None,
              "observations": [o.to_json() for o in p.observations], **p.status()}
    if args.json:
        from referee.ledger import balances

        print(json.dumps({
            "announcements": [a.to_json() for a in referee.announcements],
            "events": [e.to_json() for e in referee.events],
            "pot": str(state.pot_total()), "pending": [x.to_json() for x in state.pending()],
            "balances": {k: str(v) for k, v in sorted(balances(transfers).items())},
            "camera": camera}, ensure_ascii=False, indent=1))
    else:
        print()
        report(state, [], transfers, as_json=False)
        print(f"Camera: {p.frames} frames in {wall:.1f} s ({camera['fps']} frames/s), "
              f"{len(p.observations)} card observations, {len(p.adapter.needs_host)} for the host to check")
    if store is not None:
        store.close()
    del results
    return 0


def serve_pipeline(args, source, zones, host_events, recogniser, names=None, session="camera") -> int:
    """The pipeline running live next to the phone dashboard: the host console shows the camera
    (status, picture with zones and cards) and answers the readings the camera was not sure of."""
    from vision.calibration import Calibration

    from .camera import CameraService
    from .cli_web import camera_serve

    service = CameraService(source, recogniser, Calibration(zones), tiles=getattr(args, "tiles", "1x1"),
                            max_frames=getattr(args, "max_frames", None), on_step=printer())
    return camera_serve(args, service, host_events, names, session)


# --------------------------------------------------------------------------------- demo
def camera_demo_serve(args) -> int:
    """`croupier demo` in a terminal: the bundled video through the pipeline while the dashboard
    serves it (call only when `camera_demo_runner(args)` said the camera demo can run)."""
    from vision.model_files import default_model_dir
    from vision.sources import open_source

    from .cli_web import DEMO_NAMES

    print(f"croupier demo: the camera pipeline on the bundled table video {DEMO_VIDEO.name}, live next to "
          f"the dashboard: open the host console to watch the camera and check its readings\n")
    src = open_source(DEMO_VIDEO, realtime=not args.once)
    host = _host_events(DEMO_SCRIPT, "bonedoneskis", 4, 4)
    models = getattr(args, "models", None) or default_model_dir()
    return serve_pipeline(args, src, _zones(DEMO_ZONES), host, _recogniser(models), names=DEMO_NAMES,
                          session="demo")


def camera_demo_runner(args):
    """The camera demo as a `run(args)` callable, or None: `croupier demo` then replays the
    scripted hand. None when the bundled video or the models are missing, with --replay, and for a
    non-interactive run that asked for nothing camera-specific (scripts and tests that read the
    replay's output; `--headless`, `--once`, `--tiles` or `--max-frames` ask for the camera)."""
    from vision.model_files import CLASSIFIER_FILE, DETECTOR_FILE, default_model_dir

    if getattr(args, "headless", False):
        args.serve = False
    models = getattr(args, "models", None) or default_model_dir()
    asked = any(getattr(args, k, None) for k in ("headless", "once", "max_frames", "models")) or \
        getattr(args, "tiles", "1x1") != "1x1"
    if getattr(args, "replay", False) or not (asked or sys.stdout.isatty()) or not DEMO_VIDEO.exists() or \
            not (Path(models) / DETECTOR_FILE).exists() or not (Path(models) / CLASSIFIER_FILE).exists():
        return None

    def run(a) -> int:
        from vision.sources import open_source

        realtime = not a.once and sys.stdout.isatty()
        if not a.json:
            print(f"croupier demo: the camera pipeline on the bundled table video {DEMO_VIDEO.name} "
                  f"({'real time' if realtime else 'as fast as it goes'}): a Bonedoneskis hand\n")
        a.session = getattr(a, "session", None) or "demo"
        src = open_source(DEMO_VIDEO, realtime=realtime)
        host = _host_events(DEMO_SCRIPT, "bonedoneskis", 4, 4)
        return run_pipeline(a, src, _zones(DEMO_ZONES), host, _recogniser(models))
    return run


# ---------------------------------------------------------------------------------- run
def cmd_run(args) -> int:
    from vision.sources import open_source

    spec = args.camera if args.camera is not None else args.source
    src = open_source(spec, realtime=not args.once)
    host = _host_events(args.events, args.game, args.seats, args.dealer, args.bets)
    if not (args.headless or args.json):  # the dashboard, with the camera on the host console
        return serve_pipeline(args, src, _zones(args.zones, args.seats, args.game), host,
                              _recogniser(args.models, args.game), names=_names(args.names), session=args.session)
    return run_pipeline(args, src, _zones(args.zones, args.seats, args.game), host, _recogniser(args.models, args.game))


# ------------------------------------------------------------------------------ markers
def cmd_markers(args) -> int:
    from PIL import Image

    from vision.calibration import marker_sheet

    args.out.mkdir(parents=True, exist_ok=True)
    page = marker_sheet(args.dpi, args.size_mm)
    png = args.out / f"markers-a4-{args.dpi}dpi.png"
    pdf = args.out / "markers-a4.pdf"
    img = Image.fromarray(page)
    img.save(png, dpi=(args.dpi, args.dpi))
    img.save(pdf, "PDF", resolution=float(args.dpi))
    print(f"wrote {png} and {pdf}: A4, print at 100% scale ({args.dpi} dpi), markers {args.size_mm:g} mm. "
          f"Check the 100 mm line on the print.")
    return 0


# ------------------------------------------------------------------------------- doctor
def cmd_doctor(args) -> int:
    from vision.doctor import check_camera

    spec = args.source if args.source else (args.camera if args.camera is not None else 0)
    res = check_camera(spec, seconds=args.seconds, zones=_zones(args.zones) if args.zones else None,
                       models=args.models)
    if args.json:
        print(json.dumps(res, indent=1))
    else:
        for c in res["checks"]:
            mark = {"ok": "OK  ", "warn": "WARN", "fail": "FAIL"}[c["status"]]
            print(f"{mark} {c['name']:<12} {c['value']:<28} {c['advice']}")
    return 0 if all(c["status"] != "fail" for c in res["checks"]) else 1


# -------------------------------------------------------------------------- render-video
def cmd_render_video(args) -> int:
    from referee.events import loads_jsonl
    from vision.dealscript import DealScript, from_log
    from vision.video import render, write_truth

    text = args.script.read_text(encoding="utf-8")
    if '"action"' in text or text.lstrip().startswith('{"table"'):
        script = DealScript.loads(text, str(args.script))
    else:  # a referee log: a stud hand, or a Boonaken deal
        script = from_log(loads_jsonl(text, str(args.script)), seed=args.seed)
    truth, _ = render(script, args.out, crf=args.crf,
                      progress=lambda i, n: print(f"  frame {i}/{n}", file=sys.stderr))
    stem = args.out.with_suffix("")
    script.save(f"{stem}.script.jsonl")
    truth.zones.save(f"{stem}.zones.json")
    write_truth(truth, script, f"{stem}.truth.json")
    size = args.out.stat().st_size / 1e6
    print(f"wrote {args.out} ({truth.n_frames} frames at {truth.fps:g} fps, {size:.1f} MB) with "
          f"{stem.name}.script.jsonl, .zones.json and .truth.json")
    return 0


__all__ = ["add_parsers", "camera_demo_runner", "camera_demo_serve", "run_pipeline", "serve_pipeline", "printer",
           "DEMO_VIDEO"]
