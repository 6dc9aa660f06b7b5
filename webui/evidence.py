"""Evidence for disputes: for each event the camera caused, the crop of the frame that showed it.

The pipeline keeps a small JPEG around the card (`vision.holding.evidence_jpeg`, ~240 px, quality 70)
with the frame number; when the referee accepts the event, `keep` writes it to the night's store
(table `evidence`, append-only like the rest, keyed by the session and the event's place in the
referee's log, which an undo never changes). An announcement's "why?" names the events behind it
(`because`); `for_announcement` finds the crop of the first of them the camera caused.

Who may see a crop is who may see its card: a crop of a face-down card (dealt down, turned down, a
hole card discarded or traded) is seen by the host and the seats it belongs to, and by everyone
else only once the referee's view shows them those cards (shown at a showdown) in the same hand.
"""

from __future__ import annotations

import weakref

from referee.engine import HOST, view
from referee.events import CardDealt, CardDiscarded, CardsSwapped, CardTurnedDown

_SCHEMA = (
    """create table if not exists evidence (
        session_id integer not null,
        position integer not null,          -- the event's place in the night's referee log (1, 2, ...)
        store_seq integer not null,         -- the store's event sequence number
        hand integer,                       -- the hand it happened in
        frame integer not null,             -- the camera frame that showed it
        seats text not null default '',     -- the seats whose face-down card it shows ("1,3")
        card text,                          -- that card when known
        hidden integer not null,            -- 1: it shows a face-down card
        jpeg blob not null,
        primary key (session_id, position))""",
    """create trigger if not exists evidence_no_update before update on evidence
        begin select raise(abort, 'evidence is append-only'); end""",
    """create trigger if not exists evidence_no_delete before delete on evidence
        begin select raise(abort, 'evidence is append-only'); end""",
)

_made: "weakref.WeakSet" = weakref.WeakSet()   # stores whose evidence table exists already


def ensure_table(store) -> None:
    """Make the evidence table. `Night` calls this when it opens its store, outside any request:
    made inside a request's transaction, a rollback would take the table away again."""
    if store in _made:
        return
    with store._write():             # the store's own write transaction (its lock, BEGIN IMMEDIATE)
        for statement in _SCHEMA:
            store.db.conn.execute(statement)
    if store._depth == 0:            # committed, not a savepoint an outer rollback may undo
        _made.add(store)


def _hidden(event) -> tuple[bool, tuple[int, ...], str | None]:
    """(shows a face-down card, whose, which card if known) for an event the camera caused."""
    if isinstance(event, CardDealt):
        return (not event.up and event.seat is not None), ((event.seat,) if event.seat else ()), \
            event.card.code if event.card else None
    if isinstance(event, CardTurnedDown):
        return True, (event.seat,), event.card.code if event.card else None
    if isinstance(event, CardDiscarded) and event.card is None:
        return True, (event.seat,), None
    if isinstance(event, CardsSwapped) and (event.card_a is None or event.card_b is None):
        return True, (event.seat_a, event.seat_b), None
    return False, (), None


def keep(night, event, evidence) -> None:
    """Store the crop behind `event`, just accepted by `night` (call under the night's lock)."""
    table = night.table
    if evidence is None or table is None or not table.store_seq:
        return
    ensure_table(night.store)
    hidden, seats, card = _hidden(event)
    hand = table.state.hand
    with night.store._write():
        night.store.db.conn.execute(
            "insert or ignore into evidence (session_id, position, store_seq, hand, frame, seats, card, hidden, jpeg) "
            "values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (table.session_id, table.state.seq, table.store_seq[-1], hand.number if hand else None, evidence.frame,
             ",".join(map(str, seats)), card, int(hidden), evidence.jpeg))


def _row(night, positions) -> dict | None:
    ensure_table(night.store)
    for pos in positions:
        rows = night.store.rows("select * from evidence where session_id = ? and position = ?",
                                 (night.table.session_id, pos))
        if rows:
            return rows[0]
    return None


def may_see(night, row: dict, viewer) -> bool:
    """Whether `viewer` (a seat, HOST or None) may see this crop (see the module notes)."""
    if not row["hidden"] or viewer == HOST:
        return True
    seats = {int(s) for s in row["seats"].split(",") if s}
    if viewer in seats:
        return True
    state = night.table.state
    if state.hand is None or state.hand.number != row["hand"]:
        return False
    boards = (view(state, viewer).get("hand") or {}).get("boards") or {}
    for seat in seats:
        cards = (boards.get(seat) or boards.get(str(seat)) or {}).get("cards") or []
        down = [c for c in cards if not c["up"]]
        if row["card"] is not None:
            if not any(c["card"] == row["card"] for c in cards):
                return False
        elif not down or any(c["card"] is None for c in down):
            return False
    return True


def for_announcement(night, announcement_id: int) -> dict | None:
    """The evidence row behind announcement #id (its first camera-caused event), or None."""
    if night.table is None:
        return None
    ann = next((a for a in night.table.announcements if a.id == announcement_id), None)
    return _row(night, ann.because) if ann is not None else None


def why_field(night, found: dict, viewer) -> dict | None:
    """The `evidence` of a "why?" answer: the picture's URL and frame, when there is one this
    viewer may see (None otherwise)."""
    ann = found.get("announcement") or {}
    row = _row(night, ann.get("because") or ()) if night.table is not None else None
    if row is None or not may_see(night, row, viewer):
        return None
    return {"url": f"/api/evidence/{ann['id']}.jpg", "frame": row["frame"]}


__all__ = ["for_announcement", "keep", "may_see", "why_field"]
