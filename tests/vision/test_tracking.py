"""Tracker: one observation per dealt card, none for things passing over, hysteresis on flips,
identity voting, unconfirmed reads, moves and removals (detections given in table mm)."""

from vision.association import associate
from vision.calibration import default_zones
from vision.observations import DEALT, EXPOSED, MOVED, REMOVED, TURNED_DOWN
from vision.tracking import TableDetection, Tracker, TrackerConfig

ZONES = default_zones(4)          # 1000 x 560 mm; seat 1 bottom-left, 2 bottom-right, 3 top-right, 4 top-left
DECK = (200.0, 280.0)
SEAT1 = (200.0, 420.0)
SEAT2 = (700.0, 420.0)
SEAT3 = (700.0, 140.0)


def det(pos, up=False, ident=None, conf=0.9, size=75.0):
    return TableDetection(pos, size, up, ident, conf)


def run(tracker, frames, start=0):
    out = []
    for i, dets in enumerate(frames):
        out += tracker.update(start + i, dets, ZONES.zone_at)
    return out


def slide(a, b, n):
    return [(a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n) for k in range(1, n + 1)]


def test_a_dealt_card_is_one_event_at_its_seat_not_on_the_way():
    tr = Tracker()
    path = slide(DECK, SEAT2, 6)  # passes over seat 1's zone on the way
    frames = [[det(p, True, "9D")] for p in path] + [[det(SEAT2, True, "9D")]] * 10
    obs = run(tr, frames)
    assert [(o.kind, o.zone, o.card, o.up) for o in obs] == [(DEALT, "seat:2", "9D", True)]
    rest = 5  # first frame at SEAT2
    assert obs[0].frame - rest <= 3


def test_order_across_seats_and_face_down_cards_have_no_identity():
    tr = Tracker()
    frames = []
    for seat in (SEAT1, SEAT2, SEAT3):
        frames += [[det(SEAT1, False)] * (seat is not SEAT1) + [det(p, False)] for p in slide(DECK, seat, 3)]
    frames = [[det(p, False) for p in (SEAT1, SEAT2, SEAT3)]] * 5
    obs = run(Tracker(), [[det(SEAT1)]] * 4 + [[det(SEAT1), det(SEAT2)]] * 4 + [[det(SEAT1), det(SEAT2), det(SEAT3)]] * 4)
    assert [(o.zone, o.card, o.up, o.order) for o in obs] == [("seat:1", None, False, 1), ("seat:2", None, False, 2),
                                                           ("seat:3", None, False, 3)]
    del tr, frames


def test_a_hand_covering_cards_for_a_while_removes_nothing_and_makes_nothing():
    tr = Tracker(TrackerConfig(remove_frames=30))
    obs = run(tr, [[det(SEAT1, True, "KH")]] * 5)
    assert len(obs) == 1
    hand = [[det((300 + 40 * k, 300 + 10 * k), True, None, 0.0, size=120)] for k in range(8)]  # a moving blob
    covered = [[]] * 20  # the card itself is hidden
    obs = run(tr, [h for h in hand] + covered + [[det(SEAT1, True, "KH")]] * 5, start=5)
    assert obs == []
    assert [c["card"] for c in tr.cards()] == ["KH"]


def test_a_card_gone_for_long_is_removed():
    tr = Tracker(TrackerConfig(remove_frames=10))
    run(tr, [[det(SEAT1, True, "KH")]] * 5)
    obs = run(tr, [[]] * 12, start=5)
    assert [(o.kind, o.zone, o.card) for o in obs] == [(REMOVED, "seat:1", "KH")]


def test_an_exposed_card_is_never_read_as_a_card_lying_face_up_next_to_it():
    # a stud row: KC face up beside a hole card; while the hole card turns over, only KC's
    # corner is read. The exposure goes to the host unread, never as "exposed KC".
    beside = (SEAT1[0] + 60, SEAT1[1])
    tr = Tracker()
    run(tr, [[det(SEAT1, False), det(beside, True, "KC")]] * 6)
    obs = run(tr, [[det(SEAT1, True, "KC", 0.95), det(beside, True, "KC")]] * 20, start=6)  # waits for a read, then asks
    assert [(o.kind, o.card, o.unconfirmed) for o in obs] == [(EXPOSED, None, True)]
    # with its own reads too, it is read as itself
    tr = Tracker()
    run(tr, [[det(SEAT1, False), det(beside, True, "KC")]] * 6)
    obs = run(tr, [[det(SEAT1, True, "QS"), det(beside, True, "KC")]] * 12, start=6)
    assert [(o.kind, o.card, o.unconfirmed) for o in obs] == [(EXPOSED, "QS", False)]


def test_flip_needs_several_frames_and_reads_the_card():
    tr = Tracker()
    run(tr, [[det(SEAT1, False)]] * 5)
    # one stray face-up frame is not a flip
    assert run(tr, [[det(SEAT1, True, "5C")], [det(SEAT1, False)], [det(SEAT1, False)]], start=5) == []
    obs = run(tr, [[det(SEAT1, True, "5C")]] * 4, start=8)
    assert [(o.kind, o.zone, o.card, o.up) for o in obs] == [(EXPOSED, "seat:1", "5C", True)]
    obs = run(tr, [[det(SEAT1, False)]] * 4, start=12)
    assert [(o.kind, o.card, o.up) for o in obs] == [(TURNED_DOWN, "5C", False)]


