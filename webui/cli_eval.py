"""`croupier eval`: the best hand from some cards, with wild, derived and void cards, or with every
Bonedoneskis card power (`--game bonedoneskis`)."""

from __future__ import annotations

import json
import re

from referee.cards import Card, CardError, parse_card, parse_cards
from referee.poker.evaluator import derived, evaluate, natural, void, wild

BONEDONESKIS_HELP = """Bonedoneskis card notation: a plain card is face up; (AH) is a face-down card;
JS! is an activated black Jack; 4S@3 is the 4♠ dealt face up on street 3 (Schizo4nia);
5D+2C is a combined Codependent 2."""


def add_parser(sub) -> None:
    e = sub.add_parser("eval", help="evaluate a hand", description=__doc__, epilog=BONEDONESKIS_HELP)
    e.add_argument("cards", help='cards, e.g. "7H 7S 2C 5D 5S AC"')
    e.add_argument("--wild", default="", help="cards that are wild (play as any card)")
    e.add_argument("--void", default="", help="cards that play as nothing")
    e.add_argument("--derived", action="append", default=[], metavar="CARD=OPT,OPT",
                   help="a card that plays as one of the options, e.g. 6C=6C,AS,AH,AD,AC")
    # Two plain flags, not argparse's BooleanOptionalAction: that one reads every flag starting "--no-"
    # as the negative, so "--no-copies" itself would switch the rule off.
    copies = e.add_mutually_exclusive_group()
    copies.add_argument("--no-copies", dest="no_copies", action="store_true", default=True,
                        help="No Copies: wild/derived/combined cards may not duplicate a held card (the default)")
    copies.add_argument("--no-no-copies", dest="no_copies", action="store_false",
                        help="judge without No Copies: they may duplicate a held card")
    e.add_argument("--game", choices=["bonedoneskis"], help="apply a game's card powers")
    e.add_argument("--json", action="store_true")
    e.set_defaults(func=cmd_eval)


def cmd_eval(args) -> int:
    dead = None
    if args.game == "bonedoneskis":
        value, dead = _bonedoneskis_value(args.cards, no_copies=args.no_copies)
    else:
        value = evaluate(_units(args), no_copies=args.no_copies)
    print_value(value, as_json=args.json, dead=dead)
    return 0


def _units(args):
    cards = parse_cards(args.cards)
    wilds, voids = set(parse_cards(args.wild)), set(parse_cards(args.void))
    options: dict[Card, list[Card]] = {}
    for spec in args.derived:
        card, _, opts = spec.partition("=")
        if not opts:
            raise ValueError(f"--derived needs CARD=OPTION,OPTION, got {spec!r}")
        options[parse_card(card)] = parse_cards(opts)
    for extra in (wilds | voids | set(options)) - set(cards):
        raise ValueError(f"{extra.pretty} is given a power but is not in the hand")
    units = []
    for c in cards:
        units.append(wild(c) if c in wilds else void(c) if c in voids else
                     derived(c, options[c]) if c in options else natural(c))
    return units


_TOKEN = re.compile(r"^(\()?([^()!@+]+?)(\))?(!)?(?:@(\d))?$")


def _bonedoneskis_value(text: str, *, no_copies: bool = True):
    """Build a one-seat board from the notation and judge it with the real game's powers:
    (best hand, why the hand is dead at showdown or None). Without No Copies (--no-no-copies) a
    wild, derived or combined card may also copy a card the hand holds."""
    from referee.games.bonedoneskis import powers
    from referee.games.bonedoneskis.settings import BonedoneskisSettings
    from referee.games.bonedoneskis.hand import BonedoneskisHand as Hand
    from referee.games.stud_state import SeatHand, Slot
    settings = BonedoneskisSettings()
    slots, combos = [], []
    for order, token in enumerate(text.replace(",", " ").split(), start=1):
        parts = token.split("+")
        if len(parts) == 2:
            left, two = parse_card(parts[0]), parse_card(parts[1])
            if two not in (Card(2, "D"), Card(2, "C")):
                raise CardError(f"cannot combine {token!r}: only the 2♦ or the 2♣ combines with the card on its left")
            if powers.combined_card(left, two, settings) is None:
                raise CardError(f"cannot combine {token!r}: {left.pretty} + 2 is more than an Ace")
            slots += [Slot(left, True, 4, order), Slot(two, True, 5, order)]
            combos.append((1, left.code, two.code))
            continue
        m = _TOKEN.match(token)
        if not m or bool(m.group(1)) != bool(m.group(3)):
            raise CardError(f"cannot read {token!r}: {BONEDONESKIS_HELP}")
        card = parse_card(m.group(2))
        tags = set()
        if m.group(4):
            if not (card.rank == 11 and card.is_black):
                raise CardError(f"cannot read {token!r}: only a black Jack is activated (JS! or JC!)")
            tags.add("activated")
        if m.group(5):
            if card != Card(4, "S") or m.group(5) not in "345":
                raise CardError(f"cannot read {token!r}: Schizo4nia is the 4♠ dealt face up on street 3, 4 or 5 "
                                f"(4S@3, 4S@4, 4S@5)")
            tags.add(f"schizo:{m.group(5)}")
        slots.append(Slot(card, not m.group(1), int(m.group(5) or 3), order, frozenset(tags)))
    if not slots:
        raise CardError(f"no cards given: {BONEDONESKIS_HELP}")
    if len({s.card for s in slots}) != len(slots):
        raise ValueError("a card appears twice in the hand")
    held = {s.card for s in slots} if no_copies else set()
    for _, left, two in combos:
        made = powers.combined_card(Card.parse(left), Card.parse(two), settings)
        if made in held:
            raise CardError(f"cannot combine {left}+{two}: the hand already holds the {made.pretty} (No Copies)")
    hand = Hand(number=0, dealer=1, order=(1,), boards={1: SeatHand(1, tuple(slots))}, final_street=len(slots))
    hand.combined = tuple(combos)
    return powers.evaluate_seat(hand, settings, 1, up_only=False, no_copies=no_copies), powers.dead_reason(hand, 1)


def value_json(value, dead: str | None = None) -> dict:
    return {"category": value.category.name.lower(), "name": value.name,
            "cards": [_played(p) for p in value.cards],
            "plays_as": {c.code: _played(p) for c, p in value.plays_as.items()}, "key": list(value.key),
            "dead": dead}


def _played(p) -> str:
    from referee.cards import RANK_CHARS
    return RANK_CHARS[p.rank] + (p.suit or "*")


def print_value(value, *, as_json: bool, dead: str | None = None) -> None:
    if as_json:
        print(json.dumps(value_json(value, dead), ensure_ascii=False))
        return
    if dead:
        print(f"Dead hand: {dead}")
    plays = ", ".join(f"{c.pretty} as {_played(p)}" for c, p in value.plays_as.items())
    print(f"{value.name}: {' '.join(_played(p) for p in value.cards)}" + (f"  ({plays})" if plays else ""))
