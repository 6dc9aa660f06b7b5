"""Calibration: markers -> homography (table mm), the last good one kept while markers are
covered, clear status without markers, zones (default layout, JSON files, image space)."""

import json

import cv2
import numpy as np
import pytest

from vision.calibration import (Calibration, TableGeometry, ZoneMap, default_zones, marker_sheet)
from vision.dealscript import DealScript
from vision.video import GEOMETRY, Renderer


@pytest.fixture(scope="module")
def table():
    r = Renderer(DealScript([], {"fps": 10, "size": [1280, 720], "seed": 4}))
    return r.bg.copy(), r.Hm, r.zones


def test_markers_give_the_homography(table):
    img, Hm, zones = table
    cal = Calibration(zones)
    st = cal.update(img, 0)
    assert st.state == "live" and st.markers == (0, 1, 2, 3) and st.error_mm < 2
    pts_mm = np.array([[100.0, 100.0], [450.0, 253.0], [800.0, 400.0]])
    img_pts = cv2.perspectiveTransform(pts_mm.reshape(-1, 1, 2), Hm).reshape(-1, 2)
    back = cal.to_table(img_pts)
    assert np.abs(back - pts_mm).max() < 3.0  # mm


def _cover(img, Hm, marker_ids, geo=GEOMETRY):
    out = img.copy()
    for i in marker_ids:
        cx, cy = geo.marker_centres()[i]
        c = cv2.perspectiveTransform(np.array([[[cx, cy]]], float), Hm)[0, 0]
        cv2.circle(out, (int(c[0]), int(c[1])), 60, (190, 140, 110), -1)  # a hand over it
    return out


def test_covered_markers_keep_the_last_good_homography(table):
    img, Hm, zones = table
    cal = Calibration(zones)
    cal.update(img, 0)
    H0 = cal.H.copy()
    st = cal.update(_cover(img, Hm, [0, 1, 2]), 30)
    assert st.state == "kept" and st.age_frames == 30 and "last good" in st.message
    assert np.allclose(cal.H, H0)
    st = cal.update(_cover(img, Hm, [0, 1]), 40)  # two markers are enough
    assert st.state == "live" and st.markers == (2, 3) and "not seen" in st.message


def test_no_markers_says_what_to_do(table):
    img, Hm, zones = table
    cal = Calibration(zones)
    st = cal.update(_cover(img, Hm, [0, 1, 2, 3]), 0)
    assert st.state == "uncalibrated" and not cal.ready and "marker" in st.message
    with pytest.raises(RuntimeError):
        cal.to_table([[0, 0]])


def test_marker_sheet_markers_are_detectable():
    page = marker_sheet(dpi=100)
    assert page.shape == (round(297 * 100 / 25.4), round(210 * 100 / 25.4))
    cal = Calibration()
    assert sorted(cal.detect(page)) == [0, 1, 2, 3]


def test_default_zones_seats_pot_trick():
    z = default_zones(4)
    assert z.names() == ["seat:1", "seat:2", "seat:3", "seat:4", "deck", "pot", "trick"]
    g = z.geometry
    assert z.zone_at((g.width_mm * 0.25, g.height_mm * 0.8)) == "seat:1"
    assert z.zone_at((g.width_mm * 0.75, g.height_mm * 0.2)) == "seat:3"
    assert z.zone_at((g.width_mm * 0.5, g.height_mm * 0.5)) == "pot"
    assert z.zone_at((-10, -10)) is None
    assert len(default_zones(6).names()) == 9


def test_zone_file_round_trip_and_image_space(tmp_path):
    z = default_zones(3, TableGeometry(800, 500))
    p = tmp_path / "zones.json"
    z.save(p)
    z2 = ZoneMap.load(p)
    assert z2.names() == z.names() and z2.geometry.width_mm == 800
    drawn = {"space": "image", "card_size": 110, "zones": [{"name": "seat:1", "polygon": [[0, 0], [640, 0], [640, 720]]}]}
    p.write_text(json.dumps(drawn))
    zi = ZoneMap.load(p)
    cal = Calibration(zi)
    assert cal.ready and cal.status.state == "image-space"
    assert cal.to_table([[100, 50]]).tolist() == [[100.0, 50.0]]
    assert zi.zone_at((600, 100)) == "seat:1"


@pytest.mark.parametrize("text,msg", [
    ("{", "not valid JSON"), ('{"zones": 3}', "'zones' list"), ('{"zones": [{"name": "a", "polygon": [[0, 0]]}]}', "polygon"),
    ('{"space": "moon", "zones": []}', "space"),
])
def test_bad_zone_files_say_why(tmp_path, text, msg):
    p = tmp_path / "z.json"
    p.write_text(text)
    with pytest.raises(ValueError, match=msg):
        ZoneMap.load(p)
