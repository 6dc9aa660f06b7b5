"""The rules that change what cards are worth (applied by the evaluator at showdown, and when
judging the bring-in and the best showing hand), plus The Krabler, Killer 4 and Codependent 2's."""

from __future__ import annotations

from ...announcements import Kind
from ...cards import Card, with_article
from ...work import Refusal
from ...events import Bet, Call, Check, Raise
from ...poker import betting as bet
from . import boards, powers
from .common import all_of_rank, codes, only_for, rule

# Cards the rules look for, made once (a Card is validated each time one is made).
FOUR_OF_CLUBS = Card(4, "C")
FOUR_OF_SPADES = Card(4, "S")
TWO_OF_CLUBS = Card(2, "C")
TWO_OF_DIAMONDS = Card(2, "D")

STONE_COLD_NUTS = rule(
    "stone-cold-nuts", "Stone Cold Nuts", kind="power", cards=all_of_rank(2) + all_of_rank(5),
    keywords=("nuts", "2s full of 5s", "best hand"),
    text="The best hand in Bonedoneskis is 2s full of 5s. It beats everything, five of a kind included, and wild "
         "cards may be used to make it.",
    trigger="At showdown (and when judging the best showing hand).",
    effect="A full house of 2s over 5s ranks above every other hand.",
    interpretation="2s full of 5s beats every hand, five of a kind included. Two players holding it split.",
    examples=("2♠-2♥-7♦(wild)-5♣-5♦ is the Stone Cold Nuts and beats A-A-A-A-7(wild).",))

SEVENS = rule(
    "sevens", "The 7's", kind="power", cards=all_of_rank(7), keywords=("seven", "wild"),
    text="Every 7 lying face up is wild: it plays as any card you like (but not a copy of one you hold).",
    trigger="Whenever hands are judged.", effect="A face-up 7 plays as any card (No Copies applies).",
    settings=(("hole_seven_wild", True, "a hole 7 turned face up is wild"),),
    interpretation="A hole 7 that gets turned face up is a face-up 7, so it is wild (setting hole_seven_wild). "
                   "A 7 turned face down by a 4-tician is not wild.",
    examples=("X-X-7♣-K♦-K♠: three Kings at least.",), heading="The 7’s")

BLACK_SIXES = rule(
    "black-sixes", "Black 6's", kind="power", cards=codes("6S", "6C"), keywords=("six", "ace"),
    text="A black 6 plays as itself or as any Ace.", trigger="Whenever hands are judged.",
    effect="The 6♠ and 6♣ each play as that 6 or any Ace (No Copies applies).",
    examples=("A♠-2♠-9♠-5♠-A♦-6♣: the 6♣ may be an Ace, but not the A♠ (No Copies).",), heading="Black 6’s")

RED_SIXES = rule(
    "red-sixes", "Red 6's", kind="power", cards=codes("6H", "6D"), keywords=("six", "void", "no value"),
    text="Red 6s are worth nothing: they cannot help any hand, not even a pair. A six-card hand holding a red 6 "
         "plays as five cards. (They still make a Bonedoneskis.)",
    trigger="Whenever hands are judged.", effect="The 6♥ and 6♦ are void.",
    settings=(("red_six_brings_in", True, "a red 6 is the lowest card for the bring-in"),),
    interpretation="For the bring-in a red 6 has no value, so it counts lowest of all.",
    examples=("6♥-6♠-K-K-Q-J: a pair of Kings (the 6♠ may be an Ace: Kings with an Ace kicker).",),
    heading="Red 6’s")

ACE_OPTION = rule(
    "ace-option", "Ace Option", kind="power", cards=all_of_rank(14), keywords=("ace", "red 6"),
    text="An Ace plays as itself or as a red 6.", trigger="Whenever hands are judged.",
    effect="Any Ace may play as the 6♥ or the 6♦ (a void natural red 6 does not block it).",
    interpretation="Any Ace may stand in for either red 6, whatever its own colour: the rule's example makes "
                   "the A♠ the 6♥.",
    examples=("A♠-2♥-4♥-5♥-3♥-6♥: the A♠ plays as the 6♥ for a 6-high straight flush.",))

