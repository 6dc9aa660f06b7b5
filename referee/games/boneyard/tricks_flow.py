"""The play at the table (sheet line 7): each card checked against what the referee knows of the
hand and placed, Fool's Gold (line 21) and the Lucky Penny (17) as ways of playing, each trick's
ruling with the modifiers that decided it, Strip Club's queen point (20), Fusion's declined lead
(31) and Grave Robber's card (14).

As in Boonaken (`boonaken/tricks.py`), a play is judged against the cards the seat is known to
hold: those named for it and every card it plays later (`referee.hidden_hand`). A card that breaks
the rules even against that part of the hand broke them against the whole hand: refused at once
when the referee can see it, else announced as a revoke when a later card proves it (the sheet sets
no penalty).
"""

from __future__ import annotations

from ...announcements import Kind
from ...cards import Card
from ...hidden_hand import held_then, proven_by_later_plays
from ...work import Refusal, Work
from . import setup
from .order import grave_robber_tricks, partner_of
from .ranking import Play, follows, led_suit, legal_fools_gold, legal_plays, trick_winner
from .round_state import BoneyardRound, Trick, check_pack
from .scoring import queen_point

# The partner's own ways of playing (Fool's Gold line 21, Lucky Penny line 17), as a refusal says them.
PARTNERS_PLAY = {"fools_gold": "play a card as Fool's Gold", "penny": "play the Lucky Penny"}


def _ready(rnd: BoneyardRound, seat: int, card: Card | None) -> None:
    if rnd.phase != "play":
        raise Refusal(f"no card is played now (now: {rnd.phase})")
    if card is None:
        raise Refusal("say which card was played")
    still = setup.waiting(rnd)
    if still:
        raise Refusal(f"not yet: {still[0]}")
    turn = rnd.to_play()
    if seat != turn:
        raise Refusal(f"out of turn: seat {turn} plays next, not seat {seat} ({card.pretty} goes back)")
    check_pack(card)


def _follows(rnd: BoneyardRound, card: Card, trick) -> bool:
    """Nothing is led yet, or `card` is of the led suit: allowed, whatever else the hand holds (so no
    later card can prove it a revoke)."""
    led = led_suit([c for _, c, _ in trick], rnd.rnd)
    return led is None or follows(card, led, rnd.rnd)


def why_illegal(rnd: BoneyardRound, seat: int, card: Card, trick, later: tuple = (),
                not_yet: frozenset = frozenset()) -> str | None:
    """Why `card` may not be played to `trick` (a tuple of (seat, card, how)), from the cards the
    seat is known to hold and those it played later, less `not_yet` (a card robbed after that
    trick); None: allowed (or not provable)."""
    if _follows(rnd, card, trick):
        return None
    cards = [c for _, c, _ in trick]
    held = held_then(rnd.known_holding(seat), later, not_yet) | {card}
    allowed = legal_plays(tuple(held), cards, rnd.rnd)
    if card in allowed:
        return None
    following = sorted((c for c in held if c != card and c in allowed), reverse=True)
    seen = [c for c in following if c in later]
    hidden = len(following) - len(seen)
    parts = [f"held {' '.join(c.pretty for c in seen)} (played later)"] if seen else []
    if hidden:
        parts.append(f"still holds {'a card' if hidden == 1 else str(hidden) + ' cards'} of the led suit")
    return f"the led suit must be followed, and the hand {' and '.join(parts)}"


