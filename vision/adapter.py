"""Observations -> referee events for the game being played.

The camera sees physical facts; the referee wants events it can judge. The adapter looks at
the referee's current state so that one physical fact gives at most one event:
* a card the referee already has where the camera now sees it (a trade the host settled by a
  decision, a sold card already taken off, cards collected after the hand) gives nothing;
* two moves in opposite directions between the same seats within `swap_window` frames are one
  `CardsSwapped`; a lone move becomes `CardMoved` when the window closes;
* at showdown a seat's hole cards turned up one by one become one `HandShown` once all are up;
* a move into the trick area is `CardPlayed` by the seat it came from;
* at a Boonaken table `vision.adapter_tricks.TrickTable` reads every observation instead (the
  centre, the set-aside row, the discards, and the trick area by turn), and at a Boneyard euchre
  table `vision.adapter_boneyard.BoneyardTable` (the boneyard, the taken card, the trick area by
  the round's play order), and at a Bonnu table `vision.adapter_bonnu.BonnuTable` (the play pile,
  a Cut tapped on a phone and confirmed by its cards): `Adapter.tables`, by the game's id;
* anything unconfirmed (low-confidence read, a face-down card moved) waits in `needs_host`
  for the host to confirm or correct: it never becomes a wrong announcement;
* `waits` says when an observation must wait for the people at the table (a card leaving while a
  decision about it is open; a hole card turned up during the last betting round, which is the
  showdown): the pipeline holds it (`vision.holding`) and offers it again later.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.cards import parse_card
from referee.events import (CardDealt, CardDiscarded, CardExposed, CardMoved, CardPlayed, CardsSwapped,
                            CardTurnedDown, Event, HandShown)

from .adapter_bonnu import BonnuTable
from .adapter_boneyard import BoneyardTable
from .adapter_tricks import TrickTable
from .observations import DEALT, EXPOSED, MOVED, REMOVED, TURNED_DOWN, Observation


@dataclass
class Held:
    obs: Observation
    reason: str
    about: object = None  # what a game's reader asked about, for its answer (Bonnu: the Cut waiting for its cards)


class Adapter:
    def __init__(self, swap_window: int = 20, tricks: TrickTable | None = None,
                 boneyard: BoneyardTable | None = None, bonnu: BonnuTable | None = None):
        self.swap_window = swap_window
        # the games whose own reader takes every observation, by id
        self.tables = {"boonaken": tricks or TrickTable(), "boneyard-euchre": boneyard or BoneyardTable(),
                       "bonnu": bonnu or BonnuTable()}
        self.frame_times: dict[int, int] = {}  # frame index -> capture time (ms), the last few hundred
        self.boxes = None  # track id -> its image box now (the pipeline gives its tracker's)
        self.held_moves: list[Observation] = []
        self.shown: dict[int, list[str]] = {}
        self.needs_host: list[Held] = []
        self.ignored: list[Held] = []   # observations that needed no event, and why (for the log)

    # ------------------------------------------------------------------------ helpers
    @staticmethod
    def _board(state, seat):
        hand = getattr(state, "hand", None)
        if hand is None or seat is None or not hasattr(hand, "boards"):
            return None
        return hand.boards.get(seat)

    @staticmethod
    def _has(state, seat, card: str | None, up: bool | None = None) -> bool:
        board = Adapter._board(state, seat)
        if board is None or card is None:
            return False
        c = parse_card(card)
        return any(s.card == c and (up is None or s.up == up) for s in board.slots)

    @staticmethod
    def _in_hand(state) -> bool:
        hand = getattr(state, "hand", None)
        return hand is not None and hand.phase != "over"

    def saw_frame(self, index: int, time_s: float) -> None:
        """The pipeline notes each frame's capture time (seconds on the table's clock): the stamps of
        events the camera gives (Bonnu's cards laid) are the times of the frames that showed them."""
        self.frame_times[index] = int(round(time_s * 1000))
        if len(self.frame_times) > 600:
            del self.frame_times[min(self.frame_times)]

    def frame_ms(self, index: int) -> int | None:
        return self.frame_times.get(index)

    def track_box(self, track: int):
        """The image box the camera sees of a card now (its track's: the pipeline's tracker, set as
        `boxes`), or None: which of overlapping cards lies on top (Bonnu's Cut fanned on the pile)."""
        return self.boxes(track) if self.boxes is not None else None

    def tapped(self, tap, state) -> None:
        """A phone tap only the camera path can finish (Bonnu's Cut: the camera sees its cards)."""
        table = self._trick_table(state)
        if table is None or not hasattr(table, "tapped"):
            raise ValueError(f"a {tap.type} tap needs a game that takes one (not {getattr(state, 'game', None)!r})")
        table.tapped(tap)

    def _skip(self, obs: Observation, why: str) -> list[Event]:
        self.ignored.append(Held(obs, why))
        return []

    def _ask(self, obs: Observation, why: str, about: object = None) -> list[Event]:
        self.needs_host.append(Held(obs, why, about))
        return []

    # -------------------------------------------------------------------- translation
    def translate(self, obs: Observation, state) -> list[Event]:
        if obs.unconfirmed:
            cands = "/".join(obs.candidates) or "unreadable"
            return self._ask(obs, f"{obs.kind}: card not read with confidence ({cands}): confirm or correct it")
        if not self._in_hand(state):
            return self._skip(obs, "no hand in progress")
        table = self._trick_table(state)
        if table:
            return table.translate(obs, state, self)
        kind, seat = obs.kind, obs.seat
        card = parse_card(obs.card) if obs.card else None
        if kind == DEALT:
            if seat is not None:
                if obs.up and self._has(state, seat, obs.card, up=True):
                    return self._skip(obs, "the referee already has this card there")
                return [CardDealt(seat, card if obs.up else None, obs.up)]
            if obs.zone == "trick" and obs.from_seat is not None and card is not None:
                return [CardPlayed(obs.from_seat, card)]  # played from a hand held over that seat
            return self._ask(obs, f"a card appeared in {obs.zone}: whose is it?")
        if kind == EXPOSED:
            if seat is None:
                return self._skip(obs, f"card turned up in {obs.zone}")
            if self._has(state, seat, obs.card, up=True):
                return self._skip(obs, "already face up for the referee")
            if self._showdown_waits(state, seat):
                return self._show(obs, state, seat)
            if state.hand.phase == "showdown":
                return self._skip(obs, "showdown: the referee knows this hand already")
            return [CardExposed(seat, card)]
        if kind == TURNED_DOWN:
            if seat is None:
                return self._skip(obs, f"card turned down in {obs.zone}")
            if card is None:
                return self._ask(obs, "a card was turned face down but which one is not known")
            if self._has(state, seat, obs.card, up=False):
                return self._skip(obs, "already face down for the referee")
            return [CardTurnedDown(seat, card)]
        if kind == MOVED:
            return self._moved(obs, state, card)
        if kind == REMOVED:
            board = self._board(state, seat)
            if board is None:
                return self._skip(obs, f"card taken from {obs.zone}")
            if board.folded:
                return self._skip(obs, "the seat has folded: mucking")
            if card is not None and not self._has(state, seat, obs.card):
                return self._skip(obs, "the referee no longer has this card there (sold, traded, shown)")
            if card is None and not any(s.card is None and not s.up for s in board.slots):
                return self._skip(obs, "no unseen face-down card there for the referee")
            return [CardDiscarded(seat, card)]
        return self._skip(obs, f"unknown observation {kind}")

    def waits(self, obs: Observation, state) -> str | None:
        """Why this observation must wait for the people at the table before it becomes an event
        (None: translate it now). The pipeline holds it and offers it again when the referee moved on.
        * A card leaving the table while a decision about it is open (the 3 lifted before its seat
          tapped "sell") waits for that decision: a removal never answers it.
        * A hole card turned up once every card is out, while the last betting round is still
          open, is the showdown: it waits for the round to end rather than being a card turned up
          mid-hand (which would set off rules such as Straight Up)."""
        hand = getattr(state, "hand", None)
        if obs.unconfirmed or hand is None or hand.phase == "over":
            return None
        table = self._trick_table(state)
        if table:
            return table.waits(obs, state)
        if obs.seat is None:
            return None
        if obs.kind == REMOVED and obs.card:
            p = next((p for p in hand.pending if _about(p, obs.card)), None)
            if p is not None:
                return (f"waits for {p.asked} to decide about the {parse_card(obs.card).pretty} ({p.rule}): "
                        f"a card leaving the table does not answer the decision")
        if obs.kind == EXPOSED and hand.phase == "betting" and hand.street >= getattr(hand, "final_street", 99):
            return "a hole card turned up after the last card: the showdown, once the last betting round is over"
        return None

    def taken_back(self, held: Observation, removal: Observation, state) -> str | None:
        """Does `removal` withdraw the held observation `held` (a refused card taken back off the
        trick area)? Why, in words; None: it does not."""
        table = self._trick_table(state)
        return table.taken_back(held, removal) if table else None

    def gone(self, state) -> set[str]:
        """Cards the referee knows have left the table in this deal (a stud hand's discards and a
        folded seat's known cards, a trick game's finished tricks): `vision.uniqueness`'s `taken`.
        Nothing once the deal is over: the cards are gathered for the next one, which may be laid out
        before the host starts it."""
        if not self._in_hand(state):
            return set()
        table = self._trick_table(state)
        if table is not None:
            return table.gone(state)
        hand = state.hand
        if hand is None or not hasattr(hand, "discards"):
            return set()
        out = {c.code for c in hand.discards if c is not None}
        for board in getattr(hand, "boards", {}).values():
            if board.folded:
                out |= {s.card.code for s in board.slots if s.card is not None}
        return out

    def _trick_table(self, state):
        """The game's own reader (None: the stud reading below)."""
        return self.tables.get(getattr(state, "game", ""))

    def _showdown_waits(self, state, seat) -> bool:
        hand = state.hand
        return hand.phase == "showdown" and any(p.rule == "showdown" and p.seat == seat for p in hand.pending)

    def _show(self, obs: Observation, state, seat: int) -> list[Event]:
        board = self._board(state, seat)
        unseen = sum(1 for s in board.slots if s.card is None and not s.up)
        have = self.shown.setdefault(seat, [])
        if obs.card not in have:
            have.append(obs.card)
        if len(have) < unseen:
            return self._skip(obs, f"showdown: seat {seat} has shown {len(have)} of {unseen} hole cards")
        del self.shown[seat]
        return [HandShown(seat, tuple(parse_card(c) for c in have))]

    def _moved(self, obs: Observation, state, card) -> list[Event]:
        a, b = obs.from_seat, obs.seat
        if b is not None and obs.card and self._has(state, b, obs.card):
            return self._skip(obs, "the referee already moved this card (a decision settled it)")
        if obs.zone == "trick" and a is not None:
            if card is None:
                return self._ask(obs, "a face-down card was played")
            return [CardPlayed(a, card)]
        if a is None or b is None:
            return self._skip(obs, f"card moved from {obs.from_zone} to {obs.zone}")
        for m in self.held_moves:
            if m.from_seat == b and m.seat == a:
                self.held_moves.remove(m)
                other = parse_card(m.card) if m.card else None
                if a < b:  # canonical order: the lower seat first
                    return [CardsSwapped(a, card, b, other)]
                return [CardsSwapped(b, other, a, card)]
        self.held_moves.append(obs)
        return []

    def flush(self, frame: int, state, final: bool = False) -> list[Event]:
        """Moves whose swap window has closed become single moves."""
        return [e for _, e in self.flush_moves(frame, state, final)]

    def flush_moves(self, frame: int, state, final: bool = False) -> list[tuple[Observation, Event]]:
        """`flush`, each move with the observation it came from (and the game reader's own: Bonnu's Cut)."""
        table = self._trick_table(state) if self._in_hand(state) else None
        out: list[tuple[Observation, Event]] = table.flush(frame, state, self, final) if hasattr(table, "flush") else []
        for m in list(self.held_moves):
            if not final and frame - m.frame < self.swap_window:
                continue
            self.held_moves.remove(m)
            if m.card and self._has(state, m.seat, m.card):
                self._skip(m, "the referee already moved this card")
            elif m.card is None:
                self._ask(m, f"a face-down card moved from seat {m.from_seat} to seat {m.seat}: which one?")
            else:
                out.append((m, CardMoved(m.from_seat, parse_card(m.card), m.seat)))
        return out

    def confirm(self, index: int, card: str | None, state) -> list[Event]:
        """The host answers `needs_host[index]` with the right card (None: drop it)."""
        if self.needs_host[index].about is not None:  # not one card: the game's reader asked (Bonnu's Cut)
            raise ValueError(f"host question {index} asks more than one card ({self.needs_host[index].reason}): "
                             "answer it with the game's own confirmation (Bonnu: BonnuTable.confirm_cut)")
        held = self.needs_host.pop(index)
        if card is None:
            return []
        return self.translate(held.obs.confirmed_as(card), state)


def _about(pending, code: str) -> bool:
    """Whether an open decision concerns the card `code` (its data names it: the 3 for sale...)."""
    return any(v == code or (isinstance(v, (tuple, list)) and code in v) for _, v in pending.data)


__all__ = ["Adapter", "Held"]