def test_identity_vote_beats_occasional_misreads():
    tr = Tracker()
    reads = ["QH", "QH", "QD", "QH", "QH", "QH"]
    obs = run(tr, [[det(SEAT1, True, r, 0.9 if r == "QH" else 0.6)] for r in reads])
    assert [(o.card, o.unconfirmed) for o in obs] == [("QH", False)]


def test_low_confidence_becomes_unconfirmed_with_candidates():
    tr = Tracker()
    reads = ["8S", "6S"] * 9
    obs = run(tr, [[det(SEAT1, True, r, 0.55)] for r in reads])
    assert len(obs) == 1 and obs[0].unconfirmed and set(obs[0].candidates[:2]) == {"8S", "6S"}


def test_partial_view_does_not_move_a_placed_card():
    tr = Tracker()
    run(tr, [[det(SEAT1, True, "AS")]] * 5)
    corner = (SEAT1[0] - 25, SEAT1[1] - 35)
    obs = run(tr, [[det(corner, True, "AS", size=25)]] * 6, start=5)
    assert obs == [] and tr.cards()[0]["pos"] == [SEAT1[0], SEAT1[1]]


def test_card_slid_to_another_seat_is_a_move():
    tr = Tracker()
    run(tr, [[det(SEAT1, True, "9D")]] * 5)
    frames = [[det(p, True, "9D")] for p in slide(SEAT1, SEAT2, 8)] + [[det(SEAT2, True, "9D")]] * 4
    obs = run(tr, frames, start=5)
    assert [(o.kind, o.from_zone, o.zone, o.card) for o in obs] == [(MOVED, "seat:1", "seat:2", "9D")]


def test_card_lifted_and_put_down_elsewhere_is_relinked_by_identity():
    tr = Tracker()
    run(tr, [[det(SEAT1, True, "9D")]] * 5)
    obs = run(tr, [[]] * 4 + [[det(SEAT3, True, "9D")]] * 4, start=5)
    assert [(o.kind, o.from_zone, o.zone) for o in obs] == [(MOVED, "seat:1", "seat:3")]


def test_new_card_in_a_vanished_cards_place_is_its_own_card():
    tr = Tracker(TrackerConfig(remove_frames=15))
    run(tr, [[det(SEAT2, True, "3C")]] * 5)
    obs = run(tr, [[]] * 3 + [[det(SEAT2, True, "TH")]] * 4 + [[det(SEAT2, True, "TH")]] * 12, start=5)
    kinds = [(o.kind, o.card) for o in obs]
    assert (DEALT, "TH") in kinds and (REMOVED, "3C") in kinds and len(kinds) == 2


def test_cards_on_the_deck_or_outside_zones_are_not_dealt():
    tr = Tracker()
    deck_zone = next(z for z in ZONES.zones if z.name == "deck")
    cx = sum(p[0] for p in deck_zone.polygon) / 4
    cy = sum(p[1] for p in deck_zone.polygon) / 4
    assert run(tr, [[det((cx, cy), False), det((5.0, 5.0), True, "2C")]] * 8) == []


def test_a_corner_index_beside_its_unread_face_is_one_card():
    from vision.assembly import CardDetection
    from vision.tiles import merge_nested

    cards = merge_nested([CardDetection((10, 10, 30, 40), True, "9D", 0.9), CardDetection((0, 0, 100, 140), True, None, 0.0),
                          CardDetection((200, 0, 300, 140), False, None, 0.8)])
    assert [(c.box, c.identity) for c in cards] == [((0, 0, 100, 140), "9D"), ((200, 0, 300, 140), None)]


def test_motion_gate_looks_again_when_something_moves_and_every_third_still_frame():
    import numpy as np

    from vision.pipeline import MotionGate

    rng = np.random.default_rng(0)
    table = rng.integers(40, 80, (720, 1280, 3), dtype=np.uint8)
    g = MotionGate(max_skip=2)
    noisy = [np.clip(table.astype(int) + rng.normal(0, 3, table.shape), 0, 255).astype(np.uint8) for _ in range(5)]
    assert [g.changed(f) for f in noisy] == [True, False, False, True, False]  # noise is not change
    hand = noisy[0].copy()
    hand[300:420, 500:640] = 200  # something the size of a hand, or a card landing
    assert g.changed(hand) is True
    assert MotionGate(max_skip=0).changed(table) is True


def test_a_card_played_from_a_hand_into_the_trick_area_says_where_it_came_from():
    trick = next(z for z in ZONES.zones if z.name == "trick")
    tx = sum(p[0] for p in trick.polygon) / 4
    ty = sum(p[1] for p in trick.polygon) / 4
    obs = run(Tracker(), [[det(p, True, "QS")] for p in slide((tx, 470.0), (tx, ty), 4)] + [[det((tx, ty), True, "QS")]] * 3)
    assert [(o.kind, o.zone, o.from_zone, o.card) for o in obs] == [(DEALT, "trick", "seat:2", "QS")]


