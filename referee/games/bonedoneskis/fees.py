"""House rules that cost or pay money: Black Jack, The 3's, Fish Hook and the Life Raft,
Gambler's Last Dollar, I Got The Nine, and A Bonedoneskis (the hand ends, pot to the seat)."""

from __future__ import annotations

from ...announcements import Kind
from ...cards import Card
from ...work import Refusal
from ...ledger import seat_account
from ...money import fmt
from . import boards
from .common import all_of_rank, ask_pay_or_fold, codes, only_for, pay_or_fold, rule

# Cards the rules look for, made once (a Card is validated each time one is made).
NINE_OF_SPADES = Card(9, "S")
SIX_OF_DIAMONDS = Card(6, "D")
SIX_OF_HEARTS = Card(6, "H")

# ------------------------------------------------------------------------------ Black Jack


@only_for("JS", "JC")
def _black_jack_up(g, w, seat, index, how):
    slot = w.hand.boards[seat].slots[index]
    if how not in ("dealt", "exposed") or slot.card.rank != 11 or not slot.card.is_black:
        return
    if "activated" in slot.tags or "bj-asked" in slot.tags:
        return
    w.hand.boards[seat] = w.hand.boards[seat].with_slot(index, slot.tagged("bj-asked"))
    ask_pay_or_fold(g, w, seat, "black-jack", f"Black Jack {slot.card.pretty}", because=(w.seq,))


def _black_jack_decide(g, w, pending, event):
    card = next((s.card for s in w.hand.boards[pending.seat].slots if "bj-asked" in s.tags
                 and "activated" not in s.tags), None)
    if pay_or_fold(g, w, pending, event, memo=f"Black Jack {card.pretty if card else ''}".strip()) and card:
        board = w.hand.boards[pending.seat]
        i = board.index_of(card)
        w.hand.boards[pending.seat] = board.with_slot(i, board.slots[i].tagged("activated"))
        w.say(f"{card.pretty} is activated: it is wild for the rest of the hand.", rule="black-jack",
              seats=(pending.seat,))


BLACK_JACK = rule(
    "black-jack", "Black Jack", kind="obligation", cards=codes("JS", "JC"),
    keywords=("jack", "activated", "wild", "pay or fold"),
    text="A black Jack that lands face up (dealt or turned up) costs its owner $2.50 to the pot at once, "
         "or the owner folds. A paid-for Jack is activated and wild for the rest of the hand, even after "
         "it is traded or stolen.",
    trigger="A black Jack is dealt face up or a hole black Jack is turned up.",
    effect="Obligation on that seat: pay the fee (the Jack becomes wild) or fold. Betting waits.",
    settings=(("fee", "2.50", "the fee"),),
    interpretation="A black Jack received face up by a trade or steal is not charged again; if it was not "
                   "activated it stays an ordinary Jack. Activation sticks to the card, face up or down.",
    examples=("X-X-J♠: pay $2.50 → J♠ wild; or fold.",),
    up=_black_jack_up, decide=_black_jack_decide)

# -------------------------------------------------------------------------------- The 3's


@only_for(*all_of_rank(3))
def _threes_up(g, w, seat, index, how):
    slot = w.hand.boards[seat].slots[index]
    if how not in ("dealt", "exposed") or slot.card.rank != 3 or "3-kept" in slot.tags:
        return
    fee = w.state.settings.fee
    w.ask(seat, "threes", f"Seat {seat}: sell the {slot.card.pretty} for {fmt(fee)} and take the next card "
          f"instead? (now or never)", ("sell", "keep"), kind=Kind.OPTION, lapses="betting", amount=fee,
          card=slot.card.code, grant=(slot.card.code,))


def _threes_decide(g, w, pending, event):
    hand, seat = w.hand, pending.seat
    card = Card.parse(pending.get("card"))
    index = hand.boards[seat].index_of(card, up=True)
    if event.choice == "keep":
        hand.boards[seat] = hand.boards[seat].with_slot(index, hand.boards[seat].slots[index].tagged("3-kept"))
        w.say(f"Seat {seat} keeps the {card.pretty}; it cannot be sold later.", rule="threes", seats=(seat,))
        return
    slot = hand.boards[seat].slots[index]
    fee = w.state.settings.fee
    g.contribute(w, seat, fee, rule="threes", memo=f"sold the {card.pretty}", because=pending.because + (w.seq,))
    hand.boards[seat] = hand.boards[seat].without(index)
    hand.discards = hand.discards + (card,)
    w.say(f"Seat {seat} sells the {card.pretty} for {fmt(fee)}; the next card off the deck replaces it.",
          rule="threes", seats=(seat,), amount=fee, because=pending.because + (w.seq,))
    g.owe_replacement(w, seat, index, slot.street, rule="threes")
    hand.threes_replacing = hand.threes_replacing + (seat,)


