"""What each viewer is sent, as JSON-able dicts.

Every card identity comes from the referee's `engine.view(state, viewer)`, for the viewer that
asks: a seat (its phone), `HOST` (the host console) or None (anyone else). Every action offered
comes from `engine.options(state, seat)`. This module adds only what is not secret: names, money,
the ledger, the decisions the table waits for (in the words the referee already announced to
everyone) and, for each option, the endpoint that takes it.
"""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from referee import engine, registry
from referee.cards import BonnuCard, Card
from referee.engine import HOST
from referee.events import Event, parse_any_card
from referee.ledger import balances, settle_up
from referee.money import ZERO, fmt
from referee.options import Option
from referee.poker import betting
from referee.poker.pots import compute_pots
from referee.state import evolve

from . import evidence

if TYPE_CHECKING:
    from .night import Night

Viewer = int | str | None
BET_ACTIONS = (*betting.EVENTS, "all_in")


def _pretty(card) -> str:
    return getattr(card, "pretty", None) or card.code


def _card(seen: dict) -> dict:
    """One card as the view gave it: its code only where the viewer may see it."""
    card = parse_any_card(seen["card"]) if seen["card"] else None
    return {"code": seen["card"], "pretty": _pretty(card) if card else "", "up": seen["up"],
            "street": seen.get("street"), "red": bool(card is not None and getattr(card, "is_red", False)),
            "tags": seen.get("tags", [])}


def _names(night: "Night") -> dict[int, str]:
    return {int(p["seat"]): p["name"] for p in night.players()}


def _settings(state) -> dict:
    s = state.settings
    if dataclasses.is_dataclass(s):
        return {f.name: (str(v) if isinstance(v := getattr(s, f.name), Decimal) else v) for f in dataclasses.fields(s)}
    return dict(s or {})


def _pots(hand) -> list[dict]:
    """The side pots: money only (who put in how much, who folded or is all in is seen by all)."""
    folded = [s for s in hand.order if hand.boards[s].folded]
    all_in = [s for s in hand.order if hand.boards[s].all_in]
    try:
        pots = compute_pots(hand.contributions, folded, all_in)
    except ValueError:
        pots = []
    out = [{"name": p.name, "amount": str(p.amount), "eligible": list(p.eligible)} for p in pots]
    if hand.fees:
        if out:
            out[0]["amount"] = str(Decimal(out[0]["amount"]) + hand.fees)
        else:
            out = [{"name": "main", "amount": str(hand.fees), "eligible": list(hand.live)}]
    return out


def _waiting(state) -> list[dict]:
    """Who the table waits for. Every prompt was announced to the whole table when it was asked
    (Work.ask), so these carry nothing the feed does not; ids and choices stay with the view."""
    return [{"who": "host" if p.seat is None else f"seat {p.seat}", "seat": p.seat, "rule": p.rule,
             "prompt": p.prompt, "blocks": p.blocks} for p in state.pending()]


def _boards(seen: dict) -> dict[int, dict]:
    return {int(s): b for s, b in (((seen.get("hand") or {}).get("boards")) or {}).items()}


def _seen_codes(seen: dict) -> set[str]:
    """The codes of every card this view shows, on the boards and in the centre."""
    shown = {c["card"] for b in _boards(seen).values() for c in b["cards"] if c["card"]}
    return shown | set((seen.get("hand") or {}).get("community") or ())


