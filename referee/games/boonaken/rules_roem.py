"""Boonaken rule objects for roem: the melds and stuk, declaring and challenging, and decisions 1, 5,
6 and 11 (a card in a four and a run, equal roem, several challengers, false roem). The counting
and the checks are `roem.py`."""

from __future__ import annotations

from .rulesheet import all_of, rule

ROEM = rule(
    "roem", "Roem and stuk", line=20, also=("22-30", 32),
    cards=all_of("K", "Q"),
    keywords=("roem", "stuk", "run", "four of a kind", "meld", "four jacks", "four aces", "sequence"),
    text="Roem is a combination of cards held in hand. A run is three or more cards in a row of one suit, "
         "always in the order A K Q J 10 9 8 7: a run of three scores 20, four 50, five 100, six 200. Four "
         "jacks score 200; four queens, four kings or four aces 100 each. Stuk, the king and queen of "
         "trumps, scores 20. A card may be in only one run, but a card may count in a run and in stuk at "
         "once.",
    trigger="The declarer declares roem, an opponent challenges, or a boonaak with roem is checked.",
    effect="Roem declared and not cancelled counts towards a number bid; roem bid with boonaak must be held.",
    interpretation="Runs use the plain order whatever the trump: Q-J-10-9 of trumps is a run, J-9-A-K is "
                   "not. Four 10s, 9s, 8s or 7s score nothing (lines 26-29 list only J Q K A). Stuk counts "
                   "together with any other roem; a card in a four of a kind and a run at once: decision 1 "
                   "(roem-sharing). With no trump there is no stuk.",
    examples=("K-Q-J-10 of trumps: run of four 50 + stuk 20 = 70 (line 32).",
              "Four aces with the trump K and Q: 140 (line 32; decision 1).",
              "The most a hand can hold: four jacks with the trump K and Q, 200 + K-Q-J run 20 + stuk 20 = "
              "240 (decision 1; 220 without sharing).",
              "J-9-A-K of trumps is no run (line 20)."))

ROEM_DECLARE = rule(
    "roem-declare", "Declaring roem", line=87, also=(89, 95, 97),
    kind="option", keywords=("roem", "declare", "declare roem", "first trick", "total", "stuk"),
    text="With a number bid the declarer may declare roem while leading to the first trick, stating only its "
         "total. Only the cards in the declarer's hand count; discards never do. Roem equal to or above the "
         "bid may not be declared. Roem can be declared only during the first trick; a claim at any other "
         "time does not count.",
    trigger="The declarer of a number bid leads to the first trick.",
    effect="The declared total counts towards the bid unless an opponent cancels it (roem-challenge) or it "
           "proves false (false-roem).",
    interpretation="Only the declarer of a number bid declares roem; boonaak with roem is bid, not declared. "
                   "Any part of the hand's roem may be declared as long as the total is strictly below the "
                   "bid, so a declarer may declare less than the hand holds. The hand is the one after the "
                   "exchange: the cards the declarer plays to the six tricks.",
    examples=("Bid 95 holding Q-J-10-9-8 of trumps (a run of five, 100): only 50 may be declared, the run of "
              "four (line 89).",
              "Four aces (100) may not be declared on a bid of 100 or less (line 89).",
              "K-Q-J-10 of trumps on a bid of 80: declare 70 (line 87)."))

ROEM_CHALLENGE = rule(
    "roem-challenge", "Challenging roem", line=91, also=(93, 97),
    kind="option", keywords=("roem", "challenge", "cancel", "cancelled", "opponent", "boonaak with roem"),
    text="An opponent holding at least as much roem as the declarer declared may declare it. Higher roem "
         "cancels the declarer's, which then does not count towards the bid; equal roem is settled by the "
         "highest roem card (roem-tie). Opponents may not declare when the declarer declared none, or with "
         "less. A boonaak with roem is never cancelled: the declarer must hold at least the roem bid, or the "
         "bid is lost.",
    trigger="The declarer has declared roem during the first trick.",
    effect="Each opponent may challenge with a total; a higher one (or an equal one with a higher card) "
           "cancels the declarer's roem.",
    interpretation="A challenge is checked against the cards the challenger plays, as the declarer's claim "
                   "is; it cancels only if held (false-roem). A cancelled roem counts for nobody: the "
                   "opponent's roem scores nothing of its own. Several challengers: decision 6 "
                   "(roem-challengers).",
    examples=("The declarer declares 50; an opponent holding four kings says 100: the 50 is cancelled.",
              "Boonaak 50 holding only a run of three (20): the bid is lost (line 93)."))