def _threes_deal(g, w, event):
    """The card that replaces a sold 3 takes its place face up, as the 3 was."""
    hand = w.hand
    owed = hand.threes_replacing
    if event.seat not in owed or not g.owed_replacement(hand, event.seat):
        return
    if not event.up:
        raise Refusal(f"The 3's: seat {event.seat}'s replacement for the sold 3 is dealt face up")
    i = owed.index(event.seat)
    hand.threes_replacing = owed[:i] + owed[i + 1:]


def _threes_lapse(g, w, pending):
    card = Card.parse(pending.get("card"))
    board = w.hand.boards.get(pending.seat)
    i = board.index_of(card) if board else None
    if i is not None:
        w.hand.boards[pending.seat] = board.with_slot(i, board.slots[i].tagged("3-kept"))


THREES = rule(
    "threes", "The 3's", kind="option", cards=all_of_rank(3), keywords=("three", "sell", "replace"),
    text="When a 3 lands face up (dealt, or a hole 3 turned over) its owner may pay $2.50 to the pot and "
         "swap it for the next card off the deck. The choice is made then: a 3 kept cannot be sold on a "
         "later street.",
    trigger="A 3 is dealt face up or a hole 3 is turned face up.",
    effect="Option: pay the fee, the 3 is discarded and the next card dealt to that seat takes its place. "
           "Lapses at the first bet of the street.",
    settings=(("fee", "2.50", "the price of selling"),),
    interpretation="The option lasts until the first betting action of that street; the replacement is dealt "
                   "face up in the 3's place (a face-down replacement is refused), even for a hole 3 that was "
                   "turned up, and a replacement that is again a 3 can be sold again. Betting waits for the "
                   "replacement. The option goes with the 3: traded or stolen away, or turned face down, before "
                   "it is sold, the 3 is no longer for sale by its old holder (withdrawn, not kept: turned up "
                   "again it can be sold), and a 3 received in a trade cannot be sold by its new holder (it was "
                   "neither dealt face up nor turned up there).",
    examples=("X-X-3♣: sell for $2.50, next card replaces it.", "A 3 kept on 4th street cannot be sold on 5th."),
    up=_threes_up, decide=_threes_decide, lapse=_threes_lapse, deal=_threes_deal)

# ---------------------------------------------------------------- Fish Hook and Life Raft


@only_for(*all_of_rank(11), *all_of_rank(4))
def _fish_hook_up(g, w, seat, index, how):
    hand = w.hand
    slot = hand.boards[seat].slots[index]
    if slot.card.rank not in (11, 4):
        return
    other = 4 if slot.card.rank == 11 else 11
    raft = w.state.settings.fish_hook_life_raft
    for j, s in boards.up(hand, seat):
        if j == index or s.card.rank != other:
            continue
        if raft and any(b.card.rank == 8 for b in boards.between(hand, seat, index, j)):
            w.say(f"Life Raft: an 8 separates the {s.card.pretty} and the {slot.card.pretty}; no Fish Hook fee.",
                  rule="fish-hook", seats=(seat,))
            continue
        ask_pay_or_fold(g, w, seat, "fish-hook", f"Fish Hook in a Sailboat: {s.card.pretty} and {slot.card.pretty}",
                        because=(w.seq,))
        return


def _fish_hook_decide(g, w, pending, event):
    pay_or_fold(g, w, pending, event, memo="Fish Hook in a Sailboat")


