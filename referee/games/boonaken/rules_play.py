"""Boonaken rule objects for the play: the centre cards, the trump, which cards may be played, who
wins a trick, what the cards are worth, and decisions 10 and 11 (a certain result, a revoke). Legal
plays and trick winners are `play.py`; ranks and points `cards.py`."""

from __future__ import annotations

from .rulesheet import all_of, rule

CENTRE_CARDS = rule(
    "centre-cards", "The centre cards (the exchange)", line=69, also=(44, 71, 166),
    kind="option", keywords=("centre", "centre cards", "exchange", "discard", "discards", "face down",
                             "misère chain"),
    text="The declarer takes the 2 or 4 centre cards into hand and then discards as many, face down; some or "
         "all may be the cards just taken. Discards score nothing for the declarer and never form roem. In "
         "a misère the first misère bidder takes the centre cards and discards as many face down; a second "
         "misère bidder takes the first one's discards and discards in turn, then a third takes the "
         "second's, and so on. In the five-card version a boonaak or open boonaak declarer takes none.",
    trigger="The auction is over with a declarer or a misère chain.",
    effect="The declarer (each misère bidder in turn) holds the centre cards, then puts back as many face "
           "down; play starts once the exchange is done.",
    interpretation="Discards score nothing: their card points count for nobody (tricks + discards + the "
                   "set-aside cards = 141 in every deal) and they are never part of roem, declared or "
                   "challenged. The misère chain goes in the order misère was bid. In the base game every "
                   "declarer exchanges, boonaak and zwabber included; line 166 (five-card version) bars the "
                   "exchange only for boonaak, boonaak with roem and open boonaak there.",
    examples=("Four players, bid 80: the declarer takes 2 down + 2 up (10 cards) and discards 4 face down.",
              "Misère by seats 2 then 4: seat 2 takes the centre and discards 4; seat 4 takes those 4 and "
              "discards 4."))

TRUMP = rule(
    "trump", "Naming trump", line=77, also=(85,),
    kind="option", keywords=("trump", "trumps", "troef", "name trump", "first lead", "suit"),
    text="With a number or a boonaak the declarer names the trump suit. If the declarer leads the first card "
         "without saying anything, the suit of that card is trump. Usually a trump is led, but the declarer "
         "may name trump aloud and lead another suit. Misère and zwabber have no trump.",
    trigger="The declarer leads to the first trick.",
    effect="The trump suit is fixed for the deal: the one named, else the suit of the first card led.",
    interpretation="The trump is named at the latest with the first lead; a suit named then holds even when "
                   "another suit is led. Roem is counted with that trump. A lone misère bidder names none "
                   "unless the lone-misere-trump variant is on.",
    examples=("The declarer leads the 9♥ and says nothing: hearts are trump.",
              "The declarer says 'spades' and leads the A♦: spades are trump and the A♦ is a plain lead."))

FOLLOW = rule(
    "follow", "Which cards may be played", line=79, also=(81, 85),
    kind="obligation", cards=all_of("J"),
    keywords=("follow", "follow suit", "boer", "trump led", "trumping", "legal play", "revoke", "jack"),
    text="Trump led: every player must play a trump unless the only trump they hold is the jack, the boer; a "
         "player who does not hold a trump, or whose only trump is the boer, may play any card. Plain suit "
         "led: follow suit or play a trump (trumping is allowed even when you could follow); a player with "
         "none of that suit may play any card. Misère and zwabber have no trump: follow suit if you can, "
         "otherwise play any card.",
    trigger="A player is to play to a trick.",
    effect="Only the cards allowed may be played; any other card is a revoke (rule revoke).",
    interpretation="Trump led, only the jack: a player whose only trump is the boer may play any card, the "
                   "boer included; the boer never has to come out on a trump lead. A player void in a plain "
                   "suit may play any card, a trump or another suit: trumping is allowed, never required. "
                   "With no trump the jack is an ordinary card. Variant: no under-trumping (no-undertrump).",
    examples=("Hearts trump, the 9♥ led; you hold the J♥ and only spades besides: any card, the J♥ included.",
              "Hearts trump, the A♠ led; you hold the K♠ and the 7♥: either card (follow or trump).",
              "Zwabber, the A♠ led, you hold no spade: any card; it cannot win the trick."))

