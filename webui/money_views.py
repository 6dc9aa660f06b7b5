"""The money pages' data: the hand history as a viewer may see it, the night's summary (buy-ins,
cash-outs, net and the settle-up with its paid ticks, as JSON and CSV) and a seat's charges with
the rule and the announcement behind each ("why was I charged?").

Cards come only from the referee's `view` of each played hand (referee/history.py), for the viewer
who asks; the rest is money and names, which the Ledger page shows everyone already.
"""

from __future__ import annotations

import csv
import io
import re
import threading
from typing import TYPE_CHECKING

from referee import engine
from referee.base_rules import charge_rule_id
from referee.history import PlayedHand, played_hands
from referee.ledger import account_seat
from referee.lookup import rule_by_id
from referee.money import fmt, money
from referee.seating import MONEY_RULES, seat_money

from . import views

if TYPE_CHECKING:
    from .night import Night
    from .settle import PaidBook

Viewer = int | str | None
_CACHE: dict[tuple, list[PlayedHand]] = {}
_CACHE_LOCK = threading.Lock()


def _played(night: "Night") -> list[PlayedHand]:
    """The rebuild costs a pass over the log: keep the last few, keyed by the log's length (it only
    grows, an undo included, so one length is one log)."""
    state = night.table.state
    key = (night.path, night.table.session_id, state.seq)
    with _CACHE_LOCK:
        found = _CACHE.get(key)
    if found is None:
        found = played_hands(state)
        with _CACHE_LOCK:
            if len(_CACHE) > 8:
                _CACHE.clear()
            _CACHE[key] = found
    return found


def _name(names: dict[int, str], seat: int) -> str:
    return names.get(seat, f"Seat {seat}")


def _label(names: dict[int, str], account: str) -> str:
    seat = account_seat(account)
    if seat is not None:
        return _name(names, seat)
    return "the bank (the host's cash)" if account == "bank" else account


# ------------------------------------------------------------------------- hand history
def history(night: "Night", viewer: Viewer) -> dict:
    """Each hand as `viewer` may see it: cards, pot, who won what and why, newest first."""
    if night.table is None:
        return {"viewer": viewer, "hands": []}
    names = views._names(night)
    out = []
    for played in _played(night):
        seen = engine.view(played.state, viewer)["hand"] or {}
        boards = {int(s): b for s, b in (seen.get("boards") or {}).items()}
        won = played.won()
        out.append({
            "number": played.number, "dealer": played.state.hand.dealer, "over": played.over,
            "pot": str(played.pot), "pot_text": fmt(played.pot),
            "community": [views._card({"card": c, "up": True}) for c in seen.get("community", ())],
            "seats": [{"seat": s, "name": _name(names, s), "folded": bool(b["folded"]),
                       "cards": [views._card(c) for c in b["cards"]],
                       "won": str(won.get(s, 0)) if s in won else None,
                       "won_text": fmt(won[s]) if s in won else ""}
                      for s, b in sorted(boards.items())],
            "results": [{"text": a.text, "rule": a.rule, "why": _rule_name(a.rule)} for a in played.results],
        })
    return {"viewer": viewer, "hands": out[::-1]}


def _rule_name(rule_id: str) -> str:
    rule = rule_by_id(rule_id) if rule_id else None
    return rule.name if rule else ""


# ------------------------------------------------------------------------- summary
def summary(night: "Night", paid: "PaidBook") -> dict:
    """Per player: buy-ins, rebuys, cash-outs, what is left on the account and the night's net;
    then the settle-up transfers, each with its paid tick."""
    if night.table is None:
        return {"night": None, "players": [], "settle": [], "open_pots": [], "ended": False}
    state = night.table.state
    names = views._names(night)
    per_seat = seat_money(night.store.transfers(night.table.session_id), state.seats)
    ledger = views.ledger(night)
    ticks = paid.state(night.table.session_id)
    settle = []
    for i, m in enumerate(ledger["settle"]):
        tick = ticks.get((m["from"], m["to"], money(m["amount"])))
        settle.append({**m, "index": i, "from_label": _label(names, m["from"]), "to_label": _label(names, m["to"]),
                       "paid": bool(tick and tick["paid"]), "paid_at": tick["at"] if tick and tick["paid"] else None})
    session = night.store.session(night.table.session_id)
    return {
        "night": {"name": session["name"], "game": state.game, "started_at": session["started_at"]},
        "ended": night.ended, "open_pots": ledger["open_pots"],
        "players": [{"seat": s, "name": _name(names, s), "buy_ins": str(m.buy_ins), "rebuys": m.rebuys,
                     "cash_outs": str(m.cash_outs), "balance": str(m.balance), "net": str(m.net),
                     "net_text": fmt(m.net), "sitting_out": s in state.sitting_out}
                    for s, m in per_seat.items()],
        "settle": settle,
    }