def on_card_played(game, w: Work, event, how: str = "") -> None:
    rnd: BoneyardRound = w.hand
    seat, card = event.seat, event.card
    _ready(rnd, seat, card)
    partner = rnd.partner(rnd.maker)
    if how and seat != partner:
        raise Refusal(f"only the Maker's partner (seat {partner}) may {PARTNERS_PLAY[how]}")
    if how == "penny":
        if not rnd.penny_placed or rnd.penny_played:
            raise Refusal("there is no Lucky Penny in front of this seat to play")
        if rnd.penny is not None and card != rnd.penny:
            raise Refusal(f"the Lucky Penny is the {rnd.penny.pretty}, not the {card.pretty}")
        why = rnd.may_be_bone(card, w.state.settings) if rnd.penny is None else None
        if why is not None:
            raise Refusal(f"{card.pretty} cannot be the Lucky Penny: {why}")
        if w.state.settings.lucky_penny_follows and rnd.trick:
            reason = why_illegal(rnd, seat, card, rnd.trick)
            if reason:
                raise Refusal(f"seat {seat} may not play the Lucky Penny {card.pretty}: {reason} (lucky_penny_follows)")
        rnd.penny, rnd.penny_played = card, True
    else:
        if card in rnd.known_holding(seat):
            pass
        elif rnd.where(card) is not None:
            raise Refusal(f"{card.pretty} cannot be seat {seat}'s: it is {rnd.where(card)}")
        elif rnd.fully_known(seat):
            raise Refusal(f"seat {seat}'s hand is known and {card.pretty} is not in it")
        if how == "fools_gold":
            if rnd.fools_gold_used:
                raise Refusal("Fool's Gold is once per round, and it has been played")
            held = tuple(rnd.known_holding(seat) | {card})
            if card not in legal_fools_gold(held, [c for _, c, _ in rnd.trick], rnd.rnd):
                raise Refusal(_fools_gold_refusal(rnd, card))
            rnd.fools_gold_used = True
        else:
            reason = why_illegal(rnd, seat, card, rnd.trick)
            if reason:
                raise Refusal(f"seat {seat} may not play {card.pretty}: {reason}; take it back and play another")
        rnd.name(seat, card)
        rnd.give_up(seat, card)
    rnd.trick += ((seat, card, how),)
    if how == "fools_gold":
        w.say(f"Seat {seat} plays {card.pretty} as Fool's Gold.", rule="fools-gold", seats=(seat,))
    elif how == "penny":
        w.say(f"Seat {seat} plays the Lucky Penny: {card.pretty}.", rule="lucky-penny", seats=(seat,))
    _earlier_revokes(w, seat)
    if len(rnd.trick) == 4:
        _trick_done(game, w)


def _fools_gold_refusal(rnd: BoneyardRound, card: Card) -> str:
    if not rnd.on("fools-gold"):
        return "Fool's Gold is not in play this round"
    if not rnd.trick:
        return "Fool's Gold is played to a led suit: it cannot lead"
    if card.is_joker:
        return "the benny has no rank of its own, so it cannot be played as Fool's Gold"
    return "Fool's Gold is not a way of following (fools_gold_follows off): the hand can follow the led suit"


def _earlier_revokes(w: Work, seat: int) -> None:
    """A card played now may prove that an earlier card of the same seat broke the rules."""
    rnd: BoneyardRound = w.hand
    tricks = [t.plays for t in rnd.tricks] + [rnd.trick]
    # The seat's plays in order, by place: a card robbed back by Grave Robber may be played twice.
    # The Lucky Penny never was in the hand, so it proves nothing about it (unless it must follow).
    penny_counts = w.state.settings.lucky_penny_follows
    mine = [(number, at, card) for number, plays in enumerate(tricks, start=1)
            for at, (s, card, how) in enumerate(plays) if s == seat and (how != "penny" or penny_counts)]
    if not mine or mine[-1][:2] != (len(tricks), len(rnd.trick) - 1):
        return                  # the card played now is a Lucky Penny that proves nothing
    # Only the card played now is new: every earlier card was looked at when it was played, and
    # what else the referee knows of the hand only grows (a card robbed later is `not_yet`). So an
    # earlier card can be newly proven a revoke only where the card played now follows its trick.
    newest, ranked = mine[-1][2], rnd.rnd
    # Grave Robber's card came into the hand after the trick it was taken from.
    robbed = rnd.robbed_card if rnd.robbed_card and seat == rnd.partner(rnd.maker) else None

    def why(number: int, at: int, card: Card, later: tuple) -> str | None:
        plays = tricks[number - 1]
        if plays[at][2]:
            return None                 # Fool's Gold and the Lucky Penny are ways of playing, judged as played
        led = led_suit([c for _, c, _ in plays[:at]], ranked)
        if led is None or not follows(newest, led, ranked) or follows(card, led, ranked):
            return None
        not_yet = frozenset({robbed[1]}) if robbed and number <= robbed[0] else frozenset()
        later = tuple(c for c in later if c not in not_yet)
        return why_illegal(rnd, seat, card, plays[:at], later, not_yet) if later else None

    done = {t for s, t, _, _ in rnd.revokes if s == seat}
    for number, card, reason in proven_by_later_plays(mine, done, why):
        rnd.revokes += ((seat, number, card, reason),)
        w.say(f"Revoke: seat {seat} played {card.pretty} to trick {number}: {reason}. The sheet sets no "
              f"penalty: settle it by hand.", rule="follow", kind=Kind.OBLIGATION, seats=(seat,))


