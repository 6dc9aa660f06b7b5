"""`croupier recognise | train | enrol | quantize | synth`: the card recogniser on the command line."""

from __future__ import annotations

import json
import sys
from pathlib import Path

DECKS = ("poker", "bonnu")


def add_parsers(sub) -> None:
    r = sub.add_parser("recognise", help="find and read the cards in image files")
    r.add_argument("images", nargs="+", type=Path, help="image files, or folders of them (their images, by name)")
    r.add_argument("--models", type=Path, help="model directory (default: the bundled models/)")
    r.add_argument("--templates", type=Path, help="an enrolled deck (croupier enrol); default: "
                   "MODELS/enrolled.npz when present")
    r.add_argument("--json", action="store_true", help="one JSON object per image")
    r.add_argument("--deck", default="53", metavar="DECK",
                   help="the deck in play: 52 (no joker), 53 (52 and the joker; the default; also called poker), "
                        "32 (7 to A, Boonaken), 25 (9 to A and the joker, Boneyard euchre): no card outside it is "
                        "named, and each card at most once a picture; or bonnu (60 colour cards, codes like red:7; "
                        "cards found on a plain table, apart)")
    r.add_argument("--dim-lift", action="store_true",
                   help="bring up the dim parts of each picture before the cards are looked for (a card in deep "
                        "shadow, a table lit from one side); off by default: it lifts a dark tablecloth too")
    r.add_argument("--annotate", type=Path, metavar="OUT",
                   help="write an annotated image (a file for one image, else a directory)")
    r.set_defaults(func=cmd_recognise)

    t = sub.add_parser("train", help="train a recogniser stage (needs: pip install -e .[train])")
    tsub = t.add_subparsers(dest="stage", required=True)
    d = tsub.add_parser("detector", help="YOLO11n from its yaml: face / back / index boxes")
    d.add_argument("--data", type=Path, default=Path("build/vision/data"), help="croupier synth output")
    d.add_argument("--project", type=Path, default=Path("build/vision/runs"))
    d.add_argument("--epochs", type=int, default=12)
    d.add_argument("--imgsz", type=int, default=416)
    d.add_argument("--batch", type=int, default=16)
    d.add_argument("--scale", default="p", help="model scale: p (half-width YOLO11n, default) or n, s")
    d.add_argument("--hours", type=float, default=None, help="train for this long instead of --epochs")
    d.add_argument("--fresh", action="store_true", help="do not resume from the last checkpoint")
    d.add_argument("--init", type=Path, help="start from these weights (best.pt, or an exported .onnx such as "
                   "models/detector.onnx, whose .pt is rebuilt) with a new schedule")
    d.add_argument("--name", default="detector", help="run folder under --project")
    d.add_argument("--lr0", type=float, default=0.002)
    d.add_argument("--threads", type=int, default=None, help="torch threads (default: all cores)")
    d.add_argument("--export", type=Path, default=Path("models/detector.onnx"))
    d.set_defaults(func=cmd_train_detector)
    c = tsub.add_parser("classifier", help="index-crop identity classifier (53 + none)")
    c.add_argument("--data", type=Path, default=Path("build/vision/data"))
    c.add_argument("--out", type=Path, default=Path("build/vision/runs/classifier"))
    c.add_argument("--epochs", type=int, default=10)
    c.add_argument("--threads", type=int, default=None)
    c.add_argument("--fresh", action="store_true")
    c.add_argument("--init", type=Path, help="continue from these weights (classifier.pt, or an exported .onnx "
                   "such as models/classifier.onnx, with its --size), new schedule")
    c.add_argument("--lr", type=float, default=3e-3)
    c.add_argument("--size", default="m", choices=["m", "s"], help="network size (s: ~3x fewer operations)")
    c.add_argument("--teacher", type=Path, help="a trained classifier.pt to distil from (any size)")
    c.add_argument("--strong-aug", action="store_true",
                   help="also vary stroke width, small turns, blur, resolution and JPEG (other decks, other cameras)")
    c.add_argument("--export", type=Path, default=Path("models/classifier.onnx"))
    c.set_defaults(func=cmd_train_classifier)

    e = sub.add_parser("enrol", help="teach the recogniser your deck from a few frames of it")
    e.add_argument("images", nargs="*", type=Path, help="frames showing the deck (or --camera)")
    e.add_argument("--camera", metavar="SOURCE",
                   help="take the frames from the table camera instead (a device number such as 0, a stream URL, "
                        "or a recorded video / folder of shots): Enter captures each card as it is shown")
    e.add_argument("--laid-out", action="store_true",
                   help="with --camera: one frame of all the --order cards laid out, not one per card")
    e.add_argument("--save", type=Path, metavar="DIR", help="with --camera: keep the captured frames here")
    e.add_argument("--order",
                   help="the cards shown, comma-separated (e.g. AS,2S,3S or @file): one per image "
                        "(cards shown one by one), or, for a single image, the laid-out cards in "
                        "reading order (rows top to bottom, left to right). Leave it out with --camera "
                        "--laid-out: the deck is laid out in four rows (one frame a row, or one of all), "
                        "the recogniser pre-fills each card and you confirm or fix its reads")
    e.add_argument("--models", type=Path)
    e.add_argument("--deck", choices=DECKS, default="poker",
                   help="the deck shown: poker, or bonnu (--order codes like red:7,blue:-1; saved as "
                        "MODELS/bonnu_enrolled.npz; image files only)")
    e.add_argument("--out", type=Path, help="enrolled-deck file (default: MODELS/enrolled.npz, which "
                   "`croupier recognise` and the camera then use)")
    e.add_argument("--sharpen", action="store_true",
                   help="also let the fit make the classifier surer of itself: more cards named, more "
                        "false cards (on every deck, not just this one); see models/README.md")
    e.set_defaults(func=cmd_enrol)

    q = sub.add_parser("quantize", help="make the fast model files the recogniser prefers (needs [train] extra)")
    q.add_argument("--models", type=Path, default=Path("models"), help="model directory (default: models/)")
    q.add_argument("--data", type=Path, default=Path("build/vision/data"),
                   help="croupier synth output: calibration (cls/train) and check (cls/val) crops")
    q.add_argument("--no-rect", dest="rect", action="store_false",
                   help="do not make detector.rect.onnx (the detector with a free input size, which the "
                        "camera path needs to look at parts of a frame)")
    q.add_argument("--weights", type=Path, action="append",
                   help="the detector .pt that MODELS/detector.onnx was exported from (for detector.rect.onnx) "
                        "(repeatable; default: every build/vision/runs/*/weights/*.pt, the matching one is used, "
                        "else one rebuilt from MODELS/detector.onnx)")
    q.set_defaults(func=cmd_quantize)

    s = sub.add_parser("synth", help="generate synthetic training / held-out data (fetches npm artwork)")
    s.add_argument("out", type=Path, nargs="?", default=Path("build/vision/data"))
    s.add_argument("--artwork", type=Path, default=Path("build/vision/artwork"))
    s.add_argument("--train", type=int, default=1600)
    s.add_argument("--val", type=int, default=150)
    s.add_argument("--test", type=int, default=250)
    s.add_argument("--table", type=int, default=600,
                   help="extra detector training frames that look like a stud game (rows of hole cards)")
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--workers", type=int, default=None)
    s.add_argument("--index-crops", type=int, default=14000,
                   help="extra corner-only classifier crops (fast renderer)")
    s.add_argument("--index-crop-styles", choices=["train", "wide", "kennard"], default="train",
                   help="styles of those crops: the scenes' training styles; those plus more index "
                        "lettering (vision/synth/faces.py CROP_PROCEDURAL); or only Adrian Kennard's deck "
                        "in its four editions (CROP_ARTWORK)")
    s.add_argument("--scene-styles", choices=["train", "kennard"], default="train",
                   help="face styles of the training scenes: the usual ones, or those plus Adrian Kennard's "
                        "deck in its four editions (the held-out test frames are never changed)")
    s.add_argument("--index-crop-fans", type=float, default=0.0, metavar="FRAC",
                   help="share of those crops drawn from a tight fan or spread row (neighbouring indexes "
                        "beside the card's own)")
    s.add_argument("--index-crop-rows", type=float, default=0.0, metavar="FRAC",
                   help="share of the other crops drawn as the last card of a stud row, the card before it "
                        "beneath, shifted so its pips or art stand beside the index")
    s.set_defaults(func=cmd_synth)
    tn = sub.add_parser("turn-data", help="detector training frames turned by quarter turns (seats on every "
                        "side of the table): writes OUT/det/data.yaml")
    tn.add_argument("out", type=Path)
    tn.add_argument("--from", dest="sources", type=Path, nargs="+", required=True,
                    help="image folders of `croupier synth` outputs, e.g. build/vision/data/det/images/train")
    tn.add_argument("--val", type=Path, default=Path("build/vision/data/det/images/val"))
    tn.add_argument("--seed", type=int, default=0)
    tn.set_defaults(func=cmd_turn_data)


