"""What the dashboard says, in words a table uses: names instead of seat numbers, events told as
sentences ("the 4♥ dealt to Ann on fifth street"), each card the viewer may not see left unnamed
("a face-down card dealt to Ann").

The referee speaks of seats ("seat 3: pay $2.50 or fold"); the night knows who sits where. Every
text a phone or the host console shows goes through here, so a name is put in one place. The
referee's own words stay as they are underneath (`raw_text` of an announcement).
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Callable

from referee import events as ev
from referee import registry
from referee import table_events as te
from referee.games.boonaken import events as boonaken
from referee.games.boneyard import events as boneyard
from referee.games.bonnu import events as bonnu
from referee.announcements import Announcement
from referee.cards import SUIT_SYMBOLS
from referee.lookup import rule_by_id
from referee.money import fmt

_SEAT = re.compile(r"\b([Ss])eat (\d+)\b")
# "seats 1, 2 and 3", "Seats 2 and 3": a list of seats, each number written as its player's name
_SEATS = re.compile(r"\b[Ss]eats (\d+(?:(?:,? and |, )\d+)*)\b")
STREETS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh", 8: "eighth",
           9: "ninth"}
# a decision's choice as a verb: "Ann sells", "Ben passes"; any other choice is quoted
_CHOICE_VERBS = {"pay": "pays", "fold": "folds", "sell": "sells", "keep": "keeps", "pass": "passes",
                 "trade": "trades", "pick": "picks", "steal": "steals", "combine": "combines", "turn-down": "turns down",
                 "done": "says the trade is done", "confirmed": "confirms it", "not-performed": "says it was not done"}


def seat_name(names: dict[int, str], seat: int | None) -> str:
    """A seat as the pages say it: its player's name, "seat 4" for a seat nobody named, "nobody"."""
    return "nobody" if seat is None else names.get(seat, f"seat {seat}")


def named(text: str, names: dict[int, str]) -> str:
    """`text` with each "seat N" (and "seats N, M and K") of a seated player written as their name."""
    def seats(m: re.Match) -> str:
        numbers = re.findall(r"\d+", m.group(1))
        if not all(int(n) in names for n in numbers):
            return m.group(0)
        return re.sub(r"\d+", lambda n: names[int(n.group(0))], m.group(1))
    text = _SEATS.sub(seats, text)
    return _SEAT.sub(lambda m: names.get(int(m.group(2)), m.group(0)), text)


def sentence(text: str) -> str:
    """A told event standing alone: its first letter a capital."""
    return text[:1].upper() + text[1:]


def street_words(street: int | None) -> str:
    return f"{STREETS[street]} street" if street in STREETS else f"street {street}"


def account_words(account: str, names: dict[int, str]) -> str:
    """A ledger account as people say it: "Ann", "the main pot", "the war pot", "the house"."""
    kind, _, rest = account.partition(":")
    if kind == "seat" and rest.isdigit():
        return names.get(int(rest), f"seat {rest}")
    if kind == "pot":
        return f"the {rest} pot"
    return "the house" if account == "house" else account


def rule_name(rule_id: str) -> str:
    rule = rule_by_id(rule_id) if rule_id else None
    return rule.name if rule is not None else rule_id.replace("-", " ")


class _Teller:
    """Tells one event for one viewer: names for seats, cards it may not see unnamed."""

    def __init__(self, names: dict[int, str], seen: set[str] | None, log: tuple, paid: Decimal | None,
                 level: Decimal | None) -> None:
        self.names, self.seen, self.log, self.paid, self.level = names, seen, log, paid, level

    def who(self, seat: int | None) -> str:
        return "the host" if seat is None else self.names.get(seat, f"seat {seat}")

    def whose(self, seat: int) -> str:
        return self.who(seat) + "'s"

    def visible(self, card) -> bool:
        return card is not None and (self.seen is None or card.code in self.seen)

    def card(self, card, hidden: str = "a face-down card") -> str:
        return f"the {card.pretty}" if self.visible(card) else hidden

    def cards(self, cards) -> str:
        """"4♥ K♣", or with cards the viewer may not see "4♥ and 2 more cards"."""
        shown = " ".join(c.pretty for c in cards if self.visible(c))
        hidden = sum(1 for c in cards if not self.visible(c))
        more = f"{hidden} {'more ' if shown else ''}card{'s' if hidden > 1 else ''}" if hidden else ""
        return " and ".join(x for x in (shown, more) if x) or "no cards"

    def money(self, before: str = " ") -> str:
        return f"{before}{fmt(self.paid)}" if self.paid else ""

    @staticmethod
    def corrected(event) -> str:
        reason = getattr(event, "correction", "")
        return f" (host correction: {reason})" if reason else ""


