"""A Boonaken deal as the phones, the Table page and the host console show it.

Everything here is derived from the referee's `view(state, viewer)["boonaken"]` of the viewer who
asks (referee/games/boonaken/views.py), so it shows no card that view hides: this module adds only
names, cards as people write them (10♠, not TS), and sentences ("Ben plays 30, trump ♠ spades",
"Dev (seat 4) buys the drinks"). Its options are shown as the phone's pickers: one bid picker
(a select of the numbers, a button per named bid), a card picker limited to the Boonaken pack (7 to
ace) where the referee does not know the hand, one button per card where it does.
"""

from __future__ import annotations

from typing import Any

from referee.cards import parse_card
from referee.options import Option

from .wording import named

RANKS = "789TJQKA"
SUITS = "SHDC"
PACK = [r + s for s in SUITS for r in reversed(RANKS)]    # the 32 cards of the Boonaken pack, by suit
SEAT_ACTIONS = ("bid", "discard", "trump", "play", "roem", "challenge", "roem_card")
SHEET_WORDS = {"in": "still in", "erin": "erin", "eruit": "eruit", "wip": "wip"}


def card(code: str | None, up: bool = True) -> dict[str, Any]:
    """A card as the pages draw it (the same shape as the stud boards' cards)."""
    if not code:
        return {"code": None, "pretty": "", "up": False, "red": False, "tags": []}
    c = parse_card(code)
    return {"code": code, "pretty": c.pretty, "up": up, "red": c.is_red, "tags": []}


def _who(names: dict[int, str], seat: int | None) -> str:
    return "nobody" if seat is None else names.get(seat, f"seat {seat}")


def _sheet(sheet: dict | None, names: dict[int, str]) -> dict | None:
    """One column per seat: its marks as + and − (or its points), its standing in words, and once
    the game is over who buys the drinks, with the seat number and the name."""
    if not sheet:
        return None
    rows = []
    for r in sheet["rows"]:
        column = r["column"]
        marks = [m for m in column.removeprefix("marks ") if m in "+−"] if sheet["scoring"] == "marks" else []
        rows.append({**r, "name": _who(names, r["seat"]), "marks": marks,
                     "points": None if sheet["scoring"] == "marks" else column,
                     "status_words": SHEET_WORDS.get(r["status"], r["status"])})
    losers = sheet["losers"]
    drinks = ""
    if losers:
        who = " and ".join(f"seat {s} ({_who(names, s)})" for s in losers)
        drinks = f"{who[0].upper()}{who[1:]} {'buys' if len(losers) == 1 else 'buy'} the drinks"
    return {**sheet, "rows": rows, "drinks_words": drinks}


def _roem(roem: dict, names: dict[int, str]) -> dict:
    """The roem of the first trick in sentences: the declaration, each challenge, the tie-break
    cards named, and the ruling once the referee has made it."""
    lines = []
    declarer = roem.get("declarer")
    if roem["declared"]:
        lines.append(f"{_who(names, declarer)} declared {roem['declared']} roem")
    for c in roem["challenges"]:
        equal = " (equal: each names the highest roem card)" if c["amount"] == roem["declared"] else ""
        lines.append(f"{_who(names, c['seat'])} challenges with {c['amount']} roem{equal}")
    for seat, code in roem["named"].items():
        lines.append(f"{_who(names, int(seat))} names the {parse_card(code).pretty}")
    ruling = ""
    if roem["settled"] and roem["declared"]:
        by = roem["cancelled_by"]
        ruling = (f"{_who(names, declarer)}'s {roem['declared']} roem stands" if by is None else
                  f"{_who(names, by)}'s roem cancels {_who(names, declarer)}'s {roem['declared']} roem")
    waiting = [f"{_who(names, s)} names the highest roem card" for s in roem["owed"]]
    return {**roem, "lines": lines, "ruling": ruling, "waiting": waiting,
            "named_cards": {s: card(c) for s, c in roem["named"].items()}}