def _recogniser(args):
    from vision.model_files import TEMPLATES_FILE, default_model_dir
    from vision.recogniser import Recogniser

    d = args.models or default_model_dir()
    if getattr(args, "deck", "poker") == "bonnu":  # its own finder and classifier: never a poker identity
        from vision.bonnu import BonnuRecogniser

        return BonnuRecogniser.from_models(d, templates=getattr(args, "templates", None))
    tp = getattr(args, "templates", None)
    if tp is None and (Path(d) / TEMPLATES_FILE).exists():
        tp = Path(d) / TEMPLATES_FILE
    return Recogniser.from_models(d, templates=tp)


def cmd_recognise(args) -> int:
    """Every image is read even when one of them is not an image: each bad one is named on stderr
    (and, with --json, as {"image", "error"}); the exit status is 2 if any failed."""
    from vision.recogniser import annotate, load_frame
    from vision.sources import IMAGE_SUFFIXES

    from vision.crop_contrast import DimLift
    from vision.deck import DeckError, deck_codes

    poker = args.deck != "bonnu"
    deck = "53" if args.deck == "poker" else args.deck
    if poker:
        try:
            deck_codes(deck)  # a bad name is found before the models load
        except DeckError as exc:
            raise DeckError(f"{exc}; or bonnu (its 60 colour cards)") from None
    rec = _recogniser(args)
    if poker:
        rec.deck = deck
    # a photo, not a live stream: every index box is read, also the twin of one read surely in the
    # same face box, which in a fan or pile is as often another card's index (held-out frames: 12
    # more of 1,056 cards read, none wrong; the classifier's time per frame doubles, ~2 ms)
    if poker:
        rec.read_all_indexes = True
    if poker and args.dim_lift:
        rec.dim_lift = DimLift()
    images = _expand_folders(args.images)
    many = len(images) > 1 or any(p.is_dir() for p in args.images)
    if args.annotate and many:
        args.annotate.mkdir(parents=True, exist_ok=True)
    failed = 0
    for path in images:
        try:
            if path.is_dir():
                raise ValueError(f"no image files ({', '.join(sorted(IMAGE_SUFFIXES))}) in the folder {path}")
            frame = load_frame(path)
        except (OSError, ValueError) as exc:
            failed += 1
            print(f"croupier: error: {exc}", file=sys.stderr)
            if args.json:
                print(json.dumps({"image": str(path), "error": str(exc)}))
            continue
        cards = rec.recognise(frame)
        if args.json:
            print(json.dumps({"image": str(path), "cards": [c.to_json() for c in cards]}))
        else:
            print(f"{path}: {len(cards)} card(s)")
            for c in sorted(cards, key=lambda c: (c.box[1], c.box[0])):
                name = (c.identity or "unreadable") if c.face_up else "face down"
                box = ", ".join(f"{v:.0f}" for v in c.box)
                print(f"  {name:<10} {c.confidence:5.2f}  box [{box}]")
        if args.annotate:
            import cv2

            out = args.annotate / (path.stem + "-cards.png") if many else args.annotate
            try:  # OpenCV returns False (or raises, for an unknown extension) instead of naming the problem
                ok = cv2.imwrite(str(out), annotate(frame, cards)[..., ::-1])
            except cv2.error:
                ok = False
            if not ok:
                failed += 1
                print(f"croupier: error: could not write the annotated image {out} (missing folder or "
                      f"not an image extension such as .png or .jpg)", file=sys.stderr)
    return 2 if failed else 0


