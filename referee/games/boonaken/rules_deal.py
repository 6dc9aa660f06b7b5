"""Boonaken rule objects for the deal: the layout, the redeal, the packets with 5 or 4 cards each
(decision 8) and who deals (decision 12). What the deal does is `deal.py`; who deals next `marks.py`."""

from __future__ import annotations

from .rulesheet import rule

DEAL = rule(
    "deal", "The deal", line=36, also=("38-40", 42, 117),
    keywords=("deal", "dealer", "cut", "shuffle", "packets of three", "centre", "set aside", "eruit"),
    text="The dealer shuffles and the player on the dealer's right cuts. Cards go out clockwise in packets "
         "of three, six to each player still in. With five players two cards go face up in the centre, one "
         "after each round of packets. With four, three or two players, two cards go face down in the centre "
         "after the first round and two face up after the second; the rest (4, 10 or 16 cards) are set aside "
         "unseen until the deal is over. The deal passes to the left.",
    trigger="A deal starts.",
    effect="Each player still in gets six cards, the centre gets its face-down and face-up cards, the rest "
           "are set aside; the player on the dealer's left bids first.",
    interpretation="The layout follows the players still in: eruit players sit out, are not dealt to, do not "
                   "cut and do not count for the layout (line 117), so five players with one eruit are dealt as "
                   "four. The cut is by the first player still in on the dealer's right. Line 42 leaves the "
                   "moment the set-aside cards come off to each dealer: croupier sets them aside last. Packets "
                   "when each gets 5 or 4 cards: decision 8 (deal-packets); who deals: decision 12 (first-dealer).",
    examples=("Four players in: 3 each, 2 down in the centre, 3 each, 2 up; 4 set aside (24 + 4 + 4 = 32).",
              "Five players in: 3 each, 1 up, 3 each, 1 up; nothing set aside (30 + 2 = 32).",
              "Five at the table, one of them eruit: dealt as four players, 4 cards set aside."))

REDEAL = rule(
    "redeal", "Everyone passes: redeal", line=57,
    keywords=("redeal", "all pass", "pass", "misdeal"),
    text="If every player passes without a bid, the cards are dealt again. In practice it hardly happens: the "
         "last player in can take the deal at the lowest bid.",
    trigger="Every player still in has passed and nobody has bid.",
    effect="Nobody declares and nothing is written on the sheet; the cards are gathered and dealt again.",
    interpretation="A redeal scores nothing (marks or points). The deal then passes to the left as after any "
                   "deal; under the 'previous declarer deals' variant there is no declarer, so it passes left "
                   "too (decision 12).",
    examples=("Dealer seat 4; seats 1, 2, 3 and 4 pass: redeal, dealt by seat 1.",))

DEAL_PACKETS = rule(
    "deal-packets", "Packets of three with 5 or 4 cards each (decision 8)", line=42, also=(36, 135, 161),
    keywords=("packets", "packets of three", "deal", "six players", "seven players", "five cards"),
    settings=("deal_packets",),
    text="Line 42 says the cards always go out in packets of three, which cannot be when each player gets 5 "
         "cards (six players, or the five-card version) or 4 (seven players).",
    trigger="A deal with 5 or 4 cards to each player.",
    effect="Each player gets a packet of three and then the rest (default), or the rest and then three.",
    interpretation="Default three_first: a packet of three, then the rest (3 + 2, 3 + 1): the first round is "
                   "the rule's own packet of three and only the last packet is short. Setting rest_first: "
                   "2 + 3, 1 + 3. The centre cards follow the rounds as the original lays them: face-down "
                   "cards after the first round, face-up after the second (line 39; seven players: 2 down, "
                   "then 2 up); with none face down (five or six players) one face-up card after each round "
                   "(line 38).",
    examples=("Six players: 3 each, 1 up, 2 each, 1 up (30 + 2 = 32).",
              "Seven players, rest_first: 1 each, 2 down, 3 each, 2 up (28 + 4 = 32)."))

FIRST_DEALER = rule(
    "first-dealer", "Who deals (decision 12)", line=36, also=(117, 123, 131),
    keywords=("dealer", "first dealer", "deal passes left", "previous declarer deals", "dealer rotation",
              "eruit"),
    settings=("dealer_rotation",),
    text="The original does not say who deals first. After each deal the deal passes to the left, skipping "
         "players who are eruit; some play that the previous declarer deals the next hand, and with several "
         "misère bidders 'the one who became declarer' deals.",
    trigger="A night opens, or a deal is over.",
    effect="The host names the first dealer; after that the dealer is the next player still in on the left "
           "(or, with the variant, the previous declarer).",
    interpretation="The host names the first dealer when the night opens (the original has no rule); the deal "
                   "then passes left, skipping eruit seats (lines 36, 117), and a new game is dealt by the seat "
                   "right of the loser (line 123, rule loser). Variant 'previous declarer deals' (line 131, "
                   "dealer_rotation = declarer): with several misère bidders the declarer is the first misère "
                   "bidder, who leads; after a redeal there is no declarer and the deal passes left; a declarer "
                   "who has just gone eruit sits out, so the deal goes to the first player still in on their "
                   "left.",
    examples=("Dealer seat 2, seat 3 eruit: the next deal is seat 4's.",
              "Variant: seats 3 and 1 bid misère in that order; seat 3 deals the next hand."))

RULES = (DEAL, REDEAL, DEAL_PACKETS, FIRST_DEALER)
