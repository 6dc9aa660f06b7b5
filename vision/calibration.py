"""Which part of the table belongs to whom: ArUco markers, the image -> table homography, zones.

Table coordinates are millimetres on the table, origin at the top-left of the marked area,
x to the right and y down as seen by the camera. Four ArUco markers (DICT_4X4_50, ids 0-3)
lie at the corners of that area (`TableGeometry.marker_centres`); every visible marker gives
its four corners, and two or more markers give the homography. The last good homography is
kept while markers are covered (a hand, a glass), with its age in the status.

Zones are polygons in table coordinates (`space: "table"`), or, for a table without markers,
drawn straight onto the camera image (`space: "image"`: table coordinates are then image
pixels). Zone files are JSON (`ZoneMap.load/save`); `default_zones(n)` lays out n seats.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

ARUCO_DICT = cv2.aruco.DICT_4X4_50
CORNER_IDS = (0, 1, 2, 3)  # top-left, top-right, bottom-right, bottom-left of the marked area


@dataclass
class TableGeometry:
    width_mm: float = 1000.0
    height_mm: float = 560.0
    marker_mm: float = 50.0
    inset_mm: float = 40.0  # marker centre distance from the area's edges

    def marker_centres(self) -> dict[int, tuple[float, float]]:
        i, W, H = self.inset_mm, self.width_mm, self.height_mm
        return {0: (i, i), 1: (W - i, i), 2: (W - i, H - i), 3: (i, H - i)}

    def marker_corners(self, marker_id: int) -> np.ndarray:
        """The marker's corners in table mm, in ArUco order (TL, TR, BR, BL), axis-aligned."""
        cx, cy = self.marker_centres()[marker_id]
        h = self.marker_mm / 2
        return np.float32([[cx - h, cy - h], [cx + h, cy - h], [cx + h, cy + h], [cx - h, cy + h]])

    def to_json(self) -> dict:
        return {"width_mm": self.width_mm, "height_mm": self.height_mm, "marker_mm": self.marker_mm,
                "inset_mm": self.inset_mm}


# --------------------------------------------------------------------------------- zones
@dataclass
class Zone:
    name: str                       # "seat:3", "pot", "trick", "deck", "discard"
    polygon: list                   # [[x, y], ...] in the zone map's space

    def contains(self, pt) -> bool:
        return cv2.pointPolygonTest(np.float32(self.polygon), (float(pt[0]), float(pt[1])), False) >= 0


@dataclass
class ZoneMap:
    zones: list[Zone]
    space: str = "table"            # "table" (mm, needs markers) or "image" (pixels, no markers)
    geometry: TableGeometry = field(default_factory=TableGeometry)
    card_size: float = 88.9         # card long side in this space's units

    def zone_at(self, pt) -> str | None:
        for z in self.zones:
            if z.contains(pt):
                return z.name
        return None

    def names(self) -> list[str]:
        return [z.name for z in self.zones]

    def to_json(self) -> dict:
        return {"space": self.space, "table": self.geometry.to_json(), "card_size": self.card_size,
                "zones": [{"name": z.name, "polygon": [[round(float(x), 1), round(float(y), 1)]
                                                          for x, y in z.polygon]} for z in self.zones]}

    @classmethod
    def from_json(cls, data: dict) -> "ZoneMap":
        if not isinstance(data, dict) or not isinstance(data.get("zones"), list):
            raise ValueError("a zone file is a JSON object with a 'zones' list")
        space = data.get("space", "table")
        if space not in ("table", "image"):
            raise ValueError(f"zone space must be 'table' or 'image', not {space!r}")
        zones = []
        for i, z in enumerate(data["zones"]):
            poly = z.get("polygon") if isinstance(z, dict) else None
            if not isinstance(z, dict) or not isinstance(z.get("name"), str) or not isinstance(poly, list) \
                    or len(poly) < 3 or not all(isinstance(p, (list, tuple)) and len(p) == 2 for p in poly):
                raise ValueError(f"zone {i}: needs a 'name' and a 'polygon' of at least 3 [x, y] points")
            zones.append(Zone(z["name"], [[float(x), float(y)] for x, y in poly]))
        geo = TableGeometry(**data.get("table", {}))
        card = float(data.get("card_size", 88.9 if space == "table" else 120.0))
        return cls(zones, space, geo, card)

    @classmethod
    def load(cls, path: str | Path) -> "ZoneMap":
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise ValueError(f"{path}: not valid JSON ({exc.msg})") from None
        try:
            return cls.from_json(data)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"{path}: {exc}") from None

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")