def test_tiled_recognition_maps_boxes_back_and_keeps_a_card_once():
    import numpy as np

    from vision.assembly import CardDetection
    from vision.tiles import recognise_tiled, tile_grid

    class Fake:  # one card at frame x 600..700 (in both halves' overlap), read only in the right tile
        calls = []

        def recognise(self, img):
            self.calls.append(img.shape)
            x0 = 600 - (0 if len(self.calls) == 1 else 512)
            ident = None if len(self.calls) == 1 else "7H"
            return [CardDetection((x0, 100, x0 + 100, 240), True, ident, 0.9)]

    assert tile_grid("auto", 1280, 720) == (2, 1) and tile_grid("3x2", 1, 1) == (3, 2) and tile_grid((1, 1), 9, 9) == (1, 1)
    f = Fake()
    cards = recognise_tiled(f, np.zeros((720, 1280, 3), np.uint8), "2x1")
    assert [s[1] for s in f.calls] == [768, 768]
    assert [(c.box, c.identity) for c in cards] == [((600, 100, 700, 240), "7H")]


def test_busy_frames_keep_the_cards_whose_place_did_not_change_and_look_every_stride():
    import numpy as np

    from vision.gating import BUSY, LOOK, SAME, MotionGate

    table = np.random.default_rng(1).integers(40, 80, (720, 1280, 3), dtype=np.uint8)
    g = MotionGate(max_skip=9, stride=2)
    assert g.decide(table) == LOOK and g.decide(table) == SAME
    moving = []
    for k in range(4):  # a hand crossing the left half, a new place every frame
        f = table.copy()
        f[100:300, 100 + 120 * k:220 + 120 * k] = 220
        moving.append(f)
    assert [g.decide(f) for f in moving] == [LOOK, BUSY, LOOK, BUSY]
    assert g.unchanged((900, 400, 1000, 540)) and not g.unchanged((340, 100, 460, 300))
    assert g.decide(moving[-1]) == LOOK  # the picture stopped moving: look at once
    assert MotionGate(max_skip=9, stride=1).decide(table) == LOOK
    g1 = MotionGate(max_skip=9, stride=1)
    assert [g1.decide(f) for f in [table] + moving] == [LOOK] * 5
    assert g.decide(moving[-1], want=True) == LOOK  # a reading is awaited: an unchanged frame is read


def test_a_face_up_card_waits_for_a_second_reading_so_one_misread_does_not_stick():
    tr = Tracker()
    obs = run(tr, [[det(SEAT1, True, "QH", 0.65)], [det(SEAT1, True, "5H", 0.9)], [det(SEAT1, True, "5H", 0.9)]])
    assert [(o.kind, o.card, o.unconfirmed) for o in obs] == [(DEALT, "5H", False)]
    tr = Tracker()
    assert run(tr, [[det(SEAT1, True, "9C", 0.95)], [det(SEAT1, True, None, 0.0)]]) == []
    assert tr.wants_look()  # the pipeline reads it again at once
    assert [(o.kind, o.card) for o in run(tr, [[det(SEAT1, True, "9C", 0.95)]], start=2)] == [(DEALT, "9C")]
    assert not tr.wants_look()


def test_a_box_around_two_overlapping_backs_keeps_both_cards():
    tr = Tracker(TrackerConfig(remove_frames=5))
    a, b = (180.0, 420.0), (218.0, 420.0)  # a stud row: the second card half over the first
    obs = run(tr, [[det(a)]] * 3 + [[det(a), det(b)]] * 3)
    assert [o.kind for o in obs] == [DEALT, DEALT]
    merged = det((199.0, 420.0), size=95.0)  # the detector now boxes both as one
    assert [o.kind for o in run(tr, [[merged]] * 12, start=6)] == []
    single = det(a, size=75.0)  # one card taken away: one box of one card's size again
    assert [o.kind for o in run(tr, [[single]] * 12, start=18)] == [REMOVED]


def test_index_reads_are_reused_while_their_pixels_do_not_change():
    import numpy as np

    from vision.gating import CachedReads

    class Rec:  # stands in for a Recogniser: recognise() calls self.classify like the real one
        runs = 0

        def classify(self, frame, boxes):
            Rec.runs += len(boxes)
            return np.full((len(boxes), 54), 0.5, np.float32), np.zeros((len(boxes), 4), np.float32)

        def recognise(self, frame):
            return self.classify(frame, [(100, 100, 130, 140), (500, 300, 530, 340)])[0]

    img = np.random.default_rng(2).integers(0, 255, (720, 1280, 3), dtype=np.uint8)
    c = CachedReads(Rec(), max_age=3)
    for _ in range(3):
        assert c.recognise(img).shape == (2, 54)
    assert (Rec.runs, c.hits) == (2, 4)
    moved = img.copy()
    moved[300:340, 500:530] = 255 - moved[300:340, 500:530]  # another card there now
    c.recognise(moved)
    assert Rec.runs == 3
    for _ in range(3):
        c.recognise(moved)
    assert Rec.runs == 4  # the unchanged one is read again after max_age reuses


def test_index_reads_are_remembered_across_the_classifier_calls_of_one_frame():
    import numpy as np

    from vision.gating import CachedReads

    class Rec:  # a cascade: the first corner, then (when unsure) the second, in separate calls
        runs = 0

        def classify(self, frame, boxes):
            Rec.runs += len(boxes)
            return np.full((len(boxes), 54), 0.5, np.float32), np.zeros((len(boxes), 4), np.float32)

        def recognise(self, frame):
            self.classify(frame, [(100, 100, 130, 140)])
            return self.classify(frame, [(500, 300, 530, 340)])[0]

    img = np.random.default_rng(3).integers(0, 255, (720, 1280, 3), dtype=np.uint8)
    c = CachedReads(Rec())
    for _ in range(3):
        c.recognise(img)
    assert (Rec.runs, c.hits, c.misses) == (2, 4, 2)


