"""What each viewer is sent, as JSON-able dicts.

Every card identity comes from the referee's `engine.view(state, viewer)`, for the viewer that
asks: a seat (its phone), `HOST` (the host console) or None (anyone else). Every action offered
comes from `engine.options(state, seat)`. This module adds only what is not secret: names, money,
the ledger, the decisions the table waits for (in the words the referee already announced to
everyone) and, for each option, the endpoint that takes it.
"""

from __future__ import annotations

import dataclasses
import re
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from referee import engine, registry
from referee.engine import HOST
from referee.events import parse_any_card
from referee.ledger import balances, settle_up
from referee.money import ZERO, fmt
from referee.options import Option
from referee.poker import betting
from referee.poker.pots import compute_pots
from referee.seating import BANK

from . import bonnu_views, boneyard_views, boonaken_views
from .console import option_key
# the feed and "why?" live in feed.py; callers reach them as views.feed and views.why
from .feed import feed, names_of, told_at, why  # noqa: F401
from .playing import host_seen, mask_host_state, playing_seat
from .wording import account_words, named

if TYPE_CHECKING:
    from .night import Night

Viewer = int | str | None
BET_ACTIONS = (*betting.EVENTS, "all_in")
UNDO_LIST = 5      # the host console lists this many recent events to undo


def _pretty(card) -> str:
    return getattr(card, "pretty", None) or card.code


def _card(seen: dict) -> dict:
    """One card as the view gave it: its code only where the viewer may see it."""
    card = parse_any_card(seen["card"]) if seen["card"] else None
    return {"code": seen["card"], "pretty": _pretty(card) if card else "", "up": seen["up"],
            "street": seen.get("street"), "red": bool(card is not None and getattr(card, "is_red", False)),
            "tags": seen.get("tags", [])}


_names = names_of


def _settings(state) -> dict:
    s = state.settings
    if dataclasses.is_dataclass(s):
        return {f.name: (str(v) if isinstance(v := getattr(s, f.name), Decimal) else v) for f in dataclasses.fields(s)}
    return dict(s or {})


def settings_in_words(state) -> list[dict]:
    """The table's settings as people read them: {name, value, text, help, allowed}, text being
    "Dueling Snowmen: which 8s start a war: any two 8s"."""
    explained = getattr(state.settings, "explained", None)
    if explained is not None:
        return explained()
    return [{"name": k, "value": v, "text": f"{k.replace('_', ' ')}: {v}", "help": k.replace("_", " "), "allowed": ""}
            for k, v in _settings(state).items()]


def _war(hand, net: dict, names: dict[int, str]) -> dict | None:
    """The Dueling Snowmen war while it is on: who fights, the battles' cards (face up, war deck)
    and the war pot. Everything in it is seen by the whole table."""
    war = getattr(hand, "war", None)
    if not war:
        return None
    (a, b), cards_a, cards_b = war
    pot = net.get("pot:war", ZERO)
    return {"seats": [a, b], "names": [names.get(a, f"Seat {a}"), names.get(b, f"Seat {b}")], "pot": str(pot),
            "pot_text": fmt(pot), "cards": [[c.code for c in cards_a], [c.code for c in cards_b]],
            "text": f"War on: {names.get(a, f'seat {a}')} against {names.get(b, f'seat {b}')}, war pot {fmt(pot)}"}


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


def _asked_words(p, names: dict[int, str]) -> tuple[str, str]:
    """(who is asked, the prompt to show): the prompt with names, preceded by who is asked only
    when it does not say so itself ("Seat 1: pay $2.50 or fold" is not "seat 1: Seat 1: ...")."""
    if p.open_to:
        who = named("any of seats " + ", ".join(map(str, p.open_to)), names)
    else:
        who = "the host" if p.seat is None else names.get(p.seat, f"seat {p.seat}")
    says_who = p.seat is None or re.search(rf"\b[Ss]eats? {p.seat}\b", p.prompt) or p.open_to
    text = named(p.prompt, names)
    return who, text if says_who else f"{who}: {text}"


def _waiting(state, names: dict[int, str]) -> list[dict]:
    """Who the table waits for. Every prompt was announced to the whole table when it was asked
    (Work.ask), so these carry nothing the feed does not; ids and choices stay with the view.
    `text` is what to show (names, who once); `prompt` the referee's words."""
    out = []
    for p in state.pending():
        who, text = _asked_words(p, names)
        out.append({"who": who, "seat": p.seat, "rule": p.rule, "prompt": p.prompt, "text": text, "blocks": p.blocks})
    return out


