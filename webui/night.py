"""The night the dashboard serves: one store, the current table session, and the broadcaster.

Every change goes through `Night` under one lock, in this order: the referee decides (a refusal
changes nothing), the store records (idempotency key: a double tap records once), then every open
stream hears about it (SSE id = the store's sequence number). A user action is one transaction
(`Night.transaction`, which the web layer opens around each POST): the streams hear about it only
once it has committed, and if it fails the table is read back from the store as it was. The web
layer never touches the store or the referee directly.

The stream is the same for every phone, so it carries no table state: what happened (the event's
type, the announcements everyone hears) and a nudge to fetch `/state`, which each phone gets as its
own viewer sees it (`views.table_view`). A hole card never travels to a phone that may not see it.

A night has no "ended" event in the referee, so ending a night is a row in `web_nights`, a small
table of the dashboard's own in the same SQLite file (the store's tables stay untouched).
"""

from __future__ import annotations

import contextlib
import logging
import secrets
import threading
from collections.abc import Callable, Iterator
from datetime import datetime, timezone
from pathlib import Path

from referee.announcements import Announcement
from referee.engine import Refusal, apply
from referee.events import Event, TableOpened, Undo, from_json
from referee.lookup import explain
from referee.state import State

from . import evidence, feed, views
from .bonnu_timing import TableClock, latest_stamp
from .console_words import undo_refusal
from .seats import Claim, SeatClaims
from .sse import Broadcaster, Message
from .store import IdempotencyError, Store, StoreError
from .table import Table

log = logging.getLogger("croupier.web")


class Conflict(Exception):
    """The request is well formed but cannot be done now (HTTP 409), with the reason."""


class Unapplicable(Exception):
    """The referee failed on an event instead of refusing it (HTTP 400); nothing was recorded."""