def table_view(night: "Night", viewer: Viewer, seen: dict | None = None) -> dict:
    """The table as `viewer` may see it (`seen`: its view, when the caller has it already), with
    the names and money everyone may see."""
    last_id = night.broadcaster.last_id
    table = night.table
    if table is None:
        return {"night": None, "viewer": viewer, "last_id": last_id, "seats": [], "hand": None, "pending": [],
                "waiting": [], "pot": "0.00", "pot_text": fmt(ZERO)}
    state = table.state
    seen = seen if seen is not None else engine.view(state, viewer)
    session = night.store.session(table.session_id)
    names, net = _names(night), balances(state.transfer_list())
    hand, shown, boards = state.hand, seen["hand"], _boards(seen)
    betting = (shown or {}).get("betting")
    to_act = betting["to_act"] if betting and shown["phase"] == "betting" else None
    seats = []
    for s in state.seats:
        board = boards.get(s)
        seats.append({
            "seat": s, "name": names.get(s, f"Seat {s}"), "balance": str(net.get(f"seat:{s}", ZERO)),
            "in_hand": board is not None, "folded": bool(board and board["folded"]),
            "all_in": bool(board and board["all_in"]), "to_act": to_act == s,
            "put": str(hand.contributions.get(s, ZERO)) if board is not None else "0.00",
            "cards": [_card(c) for c in board["cards"]] if board is not None else [],
        })
    hand_view = None
    if shown is not None:
        hand_view = {"number": shown["number"], "dealer": shown["dealer"], "street": shown.get("street"),
                     "phase": shown["phase"], "to_act": to_act, "pots": _pots(hand) if boards else [],
                     # a last card dealt once to the centre when the deck runs short: everyone's
                     "community": [_card({"card": c, "up": True}) for c in shown.get("community", ())],
                     "betting": None if betting is None else {"size": betting["size"], "level": betting["level"]}}
    return {
        "night": {"session": table.session_id, "name": session["name"], "game": state.game,
                  "started_at": session["started_at"], "ended": night.ended, "settings": _settings(state)},
        "viewer": viewer, "last_id": last_id, "seats": seats, "hand": hand_view, "pot": str(state.pot_total()),
        "pot_text": fmt(state.pot_total()), "pending": seen["pending"], "waiting": _waiting(state),
        "events": len(state.log), "undone": sorted(state.undone),
    }


# ------------------------------------------------------------------------- options
def _picks(option: Option, seen: dict) -> list[dict]:
    """What a "target" option may point at: its targets, which name a card the seat may not see by
    its seat only (the player points at it, its owner turns it; `options` masks them). Without
    targets from the referee, any card on the table as the viewer sees it (the referee refuses a
    wrong one in words)."""
    if "target" not in option.needs:
        return []
    if option.targets:
        pairs = [(s, c.code if c is not None else None) for s, c in option.targets]
    else:
        live = {s: b for s, b in _boards(seen).items() if not b["folded"]}
        pairs = [(s, c["card"]) for s, b in live.items() for c in b["cards"] if c["card"]]
        pairs += [(s, None) for s, b in live.items() if any(c["card"] is None for c in b["cards"])]
    out = []
    for s, code in dict.fromkeys(pairs):
        label = f"{_pretty(parse_any_card(code))} (seat {s})" if code else f"a face-down card of seat {s}"
        out.append({"seat": s, "card": code, "label": label})
    return out


def _option(option: Option, post: dict, seen: dict) -> dict:
    name = option.event.choice if option.action == "decide" else option.action
    return {"action": option.action, "name": name, "label": option.label, "rule": option.rule,
            "seat": option.seat, "decision": option.decision, "needs": list(option.needs),
            "cost": None if option.cost is None else str(option.cost), "picks": _picks(option, seen),
            "post": post}


def _seat_post(option: Option) -> dict | None:
    """The seat endpoint that takes `option`, and what it is sent (the endpoint finds the option
    again and sends the referee its event): nothing secret, since the event itself stays here."""
    if option.action == "decide":
        return {"url": "/api/seat/decision", "body": {"decision": option.decision, "choice": option.event.choice}}
    if option.action in BET_ACTIONS:
        return {"url": "/api/seat/bet", "body": {"action": option.action}}
    if option.action == "show":
        return {"url": "/api/seat/card", "body": {"action": "show"}}
    if option.action == "expose":
        card = option.event.card
        return {"url": "/api/seat/card", "body": {"action": "expose", **({"card": card.code} if card else {})}}
    return None


def seat_options(state, seat: int, seen: dict) -> list[dict]:
    """The seat's buttons: its options that a seat endpoint takes (any other, such as a hole-card
    swap, is done at the table and entered by the host)."""
    out = []
    for option in engine.options(state, seat):
        post = _seat_post(option)
        if post is not None:
            out.append(_option(option, post, seen))
    return out


def host_options(state, seat: int | None, seen: dict) -> list[dict]:
    """Options the host console sends as events (the host's own, or a seat's on its behalf)."""
    return [_option(o, {"url": "/api/host/event", "body": {"event": o.event.to_json()}}, seen)
            for o in engine.options(state, seat)]


def seat_state(night: "Night", seat: int) -> dict:
    table = night.table
    seen = engine.view(table.state, seat) if table is not None else None
    view = table_view(night, seat, seen)
    mine = next((s for s in view["seats"] if s["seat"] == seat), None)
    options = seat_options(table.state, seat, seen) if table is not None and not night.ended else []
    return {"seat": seat, "me": mine, "state": view, "options": options,
            "balance": mine["balance"] if mine else "0.00"}


