"""The round modifiers that move cards between hands and bones, or change the points: Meet Cute,
Collect Call, Grave Robber, Sweet Nothings, Therapy Club, Lucky Penny, Polycule, Strip Club, Shoot The
Moon, Scheme, Spiked Club, High Stakes, Dummy (flips.py, order.py, exchanges.py and scoring.py hold
their logic)."""

from __future__ import annotations

from .rulesheet import modifier_rule

MEET_CUTE = modifier_rule(
    "meet-cute", kind="info", keywords=("flip", "two", "both"), settings=("chain_flips",),
    text="Flip over two more bones and use both of their modifiers this round.",
    trigger="Meet Cute comes into play.",
    effect="Two bones are turned; their modifiers are added.",
    interpretation="Decision 4: reads the same as Polycule. Bones run out: what is left is flipped. A "
                   "flipped Meet Cute, Polycule or Scheme chains (chain_flips).",
    examples=("The 9♥ taken: the A♣ and Q♥ flipped: Spiked Club and Heartbreaker too.",))

POLYCULE = modifier_rule(
    "polycule", kind="info", keywords=("flip", "two", "both"), settings=("chain_flips",),
    text="Flip over two bones and add both of their modifiers to this round.",
    trigger="Polycule comes into play.",
    effect="Two bones are turned; their modifiers are added.",
    interpretation="Decision 4: the same as Meet Cute ('two more' there counts the first bone turned).",
    examples=("The J♥ taken, the K♣ and 9♣ flipped: Club Sandwich and Golf Club too.",))

COLLECT_CALL = modifier_rule(
    "collect-call", kind="power", keywords=("take", "give", "exchange", "maker"),
    text="The Maker takes one card from each other player, then gives one card to each of them, the "
         "Maker's choice.",
    trigger="Collect Call comes into play, before the first lead.",
    effect="Each hand keeps its size; the cards are entered on the phones (face down).",
    interpretation="The Maker chooses which card to take (unseen, from the backs) and which to give; a "
                   "card taken may be given back to anyone. The taken card in front of the Maker may be "
                   "given too, as part of their hand.",
    examples=("The Maker takes 3 cards, then hands one back to each of the 3 players.",))

GRAVE_ROBBER = modifier_rule(
    "grave-robber", kind="power", keywords=("trick", "take a card", "maker's partner"),
    settings=("grave_robber_trick",),
    text="Once per round, after a trick is scored, the Maker's partner may take one card from that trick "
         "into their hand.",
    trigger="A trick is scored and the Maker's partner has not yet robbed.",
    effect="The card moves from the trick to the partner's hand; the trick still counts for its winner.",
    interpretation="Decision 11: only the trick just scored (grave_robber_trick; 'any': any scored trick). "
                   "The extra card may be played like any other; one card is left over at the end of the "
                   "round and goes back with the pack.",
    examples=("Trick 2 scored: the partner takes its A♠ into hand.",))

SWEET_NOTHINGS = modifier_rule(
    "sweet-nothings", kind="option", keywords=("exchange", "swap", "partner"),
    text="The Maker and the Maker's partner may exchange one card with each other.",
    trigger="Sweet Nothings comes into play, before the first lead.",
    effect="One card each way, face down, entered on both phones; both may decline.",
    interpretation="Both must agree; the exchange is one for one, so the hands keep their size.",
    examples=("The Maker gives the 9♣ and receives the J♠.",))

THERAPY_CLUB = modifier_rule(
    "therapy-club", kind="obligation", keywords=("reveal", "face up", "non-makers"),
    settings=("therapy_club",),
    text="Each non-maker reveals one card of their choice face up.",
    trigger="Therapy Club comes into play, before the first lead.",
    effect="The revealed cards stay face up in front of their owners until played.",
    interpretation="Decision 9: 'non-makers' are the two defenders (therapy_club 'defenders'), as 'makers' "
                   "in line 9 is the Maker's team; 'all_three' adds the Maker's partner.",
    examples=("Maker seat 0: seats 1 and 3 each lay a card face up.",))

