"""The round modifiers that change how cards rank, follow or win (ranking.py applies them): Copycats,
Golf Club, Fool's Gold, Heartbreaker, Fight Club, Square Deal, Soul Mate, Club Sandwich, Mad Genius,
Assassin; and the two that change who plays when (order.py): Party Crasher, Fusion."""

from __future__ import annotations

from .rulesheet import modifier_rule

COPYCATS = modifier_rule(
    "copycats", kind="info", keywords=("copy", "tens", "flip"), settings=("copycats_copy", "equal_cards"),
    text="Flip over one bone: all tens are treated as a copy of that card this round.",
    trigger="Copycats comes into play (taken or flipped).",
    effect="Every ten ranks, follows and wins as the flipped card.",
    interpretation="Decision 6: a full copy, suit and rank (copycats_copy 'full'; 'rank' keeps the ten's "
                   "suit). A copy of a jack is whatever that jack is this round, a bower included; a copy of "
                   "the Joker is a benny. Two equal cards in one trick: the first played wins (equal_cards). "
                   "Rules that name ranks see a copy as its copied rank (a ten copying a queen wins Strip "
                   "Club's point; it is no ten for Mad Genius). No bone left: the tens stay tens (decision 4).",
    examples=("Hearts trump, the A♠ flipped: K♠ led, the 10♦ is an A♠ and wins.",
              "The A♠ and a 10 copying it meet: the first played wins."))

GOLF_CLUB = modifier_rule(
    "golf-club", kind="info", keywords=("reverse", "reversed", "low"),
    text="The order of the cards within each suit is reversed, except for the bowers and the benny.",
    trigger="Golf Club is active.",
    effect="9 is highest and the ace lowest in every suit, trumps included; the benny and bowers stay on top.",
    interpretation="Trumps reverse below the bowers: benny, right, left, then 9 10 Q K A. With Square Deal: "
                   "see modifier-stacking (decision 5).",
    examples=("A♠ led, 9♠ played, no trump: the 9♠ wins.",))

FOOLS_GOLD = modifier_rule(
    "fools-gold", kind="power", keywords=("fool", "gold", "and-a-half", "maker's partner"),
    settings=("fools_gold_follows",),
    text="Once per round the Maker's partner may play a card of any suit as if it were itself-and-a-half "
         "of the led suit: the fool's ten of hearts beats the real ten of hearts.",
    trigger="The Maker's partner plays to a trick that has been led, Fool's Gold not yet used.",
    effect="The card is of the led suit, just above the real card of its rank.",
    interpretation="Decision 12: it counts as following (fools_gold_follows). Never on a lead (there is no "
                   "led suit yet) and never the benny (it has no rank of its own). On a trump lead it is "
                   "just above the trump of its rank (a jack: above the right bower). The phone asks before "
                   "the card lands.",
    examples=("Spades trump, 9♥ led, 10♥ played: the partner's 10♣ as Fool's Gold wins.",))

HEARTBREAKER = modifier_rule(
    "heartbreaker", kind="option", keywords=("follow", "no follow", "any card"),
    text="Players are not required to follow suit this round.",
    trigger="Heartbreaker is active.",
    effect="Any card may be played to any trick; the trick is still won by the highest trump, else the "
           "highest card of the led suit.",
    interpretation="Only the duty to follow goes; the led suit still decides the trick.",
    examples=("9♠ led: a player holding the A♠ may play the K♦.",))

FIGHT_CLUB = modifier_rule(
    "fight-club", kind="info", keywords=("no trump", "notrump", "bowers", "benny"),
    settings=("fight_club_jacks", "fight_club_benny"),
    text="There is no trump suit this round.",
    trigger="Fight Club is active.",
    effect="Every trick goes to the highest card of the led suit.",
    interpretation="Decision 7: no trump, so no bowers; jacks are plain, between the 10 and the queen "
                   "(fight_club_jacks; 'high': above their own ace). The benny, 'always the highest', is the "
                   "highest card of whatever suit is led and counts as a card of every suit "
                   "(fight_club_benny 'highest'; 'dead': a card of no suit that never wins). A benny led "
                   "lets the next card set the suit to follow. Soul Mate does nothing; 'of trumps' in Club "
                   "Sandwich and Mad Genius is the led suit.",
    examples=("A♠ led, 9♥ played: the A♠ wins.", "K♠ led, the benny played: the benny wins."))