def deal_words(seen: dict, names: dict[int, str]) -> dict:
    """The viewer's Boonaken view with names, sentences and cards to draw; before the first deal
    only `{"deal": None, "sheet": None}`."""
    if not seen or seen.get("deal") is None:
        return {"deal": None, "sheet": _sheet(seen.get("sheet") if seen else None, names)}
    contract = seen["contract"]
    what = ""
    if contract:
        kind = contract["kind"]
        what = f"{_who(names, contract['seat'])} plays {contract['text']}"
        if kind == "misere" and len(contract["misere_chain"]) > 1:
            what = "Misère: " + ", ".join(_who(names, s) for s in contract["misere_chain"])
        if seen["trump"]:
            what += f", trump {seen['trump_text']}"
    seats = []
    for s in seen["seats"]:
        seats.append({**s, "name": _who(names, s["seat"]), "played": [card(c) for c in s["played"]],
                      **({"cards": [card(c, up=False) for c in s["cards"]]} if "cards" in s else {}),
                      **({"discards": [card(c, up=False) for c in s["discards"]]} if "discards" in s else {})})
    centre = seen["centre"]
    turn = seen["to_bid"] if seen["phase"] == "bidding" else seen["exchange"]["seat"] \
        if seen["phase"] == "exchange" else seen["to_play"] if seen["phase"] == "play" else None
    doing = {"bidding": "to bid", "exchange": "to discard", "play": "to play"}.get(seen["phase"], "")
    return {
        **seen, "seats": seats,
        "headline": f"Deal {seen['deal']} (game {seen['game_no']}): {_who(names, seen['dealer'])} deals, "
                    f"{_who(names, seen['cutter'])} cuts",
        "contract_words": what,
        "turn": turn, "turn_words": f"{_who(names, turn)} {doing}" if turn is not None else "",
        "bids_words": [f"{_who(names, b['seat'])}: {b['bid']}" for b in seen["bids"]],
        "centre_cards": [card(c) for c in centre["up"]],
        "centre_taken": [card(c) for c in centre.get("cards", [])],
        "centre_words": (f"{centre['size']} centre cards, taken by {_who(names, centre['taken_by'])}"
                         if centre["taken_by"] is not None else f"{centre['size']} centre cards"),
        "trick_cards": [{"seat": t["seat"], "name": _who(names, t["seat"]), **card(t["card"])} for t in seen["trick"]],
        "roem": _roem(seen["roem"], names),
        "results_words": [f"{_who(names, r['seat'])} {'wins' if r['won'] else 'loses'} the deal" for r in seen["results"]],
        "revokes_words": [named(f"Seat {r['seat']}: {r['reason']}", names) for r in seen["revokes"]],
        "sheet": _sheet(seen["sheet"], names),
    }


def option_extra(option: Option) -> dict[str, Any]:
    """What the phone's pickers group a Boonaken option by: a bid's value (a number, or pass,
    misère, zwabber, boonaak...), a card's code, a trump's suit, a roem amount; and the cards a
    `needs: ["card"]` picker may offer (the Boonaken pack)."""
    e = option.event
    out: dict[str, Any] = {}
    if option.action == "bid":
        # the pickers: the numbers in one select, "boonaak 20" ... "boonaak 240" in another
        word, _, amount = e.bid.rpartition(" ")
        out["bid"] = e.bid
        out["number"] = e.bid.isdigit()
        out["bid_group"] = "number" if e.bid.isdigit() else word if amount.isdigit() else None
        if amount.isdigit():
            out["bid_amount"] = int(amount)
    if getattr(e, "card", None) is not None:
        out["card"] = card(e.card.code)
    if option.action == "trump":
        out["suit"] = e.suit
    if option.action in ("roem", "challenge"):
        out["amount"] = e.amount
    if "card" in option.needs:
        out["pack"] = PACK
    return out


def seen_codes(seen: dict) -> set[str]:
    """Every card code the viewer's Boonaken view names (for the feed's words of an event)."""
    if not seen or seen.get("deal") is None:
        return set()
    codes = set(seen["centre"]["up"]) | set(seen["centre"].get("cards", ()))
    codes |= {t["card"] for t in seen["trick"]} | {c["card"] for t in seen["tricks"] for c in t["cards"]}
    codes |= set(seen["roem"]["named"].values())
    for s in seen["seats"]:
        codes |= set(s["played"]) | set(s.get("cards", ())) | {c for c in s.get("discards", ()) if c}
    return codes
