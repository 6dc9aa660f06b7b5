"""Boneyard euchre rule objects for the game without modifiers: the deal, Take It or Leave It, the
redeal, the Maker's discard, the Joker taken, following suit, the bowers and benny, the trick, the
scoring and the game end. Ranking and legality are `ranking.py`; points `scoring.py`."""

from __future__ import annotations

from .rulesheet import all_of, rule

DEAL = rule(
    "deal", "The deal and the boneyard", line=4, also=(3,),
    keywords=("deal", "deck", "pack", "25 cards", "boneyard", "bones", "dealer"),
    text="The pack is the 9, 10, J, Q, K and A of each suit and one Joker, 25 cards. The dealer shuffles and "
         "deals 5 to each of the four players; the 5 left over go face down in the middle: the boneyard. "
         "The deal passes clockwise each round. Partners sit opposite.",
    trigger="A round begins.",
    effect="Each player holds 5 cards; 5 bones wait in the middle.",
    interpretation="Partners opposite (seats 0 and 2, 1 and 3), as in euchre; the sheet speaks of teams and "
                   "the maker's partner without seating them. The host names the first dealer.",
    examples=("Dealer seat 3: seats 0, 1, 2, 3 get 5 cards each; 5 bones remain.",))

TAKE_IT = rule(
    "take-it", "Take It or Leave It", line=5, also=(6,),
    kind="option", keywords=("take it", "leave it", "maker", "bone", "face up", "turn up", "order up"),
    text="The dealer turns one bone face up. Starting on the dealer's left, each player in turn may Take It "
         "or Leave It, once. The first to take it is the Maker: the taken card goes face up in front of them "
         "and counts as part of their hand at all times. It sets the trump suit and the round's modifier.",
    trigger="The dealer has turned a bone face up.",
    effect="The Maker and their partner are the makers, the other two the defenders; trump and the "
           "modifier are set by the taken card.",
    interpretation="The dealer is asked last, so all four have one chance. The taken card is played like "
                   "any card of the Maker's hand and may be led; until it is played everyone sees it.",
    examples=("Seat 1 leaves it, seat 2 takes the K♥: seat 2 is the Maker, hearts are trump, Soul Mate.",))

PLAIN_ROUNDS = rule(
    "plain-rounds", "Plain rounds (modifiers off)", line=6, also=(10,),
    keywords=("modifiers off", "no modifiers", "plain", "plain euchre", "house rules off"),
    settings=("modifiers",),
    text="A table may play without the round modifiers: the taken card sets trump and nothing else, so a "
         "round is euchre with the benny (lines 4-9 only).",
    trigger="A player takes the face-up bone at a table whose setting modifiers is off.",
    effect="No modifier is active and no bone is flipped; bowers, benny, tricks and scoring are the plain "
           "rules (follow, bowers, trick, scoring).",
    interpretation="Decision 17: the sheet always plays its modifiers (modifiers 'on', the default), but "
                   "tables learning the game, and the speed bench against OpenSpiel's euchre, play plain "
                   "rounds (modifiers 'off'). The Joker taken still makes the Maker name trump "
                   "(decision 1) but brings no Dummy; nothing is carried by Scheme.",
    examples=("Modifiers off, seat 2 takes the K♥: hearts are trump and no modifier (no Soul Mate) is in play.",))

REDEAL = rule(
    "redeal", "All four Leave It", line=5,
    keywords=("redeal", "re-deal", "all pass", "leave it", "nobody takes"),
    settings=("redeal_dealer",),
    text="If all four players Leave It, the cards are collected and dealt again.",
    trigger="The fourth player leaves it.",
    effect="No round is played: no points, the deal is made again.",
    interpretation="Decision 16: 're-deal' is the dealer dealing again, so by default the same dealer deals "
                   "(redeal_dealer 'same'); tables that pass the deal as in standard euchre choose 'next'. "
                   "A redeal is not a round: a Scheme waiting for the next round waits on (decision 15).",
    examples=("Dealer seat 0, all four leave it: seat 0 shuffles and deals again.",))

MAKER_DISCARD = rule(
    "maker-discard", "The Maker's discard", line=6,
    kind="obligation", keywords=("discard", "face down", "maker", "six cards"),
    settings=("discard_to_boneyard",),
    text="Having taken the face-up card, the Maker discards one card from their hand face down, so they "
         "hold 5 counting the taken card.",
    trigger="A player has taken the face-up bone.",
    effect="One card leaves the Maker's hand face down, out of the round.",
    interpretation="Decision 3: the discard stays face down in front of the Maker, out of play; it does not "
                   "rejoin the boneyard and no flip can reach it (discard_to_boneyard off). With the setting "
                   "on, it goes to the bottom of the bones left, after the 4 the flips reach first. The taken "
                   "card itself may not be discarded: it 'is part of their hand at all times' and stays face up.",
    examples=("The Maker takes the A♦ and discards the 9♣ face down; it is out for the round.",))