def _boards(seen: dict) -> dict[int, dict]:
    return {int(s): b for s, b in (((seen.get("hand") or {}).get("boards")) or {}).items()}




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
                     "betting": None if betting is None else {"size": betting["size"], "level": betting["level"]},
                     "war": _war(hand, net, names)}
    return {
        "night": {"session": table.session_id, "name": session["name"], "game": state.game,
                  "game_name": getattr(registry.games().get(state.game), "name", state.game),
                  "started_at": session["started_at"], "ended": night.ended, "settings": _settings(state),
                  "settings_in_words": settings_in_words(state)},
        "viewer": viewer, "last_id": last_id, "seats": seats, "hand": hand_view, "pot": str(state.pot_total()),
        "pot_text": fmt(state.pot_total()), "pending": [_pending_words(p, state, names) for p in seen["pending"]],
        "waiting": _waiting(state, names),
        "events": len(state.log), "undone": sorted(state.undone),
        **_game_view(seen, names, night),
    }


def _game_view(seen: dict, names: dict[int, str], night: "Night") -> dict:
    """A game's own part of the view, with names: Boonaken's deal and sheet (webui/boonaken_views.py),
    Boneyard euchre's round and its score sheet across the finished rounds (webui/boneyard_views.py),
    Bonnu's round with each phone's latency (webui/bonnu_views.py)."""
    if bonnu_views.GAME in seen:
        return {"bonnu": bonnu_views.round_words(seen[bonnu_views.GAME], names, night.clock.latencies())}
    if "boonaken" in seen:
        return {"boonaken": boonaken_views.deal_words(seen["boonaken"], names)}
    if boneyard_views.GAME in seen:
        return {"boneyard": boneyard_views.round_words(seen[boneyard_views.GAME], names,
                                                      night.table.hands_over.views())}
    return {}


def _pending_words(shown: dict, state, names: dict[int, str]) -> dict:
    """A decision the view shows, with `text`: its prompt as `_waiting` words it."""
    p = next((x for x in state.pending() if x.id == shown.get("id")), None)
    return {**shown, "text": _asked_words(p, names)[1] if p is not None else named(shown.get("prompt", ""), names)}


# ------------------------------------------------------------------------- options
def _picks(option: Option, seen: dict, names: dict[int, str] | None = None) -> list[dict]:
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
    out, names = [], names or {}
    for s, code in dict.fromkeys(pairs):
        whose = names.get(s, f"seat {s}")
        label = f"{_pretty(parse_any_card(code))} ({whose})" if code else f"a face-down card of {whose}"
        out.append({"seat": s, "card": code, "label": label})
    return out


def _option(option: Option, post: dict, seen: dict, names: dict[int, str] | None = None) -> dict:
    """An option as a button: `label` the referee's words, `text` the same with names."""
    name = option.event.choice if option.action == "decide" else option.action
    return {"action": option.action, "name": name, "label": option.label, "text": named(option.label, names or {}),
            "rule": option.rule, "seat": option.seat, "decision": option.decision, "needs": list(option.needs),
            "cost": None if option.cost is None else str(option.cost), "picks": _picks(option, seen, names),
            "post": post, **(boonaken_views.option_extra(option) if "boonaken" in seen else
                             boneyard_views.option_extra(option) if boneyard_views.GAME in seen else
                             bonnu_views.option_extra(option, seen[bonnu_views.GAME]) if bonnu_views.GAME in seen
                             else {})}


def _seat_post(option: Option, game: str | None = None) -> dict | None:
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
    if option.action in seat_actions(game):
        # found again by its key among this seat's own options (blueprints/api.py, take_option)
        return {"url": "/api/seat/option", "body": {"seat": option.seat, "option": option_key(option)}}
    return None


def seat_actions(game: str | None) -> tuple[str, ...]:
    """The option actions a phone posts to /api/seat/option: Boneyard euchre's on a Boneyard night,
    Bonnu's on a Bonnu night, Boonaken's otherwise (as before)."""
    if game == bonnu_views.GAME:
        return bonnu_views.SEAT_ACTIONS
    return boneyard_views.SEAT_ACTIONS if game == boneyard_views.GAME else boonaken_views.SEAT_ACTIONS


def seat_options(state, seat: int, seen: dict, names: dict[int, str] | None = None) -> list[dict]:
    """The seat's buttons: its options that a seat endpoint takes (any other, such as a hole-card
    swap, is done at the table and entered by the host)."""
    out = []
    for option in engine.options(state, seat):
        post = _seat_post(option, state.game)
        if post is not None:
            out.append(_option(option, post, seen, names))
    return out


