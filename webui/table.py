"""A table in play: the referee's state kept in step with the store.

Every event goes through the referee first (a refused event is never written), then into the
append-only log with its idempotency key, and its money into the ledger in the same transaction. On start the state is
rebuilt by replaying the stored log, and any ledger entries a crash left unwritten are added
(their keys are derived from the event, so this is safe to repeat).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from referee.announcements import Announcement
from referee.engine import Refusal, apply
from referee.events import Event, from_json
from referee.ledger import Transfer
from referee.state import State

from .hands_over import HandsOver
from .store import Store


@dataclass
class Submitted:
    seq: int
    created: bool
    announcements: list[Announcement] = field(default_factory=list)


class Table:
    def __init__(self, store: Store, session_id: int) -> None:
        self.store = store
        self.session_id = session_id
        self.state = State()
        self.announcements: list[Announcement] = []
        self.store_seq: list[int] = []   # store seq of each referee log position
        # the first announcement id each logged event could say (ids only grow): where an event
        # that says nothing (a bet) sits among the announcements, for the feed
        self.said_from: list[int] = []
        self.hands_over = HandsOver()     # each finished hand's public view, for a score sheet across hands
        for store_seq, data in store.events(session_id):
            self.said_from.append(self.state.next_announcement)
            self.state, said = apply(self.state, from_json(data))
            self.hands_over.note(self.state)
            self.announcements.extend(said)
            self.store_seq.append(store_seq)
        self._sync_ledger()

    @classmethod
    def open(cls, store: Store, name: str, game: str, settings: dict | None = None) -> "Table":
        """The session called `name`, created if new."""
        for row in store.rows("select id from table_sessions where name = ? order by id desc limit 1", [name]):
            return cls(store, row["id"])
        return cls(store, store.create_session(name, game, settings or {}))

    def _sync_ledger(self, reason: str = "recovered after restart") -> None:
        """Make the stored ledger say what the referee's transfers say, append-only.

        Usually that is just the new transfers of the last event. After an undo the referee's
        rebuilt state lacks the undone event's money: the stored entries for it get reversing
        entries. Keys are derived from the content, so running this twice writes nothing new.
        """
        owed, extra = ledger_gap(self.store, self.session_id, self.state.transfers)
        with self.store.transaction():
            for key, t in owed:
                self.store.append_transfers(self.session_id, [t], idempotency_key=key)
            for entry in extra:
                self.store.reverse_entry(entry, reason, idempotency_key=f"reverse:{entry}")

    def recorded(self, idempotency_key: str) -> bool:
        return any(True for _ in self.store.rows("select 1 from events where idempotency_key = ?",
                                                    [idempotency_key]))

    def submit(self, event: Event, idempotency_key: str) -> Submitted:
        """Apply, record, and return what the referee said. Raises Refusal (nothing written).
        The event and its money are one transaction (the caller's, if it has one open); if it
        fails, this table is as it was before."""
        for row in self.store.rows("select seq from events where idempotency_key = ?", [idempotency_key]):
            return Submitted(row["seq"], False, [])
        new_state, said = apply(self.state, event)
        before = (self.state, len(self.announcements), len(self.store_seq), len(self.said_from))
        try:
            with self.store.transaction():
                store_seq, created = self.store.append_event(self.session_id, event.to_json(), idempotency_key)
                if not created:  # a concurrent duplicate slipped in between; the first one stands
                    return Submitted(store_seq, False, [])
                self.said_from.append(self.state.next_announcement)
                self.state = new_state
                self.hands_over.note(new_state)
                self.announcements.extend(said)
                self.store_seq.append(store_seq)
                reason = getattr(event, "reason", "") if event.type == "undo" else "recovered after restart"
                self._sync_ledger(reason or "undo")
        except BaseException:
            self.state = before[0]
            self.hands_over.note(self.state)
            del self.announcements[before[1]:], self.store_seq[before[2]:], self.said_from[before[3]:]
            raise
        return Submitted(store_seq, True, said)

    def transfers(self) -> list[Transfer]:
        return self.store.transfers(self.session_id)


def _signature(payer, payee, amount, rule, memo, hand, because) -> tuple:
    return (payer, payee, amount, rule, memo, hand, tuple(because))


def ledger_gap(store: Store, session_id: int, transfers) -> tuple[list[tuple[str, Transfer]], list[int]]:
    """What the stored ledger lacks against the referee's `transfers`: the (key, transfer) pairs
    to append, and the ids of stored entries no longer in force (to reverse)."""
    have: dict[tuple, list[int]] = {}
    for row in store.ledger_rows(session_id):
        if row["reverses"] is None and row["reversed_by"] is None:
            sig = _signature(row["payer"], row["payee"], row["amount"], row["rule"], row["memo"], row["hand"],
                             row["because"])
            have.setdefault(sig, []).append(row["id"])
    want: dict[tuple, int] = {}
    owed = []
    for t in transfers:
        sig = _signature(t.payer, t.payee, t.amount, t.rule, t.memo, t.hand, t.because)
        want[sig] = want.get(sig, 0) + 1
        n = want[sig]
        if len(have.get(sig, ())) < n:
            key = f"session{session_id}:" + hashlib.sha1(repr(sig).encode()).hexdigest()[:16] + f":{n}"
            owed.append((key, t))
    extra = [entry for sig, ids in have.items() for entry in ids[want.get(sig, 0):]]
    return owed, extra


def books(store: Store, session_id: int) -> list[Transfer]:
    """The night's money as the server shows it, read only: the stored ledger, plus what the
    event log says is owed and a crash left unwritten (an old store's), less what it reverses.
    `serve` writes the same difference when it opens the night."""
    state = State()
    for _seq, data in store.events(session_id):
        state, _ = apply(state, from_json(data))
    owed, extra = ledger_gap(store, session_id, state.transfers)
    out = store.transfers(session_id) + [t for _, t in owed]
    by_id = {r["id"]: r for r in store.ledger_rows(session_id)}
    for entry in extra:
        r = by_id[entry]
        out.append(Transfer(r["payee"], r["payer"], r["amount"], r["rule"], r["memo"], r["hand"], r["because"]))
    return out


__all__ = ["Table", "Submitted", "Refusal", "books", "ledger_gap"]