def test_an_unread_weakly_seen_face_is_not_a_card_until_read_or_seen_surely():
    from dataclasses import replace

    chips = replace(det(SEAT1, True, None, 0.0), detector_confidence=0.3)  # a pile of chips boxed as a face
    tr = Tracker()
    assert run(tr, [[chips]] * 15) == [] and not tr.wants_look()
    card = replace(chips, detector_confidence=0.7)
    obs = run(Tracker(), [[card]] * 15)
    assert [(o.kind, o.card, o.unconfirmed) for o in obs] == [(DEALT, None, True)]  # the host is asked
    # where the bets lie, a chip pile seen as a face at 0.6 is not a card; at a seat it would be asked about
    pile = replace(chips, pos=(440.0, 330.0), detector_confidence=0.6)
    assert ZONES.zone_at(pile.pos) == "pot" and run(Tracker(), [[pile]] * 15) == []
    assert [o.kind for o in run(Tracker(), [[replace(pile, pos=SEAT1)]] * 15)] == [DEALT]
    assert [o.zone for o in run(Tracker(), [[replace(pile, detector_confidence=0.7)]] * 15)] == ["pot"]


def test_a_reading_taken_while_a_hand_moves_over_the_card_is_not_evidence():
    from dataclasses import replace

    tr = Tracker()
    under_hand = replace(det(SEAT1, True, "JS", 0.95), settled=False)  # a Q half under a finger, read as a J
    obs = run(tr, [[under_hand], [under_hand], [under_hand]])
    assert obs == []  # placed only once read in a fair look
    obs = run(tr, [[det(SEAT1, True, "QD", 0.9)], [det(SEAT1, True, "QD", 0.9)]], start=3)
    assert [(o.kind, o.card) for o in obs] == [(DEALT, "QD")]
    assert "JS" not in tr.tracks[obs[0].track].votes


def test_a_card_on_its_way_that_the_last_look_missed_is_looked_for_again():
    tr = Tracker()
    a, b = SEAT1, (SEAT1[0] + 20, SEAT1[1])  # still sliding: not placed yet
    run(tr, [[det(a, True, "5H")], [det(b, True, "5H")]])
    assert not any(t.placed for t in tr.tracks.values()) and not tr.wants_look()
    run(tr, [[]], start=2)  # the look missed it (a hand, a flicker): on a still picture look again
    assert tr.wants_look()
    run(tr, [[], []], start=3)
    assert not tr.wants_look()  # gone for three looks: it was not a card coming to rest


def test_a_card_turned_up_is_never_announced_as_a_card_lying_next_to_it_under_a_hand():
    tr = Tracker()
    hole = (SEAT1[0] - 40, SEAT1[1])
    run(tr, [[det(hole), det(SEAT1, True, "JS")]] * 4)  # a hole card and the J♠ beside it, both placed
    assert sorted(t.identity or "-" for t in tr.tracks.values() if t.placed) == ["-", "JS"]
    # a hand covers the J♠; the hole card turns up and its box shows the J♠'s corner: read as J♠
    obs = run(tr, [[det(hole, True, "JS", 0.9)]] * 6, start=4)
    assert all(o.card != "JS" for o in obs)
    obs += run(tr, [[det(hole, True, "QD", 0.9)]] * 3, start=10)  # the hand goes: its own index
    assert [(o.kind, o.card) for o in obs if o.card] == [(EXPOSED, "QD")] or \
        [(o.kind, o.unconfirmed) for o in obs] == [(EXPOSED, True)]


def boxed(pos, box, up=True, ident=None, conf=0.9):
    """A detection whose image box is given in table mm (these tests' image is the table)."""
    size = ((box[2] - box[0]) * (box[3] - box[1])) ** 0.5
    return TableDetection(pos, size, up, ident, conf, box)


def test_a_neighbours_box_reaching_over_a_card_shows_it_is_still_there():
    # a stud row: 4C, then 9D dealt half over it; later the two are boxed as one unread face (neither
    # index readable), a box the size of one card that lies mostly where 9D lies
    a_box, b_box = (618, 96, 682, 184), (658, 96, 722, 184)
    tr = Tracker()
    run(tr, [[boxed((650, 140), a_box, ident="4C")]] * 5)
    run(tr, [[boxed((650, 140), a_box, ident="4C"), boxed((690, 140), b_box, ident="9D")]] * 5, start=5)
    together = (640, 96, 712, 184)  # reaches over 4C's place further than 9D ever lay
    obs = run(tr, [[boxed((676, 140), together)]] * 40, start=10)
    assert obs == [] and sorted(c["card"] for c in tr.cards()) == ["4C", "9D"]
    # the same, but the box is 9D's own: 4C was taken away
    tr = Tracker()
    run(tr, [[boxed((650, 140), a_box, ident="4C")]] * 5)
    run(tr, [[boxed((650, 140), a_box, ident="4C"), boxed((690, 140), b_box, ident="9D")]] * 5, start=5)
    obs = run(tr, [[boxed((690, 140), b_box)]] * 40, start=10)
    assert [(o.kind, o.card) for o in obs] == [(REMOVED, "4C")]


