"""A Boneyard euchre round as the phones, the Table page and the host console show it.

Everything here is derived from the referee's `view(state, viewer)["boneyard-euchre"]` of the viewer
who asks (referee/games/boneyard/views.py), so it shows no card that view hides: this module adds
only names, cards as people write them (10♠, Joker) and sentences ("Ben takes the Q♠, trump ♠
spades"). Its options are the phone's buttons: Take It / Leave It, one button per card where the
referee knows the hand, a card picker limited to the Boneyard pack (9 to ace and the joker) where
it does not.
"""

from __future__ import annotations

from typing import Any

from referee.games.boneyard.cards import PACK as BONEYARD_PACK
from referee.games.boneyard.modifier_ids import NAMES as MODIFIER_NAMES
from referee.lookup import rule_by_id
from referee.options import Option

from . import boneyard_sheet
from .boonaken_views import card
from .wording import named, seat_name as _who

GAME = "boneyard-euchre"
PACK = [c.code for c in BONEYARD_PACK]          # the 25 cards: 9 to ace of each suit and the joker
SEAT_ACTIONS = ("bid", "trump", "discard", "play", "pass", "reveal", "decline", "rob", "fools_gold", "penny",
                "flip")
SUIT_WORDS = {"S": "♠ spades", "H": "♥ hearts", "D": "♦ diamonds", "C": "♣ clubs"}
PHASE_WORDS = {"taking": "to Take It or Leave It", "naming": "to name trump", "discard": "to discard",
               "modifiers": "to draw the modifiers", "play": "to play"}


def _pretty(code: str | None) -> str:
    return card(code)["pretty"] if code else ""


def _modifier(m: dict) -> dict:
    """An active modifier with its rule text from the rule sheet (the view's own text otherwise)."""
    rule = rule_by_id(m["id"])
    return {**m, "text": rule.text if rule is not None else m["text"]}


def _turn(seen: dict) -> tuple[int | None, str]:
    phase = seen["phase"]
    seat = {"taking": seen.get("to_choose"), "naming": seen.get("maker"), "discard": seen.get("maker"),
            "modifiers": seen.get("dealer"), "play": seen.get("to_play")}.get(phase)
    return seat, PHASE_WORDS.get(phase, "")


def _ranking(seen: dict) -> dict:
    """The effective order of trump and of the led suit, highest first, as the view gives it (the
    referee's one ranking function, under trump and the active modifiers)."""
    out = {}
    for which in ("trump", "led"):
        cards = seen["ranking"][which]
        if not cards:
            continue
        suit = seen["trump"] if which == "trump" else _led_suit(cards)
        title = f"{'Trump' if which == 'trump' else 'Led'} {SUIT_WORDS[suit]}" if suit in SUIT_WORDS else "The led suit"
        out[which] = {"cards": [card(c) for c in cards],
                      "words": f"{title}, highest first: " + " > ".join(_pretty(c) for c in cards)}
    return out


def _led_suit(cards: list[str]) -> str | None:
    """The suit of the led ranking: the one plain suit all its cards share, if they do."""
    suits = {c[1] for c in cards if c != "JK"}
    return suits.pop() if len(suits) == 1 else None


def _flip(f: dict) -> str:
    adds = f" ({MODIFIER_NAMES.get(f['adds'], f['adds'])})" if f["adds"] else ""
    return f"{MODIFIER_NAMES.get(f['by'], f['by'])} flipped the {_pretty(f['card'])}{adds}"


def _penny(seen: dict, names: dict[int, str]) -> str:
    """The Lucky Penny in words: its card only once the view names it (played, or to the host)."""
    p, maker = seen["penny"], seen["maker"]
    if not p["placed"]:
        return ""
    partner = _partner(seen, maker)
    what = f", the {_pretty(p['card'])}" if p.get("card") else ""
    if p["played"]:
        return f"{_who(names, partner)} played the Lucky Penny{what}"
    return f"A bone lies face down in front of {_who(names, partner)} (Lucky Penny){what or ', unseen'}"


def _hidden_cards(seen: dict) -> dict:
    """The face-down cards this view names (the host's; the Maker's own discard), to draw: the
    discard, the bones left face down, the Lucky Penny before it is played."""
    penny = seen["penny"]
    return {"discard": card(seen["discard"]) if seen.get("discard") else None,
            "bones": [card(c, up=False) for c in seen.get("bones", ())],
            "penny": card(penny["card"], up=False) if penny.get("card") and not penny["played"] else None}


def _turn_words(seen: dict, names: dict[int, str], turn: int | None, doing: str) -> str:
    """Who acts now; nobody while the lead waits (the waiting words say for what); under Dummy the
    Maker when the dummy's card is due, since they play it (the hand lies face up by then)."""
    if turn is None or not doing or seen["waiting"]:
        return ""
    maker = seen["maker"]
    if maker is not None and turn == _partner(seen, maker) and any(m["id"] == "dummy" for m in seen["modifiers"]):
        return f"{_who(names, maker)} to play {_who(names, turn)}'s card (Dummy)"
    return f"{_who(names, turn)} {doing}"