def _expand_folders(paths: list[Path]) -> list[Path]:
    """Each folder stands for the image files in it (`image_files`); an empty one is kept, so that
    it is reported."""
    from vision.sources import image_files

    out = []
    for p in paths:
        out += (image_files(p) if p.is_dir() else []) or [p]
    return out


def _need_train_extra():
    try:
        import torch  # noqa: F401
        import ultralytics  # noqa: F401
    except ImportError:
        print("croupier: error: training needs the [train] extra: pip install -e '.[train]'", file=sys.stderr)
        raise SystemExit(2)


def cmd_train_detector(args) -> int:
    _need_train_extra()
    from vision.train import train_detector

    res = train_detector(args.data / "det/data.yaml", args.project, epochs=args.epochs, imgsz=args.imgsz,
                         batch=args.batch, resume=not args.fresh, export_to=args.export, hours=args.hours,
                         scale=args.scale, init=args.init, name=args.name, lr0=args.lr0,
                         threads=args.threads, warmup_epochs=0 if args.init else 1)
    print(json.dumps(res, indent=1))
    return 0


def cmd_train_classifier(args) -> int:
    _need_train_extra()
    from vision.train import train_classifier

    res = train_classifier(args.data / "cls", args.out, epochs=args.epochs, threads=args.threads,
                           resume=not args.fresh, export_to=args.export, init=args.init, lr=args.lr,
                           size=args.size, teacher=args.teacher, strong_aug=args.strong_aug)
    print(json.dumps({k: v for k, v in res.items() if k != "history"} | {"last": res["history"][-1]}, indent=1))
    return 0


