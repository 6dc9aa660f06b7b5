"""The feed as people read it: every announcement with names for seats ("Cleo wins $46.00"), the
referee's words kept as `raw_text`; the bets, which the referee does not announce, told in words
("Ben raises to $2.00") in their place among them; and "why?", whose events are told as the asker
may see them.

The feed and the live stream are the same for every phone, so what they tell names only the cards
everyone may see (the public view): an undo of a face-down card says "a face-down card".
Every entry has `key` (unique) and `order` ([announcement id, 0] for an announcement; a bet sits
after the announcements said before it: [the id before its event's first, its log position]).
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Iterable

from referee import engine
from referee.announcements import Announcement
from referee.engine import HOST
from referee.events import BetAction, Complete, Event, Fold, Raise

from . import bonnu_views, boneyard_views, boonaken_views, evidence
from .wording import announcement_json, event_text, sentence

if TYPE_CHECKING:
    from .night import Night

Viewer = int | str | None


def names_of(night: "Night") -> dict[int, str]:
    return {int(p["seat"]): p["name"] for p in night.players()}


def seen_codes(seen: dict) -> set[str]:
    """The codes of every card a view shows, on the boards and in the centre."""
    boards = ((seen.get("hand") or {}).get("boards")) or {}
    shown = {c["card"] for b in boards.values() for c in b["cards"] if c["card"]}
    return shown | set((seen.get("hand") or {}).get("community") or ()) | boonaken_views.seen_codes(seen.get("boonaken")) \
        | boneyard_views.seen_codes(seen.get(boneyard_views.GAME)) | bonnu_views.seen_codes(seen.get(bonnu_views.GAME))


def public_codes(night: "Night") -> set[str]:
    return seen_codes(engine.view(night.table.state, None))


# ------------------------------------------------------------------------- bets in words
def bet_transfers(state) -> list:
    return [t for t in state.transfer_list() if t.rule == "bet"]


def _bet_money(bets: list, pos: int, event: BetAction) -> tuple[Decimal | None, Decimal | None]:
    """What bet `pos` put in, and for a raise or completion the level it went to: from the
    transfers of the bets (`bet_transfers`: rule "bet", memo "<type> street N"); (None, None)
    once it is undone."""
    seat = f"seat:{event.seat}"
    mine = [t for t in bets if t.payer == seat]
    paid = [t for t in mine if pos in t.because]
    if not paid:
        return None, None
    street = paid[0].memo.rpartition(" street ")[2]
    level = sum((t.amount for t in mine if t.memo.endswith(f" street {street}") and max(t.because) <= pos), Decimal(0))
    return sum((t.amount for t in paid), Decimal(0)), level if isinstance(event, (Raise, Complete)) else None


def told_bet(night: "Night", pos: int, bets: list | None = None, log: tuple | None = None) -> dict | None:
    """The feed entry of the bet at referee log position `pos` (None for any other event, and for a
    fold, which the referee announces itself). `bets`, `log`: the state's `bet_transfers` and log,
    when the caller tells many."""
    table = night.table
    event = (table.state.log.to_tuple() if log is None else log)[pos - 1]
    if not isinstance(event, BetAction) or isinstance(event, Fold):
        return None
    paid, level = _bet_money(bet_transfers(table.state) if bets is None else bets, pos, event)
    text = sentence(event_text(event, names_of(night), set(), paid=paid, level=level)) + "."
    return {"key": f"bet:{pos}", "order": [table.said_from[pos - 1] - 1, pos], "id": None, "rule": "",
            "kind": "bet", "text": text, "raw_text": "", "seats": [event.seat], "because": [pos],
            "undone": pos in table.state.undone}


def said(night: "Night", announcements: Iterable[Announcement], seen: set[str] | None = None) -> list[dict]:
    """Announcements as the feed shows them (names; an undo's event told with the public's cards);
    one set off by an event since undone is marked `undone` (the referee withdrew it; an undo's own
    announcement names its target among its causes, and stands)."""
    log, undone = night.table.state.log.to_tuple(), night.table.state.undone
    seen = public_codes(night) if seen is None else seen
    names = names_of(night)
    return [{**announcement_json(a, names, log, seen), "key": f"ann:{a.id}", "order": [a.id, 0],
             "undone": a.rule != "undo" and any(pos in undone for pos in a.because)} for a in announcements]


def frame(night: "Night", pos: int, announcements: Iterable[Announcement], told: list[dict] | None = None) -> list[dict]:
    """What a live-stream frame says for the event at log position `pos`: its announcements (`told`:
    as `said` gave them, when the caller has them already), and the bet itself when it is one."""
    bet = told_bet(night, pos)
    return (said(night, announcements) if told is None else told) + ([bet] if bet else [])


def feed(night: "Night", limit: int = 200) -> list[dict]:
    """The latest `limit` announcements and the bets among them, oldest first."""
    table = night.table
    if table is None:
        return []
    anns = table.announcements[-limit:]
    since = anns[0].id if anns else table.state.next_announcement
    money, log = bet_transfers(table.state), table.state.log.to_tuple()
    bets = [b for pos in range(1, len(table.said_from) + 1) if table.said_from[pos - 1] >= since
            and (b := told_bet(night, pos, money, log)) is not None]
    return sorted(said(night, anns) + bets, key=lambda e: e["order"])


# ------------------------------------------------------------------------- why
def why(night: "Night", found: dict, viewer: Viewer) -> dict:
    """`lookup.explain`'s answer, the announcement with names and each event behind it told in
    words as `viewer` may see it (a face-down card dealt names its card in the log), with the
    camera's picture behind it (`evidence`: url and frame, or None) when this viewer may see it."""
    state = night.table.state
    names, log = names_of(night), state.log.to_tuple()
    seen = None if viewer == HOST else seen_codes(engine.view(state, viewer))
    ann = next(a for a in night.table.announcements if a.id == found["announcement"]["id"])
    return {**found, "announcement": announcement_json(ann, names, log, seen),
            "evidence": evidence.why_field(night, found, viewer),
            "events": [{**e, "text": sentence(told_at(state, e["seq"], names, seen))} for e in found["events"]]}


def told_at(state, pos: int, names: dict[int, str], seen: set[str] | None = None) -> str:
    """The event at referee log position `pos` in words, with the money it took from its seat."""
    event: Event = state.log.to_tuple()[pos - 1]
    paid = level = None
    if isinstance(event, BetAction):
        paid, level = _bet_money(bet_transfers(state), pos, event)
    else:
        taken = [t.amount for t in state.transfer_list() if pos in t.because and t.payer.startswith("seat:")]
        paid = sum(taken, Decimal(0)) if taken else None
    return event_text(event, names, seen, log=state.log.to_tuple(), paid=paid, level=level)