def _trick_done(game, w: Work) -> None:
    rnd: BoneyardRound = w.hand
    plays = [Play(rnd.index(s), c, how == "fools_gold") for s, c, how in rnd.trick]
    ruling = trick_winner(plays, rnd.rnd, rnd.partner_index)
    winner = rnd.seat_at(plays[ruling.index].seat)
    # The core numbers seats 0-3; the table hears its own seat numbers.
    text = ruling.text.replace(f"seat {plays[ruling.index].seat} wins", f"seat {winner} wins", 1)
    rnd.tricks += (Trick(rnd.trick[0][0], rnd.trick, winner, text, ruling.why),)
    rnd.trick, rnd.leader, rnd.declined = (), winner, False
    w.say(f"Trick {len(rnd.tricks)}: {' '.join(c.pretty for _, c, _ in rnd.tricks[-1].plays)}: "
          f"{text[0].upper()}{text[1:]}.", rule="trick", seats=(winner,))
    bonus = queen_point(plays[ruling.index], rnd.rnd)
    if bonus:
        team = rnd.team(winner)
        rnd.points = tuple(p + (bonus if t == team else 0) for t, p in enumerate(rnd.points))
        game.add_points(w, team, bonus)
        w.say(f"Strip Club: a queen won the trick: team {team + 1} scores 1 point at once "
              f"({game.score_words(w)}).", rule="strip-club", seats=(winner, rnd.partner(winner)))
    if len(rnd.tricks) == 5:
        game.score(w)
        return
    extra = []
    if rnd.on("fusion"):
        extra.append(f"seat {winner} may decline to lead (Fusion): then seat {rnd.partner(winner)} leads")
    if grave_robber_tricks(len(rnd.tricks), rnd.rnd) and not rnd.robbed:
        extra.append(f"seat {rnd.partner(rnd.maker)} may take a card from the trick (Grave Robber)")
    if extra:
        text = "; ".join(extra)
        w.say(text[0].upper() + text[1:] + ".", rule="fusion" if rnd.on("fusion") else "grave-robber")


def on_lead_declined(w: Work, event) -> None:
    rnd: BoneyardRound = w.hand
    if rnd.phase != "play" or not rnd.on("fusion"):
        raise Refusal("declining the lead is Fusion's, and Fusion is not in play this round")
    if not rnd.tricks or rnd.trick or rnd.declined:
        raise Refusal("only a trick's winner may decline, before the next lead")
    winner = rnd.tricks[-1].winner
    if event.seat != winner:
        raise Refusal(f"seat {winner} won the trick: only they may decline to lead")
    rnd.leader, rnd.declined = rnd.seat_at(partner_of(rnd.index(winner))), True
    w.say(f"Fusion: seat {winner} declines to lead; seat {rnd.leader} leads.", rule="fusion",
          seats=(winner, rnd.leader))


def grave_cards(rnd: BoneyardRound) -> tuple[Card, ...]:
    if rnd.phase != "play" or rnd.robbed or rnd.trick or not rnd.tricks or len(rnd.tricks) == 5:
        return ()
    return tuple(c for i in grave_robber_tricks(len(rnd.tricks), rnd.rnd) for _, c, _ in rnd.tricks[i].plays)


def on_grave_robbed(w: Work, event) -> None:
    rnd: BoneyardRound = w.hand
    if rnd.phase != "play" or not rnd.on("grave-robber"):
        raise Refusal("Grave Robber is not in play this round")
    partner = rnd.partner(rnd.maker)
    if event.seat != partner:
        raise Refusal(f"only the Maker's partner (seat {partner}) robs the grave")
    if rnd.robbed:
        raise Refusal("Grave Robber is once per round, and a card was taken already")
    cards = grave_cards(rnd)
    if event.card not in cards:
        raise Refusal(f"{event.card.pretty} is not in the trick just scored" if cards else
                      "a card is taken after a trick is scored, before the next lead")
    rnd.robbed, rnd.robbed_card = True, (len(rnd.tricks), event.card)
    rnd.receive(partner, event.card)
    w.say(f"Grave Robber: seat {partner} takes {event.card.pretty} from the trick into the hand "
          f"(the trick still counts for its winner).", rule="grave-robber", seats=(partner,))