TRICK = rule(
    "trick", "Who wins a trick", line=81, also=(75, 79, 83, 85),
    keywords=("trick", "wins", "highest trump", "lead", "leads", "trick winner"),
    text="The highest trump played wins the trick; with no trump in it, the highest card of the suit led. "
         "Trumps rank J 9 A K Q 10 8 7, plain suits A K Q J 10 9 8 7. The declarer leads the first trick "
         "(in a misère chain, the first misère bidder); the winner of each trick leads the next. In misère "
         "and zwabber there is no trump: the highest card of the suit led wins.",
    trigger="Every player still in has played to the trick.",
    effect="The winner takes the trick (its card points count for the declarer if the declarer won it) and "
           "leads the next.",
    interpretation="A card of a third suit (neither led nor trump) never wins, whatever its rank.",
    examples=("Hearts trump: K♠ led, A♠, 7♥, Q♠: the 7♥ wins.",
              "Hearts trump: J♥, 9♥, A♥, 10♥ in one trick: the J♥ wins, 20 + 14 + 11 + 10 = 55 points."))

CARD_POINTS = rule(
    "card-points", "Card order and points", line=14, also=(16,),
    cards=all_of("9"),
    keywords=("points", "card points", "nel", "aas", "heer", "vrouw", "trump order", "141", "last trick"),
    text="Plain suits rank A K Q J 10 9 8 7 and score ace 11, king 3, queen 2, jack 1, ten 10, the 9, 8 and "
         "7 nothing. Trumps rank J 9 A K Q 10 8 7 and score jack 20, nine (the nel) 14, ace 11, king 3, "
         "queen 2, ten 10, the 8 and 7 nothing. The pack holds 141 points; there is no bonus for the last "
         "trick.",
    trigger="A trick is counted.",
    effect="Trick points count towards a number bid (rule scoring).",
    interpretation="In trumps the 10 sits below the queen (line 14), not as in klaverjas (variant "
                   "klaverjas-order). With no trump (misère, zwabber) every suit ranks and scores as plain. "
                   "Only the tricks the declarer wins count; discards score nothing.",
    examples=("The pack: trumps 60 + three plain suits of 27 = 141.",))

REVOKE = rule(
    "revoke", "A card played against the rules (decision 11)", line=79, also=(81, 147),
    kind="obligation", keywords=("revoke", "illegal card", "renounce", "wrong card", "penalty"),
    settings=("illegal_card",),
    text="The original is silent about a card played against the rules of following.",
    trigger="A card lands that the player was not allowed to play (rule follow), seen once it has landed.",
    effect="The referee announces it with the reason; then the table's setting applies.",
    interpretation="A card is judged against the cards its player is known to have held then: the ones "
                   "named for that seat and every card it plays later (a card that breaks the rules against "
                   "part of a hand breaks them against the whole hand), so a revoke is found as the card "
                   "lands when the hand is known, and otherwise when a later card proves it. Default "
                   "penalty: the first revoke decides the deal: by the declarer or a misère bidder, that "
                   "bidder loses; by an opponent, the bidders win. Setting take_back: a card the referee can "
                   "tell is illegal as it lands is refused (back to the hand, play another); one proven later "
                   "is a penalty as above. Setting announce: announced only, and the deal counts as played.",
    examples=("Hearts trump, the 9♥ led; an opponent holding the 8♥ and 7♥ plays the A♠: revoke, the "
              "declarer wins the deal (default).",
              "An unseen hand: seat 3 discards the K♠ on a spade lead, then plays the 8♠ to a later trick: "
              "the 8♠ proves the revoke, announced then."))

DEAL_CERTAIN = rule(
    "deal-certain", "A result that is already certain (decision 10)", line=111, also=(104, 108, 109),
    keywords=("certain", "result", "play out", "stop", "deal over"),
    settings=("stop_when_certain",),
    text="The original does not say whether a deal stops once its result is certain.",
    trigger="No card still to come can change a result: a boonaak or zwabber trick lost, a misère bidder's "
            "trick taken, a number bid out of reach, or reached with no roem declared, a revoke's penalty.",
    effect="The referee announces the result at once; the deal is played out (default) or, once every "
           "result is certain, ends there.",
    interpretation="Default: a result is announced as soon as no card still to come can change it, and the "
                   "deal is played out, because the roem claims and the revokes are checked against every "
                   "card a player plays; with hands the referee has not seen, a revoke can still come to "
                   "light later, and the announcement says so. Setting stop_when_certain: the deal ends once "
                   "every result is certain; no roem check can change a certain result (a certain 'made' "
                   "needs no declared roem), so nothing is lost but the checks' announcements.",
    examples=("Boonaak: an opponent wins the second trick; 'seat 3 has lost the boonaak' is announced and "
              "the last four tricks are still played.",))

RULES = (CENTRE_CARDS, TRUMP, FOLLOW, TRICK, CARD_POINTS, REVOKE, DEAL_CERTAIN)
