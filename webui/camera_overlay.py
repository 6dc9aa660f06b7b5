"""The camera's latest picture as the host console shows it: the zones and every card the tracker
follows drawn on the frame, each in the colour of where it stands with the referee."""

from __future__ import annotations

import cv2
import numpy as np

SNAPSHOT_WIDTH = 960          # phones: a 1080p frame scaled down is still plenty to check a card
HELD_COLOUR = (210, 40, 130)  # BGR purple: a card the referee has not taken yet (held, offered again)
ZONE_COLOURS = {"seat": (230, 200, 40), "pot": (40, 200, 250), "trick": (220, 90, 220), "deck": (170, 170, 170),
                "discard": (120, 120, 120)}                       # BGR


def zone_outlines(calibration) -> list[tuple[str, np.ndarray]]:
    """Each zone's polygon in image pixels (table-space zones need the homography)."""
    zones = calibration.zones
    if zones.space == "image":
        to_image = None
    elif calibration.H is not None:
        to_image = np.linalg.inv(calibration.H)
    else:
        return []                  # not calibrated: where the zones lie in the picture is unknown
    out = []
    for z in zones.zones:
        pts = np.asarray(z.polygon, np.float64).reshape(-1, 1, 2)
        if to_image is not None:
            pts = cv2.perspectiveTransform(pts, to_image)
        out.append((z.name, pts.reshape(-1, 2)))
    return out


def draw_overlay(image: np.ndarray, zones, tracks, flagged: dict, caption: str, held=frozenset()) -> bytes:
    """RGB frame -> JPEG bytes: zone outlines and names, one box per card track (green: placed and
    taken by the referee, purple: held, the referee has not taken it yet, orange: waiting for the host
    with its reading number, grey: not settled yet), a caption."""
    h, w = image.shape[:2]
    scale = min(1.0, SNAPSHOT_WIDTH / max(1, w))
    bgr = cv2.cvtColor(np.ascontiguousarray(image), cv2.COLOR_RGB2BGR)
    if scale < 1.0:
        bgr = cv2.resize(bgr, (round(w * scale), round(h * scale)), interpolation=cv2.INTER_AREA)
    font, thick = cv2.FONT_HERSHEY_SIMPLEX, 2
    for name, pts in zones:
        colour = ZONE_COLOURS.get(name.split(":")[0], (255, 255, 255))
        p = np.round(pts * scale).astype(np.int32)
        cv2.polylines(bgr, [p], True, colour, thick, cv2.LINE_AA)
        x, y = p.min(0)
        cv2.putText(bgr, name, (int(x) + 4, int(y) + 16), font, 0.5, colour, 1, cv2.LINE_AA)
    for tid, (box, placed, unconfirmed, identity, up) in tracks:
        x0, y0, x1, y1 = (round(float(v) * scale) for v in box)
        rid = flagged.get(tid)
        colour = (0, 140, 255) if rid is not None or unconfirmed else HELD_COLOUR if tid in held else \
            (60, 200, 60) if placed else (150, 150, 150)
        cv2.rectangle(bgr, (x0, y0), (x1, y1), colour, thick if placed else 1)
        if not placed:
            continue                # not settled yet: a box only (hands, markers, cards in flight)
        label = (identity or "?") if up else "down"
        if rid is not None:
            label = f"#{rid} {label}?"
        elif tid in held:
            label = f"{label} held"
        cv2.putText(bgr, label, (x0, max(12, y0 - 4)), font, 0.5, colour, 1, cv2.LINE_AA)
    bottom = bgr.shape[0]
    cv2.rectangle(bgr, (0, bottom - 20), (bgr.shape[1], bottom), (0, 0, 0), -1)
    cv2.putText(bgr, caption, (6, bottom - 6), font, 0.45, (255, 255, 255), 1, cv2.LINE_AA)
    ok, buf = cv2.imencode(".jpg", bgr, [cv2.IMWRITE_JPEG_QUALITY, 75])
    if not ok:
        raise ValueError("could not encode the snapshot")
    return buf.tobytes()


__all__ = ["HELD_COLOUR", "draw_overlay", "zone_outlines"]
