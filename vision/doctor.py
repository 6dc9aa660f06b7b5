"""`croupier doctor`: is this camera good enough for croupier, and what to change if not.

Grabs frames for a few seconds and checks resolution, frame rate, sharpness where the cards
lie, exposure and glare, marker visibility and card size on the image, model loading and
recognition speed. Every check says what to do in plain words.
"""

from __future__ import annotations

import time

import cv2
import numpy as np


def _check(name, status, value, advice=""):
    return {"name": name, "status": status, "value": value, "advice": advice}


def check_camera(spec, seconds: float = 3.0, zones=None, models=None) -> dict:
    from .calibration import Calibration, default_zones
    from .sources import SourceError, open_source

    checks = []
    try:
        src = open_source(spec)
    except SourceError as exc:
        return {"source": str(spec), "checks": [_check("camera", "fail", "not found", str(exc))]}
    frames, t0 = [], time.monotonic()
    src.start()
    try:
        while time.monotonic() - t0 < seconds and len(frames) < 300:
            f = src.latest(timeout=1.0)
            if f is None:
                if src.finished:
                    break
                continue
            frames.append(f.image)
    finally:
        st = src.status()
        src.stop()
    if not frames:
        return {"source": str(spec), "checks": [_check("camera", "fail", st.state,
                                                        st.last_error or "no frames arrived: is it in use?")]}
    checks.append(_check("camera", "ok", st.source, ""))
    h, w = frames[-1].shape[:2]
    res = f"{w}x{h}"
    if w * h >= 1920 * 1080:
        checks.append(_check("resolution", "ok", res))
    elif w * h >= 1280 * 720:
        checks.append(_check("resolution", "warn", res, "1080p or more reads card corners far better: "
                                                        "set the camera to 1920x1080"))
    else:
        checks.append(_check("resolution", "fail", res, "too few pixels to read cards: use a 1080p camera"))
    fps = st.fps if src.live else (src.fps or 0)
    checks.append(_check("fps", "ok" if fps >= 10 else ("warn" if fps >= 5 else "fail"), f"{fps:.1f}",
                         "" if fps >= 10 else "a slow camera: more light (long exposures cut the frame rate), "
                                              "a USB 3 port, or MJPEG mode"))
    gray = cv2.cvtColor(frames[-1], cv2.COLOR_RGB2GRAY)
    cal = Calibration(zones or default_zones())
    cal.update(frames[-1], 0)
    region = gray
    if cal.ready and cal.zones.space == "table":
        g = cal.zones.geometry
        Hinv = np.linalg.inv(cal.H)
        q = cv2.perspectiveTransform(np.float64([[[g.inset_mm * 2, g.inset_mm * 2]],
                                                 [[g.width_mm - g.inset_mm * 2, g.height_mm - g.inset_mm * 2]]]), Hinv)
        (x0, y0), (x1, y1) = np.clip(q.reshape(2, 2), 0, [w - 1, h - 1]).astype(int)
        if x1 - x0 > 32 and y1 - y0 > 32:
            region = gray[min(y0, y1):max(y0, y1), min(x0, x1):max(x0, x1)]
    sharp = float(cv2.Laplacian(region, cv2.CV_64F).var())
    checks.append(_check("sharpness", "ok" if sharp >= 60 else ("warn" if sharp >= 20 else "fail"), f"{sharp:.0f}",
                         "" if sharp >= 60 else "blurry: focus on the table and lock focus (turn autofocus off)"))
    mean = float(gray.mean())
    clipped = float((gray >= 250).mean())
    if 70 <= mean <= 200 and clipped < 0.02:
        checks.append(_check("exposure", "ok", f"mean {mean:.0f}, {clipped:.1%} clipped"))
    else:
        why = ("too dark: more (diffuse) light" if mean < 70 else
               "glare or overexposed: diffuse the light, lock exposure lower, avoid glossy mats")
        checks.append(_check("exposure", "warn", f"mean {mean:.0f}, {clipped:.1%} clipped", why))
    cs = cal.status
    n = len(cs.markers)
    if cal.zones.space == "image":
        checks.append(_check("markers", "ok", "zones drawn on the image", ""))
    else:
        checks.append(_check("markers", "ok" if n == 4 else ("warn" if n >= 2 else "fail"), f"{n} of 4 seen",
                             "" if n == 4 else "put the four corner markers (croupier markers) flat on the table, "
                                               "all in view, not under glare"))
    if cal.ready and cal.zones.space == "table":
        c = cal.to_table([[w / 2, h / 2], [w / 2 + 100, h / 2]])
        px_per_mm = 100 / max(1e-6, float(np.linalg.norm(c[1] - c[0])))
        card_px = 88.9 * px_per_mm
        checks.append(_check("card size", "ok" if card_px >= 100 else ("warn" if card_px >= 70 else "fail"),
                             f"card ~{card_px:.0f} px tall", "" if card_px >= 100 else
                             "cards look small: lower the camera, or use a higher resolution"))
    try:
        from .model_files import ModelError, default_model_dir
        from .recogniser import Recogniser

        t = time.perf_counter()
        rec = Recogniser.from_models(models or default_model_dir())
        load = time.perf_counter() - t
        times = []
        for img in frames[-5:]:
            t = time.perf_counter()
            rec.recognise(img)
            times.append((time.perf_counter() - t) * 1000)
        ms = sorted(times)[len(times) // 2]
        checks.append(_check("models", "ok", f"loaded in {load:.1f} s", ""))
        checks.append(_check("recognition", "ok" if ms <= 100 else ("warn" if ms <= 250 else "fail"),
                             f"{ms:.0f} ms/frame", "" if ms <= 100 else "a slow computer: close other programs"))
    except (ModelError, OSError) as exc:
        checks.append(_check("models", "fail", "not loaded", str(exc)))
    return {"source": str(spec), "frames": len(frames), "checks": checks}


__all__ = ["check_camera"]
