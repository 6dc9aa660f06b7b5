"""The host's confirmation step of `croupier enrol --camera --laid-out` (and the console's "Teach it
your deck"): the deck is laid out under the table camera (four rows, one frame a row, or one frame
of all), the recogniser pre-fills which card is which, the host fixes the few it got wrong, and
only then is the head fitted (vision/enrol.py); the host is shown how many of the cards on those
frames read right before and after the fit.

No card order has to be typed before the cards are laid out: the recogniser's reads are the
starting point, so on a deck it half knows the host types a handful of fixes, not 53 codes.
One deck holds each card once: a confirmation naming one identity for two cards is refused with
both numbers, and nothing typed so far is lost.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import numpy as np

from .corners import _corner_score
from .enrol import SCALES, _codes, _overlap, build_head, laid_out_examples, reading_order, save_enrolled
from .labels import IDENTITIES, INDEX, NONE_CLASS
from .recogniser import Recogniser

LEAVE_OUT = "-"  # typed for a card: not a card of the deck (a chip, a reflection) or not to be used
FIX_FORMS = f"type fixes like `3: QH` (several: `3: QH, 7: TD`; `3: {LEAVE_OUT}` leaves card 3 out)"
FIX_HELP = f"{FIX_FORMS}, Enter to accept"


class ConfirmError(ValueError):
    """A fix or a confirmation the host must change (said in words; nothing typed is lost)."""


@dataclass(frozen=True)
class FoundCard:
    """One face-up card found on the enrolment frames, numbered for the host (1, 2, ...)."""

    number: int
    frame: int  # which of the frames (0-based)
    box: tuple  # x0, y0, x1, y1 in that frame's pixels
    read: str | None  # the recogniser's identity (sure enough to be announced)
    guess: str | None  # its best read when unsure (None when sure, or when nothing is readable)
    confidence: float

    @property
    def prefill(self) -> str | None:
        return self.read or self.guess

    def to_json(self) -> dict:
        return {"number": self.number, "frame": self.frame, "box": [round(float(v), 1) for v in self.box],
                "prefill": self.prefill, "sure": self.read is not None, "confidence": round(self.confidence, 3)}


def find_cards(rec: Recogniser, frames, first_number: int = 1, first_frame: int = 0) -> list[FoundCard]:
    """Every face-up card on the frames, frame by frame in reading order, with its pre-filled read:
    the recogniser's identity, or for a face it left unread the best guess of its corner indexes
    among the cards no sure read holds (so a guess seldom duplicates a card read surely)."""
    seen = []  # (frame no, CardDetection, guess probabilities or None)
    for fi, frame in enumerate(frames, start=first_frame):
        cards = [c for c in rec.recognise(frame) if c.face_up]
        unread = [c for c in cards if not c.identity]
        idx = [b for k, _, b in rec.detect(frame) if k == INDEX] if unread else []
        for i in reading_order([c.box for c in cards]):
            c = cards[i]
            corner = [b for b in idx if _corner_score(c.box, b) >= 0.3] if not c.identity else []
            seen.append((fi, c, rec.classify(frame, corner)[0] if corner else None))
    taken = {c.identity for _, c, _ in seen if c.identity}
    out = []
    for fi, c, probs in seen:
        guess, conf = None, float(c.confidence) if c.identity else 0.0
        if probs is not None:
            best = probs[:, :NONE_CLASS].max(0)
            best[[IDENTITIES.index(t) for t in taken]] = 0
            if best.max() > 0:
                guess, conf = IDENTITIES[int(best.argmax())], float(best.max())
        out.append(FoundCard(first_number + len(out), fi, tuple(float(v) for v in c.box), c.identity, guess, conf))
    return out


def card_code(text: str) -> str:
    """A typed identity ("qh", "10d", "joker") as its code, or a ConfirmError in words."""
    try:
        return IDENTITIES[_codes([text])[0]]
    except ValueError as exc:
        raise ConfirmError(str(exc)) from None


def _check_number(n: int, found: list[FoundCard]) -> None:
    if not 1 <= n <= len(found):
        raise ConfirmError(f"there is no card {n}: the cards found are numbered 1 to {len(found)}"
                           if found else "no card was found: take a frame of the laid-out cards first")


def parse_fixes(text: str, found: list[FoundCard]) -> dict[int, str | None]:
    """'3: QH, 7: 10D' (also '3 QH', '3=QH') -> {3: "QH", 7: "TD"}; '3: -' -> {3: None} (left out)."""
    fixes: dict[int, str | None] = {}
    for part in re.split(r"[,;]", text):
        part = part.strip()
        if not part:
            continue
        m = re.fullmatch(r"#?(\d+)\s*[:=\s]\s*(\S+)", part)
        if not m:
            raise ConfirmError(f"not a fix: {part!r} ({FIX_FORMS})")
        n = int(m[1])
        _check_number(n, found)
        fixes[n] = None if m[2] == LEAVE_OUT else card_code(m[2])
    return fixes


def fixes_from(mapping, found: list[FoundCard]) -> dict[int, str | None]:
    """The console's fixes, {"3": "QH", "5": "-"}, checked as typed ones are."""
    if not isinstance(mapping, dict):
        raise ConfirmError('fixes: an object of card number -> card code, e.g. {"3": "QH"} ("-" leaves a card out)')
    fixes: dict[int, str | None] = {}
    for k, v in mapping.items():
        if not str(k).strip().isdigit() or not isinstance(v, str):
            raise ConfirmError(f"not a fix: {k!r}: {v!r} (a card's number and its code, e.g. \"3\": \"QH\")")
        n = int(k)
        _check_number(n, found)
        fixes[n] = None if v.strip() == LEAVE_OUT else card_code(v)
    return fixes