NO_COPIES = rule(
    "no-copies", "No Copies!", kind="power", cards=(), keywords=("copy", "duplicate", "wild"),
    text="A wild or derived card may not become a card that is already in the hand.",
    trigger="Whenever hands are judged.",
    effect="The evaluator never lets a wild, black 6, Ace, Schizo 4 or combined 2 duplicate a card the hand "
           "holds (a void red 6 does not count as held).",
    interpretation="'Already in the hand' means any card of the player's that can play as itself, whether or "
                   "not it is among the best five; a void red 6 does not block an Ace playing as it.",
    examples=("A♠-2♠-9♠-5♠-A♦-6♣: the 6♣ cannot play as the A♠, so no spade flush.",),
    source="README.md", heading="No Copies!")


@only_for("4S")
def _schizo_up(g, w, seat, index, how):
    hand = w.hand
    slot = hand.boards[seat].slots[index]
    if how != "dealt" or slot.card != FOUR_OF_SPADES or slot.street not in (3, 4, 5):
        return
    hand.boards[seat] = hand.boards[seat].with_slot(index, slot.tagged(f"schizo:{slot.street}"))
    what = {3: "the 4♠ or the 8♠", 4: "the 4♠ or the Q♠", 5: "the 4♠ or a pair of 4s"}[slot.street]
    w.say(f"Schizo4nia: seat {seat}'s 4♠ on street {slot.street} counts as {what}.", rule="schizo4nia", seats=(seat,))


SCHIZO4NIA = rule(
    "schizo4nia", "Schizo4nia", kind="power", cards=codes("4S"), keywords=("four", "schizo", "8♠", "Q♠"),
    text="The 4♠ dealt face up is more than a 4: on third street it is the 4♠ or the 8♠, on fourth the 4♠ or the "
         "Q♠, on fifth the 4♠ or a pair of 4s (the 4♠ and a suitless 4).",
    trigger="The 4♠ is dealt face up on third, fourth or fifth street.",
    effect="Its power depends on the street it was dealt on and stays with the card.",
    interpretation="The power belongs to how the card was dealt and travels with it in trades. The Schizo 8♠ "
                   "is not an 8 Ball; the suitless 4 never makes a flush.",
    examples=("4♠ on 3rd street with 8♦ 8♥: three 8s.", "4♠ on 5th with 4♥: three 4s."),
    up=_schizo_up)


def _killer_turned(g, w, seat, index):
    slot = w.hand.boards[seat].slots[index]
    if slot.card == FOUR_OF_CLUBS:
        w.say(f"Killer 4: seat {seat}'s 4♣ is face down; that hand cannot win a showdown.", rule="killer-4",
              seats=(seat,))


KILLER_4 = rule(
    "killer-4", "Killer 4", kind="power", cards=codes("4C"), keywords=("four", "dead", "bluff"),
    text="A hand with the 4♣ face down is dead at showdown. You may bluff with it and win if everyone folds, "
         "but once it is shown at showdown the hand is dead.",
    trigger="At showdown.", effect="Any seat holding the 4♣ face down at showdown cannot win any pot.",
    interpretation="If every hand left at showdown is dead, they split the pot as if tied.",
    examples=("X(4♣)-X-K-K-K-A: dead at showdown, but wins if everyone folds.",), turned_down=_killer_turned)

# ------------------------------------------------------------------------ Codependent 2's