JOKER_TAKEN = rule(
    "joker-taken", "The Joker as the taken card", line=34, also=(6, 8),
    kind="option", cards=("JK",), keywords=("joker", "benny", "dummy", "trump", "name trump"),
    settings=("joker_trump",),
    text="The Joker has no suit, yet the taken card sets trump. When the Joker is taken the Maker names the "
         "trump suit as they take it. The round's modifier is Dummy.",
    trigger="The face-up bone is the Joker and a player takes it.",
    effect="Trump is the suit named; the Joker in front of the Maker is the benny of that suit.",
    interpretation="Decision 1: as British euchre lets the dealer's side name trump when the benny turns up, "
                   "the Maker names a suit (joker_trump 'maker_names'). Setting 'no_trump': the round has no "
                   "trump, as under Fight Club, and the benny follows decision 7.",
    examples=("Seat 2 takes the Joker and names clubs: clubs are trump, J♣ right bower, J♠ left, the Joker "
              "above both; seat 0 plays seat 2's hand face up (Dummy).",))

FOLLOW = rule(
    "follow", "Following suit", line=7, cards=("JK", *all_of("J")),
    kind="obligation", keywords=("follow", "follow suit", "lead", "legal play", "revoke", "left bower"),
    text="The Maker leads the first trick with any card; the winner of each trick leads the next. Each "
         "player in turn clockwise must play a card of the led suit if able, otherwise any card. The left "
         "bower and the benny are trumps for following: they follow a trump lead and do not follow their "
         "printed suit.",
    trigger="A player is to play to a trick.",
    effect="Only a card of the led card's effective suit may be played, unless the player holds none.",
    interpretation="Standard euchre, implied by line 8: the left bower is 'the other jack of the same colour' "
                   "ranked inside trump, and the benny is 'the highest card of trump', so both are trumps in "
                   "every respect. The benny led calls for trump. Heartbreaker lifts the rule; Lucky Penny's "
                   "unseen card is exempt (decision 10).",
    examples=("Hearts trump, the 9♥ led: a player holding the J♦ and no heart must play the J♦.",
              "Hearts trump, the A♦ led: a player whose only diamond is the J♦ may play anything."))

BOWERS = rule(
    "bowers", "The bowers and the benny", line=8, cards=("JK", *all_of("J")),
    keywords=("bower", "right bower", "left bower", "benny", "joker", "trump order", "ranking"),
    text="The jack of trumps is the right bower, above the ace. The other jack of the same colour is the "
         "left bower, above the ace and below the right bower. The Joker, the benny, is always the highest "
         "trump. Trumps rank benny, right bower, left bower, A, K, Q, 10, 9; other suits A, K, Q, J, 10, 9.",
    trigger="Always, while a card is ranked.",
    effect="Every card's effective suit and rank come from one function (ranking.effective).",
    interpretation="The left bower is a trump (see follow). Modifiers that change the order: Golf Club, "
                   "Square Deal, Soul Mate, Assassin, Fight Club, Copycats.",
    examples=("Spades trump: Joker > J♠ > J♣ > A♠ > K♠ > Q♠ > 10♠ > 9♠.",))

TRICK = rule(
    "trick", "Who wins a trick", line=7,
    keywords=("trick", "win", "winner", "highest", "trump", "trumping"),
    text="The highest trump played wins the trick; with no trump in it, the highest card of the led suit. "
         "Any other card cannot win.",
    trigger="The fourth card of a trick is played.",
    effect="The trick goes to the winner's team; the winner leads next (Fusion: or their partner).",
    interpretation="'Plays out of suit, but their card is also the trump suit': a player void in the led "
                   "suit who trumps wins unless a higher trump follows. Two cards of equal rank in one "
                   "trick (only possible with Copycats, Club Sandwich or Mad Genius): decision 6, the first "
                   "played wins (equal_cards). Each ruling names the modifiers that decided it: those that, "
                   "switched off, would give the trick to another card.",
    examples=("Hearts trump; A♠ led, 9♥, K♠, Q♠: the 9♥ wins.",))

SCORING = rule(
    "scoring", "Scoring a round", line=9,
    kind="payment", keywords=("score", "scoring", "points", "makers", "defenders", "euchred", "march"),
    settings=("four_tricks_points",),
    text="The makers score 1 point for 3 or 4 of the 5 tricks and 2 for all 5. The defenders score 2 when "
         "the makers take 2 or fewer.",
    trigger="The fifth trick is scored.",
    effect="Points go to the team that earned them (modifiers: Shoot The Moon, Spiked Club, High Stakes; "
           "Strip Club scores during the round).",
    interpretation="Decision 2: the sheet names 3 and 5 tricks only; 4 tricks score 1, as in standard euchre "
                   "and every engine we know (four_tricks_points 1; 2 for tables that read 'more than 3').",
    examples=("Makers 4 tricks: makers 1.", "Makers 2 tricks: defenders 2."))

