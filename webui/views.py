"""What each page sees, as JSON-able dicts: the public table, one seat's view, the host's view,
the ledger. Face-down cards are only ever shown to their own seat and to the host."""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from referee.poker.betting import options as betting_options
from referee import registry
from referee.ledger import balances, settle_up
from referee.money import ZERO, fmt
from referee.poker.pots import compute_pots

if TYPE_CHECKING:
    from .night import Night

# Choices that need the player to point at a card or a seat: (rule, choice) -> what to point at.
TARGETS = {
    ("trade-cards", "trade"): "up-card", ("eight-ball", "trade"): "up-card", ("two-hog", "steal"): "up-card",
    ("four-tician", "turn-down"): "any-up-card", ("queen-of-hearts", "pick"): "down-card",
}
BET_WORDS = {"bring_in": "Bring in", "complete": "Complete", "check": "Check", "bet": "Bet", "call": "Call",
             "raise": "Raise", "fold": "Fold"}


def _pretty(card) -> str:
    return getattr(card, "pretty", None) or card.code


def _card(slot, show: bool) -> dict:
    known = slot.card is not None
    visible = slot.up or show
    return {"code": slot.card.code if (known and visible) else None,
            "pretty": _pretty(slot.card) if (known and visible) else ("?" if not known and show else ""),
            "up": slot.up, "street": slot.street, "red": bool(visible and known and getattr(slot.card, "is_red", False)),
            "tags": sorted(t for t in slot.tags if ":" not in t)}


def _money(v: Decimal | None) -> str | None:
    return None if v is None else str(v)


def _pending(p) -> dict:
    out = p.to_json()
    out["who"] = "host" if p.seat is None else f"seat {p.seat}"
    out["targets"] = {c: TARGETS[(p.rule, c)] for c in p.choices if (p.rule, c) in TARGETS}
    return out


def _names(night: "Night") -> dict[int, str]:
    return {int(p["seat"]): p["name"] for p in night.players()}


def _settings(state) -> dict:
    s = state.settings
    if dataclasses.is_dataclass(s):
        return {f.name: (str(v) if isinstance(v := getattr(s, f.name), Decimal) else v) for f in dataclasses.fields(s)}
    return dict(s or {})


def _pots(hand) -> list[dict]:
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


def public_state(night: "Night", show_all: bool = False, seat: int | None = None) -> dict:
    last_id = night.broadcaster.last_id
    table = night.table
    if table is None:
        return {"night": None, "last_id": last_id, "seats": [], "hand": None, "pending": [], "pot": "0.00"}
    state = table.state
    session = night.store.session(table.session_id)
    names = _names(night)
    net = balances(state.transfer_list())
    hand = state.hand
    to_act = hand.betting.to_act if hand is not None and hand.betting is not None and hand.phase == "betting" else None
    shown = hand is not None and hand.phase == "over"      # after the showdown the hands that stayed in are seen
    seats = []
    for s in state.seats:
        board = hand.boards.get(s) if hand is not None else None
        seats.append({
            "seat": s, "name": names.get(s, f"Seat {s}"), "balance": str(net.get(f"seat:{s}", ZERO)),
            "in_hand": board is not None, "folded": bool(board and board.folded), "all_in": bool(board and board.all_in),
            "to_act": to_act == s,
            "put": str(hand.contributions.get(s, ZERO)) if hand is not None else "0.00",
            "cards": [_card(sl, show_all or s == seat or (shown and not board.folded)) for sl in board.slots]
            if board is not None else [],
        })
    hand_view = None
    if hand is not None:
        b = hand.betting
        hand_view = {"number": hand.number, "dealer": hand.dealer, "street": hand.street, "phase": hand.phase,
                     "pots": _pots(hand), "to_act": to_act,
                     # a last card dealt once to the centre when the deck runs short: everyone's
                     "community": [{"code": c.code, "pretty": _pretty(c), "up": True,
                                    "red": bool(getattr(c, "is_red", False))} for c in hand.community],
                     "betting": None if b is None else {"street": b.street, "size": str(b.size),
                                                        "level": str(b.level), "raises": b.raises}}
    return {
        "night": {"session": table.session_id, "name": session["name"], "game": state.game,
                  "started_at": session["started_at"], "ended": night.ended, "settings": _settings(state)},
        "last_id": last_id, "seats": seats, "hand": hand_view, "pot": str(state.pot_total()),
        "pot_text": fmt(state.pot_total()), "pending": [_pending(p) for p in state.pending()],
        "events": len(state.log), "undone": sorted(state.undone),
    }


def feed(night: "Night", limit: int = 200) -> list[dict]:
    if night.table is None:
        return []
    return [a.to_json() for a in night.table.announcements[-limit:]]


def seat_state(night: "Night", seat: int) -> dict:
    state_view = public_state(night, seat=seat)
    table = night.table
    mine = next((s for s in state_view["seats"] if s["seat"] == seat), None)
    pending = [p for p in state_view["pending"] if p["seat"] == seat]
    bets: list[dict] = []
    hand = table.state.hand if table else None
    blocking = [p for p in table.state.pending() if p.blocks == "betting"] if table else []
    if hand is not None and hand.betting is not None and hand.phase == "betting" and seat in hand.order \
            and not blocking:
        settings = table.state.settings
        max_raises = getattr(settings, "max_raises", 3)
        b = hand.betting
        owed = b.level - b.put_by(seat)
        for action in betting_options(b, seat, max_raises):
            cost = {"bring_in": getattr(settings, "bring_in", None), "complete": b.size - b.put_by(seat),
                    "check": ZERO, "fold": ZERO, "call": owed, "bet": b.size,
                    "raise": owed + b.size}.get(action)
            bets.append({"action": action, "label": BET_WORDS.get(action, action),
                         "cost": _money(cost), "cost_text": fmt(cost) if cost else ""})
    # the cards a player could point at, for choices that need a target
    up_cards, down_seats = [], []
    for s in state_view["seats"]:
        if s["folded"] or not s["in_hand"]:
            continue
        for c in s["cards"]:
            if c["up"] and c["code"]:
                up_cards.append({"seat": s["seat"], "card": c["code"], "pretty": c["pretty"]})
        if any(not c["up"] for c in s["cards"]):
            down_seats.append(s["seat"])
    my_down = [c for c in (mine or {}).get("cards", []) if not c["up"] and c["code"]]
    return {"seat": seat, "me": mine, "pending": pending, "bets": bets, "state": state_view,
            "bets_wait": ("betting waits for " + "; ".join(p.prompt for p in blocking)) if blocking else "",
            "up_cards": up_cards, "down_seats": down_seats, "my_down": my_down,
            "balance": mine["balance"] if mine else "0.00"}


def host_state(night: "Night") -> dict:
    view = public_state(night, show_all=True)
    target = night.undo_target()
    view["undo"] = None if target is None else {"target": target[0], "text": target[1].describe()}
    view["players"] = [{"seat": p["seat"], "name": p["name"], "token": p["token"]} for p in night.players()]
    return view


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
