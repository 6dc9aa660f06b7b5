"""Synthetic table videos from a deal script, with ground truth.

An overhead camera (slight keystone) looks at a felt table with the four corner markers and
films the script as `vision.choreography` plays it out (cards dealt, turned, traded and taken
away, hands over them, chips to the pot); the light drifts and the sensor is noisy.
Card faces come from the recogniser's synthetic-data styles (`vision.synth.faces`).

`render(script, out_path)` writes the video (mp4) and returns a `Truth`: per-frame card truth
(for the oracle detector used in tests without models), the zones, and the expected
observations with the frame each card came to rest.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from .calibration import TableGeometry, ZoneMap, marker_image, zones_for
from .choreography import CARD_H, CARD_W, Choreography
from .dealscript import DealScript, camera_reference

GEOMETRY = TableGeometry(width_mm=800.0, height_mm=450.0, marker_mm=45.0, inset_mm=35.0)
# Boonaken lays out more on the table (the centre cards, the set-aside row, the trick, the discards),
# Boneyard euchre (the boneyard, the taken cards, the trick, the taken tricks) and Bonnu (the play pile,
# the draw pile): the default 1000 x 560 mm table that `croupier run` assumes, with the game's own zones
# (`calibration.GAME_ZONES`)
GAME_GEOMETRY = {"boonaken": TableGeometry(), "boneyard-euchre": TableGeometry(), "bonnu": TableGeometry()}
# Bonnu's cards are faces of their own (`vision.synth.bonnu`), in this face style unless the header names one
BONNU_STYLE = "flat"
SKIN = [(182, 132, 108), (224, 172, 140), (141, 95, 70), (200, 150, 120)]


class Renderer:
    def __init__(self, script: DealScript, geometry: TableGeometry | None = None):
        self.script = script
        tb = script.table
        game = tb.get("game")  # the header's game picks the table and its zones (default: stud's)
        geometry = geometry or GAME_GEOMETRY.get(game, GEOMETRY)
        self.fps = float(tb.get("fps", 10))
        self.W, self.H = tb.get("size", [1280, 720])
        self.seed = int(tb.get("seed", 0))
        self.noise = float(tb.get("noise", 3.0))
        self.g = geometry
        self.zones = zones_for(game, int(tb.get("seats", 4)), geometry)
        s = min(self.W / geometry.width_mm, self.H / geometry.height_mm) * float(tb.get("fill", 0.9))
        ox, oy = (self.W - geometry.width_mm * s) / 2, (self.H - geometry.height_mm * s) / 2
        k = geometry.width_mm * s * 0.025  # keystone: the far edge looks a little narrower
        src = np.float32([[0, 0], [geometry.width_mm, 0], [geometry.width_mm, geometry.height_mm],
                          [0, geometry.height_mm]])
        dst = np.float32([[ox + k, oy], [ox + geometry.width_mm * s - k, oy],
                          [ox + geometry.width_mm * s, oy + geometry.height_mm * s], [ox, oy + geometry.height_mm * s]])
        self.Hm = cv2.getPerspectiveTransform(src, dst)  # table mm -> image px
        self.px_per_mm = s
        self._faces: dict = {}
        self.choreography = Choreography(script, geometry, self.zones, self.seed)
        self.n_frames = int(math.ceil(script.duration * self.fps))
        self._build_background()

    # ------------------------------------------------------------------------ geometry
    def to_img(self, pts) -> np.ndarray:
        p = np.asarray(pts, np.float64).reshape(-1, 1, 2)
        return cv2.perspectiveTransform(p, self.Hm).reshape(-1, 2)

    # ---------------------------------------------------------------------- background
    def _build_background(self):
        from .synth.backgrounds import background

        W, H, g = self.W, self.H, self.g
        tex = background("felt", np.random.default_rng(self.seed + 7), H, W).astype(np.uint8)
        self.bg = tex
        for mid, (cx, cy) in g.marker_centres().items():
            side = g.marker_mm
            paper = side * 1.5
            q = self.to_img([[cx - paper / 2, cy - paper / 2], [cx + paper / 2, cy - paper / 2],
                             [cx + paper / 2, cy + paper / 2], [cx - paper / 2, cy + paper / 2]])
            cv2.fillConvexPoly(self.bg, np.round(q).astype(np.int32), (245, 245, 240), cv2.LINE_AA)
            m = cv2.cvtColor(marker_image(mid, 240), cv2.COLOR_GRAY2RGB)
            dst = self.to_img([[cx - side / 2, cy - side / 2], [cx + side / 2, cy - side / 2],
                               [cx + side / 2, cy + side / 2], [cx - side / 2, cy + side / 2]])
            M = cv2.getPerspectiveTransform(np.float32([[0, 0], [240, 0], [240, 240], [0, 240]]), np.float32(dst))
            warped = cv2.warpPerspective(m, M, (W, H), flags=cv2.INTER_LINEAR, borderValue=(0, 0, 0))
            mask = cv2.warpPerspective(np.full((240, 240), 255, np.uint8), M, (W, H)) > 127
            self.bg[mask] = warped[mask]
        for k in range(3):  # the deck: a few backs, a little offset, where dealt cards slide from
            x, y, a = self.choreography.deck_pose
            self._blit(self.bg, self.face_img(None), self._card_quad((x + k * 0.6, y - k * 0.6, a)))

    def face_img(self, code: str | None) -> np.ndarray:
        key = code or "back"
        if key not in self._faces:
            from .synth.faces import PROC_SPECS, ProceduralStyle, procedural_back

            h = int(round(CARD_H * self.px_per_mm * 1.25))
            if code is None:
                img = procedural_back(h, np.random.default_rng(int(self.script.table.get("back", 18))))
            elif self.script.table.get("game") == "bonnu":
                img = _bonnu_face(code, self.script.table.get("style", BONNU_STYLE), h)
            else:
                img = ProceduralStyle(PROC_SPECS[self.script.table.get("style", "proc_serif")]).face(code, h)
            self._faces[key] = np.asarray(img)
        return self._faces[key]

    # -------------------------------------------------------------------------- frames
    def _draw_shapes(self, img, shapes, colour, scale=1.0):
        for sh in shapes:
            if sh[0] == "e":
                c = self.to_img([sh[1]])[0] * scale
                ax = (max(1, int(sh[2][0] * self.px_per_mm * scale)), max(1, int(sh[2][1] * self.px_per_mm * scale)))
                cv2.ellipse(img, (int(c[0]), int(c[1])), ax, sh[3], 0, 360, colour, -1, cv2.LINE_AA)
            else:
                p, q = self.to_img([sh[1], sh[2]]) * scale
                cv2.line(img, (int(p[0]), int(p[1])), (int(q[0]), int(q[1])), colour,
                         max(1, int(sh[3] * self.px_per_mm * scale)), cv2.LINE_AA)

    def _card_quad(self, pose, squash=1.0):
        x, y, a = pose
        w, h = CARD_W * squash / 2, CARD_H / 2
        c, s = math.cos(a), math.sin(a)
        pts = [(-w, -h), (w, -h), (w, h), (-w, h)]
        return self.to_img([(x + c * u - s * v, y + s * u + c * v) for u, v in pts])

    def _blit(self, frame, img, quad):
        fh, fw = img.shape[:2]
        x0, y0 = np.floor(quad.min(0)).astype(int)
        x1, y1 = np.ceil(quad.max(0)).astype(int) + 1
        x0c, y0c, x1c, y1c = max(0, x0), max(0, y0), min(self.W, x1), min(self.H, y1)
        if x1c - x0c < 2 or y1c - y0c < 2:
            return
        M = cv2.getPerspectiveTransform(np.float32([[0, 0], [fw, 0], [fw, fh], [0, fh]]),
                                        np.float32(quad - [x0c, y0c]))
        warped = cv2.warpPerspective(img, M, (x1c - x0c, y1c - y0c), flags=cv2.INTER_LINEAR,
                                     borderValue=(0, 0, 0, 0))
        alpha = warped[..., 3:4].astype(np.float32) / 255
        roi = frame[y0c:y1c, x0c:x1c].astype(np.float32)
        sh = np.zeros_like(alpha)
        sh[3:, 2:] = alpha[:-3, :-2]
        roi *= 1 - 0.3 * sh
        roi = roi * (1 - alpha) + warped[..., :3].astype(np.float32) * alpha
        frame[y0c:y1c, x0c:x1c] = roi.astype(np.uint8)

    def frame(self, i: int):
        """(RGB frame, per-card truth list) for frame i."""
        t = i / self.fps
        frame = self.bg.copy()
        truth = []
        f = 4  # id map at 1/4 resolution for visibility
        idmap = np.full((self.H // f, self.W // f), -1, np.int16)
        for k, centre in self.choreography.chip_positions(t):
            c = self.to_img([centre])[0]
            col = [(200, 30, 30), (30, 60, 200), (20, 20, 20), (230, 230, 230)][k % 4]
            r = int(19 * self.px_per_mm)
            cv2.circle(frame, (int(c[0]), int(c[1])), r, col, -1, cv2.LINE_AA)
            cv2.circle(frame, (int(c[0]), int(c[1])), int(r * 0.7), (240, 240, 240), max(1, r // 6), cv2.LINE_AA)
        cards = sorted(self.choreography.cards, key=lambda c: (c.state(t) is not None and c.state(t)[3], c.z))
        for k, c in enumerate(cards):
            st = c.state(t)
            if st is None:
                continue
            pose, up, squash, moving = st
            quad = self._card_quad(pose, max(0.02, squash))
            self._blit(frame, self.face_img(c.code if up else None), quad)
            cv2.fillConvexPoly(idmap, np.round(quad / f).astype(np.int32), k)
            truth.append({"k": k, "code": c.code, "up": up, "quad": quad, "squash": squash, "moving": moving})
        for hi, shapes in enumerate(self.choreography.hands(t)):
            col = SKIN[(hi + self.seed) % len(SKIN)]
            self._draw_shapes(frame, shapes, col)
            self._draw_shapes(idmap, shapes, -2, 1 / f)
        for tr in truth:
            q = tr["quad"] / f
            area = max(1.0, cv2.contourArea(np.float32(q)))
            x0, y0 = np.maximum(0, np.floor(q.min(0)).astype(int))
            x1, y1 = np.ceil(q.max(0)).astype(int) + 1
            vis = idmap[y0:y1, x0:x1] == tr["k"]
            tr["visible"] = min(1.0, float(vis.sum()) / area)
            ys, xs = np.nonzero(vis)
            tr["vbox"] = ((xs.min() + x0) * f, (ys.min() + y0) * f, (xs.max() + x0 + 1) * f,
                          (ys.max() + y0 + 1) * f) if len(xs) else None
            qq = tr["quad"]  # is a corner index (top-left or bottom-right of the card) in view?
            tr["index_visible"] = False
            for u, v in ((0.1, 0.13), (0.9, 0.87)):
                pt = (qq[0] * (1 - u) * (1 - v) + qq[1] * u * (1 - v) + qq[2] * u * v + qq[3] * (1 - u) * v) / f
                ix, iy = int(pt[0]), int(pt[1])
                if 0 <= iy < idmap.shape[0] and 0 <= ix < idmap.shape[1] and idmap[iy, ix] == tr["k"]:
                    tr["index_visible"] = True
        # light drift, then sensor noise
        gain = 1.0 + 0.07 * math.sin(2 * math.pi * t / 17.0) + 0.03 * math.sin(2 * math.pi * t / 5.3)
        gy, gx = np.mgrid[0:9, 0:16].astype(np.float32)
        a = t / 11.0
        g = gain * (1 + 0.08 * ((gx / 15 - 0.5) * math.cos(a) + (gy / 8 - 0.5) * math.sin(a)))
        g = cv2.resize(g, (self.W, self.H), interpolation=cv2.INTER_LINEAR)
        out = frame.astype(np.float32) * g[..., None]
        if self.noise > 0:
            out += self._noise(i)
        return np.clip(out, 0, 255).astype(np.uint8), truth

    def _noise(self, i):
        if not hasattr(self, "_noise_bank"):
            r = np.random.default_rng(self.seed + 11)
            self._noise_bank = [r.standard_normal((self.H, self.W, 1), dtype=np.float32) * self.noise
                                for _ in range(5)]
        return self._noise_bank[(i * 3) % len(self._noise_bank)]


def _bonnu_face(code: str, style: str, h: int) -> np.ndarray:
    """A Bonnu card's face (`red:7`) as an RGBA image `h` px high, the same every time for a code."""
    import zlib

    from .synth.bonnu import FACE_H, FACE_W, STYLE_BY_NAME, _face_alpha, render_face

    colour, _, value = code.split("#")[0].partition(":")
    if style not in STYLE_BY_NAME:
        raise ValueError(f"no Bonnu face style {style!r} (known: {', '.join(STYLE_BY_NAME)})")
    rgb = render_face(colour, int(value), STYLE_BY_NAME[style], np.random.default_rng(zlib.crc32(code.encode())))
    rgba = np.dstack([rgb, (_face_alpha() * 255).astype(np.uint8)])
    w = int(round(h * FACE_W / FACE_H))
    return cv2.resize(rgba, (w, h), interpolation=cv2.INTER_AREA)


