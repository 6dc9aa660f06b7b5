"""A terse text notation for whole hands, for tests, fixtures and hosts typing a hand in.

One command per line (or separated by `;`), `#` starts a comment:

    open bonedoneskis 1 2 3 4 ante=0.50
    hand 1 dealer 4
    down 1 KH, 2 5S, 3 AH, 4 JD        # face-down deals, in order
    up 1 TC, 2 2D                       # face-up deals ("up 2 ?" is not allowed: up cards are seen)
    down 3 ?                            # an unseen hole card
    centre 9S                           # a community card, face up in the centre
    bring_in 2 / complete 4 / check 1 / bet 3 / call 4 / raise 4 / fold 1 / allin 2 1.50
    decide 3 black-jack pay [seat=4] [card=5D] [id=7]   # seat "host" for the host
    expose 3 KD | turndown 2 4C | swap 1 9D 2 KC | move 2 5D 1 | discard 3 3C   # only as a rule allows
    turndown 2 4C -- the dealer flipped it by mistake   # a host correction: any move, with its reason
    show 3 AH 9C | pay 3 2.50 [to=pot:main] | war 3 KH | end [reason] | undo 12 reason words
    street 4                            # optional: the street of the next deals (checked)

Every command becomes exactly one or more `Event`s; `to_jsonl` writes them as `.jsonl`.
"""

from __future__ import annotations

from .cards import parse_card
from .events import (AllIn, Bet, BringIn, Call, CardDealt, CardDiscarded, CardExposed, CardMoved, CardsSwapped,
                     CardTurnedDown, Check, Complete, Decision, Event, EventError, Fold, HandEnded, HandShown,
                     HandStarted, Payment, Raise, TableOpened, Undo, dumps_jsonl)
from .money import money

_BETS = {"bring_in": BringIn, "complete": Complete, "check": Check, "bet": Bet, "call": Call,
         "raise": Raise, "fold": Fold}


def _card(text: str):
    return None if text == "?" else parse_card(text)


def _kv(words: list[str]) -> tuple[list[str], dict[str, str]]:
    plain, kv = [], {}
    for w in words:
        if "=" in w:
            k, _, v = w.partition("=")
            kv[k] = v
        else:
            plain.append(w)
    return plain, kv


def _value(text: str):
    if text in ("true", "false"):
        return text == "true"
    try:
        return int(text)
    except ValueError:
        return text


def parse_line(line: str, street: list[int | None]) -> list[Event]:
    words = line.split()
    cmd, rest = words[0].lower(), words[1:]
    if cmd == "open":
        plain, kv = _kv(rest)
        return [TableOpened(plain[0], tuple(int(s) for s in plain[1:]), {k: _value(v) for k, v in kv.items()})]
    if cmd == "hand":
        plain, _ = _kv(rest)
        seats = tuple(int(s) for s in plain[3:]) if len(plain) > 3 else ()
        return [HandStarted(int(plain[0]), int(plain[2] if plain[1] == "dealer" else plain[1]), seats)]
    if cmd == "street":
        street[0] = int(rest[0])
        return []
    if cmd in ("up", "down"):
        out = []
        for part in " ".join(rest).split(","):
            seat, card = part.split()
            out.append(CardDealt(int(seat), _card(card), cmd == "up", street[0]))
        return out
    if cmd == "centre":
        return [CardDealt(None, parse_card(rest[0]), True, street[0])]
    if cmd == "war":
        return [CardDealt(int(rest[0]), parse_card(rest[1]), True, None, "war")]
    if cmd in _BETS:
        return [_BETS[cmd](int(rest[0]))]
    if cmd == "allin":
        return [AllIn(int(rest[0]), money(rest[1]))]
    if cmd == "decide":
        plain, kv = _kv(rest)
        seat = None if plain[0] == "host" else int(plain[0])
        return [Decision(seat, plain[1], plain[2], int(kv["seat"]) if "seat" in kv else None,
                         _card(kv["card"]) if "card" in kv else None, int(kv["id"]) if "id" in kv else None)]
    if cmd in ("expose", "turndown", "swap", "move", "discard"):
        words = " ".join(rest).split(" -- ", 1)
        args, correction = words[0].split(), words[1].strip() if len(words) > 1 else ""
        return [_move(cmd, args, correction)]
    if cmd == "show":
        return [HandShown(int(rest[0]), tuple(parse_card(c) for c in rest[1:]))]
    if cmd == "pay":
        plain, kv = _kv(rest)
        return [Payment(int(plain[0]), money(plain[1]), kv.get("to", "pot:main"), kv.get("rule", ""),
                        kv.get("memo", ""))]
    if cmd == "end":
        return [HandEnded(" ".join(rest))]
    if cmd == "undo":
        return [Undo(int(rest[0]), " ".join(rest[1:]))]
    raise EventError(f"unknown command {cmd!r}")


def parse_script(text: str, source: str = "<script>") -> list[Event]:
    events: list[Event] = []
    street: list[int | None] = [None]
    for number, raw in enumerate(text.splitlines(), start=1):
        for line in raw.split("#", 1)[0].split(";"):
            if not line.strip():
                continue
            try:
                events.extend(parse_line(line.strip(), street))
            except (EventError, ValueError, IndexError, KeyError) as exc:
                raise EventError(f"{source}:{number}: cannot read {line.strip()!r}: {exc}") from None
    return events


def to_jsonl(text: str) -> str:
    return dumps_jsonl(parse_script(text))


def play(text: str, state=None):
    """Replay a script: (state, announcements). Refusals propagate with their reason."""
    from .engine import replay
    return replay(parse_script(text), state)


def call_around(state):
    """Play the current betting round out passively: bring in, then everyone calls or checks.
    Returns (state, announcements). For tests, and for a host skipping a round of chips."""
    from .engine import apply
    from .events import BringIn, Call, Check
    said = []
    while state.hand is not None and state.hand.phase == "betting" and state.hand.betting.to_act is not None:
        b = state.hand.betting
        seat = b.to_act
        event = BringIn(seat) if b.bring_in and not b.level else Call(seat) if b.level > b.put_by(seat) else Check(seat)
        state, anns = apply(state, event)
        said += anns
    return state, said


def _move(cmd: str, a: list[str], correction: str) -> Event:
    if cmd == "expose":
        return CardExposed(int(a[0]), parse_card(a[1]), correction)
    if cmd == "turndown":
        return CardTurnedDown(int(a[0]), parse_card(a[1]), correction)
    if cmd == "swap":
        return CardsSwapped(int(a[0]), _card(a[1]), int(a[2]), _card(a[3]), correction)
    if cmd == "move":
        return CardMoved(int(a[0]), parse_card(a[1]), int(a[2]), correction)
    return CardDiscarded(int(a[0]), _card(a[1]), correction)