def _rect(x0, y0, x1, y1):
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]


def _seat_zones(n_seats: int, g: TableGeometry, m: float, band: float) -> list[Zone]:
    """Two rows of seats facing each other, `band` deep: the bottom row left to right, then the
    top row right to left (seat numbers go clockwise from the bottom-left as the camera sees it)."""
    W, H = g.width_mm, g.height_mm
    bottom = (n_seats + 1) // 2
    top = n_seats - bottom
    zones = []
    for i in range(bottom):
        x0 = m + (W - 2 * m) * i / bottom
        x1 = m + (W - 2 * m) * (i + 1) / bottom
        zones.append(Zone(f"seat:{i + 1}", _rect(x0, H - m - band, x1, H - m)))
    for i in range(top):
        x1 = W - m - (W - 2 * m) * i / max(1, top)
        x0 = W - m - (W - 2 * m) * (i + 1) / max(1, top)
        zones.append(Zone(f"seat:{bottom + i + 1}", _rect(x0, m, x1, m + band)))
    return zones


def _margin(g: TableGeometry) -> float:
    return g.inset_mm + g.marker_mm / 2 + 5  # inside the corner markers


def default_zones(n_seats: int = 4, geometry: TableGeometry | None = None) -> ZoneMap:
    """Seats around the marked area (two rows facing each other for up to 8 seats), a centre
    strip with the deck on the left, the pot in the middle and the trick area on the right."""
    g = geometry or TableGeometry()
    W, H, m = g.width_mm, g.height_mm, _margin(g)
    band = (H - 2 * m) * 0.36
    zones = _seat_zones(n_seats, g, m, band)
    cy0, cy1 = m + band, H - m - band
    third = (W - 2 * m) / 3
    zones.append(Zone("deck", _rect(m, cy0, m + third, cy1)))
    zones.append(Zone("pot", _rect(m + third, cy0, m + 2 * third, cy1)))
    zones.append(Zone("trick", _rect(m + 2 * third, cy0, W - m, cy1)))
    return ZoneMap(zones, "table", g)


BOONAKEN_ZONES = ("deck", "aside", "centre:down", "centre:up", "trick", "discards")


def boonaken_zones(n_seats: int = 4, geometry: TableGeometry | None = None) -> ZoneMap:
    """A Boonaken table: the seats in two rows as `default_zones`, a card deep, and between them,
    left to right: the deck above the set-aside cards ("aside"), the centre cards face down above
    those face up ("centre:down", "centre:up"), the trick area (each seat plays on its own side of
    it) and the declarer's discards. Every card is dealt, so the deck is only where the dealer
    holds the pack. Needs a table about 1000 x 560 mm (the default geometry): the centre rows are
    a card high each."""
    g = geometry or TableGeometry()
    W, H, m = g.width_mm, g.height_mm, _margin(g)
    band = min(110.0, (H - 2 * m) * 0.3)
    zones = _seat_zones(n_seats, g, m, band)
    y0, y1 = m + band, H - m - band
    mid = (y0 + y1) / 2
    x = [m + (W - 2 * m) * f for f in (0.0, 0.2, 0.385, 0.805, 1.0)]  # columns: deck/aside, centre, trick, discards
    zones += [Zone("deck", _rect(x[0], y0, x[1], mid)), Zone("aside", _rect(x[0], mid, x[1], y1)),
              Zone("centre:down", _rect(x[1], y0, x[2], mid)), Zone("centre:up", _rect(x[1], mid, x[2], y1)),
              Zone("trick", _rect(x[2], y0, x[3], y1)), Zone("discards", _rect(x[3], y0, x[4], y1))]
    return ZoneMap(zones, "table", g)


BONEYARD_ZONES = ("deck", "boneyard", "trick", "tricks:1", "tricks:2")
TAKEN_MM = 140.0  # the end of each seat's band where the Maker's taken card lies, face up