@dataclass
class Truth:
    fps: float
    frames: list             # per frame: list of card truth dicts (code, up, quad, visible, vbox, squash, moving)
    expected: list           # expected observations with rest frames
    zones: ZoneMap
    homography: np.ndarray   # table mm -> image px
    n_frames: int

    def to_json(self) -> dict:
        return {"fps": self.fps, "n_frames": self.n_frames, "zones": self.zones.to_json(),
                "homography": np.round(self.homography, 6).tolist(), "expected": self.expected}


class _Writer:
    """H.264 through PyAV when installed (small files: the bundled demo), else OpenCV's mp4v."""

    def __init__(self, path: Path, fps: float, size, crf: int = 26, preset: str = "medium"):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            import av
        except ImportError:
            av = None
        self.av = av
        if av is not None:
            self.container = av.open(str(self.path), "w")
            self.stream = self.container.add_stream("libx264", rate=int(round(fps)))
            self.stream.width, self.stream.height = size
            self.stream.pix_fmt = "yuv420p"
            # mbtree=0: with x264's macroblock tree, PyAV's x264 encoded the same frames differently
            # from one process to the next (measured on the test videos: up to 96 levels apart), so
            # a test's video, and what the camera path made of it, changed run to run. Without it,
            # the same render gives the same file.
            self.stream.options = {"crf": str(crf), "preset": preset, "x264-params": "mbtree=0"}
        else:
            self.cv = cv2.VideoWriter(str(self.path), cv2.VideoWriter_fourcc(*"mp4v"), fps, tuple(size))
            if not self.cv.isOpened():
                raise OSError(f"cannot write video {self.path}")

    def write(self, rgb: np.ndarray) -> None:
        if self.av is not None:
            for pk in self.stream.encode(self.av.VideoFrame.from_ndarray(rgb, format="rgb24")):
                self.container.mux(pk)
        else:
            self.cv.write(np.ascontiguousarray(rgb[..., ::-1]))

    def close(self) -> None:
        if self.av is not None:
            for pk in self.stream.encode():
                self.container.mux(pk)
            self.container.close()
        else:
            self.cv.release()