def test_a_trade_is_two_moves_even_while_the_arriving_card_is_not_read_yet():
    tr = Tracker()
    run(tr, [[det(SEAT1, True, "9D"), det(SEAT3, True, "7H")]] * 5)
    run(tr, [[]] * 4, start=5)  # hands over both
    # 9D now lies at seat 3 and is read there; in its old place lies 7H, seen but not read yet
    obs = run(tr, [[det(SEAT1, True, None, 0.0), det(SEAT3, True, "9D")]] * 6, start=9)
    assert [(o.kind, o.card, o.from_zone, o.zone) for o in obs] == [(MOVED, "9D", "seat:1", "seat:3")]
    assert obs[0].frame <= 9 + 4
    obs = run(tr, [[det(SEAT1, True, "7H"), det(SEAT3, True, "9D")]] * 6, start=15)
    assert [(o.kind, o.card, o.from_zone, o.zone) for o in obs] == [(MOVED, "7H", "seat:3", "seat:1")]
    assert sorted((c["zone"], c["card"]) for c in tr.cards()) == [("seat:1", "7H"), ("seat:3", "9D")]


def test_a_box_around_a_card_and_the_one_dealt_over_it_does_not_drag_the_card_onto_the_new_one():
    tr = Tracker()
    a, b = SEAT1, (SEAT1[0] + 34, SEAT1[1])  # the second hole card overlaps the first by half
    run(tr, [[det(a, conf=0.9)]] * 5)
    # the new card arrives: first both boxed as one, then each on its own (the covered one faintly)
    obs = run(tr, [[det((a[0] + 17, a[1]), size=100, conf=0.5)]] + [[det(b, conf=0.9), det(a, conf=0.33)]] * 12,
              start=5)
    assert [(o.kind, o.zone, o.up) for o in obs] == [(DEALT, "seat:1", False)]
    assert obs[0].frame <= 6 + 3
    assert sorted(round(c["pos"][0]) for c in tr.cards()) == [round(a[0]), round(b[0])]


def test_a_faint_unread_face_does_not_turn_a_hole_card_up():
    from dataclasses import replace

    tr = Tracker()
    run(tr, [[det(SEAT1, False)]] * 5)
    # the edge of the up card beside it, boxed as a face the detector is barely sure of
    faint = replace(det(SEAT1, True, None, 0.0), detector_confidence=0.27)
    assert run(tr, [[faint]] * 20, start=5) == []
    sure = replace(faint, detector_confidence=0.7)  # the card really turned over, index not read yet
    obs = run(tr, [[sure]] * 20, start=25)
    assert [(o.kind, o.card, o.unconfirmed) for o in obs] == [(EXPOSED, None, True)]


def test_reads_taken_as_the_dealers_hand_leaves_back_up_the_first_steady_one():
    from dataclasses import replace

    leaving = replace(det(SEAT1, True, "QC", 0.96), settled=False)
    obs = run(Tracker(), [[leaving], [leaving], [det(SEAT1, True, "QC", 0.96)]])
    assert [(o.kind, o.card, o.frame) for o in obs] == [(DEALT, "QC", 2)]  # a frame sooner than two steady reads
    # without them one steady read is not enough (the test above) ...
    assert run(Tracker(), [[det(SEAT1, True, None, 0.0)], [det(SEAT1, True, None, 0.0)],
                           [det(SEAT1, True, "QC", 0.96)]]) == []
    # ... and reads that disagree under the hand back nothing up
    other = replace(leaving, identity="JC")
    tr = Tracker()
    assert run(tr, [[other], [leaving], [det(SEAT1, True, "QC", 0.96)]]) == []
    assert [(o.kind, o.card) for o in run(tr, [[det(SEAT1, True, "QC", 0.96)]], start=3)] == [(DEALT, "QC")]


def test_a_hole_card_turned_over_under_a_hand_is_exposed_not_dealt_again():
    tr = Tracker()
    obs = run(tr, [[det(SEAT1, False)]] * 4)
    assert [o.kind for o in obs] == [DEALT]
    hole = obs[0].track
    # turned over under the player's hand: the face's first box, off its place, starts a track of its own,
    # which follows the face back onto the place (closer to it than the face-down card with its other face)
    path = [(SEAT1[0] - 30, SEAT1[1]), (SEAT1[0] - 15, SEAT1[1])] + [(SEAT1[0] - 3, SEAT1[1])] * 6
    obs = run(tr, [[det(pos, True, "KH", 0.95)] for pos in path], start=4)
    assert [(o.kind, o.track, o.card) for o in obs] == [(EXPOSED, hole, "KH")]
    assert len(tr.tracks) == 1
    # a face-up card dealt beside a hole card that is still seen stays a card of its own
    tr = Tracker()
    run(tr, [[det(SEAT1, False)]] * 4)
    beside = (SEAT1[0] + 40, SEAT1[1])
    obs = run(tr, [[det(SEAT1, False), det(beside, True, "5C")]] * 4, start=4)
    assert [(o.kind, o.card) for o in obs] == [(DEALT, "5C")]