@only_for("2D", "2C")
def _two_up(g, w, seat, index, how):
    hand = w.hand
    slot = hand.boards[seat].slots[index]
    if how != "dealt" or slot.card not in (TWO_OF_DIAMONDS, TWO_OF_CLUBS) or not 4 <= slot.street <= 7:
        return
    left = boards.left_up(hand, seat, index)
    if left is None:
        return
    taken = {code for combo in hand.combined if combo[0] == seat for code in combo[1:]}
    if left[1].card.code in taken:
        return  # the card on its left is already half of a combined pair
    made = powers.combined_card(left[1].card, slot.card, w.state.settings)
    if made is None or made in {s.card for s in hand.boards[seat].slots}:
        w.say(f"Codependent 2's: the {slot.card.pretty} cannot combine with the {left[1].card.pretty} "
              f"({'no such card' if made is None else 'you already hold the ' + made.pretty}).",
              rule="codependent-twos", seats=(seat,))
        return
    w.ask(seat, "codependent-twos", f"Seat {seat}: combine the {left[1].card.pretty} and {slot.card.pretty} into "
          f"{with_article(made.pretty)}? (at showdown they play as the {made.pretty} or as the two cards)",
          ("combine", "keep"), kind=Kind.OPTION, lapses="betting", left=left[1].card.code, two=slot.card.code,
          grant=(left[1].card.code, slot.card.code))


def _two_decide(g, w, pending, event):
    if event.choice != "combine":
        return
    left, two = pending.get("left"), pending.get("two")
    made = powers.combined_card(Card.parse(left), Card.parse(two), w.state.settings)
    w.hand.combined = w.hand.combined + ((pending.seat, left, two),)
    w.say(f"Seat {pending.seat} combines {Card.parse(left).pretty} + {Card.parse(two).pretty} = {made.pretty}.",
          rule="codependent-twos", seats=(pending.seat,))


CODEPENDENT_TWOS = rule(
    "codependent-twos", "Codependent 2's", kind="option", cards=codes("2D", "2C"), keywords=("two", "combine"),
    text="The 2♦ or 2♣ dealt on fourth to seventh street may be joined to the card just left of it: add two to "
         "its value, keep its suit (5♦ + 2♣ = 7♦). At showdown the pair plays as the combined card or as the two "
         "separate cards, never both. No combining into a card you already hold.",
    trigger="The 2♦ or 2♣ is dealt face up on fourth, fifth, sixth or seventh street next to a face-up card.",
    effect="Option to combine (until the first bet); the evaluator then picks the better reading.",
    settings=(("combine_ace_low", True, "an Ace counts 1 when combining (A+2 = 3)"),),
    interpretation="'Immediate left' is the nearest face-up card to the left. Values: 2-10, J=11, Q=12, K=13, "
                   "A=1; a total of 14 is an Ace, more cannot be combined. A card already half of a combined pair "
                   "cannot be combined again. The option goes with both cards: once either is traded, stolen, "
                   "sold or turned face down before they are combined, it is gone.",
    examples=("X-X-7♥-5♦-2♣: combine 5♦+2♣ = 7♦, a pair of 7s.",
              "J♥-9♥-5♠-9♦-2♣-J♣ reads three Jacks with a 9 and a 5, not Jacks full of 9s.",
              "8♣+2♦ cannot make the 10♣ if you hold the 10♣."), heading="Codependent 2’s",
    up=_two_up, decide=_two_decide)

# ---------------------------------------------------------------------------- The Krabler


def _krablers(hand, seat) -> int:
    """K and 3 side by side on consecutive streets, the newer one dealt this street."""
    ups = boards.up(hand, seat)
    count = 0
    for (_, a), (_, b) in zip(ups, ups[1:]):
        if {a.card.rank, b.card.rank} == {13, 3} and b.street == hand.street and a.street == hand.street - 1:
            count += 1
    return count


def _krabler_due(hand) -> tuple[int, ...]:
    return tuple(s for s in hand.live if _krablers(hand, s))