def cmd_enrol(args) -> int:
    from vision.enrol import enrol_files

    if args.order is None:
        if args.deck == "poker" and args.camera and args.laid_out and not args.images:
            return _enrol_confirmed(args)
        raise ValueError("--order is needed (the cards shown), except with --camera --laid-out, where the "
                         "recogniser pre-fills the laid-out cards and you confirm them")
    order = args.order
    if order.startswith("@"):
        p = Path(order[1:])
        if not p.is_file():
            raise FileNotFoundError(f"--order file missing: {p}")
        order = p.read_text()
    codes = [c.strip() for c in order.replace("\n", ",").split(",") if c.strip()]
    images = args.images
    if args.deck == "bonnu":
        if args.camera or args.laid_out or args.save or args.sharpen:
            raise ValueError("--deck bonnu enrols from image files only (no --camera, --laid-out, --save, --sharpen)")
        from vision.bonnu_enrol import enrol_bonnu_files

        res = enrol_bonnu_files(images, codes, args.models, args.out)
        print(json.dumps(res, indent=1))
        if res["missing"]:
            print(f"croupier: warning: no card found for {', '.join(res['missing'])}: show those cards again "
                  "(flat, apart, on a plain table) and re-run", file=sys.stderr)
        return 0
    if bool(images) == bool(args.camera):
        raise ValueError("give the frames as image files or take them with --camera, one of the two")
    if not args.camera and (args.laid_out or args.save):
        raise ValueError("--laid-out and --save go with --camera")
    rec = None
    if args.camera:
        rec, images, codes = _capture_for_enrol(args, codes)
        if not images:
            raise ValueError("no frames captured: nothing enrolled")
    res = enrol_files(images, codes, args.models, args.out, sharpen=args.sharpen, rec=rec)  # bad input raises first
    print(json.dumps(res, indent=1))
    if res["missing"]:
        print(f"croupier: warning: no index found for {', '.join(res['missing'])}: show those cards again "
              "(flat, corners visible) and re-run", file=sys.stderr)
    return 0


def _capture_for_enrol(args, codes):
    from vision.enrol import _codes
    from vision.enrol_capture import capture
    from vision.model_files import default_model_dir
    from vision.recogniser import Recogniser

    _codes(codes)  # a typo is found before the host starts showing cards, not after
    rec = Recogniser.from_models(args.models or default_model_dir(), templates=False)  # the fit's too
    frames, shown = capture(args.camera, codes, rec, laid_out=args.laid_out, save=args.save,
                            say=lambda m: print(m, file=sys.stderr, flush=True))
    return rec, frames, shown