def test_a_hole_card_hidden_by_the_dealers_hand_is_not_the_card_dealt_past_it():
    """A face-down card that vanishes as a face-down card appears next to it and settles at the next
    seat moved there (slid under a hand) only if that card was first seen at the seat it left; one
    first seen on its way from the deck was dealt past it, the hidden card still lies where it lay."""
    hole = (440.0, 420.0)  # seat 1, by seat 2's edge
    for start, moved in (((470.0, 420.0), True), ((440.0, 330.0), False)):  # seat 1 / the pot
        tr = Tracker()
        obs = run(tr, [[det(hole)]] * 4)
        assert [(o.kind, o.zone) for o in obs] == [(DEALT, "seat:1")]
        path = slide(start, (560.0, 420.0), 4)  # the hole card's place is hidden meanwhile
        obs = run(tr, [[det(start)]] + [[det(p)] for p in path] + [[det((560.0, 420.0))]] * 4, start=4)
        got = [(o.kind, o.from_zone, o.zone) for o in obs]
        assert got == ([(MOVED, "seat:1", "seat:2")] if moved else [(DEALT, "pot", "seat:2")]), got


def test_an_unread_box_across_two_cards_of_a_row_is_not_a_card():
    """The detector sometimes boxes the visible strips of two overlapping cards of a row as a third
    face that no index names; lying on the placed cards' boxes it is not a new card. An unread face
    that reaches past them (the next card of the row, its index not read yet) still goes to the host."""
    def face(x, ident, dc=0.8):  # table x in mm = image x in px here; cards 64 wide
        return TableDetection((x, 140.0), 75.0, True, ident, 0.95 if ident else 0.0,
                              box=(x - 32, 96, x + 32, 184), detector_confidence=dc)

    for x, dealt in ((670.0, False), (770.0, True)):
        tr = Tracker()
        run(tr, [[face(640.0, "9S"), face(700.0, "9D")]] * 4)
        obs = run(tr, [[face(640.0, "9S"), face(700.0, "9D"), face(x, None, 0.7)]] * 15, start=4)
        assert [(o.kind, o.card, o.unconfirmed) for o in obs] == ([(DEALT, None, True)] if dealt else []), x


def test_a_second_back_boxed_with_the_first_is_dealt_before_the_detector_parts_them():
    """Two overlapping backs boxed as one (a box bigger than a card, settled) over a face-down card
    placed alone: the other card lies on the far side of the box's centre and is dealt now, once; when
    the detector later boxes each on its own nothing more happens. A box only a little off the card
    (no room for another) makes nothing."""
    a, b = SEAT1, (SEAT1[0] - 34, SEAT1[1])
    tr = Tracker()
    assert [o.kind for o in run(tr, [[det(a)]] * 4)] == [DEALT]
    merged = det(((a[0] + b[0]) / 2, a[1]), size=100)
    obs = run(tr, [[merged]] * 20, start=4)
    assert [(o.kind, o.zone, o.up) for o in obs] == [(DEALT, "seat:1", False)] and obs[0].frame <= 4 + 3
    assert sorted(round(c["pos"][0]) for c in tr.cards()) == [round(b[0]), round(a[0])]
    assert run(tr, [[det(a), det(b)]] * 40, start=24) == [] and len(tr.cards()) == 2
    tr = Tracker()
    run(tr, [[det(a)]] * 4)
    assert run(tr, [[det((a[0] - 8, a[1]), size=100)]] * 20, start=4) == []
    # while a hand moves over it (not settled) a big box is the hand's, not a card's
    from dataclasses import replace
    tr = Tracker()
    run(tr, [[det(a)]] * 4)
    assert run(tr, [[replace(merged, settled=False)]] * 8, start=4) == []


def test_a_back_whose_box_shifts_a_little_past_the_gate_is_still_the_same_card():
    """A hole card first boxed with the edge of the card beside it, then on its own a little off
    (0.3 card lengths): the same card, not a new one dealt and the old one removed."""
    tr = Tracker()
    assert [o.kind for o in run(tr, [[det(SEAT1, size=82)]] * 4)] == [DEALT]
    own = (SEAT1[0] - 26, SEAT1[1])
    assert run(tr, [[det(own)]] * 50, start=4) == [] and len(tr.cards()) == 1
    # a face-down card dealt that near, while the first is still seen, is a card of its own
    tr = Tracker()
    run(tr, [[det(SEAT1)]] * 4)
    obs = run(tr, [[det(SEAT1), det((SEAT1[0] + 40, SEAT1[1]))]] * 8, start=4)
    assert [o.kind for o in obs] == [DEALT] and len(tr.cards()) == 2


def test_a_read_taken_under_a_passing_hand_does_not_link_a_card_to_its_neighbours_place():
    """Two face-up cards of a row, both hidden for a moment by a hand; under the hand the second
    card's index is read as the first card's: the first card's track must not jump onto the second's
    place (the two swapped places, and a third, unread "card" was dealt)."""
    from dataclasses import replace

    a, b = SEAT1, (SEAT1[0] + 50, SEAT1[1])
    tr = Tracker()
    run(tr, [[det(a, True, "2D"), det(b, True, "QC")]] * 4)
    run(tr, [[]] * 3, start=4)
    misread = replace(det(b, True, "2D"), settled=False)
    assert run(tr, [[misread]] * 3, start=7) == []
    places = {t.identity: round(t.rest[0]) for t in tr.tracks.values() if t.placed}
    assert places == {"2D": round(a[0]), "QC": round(b[0])}  # 2D was not carried off to QC's place
    assert run(tr, [[det(a, True, "2D"), det(b, True, "QC")]] * 20, start=10) == []
    assert sorted((round(c["pos"][0]), c["card"]) for c in tr.cards()) == [(round(a[0]), "2D"), (round(b[0]), "QC")]