def _opened(t: _Teller, e: ev.TableOpened) -> str:
    game = registry.games().get(e.game)
    seats = [t.who(s) for s in e.seats]
    listed = ", ".join(seats[:-1]) + " and " + seats[-1] if len(seats) > 1 else seats[0]
    return f"the table opened for {getattr(game, 'name', e.game)} with {listed}"


def _started(t: _Teller, e: ev.HandStarted) -> str:
    dealt = f" ({', '.join(t.who(s) for s in e.seats)} dealt in)" if e.seats else ""
    return f"hand {e.hand} started, {t.who(e.dealer)} dealing{dealt}"


def _dealt(t: _Teller, e: ev.CardDealt) -> str:
    to = "the centre" if e.seat is None else t.who(e.seat)
    deck = " from the war deck" if e.deck == "war" else f" from the {e.deck} deck" if e.deck != "main" else ""
    street = f" on {street_words(e.street)}" if e.street is not None else ""
    if e.up:
        return f"the {e.card.pretty} dealt face up to {to}{deck}{street}"
    if t.visible(e.card):
        return f"the {e.card.pretty} dealt face down to {to}{deck}{street}"
    return f"a face-down card dealt to {to}{deck}{street}"


def _decision(t: _Teller, e: ev.Decision) -> str:
    """"Ann pays $2.50 (Black Jack)", "Ben trades (8 Ball), naming Cleo's 9♦, paying $2.50"."""
    verb = _CHOICE_VERBS.get(e.choice, f'answers "{e.choice}"')
    out = f"{t.who(e.seat)} {verb}" + (t.money() if e.choice == "pay" else "") + f" ({rule_name(e.rule)})"
    if e.target_seat is not None:
        out += f", naming {t.whose(e.target_seat)} {e.card.pretty}" if t.visible(e.card) else \
            f", naming a face-down card of {t.whose(e.target_seat)}"
    return out + (f", paying {fmt(t.paid)}" if t.paid and e.choice != "pay" else "")


def _undone(t: _Teller, e: ev.Undo) -> str:
    """What an undo took back, in words, or "" when the log does not say."""
    target = t.log[e.target - 1] if 1 <= e.target <= len(t.log) else None
    return "" if target is None or isinstance(target, ev.Undo) else event_text(target, t.names, t.seen)


def _undo(t: _Teller, e: ev.Undo) -> str:
    what = _undone(t, e)
    return f"the host undid event {e.target}" + (f" ({what})" if what else "") + f" because: {e.reason}"


def _corrected(t: _Teller, e: ev.CardCorrected) -> str:
    """"Ann's 4♥ corrected to the K♣ (host correction: misread)", each card unnamed where unseen."""
    if not t.visible(e.to):
        return f"a face-down card of {t.whose(e.seat)} corrected (host correction: {e.reason})"
    was = e.card.pretty if e.card is not None and t.visible(e.card) else "card"
    return f"{t.whose(e.seat)} {was} corrected to the {e.to.pretty} (host correction: {e.reason})"


def _bet(t: _Teller, e: ev.BetAction) -> str:
    who = t.who(e.seat)
    if isinstance(e, ev.BringIn):
        return f"{who} brings in{t.money(' for ')}"
    if isinstance(e, ev.Complete):
        return f"{who} completes" + (f" to {fmt(t.level)}" if t.level else t.money(" for "))
    if isinstance(e, ev.Raise):
        return f"{who} raises" + (f" to {fmt(t.level)}" if t.level else t.money(" by "))
    if isinstance(e, ev.AllIn):
        return f"{who} is all in for {fmt(t.paid or e.amount)}"
    words = {ev.Check: "checks", ev.Bet: "bets", ev.Call: "calls", ev.Fold: "folds"}[type(e)]
    return f"{who} {words}{t.money() if words != 'folds' else ''}"