def host_state(night: "Night") -> dict:
    table = night.table
    seen = engine.view(table.state, HOST) if table is not None else None
    view = table_view(night, HOST, seen)
    target = night.undo_target()
    view["undo"] = None if target is None else {"target": target[0], "text": target[1].describe()}
    view["players"] = [{"seat": p["seat"], "name": p["name"], "token": p["token"]} for p in night.players()]
    view["options"], view["seat_options"] = [], {}
    if table is not None and not night.ended:
        state = table.state
        view["options"] = host_options(state, None, seen)
        view["seat_options"] = {s: host_options(state, s, seen) for s in state.seats}
    return view


# ------------------------------------------------------------------------- feed, why
def feed(night: "Night", limit: int = 200) -> list[dict]:
    if night.table is None:
        return []
    return [a.to_json() for a in night.table.announcements[-limit:]]


def _told(event: Event, seen: set[str]) -> str:
    """An event in words, each card the viewer may not see now written "?"."""
    def mask(value):
        if isinstance(value, (Card, BonnuCard)):
            return value if value.code in seen else "?"
        if isinstance(value, tuple) and any(isinstance(v, (Card, BonnuCard)) for v in value):
            return tuple(mask(v) for v in value)
        return value
    return evolve(event, **{f.name: mask(getattr(event, f.name)) for f in dataclasses.fields(event)}).describe()


def why(night: "Night", found: dict, viewer: Viewer) -> dict:
    """`lookup.explain`'s answer with its events told as `viewer` may see them (a face-down card
    dealt names its card in the log), with the camera's picture behind it (`evidence`: url and
    frame, or None) when this viewer may see it."""
    found = {**found, "evidence": evidence.why_field(night, found, viewer)}
    if viewer == HOST:
        return found
    seen = _seen_codes(engine.view(night.table.state, viewer))
    log = night.table.state.log.to_tuple()
    return {**found, "events": [{**e, "text": _told(log[e["seq"] - 1], seen)} for e in found["events"]]}


# ------------------------------------------------------------------------- ledger, games
def ledger(night: "Night") -> dict:
    if night.table is None:
        return {"rows": [], "balances": [], "settle": [], "open_pots": []}
    sid = night.table.session_id
    rows = night.store.ledger_rows(sid)
    net = balances(night.store.transfers(sid))
    names = _names(night)

    def label(account: str) -> str:
        kind, _, rest = account.partition(":")
        if kind == "seat" and rest.isdigit() and int(rest) in names:
            return f"{names[int(rest)]} (seat {rest})"
        return account
    seats = {k: v for k, v in net.items() if k.startswith("seat:")}
    open_pots = [{"account": k, "amount": str(v)} for k, v in net.items() if not k.startswith("seat:") and v]
    # Settle-up is for money that has left the pots; mid-hand the seats' balances do not add up.
    moves = settle_up(seats) if not open_pots else []
    return {
        "rows": [{"id": r["id"], "hand": r["hand"], "payer": r["payer"], "payee": r["payee"], "amount": str(r["amount"]),
                  "rule": r["rule"], "memo": r["memo"], "reverses": r["reverses"], "reversed_by": r["reversed_by"],
                  "reason": r["reason"]} for r in rows],
        "balances": [{"account": k, "label": label(k), "amount": str(v), "text": fmt(v)} for k, v in sorted(net.items())
                     if v != ZERO or k.startswith("seat:")],
        "settle": [{"from": a, "from_label": label(a), "to": b, "to_label": label(b), "amount": str(m), "text": fmt(m)}
                   for a, b, m in moves],
        "open_pots": open_pots,
    }


def games() -> list[dict[str, Any]]:
    out = []
    for gid, g in registry.games().items():
        cls = getattr(g, "settings_class", None)
        fields = []
        if cls is not None:
            for f in dataclasses.fields(cls):
                d = f.default
                kind = "money" if isinstance(d, Decimal) else "bool" if isinstance(d, bool) else \
                    "int" if isinstance(d, int) else "text"
                fields.append({"name": f.name, "default": str(d) if isinstance(d, Decimal) else d, "kind": kind})
        out.append({"id": gid, "name": getattr(g, "name", gid), "settings": fields})
    return out
