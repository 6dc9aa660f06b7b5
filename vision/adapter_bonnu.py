"""Observations -> referee events at a Bonnu table (the zones of `calibration.bonnu_zones`).

What the camera sees, and what the referee is told:
* the pile's new top card (a face-up card coming to rest on "pile") is `CardLaid` by the seat the
  referee's view says is on turn (`to_play`): the hands are held off camera, so who laid it is the
  referee's to say. It is stamped `at_ms` = the capture time of the first frame in which it was seen
  lying on the pile (the tracker's `placed_frame`), `latency_ms` = half a frame period: it landed on
  average half a frame before that frame captured it. The referee orders claims by at_ms - latency_ms
  (the rule "claims.timing"), so the frames the camera took to confirm the card (stable frames,
  identity reads) are not latency: the stamp is already that first frame's (docs/bonnu-decisions.md);
* a Cut is tapped on the cutter's phone first (`tapped(CutTapped)`: the Cut's time is the tap's,
  as for every claim, and the referee orders claims by it); the camera then confirms the cards.
  Every card landing on the pile in the next `cut_frames` frames is one of the Cut's; when those
  frames are over, two or more cards seen give `CutLaid(seat, cards)` with the tap's stamps, the card
  on top named last (it lies wholly in view, the one under it partly: `_fan_order`; the host is
  asked when the camera cannot tell); a card that lay on the pile before the tap (seen late) is laid
  as any other. One card only (the second may lie square under it, or the cards merged into one outline) is not guessed:
  the host is asked to confirm how many cards the Cut laid (`confirm_cut`). Two cards landing at once
  with no Cut tapped also go to the host: a Cut nobody tapped is not given to anybody; and so does a
  Cut tapped with no card on the pile `CUT_WAIT_MS` later (the next card laid is not taken for it);
* a card or Cut entered on a phone (the referee has it on its pile already: its top card, or a Cut's
  cards) is confirmed when the camera sees it land, not laid again (`_laid_already`);
* a card covered by the next one on the pile (it leaves the camera's view) gives nothing;
* an out-of-turn Bonnu is tapped on the phone too (`tapped(BonnuTapped)`); the seat then lays its
  whole hand face up in its place, and once as many cards lie there as the seat holds (its count
  follows from the events) the referee gets `BonnuClaimed(seat, cards)` with the tap's stamps, to
  check the total; at the end of a Bonnu 100 round a seat's hand laid face up there is `HandShown`;
* the draw pile ("deck") and cards taken up give nothing: draws are the phones'.
A card seen on the pile while the host is still entering the opening draw or the deal waits
(`waits`). Rules are the referee's: only its `view` and `options` are asked; a card it refuses
(out of turn, the round waiting for Bonnu!) is held by the pipeline, never lost.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.cards import BonnuCard, CardError
from referee.events import Event, HandShown
from referee.games.bonnu.events import BonnuClaimed, CardLaid, CutLaid

from .adapter_tricks import GameTable, _place, taken_back_off
from .observations import DEALT, EXPOSED, MOVED, REMOVED, Observation

GAME = "bonnu"
CUT_FRAMES = 8  # frames after a Cut's first card in which its other cards land (10 fps: 0.8 s)
FRAME_MS = 100  # the pipeline's frame period (10 fps) where the frames' own times do not tell it
CUT_WAIT_MS = 3000  # a Cut tapped with no card on the pile this long after: the host is asked
FAN_SURE = 0.9  # a Cut's card whose box (its largest over the Cut's frames) is less than this share of the next one's lies under it
FAN_FRAMES = 3  # ... or that came to rest this many frames after it


@dataclass
class PendingCut:
    """A Cut tapped on a phone, waiting for the camera to see its cards."""
    seat: int
    at_ms: int
    latency_ms: int
    cards: list = field(default_factory=list)  # (observation, card) as they landed
    first_frame: int | None = None
    largest: dict = field(default_factory=dict)  # track -> the largest area of its image box so far


class BonnuTable(GameTable):
    """The Bonnu reading of observations. `frame_ms(frame)`: a frame's capture time on the table
    process's clock (the pipeline's `Adapter.saw_frame` notes them)."""

    game = GAME

    def __init__(self, view=None, options=None, cut_frames: int = CUT_FRAMES):
        super().__init__(view, options)
        self.cut_frames = cut_frames
        self.cut: PendingCut | None = None
        self.shown: dict[int, dict[int, BonnuCard]] = {}  # seat -> track -> its hand's cards seen face up so far
        self.claims: dict[int, object] = {}  # seat -> its out-of-turn Bonnu tap, waiting for the hand
        self.last_laid: tuple[int, BonnuCard] | None = None  # (rest frame, card) of the last single card seen
        # (pile position, code) of the referee's pile cards the camera has laid or confirmed: a copy of a
        # card laid later (Bonnu copies look alike) is then not taken for the one already seen
        self.seen_on_pile: set[tuple[int, str]] = set()

    # ------------------------------------------------------------------------ phone taps
    def tapped(self, tap) -> None:
        """Cut! or Bonnu! tapped on `tap.seat`'s phone (stamped `at_ms`, `latency_ms`). A second tap of
        the same seat while its claim waits for its cards is the same claim (a double tap)."""
        if tap.type == "bonnu_tapped":
            self.claims.setdefault(tap.seat, tap)
            return
        if self.cut is not None and self.cut.seat == tap.seat:
            return
        self.cut = PendingCut(tap.seat, tap.at_ms, tap.latency_ms)

    # -------------------------------------------------------------------- translation
    def translate(self, obs: Observation, state, adapter) -> list[Event]:
        """`adapter` gives `_skip` / `_ask` (the log of observations needing nothing, or the host)."""
        place = _place(obs.zone)
        if obs.kind == REMOVED:
            return adapter._skip(obs, "covered by the next card on the pile" if place == "pile"
                                 else f"card taken up from {obs.zone}")
        if place == "pile" and obs.kind in (DEALT, MOVED):
            return self._on_pile(obs, state, adapter)
        if place == "seat" and obs.kind in (DEALT, EXPOSED) and obs.up:
            return self._at_seat(obs, state, adapter)
        return adapter._skip(obs, f"{obs.kind} in {obs.zone}: no event at a Bonnu table (the hands are held off "
                                  "camera; draws are entered on the phones)")

    def _card(self, obs: Observation, adapter, where: str = "on the pile"):
        """(the card, None), or (None, the host asked): face down, unread, or a code that is no Bonnu card."""
        if not obs.up or obs.card is None:
            how = "face down" if not obs.up else "unread"
            return None, adapter._ask(obs, f"a card came to rest {where} {how}: which card is it?")
        try:
            return BonnuCard.parse(obs.card), None
        except CardError:
            return None, adapter._ask(obs, f"the camera read {obs.card!r} {where}, which is no Bonnu card: is "
                                           "the recogniser told the deck in play is Bonnu? Which card is it?")

    def _on_pile(self, obs: Observation, state, adapter) -> list[Event]:
        card, asked = self._card(obs, adapter)
        if card is None:
            return asked
        seen = adapter.frame_ms(obs.placed_frame if obs.placed_frame is not None else obs.frame)
        if self.cut is not None and (seen is None or seen >= self.cut.at_ms - self.cut.latency_ms):
            if self.cut.first_frame is None:
                self.cut.first_frame = obs.frame
            self.cut.cards.append((obs, card))
            return adapter._skip(obs, f"the {card.pretty}: one of seat {self.cut.seat}'s Cut (waiting for its other "
                                      f"cards, {self.cut_frames} frames)")
        rnd = self.round(state)
        already = self._laid_already(rnd, card)
        if already is not None:  # laid from a phone (a card, or a Cut's cards): the camera confirms it
            self.seen_on_pile.add(already)
            return adapter._skip(obs, f"the {card.pretty} is on the pile already (entered on a phone)")
        last = self.last_laid  # (cards at once: come to rest together, however late each was confirmed)
        rest = obs.placed_frame if obs.placed_frame is not None else obs.frame
        if last is not None and rest - last[0] <= self.cut_frames and last[1].value == card.value:
            return adapter._ask(obs, f"two {card.value}s landed on the pile at once ({last[1].pretty}, {card.pretty}) "
                                     "but nobody tapped Cut: who cut? (Cut! on that phone, or correct it by hand)")
        seat = rnd.get("to_play")
        if seat is None:
            return adapter._ask(obs, f"the {card.pretty} lies on the pile, but nobody is on turn now: whose is it?")
        self.last_laid = (rest, card)
        self.seen_on_pile.add((len(rnd.get("pile_cards", ())), card.code))  # where it lies once taken
        at, latency = self._stamp(obs, adapter)
        return [CardLaid(seat, card, at_ms=at, latency_ms=latency)]

    def _laid_already(self, rnd: dict, card: BonnuCard) -> tuple[int, str] | None:
        """(pile position, code) of a card like `card` among those the referee's last lay put on the pile
        (the top card; all of a Cut's cards, the top one's number down the pile) that the camera has not
        seen yet, else None: a card or Cut entered on a phone is confirmed when it lands, not laid again."""
        pile = list(rnd.get("pile_cards") or ())
        self.seen_on_pile = {(i, c) for i, c in self.seen_on_pile  # forget what the referee no longer has there
                             if i == len(pile) or i < len(pile) and pile[i] == c}
        if not pile:
            return None
        looks = [BonnuCard.parse(c) for c in pile]
        first = len(pile) - 1
        if (rnd.get("window") or {}).get("how") == "cut":
            while first > 0 and looks[first - 1].value == looks[-1].value:
                first -= 1
        return next(((i, pile[i]) for i in range(len(pile) - 1, first - 1, -1)  # (copies look alike)
                     if looks[i].pretty == card.pretty and (i, pile[i]) not in self.seen_on_pile), None)

    @staticmethod
    def _stamp(obs: Observation, adapter) -> tuple[int | None, int]:
        """(at_ms, latency_ms): the capture time of the first frame the card lay on the pile, and half
        a frame period (it landed between the frame before and that one: half a frame earlier on
        average), on the table's clock (None, 0: the frames' times are not known)."""
        first = obs.placed_frame if obs.placed_frame is not None else obs.frame
        seen = adapter.frame_ms(first)
        if seen is None:
            return None, 0
        before, after = adapter.frame_ms(first - 1), adapter.frame_ms(first + 1)
        period = seen - before if before is not None else after - seen if after is not None else FRAME_MS
        return seen, max(0, period) // 2

    def _at_seat(self, obs: Observation, state, adapter) -> list[Event]:
        """A hand laid face up in its place: claimed (Bonnu! tapped) or shown once all its cards lie there."""
        seat = obs.seat
        claim = self.claims.get(seat)
        if claim is None and not any(o.action == "show" for o in self.options(state, seat)):
            return adapter._ask(obs, f"the {obs.card or 'card'} lies face up in front of seat {seat}, but the referee "
                                     "asks no hand to be shown now: take it up, or correct it by hand")
        card, asked = self._card(obs, adapter, where=f"in front of seat {seat}")
        if card is None:  # (a code the host corrects to no Bonnu card is asked again: nothing collected is lost)
            return asked
        have = self.shown.setdefault(seat, {})
        have[obs.track] = card  # by the tracker's card: one reported twice counts once (copies look alike)
        holding = next((s.get("cards", 0) for s in self.round(state).get("seats", []) if s.get("seat") == seat), 0)
        if len(have) < holding:
            return adapter._skip(obs, f"seat {seat} has laid {len(have)} of {holding} cards face up")
        cards = tuple(have.values())
        del self.shown[seat]
        if claim is not None:
            del self.claims[seat]
            return [BonnuClaimed(seat, cards, at_ms=claim.at_ms, latency_ms=claim.latency_ms)]
        return [HandShown(seat, cards)]

    # -------------------------------------------------------------------- the Cut's end
    def flush(self, frame: int, state, adapter, final: bool = False) -> list[tuple[Observation, Event]]:
        """The pending Cut once its frames are over: `CutLaid` with two or more cards seen, else the host."""
        cut = self.cut
        if cut is not None and cut.first_frame is None:  # no card yet: the next card laid must not join it
            now = adapter.frame_ms(frame)
            if final or now is not None and now - cut.at_ms > CUT_WAIT_MS:
                self.cut = None
                nothing = Observation(DEALT, frame, -1, "pile", None, True)  # (what the host is shown: no card)
                adapter._ask(nothing, f"seat {cut.seat} tapped Cut at {cut.at_ms / 1000:.2f} s but no card landed "
                                   "on the pile: which cards did the Cut lay? (none: there was no Cut)", about=cut)
            return []
        if cut is not None:
            self._sample_boxes(cut, adapter)
        if cut is None or not final and frame - cut.first_frame < self.cut_frames:
            return []
        self.cut = None
        first = cut.cards[0][0]
        if len(cut.cards) < 2:
            one = cut.cards[0][1].pretty
            adapter._ask(first, f"seat {cut.seat} tapped Cut but the camera saw one card land ({one}): "
                                "how many cards did the Cut lay? (a card may lie square under it): confirm the cards",
                         about=cut)  # answered by `confirm_cut`
            return []
        cards = self._fan_order(cut, adapter)
        if cards is None:
            names = ", ".join(c.pretty for _, c in cut.cards)
            adapter._ask(first, f"seat {cut.seat}'s Cut laid {names}, but the camera cannot tell which lies on top "
                                "(the next player matches it): confirm the cards, the top one last", about=cut)
            return []
        laid = len(self.round(state).get("pile_cards", ()))
        self.seen_on_pile.update((laid + k, c.code) for k, c in enumerate(cards))
        return [(first, CutLaid(cut.seat, cards, at_ms=cut.at_ms, latency_ms=cut.latency_ms))]

    @staticmethod
    def _sample_boxes(cut: PendingCut, adapter) -> None:
        """Note the image box area of each of the Cut's cards this frame, the largest kept (`_fan_order`
        compares them)."""
        for obs, _ in cut.cards:
            b = adapter.track_box(obs.track)
            if b is not None:
                area = (b[2] - b[0]) * (b[3] - b[1])
                cut.largest[obs.track] = max(area, cut.largest.get(obs.track, area))

    @staticmethod
    def _fan_order(cut: PendingCut, adapter) -> tuple | None:
        """The Cut's cards bottom to top (the referee's top card is the last one named), or None when
        the camera cannot tell. The card on top of the fan lies wholly in view and the ones under it
        only partly, so each card's box (`adapter.track_box`: what the detector sees of it) is the
        smaller the more of it is covered: the largest box of each over the Cut's frames, `FAN_SURE`
        apart, tell (the top card's box reaches its whole size once the hand has gone, the one under
        never shows its covered part; one frame's box is jittered or cut short: the last boxes of a
        fan were 0.97 apart, their largest 0.85; and the box the detector draws, not the tracker's last
        single-card one: a fan's top card, a little turned, is boxed bigger than one card). Else the
        card that came to rest `FAN_FRAMES` or more later lies under (it was seen whole only once the
        top card's hand had gone from over it). Neither: unsure."""
        seen = [cut.largest.get(obs.track) for obs, _ in cut.cards]
        if all(a is not None for a in seen):
            areas = sorted((a, k) for k, a in enumerate(seen))
            if all(a < FAN_SURE * b for (a, _), (b, _) in zip(areas, areas[1:])):
                return tuple(cut.cards[k][1] for _, k in areas)
        rest = sorted(((o.placed_frame if o.placed_frame is not None else o.frame, k)
                       for k, (o, _) in enumerate(cut.cards)), reverse=True)
        if all(a - b >= FAN_FRAMES for (a, _), (b, _) in zip(rest, rest[1:])):
            return tuple(cut.cards[k][1] for _, k in rest)
        return None

    def confirm_cut(self, adapter, index: int, cards) -> list[Event]:
        """The host answers a Cut the camera was unsure of (`adapter.needs_host[index]`) with its cards
        (codes or `BonnuCard`s; empty: there was no Cut)."""
        held = adapter.needs_host[index]
        cut = held.about
        if not isinstance(cut, PendingCut):
            raise ValueError(f"host question {index} is not about a Cut: {held.reason}")
        adapter.needs_host.pop(index)
        cards = tuple(c if isinstance(c, BonnuCard) else BonnuCard.parse(c) for c in cards)
        return [CutLaid(cut.seat, cards, at_ms=cut.at_ms, latency_ms=cut.latency_ms)] if cards else []

    # ------------------------------------------------------------------------ waiting
    def waits(self, obs: Observation, state) -> str | None:
        """A card on the pile before the host has entered the opening draw and the deal waits for them."""
        if obs.kind not in (DEALT, MOVED) or obs.unconfirmed or _place(obs.zone) != "pile":
            return None
        phase = self.round(state).get("phase")
        if phase in ("opening", "dealing"):
            return f"a card on the pile waits for the {'opening draw' if phase == 'opening' else 'deal'} to be entered"
        return None

    taken_back = taken_back_off("pile", "the pile")  # a refused card (out of turn) lifted off the pile again


__all__ = ["BonnuTable", "PendingCut", "CUT_FRAMES"]