_TELL: dict[type, Callable[[_Teller, ev.Event], str]] = {
    ev.TableOpened: _opened,
    ev.HandStarted: _started,
    ev.HandEnded: lambda t, e: f"the hand was ended: {e.reason}" if e.reason else "the hand ended",
    ev.CardDealt: _dealt,
    ev.CardExposed: lambda t, e: f"{t.who(e.seat)} turned up {t.card(e.card, 'a hole card')}{t.corrected(e)}",
    ev.CardTurnedDown: lambda t, e: f"{t.whose(e.seat)} {e.card.pretty} turned face down{t.corrected(e)}"
    if t.visible(e.card) else f"a card of {t.whose(e.seat)} turned face down{t.corrected(e)}",
    ev.CardsSwapped: lambda t, e: f"{t.whose(e.seat_a)} {t.card(e.card_a, 'face-down card').removeprefix('the ')} "
                                  f"and {t.whose(e.seat_b)} {t.card(e.card_b, 'face-down card').removeprefix('the ')} "
                                  f"swapped{t.corrected(e)}",
    ev.CardMoved: lambda t, e: f"{t.card(e.card, 'a card')} moved from {t.who(e.from_seat)} to {t.who(e.to_seat)}"
                               f"{t.corrected(e)}",
    ev.CardDiscarded: lambda t, e: f"{t.whose(e.seat)} {e.card.pretty} discarded{t.corrected(e)}"
    if t.visible(e.card) else f"a card of {t.whose(e.seat)} discarded{t.corrected(e)}",
    ev.CardPlayed: lambda t, e: f"{t.who(e.seat)} played {t.card(e.card)}",
    ev.HandShown: lambda t, e: f"{t.who(e.seat)} showed {t.cards(e.cards)}",
    ev.Decision: _decision,
    ev.Bid: lambda t, e: f"{t.who(e.seat)} passed" if e.bid == "pass" else f"{t.who(e.seat)} bid {e.bid}",
    ev.Shout: lambda t, e: f'{t.who(e.seat)} shouted "{e.word}"' + (f", laying down {t.cards(e.cards)}" if e.cards else ""),
    ev.Payment: lambda t, e: f"{t.who(e.seat)} paid {fmt(e.amount)} to {account_words(e.to, t.names)}"
                             + "".join(f" ({x})" for x in (rule_name(e.rule) if e.rule else "", e.memo) if x),
    ev.Undo: _undo,
    ev.CardCorrected: _corrected,
    te.BuyIn: lambda t, e: f"{t.who(e.seat)} bought {fmt(e.amount)} of chips from the bank" + (f" ({e.memo})" if e.memo else ""),
    te.CashOut: lambda t, e: f"{t.who(e.seat)} cashed out {fmt(e.amount)}" + (f" ({e.memo})" if e.memo else ""),
    te.SeatJoined: lambda t, e: f"{e.name or t.who(e.seat)} took a seat at the table",
    te.SatOut: lambda t, e: f"{t.who(e.seat)} sits out from the next deal",
    te.SatIn: lambda t, e: f"{t.who(e.seat)} is dealt in again from the next deal",
    boonaken.TrumpNamed: lambda t, e: f"{t.who(e.seat)} named trump: {SUIT_SYMBOLS[e.suit]}",
    boonaken.RoemDeclared: lambda t, e: f"{t.who(e.seat)} declared {e.amount} roem",
    boonaken.RoemChallenged: lambda t, e: f"{t.who(e.seat)} challenged with {e.amount} roem",
    boonaken.RoemCardNamed: lambda t, e: f"{t.who(e.seat)} named {t.card(e.card)} as the highest roem card",
    boneyard.BoneFlipped: lambda t, e: f"the dealer flipped {t.card(e.card, 'a bone')} face up from the boneyard",
    boneyard.PennyPlaced: lambda t, e: f"a bone was placed face down in front of {t.who(e.seat)} (Lucky Penny)",
    boneyard.PennyPlayed: lambda t, e: f"{t.who(e.seat)} played the Lucky Penny, {t.card(e.card, 'a face-down bone')}",
    boneyard.FoolsGoldPlayed: lambda t, e: f"{t.who(e.seat)} played {t.card(e.card)} as Fool's Gold",
    boneyard.LeadDeclined: lambda t, e: f"{t.who(e.seat)} declined to lead (Fusion)",
    boneyard.CardPassed: lambda t, e: f"{t.who(e.seat)} handed {t.card(e.card)} face down to {t.who(e.to_seat)}",
    boneyard.CardRevealed: lambda t, e: f"{t.who(e.seat)} revealed {t.card(e.card)} face up (Therapy Club)",
    boneyard.GraveRobbed: lambda t, e: f"{t.who(e.seat)} took {t.card(e.card)} from the trick (Grave Robber)",
    bonnu.CardLaid: lambda t, e: f"{t.who(e.seat)} laid {t.card(e.card, 'a card')} on the pile{_at(e)}",
    bonnu.CardDrawn: lambda t, e: f"{t.who(e.seat)} drew {t.card(e.card, 'a card')} from the draw pile{_at(e)}",
    bonnu.DrawKept: lambda t, e: f"{t.who(e.seat)} kept the card just drawn{_at(e)}",
    bonnu.CutLaid: lambda t, e: f"{t.who(e.seat)} shouted Cut! and laid {t.cards(e.cards)}{_at(e)}",
    bonnu.BonnuClaimed: lambda t, e: f"{t.who(e.seat)} shouted Bonnu! out of turn and laid the whole hand, "
                                     f"{t.cards(e.cards)}{_at(e)}",
    bonnu.ShoutHeard: lambda t, e: f"{t.who(e.seat)} shouted {e.word.capitalize()}!{_at(e)}",
    bonnu.TimeNoted: lambda t, e: f"the table's clock passed {e.at_ms / 1000:.2f} s",
}