def host_options(state, seat: int | None, seen: dict, names: dict[int, str] | None = None) -> list[dict]:
    """Options the host console takes (the host's own, or a seat's on its behalf): each is sent to
    /api/host/option by its key, with what it needs filled in; the event stays here."""
    out = []
    for o in engine.options(state, seat):
        key = option_key(o)
        shown = _option(o, {"url": "/api/host/option", "body": {"seat": seat, "option": key}}, seen, names)
        if o.action == "deal":     # the console's deal forms: which seat, which deck, which face
            shown.update(deal={"seat": o.event.seat, "up": o.event.up, "deck": o.event.deck, "street": o.event.street})
        elif o.action == "start":  # the start form: the hand's number, and the dealer it suggests
            shown.update(start={"hand": o.event.hand, "dealer": o.event.dealer})
        out.append({**shown, "key": key})
    return out


def seat_state(night: "Night", seat: int) -> dict:
    table = night.table
    seen = engine.view(table.state, seat) if table is not None else None
    view = table_view(night, seat, seen)
    mine = next((s for s in view["seats"] if s["seat"] == seat), None)
    options = seat_options(table.state, seat, seen, _names(night)) if table is not None and not night.ended else []
    return {"seat": seat, "me": mine, "state": view, "options": options,
            "balance": mine["balance"] if mine else "0.00"}


def host_state(night: "Night") -> dict:
    table = night.table
    playing = playing_seat(night) if table is not None else None
    seen = None if table is None else engine.view(table.state, HOST) if playing is None else \
        host_seen(table.state, playing)     # a playing host sees the cards as their seat does
    view = table_view(night, HOST, seen)
    names = _names(night)
    undoable = [{"target": pos, "text": told_at(table.state, pos, names), "raw_text": e.describe(), "type": e.type} for pos, e in night.undoable(UNDO_LIST)]
    view["undo"] = undoable[0] if undoable else None
    view["undoable"] = undoable
    hand = table.state.hand if table is not None else None
    view["deal_order"] = list(hand.order) if hand is not None else []
    view["players"] = [{"seat": p["seat"], "name": p["name"], "token": p["token"]} for p in night.players()]
    view["options"], view["seat_options"] = [], {}
    if table is not None and not night.ended:
        state = table.state
        view["options"] = host_options(state, None, seen, names)
        view["seat_options"] = {s: host_options(state, s, seen, names) for s in state.seats}
    view["playing"] = playing
    return view if table is None else mask_host_state(view, table.state, playing)


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
        return "the bank (the host's cash)" if account == BANK else account
    def said(account: str) -> str:
        """An account as the ledger's rows name it: "Ann", "the main pot", "the bank"."""
        return "the bank" if account == BANK else account_words(account, names)
    # The bank holds the cash of the buy-ins: it pays out the stacks (docs/dashboard.md, Money).
    seats = {k: v for k, v in net.items() if k.startswith("seat:") or k == BANK}
    open_pots = [{"account": k, "label": said(k), "amount": str(v)} for k, v in net.items() if k not in seats and v]
    # Settle-up is for money that has left the pots; mid-hand the seats' balances do not add up.
    moves = settle_up(seats) if not open_pots else []
    return {
        "rows": [{"id": r["id"], "hand": r["hand"], "payer": r["payer"], "payee": r["payee"],
                  "payer_label": said(r["payer"]), "payee_label": said(r["payee"]), "amount": str(r["amount"]),
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
            # each field with its explanation and the values allowed, in words (Settings.explained)
            words = {w["name"]: w for w in cls().explained()} if hasattr(cls, "explained") else {}
            for f in dataclasses.fields(cls):
                d = f.default
                kind = "money" if isinstance(d, Decimal) else "bool" if isinstance(d, bool) else \
                    "int" if isinstance(d, int) else "text"
                said = words.get(f.name, {})
                fields.append({"name": f.name, "default": str(d) if isinstance(d, Decimal) else d, "kind": kind,
                               "help": said.get("help", ""), "allowed": said.get("allowed", ""),
                               "text": said.get("text", ""), "choices": list(getattr(cls, "CHOICES", {}).get(f.name, ()))})
                # each allowed value as people say it, for the console's select ("any" -> "any two 8s")
                words_of = getattr(cls, "value_words", None)
                fields[-1]["choice_words"] = [{"value": c, "text": words_of(f.name, c) if words_of else str(c)}
                                              for c in fields[-1]["choices"]]
                # the rule objects that read it ("Lucky Penny"), so the host sees what it changes
                fields[-1]["rules"] = [r.name for r in getattr(g, "rules", ())
                                       if any(x.name == f.name for x in r.settings)]
        most = g.max_seats(cls()) if cls is not None else None
        out.append({"id": gid, "name": getattr(g, "name", gid), "settings": fields,
                    "seats": {"min": getattr(g, "min_seats", 2), "max": most if isinstance(most, int) else None},
                    "about": g.opened_text(cls()) if cls is not None else ""})
    return out