def render(script: DealScript, out_path: str | Path | None, *, crf: int = 26, keep_frames: bool = False,
           progress=None, preset: str = "medium"):
    """Render the script to `out_path` (None: no file). Returns (Truth, frames or None). `preset` is
    x264's: "medium" keeps files small (the bundled demo); a faster one suits a test's throwaway video."""
    r = Renderer(script)
    writer = _Writer(Path(out_path), r.fps, (r.W, r.H), crf, preset) if out_path is not None else None
    per_frame, kept = [], []
    try:
        for i in range(r.n_frames):
            img, truth = r.frame(i)
            per_frame.append(truth)
            if writer is not None:
                writer.write(img)
            if keep_frames:
                kept.append(img)
            if progress and i % 50 == 0:
                progress(i, r.n_frames)
    finally:
        if writer is not None:
            writer.close()
    truth = Truth(r.fps, per_frame, r.choreography.expected, r.zones, r.Hm, r.n_frames)
    return truth, (kept if keep_frames else None)


def write_truth(truth: Truth, script: DealScript, path: str | Path) -> None:
    data = truth.to_json()
    data["reference"] = [e.to_json() for e in camera_reference(script)]
    Path(path).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


class OracleRecogniser:
    """Stands in for the models in tests: detections from the renderer's truth, with the
    recogniser's typical faults (missed frames, misreads at low confidence, box jitter,
    partly covered cards boxed by their visible part, no reading of a card mid-flip)."""

    def __init__(self, truth: Truth, seed: int = 0, p_miss: float = 0.05, p_misread: float = 0.04,
                 deck: str = "poker"):
        from .labels import BONNU_IDENTITIES, IDENTITIES

        self.truth, self.i = truth, 0
        self.rng = np.random.default_rng(seed)
        self.p_miss, self.p_misread = p_miss, p_misread
        # a misread is another card of the deck in play (never a poker card at a Bonnu table)
        decks = {"poker": IDENTITIES[:-1], "bonnu": BONNU_IDENTITIES}
        if deck not in decks:
            raise ValueError(f"no deck {deck!r} (known: {', '.join(decks)})")
        self.ids = decks[deck]

    def recognise_frame(self, frame):
        """The pipeline's hook: detections for this frame number (frames may be skipped)."""
        self.i = frame.index
        return self.recognise(frame.image)

    def recognise(self, image):
        from .assembly import CardDetection

        cards = self.truth.frames[self.i] if self.i < len(self.truth.frames) else []
        self.i += 1
        out = []
        for c in cards:
            if c["visible"] < 0.35 or c["squash"] < 0.5 or c["vbox"] is None or self.rng.random() < self.p_miss:
                continue
            q = c["quad"]
            box = (q[:, 0].min(), q[:, 1].min(), q[:, 0].max(), q[:, 1].max()) if c["visible"] > 0.9 else c["vbox"]
            box = tuple(float(v + self.rng.normal(0, 1.5)) for v in box)
            if not c["up"]:
                out.append(CardDetection(box, False, None, float(self.rng.uniform(0.6, 0.95))))
                continue
            ident, conf = c["code"].split("#")[0], float(self.rng.uniform(0.75, 0.99))  # copies look alike
            if not c.get("index_visible", c["visible"] >= 0.6) or c["moving"] and self.rng.random() < 0.5:
                ident, conf = None, 0.0
            elif self.rng.random() < self.p_misread:
                ident, conf = str(self.rng.choice(self.ids)), float(self.rng.uniform(0.5, 0.7))
            out.append(CardDetection(box, True, ident, conf))
        return out


__all__ = ["Renderer", "render", "Truth", "OracleRecogniser", "write_truth", "GEOMETRY"]
