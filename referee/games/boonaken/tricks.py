"""The play at the table: trump named or taken from the first lead, each card checked and placed,
tricks won, and revokes proven from the cards a seat plays later (boonaken-fa.txt lines 75-85).

The referee rarely sees a hand before it is played, but every card of it is played in the end.
So a play is judged against the cards the seat is known to have held at that moment: the ones
named for it and still held, and every card it plays later. A card that breaks the rules even
against that part of the hand broke them against the whole hand (see `proven_illegal`, on the shared
`referee.hidden_hand`).
"""

from __future__ import annotations

from ...announcements import Kind
from ...cards import Card
from ...events import CardPlayed
from ...hidden_hand import held_then, proven_by_later_plays
from ...work import Refusal, Work
from . import play
from .bids import SUIT_NAMES, trump_words
from .deal_state import BoonakenDeal, Revoke, Trick
from .events import TrumpNamed


def has_trump(hand: BoonakenDeal, settings) -> bool:
    return play.deal_has_trump(hand.contract.kind, len(hand.chain), settings)


def on_trump_named(game, w: Work, event: TrumpNamed) -> None:
    hand, settings = w.hand, w.state.settings
    if hand.phase not in ("exchange", "play") or hand.tricks or hand.trick:
        raise Refusal("trump is named before the first card is led")
    if event.seat != hand.declarer:
        raise Refusal(f"only the declarer (seat {hand.declarer}) names trump")
    if not has_trump(hand, settings):
        raise Refusal(f"{'misère' if hand.contract.kind == 'misere' else hand.contract.kind} is played without trump")
    if hand.trump_named:
        raise Refusal(f"trump is already {trump_words(hand.trump)}")
    hand.trump, hand.trump_named = event.suit, True
    w.say(f"Seat {event.seat} names trump: {trump_words(event.suit)}.", rule="trump", seats=(event.seat,))


def _card_check(hand: BoonakenDeal, seat: int, card: Card) -> None:
    if card.rank < 7 or card.is_joker:
        raise Refusal(f"{card.pretty} is not in the Boonaken pack (7 to ace)")
    if card in hand.known_holding(seat):
        return
    where = hand.where(card)
    if where is not None:
        raise Refusal(f"{card.pretty} cannot be seat {seat}'s: it is {where}")
    if hand.holding(seat) <= len(hand.known_holding(seat)):
        raise Refusal(f"seat {seat}'s hand is known and {card.pretty} is not in it")


def why_illegal(card: Card, held: frozenset, trick, trump, settings) -> tuple[str, tuple[str, str], tuple[Card, ...]] | None:
    """Why `card` may not be played to `trick` by a hand holding at least `held`: the rule broken,
    what the proving cards are (one, many) and the held cards that prove it (None: allowed)."""
    cards = [c for _, c in trick]
    if card in play.legal_plays(tuple(held | {card}), cards, trump, settings):
        return None
    led = cards[0].suit
    following = [c for c in held if c.suit == led]
    if trump is None or led != trump and following and card.suit not in (led, trump):
        return f"{SUIT_NAMES[led]} were led", (SUIT_NAMES[led][:-1], SUIT_NAMES[led]), _high_first(following)
    if led == trump:
        return "trump was led", ("trump", "trumps"), _high_first(c for c in held if c.suit == trump)
    return ("no under-trumping: a lower trump after the trick was trumped",
            ("card that is not a trump", "cards that are not trumps"), _high_first(c for c in held if c.suit != trump))


def _high_first(cards) -> tuple[Card, ...]:
    return tuple(sorted(cards, reverse=True))


def proven_illegal(hand: BoonakenDeal, settings, seat: int, card: Card, trick, later: tuple) -> str | None:
    """The reason in words. It names the proving cards already played; those still in the hand
    (a hand the referee was told) are only counted: every viewer hears the reason, and the
    cards are seen as they are played."""
    held = held_then(hand.known_holding(seat), later)
    found = why_illegal(card, held, trick, hand.trump, settings)
    if found is None:
        return None
    broken, (one, many), proof = found
    played = [c for c in proof if c in later]
    hidden = len(proof) - len(played)
    parts = [f"held {' '.join(c.pretty for c in played)} (played later)"] if played else []
    if hidden:
        parts.append(f"still holds {'a' if hidden == 1 else hidden} {one if hidden == 1 else many}")
    return f"{broken}, and the hand {' and '.join(parts)}"