GAME_END = rule(
    "game-end", "Winning the game", line=9, also=(2, 20),
    keywords=("win", "game", "10 points", "end", "tie", "winner"),
    settings=("tie_at_ten",),
    text="At the end of a round, if any team has 10 points or more, the team with the higher score wins; "
         "otherwise a new round begins.",
    trigger="A round's points have been added.",
    effect="The game ends with a winner, or goes on.",
    interpretation="Decision 14: a Strip Club point comes at once, but the game end is checked only at the end "
                   "of a round, so a team may pass 10 mid-round and still lose. Equal scores at 10 or more: no "
                   "team has 'the highest score', so by default another round is played (tie_at_ten "
                   "'play_on'); setting 'makers': the last round's makers win.",
    examples=("9-8, the makers take 5: 11-8, the makers win.", "10-10 after a round: play another."))

BONE_FLIPS = rule(
    "bone-flips", "Flipping bones", line=11, also=(10, 17, 19, 26),
    keywords=("flip", "bones", "boneyard", "run out", "chain", "meet cute", "polycule", "scheme"),
    settings=("chain_flips",),
    text="Copycats, Meet Cute, Polycule, Scheme and Lucky Penny draw from the 4 bones left after the taken "
         "one, in the order they come into play: the taken card's modifier first, then each flipped "
         "modifier in the order flipped.",
    trigger="A modifier that draws a bone comes into play.",
    effect="The bones are turned (or, Lucky Penny, given face down) one at a time.",
    interpretation="Decision 4: a draw that finds no bone does nothing and the referee says so; Copycats with "
                   "no bone leaves the tens as tens. A flipped Meet Cute, Polycule or Scheme chains: it is "
                   "added and flips its own cards (chain_flips; off: it adds nothing). A modifier already in "
                   "play is not added twice. Meet Cute and Polycule read the same: flip two, add both. The "
                   "Maker's discard is not among the bones (decision 3).",
    examples=("Meet Cute flips the J♥ (Polycule) and the 9♠ (Copycats): Polycule flips 1 more, Copycats the "
              "last; 4 bones used.",))

STACKING = rule(
    "modifier-stacking", "Several modifiers at once", line=11, also=(12, 24, 25, 27, 29, 30),
    keywords=("stack", "stacked", "order", "conflict", "golf club", "square deal", "assassin", "mad genius"),
    settings=("mad_genius_with_assassin",),
    text="All active modifiers hold at once. Where two touch the same card they are applied in this order: "
         "Copycats (a ten becomes its copy), the bowers, Soul Mate, Assassin, Square Deal and Golf Club, then "
         "in the trick Fool's Gold, Club Sandwich and Mad Genius.",
    trigger="More than one modifier is active.",
    effect="Every card has one effective suit and rank (ranking.effective).",
    interpretation="Decision 5. Golf Club + Square Deal commute (swapping the ace's and 9's values, then "
                   "reversing, is the same as the other way round): the ace is high and the 9 low again, "
                   "with K Q J 10 reversed between them. Fight Club: no trump, so no bowers, no Soul Mate "
                   "ace, and 'of trumps' in Club Sandwich and Mad Genius means 'of the led suit'. Assassin + "
                   "Mad Genius: the benny-and-a-half stays above every card (mad_genius_with_assassin 'top'); "
                   "'follows' puts it just above the assassinated benny. Copycats copying a jack copies what "
                   "that jack is this round (a bower too); copying the Joker makes every ten a benny.",
    examples=("Golf Club + Square Deal: A > 10 > J > Q > K > 9 in a plain suit.",))

AND_A_HALF = rule(
    "and-a-half", "X-and-a-half", line=21, also=(27, 28, 29),
    keywords=("and-a-half", "half", "fool's gold", "soul mate", "club sandwich", "mad genius"),
    settings=("fools_gold_follows",),
    text="A card 'X-and-a-half' ranks just above X and below the next card up, in the suit named: the led "
         "suit for Fool's Gold, trumps for Soul Mate, Club Sandwich and Mad Genius.",
    trigger="A Fool's Gold, Soul Mate, Club Sandwich or Mad Genius card is ranked.",
    effect="It beats X and everything X beats, in that suit.",
    interpretation="Decision 12. Ranks are counted in the round's order, so under Golf Club the Ace-and-a-half "
                   "is just above the (low) ace. A Fool's Gold card is of the led suit, so it counts as "
                   "following and may be played even by a player who could follow otherwise "
                   "(fools_gold_follows; off: only by a player void in the led suit). An '-and-a-half' never "
                   "lowers a card that already ranks higher: a right bower paired under Club Sandwich stays "
                   "the right bower.",
    examples=("Spades trump, hearts led: the 10♣ played as Fool's Gold (10-and-a-half of hearts) beats the 10♥ "
              "and loses to the J♥.",))

RULES = (DEAL, TAKE_IT, PLAIN_ROUNDS, REDEAL, MAKER_DISCARD, JOKER_TAKEN, FOLLOW, BOWERS, TRICK, SCORING, GAME_END,
         BONE_FLIPS, STACKING, AND_A_HALF)