def _partner(seen: dict, seat: int) -> int:
    return next(s for t in seen["teams"] if seat in t for s in t if s != seat)


def round_words(seen: dict, names: dict[int, str], finished: list[dict] = ()) -> dict:
    """The viewer's Boneyard view with names, sentences and cards to draw, and the score sheet of
    the `finished` rounds (their public views); before the first round only the teams, the scores
    and the sheet."""
    teams = seen.get("teams") or [[], []]
    team_names = [" & ".join(_who(names, s) for s in t) for t in teams]
    scores = seen.get("scores", [0, 0])
    score_words = f"{team_names[0]} {scores[0]}, {team_names[1]} {scores[1]}"
    sheet = boneyard_sheet.sheet([v[GAME] for v in finished if "round" in v.get(GAME, {})], team_names, names)
    if "round" not in seen:
        return {"round": None, "team_names": team_names, "scores": scores, "score_words": score_words,
                "sheet": sheet}
    maker, trump = seen["maker"], seen["trump"]
    headline = f"Round {seen['round']} (game {seen['game_no']}): {_who(names, seen['dealer'])} deals"
    if seen["up_bone"]:
        headline += f", the bone turned up is the {_pretty(seen['up_bone'])}"
    maker_words = ""
    if maker is not None:
        maker_words = f"{_who(names, maker)} takes the {_pretty(seen['taken'])}" if seen["taken"] else \
            f"{_who(names, maker)} is the Maker"
        if trump:
            maker_words += f", trump {SUIT_WORDS.get(trump, trump)}"
    seats = [{**s, "name": _who(names, s["seat"]), "played": [card(c) for c in s["played"]],
              "face_up": [card(c) for c in s["face_up"]],
              **({"cards": [card(c) for c in s["cards"]]} if "cards" in s else {})} for s in seen["seats"]]
    tricks = [0, 0]
    for s in seen["seats"]:
        tricks[s["team"] - 1] += s["tricks"]
    turn, doing = _turn(seen)
    return {
        **seen, "seats": seats, "headline": headline, "maker_words": maker_words,
        "team_names": team_names, "score_words": score_words,
        "tricks_words": f"Tricks: {team_names[0]} {tricks[0]}, {team_names[1]} {tricks[1]}",
        "bids_words": [f"{_who(names, b['seat'])}: {'Take It' if b['choice'] == 'take' else 'Leave It'}"
                       for b in seen["bids"]],
        "modifiers": [_modifier(m) for m in seen["modifiers"]],
        "turn": turn, "turn_words": _turn_words(seen, names, turn, doing),
        "up_card": card(seen["up_bone"]) if seen["up_bone"] else None,
        "taken_card": card(seen["taken"]) if seen["taken"] else None,
        "trick_cards": [{"seat": t["seat"], "name": _who(names, t["seat"]), **card(t["card"])} for t in seen["trick"]],
        "last_trick_words": named(seen["tricks"][-1]["text"], names) if seen["tricks"] else "",
        "revokes_words": [named(f"Seat {r['seat']}: {r['reason']}", names) for r in seen["revokes"]],
        "result_words": "" if seen["winner"] is None else f"{team_names[seen['winner'] - 1]} win the game",
        "ranking_words": _ranking(seen), "tricks_explained": boneyard_sheet.tricks(seen, names),
        "flips_words": [_flip(f) for f in seen["flips"]], "penny_words": _penny(seen, names),
        "waiting_words": [named(w, names) for w in seen["waiting"]], "sheet": sheet,
        "carried_words": ", ".join(MODIFIER_NAMES.get(m, m) for m in seen["carried"]),
        "hidden_cards": _hidden_cards(seen),
    }


def option_extra(option: Option) -> dict[str, Any]:
    """What the phone's buttons show of a Boneyard option: a card's code, a trump's suit, Take It or
    Leave It; and the cards a `needs: ["card"]` picker may offer (the Boneyard pack)."""
    e = option.event
    out: dict[str, Any] = {}
    if option.action == "bid":
        out["bid"] = e.bid
    if getattr(e, "card", None) is not None:
        out["card"] = card(e.card.code)
    if option.action == "trump":
        out["suit"] = e.suit
    if option.action == "pass":
        out["to_seat"] = e.to_seat
    if "card" in option.needs:
        out["pack"] = PACK
    return out


def seen_codes(seen: dict | None) -> set[str]:
    """Every card code the viewer's Boneyard view names as a card on the table or in a hand (for
    the feed's words of an event); the trump ranking lists every card and names nobody's, so it is
    left out."""
    if not seen or "round" not in seen:
        return set()
    codes = {c for c in (seen["up_bone"], seen["taken"], seen["copied"], seen.get("discard"),
                         seen["penny"].get("card")) if c}
    codes |= {f["card"] for f in seen["flips"]} | {t["card"] for t in seen["trick"]}
    codes |= {c["card"] for t in seen["tricks"] for c in t["cards"]} | set(seen.get("bones", ()))
    for s in seen["seats"]:
        codes |= set(s["played"]) | set(s["face_up"]) | set(s.get("cards", ()))
    return codes
