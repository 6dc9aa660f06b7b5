"""One deck, one back: unsure face-down detections unlike the deck's back are dropped."""

import numpy as np

from vision.assembly import CardDetection
from vision.backs import BackLook, back_histogram

GREEN = (30, 110, 50)       # felt
ORANGE = (190, 90, 40)      # this deck's back
BLUE = (40, 60, 170)        # a second deck's back
WHITE = (245, 245, 240)     # a card face


def table(*rects):
    """An RGB frame of felt with (x0, y0, x1, y1, colour) rectangles painted on, rings on backs."""
    img = np.zeros((300, 600, 3), np.uint8)
    img[:] = GREEN
    for x0, y0, x1, y1, col in rects:
        img[y0:y1, x0:x1] = col
        if col != WHITE:  # a back's pattern: darker rings
            yy, xx = np.mgrid[y0:y1, x0:x1]
            ring = (np.hypot(xx - (x0 + x1) / 2, yy - (y0 + y1) / 2) // 6) % 2 == 0
            img[y0:y1, x0:x1][ring] = (np.array(col) * 0.7).astype(np.uint8)
    return img


def back(box, conf):
    return CardDetection(box, False, None, conf, conf)


def test_a_seam_between_a_back_and_a_face_is_dropped_a_real_unsure_back_kept():
    # a face-down card at 100-180, a face dealt beside it at 180-260; a third face-down card at 400-480
    img = table((100, 50, 180, 160, ORANGE), (180, 50, 260, 160, WHITE), (400, 50, 480, 160, ORANGE))
    sure = back((100, 50, 180, 160), 0.9)
    seam = back((140, 50, 220, 160), 0.5)        # half the back (boxed already), half the face: no card
    unsure_real = back((400, 50, 480, 160), 0.5)
    look = BackLook()
    kept = look.keep(img, [sure, seam, unsure_real])
    assert kept == [sure, unsure_real]
    assert look.dropped == 1


def test_nothing_is_dropped_before_a_sure_back_was_seen():
    img = table((100, 50, 180, 160, ORANGE), (180, 50, 260, 160, WHITE))
    cards = [back((100, 50, 180, 160), 0.5), back((140, 50, 220, 160), 0.5)]
    assert BackLook().keep(img, cards) == cards


def test_a_sure_back_is_always_kept_and_a_second_deck_is_learned():
    img = table((100, 50, 180, 160, ORANGE), (300, 50, 380, 160, BLUE), (450, 50, 530, 160, BLUE))
    look = BackLook()
    first = look.keep(img, [back((100, 50, 180, 160), 0.9), back((300, 50, 380, 160), 0.9)])
    assert len(first) == 2 and len(look.looks) == 2
    # an unsure back of the second deck now matches its look
    assert look.keep(img, [back((450, 50, 530, 160), 0.5)]) == [back((450, 50, 530, 160), 0.5)]


def test_learning_can_wait_for_whole_looks_and_stand_in_confidences_are_not_judged():
    img = table((100, 50, 180, 160, ORANGE), (180, 50, 260, 160, WHITE))
    look = BackLook()
    look.keep(img, [back((100, 50, 180, 160), 0.9)])
    before = [h.copy() for h in look.looks]
    look.keep(img, [back((100, 50, 180, 160), 0.95)], learn=False)
    assert all(np.array_equal(a, b) for a, b in zip(before, look.looks))
    stand_in = back((140, 50, 220, 160), 0.0)  # a test double's "not said"
    assert look.keep(img, [stand_in]) == [stand_in]


def test_faces_are_never_judged_and_tiny_boxes_have_no_histogram():
    img = table((100, 50, 180, 160, ORANGE), (180, 50, 260, 160, WHITE))
    look = BackLook()
    face = CardDetection((180, 50, 260, 160), True, None, 0.0, 0.3)
    assert look.keep(img, [back((100, 50, 180, 160), 0.9), face])[1] is face
    assert back_histogram(img, (10, 10, 13, 13)) is None
    assert back_histogram(img, (590, 290, 700, 400)) is None  # (off the frame)


def test_a_hole_card_mostly_under_a_face_keeps_its_strip_of_back():
    # the first hole card at 100-180 is covered by the face-up card at 130-210 but for a strip; its box
    # reaches a little over the face; no surer back explains the strip
    img = table((100, 50, 180, 160, ORANGE), (130, 50, 210, 160, WHITE), (400, 50, 480, 160, ORANGE))
    sure = back((400, 50, 480, 160), 0.9)
    strip = back((100, 50, 150, 160), 0.35)
    assert BackLook().keep(img, [sure, strip]) == [sure, strip]


def test_only_the_cards_a_region_look_found_are_judged():
    img = table((100, 50, 180, 160, ORANGE), (180, 50, 260, 160, WHITE))
    sure, seam = back((100, 50, 180, 160), 0.9), back((140, 50, 220, 160), 0.5)
    look = BackLook()
    assert look.keep(img, [sure, seam], judge=[sure]) == [sure, seam]  # the seam was judged before
    assert look.keep(img, [sure, seam], judge=[seam]) == [sure]


def test_an_unread_face_that_is_not_paper_is_dropped_a_paper_one_kept():
    from vision.backs import FaceLook

    img = table((100, 50, 180, 160, WHITE), (300, 50, 380, 160, WHITE))
    for cx, col in ((460, (200, 30, 30)), (500, (30, 60, 200)), (480, (20, 20, 20))):  # a pile of chips
        import cv2
        cv2.circle(img, (cx, 110), 19, col, -1)
        cv2.circle(img, (cx, 110), 13, (240, 240, 240), 3)
    read = CardDetection((100, 50, 180, 160), True, "KH", 0.95, 0.9)
    unread_card = CardDetection((300, 50, 380, 160), True, None, 0.0, 0.6)
    chips = CardDetection((440, 85, 520, 135), True, None, 0.0, 0.6)
    sure_chips = CardDetection((440, 85, 520, 135), True, None, 0.0, 0.8)  # the detector sure: kept
    look = FaceLook()
    assert look.keep(img, [read, unread_card, chips, sure_chips]) == [read, unread_card, sure_chips]
    assert look.dropped == 1 and 200 < look.white <= 250  # paper brightness learned from the read face


def test_paper_is_judged_against_how_bright_faces_are_on_this_table():
    from vision.backs import FaceLook

    img = table((100, 50, 180, 160, WHITE), (300, 50, 380, 160, WHITE))
    dim = (img.astype(np.float32) * 0.45).astype(np.uint8)  # a dim room: paper at ~110
    unread = CardDetection((300, 50, 380, 160), True, None, 0.0, 0.6)
    look = FaceLook()
    assert look.keep(dim, [unread], learn=False) == []  # against the default brightness: not paper
    for _ in range(40):  # read faces teach how bright paper is here
        look.keep(dim, [CardDetection((100, 50, 180, 160), True, "KH", 0.95, 0.9)])
    assert look.keep(dim, [unread]) == [unread]


def test_a_second_box_of_a_back_reaching_onto_the_felt_is_dropped():
    """An unsure back lying mostly (>= 70 %) on one surer back's box, the rest felt too thin to judge:
    a second box of that card (it turned a card taken away from the place beside it face down). A
    hole card with its own strip of back showing is judged on that strip (the test above)."""
    img = table((100, 50, 180, 160, ORANGE), (300, 50, 380, 160, ORANGE))
    sure = back((100, 50, 190, 160), 0.9)  # its box reaches a little past the card
    ghost = back((130, 50, 200, 160), 0.42)
    look = BackLook()
    assert look.keep(img, [sure, ghost]) == [sure] and look.dropped == 1
    # a card half under it, its own half showing back: judged on that half and kept
    img = table((150, 50, 230, 160, ORANGE), (100, 50, 180, 160, ORANGE), (300, 50, 380, 160, ORANGE))
    half = back((150, 50, 230, 160), 0.42)
    assert BackLook().keep(img, [sure, half]) == [sure, half]