def boneyard_zones(n_seats: int = 4, geometry: TableGeometry | None = None) -> ZoneMap:
    """A Boneyard euchre table (four seats, partners opposite): the seats in two rows as
    `default_zones`, a card deep, each seat's place ending, at the table's side, in its "taken:N"
    place, where the Maker's taken card lies face up (part of the hand until played). Between the
    rows, left to right: the deck above the boneyard (the five bones in a row, one face up, later
    flips), the trick area in the middle (each seat plays straight in front of itself, so a card
    never crosses another seat's place on its way) and each team's taken tricks, face down
    ("tricks:1" above "tricks:2", each pile crosswise; team 1 is the first and third seats). Needs the default
    1000 x 560 mm table."""
    if n_seats != 4:
        raise ValueError(f"Boneyard euchre is played by four: no table for {n_seats} seats")
    g = geometry or TableGeometry()
    W, H, m = g.width_mm, g.height_mm, _margin(g)
    band = min(110.0, (H - 2 * m) * 0.3)
    zones = []
    for seat in _seat_zones(n_seats, g, m, band):
        xs, ys = [p[0] for p in seat.polygon], [p[1] for p in seat.polygon]
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        left = (x0 + x1) / 2 < W / 2
        hand, taken = ((x0 + TAKEN_MM, x1), (x0, x0 + TAKEN_MM)) if left else ((x0, x1 - TAKEN_MM), (x1 - TAKEN_MM, x1))
        zones += [Zone(seat.name, _rect(hand[0], y0, hand[1], y1)),
                  Zone(f"taken:{seat.name.split(':')[1]}", _rect(taken[0], y0, taken[1], y1))]
    y0, y1 = m + band, H - m - band
    deck_y = y0 + (y1 - y0) * 0.45  # the pack lies crosswise above the row of bones
    x = [m + (W - 2 * m) * f for f in (0.0, 0.31, 0.69, 1.0)]  # columns: deck/boneyard, trick, tricks
    mid = (y0 + y1) / 2
    zones += [Zone("deck", _rect(x[0], y0, x[1], deck_y)), Zone("boneyard", _rect(x[0], deck_y, x[1], y1)),
              Zone("trick", _rect(x[1], y0, x[2], y1)), Zone("tricks:1", _rect(x[2], y0, x[3], mid)),
              Zone("tricks:2", _rect(x[2], mid, x[3], y1))]
    return ZoneMap(zones, "table", g)


BONNU_ZONES = ("deck", "pile")


def bonnu_zones(n_seats: int = 2, geometry: TableGeometry | None = None) -> ZoneMap:
    """A Bonnu table: the play pile in the middle ("pile", every card laid or Cut lands on it) and the
    draw pile on its left ("deck": a card resting there is the draw pile itself). The hands are held
    off camera, so the seats' places ("seat:N", in two rows as `default_zones`, a card deep) only see
    a hand laid face up: an out-of-turn Bonnu, or a loser's hand at the end of a Bonnu 100 round.
    The pile is two cards wide and high: a Cut's two cards, fanned, lie inside it."""
    g = geometry or TableGeometry()
    W, H, m = g.width_mm, g.height_mm, _margin(g)
    band = min(110.0, (H - 2 * m) * 0.3)
    zones = _seat_zones(n_seats, g, m, band)
    y0, y1 = m + band, H - m - band
    cx, half = W / 2, min(y1 - y0, 2 * 88.9) / 2 + 10
    cy = (y0 + y1) / 2
    zones += [Zone("deck", _rect(m, y0, cx - half - 20, y1)),
              Zone("pile", _rect(cx - half, cy - half, cx + half, cy + half))]
    return ZoneMap(zones, "table", g)


GAME_ZONES = {"boonaken": boonaken_zones, "boneyard-euchre": boneyard_zones, "bonnu": bonnu_zones}


def zones_for(game: str | None, n_seats: int = 4, geometry: TableGeometry | None = None) -> ZoneMap:
    """The default zone map for a game: its own layout (`GAME_ZONES`), else `default_zones`."""
    return GAME_ZONES.get(game or "", default_zones)(n_seats, geometry)


