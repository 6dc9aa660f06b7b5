"""The round's modifiers resolved bone by bone as the table flips them (Copycats line 10, Meet Cute
11, Lucky Penny 17, Polycule 19, Scheme 26; decisions 4 and 15). The same first-in, first-out
reading as `flips.resolve`, which sees all the bones at once; here each bone arrives as an event.
Once nothing is left to draw, the round's `Round` is made and the steps before the lead begin."""

from __future__ import annotations

from ...work import Refusal, Work
from . import setup
from .flips import DRAWS, FLIPPERS, round_trump
from .modifier_ids import MODIFIER_OF, NAMES
from .ranking import Round
from .round_state import BoneyardRound, check_pack


def start(game, w: Work) -> None:
    rnd: BoneyardRound = w.hand
    rnd.phase = "modifiers"
    if w.state.settings.modifiers == "off":
        rnd.queue = ()                  # decision 17: a plain round (nothing was carried in either)
        advance(game, w)
        return
    rnd.queue = (MODIFIER_OF[rnd.taken], *rnd.carried)
    if rnd.carried:
        w.say(f"Carried in by last round's Scheme: {', '.join(NAMES[m] for m in rnd.carried)}.", rule="scheme")
    advance(game, w)


def advance(game, w: Work) -> None:
    """Resolve queued modifiers until one waits for a bone, or all are done."""
    rnd: BoneyardRound = w.hand
    while True:
        if rnd.drawing is not None:
            modifier, left = rnd.drawing
            if left and rnd.bones_left:
                return                                  # wait for the bone
            if left:
                rnd.short += tuple(f"{NAMES[modifier]}: no bone left to flip" for _ in range(left))
                w.say(f"{NAMES[modifier]}: no bone is left to flip, so it draws nothing more (decision 4).",
                      rule="bone-flips")
            rnd.drawing = None
        if not rnd.queue:
            break
        modifier, rnd.queue = rnd.queue[0], rnd.queue[1:]
        if modifier in rnd.active:
            continue
        rnd.active += (modifier,)
        draws = DRAWS.get(modifier, 0)
        if draws:
            rnd.drawing = (modifier, draws)
            what = "places a bone face down in front of the Maker's partner (seat " \
                   f"{rnd.partner(rnd.maker)}), unseen" if modifier == "lucky-penny" else \
                f"flips {draws} bone{'s' if draws > 1 else ''} face up"
            if rnd.bones_left:
                w.say(f"{NAMES[modifier]}: the dealer {what}.", rule=modifier)
    settings = w.state.settings
    rnd.rnd = Round(round_trump(rnd.taken, rnd.active, rnd.named_trump, settings), frozenset(rnd.active),
                    rnd.copied, settings)
    setup.begin(game, w)


def _take_draw(rnd: BoneyardRound, wanted: str) -> str:
    if rnd.phase != "modifiers" or rnd.drawing is None:
        raise Refusal("no bone is drawn now")
    modifier, left = rnd.drawing
    if (modifier == "lucky-penny") != (wanted == "lucky-penny"):
        raise Refusal(f"{NAMES[modifier]} draws now: "
                      + ("the bone goes face down to the Maker's partner (penny_placed)" if modifier == "lucky-penny"
                         else "the dealer flips a bone face up (bone_flipped)"))
    rnd.drawing = (modifier, left - 1)
    rnd.bones_left -= 1
    return modifier


def on_flipped(game, w: Work, event) -> None:
    rnd: BoneyardRound = w.hand
    card = event.card
    check_pack(card)
    why = rnd.may_be_bone(card, w.state.settings)
    if why is not None:
        raise Refusal(f"{card.pretty} cannot be a bone: {why}")
    modifier = _take_draw(rnd, "flip")
    settings = w.state.settings
    if modifier == "copycats":
        rnd.copied = card
        rnd.flips += ((card, modifier, None),)
        w.say(f"Copycats flips {card.pretty}: every 10 is a copy of the {card.pretty} this round.",
              rule="copycats")
    else:
        adds = MODIFIER_OF[card]
        if adds in FLIPPERS and not settings.chain_flips:
            rnd.flips += ((card, modifier, None),)
            w.say(f"{NAMES[modifier]} flips {card.pretty} ({NAMES[adds]}): a flipped {NAMES[adds]} adds nothing "
                  f"(chain_flips off).", rule="bone-flips")
        else:
            rnd.flips += ((card, modifier, adds),)
            rnd.queue += (adds,)
            again = " (already in play)" if adds in rnd.active else ""
            carry = " this round and the next" if modifier == "scheme" else ""
            if modifier == "scheme":
                rnd.carry_next += (adds,)
            w.say(f"{NAMES[modifier]} flips {card.pretty}: {NAMES[adds]}{carry}{again}.", rule=modifier)
    advance(game, w)


def on_penny_placed(game, w: Work, event) -> None:
    rnd: BoneyardRound = w.hand
    partner = rnd.partner(rnd.maker) if rnd.maker is not None else None
    if event.seat != partner:
        raise Refusal(f"the Lucky Penny goes to the Maker's partner, seat {partner}")
    card = event.card
    if card is not None:
        check_pack(card)
        why = rnd.may_be_bone(card, w.state.settings)
        if why is not None:
            raise Refusal(f"{card.pretty} cannot be a bone: {why}")
    _take_draw(rnd, "lucky-penny")
    rnd.penny, rnd.penny_placed = card, True
    w.say(f"Lucky Penny: a bone lies face down in front of seat {event.seat}; they may play it to any trick, "
          f"unseen.", rule="lucky-penny", seats=(event.seat,))
    advance(game, w)