def on_card_played(game, w: Work, event: CardPlayed) -> None:
    hand, settings = w.hand, w.state.settings
    seat, card = event.seat, event.card
    if hand.phase != "play":
        raise Refusal(f"no card is played now (now: {hand.phase})")
    if card is None:
        raise Refusal("say which card was played")
    turn = hand.to_play()
    waiting = game.roem_cards_owed(hand)
    if waiting and not hand.trick and hand.tricks:
        raise Refusal(f"waiting for {' and '.join(f'seat {s}' for s in waiting)} to name the highest roem card")
    if seat != turn:
        raise Refusal(f"out of turn: seat {turn} plays next, not seat {seat} ({card.pretty} goes back)")
    _card_check(hand, seat, card)
    if hand.trump is None and not hand.tricks and not hand.trick and has_trump(hand, settings):
        hand.trump = card.suit
        w.say(f"No trump named: {card.pretty} led, {trump_words(card.suit)} are trump.", rule="trump")
    reason = proven_illegal(hand, settings, seat, card, hand.trick, ()) if hand.trick else None
    if reason and settings.illegal_card == "take_back":
        raise Refusal(f"seat {seat} may not play {card.pretty}: {reason}; take it back and play another")
    trick_no = len(hand.tricks) + 1
    hand.played[seat] = hand.played.get(seat, ()) + (card,)
    hand.hands[seat] = hand.hand_of(seat).give_up(card)
    hand.trick += ((seat, card),)
    if reason:
        _revoke(game, w, Revoke(seat, trick_no, card, reason))
    _earlier_revokes(game, w, seat)
    # A revoke can end the deal (stop_when_certain): then this card completes no trick and scores nothing.
    if hand.phase == "play" and len(hand.trick) == len(hand.order):
        _trick_done(game, w)


def _earlier_revokes(game, w: Work, seat: int) -> None:
    """A card played now may prove that an earlier play of the same seat broke the rules."""
    hand, settings = w.hand, w.state.settings
    tricks = [t.plays for t in hand.tricks] + [hand.trick]
    mine = [(number, at, card) for number, plays in enumerate(tricks, start=1)
            for at, (s, card) in enumerate(plays) if s == seat]
    done = {r.trick for r in hand.revokes if r.seat == seat}

    def why(number: int, at: int, card: Card, later: tuple) -> str | None:
        return proven_illegal(hand, settings, seat, card, tricks[number - 1][:at], later)

    for number, card, reason in proven_by_later_plays(mine, done, why):
        _revoke(game, w, Revoke(seat, number, card, reason))


def _revoke(game, w: Work, revoke: Revoke) -> None:
    hand, settings = w.hand, w.state.settings
    hand.revokes += (revoke,)
    effect = {"penalty": game.revoke_effect(hand, revoke.seat),
              "announce": "The table plays on (illegal_card: announce)",
              "take_back": game.revoke_effect(hand, revoke.seat)}[settings.illegal_card]
    w.say(f"Revoke: seat {revoke.seat} played {revoke.card.pretty} to trick {revoke.trick}: {revoke.reason}. "
          f"{effect}.", rule="revoke", kind=Kind.OBLIGATION, seats=(revoke.seat,))
    game.check_certain(w)


def _trick_done(game, w: Work) -> None:
    hand, settings = w.hand, w.state.settings
    cards = [c for _, c in hand.trick]
    winner = hand.trick[play.trick_winner(cards, hand.trump, settings)][0]
    hand.tricks += (Trick(hand.trick[0][0], hand.trick, winner),)
    hand.trick, hand.leader = (), winner
    w.say(f"Trick {len(hand.tricks)} to seat {winner} ({' '.join(c.pretty for c in cards)}).", rule="trick",
          seats=(winner,))
    if len(hand.tricks) == 1:
        game.close_roem_window(w)
    if all(hand.holding(s) == 0 for s in hand.order):
        game.score(w)
    else:
        game.check_certain(w)
