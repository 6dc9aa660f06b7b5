"""What each Bonedoneskis card plays as at showdown (and when judging the bring-in and who acts
first): 7s up and activated black Jacks are wild, black 6s are that 6 or any ace, red 6s are
void, aces are themselves or a red 6, the 4♠ takes its Schizo4nia street power, combined 2s are
one card or two, a face-down 4♣ kills the hand, and 2s full of 5s beats everything."""

from __future__ import annotations

from functools import lru_cache

from ...cards import Card, with_article
from ...poker.evaluator import (Category, TopHand, Unit, combined, copies_matter, derived, evaluate, natural,
                         suitless, void, wild, with_extra)
from ..stud_state import Slot
from .hand import BonedoneskisHand as Hand

# Cards the rules look for, made once (a Card is validated each time one is made).
FOUR_OF_CLUBS = Card(4, "C")
FOUR_OF_SPADES = Card(4, "S")

ACES = tuple(Card(14, s) for s in "SHDC")
RED_SIXES = (Card(6, "H"), Card(6, "D"))
STONE_COLD_NUTS = (TopHand("Stone Cold Nuts (2s full of 5s)", Category.FULL_HOUSE, (2, 5)),)
SCHIZO = {3: Card(8, "S"), 4: Card(12, "S")}  # fifth street: a pair of 4s (see `schizo_unit`)
# A hole card its owner turned up with no rule asking (setting own_exposure "shown"): it is only shown,
# so at showdown it is still judged as a hole card (a 7 is not wild, a 4♣ still kills).
OWN_EXPOSURE = "own-exposure"


def is_wild(slot: Slot, settings) -> bool:
    card = slot.card
    if card is None:
        return False
    if card.rank == 7 and slot.up and OWN_EXPOSURE not in slot.tags and \
            (settings.hole_seven_wild or "was_down" not in slot.tags):
        return True
    return card.rank == 11 and card.is_black and "activated" in slot.tags


def schizo_street(slot: Slot) -> int | None:
    for tag in slot.tags:
        if tag.startswith("schizo:"):
            return int(tag.split(":")[1])
    return None


def unit_for(slot: Slot, settings) -> Unit:
    """The evaluator unit for one physical card, by the house rules' card powers."""
    card = slot.card
    return _unit(card, is_wild(slot, settings), schizo_street(slot) if card == FOUR_OF_SPADES else None)


@lru_cache(maxsize=None)
def _unit(card: Card, is_wild: bool, street: int | None) -> Unit:
    """A unit depends only on the card, whether it is wild and a Schizo 4♠'s street; units are
    immutable values, so each is built (and validated) once. (No hand holds one card twice, so
    two units in one hand are never the same object.)"""
    if is_wild:
        return wild(card)
    if card in RED_SIXES:
        return void(card)
    if card.rank == 6 and card.is_black:
        return derived(card, (card,) + ACES)
    if card.rank == 14:
        return derived(card, (card,) + RED_SIXES)
    if card == FOUR_OF_SPADES and street is not None:
        if street in SCHIZO:
            return derived(card, (card, SCHIZO[street]))
        return schizo_pair(card)
    return natural(card)


def schizo_pair(card: Card) -> Unit:
    """Fifth-street 4♠: the 4♠, or the 4♠ plus a suitless 4 (a pair that can never make a flush)."""
    return with_extra(card, suitless(4))


def combined_card(left: Card, two: Card, settings) -> Card | None:
    """Codependent 2's: the left card plus two, keeping the left card's suit (ace counts 1)."""
    rank = 1 if (left.rank == 14 and settings.combine_ace_low) else left.rank
    total = rank + 2
    if total > 14:
        return None
    return Card(total, left.suit)


def units(hand: Hand, settings, seat: int, *, up_only: bool) -> list[Unit]:
    return _units(*_seat_key(hand, seat, up_only), settings)


def _seat_key(hand: Hand, seat: int, up_only: bool) -> tuple[tuple[Slot, ...], tuple]:
    """What a seat's value depends on: its cards (with their marks) and its combined 2s."""
    slots = tuple(s for s in hand.boards[seat].slots if s.card is not None and (s.up or not up_only))
    return slots, tuple(pair for pair in hand.combined if pair[0] == seat)


def _units(slots, combined_pairs, settings) -> list[Unit]:
    combos = {pair[1]: pair for pair in combined_pairs}
    used: set[Card] = set()
    out: list[Unit] = []
    by_card = {s.card: s for s in slots}
    for _, left_code, two_code in combos.values():
        left, two = Card.parse(left_code), Card.parse(two_code)
        if left in by_card and two in by_card:
            made = combined_card(left, two, settings)
            if made is not None:
                out.append(combined((left, two), made))
                used.update((left, two))
    out.extend(unit_for(s, settings) for s in slots if s.card not in used)
    return out