# --------------------------------------------------------------------------- homography
@dataclass
class CalibrationStatus:
    state: str = "uncalibrated"      # uncalibrated | live | kept | image-space
    markers: tuple[int, ...] = ()
    age_frames: int = 0              # frames since the homography was last measured
    error_mm: float | None = None    # reprojection error of the last good fit
    message: str = "no markers seen yet: put the four corner markers on the table"

    def to_json(self) -> dict:
        return {"state": self.state, "markers": list(self.markers), "age_frames": self.age_frames,
                "error_mm": None if self.error_mm is None else round(self.error_mm, 2), "message": self.message}


class Calibration:
    """Keeps the image -> table homography; `update(gray, frame)` when markers are looked for."""

    def __init__(self, zones: ZoneMap | None = None, min_markers: int = 2, max_error_mm: float = 8.0):
        self.zones = zones or default_zones()
        self.geometry = self.zones.geometry
        self.min_markers = min_markers
        self.max_error_mm = max_error_mm
        d = cv2.aruco.getPredefinedDictionary(ARUCO_DICT)
        self.detector = cv2.aruco.ArucoDetector(d, cv2.aruco.DetectorParameters())
        self.H: np.ndarray | None = None
        self.last_frame = -1
        self.status = CalibrationStatus()
        if self.zones.space == "image":
            self.H = np.eye(3)
            self.status = CalibrationStatus("image-space", message="zones drawn on the image: no markers needed")

    @property
    def ready(self) -> bool:
        return self.H is not None

    def detect(self, gray: np.ndarray) -> dict[int, np.ndarray]:
        corners, ids, _ = self.detector.detectMarkers(gray)
        out = {}
        if ids is not None:
            for c, i in zip(corners, ids.ravel()):
                if int(i) in CORNER_IDS:
                    out[int(i)] = c.reshape(4, 2)
        return out

    def update(self, image: np.ndarray, frame: int = 0) -> CalibrationStatus:
        """Look for markers in an RGB or grey image; keep the last good homography otherwise."""
        if self.zones.space == "image":
            return self.status
        gray = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_RGB2GRAY)
        found = self.detect(gray)
        age = frame - self.last_frame if self.last_frame >= 0 else 0
        if len(found) >= self.min_markers:
            src = np.concatenate([found[i] for i in sorted(found)]).astype(np.float32)
            dst = np.concatenate([self.geometry.marker_corners(i) for i in sorted(found)])
            H, _ = cv2.findHomography(src, dst, 0)
            if H is not None:
                proj = cv2.perspectiveTransform(src[None], H)[0]
                err = float(np.sqrt(((proj - dst) ** 2).sum(1)).mean())
                if err <= self.max_error_mm:
                    self.H, self.last_frame = H, frame
                    missing = [i for i in CORNER_IDS if i not in found]
                    msg = "calibrated" + (f" (marker {', '.join(map(str, missing))} not seen)" if missing else "")
                    self.status = CalibrationStatus("live", tuple(sorted(found)), 0, err, msg)
                    return self.status
        if self.H is not None:
            self.status = CalibrationStatus(
                "kept", tuple(sorted(found)), age, self.status.error_mm,
                f"markers covered or missing ({len(found)} of 4 seen): using the last good calibration")
        else:
            self.status = CalibrationStatus(
                "uncalibrated", tuple(sorted(found)), 0, None,
                f"only {len(found)} marker(s) seen: at least {self.min_markers} of the 4 corner markers must be "
                f"visible (is the table in view and lit?)")
        return self.status

    def to_table(self, pts) -> np.ndarray:
        """Image pixels -> table coordinates (N x 2)."""
        if self.H is None:
            raise RuntimeError("not calibrated")
        p = np.asarray(pts, np.float64).reshape(-1, 1, 2)
        return cv2.perspectiveTransform(p, self.H).reshape(-1, 2)

    def box_to_table(self, box) -> tuple[tuple[float, float], float]:
        """An image box -> (centre in table units, sqrt of its area in table units)."""
        c, size = self.boxes_to_table([box])
        return (float(c[0, 0]), float(c[0, 1])), float(size[0])

    def boxes_to_table(self, boxes) -> tuple[np.ndarray, np.ndarray]:
        """N image boxes -> (N x 2 centres, N sizes) as `box_to_table`, in one transform."""
        b = np.asarray(boxes, np.float64).reshape(-1, 4)
        corners = b[:, [0, 1, 2, 1, 2, 3, 0, 3]].reshape(-1, 2)  # each box's corners, in order
        q = self.to_table(corners).reshape(-1, 4, 2)
        x, y = q[..., 0], q[..., 1]
        area = 0.5 * np.abs((x * np.roll(y, -1, 1) - np.roll(x, -1, 1) * y).sum(1))  # shoelace
        return q.mean(1), np.sqrt(np.maximum(area, 1e-6))