def test_a_back_dealt_beside_the_last_face_of_a_row_is_not_taken_for_a_second_box_of_it():
    """A hole card dealt at the end of a stud row, its box's centre within a third of a card of the
    face-up card beside it (the two boxed partly together), is a card of its own at once: a back is
    no second box of a face (it was placed 14 looks late). A second face box there still is one."""
    tr = Tracker()
    run(tr, [[det(SEAT1, True, "4C")]] * 4)
    near = (SEAT1[0] - 25, SEAT1[1])
    obs = run(tr, [[det(SEAT1, True, "4C"), det(near, size=91)]] * 6, start=4)
    assert [(o.kind, o.up) for o in obs] == [(DEALT, False)] and obs[0].frame <= 4 + 3
    tr = Tracker()
    run(tr, [[det(SEAT1, True, "4C")]] * 4)
    assert run(tr, [[det(SEAT1, True, "4C"), det(near, True, None, 0.0)]] * 20, start=4) == []


def test_an_unread_box_a_pixel_off_its_neighbours_edges_still_lies_on_them():
    """`_over_placed` samples the inside of the box: a box whose top lies a fraction of a pixel above
    its neighbours' tops (and its bottom below theirs) is still on them (sampled on its edges: 83 %)."""
    def face(x, ident, top=96.0, bottom=184.0):
        return TableDetection((x, 140.0), 75.0, True, ident, 0.95 if ident else 0.0,
                              box=(x - 32, top, x + 32, bottom), detector_confidence=0.8)

    tr = Tracker()
    run(tr, [[face(640.0, "9S"), face(700.0, "9D")]] * 4)
    obs = run(tr, [[face(640.0, "9S"), face(700.0, "9D"), face(670.0, None, 95.6, 184.4)]] * 15, start=4)
    assert obs == []


def test_a_faint_face_on_a_hole_cards_place_exposes_it_once_the_picture_there_turned_to_paper():
    """An upside-down row's hole card turned up was only ever seen as a face at 0.36 (under
    `flip_face_conf`): with the picture's word (`shows_face`: its place is card stock now, its back
    showed none) it is exposed, unread, for the host to name. Not off its place, not without it."""
    from dataclasses import replace

    faint = replace(det(SEAT1, True, None, 0.0), detector_confidence=0.36)
    for hook, pos, exposed in ((True, SEAT1, True), (False, SEAT1, False), (True, (SEAT1[0] + 20, SEAT1[1]), False)):
        tr = Tracker()
        hole = run(tr, [[det(SEAT1, False)]] * 4)[0].track
        tr.shows_face = lambda t, d, hook=hook: hook
        obs = run(tr, [[replace(faint, pos=pos)]] * 25, start=4)
        got = [(o.kind, o.track, o.card, o.unconfirmed) for o in obs]
        assert got == ([(EXPOSED, hole, None, True)] if exposed else []), (hook, pos)


def test_a_new_track_lying_still_on_a_lost_cards_place_hands_its_box_back():
    """A card dealt over half of 9D: the new card's first boxes (under the dealing hand, 9D's own box
    hidden) start a track that slides onto 9D's visible half and stops there, unread and faint: that
    track lies still on 9D's place and is 9D's box, so 9D is not removed."""
    from dataclasses import replace

    half = (SEAT1[0] + 15, SEAT1[1])
    faint = lambda p: replace(det(p, True, None, 0.0), detector_confidence=0.47)  # noqa: E731
    tr = Tracker(TrackerConfig(remove_frames=10))
    run(tr, [[det(SEAT1, True, "9D")]] * 4)
    arriving = [[faint(p)] for p in slide((SEAT1[0] + 120, SEAT1[1]), half, 4)]
    obs = run(tr, arriving + [[faint(half)]] * 30, start=4)
    assert obs == [] and [c["card"] for c in tr.cards()] == ["9D"]
    # ... while a box read as another card that stops there is that card (9D, never seen again, goes)
    tr = Tracker(TrackerConfig(remove_frames=10))
    run(tr, [[det(SEAT1, True, "9D")]] * 4)
    arriving = [[det(p, True, "4C")] for p in slide((SEAT1[0] + 120, SEAT1[1]), half, 4)]
    obs = run(tr, arriving + [[det(half, True, "4C")]] * 30, start=4)
    assert [(o.kind, o.card) for o in obs] == [(DEALT, "4C"), (REMOVED, "9D")]


def test_a_hole_card_hidden_for_a_while_then_turned_up_is_exposed_not_dealt():
    """A hand covers a hole card for 16 looks and turns it up; the face's first boxes (under the hand)
    start a track that settles on the card's place: the hole card is exposed, not a new card dealt
    (and the hole card later removed)."""
    tr = Tracker()
    hole = run(tr, [[det(SEAT1, False)]] * 4)[0].track
    face = [(SEAT1[0] - 25, SEAT1[1]), (SEAT1[0] - 10, SEAT1[1])] + [(SEAT1[0] - 5, SEAT1[1])] * 8
    obs = run(tr, [[]] * 16 + [[det(p, True, "9C", 0.94)] for p in face], start=4)
    assert [(o.kind, o.track, o.card) for o in obs] == [(EXPOSED, hole, "9C")]