COMMUNITY_TAGS = frozenset({"community"})


def community_slots(hand: Hand) -> tuple[Slot, ...]:
    """The centre's cards, as face-up cards of every hand at showdown. Nobody was dealt them, so no
    seat's house rules fire on them; their card powers (a 7 face up is wild, an Ace or a black 6
    may play as another card, a red 6 is void) hold for everyone."""
    if not hand.community:
        return ()
    return tuple(Slot(card, True, hand.final_street, 0, COMMUNITY_TAGS) for card in hand.community)


def evaluate_seat(hand: Hand, settings, seat: int, *, up_only: bool, no_copies: bool = True):
    """The seat's hand value: its face-up cards (who acts first; the community card is everyone's,
    so it is left out there) or all its cards with the community card (showdown)."""
    board = hand.boards[seat]
    combos = hand.combined
    pairs = tuple(pair for pair in combos if pair[0] == seat) if combos else ()
    community = () if up_only else hand.community
    # A board is an immutable value, so what it is worth can be memoised on the object itself
    # (outside its fields: equality, hashing and `replace` never see it). Who acts first is
    # judged on every event before a round's first chip; most of those boards have not changed.
    memo = board.__dict__.get("_values")
    if memo is None:
        memo = {}
        object.__setattr__(board, "_values", memo)
    key = (up_only, no_copies, pairs, community)
    hit = memo.get(key)
    if hit is not None and hit[0] is settings:
        return hit[1]
    slots = tuple(s for s in board.slots if s.card is not None and (s.up or not up_only))
    if community:
        slots += community_slots(hand)
    value = (_showing if up_only else _evaluate)(slots, pairs, settings, no_copies)
    memo[key] = (settings, value)
    return value


def _showing(slots, pairs, settings, no_copies: bool):
    """The face-up cards' value, for who acts first: only its `key` is ever used, and the key does
    not depend on the order the cards lie in, so the same cards in any order share one judgement."""
    key = (tuple(sorted([(s.card, is_wild(s, settings), schizo_street(s)) for s in slots])),
           tuple(sorted([pair[1:] for pair in pairs])), settings.combine_ace_low if pairs else None, no_copies,
           "showing")
    return _judged(key, slots, pairs, settings, no_copies)


_JUDGED: dict = {}
_JUDGED_MAX = 1 << 16


def _judged(key, slots, pairs, settings, no_copies: bool):
    """The judgement cached under key (which must carry everything `_judge` reads)."""
    value = _JUDGED.get(key, _JUDGED)
    if value is _JUDGED:
        if len(_JUDGED) >= _JUDGED_MAX:
            _JUDGED.clear()
        value = _JUDGED[key] = _judge(slots, pairs, settings, no_copies)
    return value


def _evaluate(slots, pairs, settings, no_copies: bool):
    """Pure, so cached, by what the judgement depends on: each card with its power (wild or not,
    a Schizo 4♠'s street), in board order, and the combined 2s. Streets, deal order and the other
    marks do not count, so the same cards showing in another hand are not judged again."""
    key = (tuple([(s.card, is_wild(s, settings), schizo_street(s)) for s in slots]),
           tuple([pair[1:] for pair in pairs]), settings.combine_ace_low if pairs else None, no_copies)
    return _judged(key, slots, pairs, settings, no_copies)


def _judge(slots, pairs, settings, no_copies: bool):
    if not pairs and all(_plain(s, settings) for s in slots):
        if not slots:
            return None
        # Only natural cards: the evaluator's fast path. Natural cards make the Stone Cold Nuts
        # only as 2-2-2-5-5, the one full house judged again as the named top hand.
        value = evaluate([s.card for s in slots])
        if value.key[:3] != (Category.FULL_HOUSE, 2, 5):
            return value
    us = _units(slots, pairs, settings)
    if not us:
        return None
    return evaluate(us, top_hands=STONE_COLD_NUTS, no_copies=no_copies)


_evaluate.__wrapped__ = _judge  # the uncached judgement, as functools' caches expose it


def _plain(slot: Slot, settings) -> bool:
    """A card that plays only as itself (no wild, 6, Ace or Schizo 4♠ power)."""
    card = slot.card
    return card.rank not in (6, 7, 11, 14) and schizo_street(slot) is None or \
        (card.rank in (7, 11) and not is_wild(slot, settings))


