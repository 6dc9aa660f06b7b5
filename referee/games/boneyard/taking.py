"""The deal, Take It or Leave It, the Joker's trump and the Maker's discard (sheet lines 4-6;
decisions 1, 3 and 16). The modifiers the taken card sets are resolved next, in `bones`."""

from __future__ import annotations

from ...announcements import Kind
from ...cards import SUIT_SYMBOLS
from ...events import Bid, CardDealt, CardDiscarded
from ...work import Refusal, Work
from . import bones
from .modifier_ids import NAMES, MODIFIER_OF
from .round_state import BONES, HAND_SIZE, BoneyardRound, check_pack

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def on_card_dealt(w: Work, event: CardDealt) -> None:
    rnd: BoneyardRound = w.hand
    if rnd.phase != "taking" or rnd.bids:
        raise Refusal("the cards are dealt before the first Take It or Leave It")
    card = event.card
    if card is not None:
        check_pack(card)
        where = rnd.where(card)
        if where is not None:
            raise Refusal(f"{card.pretty} is dealt already: it is {where}")
    if event.seat is None:
        place = "up" if event.up else "down"
        if not event.up and event.deck != "boneyard":
            raise Refusal('a face-down bone is dealt to the boneyard: card_dealt seat null, up false, deck "boneyard"')
        most = 1 if event.up else BONES - 1
        if rnd.dealt.get(place, 0) >= most:
            raise Refusal(f"the boneyard has its {most} {'face-up' if event.up else 'face-down'} bone"
                          f"{'' if most == 1 else 's'}")
        rnd.dealt[place] = rnd.dealt.get(place, 0) + 1
        if event.up:
            rnd.up_bone = card
            sets = ([] if w.state.settings.modifiers == "off" else [NAMES[MODIFIER_OF[card]]]) + \
                ([] if card.is_joker else [SUIT_NAMES[card.suit] + " trump"])
            w.say(f"The dealer turns up {card.pretty}{': ' + ', '.join(sets) + ' if taken' if sets else ''}. "
                  f"Seat {rnd.order[0]} first: Take It or Leave It.", rule="take-it", seats=(rnd.order[0],))
        elif card is not None:
            rnd.bones += (card,)
        return
    if event.seat not in rnd.table:
        raise Refusal(f"seat {event.seat} is not at this table")
    if event.up:
        raise Refusal("the hands are dealt face down")
    key = f"hand:{event.seat}"
    if rnd.dealt.get(key, 0) >= HAND_SIZE:
        raise Refusal(f"seat {event.seat} has its {HAND_SIZE} cards")
    rnd.dealt[key] = rnd.dealt.get(key, 0) + 1
    if card is not None:
        rnd.name(event.seat, card)


def read_choice(text: str) -> str:
    word = text.strip().lower().replace("_", " ")
    word = {"take it": "take", "leave it": "leave", "pass": "leave"}.get(word, word)
    if word not in ("take", "leave"):
        raise Refusal(f"{text!r} is not a choice here: say take (Take It) or leave (Leave It)")
    return word


def next_to_choose(rnd: BoneyardRound):
    return rnd.order[len(rnd.bids)] if rnd.phase == "taking" and len(rnd.bids) < 4 else None


def on_bid(game, w: Work, event: Bid) -> None:
    rnd: BoneyardRound = w.hand
    if rnd.phase != "taking":
        raise Refusal(f"Take It or Leave It is over (now: {rnd.phase})")
    choice = read_choice(event.bid)
    if rnd.up_bone is None:
        raise Refusal("the dealer turns a bone face up first (card_dealt seat null, up true)")
    turn = next_to_choose(rnd)
    if event.seat != turn:
        raise Refusal(f"it is seat {turn}'s turn to Take It or Leave It, not seat {event.seat}'s")
    rnd.bids += ((event.seat, choice),)
    if choice == "leave":
        w.say(f"Seat {event.seat} leaves it.", rule="take-it", seats=(event.seat,))
        if len(rnd.bids) == 4:
            rnd.redeal = True
            who = "the same dealer deals" if w.state.settings.redeal_dealer == "same" else "the deal passes left"
            w.say(f"All four leave it: round {rnd.number} is void; the cards are collected and dealt again ({who}).",
                  rule="redeal", kind=Kind.HAND_OVER)
            game.finish(w)
        return
    card = rnd.up_bone
    rnd.maker, rnd.taken = event.seat, card
    rnd.receive(event.seat, card)
    rnd.bones_left = BONES - 1
    plain = w.state.settings.modifiers == "off"
    if card.is_joker and w.state.settings.joker_trump == "maker_names":
        rnd.phase = "naming"
        w.say(f"Seat {event.seat} takes the Joker and is the Maker{'' if plain else ' (Dummy)'}. "
              f"Seat {event.seat} names trump, "
              f"then discards one card face down.", rule="joker-taken", seats=(event.seat,))
        return
    rnd.phase = "discard"
    trump = "no trump (joker_trump)" if card.is_joker else f"{SUIT_SYMBOLS[card.suit]} {SUIT_NAMES[card.suit]} trump"
    modifier = "" if plain else f", {NAMES[MODIFIER_OF[card]]}"
    w.say(f"Seat {event.seat} takes {card.pretty} and is the Maker: {trump}{modifier}. "
          f"It lies face up in front of them. Seat {event.seat} discards one card face down.",
          rule="take-it", seats=(event.seat,))


def on_trump_named(w: Work, event) -> None:
    rnd: BoneyardRound = w.hand
    if rnd.phase != "naming":
        raise Refusal("trump is named only when the Maker has taken the Joker, before the discard")
    if event.seat != rnd.maker:
        raise Refusal(f"the Maker (seat {rnd.maker}) names trump")
    rnd.named_trump, rnd.phase = event.suit, "discard"
    w.say(f"Seat {event.seat} names trump: {SUIT_SYMBOLS[event.suit]} {SUIT_NAMES[event.suit]}.",
          rule="joker-taken", seats=(event.seat,))


def on_discard(game, w: Work, event: CardDiscarded) -> None:
    rnd: BoneyardRound = w.hand
    if rnd.phase != "discard":
        raise Refusal(f"no discard now (now: {rnd.phase})")
    seat, card = event.seat, event.card
    if seat != rnd.maker:
        raise Refusal(f"the Maker (seat {rnd.maker}) discards, not seat {seat}")
    if card is None:
        if rnd.fully_known(seat):
            raise Refusal(f"seat {seat}'s hand is known: say which card is discarded")
    else:
        check_pack(card)
        if card == rnd.taken:
            raise Refusal(f"the taken {card.pretty} stays face up in front of the Maker: discard a card from the hand")
        if card not in rnd.known_holding(seat):
            where = rnd.where(card)
            if where is not None or rnd.fully_known(seat):
                raise Refusal(f"{card.pretty} cannot be discarded by seat {seat}: "
                              f"{'it is ' + where if where else 'it is not in the hand'}")
            rnd.name(seat, card)
    rnd.give_up(seat, card)
    rnd.discard, rnd.discarded = card, True
    if w.state.settings.discard_to_boneyard:
        rnd.bones_left += 1
    w.say(f"Seat {seat} has discarded face down"
          f"{' (back to the bottom of the boneyard)' if w.state.settings.discard_to_boneyard else ''}.",
          rule="maker-discard", seats=(seat,))
    bones.start(game, w)
