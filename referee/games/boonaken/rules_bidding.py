"""Boonaken rule objects for the auction: turns, misère and its chain, what each bid promises, and
decisions 2, 3, 4 and 7 (the overcall of a lone misère, zwabber's slot, the lowest number, five misère
bidders). The ladder itself is `bidding.py`."""

from __future__ import annotations

from .rulesheet import rule

BIDDING = rule(
    "bidding", "Bidding", line=55, also=(48, 50),
    kind="option", keywords=("bid", "bidding", "pass", "declarer", "auction", "overbid", "number"),
    text="The player on the dealer's left bids first, then the turn goes clockwise. Each player bids higher "
         "than the bid before (misère excepted) or passes, and a pass is final. When all but one have passed, "
         "the one left is the declarer and plays the last bid. A bid is a number (a multiple of 5), misère, "
         "zwabber, boonaak or boonaak with roem.",
    trigger="The deal is out: the player left of the dealer is asked for a bid.",
    effect="Each player in turn bids higher or passes, until one bidder is left: the declarer.",
    interpretation="Turns go clockwise from the last to act, skipping players who passed, those in a misère "
                   "chain and the standing bidder; the auction ends when nobody is left to act. A player left "
                   "alone with no bid made may take the deal at the lowest bid or pass (then all have passed: "
                   "redeal). The ladder, low to high: numbers from the minimum in fives, misère just above 70, "
                   "zwabber just above 100, the higher numbers, boonaak, boonaak with roem (more roem above "
                   "less), open boonaak where it is played. Numbers stop at 141 plus the most roem a hand can "
                   "hold (380; 360 without sharing): no hand can make more.",
    examples=("Dealer seat 4: seat 1 bids 50, seat 2 75, seats 3 and 4 pass, seat 1 passes: seat 2 declares "
              "at 75.",
              "Opening at 75 keeps misère out (line 61)."))

MISERE = rule(
    "misere", "Misère", line=59, also=(51, 61, 71, 75),
    kind="option", keywords=("misère", "misere", "no trump", "no trick", "misère chain", "lone misère"),
    settings=("misere", "misere_slot"),
    text="Misère promises to take no trick, with no trump; it ranks between 70 and 75. Over a misère the "
         "other players still in may bid misère too. Once two have bid it nobody may bid higher: those who "
         "have not passed may only join the misère or pass. A lone misère can be overbid as usual (by a "
         "number above it, zwabber or boonaak), and then nobody may bid misère again that deal. Every "
         "misère bidder plays to take no trick; the first of them leads.",
    trigger="A player bids misère.",
    effect="With one misère the auction goes on; with two it is capped and the rest join or pass. Each "
           "misère bidder gets a mark of their own.",
    interpretation="Players who bid a number earlier and have not passed may join the chain too (line 59: "
                   "'players who have not passed'). An overbid lone misère never comes back: every later bid "
                   "ranks above it. Which number overcalls a lone misère: decision 2 (misere-overcall); how "
                   "many may join: decision 7 (misere-everyone). The line 141 variant moves misère's slot to "
                   "100 (misere_slot).",
    examples=("Seat 1 misère, seat 2 misère: the bidding is capped; seats 3 and 4 join the misère or pass.",
              "Seat 1 misère, seat 2 bids 75: the misère is gone for this deal (decision 2)."))

CONTRACT = rule(
    "contract", "What each bid promises", line=50, also=(51, 52, 53, 63, 162, 166),
    keywords=("contract", "promise", "number", "zwabber", "boonaak", "boonaak with roem", "open boonaak",
              "open boonhaak"),
    settings=("zwabber", "open_boonaak"),
    text="A number promises at least that many points: the card points of the tricks the declarer wins plus "
         "the roem declared and not cancelled, with a trump the declarer names. Misère promises no trick, "
         "with no trump. Zwabber promises every trick, with no trump. Boonaak promises every trick, with a "
         "trump the declarer names; boonaak with roem ('boonaak 50') every trick while holding at least that "
         "much roem. Open boonaak (the five-card version) promises every trick with the hand shown.",
    trigger="The auction is over and the declarer's bid stands.",
    effect="The bid decides whether there is a trump, what the declarer must make and how the deal is "
           "scored (rule scoring).",
    interpretation="Roem bids (boonaak with roem, zwabber with roem) go in tens, since every roem total is a "
                   "multiple of 10, from 20 up to the most a hand can hold: 240 with a trump (220 without "
                   "sharing, decision 1). Open boonaak ranks above every other bid and is refused to a player "
                   "who has bid a number in that auction (line 163); its declarer lays the hand open on the "
                   "table (offered before the first lead), and every player sees it (line 166).",
    examples=("Boonaak 50: all six tricks and at least 50 roem held (line 63).",
              "The text's highest, boonaak 220: A-K-Q-J-10-9 of one suit (run of six 200 + stuk 20); with "
              "sharing, boonaak 240 can be made (decision 1)."))