# ------------------------------------------------------------------------- marker sheet
def marker_image(marker_id: int, px: int) -> np.ndarray:
    d = cv2.aruco.getPredefinedDictionary(ARUCO_DICT)
    return cv2.aruco.generateImageMarker(d, marker_id, px)


def marker_sheet(dpi: int = 300, marker_mm: float = 50.0, ids=CORNER_IDS) -> np.ndarray:
    """An A4 page (grey, uint8) with the corner markers at true size for `dpi`, cut lines and labels."""
    mm = dpi / 25.4
    W, H = int(round(210 * mm)), int(round(297 * mm))
    page = np.full((H, W), 255, np.uint8)
    side = int(round(marker_mm * mm))
    cell_w, cell_h = W // 2, (H - int(30 * mm)) // 2
    names = {0: "top-left", 1: "top-right", 2: "bottom-right", 3: "bottom-left"}
    for k, mid in enumerate(ids):
        cx = cell_w * (k % 2) + cell_w // 2
        cy = int(20 * mm) + cell_h * (k // 2) + cell_h // 2
        x0, y0 = cx - side // 2, cy - side // 2
        page[y0:y0 + side, x0:x0 + side] = marker_image(mid, side)
        q = int(8 * mm)  # dashed cut square: a white margin around the marker
        for x in range(x0 - q, x0 + side + q, int(3 * mm)):
            cv2.line(page, (x, y0 - q), (min(x + int(1.5 * mm), x0 + side + q), y0 - q), 150, 1)
            cv2.line(page, (x, y0 + side + q), (min(x + int(1.5 * mm), x0 + side + q), y0 + side + q), 150, 1)
        for y in range(y0 - q, y0 + side + q, int(3 * mm)):
            cv2.line(page, (x0 - q, y), (x0 - q, min(y + int(1.5 * mm), y0 + side + q)), 150, 1)
            cv2.line(page, (x0 + side + q, y), (x0 + side + q, min(y + int(1.5 * mm), y0 + side + q)), 150, 1)
        label = f"croupier marker {mid}: {names.get(mid, '')} corner"
        cv2.putText(page, label, (x0 - q, y0 + side + q + int(6 * mm)), cv2.FONT_HERSHEY_SIMPLEX,
                    0.09 * mm, 0, max(1, int(0.25 * mm)), cv2.LINE_AA)
    title = f"croupier table markers - ArUco 4x4_50 - print at {dpi} dpi, 100% scale: each marker {marker_mm:g} mm"
    cv2.putText(page, title, (int(10 * mm), int(12 * mm)), cv2.FONT_HERSHEY_SIMPLEX, 0.08 * mm, 0,
                max(1, int(0.2 * mm)), cv2.LINE_AA)
    cv2.line(page, (int(10 * mm), H - int(10 * mm)), (int(110 * mm), H - int(10 * mm)), 0, max(1, int(0.4 * mm)))
    cv2.putText(page, "this line is 100 mm: check your print", (int(10 * mm), H - int(13 * mm)),
                cv2.FONT_HERSHEY_SIMPLEX, 0.07 * mm, 0, max(1, int(0.2 * mm)), cv2.LINE_AA)
    return page


__all__ = ["TableGeometry", "Zone", "ZoneMap", "default_zones", "boonaken_zones", "boneyard_zones", "zones_for",
           "bonnu_zones",
           "BOONAKEN_ZONES", "BONEYARD_ZONES", "BONNU_ZONES", "GAME_ZONES", "Calibration", "CalibrationStatus",
           "marker_image", "marker_sheet", "CORNER_IDS"]