def _enrol_confirmed(args) -> int:
    """The deck laid out under the camera, its reads confirmed or fixed by the host, then the fit."""
    from vision.enrol_capture import capture
    from vision.enrol_confirm import before_after_words, confirm_in_text, enrol_confirmed, find_cards
    from vision.model_files import default_model_dir
    from vision.recogniser import Recogniser

    def say(m):
        print(m, file=sys.stderr, flush=True)

    model_dir = args.models or default_model_dir()
    rec = Recogniser.from_models(model_dir, templates=False)  # pre-fill and fit against the plain classifier
    frames, _ = capture(args.camera, None, rec, laid_out=True, save=args.save, say=say)
    if not frames:
        raise ValueError("no frames captured: nothing enrolled")
    found = find_cards(rec, frames)
    if not found:
        raise ValueError("no face-up card found on the frames: lay the cards out face up, apart, and try again")
    ids = confirm_in_text(found, input, say)
    _, res = enrol_confirmed(rec, frames, found, ids, model_dir, args.out, sharpen=args.sharpen)
    print(json.dumps(res, indent=1))
    say(before_after_words(res))
    if res["missing"]:
        say(f"croupier: warning: no index found for {', '.join(res['missing'])}: lay those cards out again "
            "(flat, corners visible) and re-run")
    return 0


def cmd_quantize(args) -> int:
    from vision.quantize import quantize_models

    res = quantize_models(args.models, args.data, args.weights, detector=args.rect)
    print(json.dumps(res, indent=1))
    failed = [k for k, v in res.items() if "error" in v]
    for k in failed:
        print(f"croupier quantize: {k}: {res[k]['error']}", file=sys.stderr)
    return 2 if failed else 0


def write_index_crops(out: Path, artwork: Path, n: int, seed: int, styles: str = "train", fans: float = 0.0,
                      rows: float = 0.0) -> int:
    import numpy as np

    from vision.synth.backgrounds import TRAIN_FAMILIES
    from vision.synth.faces import CROP_ARTWORK, CROP_PROCEDURAL, TRAIN_ARTWORK, TRAIN_PROCEDURAL, make_styles
    from vision.synth.index_crops import make_crops

    names = {"wide": TRAIN_ARTWORK + TRAIN_PROCEDURAL + CROP_PROCEDURAL,
             "kennard": CROP_ARTWORK}.get(styles, TRAIN_ARTWORK + TRAIN_PROCEDURAL)
    x, y = make_crops(n, seed, make_styles(artwork, names), TRAIN_FAMILIES, fan_frac=fans, row_frac=rows)
    np.savez(out / "cls" / f"extra{seed}.npz", x=x, y=y)
    return n


def cmd_turn_data(args) -> int:
    from vision.synth.turn import turn_dataset

    missing = [str(d) for d in args.sources if not d.is_dir()]
    if missing:
        print(f"no such image folder: {', '.join(missing)}", file=sys.stderr)
        return 2
    counts = turn_dataset(args.sources, args.out, args.val, args.seed)
    print(json.dumps({"frames_by_quarter_turns": counts, "data": str(args.out / "det/data.yaml")}))
    return 0


def cmd_synth(args) -> int:
    from vision.synth.dataset import generate
    from vision.synth.faces import CROP_ARTWORK, fetch_artwork

    fetch_artwork(args.artwork)
    extra = CROP_ARTWORK if args.scene_styles == "kennard" else ()
    counts = generate(args.out, args.artwork, {"val": args.val, "test": args.test, "train": args.train,
                                                   "table": args.table}, args.seed, workers=args.workers,
                      extra_styles=extra)
    if args.index_crops:
        counts["index_crops"] = write_index_crops(args.out, args.artwork, args.index_crops, args.seed + 101,
                                                  args.index_crop_styles, args.index_crop_fans, args.index_crop_rows)
    print(json.dumps(counts, indent=1))
    return 0
