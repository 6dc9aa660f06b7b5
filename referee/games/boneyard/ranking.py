"""Effective suit and rank of every card, and the legality and trick winners built on it.

`effective(card, rnd)` is THE one place a card is ranked: its suit for following (the left bower
and the benny are trump, sheet line 8) and its rank, an int where higher beats, under the round's
trump and active modifiers. The trick-context modifiers (Fool's Gold, Club Sandwich, Mad Genius)
start from `effective` and place a card just above another card's effective rank ("X-and-a-half").
Legal plays, trick winners and their words use nothing else.

Rank scale: a card's place in its suit, 9=2 10=4 J=6 Q=8 K=10 A=12 (even, so an "X-and-a-half" is
the odd number just above X); trumps add TRUMP (100), the left bower 114, the right 116, the benny
118. Only cards of the led suit or trump can win; ranks of other cards are never compared.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable, Optional, Sequence

from ...cards import SUIT_SYMBOLS, Card
from .cards import ACE, JACK, KING, NINE, PACK, QUEEN, TEN, same_colour
from .modifier_ids import names
from .settings import DEFAULT, BoneyardSettings

TRUMP = 100
LEFT, RIGHT, BENNY = TRUMP + 14, TRUMP + 16, TRUMP + 18
PLAIN_PLACE = {NINE: 2, TEN: 4, JACK: 6, QUEEN: 8, KING: 10, ACE: 12}
HIGH_JACK = 14          # Fight Club, fight_club_jacks "high": above the ace of its own suit
NO_SUIT = ""            # a card that follows nothing and never wins (a dead benny)
ANY_SUIT = "*"          # a card of every suit (the benny under Fight Club, "highest")
RANK_WORDS = {NINE: "9", TEN: "10", JACK: "Jack", QUEEN: "Queen", KING: "King", ACE: "Ace"}


@dataclass(frozen=True)
class Round:
    """What ranks the cards this round. `trump` is None under Fight Club (or a Joker taken with
    joker_trump "no_trump"); `active` the modifier ids; `copied` the card Copycats flipped (None when
    no bone was left to flip: the tens stay tens, decision 4)."""

    trump: Optional[str]
    active: frozenset[str] = frozenset()
    copied: Optional[Card] = None
    settings: BoneyardSettings = field(default=DEFAULT)
    # Every card of the pack as `effective` ranks it this round (suit -> rank -> Effective), filled
    # on first use from the shared tables: a round's ranking never changes, and a simulated round
    # asks for it thousands of times.
    _ranks: Optional[dict] = field(default=None, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.active, frozenset):
            object.__setattr__(self, "active", frozenset(self.active))
        if self.trump is not None and self.trump not in ("S", "H", "D", "C"):
            raise ValueError(f"trump must be one of S H D C, or None for no trump; got {self.trump!r}")
        if "fight-club" in self.active and self.trump is not None:
            raise ValueError("Fight Club is active, so the round has no trump: pass trump=None")

    def on(self, modifier: str) -> bool:
        return modifier in self.active

    def without(self, modifier: str) -> "Round":
        """The same round with one modifier switched off (the differential tests and the 'why')."""
        return Round(self.trump, self.active - {modifier}, None if modifier == "copycats" else self.copied,
                     self.settings)


def plain_round(trump: Optional[str], settings: BoneyardSettings = DEFAULT) -> Round:
    return Round(trump, frozenset(), None, settings)


@dataclass(frozen=True)
class Effective:
    suit: str                  # "S" "H" "D" "C"; ANY_SUIT; NO_SUIT
    rank: int
    why: tuple[str, ...] = ()  # the modifier ids that changed the card's suit or rank

    def is_trump(self, rnd: Round) -> bool:
        return rnd.trump is not None and self.suit == rnd.trump


def plain_place(rank: int, rnd: Round) -> tuple[int, tuple[str, ...]]:
    """A face rank's place within its own suit (never a bower): Square Deal swaps the ace and the 9,
    Golf Club reverses the order (line 12). The two commute, so their order never matters."""
    why: tuple[str, ...] = ()
    if rnd.on("square-deal") and rank in (ACE, NINE):
        rank, why = (NINE if rank == ACE else ACE), ("square-deal",)
    place = PLAIN_PLACE.get(rank)
    if place is None:
        raise ValueError(f"a card of rank {rank} is not in the Boneyard euchre pack (9 to A and the Joker)")
    if rank == JACK and rnd.trump is None and rnd.settings.fight_club_jacks == "high":
        # a bower of its own suit, so Golf Club leaves it alone
        return HIGH_JACK, ("fight-club",) if rnd.on("fight-club") else ()
    if rnd.on("golf-club"):
        place, why = 14 - place, why + ("golf-club",)
    return place, why


def face(card: Card, rnd: Round) -> Optional[int]:
    """The rank a card plays as, for rules that name ranks (Club Sandwich pairs, Mad Genius's 9 and
    10, Strip Club's queen, Fool's Gold's "itself"): a Copycats ten plays as the copied card's rank.
    None for the joker (and a ten copying it)."""
    if card.rank == TEN and rnd.on("copycats") and rnd.copied is not None and rnd.copied.rank != TEN:
        card = rnd.copied
    return None if card.is_joker else card.rank


def effective(card: Card, rnd: Round) -> Effective:
    """The card's effective suit (for following) and rank (higher beats), and the modifiers that
    changed them. See the module docstring for the scale."""
    found = _rank_table(rnd).get(card.suit, _NO_CARDS).get(card.rank)
    return found if found is not None else _effective(card, rnd)   # not in the pack: refused in words


# What `_effective` reads, and nothing else: the key of a round's rank table. A modifier or setting
# that starts to change a card's own suit or rank must be added here, or rounds would share tables.
_RANKING_MODIFIERS = frozenset({"copycats", "soul-mate", "square-deal", "golf-club", "assassin", "fight-club"})
_RANKING_SETTINGS = ("fight_club_jacks", "fight_club_benny", "assassin_benny", "copycats_copy")
# Rank tables shared by every Round that ranks alike: a simulated game builds a new Round each
# round (and `without` one per active modifier per trick), but only a few dozen tables ever differ.
_TABLES: dict[tuple, dict[str, dict[int, Effective]]] = {}
_TABLES_KEPT = 512          # past this many (odd settings, many Copycats cards) start afresh
_NO_CARDS: dict[int, Effective] = {}


def _rank_table(rnd: Round) -> dict[str, dict[int, Effective]]:
    """Every card of the pack as `effective` ranks it this round, by suit then rank: looked up by
    the card's two fields, which is cheaper than hashing the Card."""
    table = rnd._ranks
    if table is None:
        key = (rnd.trump, rnd.active & _RANKING_MODIFIERS, rnd.copied if "copycats" in rnd.active else None,
               tuple(getattr(rnd.settings, name) for name in _RANKING_SETTINGS))
        table = _TABLES.get(key)
        if table is None:
            if len(_TABLES) >= _TABLES_KEPT:
                _TABLES.clear()
            table = {}
            for card in PACK:
                table.setdefault(card.suit, {})[card.rank] = _effective(card, rnd)
            _TABLES[key] = table
        object.__setattr__(rnd, "_ranks", table)
    return table


def _lookup(card: Card, table: dict[str, dict[int, Effective]], rnd: Round) -> Effective:
    found = table.get(card.suit, _NO_CARDS).get(card.rank)
    return found if found is not None else _effective(card, rnd)


def _effective(card: Card, rnd: Round) -> Effective:
    if card.rank == TEN and rnd.on("copycats") and rnd.copied is not None and rnd.copied.rank != TEN:
        return _copycat(card, rnd)
    trump = rnd.trump
    if card.is_joker:
        return _benny(rnd)
    if trump is not None:
        if card.rank == JACK and card.suit == trump:
            return Effective(trump, RIGHT)
        if card.rank == JACK and card.suit == same_colour(trump):
            return Effective(trump, LEFT)
        if card.rank == ACE and card.suit == same_colour(trump) and rnd.on("soul-mate"):
            ace = _effective(Card(ACE, trump), rnd)
            return Effective(trump, ace.rank + 1, _merge(ace.why, ("soul-mate",)))
    place, why = plain_place(card.rank, rnd)
    return Effective(card.suit, place + (TRUMP if card.suit == trump else 0), why)


def _benny(rnd: Round) -> Effective:
    if rnd.on("assassin"):
        if rnd.trump is None or rnd.settings.assassin_benny == "lowest_card":
            return Effective(NO_SUIT, 0, ("assassin",))
        return Effective(rnd.trump, TRUMP, ("assassin",))      # below the 9 of trumps (TRUMP + 2)
    if rnd.trump is not None:
        return Effective(rnd.trump, BENNY)
    why = ("fight-club",) if rnd.on("fight-club") else ()
    if rnd.settings.fight_club_benny == "dead":
        return Effective(NO_SUIT, 0, why)
    return Effective(ANY_SUIT, BENNY - TRUMP, why)              # above any suit's ace and high jack


def _copycat(ten: Card, rnd: Round) -> Effective:
    copied = rnd.copied
    if rnd.settings.copycats_copy == "rank" and not copied.is_joker:
        copied = Card(copied.rank, ten.suit)
    like = _effective(copied, rnd)
    return Effective(like.suit, like.rank, _merge(("copycats",), like.why))


def _merge(*parts: Iterable[str]) -> tuple[str, ...]:
    out: list[str] = []
    for part in parts:
        out.extend(m for m in part if m not in out)
    return tuple(out)


def suit_order(suit: str, rnd: Round) -> tuple[Card, ...]:
    """The pack's cards that play as `suit` this round, highest first (for the phones: the
    effective ranking of trump and of the led suit). Equal cards keep pack order."""
    cards = [c for c in PACK if effective(c, rnd).suit in (suit, ANY_SUIT)]
    return tuple(sorted(cards, key=lambda c: -effective(c, rnd).rank))


def led_suit(cards: Sequence[Card], rnd: Round) -> Optional[str]:
    """The suit to follow: the effective suit of the first card played that has one of its own
    (a benny of no suit or of every suit led leaves the choice to the next card)."""
    return _led(cards, _rank_table(rnd), rnd)


def _led(cards: Sequence[Card], table: dict, rnd: Round) -> Optional[str]:
    for card in cards:
        found = table.get(card.suit, _NO_CARDS).get(card.rank)
        suit = (found if found is not None else _effective(card, rnd)).suit
        if suit != NO_SUIT and suit != ANY_SUIT:
            return suit
    return None


def _lookup_all(cards: Sequence[Card], table: dict, rnd: Round) -> list[Effective]:
    """`_lookup` of every card, inlined for the hot paths; a card not in the pack is refused in words."""
    try:
        return [table[c.suit][c.rank] for c in cards]
    except KeyError:
        return [_lookup(c, table, rnd) for c in cards]


def follows(card: Card, led: str, rnd: Round) -> bool:
    return effective(card, rnd).suit in (led, ANY_SUIT)


def legal_plays(hand: Sequence[Card], trick_cards: Sequence[Card], rnd: Round,
                unseen: Optional[Card] = None) -> tuple[Card, ...]:
    """The cards of `hand` that may be played to the trick now, in hand order (line 7: follow the led
    card's effective suit if able, else any card). Heartbreaker: any card (line 23). `unseen` is the
    Lucky Penny card, if in `hand`: by decision 10 it may go to any trick and never counts as able to
    follow (setting lucky_penny_follows). Fool's Gold is a way of playing, not a card: the game offers
    the Maker's partner `legal_fools_gold` besides these."""
    hand = tuple(hand)
    if unseen is None:
        if not trick_cards:
            return hand                         # a lead: any card (the commonest call, so first)
    elif unseen not in hand:
        raise ValueError(f"the unseen Lucky Penny card {unseen} is not in the hand")
    table = rnd._ranks or _rank_table(rnd)     # the table is never empty; skips a call when filled
    led = _led(trick_cards, table, rnd)
    if led is None or "heartbreaker" in rnd.active:
        return hand
    exempt = unseen if unseen is not None and rnd.on("lucky-penny") and not rnd.settings.lucky_penny_follows \
        else None
    # Every card but the exempt one is looked up, as before, so a card not in the pack is refused.
    if exempt is None:
        try:
            following = tuple([c for c in hand if (suit := table[c.suit][c.rank].suit) == led or suit == ANY_SUIT])
        except KeyError:    # a card not in the pack: `_lookup` refuses it in words
            following = tuple([c for c in hand if _lookup(c, table, rnd).suit in (led, ANY_SUIT)])
        return following or hand
    follow = [c != exempt and _lookup(c, table, rnd).suit in (led, ANY_SUIT) for c in hand]
    if not any(follow):
        return hand
    return tuple(c for c, ok in zip(hand, follow) if ok or c == exempt)


def legal_fools_gold(hand: Sequence[Card], trick_cards: Sequence[Card], rnd: Round) -> tuple[Card, ...]:
    """The cards the Maker's partner may play as Fool's Gold now (line 21): any card with a rank (not
    the benny) once a suit is led. With fools_gold_follows off (decision 12) it is not a way of
    following, so only a player who cannot follow may use it; it never leads."""
    led = led_suit(trick_cards, rnd)
    if not rnd.on("fools-gold") or led is None:
        return ()
    candidates = tuple(c for c in hand if face(c, rnd) is not None)
    if rnd.settings.fools_gold_follows or rnd.on("heartbreaker"):
        return candidates
    if any(follows(c, led, rnd) for c in hand):
        return ()
    return candidates


# ------------------------------------------------------------------------------------- tricks
@dataclass(frozen=True)
class Play:
    seat: int
    card: Card
    fools_gold: bool = False     # the Maker's partner played it as Fool's Gold (line 21)


@dataclass(frozen=True)
class Ruling:
    index: int                   # which play won, in `plays`
    why: tuple[str, ...]         # modifiers that, switched off, would give the trick to another play
    # The words are made when read, not with every ruling: a simulated round or the bench asks
    # only who won. `text` says exactly what it would have said made at once.
    words: Callable[[], str] = field(repr=False, compare=False)

    @property
    def text(self) -> str:
        return self.words()


def trick_effectives(plays: Sequence[Play], rnd: Round, partner: dict[int, int]) -> tuple[Effective, ...]:
    """Each play's effective suit and rank in this trick: `effective`, then the trick-context
    modifiers in sheet order (Fool's Gold, Club Sandwich, Mad Genius)."""
    return tuple(_trick(plays, rnd, partner)[0])


def _trick(plays: Sequence[Play], rnd: Round, partner: dict[int, int]) -> tuple[list[Effective], Optional[str]]:
    """`trick_effectives` and the led suit, worked out once for the winner and its words."""
    table = rnd._ranks or _rank_table(rnd)
    cards = [p.card for p in plays]
    effs = _lookup_all(cards, table, rnd)
    for i, play in enumerate(plays):
        if play.fools_gold:
            effs[i] = _fools_gold(cards[:i], play.card, rnd)
    led = _led(cards, table, rnd)
    if "club-sandwich" not in rnd.active and "mad-genius" not in rnd.active:
        return effs, led
    for i, j in _partner_pairs(plays, partner):
        fi, fj = face(cards[i], rnd), face(cards[j], rnd)
        if fi is None or fj is None or led is None:
            continue
        if rnd.on("club-sandwich") and fi == fj:
            effs[j] = _stronger(effs[j], _ace_and_a_half(led, rnd), led, rnd)
        if rnd.on("mad-genius") and {fi, fj} == {NINE, TEN}:
            nine = i if fi == NINE else j
            effs[nine] = _stronger(effs[nine], _benny_and_a_half(led, rnd), led, rnd)
    return effs, led


def _partner_pairs(plays: Sequence[Play], partner: dict[int, int]):
    for j, later in enumerate(plays):
        for i in range(j):
            if partner.get(plays[i].seat) == later.seat:
                yield i, j


def _fools_gold(before: Sequence[Card], card: Card, rnd: Round) -> Effective:
    """Itself-and-a-half of the led suit: just above the card of the same rank in the led suit."""
    if not rnd.on("fools-gold"):
        raise ValueError(f"{card.pretty} played as Fool's Gold, but Fool's Gold is not active")
    led, rank = led_suit(before, rnd), face(card, rnd)
    if led is None:
        raise ValueError(f"{card.pretty} cannot be Fool's Gold: no suit has been led yet")
    if rank is None:
        raise ValueError("the benny has no rank of its own, so it cannot be played as Fool's Gold")
    if led == rnd.trump:
        like = effective(Card(rank, led), rnd)
        return Effective(led, like.rank + 1, _merge(like.why, ("fools-gold",)))
    place, why = plain_place(rank, rnd)
    return Effective(led, place + 1, _merge(why, ("fools-gold",)))


def _ace_and_a_half(led: str, rnd: Round) -> Effective:
    """Club Sandwich: the Ace-and-a-half of trumps (with no trump, of the led suit)."""
    suit = rnd.trump if rnd.trump is not None else led
    ace = effective(Card(ACE, suit), rnd)
    return Effective(suit, ace.rank + 1, _merge(ace.why, ("club-sandwich",)))


def _benny_and_a_half(led: str, rnd: Round) -> Effective:
    """Mad Genius: the Benny-and-a-half of trumps (with no trump, of the led suit). Under Assassin
    with mad_genius_with_assassin "follows" it stands just above the assassinated benny."""
    suit = rnd.trump if rnd.trump is not None else led
    base = TRUMP if rnd.trump is not None else 0
    if rnd.on("assassin") and rnd.settings.mad_genius_with_assassin == "follows":
        return Effective(suit, base + 1, ("assassin", "mad-genius"))
    return Effective(suit, base + BENNY - TRUMP + 1, ("mad-genius",))


def _key(eff: Effective, led: Optional[str], rnd: Round) -> tuple[int, int]:
    if eff.is_trump(rnd):
        return (2, eff.rank)
    if eff.suit == ANY_SUIT or (led is not None and eff.suit == led):
        return (1, eff.rank)
    return (0, 0)                                   # off suit, or no suit: cannot win


def _stronger(old: Effective, new: Effective, led: str, rnd: Round) -> Effective:
    """An "-and-a-half" never lowers a card that already stands higher (a right bower stays one)."""
    return new if _key(new, led, rnd) > _key(old, led, rnd) else old


def winner_index(plays: Sequence[Play], rnd: Round, partner: dict[int, int]) -> int:
    if not plays:
        raise ValueError("a trick with no cards has no winner")
    return _winner(*_trick(plays, rnd, partner), rnd)


def _winner(effs: Sequence[Effective], led: Optional[str], rnd: Round) -> int:
    # `_key` inlined: this runs once per trick, and again per active modifier for the 'why'
    trump = rnd.trump
    keys = [(2, e.rank) if trump is not None and e.suit == trump
            else (1, e.rank) if e.suit == ANY_SUIT or (led is not None and e.suit == led) else (0, 0)
            for e in effs]
    best = max(keys)
    if rnd.settings.equal_cards == "first":
        return keys.index(best)
    return len(keys) - 1 - keys[::-1].index(best)


def trick_winner(plays: Sequence[Play], rnd: Round, partner: dict[int, int]) -> Ruling:
    """Who wins the trick (line 7: the highest trump, else the highest card of the led suit), the
    modifiers that decided it (each one switched off would give the trick to another play) and
    the words for the table."""
    if not plays:
        raise ValueError("a trick with no cards has no winner")
    effs, led = _trick(plays, rnd, partner)
    index = _winner(effs, led, rnd)
    why = tuple(m for m in sorted(rnd.active) if _changes_winner(m, plays, rnd, partner, index)) \
        if rnd.active else ()
    play, eff = plays[index], effs[index]
    return Ruling(index, why, lambda: _words(play, eff, led, why, rnd))


def _changes_winner(modifier: str, plays, rnd: Round, partner, index: int) -> bool:
    if modifier == "fight-club":
        return False       # without Fight Club there would be a trump, which no one named
    if modifier == "fools-gold":
        plays = [Play(p.seat, p.card) for p in plays]
    return winner_index(plays, rnd.without(modifier), partner) != index


def ruling_text(plays: Sequence[Play], index: int, why: tuple[str, ...], rnd: Round,
                partner: dict[int, int]) -> str:
    """The ruling for the table: "seat 1 wins the trick: 10♦ (a copy of the A♠) is the highest card
    of the led suit, ♠; decided by Copycats"."""
    effs, led = _trick(plays, rnd, partner)
    return _words(plays[index], effs[index], led, why, rnd)


def _words(play: Play, eff: Effective, led: Optional[str], why: tuple[str, ...], rnd: Round) -> str:
    if eff.is_trump(rnd):
        how = "is the highest trump" if led == rnd.trump else "trumps the trick"
    elif eff.suit == ANY_SUIT:
        how = "is the highest card of every suit"
    else:
        how = f"is the highest card of the led suit, {SUIT_SYMBOLS[eff.suit]}"
    standing = card_standing(play, eff, rnd)
    text = f"seat {play.seat} wins the trick: {play.card.pretty}{f' ({standing})' if standing else ''} {how}"
    return text + (f"; decided by {names(why)}" if why else "")


STANDING_WORDS = (("mad-genius", "the Benny-and-a-half"), ("club-sandwich", "the Ace-and-a-half"),
                  ("soul-mate", "the Ace-and-a-half"))


def card_standing(play: Play, eff: Effective, rnd: Round) -> str:
    """What a card is this round, when that is more than its face: "the left bower", "a copy of the
    A♠", "the Ace-and-a-half of trumps". Empty for an ordinary card."""
    of = "trumps" if eff.is_trump(rnd) else SUIT_SYMBOLS.get(eff.suit, "the led suit")
    if play.fools_gold:
        return f"Fool's Gold: the {RANK_WORDS[face(play.card, rnd)]}-and-a-half of {of}"
    for modifier, words in STANDING_WORDS if eff.why else ():     # an ordinary card has no 'why'
        if modifier in eff.why:
            return f"{words} of {of}"
    if "copycats" in eff.why and play.card.rank == TEN and rnd.copied is not None:
        return f"a copy of the {rnd.copied.pretty}"
    if eff.suit == NO_SUIT:
        return "a card of no suit"
    if eff.is_trump(rnd):
        return {BENNY: "the benny", RIGHT: "the right bower", LEFT: "the left bower"}.get(eff.rank, "")
    return "the benny" if play.card.is_joker else ""