def _krabler_betting_start(g, w):
    hand = w.hand
    due = _krabler_due(hand)
    hand.krabler = due
    for s in due:
        selling = any(p.rule == "threes" and p.seat == s for p in hand.pending)
        w.say(f"The Krabler: seat {s} must bet if checked to, or raise if bet to, once this round"
              f"{' (unless the 3 is sold)' if selling else ''}.", rule="krabler", kind=Kind.OBLIGATION, seats=(s,))


def _krabler_rejudge(w):
    """Before the round's first chip the boards may still change (a 3 sold, a trade, a card turned
    over): who owes a Krabler is judged again on the boards as they are now."""
    hand = w.hand
    old, new = hand.krabler, _krabler_due(hand)
    for s in old:
        if s not in new:
            w.say(f"The Krabler: seat {s}'s board no longer shows a King and a 3 from consecutive streets; "
                  f"no forced bet.", rule="krabler", seats=(s,))
    for s in new:
        if s not in old:
            w.say(f"The Krabler: seat {s} must bet if checked to, or raise if bet to, once this round.",
                  rule="krabler", kind=Kind.OBLIGATION, seats=(s,))
    hand.krabler = new


def _krabler_owed(hand) -> tuple[int, ...]:
    """Who owes a Krabler now: before the round's first chip it is judged on the boards as they are."""
    b = hand.betting
    if not b.bring_in and not b.acted and not b.put and not b.level:
        return _krabler_due(hand)
    return hand.krabler


def _krabler_options(g, state, names, seat):
    """A seat that owes a Krabler may not check or call while it may bet or raise."""
    if seat in _krabler_owed(state.hand) and ("bet" in names or "raise" in names):
        return [n for n in names if n not in ("check", "call")]
    return names


def _krabler_before(g, w, event):
    hand = w.hand
    b = hand.betting
    if not b.bring_in and not b.acted and not b.put and not b.level:
        _krabler_rejudge(w)
    if not isinstance(event, (Check, Call)):
        return
    allowed = bet.options(hand.betting, event.seat, w.state.settings.max_raises)
    if event.type not in _krabler_options(g, w.state, allowed, event.seat):
        raise Refusal(f"The Krabler: seat {event.seat} must {'bet' if 'bet' in allowed else 'raise'} this round")


def _krabler_after(g, w, event):
    hand = w.hand
    if event.seat in hand.krabler and isinstance(event, (Bet, Raise, Call, Check)):
        hand.krabler = tuple(s for s in hand.krabler if s != event.seat)


KRABLER = rule(
    "krabler", "The Krabler", kind="obligation", cards=all_of_rank(13) + all_of_rank(3), keywords=("k3", "bet", "raise"),
    text="A King and a 3 dealt next to each other on consecutive streets (K then 3, or 3 then K) make their "
         "owner bet if checked to, or raise if bet to, once in that betting round.",
    trigger="The street's new face-up card sits next to a K or 3 dealt on the street before, making K-3 or 3-K.",
    effect="In that round the seat may not check or call while a bet or raise is open to it (it may fold).",
    interpretation="A 3 sold under The 3's makes no Krabler (the boards are judged again before the round's "
                   "first chip, so a sale after the street is dealt counts). Acting first in the round counts "
                   "as being checked to: the seat must bet. When the raises are capped the seat may call. "
                   "Folding stays allowed. 'Dealt' means the K and the 3 sit in positions dealt on consecutive "
                   "streets; a card traded into such a position counts too.",
    examples=("X-X-K then a 3 on 4th street (not sold): bet or raise once.", "X-X-J-3-K: bet or raise once.",
              "X-X-K-J-3: nothing.", "K-3-K: twice, on consecutive rounds."),
    heading="The Krabler", queries={"betting_options": _krabler_options},
    betting_start=_krabler_betting_start, before_action=_krabler_before, after_action=_krabler_after)

RULES = (STONE_COLD_NUTS, SEVENS, BLACK_SIXES, RED_SIXES, ACE_OPTION, NO_COPIES, SCHIZO4NIA, KILLER_4,
         CODEPENDENT_TWOS, KRABLER)