class Night:
    def __init__(self, db_path: str | Path, broadcaster: Broadcaster | None = None) -> None:
        self.path = str(db_path)
        self.store = Store(self.path)
        self.lock = threading.RLock()
        self.broadcaster = broadcaster or Broadcaster()
        # the dashboard's own tables go through the store's connection: one transaction per action
        self._meta = self.store
        self._deferred: list[Callable[[], None]] | None = None   # broadcasts waiting for the commit
        self._meta.execute("CREATE TABLE IF NOT EXISTS web_nights (session_id INTEGER PRIMARY KEY, "
                           "ended_at TEXT NOT NULL)")
        self._meta.execute("CREATE TABLE IF NOT EXISTS web_settings (name TEXT PRIMARY KEY, value TEXT NOT NULL)")
        self.claims = SeatClaims(self._meta, self.lock)
        evidence.ensure_table(self.store)   # the camera's pictures (made here, outside any request)
        self.table: Table | None = None
        self.ended = False
        self.clock = TableClock()          # the one clock Bonnu's taps are stamped on (bonnu_timing)
        self.on_commit: list[Callable[[], None]] = []   # run under the lock after each committed action
        self.store_seq_announcements: dict[int, list[Announcement]] = {}
        rows = list(self.store.rows("select id from table_sessions order by id desc limit 1"))
        if rows:
            self._load(rows[0]["id"])

    def close(self) -> None:
        self.broadcaster.close()
        self.store.close()

    # ----------------------------------------------------------------------- one action, one transaction
    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        """Everything a user action writes commits together or not at all; nested ones join the
        outer one. What the streams should hear waits for the commit; after a failure the table,
        seat claims and ended flag are read back from the store (nothing else changed)."""
        with self.lock:
            outer = self._deferred is None
            if outer:
                self._deferred = []
            changes = self.store.db.conn.total_changes
            try:
                with self.store.transaction():
                    yield
            except BaseException:
                if outer:
                    self._deferred = None
                    if self.store.db.conn.total_changes != changes:
                        self._reload()
                raise
            if outer:
                sends, self._deferred = self._deferred, None
                for send in sends:
                    send()
                for after in self.on_commit:     # e.g. Bonnu's shout timer, worked out again
                    after()

    def _publish(self, send: Callable[[], None]) -> None:
        if self._deferred is not None:
            self._deferred.append(send)
        else:
            send()

    def _reload(self) -> None:
        """The night as the store has it (after a rolled-back action)."""
        try:
            self.claims = SeatClaims(self._meta, self.lock)
            rows = list(self.store.rows("select id from table_sessions order by id desc limit 1"))
            self.table = Table(self.store, rows[0]["id"]) if rows else None
            self.ended = self.table is not None and self._meta.execute(
                "SELECT 1 FROM web_nights WHERE session_id = ?", [self.table.session_id]).fetchone() is not None
        except Exception:   # the store itself failed (disk gone): the next request will say so
            log.exception("could not read the night back after a failed action")

    # ----------------------------------------------------------------------- loading
    def _load(self, session_id: int) -> None:
        """Open a session and fill the SSE backlog from its log, so phones can replay after a restart."""
        self.table = Table(self.store, session_id)
        self.ended = self._meta.execute("SELECT 1 FROM web_nights WHERE session_id = ?",
                                        [session_id]).fetchone() is not None
        state = State()
        for pos, (store_seq, data) in enumerate(self.store.events(session_id), start=1):
            event = from_json(data)
            state, said = apply(state, event)
            self.broadcaster.publish(Message(store_seq, "table", {
                "id": store_seq, "event": event.type, "announcements": feed.frame(self, pos, said),
                "replayed": True}))
        self.clock.resume_after(latest_stamp(self.table.state.log.to_tuple()))

    def cookie_secret(self) -> str:
        """The key that signs cookies, made once per store: phones stay joined across a restart."""
        with self.lock:
            self._meta.execute("INSERT OR IGNORE INTO web_settings (name, value) VALUES ('cookie_secret', ?)",
                               [secrets.token_hex(32)])
            return self._meta.execute("SELECT value FROM web_settings WHERE name = 'cookie_secret'").fetchone()[0]

    def setting(self, name: str) -> str | None:
        with self.lock:
            row = self._meta.execute("SELECT value FROM web_settings WHERE name = ?", [name]).fetchone()
            return row[0] if row else None

    def put_setting(self, name: str, value: str) -> None:
        with self.lock:
            self._meta.execute("INSERT OR REPLACE INTO web_settings (name, value) VALUES (?, ?)", [name, value])

    def host_pin(self, given: str | None = None) -> str:
        """The host PIN, kept in the store so a restart keeps the host logged in: `given` (serve
        --pin) replaces it; else the stored one; else six random digits, made once and kept."""
        with self.lock:
            if given:
                self.put_setting("host_pin", given)
            elif self.setting("host_pin") is None:
                self.put_setting("host_pin", f"{secrets.randbelow(10**6):06d}")
            return self.setting("host_pin")

    @property
    def session_id(self) -> int | None:
        return self.table.session_id if self.table else None

    def players(self) -> list[dict]:
        return self.store.players(self.table.session_id) if self.table else []

    def seat_of_token(self, token: str) -> int | None:
        """The seat a join token belongs to, in the current night only."""
        if not self.table or not isinstance(token, str) or not 8 <= len(token) <= 64:
            return None
        row = self.store.player_by_token(token)
        if row is None or row["session_id"] != self.table.session_id:
            return None
        return int(row["seat"])

    # ----------------------------------------------------------------------- seats and phones
    def holds_seat(self, seat: int, device: str | None) -> bool:
        """Whether `device` is the phone that holds `seat` tonight (see webui/seats.py)."""
        return device is not None and self.table is not None and \
            self.claims.holder(self.table.session_id, seat) == device

    def claim_seat(self, seat: int, device: str) -> bool:
        """The device opened the seat's join link: True if the seat is its own (now or already)."""
        with self.lock:
            before = self.claims.status(self.table.session_id, seat)
            mine = self.claims.claim(self.table.session_id, seat, device)
            if self.claims.status(self.table.session_id, seat) != before:
                self._seats_changed(seat)
            return mine

    def reset_seat(self, seat: int) -> dict:
        """Hand the seat over: free it for the next device that joins; its old phone loses it."""
        with self.lock:
            self._require_open()
            freed = self.claims.reset(self.table.session_id, seat)
            if freed:
                self._seats_changed(seat)
            return {"seat": seat, "freed": freed, **self.claims.status(self.table.session_id, seat)}

    def seat_claim(self, seat: int) -> dict:
        with self.lock:
            return self.claims.status(self.table.session_id, seat) if self.table else Claim().to_json()

    def _seats_changed(self, seat: int) -> None:
        # who holds a seat is no secret; the host console refreshes, an old phone learns it lost its seat
        self._publish(lambda: self.broadcaster.publish(Message(None, "seats", {"seat": seat})))

    # ----------------------------------------------------------------------- views
    def table_view(self, viewer: int | str | None) -> dict:
        """The table as a seat, the host (HOST) or the public (None) may see it."""
        with self.lock:
            return views.table_view(self, viewer)

    def seat_state(self, seat: int) -> dict:
        with self.lock:
            return views.seat_state(self, seat)

    def host_state(self) -> dict:
        with self.lock:
            return views.host_state(self)

    def ledger(self) -> dict:
        with self.lock:
            return views.ledger(self)

    def why(self, announcement_id: int, viewer: int | str | None) -> dict | None:
        with self.lock:
            if not self.table:
                return None
            found = explain(self.table.state, self.table.announcements, announcement_id)
            return None if found is None else views.why(self, found, viewer)

    def snapshot_message(self) -> Message:
        """Where a stream starts when it cannot be told what it missed: a nudge to fetch `/state` and
        `/api/feed`, never the feed itself (a long feed made a frame waitress keeps: see webui/sse.py)."""
        with self.lock:
            return Message(self.broadcaster.last_id, "snapshot", {"resync": True})

    # ----------------------------------------------------------------------- changes
    def _require_open(self) -> Table:
        if self.table is None:
            raise Conflict("no night is running yet: the host starts one on the host page")
        if self.ended:
            raise Conflict("the night is over: the host can start a new one")
        return self.table

    def submit(self, event: Event, key: str, actor: str) -> dict:
        """Referee, store, broadcast. Raises Refusal (nothing recorded) or Conflict."""
        with self.transaction():
            table = self._require_open()
            if isinstance(event, TableOpened):
                raise Conflict("a table is opened by starting a night, not by an event")
            try:
                result = table.submit(event, f"web:{key}")
            except IdempotencyError:
                raise Conflict("this Idempotency-Key was already used for a different request; "
                               "send a new key for a new action") from None
            except (Refusal, Conflict, StoreError):
                raise
            except (ValueError, TypeError, KeyError, IndexError, AttributeError, ArithmeticError) as exc:
                # The referee should refuse in words; anything else is its bug. `apply` is pure and
                # runs before anything is stored, so nothing changed: say so, and log it.
                log.exception("the referee failed on %s", event.describe())
                raise Unapplicable(f"the referee could not apply {event.describe()}: {exc} "
                                   f"(nothing was recorded)") from None
            # what the one who sent it is told: names, the referee's words kept as raw_text (as the feed)
            said = feed.said(self, result.announcements)
            if result.created:
                # the event's type only: its words may name a face-down card
                # with names, and a bet told in words (the referee announces no bet)
                message = Message(result.seq, "table", {
                    "id": result.seq, "event": event.type, "by": actor,
                    "announcements": feed.frame(self, len(table.state.log), result.announcements, said)})
                self._publish(lambda: self.broadcaster.publish(message))
            return {"seq": result.seq, "recorded": result.created, "announcements": said}

    def undo_target(self) -> tuple[int, Event] | None:
        """The latest event that can be undone: (referee log position, event)."""
        latest = self.undoable(1)
        return latest[0] if latest else None

    def undoable(self, limit: int = 5) -> list[tuple[int, Event]]:
        """The last `limit` events still in force, newest first: (referee log position, event). Any of
        them may be undone; the referee refuses one a later event depends on, naming that event."""
        if not self.table:
            return []
        state = self.table.state
        out: list[tuple[int, Event]] = []
        log = state.log.to_tuple()
        for pos in range(len(log), 0, -1):
            e = log[pos - 1]
            if isinstance(e, TableOpened) or len(out) >= limit:
                break
            if not isinstance(e, Undo) and pos not in state.undone:
                out.append((pos, e))
        return out

    def undo(self, reason: str, key: str, target: int | None = None, latest: bool = False) -> dict:
        """Undo event `target` (its referee log position, as the console lists it), or with
        `latest` whatever is latest when the request lands. Naming neither is refused: the undo
        must hit the event the host saw, not one that came in since."""
        with self.transaction():
            self._require_open()
            if target is None:
                found = self.undo_target() if latest else None
                if found is None:
                    raise Conflict("there is nothing to undo" if latest else
                                   "say which event to undo (its number from the undo list), or latest")
                target = found[0]
            elif target not in dict(self.undoable(len(self.table.state.log))):
                raise Conflict(f"event #{target} cannot be undone now: it is not in force any more (or never "
                               f"was an event that can be undone); nothing was changed")
            try:
                return self.submit(Undo(target, reason), key, "host")
            except Refusal as exc:    # the referee names the events as dumps: tell them in words
                raise Refusal(undo_refusal(exc, self.table.state.log.to_tuple(), feed.names_of(self))) from None

    def start(self, game: str, seats: list[int], names: dict[int, str], settings: dict, name: str) -> dict:
        """A new night: a new session, its table_opened event, one join token per named seat,
        all in one transaction (a failure leaves no half night behind)."""
        with self.transaction():
            opened = TableOpened(game, tuple(seats), settings)
            _, said = apply(State(), opened)       # Refusal (bad game, bad settings) before anything is written
            session_id = self.store.create_session(name, game, settings)
            for seat in seats:
                self.store.add_player(session_id, seat, names.get(seat) or f"Seat {seat}")
            table = Table(self.store, session_id)
            result = table.submit(opened, f"night:{session_id}:open")
            self.table, self.ended = table, False
            self.clock.restart()
            snapshot = Message(result.seq, "snapshot", {"feed": feed.said(self, said), "night": "started"})
            self._publish(lambda: self.broadcaster.reset(snapshot))
            return {"session": session_id, "seq": result.seq}

    def end(self) -> dict:
        with self.transaction():
            table = self._require_open()
            hand = table.state.hand
            if hand is not None and hand.phase != "over":
                raise Conflict(f"hand {hand.number} is still being played: finish it (or end it as a misdeal "
                               f"with a hand_ended event) before ending the night")
            now = datetime.now(timezone.utc).isoformat(timespec="seconds")
            self._meta.execute("INSERT OR IGNORE INTO web_nights (session_id, ended_at) VALUES (?, ?)",
                               [table.session_id, now])
            self.ended = True
            message = Message(None, "night", {"night": "ended", "settle": views.ledger(self)["settle"]})
            self._publish(lambda: self.broadcaster.publish(message))
            return {"ended": True}


__all__ = ["Night", "Conflict", "Refusal", "StoreError"]