def _at(e) -> str:
    """When a Bonnu card or shout happened, the latency taken off (the referee orders claims by it)."""
    if e.at_ms is None:
        return ""
    return f" at {(e.at_ms - e.latency_ms) / 1000:.2f} s" + (f" ({e.latency_ms} ms latency taken off)"
                                                            if e.latency_ms else "")


def told_types() -> set[type]:
    """The event types `event_text` tells (bets through their common base)."""
    return set(_TELL) | {cls for cls in ev.Event.registry.values() if issubclass(cls, ev.BetAction)}


def event_text(event: ev.Event, names: dict[int, str], seen: set[str] | None = None, *, log: tuple = (),
               paid: Decimal | None = None, level: Decimal | None = None) -> str:
    """`event` as a sentence for a viewer who sees the cards whose codes are in `seen` (None: every
    card); any other card is not named. `log`: the referee's log, for what an undo took back;
    `paid`: the money the event took from its seat; `level`: what a raise or completion went to."""
    teller = _Teller(names, seen, tuple(log), paid, level)
    if isinstance(event, ev.BetAction):
        return _bet(teller, event)
    tell = _TELL.get(type(event))
    return tell(teller, event) if tell is not None else named(event.describe(), names)


def announcement_json(ann: Announcement, names: dict[int, str], log: tuple = (), seen: set[str] | None = None) -> dict:
    """An announcement as a phone shows it: `text` with names, the referee's own words kept as
    `raw_text`. An undo's words name the event it took back, a face-down card included: both are
    told here instead, its cards as `seen` allows (raw_text with seat numbers)."""
    text = raw = ann.text
    undo = log[ann.because[-1] - 1] if ann.rule == "undo" and ann.because and ann.because[-1] <= len(log) else None
    if isinstance(undo, ev.Undo):
        def told(who: dict[int, str]) -> str:
            what = _undone(_Teller(who, seen, tuple(log), None, None), undo)
            return f"Undone: event {undo.target}" + (f" ({what})" if what else "") + f". Reason: {undo.reason}"
        text, raw = told(names), told({})
    return {**ann.to_json(), "text": named(text, names), "raw_text": raw}
