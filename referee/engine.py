"""The one door into the referee: `apply(state, event) -> (state, announcements)`, and the
questions every caller asks of a state: `options(state, seat)` (the legal actions of a seat, or
of the host) and `view(state, viewer)` (what a seat, the host or the public may see).

Pure: the input state is never changed, nothing is read from a clock, a file or a random source.
Player actions can be checked first with `verify(state, event)` (returns a refusal in words, or
None) and `can(state, event)` (a bool), in pokerkit's style; `apply` refuses the same way by
raising `Refusal`. A refused event changes nothing. The games join `registry`; this module knows
none of them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterable

from .announcements import Announcement
from .events import Event, TableOpened, Undo
from .game import HOST
from .options import Option
from .registry import get_game
from .state import State
from .work import Refusal, Work

__all__ = ["HOST", "Refusal", "apply", "can", "options", "replay", "verify", "view"]


def _game(game_id: str):
    try:
        return get_game(game_id)
    except KeyError as exc:
        raise Refusal(str(exc.args[0])) from None


def apply(state: State, event: Event) -> tuple[State, list[Announcement]]:
    if isinstance(event, Undo):
        return _undo(state, event)
    return _apply(state, event)


def _apply(state: State, event: Event, reuse: tuple = ()) -> tuple[State, list[Announcement]]:
    if isinstance(event, TableOpened):
        game = _game(event.game)
    elif not state.game:
        raise Refusal(f"no table is open: start with a table_opened event before {event.type}")
    else:
        game = get_game(state.game)
    work = Work(state, event, reuse=reuse)
    game.apply(work, event)
    return work.result()


def verify(state: State, event: Event) -> str | None:
    """Why `event` would be refused now, or None if it would be accepted."""
    try:
        apply(state, event)
    except Refusal as exc:
        return str(exc)
    return None


def can(state: State, event: Event) -> bool:
    return verify(state, event) is None


def options(state: State, seat: int | None) -> list[Option]:
    """Every legal action of `seat` now (None: the host's)."""
    if not state.game:
        return []
    return get_game(state.game).options(state, seat)


def view(state: State, viewer: int | str | None) -> dict[str, Any]:
    """What `viewer` (a seat number, HOST, or None for the public) may see of the table now."""
    if not state.game:
        return {"game": "", "seats": [], "viewer": viewer, "hand": None, "pending": []}
    return get_game(state.game).view(state, viewer)


def replay(events: Iterable[Event], state: State | None = None) -> tuple[State, list[Announcement]]:
    """Fold `apply` over a log; the same log always gives the same state."""
    state = state if state is not None else State()
    said: list[Announcement] = []
    for event in events:
        state, anns = apply(state, event)
        said.extend(anns)
    return state, said


def _undo(state: State, event: Undo) -> tuple[State, list[Announcement]]:
    """Rebuild the state from the log without the undone event. Nothing is erased: the undone
    event and the Undo both stay in the log, and replaying that log skips the target again. Each
    event replayed asks its decisions under the ids it gave them before (see work.Work)."""
    log = state.log.to_tuple()
    if not 1 <= event.target <= len(log):
        raise Refusal(f"cannot undo event {event.target}: there is no such event (the log has {len(log)})")
    target = log[event.target - 1]
    if isinstance(target, Undo):
        raise Refusal("cannot undo an undo: re-enter the event instead")
    if isinstance(target, TableOpened):
        raise Refusal("cannot undo the opening of the table")
    if event.target in state.undone:
        raise Refusal(f"event {event.target} is already undone")
    undone = state.undone | {event.target}
    asked = dict(state.asked.to_tuple())
    # Decision ids handed out before stay taken: a decision the first run did not ask gets a new one.
    rebuilt = State(next_decision=state.next_decision)
    for seq, old in enumerate(log, start=1):
        if seq in undone or isinstance(old, Undo):
            rebuilt = replace(rebuilt, log=rebuilt.log.append(old))
            continue
        try:
            rebuilt, _ = _apply(rebuilt, old, asked.get(seq, ()))
        except Refusal as exc:
            raise Refusal(f"cannot undo event {event.target} ({target.describe()}): event {seq} "
                          f"({old.describe()}) depends on it: {exc}") from None
    # Announcement ids handed out before stay taken too, so an id always means one announcement.
    rebuilt.next_announcement = max(rebuilt.next_announcement, state.next_announcement)
    rebuilt.undone = undone
    work = Work(rebuilt, event)
    work.seq = state.seq + 1
    work.say(f"Undone: event {event.target} ({target.describe()}). Reason: {event.reason}",
             rule="undo", because=(event.target, work.seq))
    return work.result()