SQUARE_DEAL = modifier_rule(
    "square-deal", kind="info", keywords=("aces", "nines", "swap"),
    text="Aces and 9s have each other's value this round.",
    trigger="Square Deal is active.",
    effect="In every suit, trumps included, the 9 ranks where the ace would and the ace where the 9 would.",
    interpretation="Only the rank swaps: a 9 is still a 9 for Mad Genius and Club Sandwich pairs. The "
                   "bowers and the benny are not aces or 9s.",
    examples=("A♠ led, 9♠ played: the 9♠ wins.",))

SOUL_MATE = modifier_rule(
    "soul-mate", kind="info", keywords=("ace", "off-suit", "left", "and-a-half"),
    text="The ace of the off-suit (the other suit of trump's colour) is the Ace-and-a-half of trumps, "
         "like the left bower.",
    trigger="Soul Mate is active and there is a trump.",
    effect="That ace is a trump just above the trump ace, below the left bower; it follows trump.",
    interpretation="'Off-suit' is the left bower's suit ('similar to the left bower'). Under Golf Club it "
                   "stands just above the trump ace there. Fight Club: no trump, no soul mate.",
    examples=("Hearts trump: A♦ ranks benny > J♥ > J♦ > A♦ > A♥.",))

CLUB_SANDWICH = modifier_rule(
    "club-sandwich", kind="info", keywords=("pair", "matching", "partners", "and-a-half"),
    text="If partners play a matching pair (two of one rank) to a trick, the second of them is the "
         "Ace-and-a-half of trumps.",
    trigger="A player plays a card of the rank their partner played to the same trick.",
    effect="That card is a trump just above the trump ace.",
    interpretation="Decision 12: ranks as the cards play (a Copycats ten is its copy). A card already higher "
                   "(a bower) keeps its rank. The benny has no rank to match. Fight Club: the Ace-and-a-half "
                   "of the led suit.",
    examples=("Hearts trump; seats 0 and 2 play the 9♠ and the 9♦: the 9♦ beats the A♥.",))

MAD_GENIUS = modifier_rule(
    "mad-genius", kind="info", keywords=("nine", "ten", "partners", "benny-and-a-half"),
    settings=("mad_genius_with_assassin",),
    text="If you and your partner play a 9 and a 10 to one trick, in any order, the 9 is the "
         "Benny-and-a-half of trumps.",
    trigger="Partners have played a 9 and a 10 to the same trick.",
    effect="The 9 beats every other card, the benny included.",
    interpretation="Decision 5: under Assassin it stays above every card (mad_genius_with_assassin 'top'). "
                   "Ranks as the cards play (a Copycats ten is no ten). Fight Club: of the led suit. Two "
                   "such 9s in one trick: equal_cards.",
    examples=("Hearts trump; 10♠ led, the benny, then the partner's 9♦: the 9♦ wins.",))

ASSASSIN = modifier_rule(
    "assassin", kind="info", keywords=("benny", "joker", "lowest"),
    settings=("assassin_benny",),
    text="The benny is the lowest-ranked card this round instead of the highest.",
    trigger="Assassin is active.",
    effect="The benny ranks below every other trump.",
    interpretation="Decision 8: the lowest trump (assassin_benny 'lowest_trump'): still a trump for "
                   "following and still beats every plain card, since the sheet moves it within the ranking "
                   "and keeps it trump. 'lowest_card': a card of no suit that never wins.",
    examples=("Hearts trump; 9♥ led, the benny played: the 9♥ wins.",))

PARTY_CRASHER = modifier_rule(
    "party-crasher", kind="info", keywords=("order", "last", "third", "leader's partner"),
    text="The leader's partner plays last instead of third.",
    trigger="Each trick this round.",
    effect="Play order: leader, left, right, then the leader's partner.",
    interpretation="The trick area's 'next seat' follows this order (order.play_order).",
    examples=("Seat 1 leads: 1, 2, 0, 3.",))

FUSION = modifier_rule(
    "fusion", kind="option", keywords=("lead", "decline", "partner leads"),
    text="Whenever a player wins a trick, they may decline to lead the next trick; their partner leads "
         "instead.",
    trigger="A trick is won, and another follows.",
    effect="The winner or their partner leads.",
    interpretation="Asked on the winner's phone; the first trick is still led by the Maker.",
    examples=("Seat 1 wins and declines: seat 3 leads.",))

RULES = (COPYCATS, GOLF_CLUB, PARTY_CRASHER, FOOLS_GOLD, HEARTBREAKER, FIGHT_CLUB, SQUARE_DEAL, SOUL_MATE,
         CLUB_SANDWICH, MAD_GENIUS, ASSASSIN, FUSION)
