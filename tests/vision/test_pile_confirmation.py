"""The tracker on a Bonnu pile (`STACKING`): the new top card is confirmed a look sooner than
elsewhere where the reads plainly agree (two steady reads outweighing a misread more than two to
one; one steady read backed two to one by the reads taken as the player's hand left it), and never
where they do not: a misread of the old top card, or a split reading, is no card on the pile. The
cases are the slow ones of tests/vision/test_bonnu_video.py's oracle seeds."""

from dataclasses import replace

from vision.calibration import bonnu_zones
from vision.observations import DEALT
from vision.tracking import TableDetection, Tracker
from vision.tracks import pile_agreement

ZONES = bonnu_zones(2)


def centre(name):
    xs, ys = zip(*next(z for z in ZONES.zones if z.name == name).polygon)
    return sum(xs) / len(xs), sum(ys) / len(ys)


PILE, SEAT = centre("pile"), centre("seat:1")


def read(pos, ident, conf, settled=True):
    return TableDetection(pos, 75.0, True, ident, conf, settled=settled)


def run(tracker, frames, start=0):
    out = []
    for i, dets in enumerate(frames):
        out += tracker.update(start + i, dets, ZONES.zone_at)
    return out


def dealt(obs):
    return [(o.card, o.frame, o.unconfirmed) for o in obs if o.kind == DEALT]


def test_two_agreeing_reads_outweighing_a_misread_place_the_new_top_card():
    """Seed 0's black 8: read as a red -1 at 0.67, then as itself at 0.76 and 0.77 (`_best`: 0.53)."""
    pile = PILE
    looks = [[read(pile, "red:-1", 0.67)], [read(pile, "black:8", 0.76)], [read(pile, "black:8", 0.77)]]
    assert dealt(run(Tracker(), looks)) == [("black:8", 2, False)]
    elsewhere = [[replace(d, pos=SEAT) for d in look] for look in looks]
    assert dealt(run(Tracker(), elsewhere)) == []                             # at a seat: a look later
    assert pile_agreement({"black:8": [1.53, 2], "red:-1": [0.67, 1]}, "black:8") == 1.53 / 2


def test_readings_of_equal_weight_or_one_read_alone_are_no_card_on_the_pile():
    pile = PILE
    assert pile_agreement({"blue:3": [1.6, 2], "blue:8": [0.8, 1]}, "blue:3") == 0.0   # not more than two to one
    assert pile_agreement({"blue:3": [0.9, 1]}, "blue:3") == 0.0                       # one read
    split = [[read(pile, "blue:3", 0.8)], [read(pile, "blue:8", 0.8)], [read(pile, "blue:3", 0.8)],
             [read(pile, "blue:8", 0.8)]]
    assert dealt(run(Tracker(), split)) == []


def test_a_misread_of_the_top_card_is_not_a_new_card_on_it():
    """The white 8 lies on the pile; a look reads it as a yellow 0 at 0.54 (seed 0, frame 110), then
    as itself again: nothing new is laid."""
    pile = PILE
    tr = Tracker()
    assert dealt(run(tr, [[read(pile, "white:8", 0.9)]] * 3)) == [("white:8", 1, False)]
    looks = [[read(pile, "yellow:0", 0.54)]] + [[read(pile, "white:8", 0.85)]] * 12
    assert dealt(run(tr, looks, start=3)) == []


def test_reads_through_the_leaving_hand_back_one_steady_read_two_to_one_on_the_pile_only():
    """Seed 1's red 5, the first card on the empty pile: read so 4 times as it landed and once as a
    white 7 at 0.59, then once steadily: placed then on the pile; at a seat it waits for a second
    steady read (there those reads must all agree)."""
    pile = PILE
    landing = [read(pile, "red:5", 0.9, settled=False)] * 4 + [read(pile, "white:7", 0.59, settled=False)]
    looks = [[d] for d in landing] + [[read(pile, "red:5", 0.9)]]
    assert dealt(run(Tracker(), looks)) == [("red:5", 5, False)]
    at_seat = [[replace(d, pos=SEAT) for d in look] for look in looks]
    assert dealt(run(Tracker(), at_seat)) == []
    half = [[read(pile, "red:5", 0.9, settled=False)], [read(pile, "white:7", 0.59, settled=False)],
            [read(pile, "red:5", 0.9)]]                      # one to one under the hand: backs nothing up
    assert dealt(run(Tracker(), half)) == []