def confirmed(found: list[FoundCard], fixes: dict[int, str | None]) -> list[str | None]:
    """Each found card's identity as the host confirms it (its pre-fill unless fixed; None: left
    out). Refused in words: a card that was not read and not named, one identity named twice."""
    for n in fixes:
        _check_number(n, found)
    ids = [fixes[c.number] if c.number in fixes else c.prefill for c in found]
    unnamed = [c.number for c, i in zip(found, ids) if i is None and c.number not in fixes]
    if unnamed:
        which = ", ".join(map(str, unnamed))
        raise ConfirmError(f"card{'s' if len(unnamed) > 1 else ''} {which} could not be read: name "
                           f"{'them' if len(unnamed) > 1 else 'it'} (e.g. {unnamed[0]}: QH) or leave "
                           f"{'them' if len(unnamed) > 1 else 'it'} out ({unnamed[0]}: {LEAVE_OUT})")
    twice = [code for code, k in Counter(i for i in ids if i).items() if k > 1]
    if twice:
        code = twice[0]
        nums = " and ".join(str(c.number) for c, i in zip(found, ids) if i == code)
        raise ConfirmError(f"{code} is named for cards {nums}: a deck holds each card once, so fix one of them")
    if not any(ids):
        raise ConfirmError("every card is left out: nothing to teach")
    return ids


def confirm_in_text(found: list[FoundCard], ask: Callable[[], str], say: Callable[[str], None]) -> list[str | None]:
    """The CLI's confirmation: the reads listed, the host's fixes typed, Enter to accept. End of
    input before the accepting Enter stops (a ConfirmError): nothing is fitted on guesses."""
    frames = len({c.frame for c in found})
    say(f"found {len(found)} face-up card{'s' if len(found) != 1 else ''} on {frames} frame{'s' if frames != 1 else ''}; "
        "the recogniser's reads:")
    for c in found:
        note = "" if c.read else ("  (unsure)" if c.guess else "  (not read: name it)")
        say(f"  {c.number:>2}: {c.prefill or '??':<3} frame {c.frame + 1}{note}")
    fixes: dict[int, str | None] = {}
    while True:
        say(FIX_HELP)
        try:
            answer = ask().strip()
        except EOFError:
            raise ConfirmError("the confirmation ended before it was accepted: nothing enrolled") from None
        try:
            if not answer:
                return confirmed(found, fixes)
            new = parse_fixes(answer, found)
        except ConfirmError as exc:
            say(str(exc))
            continue
        fixes.update(new)
        say("; ".join(f"card {n}: {code or 'left out'}" for n, code in new.items()))


def read_right(rec: Recogniser, frames, found: list[FoundCard], ids: list[str | None]) -> int:
    """How many of the confirmed cards `rec` reads right on the frames (its card on the same place)."""
    right = 0
    for fi, frame in enumerate(frames):
        mine = [(c, i) for c, i in zip(found, ids) if c.frame == fi and i]
        if not mine:
            continue
        reads = [c for c in rec.recognise(frame) if c.face_up and c.identity]
        for c, i in mine:
            right += any(r.identity == i and _overlap(r.box, c.box) >= 0.5 for r in reads)
    return right


def fit_confirmed(rec: Recogniser, frames, found: list[FoundCard], ids: list[str | None], seed: int = 0,
                  scales=SCALES, **fit) -> tuple[dict, dict]:
    """(head, report) fitted on the confirmed cards; report["before"] / ["after"]: cards read right
    on these frames by `rec` without and with the head (`rec` is left as it was). fit: build_head's
    per_index, per_none, steps."""
    rng = np.random.default_rng(seed)
    pos, neg = [], []
    for fi, frame in enumerate(frames):
        mine = [(c.box, i) for c, i in zip(found, ids) if c.frame == fi]
        if mine:
            p, n = laid_out_examples(fi, frame, rec.detect(frame), [b for b, _ in mine],
                                     [None if i is None else IDENTITIES.index(i) for _, i in mine], rng)
            pos += p
            neg += n
    if not pos:
        raise ConfirmError("no card index found on the confirmed cards: lay them out flat, corners visible")
    head, report = build_head(rec, frames, pos, neg, seed=seed, scales=scales, **fit)
    named = sorted(i for i in ids if i)
    got = {IDENTITIES[lab] for _, _, lab in pos}
    saved = rec.templates
    try:
        rec.templates = None
        before = read_right(rec, frames, found, ids)
        rec.templates = head
        after = read_right(rec, frames, found, ids)
    finally:
        rec.templates = saved
    report.update(cards=sorted(got), missing=sorted(set(named) - got), confirmed=len(named),
                  fixed=sum(1 for c, i in zip(found, ids) if i != c.prefill), before=before, after=after)
    return head, report


def before_after_words(res: dict) -> str:
    return (f"On the {res['confirmed']} confirmed cards of the frames just taken: {res['read_right_before']} read right "
            f"before the fit, {res['read_right_after']} after (the fit learnt from these frames; other frames "
            "of this deck gain less)")


def enrol_confirmed(rec: Recogniser, frames, found: list[FoundCard], ids: list[str | None], model_dir: Path,
                    out=None, sharpen: bool = False, **fit) -> tuple[dict, dict]:
    """Fit, save (default MODELS/enrolled.npz) and report: (head, what the host is told)."""
    from .enrol import SHARPEN_SCALES

    head, report = fit_confirmed(rec, frames, found, ids, scales=SHARPEN_SCALES if sharpen else SCALES, **fit)
    res = save_enrolled(head, report, model_dir, out)
    res.update(frames=len(frames), confirmed=report["confirmed"], host_fixed=report["fixed"],
               read_right_before=report["before"], read_right_after=report["after"])
    return head, res