def showdown_notes(hand: Hand, settings, seat: int, value) -> list[tuple[str, str]]:
    """(rule id, words) for each card power that shapes the seat's showdown hand, so every power
    rule is heard when it decides a hand: "Seat 3: the 7♣ plays as the A♠ (The 7's)"."""
    notes: list[tuple[str, str]] = []
    if value is None:
        return notes
    slots = {s.card: s for s in hand.boards[seat].slots + community_slots(hand) if s.card is not None}
    if value.key and value.key[0] == Category.NAMED:
        notes.append(("stone-cold-nuts", f"Seat {seat} has the Stone Cold Nuts: 2s full of 5s beat every hand."))
    combos = [(Card.parse(a), Card.parse(b)) for s, a, b in hand.combined if s == seat]
    said_combo = set()
    for card, made in value.plays_as.items():
        slot = slots.get(card)
        combo = next((c for c in combos if card in c), None)
        if combo is not None:
            if combo not in said_combo:
                said_combo.add(combo)
                notes.append(("codependent-twos", (f"Seat {seat}: the {combo[0].pretty} and {combo[1].pretty} "
                                                   f"play as the {made.pretty} (Codependent 2's).")))
            continue
        if slot is None:
            continue
        if is_wild(slot, settings):
            rule_id, name = ("sevens", "The 7's") if card.rank == 7 else ("black-jack", "activated Black Jack")
        elif card.rank == 6 and card.is_black:
            rule_id, name = "black-sixes", "Black 6's"
        elif card.rank == 14:
            rule_id, name = "ace-option", "Ace Option"
        elif card == FOUR_OF_SPADES and schizo_street(slot) is not None:
            rule_id, name = "schizo4nia", "Schizo4nia"
        else:
            continue
        what = f"the {made.pretty}" if made.suit else ("also as " if made.rank == card.rank else "") + \
            with_article(made.pretty)
        notes.append((rule_id, f"Seat {seat}: the {card.pretty} plays as {what} ({name})."
                      .replace("plays as also as", "also plays as")))
    for card in RED_SIXES:
        if card in slots:
            notes.append(("red-sixes", f"Seat {seat}: the {card.pretty} has no value (Red 6's)."))
    free = evaluate_seat(hand, settings, seat, up_only=False, no_copies=False) if _copies_matter(hand, settings, seat) \
        else None  # without wild or blocked cards No Copies changes nothing: no second judgement
    # Only when it changed the hand as announced: a copy that would only have bettered a kicker (an
    # ace-high flush A-A-... instead of A-K-...) leaves the hand's name, and the aside, the same.
    if free is not None and free.name != value.name:
        copies = [(c, p) for c, p in free.plays_as.items()
                  if p.suit and Card(p.rank, p.suit) in slots and Card(p.rank, p.suit) not in RED_SIXES]
        what = "; ".join(f"the {c.pretty} may not play as the {p.pretty}, which is already in the hand"
                         for c, p in copies) or "a wild or derived card may not copy a card already in the hand"
        notes.append(("no-copies", f"Seat {seat}: No Copies! {what} (without that rule: {free.name})."))
    return notes


def _copies_matter(hand: Hand, settings, seat: int) -> bool:
    slots = tuple(s for s in hand.boards[seat].slots if s.card is not None) + community_slots(hand)
    pairs = tuple(pair for pair in hand.combined if pair[0] == seat)
    return copies_matter(_units(slots, pairs, settings))


def dead_reason(hand: Hand, seat: int) -> str | None:
    """Killer 4: a face-down 4♣ kills the hand at showdown."""
    for slot in hand.boards[seat].slots:
        if slot.card == FOUR_OF_CLUBS and not slot.up:
            return "the 4♣ is face down: Killer 4"
        if slot.card == FOUR_OF_CLUBS and OWN_EXPOSURE in slot.tags:
            return "the 4♣ is a hole card its owner only showed: Killer 4"
    return None


def bring_in_value(hand: Hand, settings, seat: int, slot: Slot) -> tuple:
    """Lower brings in. Wild and derived cards count as high as they can play (the 7 as an ace);
    a red 6 has no value, so it is the lowest of all (setting red_six_brings_in)."""
    card = slot.card
    suit = {"C": 0, "D": 1, "H": 2, "S": 3}[card.suit]
    if is_wild(slot, settings) or (card.rank == 6 and card.is_black):
        return (14, suit)
    if card in RED_SIXES and settings.red_six_brings_in:
        return (0, suit)
    if card == FOUR_OF_SPADES and schizo_street(slot) in SCHIZO:
        return (SCHIZO[schizo_street(slot)].rank, suit)
    return (card.rank, suit)