LUCKY_PENNY = modifier_rule(
    "lucky-penny", kind="power", keywords=("bone", "face down", "unseen", "maker's partner"),
    settings=("lucky_penny_follows",),
    text="The Maker's partner places a bone face down in front of them, without looking at it, and may "
         "play it in any trick.",
    trigger="Lucky Penny comes into play.",
    effect="The partner holds 6 cards, one unseen; it may be played to any trick.",
    interpretation="Decision 10: the unseen card is exempt from following (its holder cannot know its "
                   "suit), and it never makes its holder able to follow (lucky_penny_follows off). One card is "
                   "left over at the end of the round; that is fine, it goes back with the pack. No bone "
                   "left: nothing is placed.",
    examples=("Hearts led, the partner holds a heart: they may still turn up the penny.",))

STRIP_CLUB = modifier_rule(
    "strip-club", kind="payment", keywords=("queen", "point", "extra point"),
    text="When a queen wins a trick, that team immediately gets one extra point.",
    trigger="A queen wins a trick.",
    effect="1 point to the winner's team at once.",
    interpretation="Decision 14: the point is added at once, but the game end is checked only at the end of "
                   "the round. A Copycats ten copying a queen is a queen.",
    examples=("The Q♠ wins trick 3: +1 for its team now.",))

SHOOT_THE_MOON = modifier_rule(
    "shoot-the-moon", kind="payment", keywords=("no tricks", "lose all", "zero"),
    settings=("shoot_the_moon",),
    text="The makers get two points if they lose all five tricks.",
    trigger="The round ends with the makers on no tricks.",
    effect="Makers 2 points.",
    interpretation="Decision 13: the makers' 2 replace the defenders' 2 (shoot_the_moon 'replace'; 'both': "
                   "both teams score). High Stakes does not add to it (the makers did not win).",
    examples=("Makers 0 tricks: makers 2, defenders 0.",))

SCHEME = modifier_rule(
    "scheme", kind="info", keywords=("next round", "carry", "flip"), settings=("scheme_redeal", "chain_flips"),
    text="Flip over one bone and add its modifier to this round and to the next round.",
    trigger="Scheme comes into play.",
    effect="One bone turned; its modifier holds now and next round.",
    interpretation="Decision 15: a next round redealt after four Leave Its is no round: the modifier waits "
                   "for the next round played (scheme_redeal 'carries'; 'lost'). After the game's last round "
                   "it lapses. Carried into the next round, a drawing modifier draws there from that round's "
                   "bones.",
    examples=("The K♠ taken, the Q♣ flipped: no trump this round and next.",))

SPIKED_CLUB = modifier_rule(
    "spiked-club", kind="payment", keywords=("defenders", "fewer", "minus"),
    text="If the defenders win this round, they get 1 point fewer.",
    trigger="The round ends with the defenders scoring.",
    effect="The defenders' points less 1.",
    interpretation="Never below 0 (under Shoot The Moon 'replace' they have none to lose).",
    examples=("Makers 2 tricks: defenders 1.",))

HIGH_STAKES = modifier_rule(
    "high-stakes", kind="payment", keywords=("makers", "extra", "additional"),
    text="If the makers win, they get 1 additional point.",
    trigger="The round ends with the makers on 3 tricks or more.",
    effect="The makers' points plus 1.",
    interpretation="'Win' is 3 tricks or more; Shoot The Moon's 2 for no tricks is not a win.",
    examples=("Makers 5 tricks: 3 points.",))

DUMMY = modifier_rule(
    "dummy", kind="power", keywords=("dummy", "joker", "face up", "partner's hand"),
    text="The Maker's partner lays their hand face up, and the Maker chooses all plays for them.",
    trigger="Dummy comes into play (the Joker taken or flipped).",
    effect="The partner's cards are read face up; the Maker plays them from the Maker's phone.",
    interpretation="The partner's other choices (Fool's Gold, Grave Robber, Lucky Penny) are the Maker's "
                   "too. Decision 1 for trump when the Joker is taken.",
    examples=("Seat 2 makes with the Joker: seat 0's hand is face up, seat 2 plays it.",))

RULES = (MEET_CUTE, COLLECT_CALL, GRAVE_ROBBER, SWEET_NOTHINGS, THERAPY_CLUB, LUCKY_PENNY, POLYCULE,
         STRIP_CLUB, SHOOT_THE_MOON, SCHEME, SPIKED_CLUB, HIGH_STAKES, DUMMY)