FISH_HOOK = rule(
    "fish-hook", "Fish Hook in a Sailboat and The Life Raft", kind="obligation",
    cards=all_of_rank(11) + all_of_rank(4) + all_of_rank(8), keywords=("fish hook", "life raft", "j and 4"),
    text="A board showing a Jack and a 4 costs its owner $2.50 to the pot, or the owner folds — unless an "
         "8 (the Life Raft) lies between them. It can cost again each time another Jack or 4 joins.",
    trigger="A Jack or a 4 lands face up on a board that already shows the other, with no 8 between them.",
    effect="Obligation: pay the fee or fold. Betting waits. Repeats for each new J/4 pairing.",
    settings=(("fee", "2.50", "the fee"), ("fish_hook_life_raft", True, "an 8 between saves the fee")),
    interpretation="One fee per arriving J or 4 that pairs with an unseparated opposite card; 4-X-J-X-4 and "
                   "J-4-X-J each cost twice. Only natural face-up J and 4 count (a wild does not).",
    examples=("X-X-J-4-8 pays $2.50.", "X-X-J-8-4 pays nothing (Life Raft).", "4-X-J-X-4 pays twice."),
    heading="Fish Hook in a Sailboat and The Life Raft",
    up=_fish_hook_up, decide=_fish_hook_decide)

# --------------------------------------------------------------- Gambler's Last Dollar


@only_for("6H", "6D")
def _gld_up(g, w, seat, index, how):
    slot = w.hand.boards[seat].slots[index]
    if slot.card in (SIX_OF_HEARTS, SIX_OF_DIAMONDS):
        _gld_offer(g, w, seat, slot.card)


def _gld_street_start(g, w):
    """Passing is only "not now": the offer comes back each street until the river is dealt."""
    hand = w.hand
    for seat in hand.live:
        six = next((s.card for _, s in boards.up(hand, seat) if s.card in (SIX_OF_HEARTS, SIX_OF_DIAMONDS)), None)
        if six is not None:
            _gld_offer(g, w, seat, six)


def _gld_offer(g, w, seat, six):
    hand = w.hand
    if seat in hand.river_up_paid or hand.community_owed or hand.community:
        return  # (a community last card is face up for everyone anyway)
    if any(p.rule == "gamblers-last-dollar" and p.seat == seat for p in hand.pending):
        return
    if g.received(hand, seat) >= hand.final_street:
        return
    fee = w.state.settings.fee
    w.ask(seat, "gamblers-last-dollar", f"Seat {seat}: pay {fmt(fee)} to get your river card face up? "
          f"(Gambler's Last Dollar)", ("pay", "pass"), kind=Kind.OPTION, lapses="river", amount=fee,
          grant=(six.code,))


def _gld_decide(g, w, pending, event):
    hand, seat = w.hand, pending.seat
    if event.choice == "pass":
        w.say(f"Seat {seat} passes on Gambler's Last Dollar for now (asked again next street, until the river).",
              rule="gamblers-last-dollar", seats=(seat,))
        return
    fee = w.state.settings.fee
    g.contribute(w, seat, fee, rule="gamblers-last-dollar", memo="river face up", because=pending.because + (w.seq,))
    hand.river_up_paid = hand.river_up_paid + (seat,)
    w.say(f"Seat {seat} pays {fmt(fee)}: their river comes face up. Good luck!", rule="gamblers-last-dollar",
          seats=(seat,), amount=fee)


def _gld_deal(g, w, event):
    hand = w.hand
    if event.seat in hand.river_up_paid and g.received(hand, event.seat) == hand.final_street - 1 \
            and not event.up and not g.owed_replacement(hand, event.seat):
        raise Refusal(f"Gambler's Last Dollar: seat {event.seat} paid for the river face up; deal it face up")


def _gld_after_deal(g, w, seat):
    hand = w.hand
    if g.received(hand, seat) >= hand.final_street:
        for p in hand.pending:
            if p.rule == "gamblers-last-dollar" and p.seat == seat:
                w.close(p)


GAMBLERS_LAST_DOLLAR = rule(
    "gamblers-last-dollar", "Gambler's Last Dollar", kind="option", cards=codes("6H", "6D"),
    keywords=("river", "red 6", "face up"),
    text="A player showing a red 6 may pay $2.50 to the pot to get their river card dealt face up.",
    trigger="A red 6 is face up on a board whose river has not been dealt yet.",
    effect="Option until that seat's river is dealt: pay the fee, the river comes face up.",
    settings=(("fee", "2.50", "the price"),),
    interpretation="The offer stays open until the seat's river card is dealt; passing once does not close it "
                   "(it is asked again at the start of each later street while a red 6 is still face up). "
                   "A seat that paid must get its river face up: a face-down river is refused. The offer "
                   "belongs to whoever shows the red 6: one traded, stolen or turned face down takes its old "
                   "holder's offer with it, and a seat that receives a red 6 face up is offered it.",
    examples=("X-X-6♥-K♠-9♣: pay $2.50, the river comes face up.",),
    queries={"deal_face": lambda g, state, up, seat: up or (
        seat in state.hand.river_up_paid and g.received(state.hand, seat) == state.hand.final_street - 1)},
    up=_gld_up, decide=_gld_decide, deal=_gld_deal, after_deal=_gld_after_deal, street_start=_gld_street_start)

