"""A Bonnu round as the phones, the Table page and the host console show it.

Everything here comes from the referee's `view(state, viewer)["bonnu"]` of the viewer who asks
(referee/games/bonnu/views.py: every seat's card count, the top card, the scores, the rulings; a
seat's own hand to that seat alone), so it shows no card that view hides. This module adds names,
cards as people say them ("red 7"), sentences ("Ben to play on red 7", "Cleo owes Reach!"), and
each phone's measured latency (webui/bonnu_timing.py, not secret). Its options are the phone's
Reach / Cut / Bonnu / lay / draw buttons, exactly as `options()` gives them for that seat.
"""

from __future__ import annotations

from typing import Any

from referee.cards import BONNU_COLOURS, BONNU_VALUES, BonnuCard
from referee.options import Option

from .security import bad
from .wording import named, seat_name

GAME = "bonnu"
SEAT_ACTIONS = ("lay", "draw", "cut", "bonnu", "shout")
SEAT_NEEDS = {"card", "cards"}            # a phone names its own cards where the referee does not know them
# the 60 identities (the two copies of a card look alike), for a picker where the hand is unnamed
PACK = [f"{c}:{v}" for c in BONNU_COLOURS for v in sorted(BONNU_VALUES)]
PHASE_WORDS = {"opening": "the opening draw: each player draws a card, the highest leads",
               "dealing": "dealing: 7 cards each, no card turned up", "play": "", "showing":
               "the round is won: the others lay their hands face up to be scored", "over": "the round is over"}
SHOUT_WORDS = {"reach": "Reach!", "bonnu": "Bonnu!"}
EARLIER_SHOWN = 12                        # the pile's cards under the top the round panel shows, newest first


def card(code: str | None) -> dict[str, Any]:
    """A Bonnu card as the pages draw it: its colour and number ("red 7")."""
    if not code:
        return {"code": None, "pretty": "", "up": False, "red": False, "tags": []}
    c = BonnuCard.parse(code)
    return {"code": code, "pretty": c.pretty, "up": True, "red": False, "tags": [], "colour": c.colour,
            "value": c.value}


def check_card(c) -> None:
    """A card a phone names must be a Bonnu card ("red:7"), said in words otherwise."""
    if not isinstance(c, BonnuCard):
        raise bad(f"the {getattr(c, 'pretty', c)} is not a Bonnu card: name one like red:7, blue:-1 or white:21")


def _latency_words(latency: dict | None) -> str:
    if latency is None:
        return "not measured yet"
    return f"{latency['latency_ms']} ms (measured {latency['age_s']} s ago)"


def round_words(seen: dict | None, names: dict[int, str], latencies: dict[int, dict]) -> dict:
    """The viewer's Bonnu view with names, sentences, cards to draw and every phone's latency;
    before the first round only `{"round": None}` and the latencies."""
    phones = [{"seat": s, "name": seat_name(names, s), "latency_ms": (latencies.get(s) or {}).get("latency_ms"),
               "words": f"{seat_name(names, s)}: {_latency_words(latencies.get(s))}"} for s in sorted(names)]
    if not seen:
        return {"round": None, "phones": phones}
    scores = seen["scores"]
    simple = seen["scoring"] == "simple"
    seats = []
    for s in seen["seats"]:
        seat = s["seat"]
        owes = [SHOUT_WORDS.get(w, w) for w in s["owes"]]
        seats.append({**s, "name": seat_name(names, seat), "score": scores.get(str(seat), 0),
                      "owes_words": " ".join(owes), "latency_ms": (latencies.get(seat) or {}).get("latency_ms"),
                      "penalty_words": f"{s['penalty_cards_owed']} penalty card(s) to draw" if s["penalty_cards_owed"] else "",
                      **({"hand_cards": [card(c) for c in s["hand"]]} if "hand" in s else {}),
                      **({"shown_cards": [card(c) for c in s["shown"]]} if "shown" in s else {})})
    window = seen["window"]
    top = seen["top"]
    turn = seen["to_play"] if seen["phase"] == "play" else None
    on = f" on {card(top)['pretty']}" if top else " (any card leads)"
    window_words = ""
    if window:
        how = {"cut": "Cut", "lead": "led", "play": "laid"}.get(window["how"], window["how"])
        window_words = (f"Cut or Bonnu out of turn on {card(window['card'])['pretty']} "
                        f"({seat_name(names, window['seat'])} {how} it at {window['at']})")
    winner, master = seen["winner"], seen["master"]
    return {
        **seen, "seats": seats, "phones": phones,
        "headline": f"Round {seen['round']} (game {seen['game']}) · "
                    + ("simple game: first to win the rounds" if simple else "Bonnu 100: lowest total wins"),
        "phase_words": PHASE_WORDS.get(seen["phase"], seen["phase"]),
        "turn": turn, "turn_words": f"{seat_name(names, turn)} to play{on}" if turn is not None else "",
        "top_card": card(top) if top else None,
        "earlier_cards": [card(c) for c in reversed(seen["pile_cards"][-EARLIER_SHOWN - 1:-1])],
        "pile_words": f"{seen['pile']} on the pile, {seen['draw_pile']} to draw",
        "window_words": window_words,
        "rulings_words": [named(r, names) for r in seen["rulings"]],
        "penalties_words": [named(f"seat {p['seat']}: {p['penalty'].replace('-', ' ')}", names) for p in seen["penalties"]],
        "score_words": ("Rounds won: " if simple else "Totals: ")
                       + ", ".join(f"{seat_name(names, int(s))} {v}" for s, v in scores.items()),
        "winner_words": f"{seat_name(names, winner)} wins round {seen['round']}" if winner is not None else "",
        "master_words": " and ".join(seat_name(names, s) for s in master) + " Bonnu Master" if master else "",
    }


def option_extra(option: Option, seen: dict | None) -> dict[str, Any]:
    """What a phone's button shows of a Bonnu option: the card or cards it lays, the word it
    shouts; where the referee does not know the hand, what the picker offers (`pack`: the 60
    identities; a Cut: the cards of the number just played; a Bonnu: as many cards as the hand holds)."""
    e = option.event
    out: dict[str, Any] = {"bonnu": True}
    if getattr(e, "card", None) is not None:
        out["card"] = card(e.card.code)
    if getattr(e, "cards", None):
        out["cards"] = [card(c.code) for c in e.cards]
    if option.action == "shout":
        out["word"] = e.word
    if option.needs:
        out["pack"] = PACK
        window = (seen or {}).get("window")
        if option.action == "cut" and window:
            number = BonnuCard.parse(window["card"]).value
            out["pack"] = [c for c in PACK if int(c.partition(":")[2]) == number]
        mine = next((s for s in (seen or {}).get("seats", ()) if s["seat"] == option.seat), None)
        if option.action in ("bonnu", "show") and mine:
            out["count"] = mine["cards"]
    return out


def seen_codes(seen: dict | None) -> set[str]:
    """Every card code the viewer's Bonnu view names (for the feed's words of an event): the top
    card and the pile under it, the window's, the opening draw, the hands laid face up, the viewer's
    own hand."""
    if not seen:
        return set()
    codes = {c for c in (seen["top"], (seen["window"] or {}).get("card")) if c} | set(seen["pile_cards"])
    codes |= set(seen["opening_draw"].values())
    for s in seen["seats"]:
        codes |= set(s.get("hand", ())) | set(s.get("shown", ()))
    return codes