def _cell(text: str) -> str:
    """Neutralise spreadsheet formulas in names (a player called "=1+1" stays text)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def summary_csv(data: dict) -> str:
    """The summary as CSV: one row per player, a blank line, one row per settle-up transfer."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["seat", "name", "buy_ins", "rebuys", "cash_outs", "left_on_account", "net"])
    for p in data["players"]:
        w.writerow([p["seat"], _cell(p["name"]), p["buy_ins"], p["rebuys"], p["cash_outs"], p["balance"], p["net"]])
    w.writerow([])
    w.writerow(["from", "to", "amount", "paid"])
    for m in data["settle"]:
        w.writerow([_cell(m["from_label"]), _cell(m["to_label"]), m["amount"], "yes" if m["paid"] else "no"])
    return out.getvalue()


# ------------------------------------------------------------------------- why was I charged
_CHARGE_WORDS = {"charged", "charge", "charges", "pay", "paid", "pays", "cost", "costs", "owe"}


def is_charge_question(query: str) -> bool:
    """"why was I charged", "why did I pay", "what did I pay for"."""
    words = set(re.findall(r"[a-z]+", query.lower()))
    return bool(words & _CHARGE_WORDS) and bool(words & {"why", "what", "my", "i"})


def charges(night: "Night", seat: int | None) -> list[dict]:
    """A rule card per charge of `seat` (newest first): the amount, its rule and what the referee
    said when it was made. Without a seat: how to get them."""
    if seat is None or night.table is None:
        return [{"id": "why-charged", "name": "Your charges", "game": "", "kind": "info",
                 "text": "Join a seat to see your charges: scan your seat's QR code (ask the host), then ask "
                         "again. Every charge is also on the Ledger page with its rule.",
                 "trigger": "", "effect": "", "settings": [], "examples": [], "interpretation": ""}]
    table = night.table
    mine = f"seat:{seat}"
    said = table.announcements
    out = []
    for row in night.store.ledger_rows(table.session_id):
        if row["payer"] != mine or row["reverses"] is not None or row["reversed_by"] is not None \
                or row["rule"] in MONEY_RULES:     # a cash-out is the seat's own money going home, not a charge
            continue
        rule = rule_by_id(charge_rule_id(row["rule"], row["memo"]))
        because = set(row["because"])
        told = [a for a in said if because & set(a.because) and (seat in a.seats or not a.seats)]
        best = next((a for a in told if a.rule == row["rule"]), told[0] if told else None)
        where = f"hand {row['hand']}" if row["hand"] is not None else "between hands"
        out.append({
            "id": rule.id if rule else row["rule"], "name": f"You paid {fmt(row['amount'])} to "
            f"{_label({}, row['payee'])} ({row['rule'] or 'payment'}, {where})", "game": "", "kind": "payment",
            "text": f"The referee said: {best.text}" if best else (row["memo"] or "entered by the host"),
            "trigger": "", "effect": f"{rule.name}: {rule.text}" if rule else "",
            "announcement": best.id if best else None, "ledger_id": row["id"],
            "settings": [], "examples": [], "interpretation": ""})
    if not out:
        out.append({"id": "why-charged", "name": "Your charges", "game": "", "kind": "info",
                    "text": f"Seat {seat} has paid nothing tonight.", "trigger": "", "effect": "",
                    "settings": [], "examples": [], "interpretation": ""})
    return out[::-1]