ROEM_TIE = rule(
    "roem-tie", "Equal roem: the highest roem card (decision 5)", line=91,
    keywords=("roem", "tie", "equal roem", "highest roem card", "challenge"),
    settings=("roem_tie_order",),
    text="When an opponent's roem equals the declarer's, both say which is the highest card of their roem. "
         "If the opponent's card is higher the declarer's roem is cancelled; if the highest card is the "
         "declarer's, the roem stands.",
    trigger="A challenge equals the declared total.",
    effect="The two named cards are compared; the declarer's roem stands unless the opponent's is higher.",
    interpretation="Default natural: A K Q J 10 9 8 7, the order roem is built on, and of two cards of the "
                   "same rank the trump is higher. Setting trick: trumps above plain cards, trumps in trump "
                   "order (J 9 A K Q 10 8 7). Two plain cards of one rank tie, and a tie keeps the declarer's "
                   "roem (the opponent's card is not higher). The card named must top a combination of "
                   "exactly the declared total.",
    examples=("Hearts trump: the declarer's 20 is J-10-9♥, an opponent's 20 is A-K-Q♠: natural order, the A♠ "
              "is higher and cancels; trick order, the trump J♥ is higher and the roem stands.",
              "Both 20s topped by a plain king: a tie, the declarer's roem stands."))

ROEM_SHARING = rule(
    "roem-sharing", "A card in a four and a run at once (decision 1)", line=32, also=(63,),
    keywords=("roem", "sharing", "140", "220", "240", "four aces", "four jacks", "maximum"),
    settings=("roem_shared_with_run",),
    text="Line 32 values four aces with the trump K and Q at 140; line 63 calls boonaak 220 the highest bid. "
         "140 only adds up if the trump ace counts in the four aces and in the A-K-Q run (100 + 20 + 20), "
         "and read that way four jacks with the trump K and Q make 240.",
    trigger="Roem is counted for a hand holding a four of a kind and a run through one of its cards.",
    effect="The card counts in both (default), or in one of them only.",
    interpretation="Default: sharing allowed. 140 is a worked value in the roem section itself; 220 is a "
                   "remark about the bid ladder made with one hand in mind. So the most roem is 240 and "
                   "boonaak with roem goes up to 240. Off: 120 and 220. A run never shares with another run "
                   "(line 32); stuk shares with anything in either setting, so four kings with the trump "
                   "queen are 120 either way. Only four hands exceed 220: four jacks with the K and Q of "
                   "trumps, one per trump suit.",
    examples=("Four aces with the trump K and Q: 140 (off: 120).",
              "Four jacks with the trump K and Q: 240, the maximum (off: 220)."))

ROEM_CHALLENGERS = rule(
    "roem-challengers", "Several challengers (decision 6)", line=91, also=(97,),
    keywords=("roem", "challenge", "challengers", "order", "clockwise"),
    text="The original speaks of one opponent challenging; at a table of four or five several may hold "
         "enough roem.",
    trigger="More than one opponent challenges the declarer's roem.",
    effect="Challenges are heard in turn; the first that cancels settles it.",
    settings=("challengers",),
    interpretation="Default every: each opponent holding at least the declared total may challenge (lines 91, "
                   "97); challenges are heard clockwise from the declarer's left and the first that cancels "
                   "settles it, the rest are moot. Any one cancelling is enough, so the order only decides "
                   "whose proof is shown. Setting challengers 'first': as the original tells it, one opponent "
                   "challenges: the first to speak, and later challenges are refused.",
    examples=("Seat 1 declares 50; seats 2 and 4 each say 100: seat 2's challenge cancels, seat 4's is moot.",))

FALSE_ROEM = rule(
    "false-roem", "Roem claimed but not held (decision 11)", line=93, also=(87, 91),
    keywords=("roem", "false roem", "false claim", "penalty", "proof", "check"),
    text="The original is silent about roem declared or challenged but not held, except for boonaak with "
         "roem: not held, the bid is lost (line 93).",
    trigger="The cards a player has played show that a roem claim or challenge was not held.",
    effect="The false claim is announced with the cards that prove it, then its consequence applies.",
    interpretation="Every claim (the declarer's total, each challenge, each tie-break card) is checked when "
                   "the deal is over against the cards that player played; a false one is announced with "
                   "those cards. A declarer's roem not held loses the bid. A challenge not held is void, and "
                   "the ruling is made again without it (the declarer's roem may stand after all). Boonaak "
                   "(or zwabber) with roem not held is lost (line 93). Setting false_roem: 'loses_bid' "
                   "(default) or 'void': the roem simply does not count and the bid is judged on its card "
                   "points. Cards played against the rules are the revoke's setting, illegal_card.",
    settings=("false_roem",),
    examples=("The declarer declares 50 and plays no combination worth 50: announced with the six cards; the bid is "
              "lost (default).",))

RULES = (ROEM, ROEM_DECLARE, ROEM_CHALLENGE, ROEM_TIE, ROEM_SHARING, ROEM_CHALLENGERS, FALSE_ROEM)
