"""Assembly: from the detector's boxes and the classifier's corner-index reads to cards.

Each readable index votes for its identity; indices of one identity in one face box (or on
overlapping ones, or corners with no face box of their own) are one card; reads of one identity on
separate cards are settled jointly, each card once (vision/uniqueness.py); the card takes the face box its index sits in the corner of, or, when the rest of the card
is covered, the index's own box. Face boxes with no readable index are reported as face-up cards of
unknown identity; backs as face-down cards.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

import numpy as np

from .boxes import inside
from .corners import MIN_CORNER, _match_faces
from .labels import IDENTITIES, NONE_CLASS
from .uniqueness import assign, free_copies, top_reads


@dataclass
class CardDetection:
    """One card in a frame, as `Recogniser.recognise` reports it."""

    box: tuple[float, float, float, float]  # x0, y0, x1, y1 in frame pixels
    face_up: bool
    identity: str | None  # referee card code (`TS`, `9D`, `JK`); None: face down or unreadable
    confidence: float  # identity confidence (face up) or detector confidence (face down)
    detector_confidence: float = 0.0
    index_boxes: list = field(default_factory=list)  # the corner indices it was read from
    # its best in-deck reads (code, probability), best first: the next one stands in when another
    # card of the look holds its identity (vision/uniqueness.py); kept for an unread face too
    reads: tuple = ()

    @property
    def card(self):
        """The identity as a `referee.cards.Card` (None when unknown)."""
        if self.identity is None:
            return None
        from referee.cards import parse_card

        return parse_card(self.identity)

    def to_json(self) -> dict:
        d = asdict(self)
        del d["reads"]
        d["box"] = [round(float(v), 1) for v in self.box]
        d["confidence"] = round(float(self.confidence), 4)
        d["detector_confidence"] = round(float(self.detector_confidence), 4)
        d["index_boxes"] = [[round(float(v), 1) for v in b] for b in self.index_boxes]
        return d


def assemble_cards(faces: list, backs: list, idx: list, probs: np.ndarray, corner: np.ndarray,
                   min_identity_conf: float, limits: dict | None = None, taken=()) -> list[CardDetection]:
    """The cards of one look. faces, backs, idx: the detector's (confidence, box) of each class;
    probs: identity probabilities per index box (rows of zeros: not read); corner: `_corner_matrix`
    of the index and face boxes; reads below min_identity_conf name no card. limits: copies of each
    identity in the deck (None: one of each); taken: identities known to be used up elsewhere."""
    order = _identity_groups(idx, probs, corner, faces, min_identity_conf, limits, taken)
    cards: list[CardDetection] = []
    used_faces: set[int] = set()
    loose: list[int] = []  # cards read from their index alone (no face box of their own)
    face_of = _match_faces([corner[[m[3] for m in members]].sum(0) for *_, members in order], len(faces))
    for (code, conf, reads, members), best in zip(order, face_of):
        ib = [tuple(float(v) for v in m[2]) for m in members]
        if best is not None:
            used_faces.add(best)
            box = tuple(float(v) for v in faces[best][1])
            dconf = faces[best][0]
        else:  # covered card: its visible corner(s) are all we have (unless turned, below)
            arr = np.array(ib)
            box = (arr[:, 0].min(), arr[:, 1].min(), arr[:, 2].max(), arr[:, 3].max())
            dconf = max(m[0] for m in members)
            loose.append(len(cards))
        cards.append(CardDetection(box, True, code, conf, dconf, ib, reads))
    _join_turned(cards, faces, backs, used_faces, loose)
    for fi, (fc, fb) in enumerate(faces):
        if fi not in used_faces and not any(inside(fb, c.box) > 0.8 for c in cards):
            cards.append(CardDetection(tuple(float(v) for v in fb), True, None, 0.0, fc))
    for bc, bb in backs:
        cards.append(CardDetection(tuple(float(v) for v in bb), False, None, bc, bc))
    return cards


def _join_turned(cards: list, faces: list, backs: list, used_faces: set, loose: list[int]) -> None:
    """Give a face box left without an identity to the one index-only card lying along its edge,
    when that face lies on its own. A card turned well off square (a phone photo, a card tossed
    in askew) has its corners, and so its indexes, half-way along its bounding box's sides, where
    `_corner_matrix` (which looks for them in the box's corners) does not see them: without this
    it came out as two cards, the index box named and the face box unread. Only an unclaimed face
    that no other card box overlaps takes part: in a stud row or a fan (overlapping boxes) an
    index-only card is usually a covered one and the unread face beside it another card's (the
    camera path on a re-rendered hand gave a card of a stud row the face box of the card under
    it). loose: positions in cards of those read from their index alone (those joined leave it)."""
    if not loose or len(used_faces) == len(faces):
        return
    others = [b for _, b in faces] + [b for _, b in backs]
    for fi, (fc, fb) in enumerate(faces):
        if fi in used_faces or any(o is not fb and max(inside(o, fb), inside(fb, o)) > 0.05 for o in others):
            continue
        w, h = max(1e-6, fb[2] - fb[0]), max(1e-6, fb[3] - fb[1])
        near = []
        for i in loose:
            ok = True
            for b in cards[i].index_boxes:
                cx, cy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
                edge = min(min(cx - fb[0], fb[2] - cx) / w, min(cy - fb[1], fb[3] - cy) / h)
                ok &= inside(b, fb) >= 0.6 and edge < 0.2
            if ok:
                near.append(i)
        if len(near) == 1:
            c = cards[near[0]]
            used_faces.add(fi)
            loose.remove(near[0])
            cards[near[0]] = CardDetection(tuple(float(v) for v in fb), True, c.identity, c.confidence, fc,
                                           c.index_boxes, c.reads)


def _identity_groups(idx, probs, corner, faces, min_conf: float, limits, taken) -> list:
    """[(identity, confidence, reads, members)] of one look, strongest first; members: (score,
    probability, box, index number) of the index reads that make the card. A read of one identity
    is one unit with the others of its face box, of a face box overlapping it (one card boxed twice,
    or the covered card's corner the next card's index sits in) and with the loose ones (no face box
    of their own: a covered card's corners); units of one identity on separate face boxes compete
    for it (`uniqueness.assign`): the surer keeps it, the other is read again within what is left
    of the deck or names nothing."""
    units: list[dict] = []
    for i, ((dc, b), p) in enumerate(zip(idx, probs)):
        lab = int(p.argmax())
        if lab == NONE_CLASS or p[lab] < min_conf:
            continue
        code = IDENTITIES[lab]
        f = int(np.argmax(corner[i])) if len(faces) else -1
        f = f if f >= 0 and corner[i][f] > MIN_CORNER else None
        member = (float(p[lab]) * (0.5 + 0.5 * dc), float(p[lab]), b, i)
        unit = next((u for u in units if u["code"] == code and _one_card(u["face"], f, faces)), None)
        if unit is None:
            units.append(unit := {"code": code, "face": f, "members": []})
        elif unit["face"] is None:
            unit["face"] = f
        unit["members"].append(member)
    if not units:
        return []
    strongest = [max(u["members"]) for u in units]
    reads = [top_reads(probs[m[3]], IDENTITIES, NONE_CLASS) for m in strongest]
    left = free_copies(limits if limits is not None else {c: 1 for c in IDENTITIES}, taken)
    named = assign(reads, [m[0] for m in strongest], left, min_conf)
    out = []
    for u, m, r, (code, conf) in zip(units, strongest, reads, named):
        if code is None:
            continue  # its identity is another card's and nothing else in the deck fits it surely
        if code == u["code"]:
            conf = max(x[1] for x in u["members"])
        out.append((code, conf, r, u["members"]))
    return sorted(out, key=lambda g: -max(x[0] for x in g[3]))


def _one_card(fa, fb, faces, share: float = 0.1) -> bool:
    """May reads of one identity in face boxes fa and fb (None: no face box) be one card's?"""
    if fa is None or fb is None or fa == fb:
        return True
    a, b = faces[fa][1], faces[fb][1]
    return max(inside(a, b), inside(b, a)) >= share