# ---------------------------------------------------------------------- I Got The Nine


@only_for("9S")
def _nine_up(g, w, seat, index, how):
    slot = w.hand.boards[seat].slots[index]
    if how != "dealt" or slot.card != NINE_OF_SPADES:
        return
    w.ask(None, "i-got-the-nine", f"Host: seat {seat} was dealt the 9♠. Did they perform the Fondle the Balls "
          f"pantomime? If so everyone still in pays them {fmt(w.state.settings.nine_payment)}.",
          ("confirmed", "not-performed"), kind=Kind.DECISION, lapses="hand", holder=seat,
          payers=tuple(s for s in w.hand.live if s != seat))


def _nine_decide(g, w, pending, event):
    holder = pending.get("holder")
    if event.choice != "confirmed":
        w.say(f"No pantomime, no payment for seat {holder}'s 9♠.", rule="i-got-the-nine", seats=(holder,))
        return
    amount = w.state.settings.nine_payment
    payers = list(pending.get("payers", ()))
    for s in payers:
        w.pay(seat_account(s), seat_account(holder), amount, rule="i-got-the-nine", memo="I Got The Nine",
              because=pending.because + (w.seq,))
    w.say(f"I Got The Nine! Seats {', '.join(map(str, payers))} each pay seat {holder} {fmt(amount)}.",
          rule="i-got-the-nine", seats=(holder, *payers), amount=amount * len(payers),
          because=pending.because + (w.seq,))


I_GOT_THE_NINE = rule(
    "i-got-the-nine", "I Got The Nine", kind="payment", cards=codes("9S"), keywords=("nine", "pantomime", "$1"),
    text="Whoever is dealt the 9♠ face up collects $1 from every other player still in the hand — but only "
         "after performing the Fondle the Balls pantomime.",
    trigger="The 9♠ is dealt face up.",
    effect="The host confirms the pantomime; then each other live seat pays the holder $1 directly.",
    settings=(("nine_payment", "1.00", "paid by each player still in"),),
    interpretation="Only a dealt 9♠ counts (not one traded or turned up); the host confirms the pantomime "
                   "(choices 'confirmed' / 'not-performed'), any time before the hand ends. The players who pay "
                   "are those still in when the 9♠ was dealt: folding before the host confirms does not dodge "
                   "the $1.",
    examples=("Five players in, 9♠ dealt to seat 2, pantomime confirmed: seat 2 collects $4.",),
    up=_nine_up, decide=_nine_decide)

# ------------------------------------------------------------------------ A Bonedoneskis


def _bonedoneskis_up(g, w, seat, index, how):
    hand = w.hand
    # Both red 6s among the face-up cards (plain field tests: this runs for every card face up).
    reds = {c.suit for c in (s.card for s in hand.boards[seat].slots if s.up)
            if type(c) is Card and c.rank == 6 and c.suit in ("H", "D")}
    if len(reds) == 2 and hand.phase != "over":
        w.say(f"Bonedoneskis! Seat {seat} shows both red 6s: the hand ends and the pot goes to seat {seat}.",
              rule="bonedoneskis", kind=Kind.INFO, seats=(seat,))
        g.pay_out(w, {seat: g.pot_balance(w)}, rule="bonedoneskis", why="a Bonedoneskis")


BONEDONESKIS = rule(
    "bonedoneskis", "A Bonedoneskis", kind="info", cards=codes("6H", "6D"), keywords=("red 6", "both red sixes"),
    text="Both natural red 6s face up on one board end the hand on the spot: that player takes the pot. "
         "Wild cards cannot stand in for a red 6.",
    trigger="A board shows both the 6♥ and the 6♦ face up (dealt, turned up, traded or stolen in).",
    effect="The hand is over at once and the whole pot goes to that seat.",
    interpretation="Any way both red 6s come to be face up on one board counts; the war side pot is not "
                   "part of the pot.",
    examples=("X-X-6♥-6♦: Bonedoneskis, pot to that seat.",),
    up=_bonedoneskis_up)

RULES = (BLACK_JACK, THREES, FISH_HOOK, GAMBLERS_LAST_DOLLAR, I_GOT_THE_NINE, BONEDONESKIS)
