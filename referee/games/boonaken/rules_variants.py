"""Boonaken's variants (the original's "types of the game", lines 127-166), one rule each with its
setting, all off by default. Two variants live with the rule they change: the previous declarer
deals (first-dealer) and zwabber with roem (zwabber-slot)."""

from __future__ import annotations

from .rulesheet import rule

NO_UNDERTRUMP = rule(
    "no-undertrump", "No under-trumping", line=147,
    kind="obligation", keywords=("undertrump", "under-trump", "no undertrump", "trump", "variant"),
    settings=("no_undertrump",),
    text="Variant: once a plain lead has been trumped, nobody may play a lower trump unless they hold "
         "nothing but trumps.",
    trigger="A plain suit was led and someone has trumped it.",
    effect="A trump below the highest trump in the trick is not allowed, except from a hand of only trumps.",
    interpretation="It binds a player who could follow suit too: they may follow, or over-trump, but not "
                   "under-trump. A player void in the suit may still play another plain card.",
    examples=("Hearts trump, A♠ led, the 9♥ played on it; you hold the K♠ and the 8♥: the K♠ only.",))

KLAVERJAS_ORDER = rule(
    "klaverjas-order", "Klaverjas trump order", line=14,
    keywords=("klaverjas", "trump order", "ten", "variant"),
    settings=("klaverjas_trump_order",),
    text="A house setting, not in the original: trumps rank J 9 A 10 K Q 8 7, the ten above the king as in "
         "klaverjas, instead of the original's J 9 A K Q 10 8 7.",
    trigger="Cards of the trump suit are compared (a trick, no under-trumping, an equal roem in trick order).",
    effect="The trump ten beats the trump king and queen.",
    interpretation="Only the trump order changes: the plain order and runs stay A K Q J 10 9 8 7 and the "
                   "card points are as before.",
    examples=("Hearts trump, klaverjas order: the 10♥ beats the K♥; K-Q-J-10♥ is still a run of four.",))

LONE_MISERE_TRUMP = rule(
    "lone-misere-trump", "A lone misère names trump", line=149,
    keywords=("misère", "misere", "lone misère", "trump", "variant"),
    settings=("lone_misere_trump",),
    text="Variant: a player who is the only misère bidder also names a trump at the first trick; with more "
         "than one misère bidder the deal has no trump as usual.",
    trigger="The first trick of a deal with a lone misère.",
    effect="The lone misère bidder names the trump; tricks are played with it.",
    interpretation="The original does not say for how long: we read the trump as holding for the whole deal, "
                   "not the first trick only.",
    examples=("Lone misère, spades named: every trick of the deal is played with spades trump.",))

SIX_RUN = rule(
    "six-run", "A run of six worth 100", line=153,
    keywords=("run of six", "six-card run", "roem", "100", "200", "variant"),
    settings=("six_run_points",),
    text="Variant: a run of six cards scores 100 instead of 200.",
    trigger="Roem with a run of six is counted.",
    effect="The run of six scores 100.",
    interpretation="Only the run of six changes; four jacks stay 200, so the most a hand holds is still 240 "
                   "(with sharing).",
    examples=("A-K-Q-J-10-9 of trumps: 100 + stuk 20 = 120 (200 + 20 = 220 by default).",))

CENTRE_ONE_DOWN = rule(
    "centre-one-down", "One card face down in the centre", line=133,
    keywords=("centre", "one down", "face down", "variant", "deal"),
    settings=("centre_one_down",),
    text="Variant: with two, three or four players only one card goes face down in the centre, with two face "
         "up.",
    trigger="A deal with two, three or four players in.",
    effect="The centre holds 1 card down and 2 up; one more card is set aside.",
    interpretation="The counts follow the players still in, as for the deal; the exchange is then 3 cards.",
    examples=("Four players: 3 each, 1 down, 3 each, 2 up; 5 set aside (24 + 3 + 5 = 32).",))

SIX_SEVEN_PLAYERS = rule(
    "six-seven-players", "Six or seven players", line=135,
    keywords=("six players", "seven players", "variant", "deal"),
    settings=("six_seven_players", "seven_first_misere"),
    text="Variant: six players get 5 cards each with two face up in the centre; seven get 4 each with two "
         "face up and two face down. Some play that with seven everyone must bid misère on the first deal.",
    trigger="A deal with six or seven players in.",
    effect="The layout for six or seven; packets as decision 8 (deal-packets).",
    interpretation="The compulsory misère at seven is its own setting, seven_first_misere: on the first "
                   "deal of a game (of the night, or after a loser) with seven players in, misère is every "
                   "player's only bid. Packets of three cannot be kept with 5 or 4 cards: decision 8.",
    examples=("Six players: 30 cards dealt + 2 up = 32.", "Seven players: 28 dealt + 2 up + 2 down = 32."))

HIGH_SLOTS = rule(
    "high-slots", "Misère at 100, zwabber at 125", line=141,
    keywords=("misère", "misere", "zwabber", "slot", "100", "125", "variant"),
    settings=("misere_slot", "zwabber_slot"),
    text="Variant: with four or more players some rank misère between 100 and 105 and zwabber between 125 "
         "and 130.",
    trigger="A player bids misère or zwabber, with misere_slot = 100 and zwabber_slot = 125.",
    effect="Misère ranks just above 100, zwabber just above 125.",
    interpretation="The slots are settings the host sets for the table; they hold whatever the number of "
                   "players in, so a host plays this variant only with four or more. A lone misère is then "
                   "overcalled by 105 (decision 2, default).",
    examples=("misere_slot 100, zwabber_slot 125: ..., 100, misère, 105, ..., 125, zwabber, 130, ...",))

FIVE_CARD_VERSION = rule(
    "five-card-version", "The five-card version", line=161, also=(159, 162, 163, 164, 165, 166),
    keywords=("five cards", "five-card version", "open boonaak", "open boonhaak", "variant", "points"),
    settings=("five_cards", "open_boonaak", "misere", "zwabber", "minimum_bid", "scoring"),
    text="Another version: 5 cards each and two in the centre; no misère or zwabber; the bids are numbers "
         "(at least 25), boonaak, boonaak with roem and open boonaak, the highest, which a player who has "
         "bid a number may not bid. Scored in points (points-scoring). In boonaak and open boonaak the "
         "declarer takes no centre cards; open boonaak is won by taking all five tricks with the hand shown.",
    trigger="A night opened with the five-card version's settings.",
    effect="The deal, the bids, the exchange and the score follow the version.",
    interpretation="BoonakenSettings.five_card_version() turns the version on: five_cards, open_boonaak, no "
                   "misère or zwabber, minimum_bid 25, scoring points. The two centre cards are read as face "
                   "up, as at five or six players where the centre is all face up; the rest are set aside. "
                   "2 to 5 players (6 with six-seven-players, nothing left over). Packets 3 + 2 (decision 8).",
    examples=("Four players: 20 dealt + 2 up; 10 set aside.",
              "Seat 2 bid 40 earlier in the auction: open boonaak is refused to seat 2."))

RULES = (NO_UNDERTRUMP, KLAVERJAS_ORDER, LONE_MISERE_TRUMP, SIX_RUN, CENTRE_ONE_DOWN, SIX_SEVEN_PLAYERS,
         HIGH_SLOTS, FIVE_CARD_VERSION)