def test_a_half_covered_card_misread_in_its_own_place_is_not_a_new_card():
    """A card dealt over a face-up card's corner half covers its index, read then as another card
    (a JS as JC at 0.80, re-render seed 7 with a stronger-augmented classifier): not dealt as a card
    that is not on the table. A read that sure of itself (>= reread_conf) still is a new card."""
    beside = (SEAT1[0] + 45, SEAT1[1])
    for conf, dealt in ((0.8, []), (0.95, ["JC"])):
        tr = Tracker()
        obs = run(tr, [[det(SEAT1, True, "JS", 0.99)]] * 6)
        assert [o.card for o in obs] == ["JS"]
        frames = [[det(SEAT1, True, "JS", 0.99), det(p, True, "9D")] for p in slide(DECK, beside, 4)]
        frames += [[det(SEAT1, True, "JC", conf), det(beside, True, "9D")]] * 15
        obs = run(tr, frames, start=6)
        assert sorted(o.card for o in obs if o.kind == DEALT) == sorted(["9D"] + dealt), (conf, obs)
        assert REMOVED not in [o.kind for o in obs]
        assert {c["card"] for c in tr.cards()} >= {"JS", "9D"}


def test_a_hole_card_seen_turning_up_keeps_its_face_over_a_neighbours_back_box():
    """A hole card's face shows on its place (the flip has begun); the next look also finds a
    neighbour's back box a little off it, nearer than a face's penalty: the card keeps its face and
    is exposed. (It took the back box, its face became a new card dealt as AH, and the hole card,
    never seen again where it lay, was removed later.)"""
    tr = Tracker()
    obs = run(tr, [[det(SEAT3)]] * 4)
    hole = obs[0].track
    neighbour = (SEAT3[0] - 12, SEAT3[1])
    frames = [[det(SEAT3, True, "AH", 0.97)]] + [[det(SEAT3, True, "AH", 0.97), det(neighbour, False, conf=0.5)]] * 8
    obs = run(tr, frames, start=4)
    assert (EXPOSED, hole, "AH") in [(o.kind, o.track, o.card) for o in obs]
    assert not [o for o in obs if o.kind == DEALT and o.card == "AH"]
    # before any sign of turning, a face on its place costs more than a back's box this near
    tr = Tracker()
    run(tr, [[det(SEAT3)]] * 4)
    pairs, _ = associate(tr.tracks, 4, [det(SEAT3, True, "AH", 0.97), det(neighbour, False, conf=0.5)], tr.cfg)
    assert [(t.id, d.face_up) for t, d in pairs if t.id == hole] == [(hole, False)]


def test_a_card_played_across_a_neighbours_zone_comes_from_the_seat_it_left():
    """Thrown from seat 1 to the trick it crosses seat 2's zone; the frames that saw it over seat 1
    were missed. It is still seat 1's card (the way between two sightings counts, not only where it
    was seen first), and a card from seat 2 is seat 2's."""
    way = slide((300.0, 555.0), (800.0, 280.0), 10)  # below seat 1, over seat 1, seat 2, into the trick
    seen = [p for k, p in enumerate(way, 1) if k not in (3, 4)]  # the two sightings over seat 1 missed
    obs = run(Tracker(), [[det(p, True, "QS")] for p in seen] + [[det(way[-1], True, "QS")]] * 5)
    assert [(o.kind, o.zone, o.from_zone) for o in obs] == [(DEALT, "trick", "seat:1")]
    way = slide((700.0, 555.0), (800.0, 280.0), 10)
    obs = run(Tracker(), [[det(p, True, "QS")] for p in way] + [[det(way[-1], True, "QS")]] * 5)
    assert [(o.kind, o.zone, o.from_zone) for o in obs] == [(DEALT, "trick", "seat:2")]


def test_a_card_carried_off_and_lost_on_the_way_is_removed_though_its_last_place_looks_unchanged():
    """Its last box shows where it was lost (over another card), not a card lying there: the image
    check that keeps a covered card on its place does not keep a card last seen half a table away."""
    tr = Tracker(TrackerConfig(remove_frames=10))
    tr.still_there = lambda t: True  # the picture at its last box always "looks the same"
    run(tr, [[det(SEAT1, True, "9C"), det(SEAT2, True, "9H")]] * 5)
    carried = [[det(p, True, "9C"), det(SEAT2, True, "9H")] for p in slide(SEAT1, SEAT2, 4)[:-1]]
    lost = [[det(SEAT2, True, "9H")]] * 14
    obs = run(tr, carried + lost, start=5)
    assert [(o.kind, o.card) for o in obs] == [(REMOVED, "9C")]
    assert obs[0].frame <= 5 + len(carried) + 11


def test_a_back_dealt_overlapping_the_last_one_in_a_row_is_one_new_card_when_the_first_is_missed_next():
    # the set-aside row: four backs, each laid over a third of the one before. The new card's first box,
    # overlapping the placed card's, was taken for a second box of it and dropped; the next frame
    # missed the placed card, which took the new box, and its own box later became a third card
    def back(x):
        return TableDetection((x, 300.0), 75.0, False, None, 0.9, box=(x - 31, 256.0, x + 31, 344.0))
    a, b = 400.0, 425.0
    frames = [[back(a)]] * 6 + [[back(a), back(b)], [back(b)]] + [[back(a), back(b)]] * 12
    obs = run(Tracker(), frames)
    assert [(o.kind, o.up) for o in obs] == [(DEALT, False), (DEALT, False)]