MINIMUM_BID = rule(
    "minimum-bid", "The lowest number bid (decision 4)", line=50, also=(139, 163),
    keywords=("minimum", "lowest bid", "minimum bid", "25", "multiple of 5"),
    settings=("minimum_bid",),
    text="A number bid is a multiple of 5. The original sets no minimum for its own game; some play with a "
         "minimum of 25, and the five-card version has 25.",
    trigger="A player bids a number.",
    effect="A number below the minimum, or not a multiple of 5, is refused in words.",
    interpretation="Default 5, the smallest multiple of 5: line 50 asks only for multiples of 5 and line 139 "
                   "calls 25 a variant, so the base game has no minimum of its own. Setting minimum_bid (25 "
                   "for the variant and the five-card version).",
    examples=("Default: the lowest opening bid is 5.", "minimum_bid = 25: a bid of 20 is refused."))

MISERE_OVERCALL = rule(
    "misere-overcall", "Does 75 overcall a lone misère? (decision 2)", line=61, also=(51,),
    keywords=("misère", "misere", "overcall", "overbid", "75", "lone misère"),
    settings=("lone_misere_overcall",),
    text="A lone misère is overbid 'with a bid more than 75', zwabber or boonaak; in the same paragraph "
         "players open at 75 to keep misère out, so 75 ranks above misère.",
    trigger="One misère stands and the next player bids a number.",
    effect="A number that overcalls it ends the misère for the deal; a lower one is refused.",
    interpretation="Default slot: 75 overcalls a lone misère, so the ladder stays one order (misère between "
                   "70 and 75, line 51, and opening at 75 blocks it). Setting above: only 80 and up, the "
                   "text's own words. With misere_slot 100 (line 141): 105, or 110 respectively.",
    examples=("Misère, then 75: overcalled (default).",
              "lone_misere_overcall = above: after a misère, 75 is refused and 80 overcalls."))

ZWABBER_SLOT = rule(
    "zwabber-slot", "Where zwabber ranks (decision 3)", line=52, also=(141, 143, 63),
    keywords=("zwabber", "zwabber with roem", "slot", "no trump", "stuk"),
    settings=("zwabber_slot", "zwabber_with_roem"),
    text="Zwabber (every trick, no trump) ranks 'between 100 and 150'; where it is played, zwabber with roem "
         "ranks after zwabber without roem.",
    trigger="A player bids zwabber, or a number near its slot.",
    effect="Zwabber beats 100 and loses to 105; zwabber with roem beats zwabber.",
    interpretation="Zwabber ranks just above 100 and below 105, the first number read the way misère's "
                   "'70 to 75' is a slot (setting zwabber_slot: 100, 125 or 145; the line 141 variant uses "
                   "125 with misère at 100). Zwabber with roem (line 143, off by default) ranks just above "
                   "zwabber, more roem above less, all still below the next number, as boonaak with roem "
                   "ranks above boonaak (line 63). With no trump there is no stuk: runs and fours count, so "
                   "the most is 220 (200 without sharing).",
    examples=("Default ladder: ..., 95, 100, zwabber, 105, ...",
              "With zwabber_with_roem: zwabber 50 beats zwabber 30 and zwabber, and loses to 105."))

MISERE_EVERYONE = rule(
    "misere-everyone", "Five misère bidders (decision 7)", line=71, also=(59,),
    keywords=("misère", "misere", "misère chain", "five players", "everyone"),
    settings=("misere_everyone",),
    text="The original follows the misère chain up to four bidders, at a four-player table; nothing stops a "
         "fifth player joining at five.",
    trigger="Two or more misères stand and another player still in is asked.",
    effect="That player may join the misère or pass.",
    interpretation="Default: every player still in may join, five at five seats included: someone takes the "
                   "tricks and loses, the rest win. Off: at most four misère bidders. Earlier number bidders "
                   "who have not passed may join too (line 59).",
    examples=("Five players all bid misère: each who takes no trick gets a +, each who takes one a −.",))

RULES = (BIDDING, MISERE, CONTRACT, MINIMUM_BID, MISERE_OVERCALL, ZWABBER_SLOT, MISERE_EVERYONE)
