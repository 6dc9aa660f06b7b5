"""Out-of-turn claims, checked in words, and the timing ruling that decides which came in time.

The checks (`cut_refusal`, `cutter_refusal`, `bonnu_refusal`) answer None when a claim stands and
otherwise say why not, for the announcement. The timing (`window_ruling`, `shout_ruling`) compares
stamps the table process put on events from one monotonic clock: a card's stamp is the capture time
of the frame it was first seen in, a shout's the time the server received the tap; each comes with
the latency to subtract (a phone's measured ping; the camera's half a frame period: a card lands on
average half a frame before the frame that first sees it).
Nothing here reads a clock: it only orders what it is given, so a replay rules the same.

Stamps are float seconds; they are compared as whole microseconds (`_us`) so that 12.58 - 12.41 is
exactly 170 ms and a ruling never depends on float rounding. Settings are whole milliseconds.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Sequence

from .deck import BonnuCard, hand_total
from .settings import DEFAULT, BonnuSettings

WINDOW_KINDS = ("cut", "bonnu")        # claims raced against the next card
SHOUT_KINDS = ("reach", "bonnu")       # shouts due when a hand goes down to one card / to none
KIND_WORDS = {"cut": "Cut", "bonnu": "Bonnu", "reach": "Reach"}


# ----------------------------------------------------------------------------- the checks
def _card_words(c: BonnuCard) -> str:
    return f"{c.colour} {c.value}"


def _sum_words(hand: Sequence[BonnuCard]) -> str:
    return "+".join(f"({c.value})" if c.value < 0 else str(c.value) for c in hand)


def _not_held(hand: Sequence[BonnuCard], laid: Sequence[BonnuCard]) -> list[BonnuCard]:
    """The cards of `laid` that `hand` does not hold (counting copies: two red 7s need two)."""
    return list((Counter(laid) - Counter(hand)).elements())


_NO_CUT_OUT = "a Cut may not lay the last cards of a hand (cut_out: not_allowed)"


def cut_refusal(hand: Sequence[BonnuCard] | None, cut_cards: Sequence[BonnuCard], top: BonnuCard | None,
                settings: BonnuSettings = DEFAULT, *, holding: int | None = None) -> str | None:
    """Why laying `cut_cards` on `top` is not a Cut, or None when it is one.

    A Cut is two or more cards of the number just played (decision 2: any two or more by default,
    every one held with cut_cards "all"); one that empties the hand is refused when cut_out is
    "not_allowed" (decision 3). `hand` is the cutter's whole hand before the Cut, or None while it is
    hidden: the checks that need it (cards held, every one laid) then wait for the camera or the
    host, and only what the laid cards show is checked; `holding`, the count the events give for a
    hidden hand, still catches a Cut of more cards than held and a Cut of the last cards."""
    if top is None:
        return "nothing has been played yet: a Cut answers the card just played"
    if len(cut_cards) < 2:
        return (f"a Cut lays two or more {top.value}s at once; one card is not a Cut"
                if all(c.value == top.value for c in cut_cards) else "a Cut lays two or more cards")
    wrong = [c for c in cut_cards if c.value != top.value]
    if wrong:
        return (f"{', '.join(_card_words(c) for c in wrong)} {'is' if len(wrong) == 1 else 'are'} not "
                f"{top.value}: a Cut lays cards of the number just played ({_card_words(top)})")
    if hand is None:
        if holding is not None and len(cut_cards) > holding:
            return f"the hand holds {holding} card{'s' if holding != 1 else ''}, not {len(cut_cards)}"
        if holding == len(cut_cards) and settings.cut_out == "not_allowed":
            return _NO_CUT_OUT
        return None
    missing = _not_held(hand, cut_cards)
    if missing:
        return f"the hand does not hold {', '.join(_card_words(c) for c in missing)}"
    left = list((Counter(hand) - Counter(cut_cards)).elements())
    if settings.cut_cards == "all":
        kept = [c for c in hand if c in left and c.value == top.value]
        if kept:
            return (f"a Cut lays every {top.value} held (cut_cards: all): "
                    f"{', '.join(_card_words(c) for c in kept)} still in hand")
    if not left and settings.cut_out == "not_allowed":
        return _NO_CUT_OUT
    return None


def cutter_refusal(cutter: int, on_turn: int | None, last_player: int | None, top_is_cut: bool,
                   settings: BonnuSettings = DEFAULT) -> str | None:
    """Why `cutter` may not Cut now, or None (decision 2): the seat on turn (cut_on_turn), the seat
    whose card is on top (cut_own_card), and a top card that was itself laid by a Cut (cut_chains)."""
    if top_is_cut and not settings.cut_chains:
        return "a Cut cannot be Cut (cut_chains off)"
    if cutter == last_player and not settings.cut_own_card:
        return f"seat {cutter} laid the card on top and may not Cut it (cut_own_card off)"
    if cutter == on_turn and not settings.cut_on_turn:
        return f"seat {cutter} is on turn and plays a card instead of Cutting (cut_on_turn off)"
    return None


def bonnu_refusal(hand: Sequence[BonnuCard], top: BonnuCard | None,
                  settings: BonnuSettings = DEFAULT) -> str | None:
    """Why laying the whole `hand` on `top` is not an out-of-turn Bonnu, or None when it is one.

    The hand's total must equal the number just played (9 <- 4+3+2; 5 <- 7+(-1)+(-1)), or be a
    multiple of 10 when a 0 was played (0 <- 7+8+6+4+3+3+(-1) = 30); a total of 0 on a 0 is equal
    and a multiple of 10 at once. No setting changes the sums; `settings` is taken so every check is
    called alike."""
    if top is None:
        return "nothing has been played yet: an out-of-turn Bonnu answers the card just played"
    if not hand:
        return "a Bonnu lays down the whole hand, and this hand is empty"
    if bonnu_stands(hand, top):
        return None
    total = hand_total(hand)
    sums = f"the hand totals {total} ({_sum_words(hand)})"
    if top.value == 0:
        return f"{sums}: on a 0 a Bonnu needs a total of 0 or a multiple of 10"
    return f"{sums}, not {top.value}: a Bonnu needs the total of the number just played"


def bonnu_stands(hand: Sequence[BonnuCard], top: BonnuCard | None) -> bool:
    """Is laying the whole `hand` on `top` an out-of-turn Bonnu? bonnu_refusal without the words
    (the options ask it of every seat at every step)."""
    return bool(hand) and total_stands(hand_total(hand), top)


def total_stands(total: int, top: BonnuCard | None) -> bool:
    """Does a hand totalling `total` make a Bonnu on `top`: equal to its number, or a multiple of
    10 on a 0?"""
    return top is not None and (total == top.value or (top.value == 0 and total % 10 == 0))


def bonnu_rule(hand: Sequence[BonnuCard], top: BonnuCard | None) -> str:
    """The rule an out-of-turn Bonnu of `hand` on `top` stands on: "bonnu-equal" (the total is the
    number, a 0 on a 0 included) or "bonnu-ten" (a multiple of 10 on a 0). A hand not yet named is
    judged by equality, the sheet's first reading."""
    if top is not None and top.value == 0 and hand and hand_total(hand) != 0:
        return "bonnu-ten"
    return "bonnu-equal"


# ----------------------------------------------------------------------------- the timing
def _us(seconds: float) -> int:
    return round(seconds * 1_000_000)


def _ms_us(ms: int) -> int:
    return ms * 1000


class _Timed:
    """A stamp's corrected time: `observed` seconds on the table's monotonic clock less `latency`
    seconds (how long the phone or the camera took to report it)."""

    seat: int
    observed: float
    latency: float

    def _check_latency(self) -> None:
        if self.latency < 0:
            raise ValueError(f"a latency cannot be negative (seat {self.seat}: {self.latency} s)")

    @property
    def at_us(self) -> int:
        """The corrected time in whole microseconds: the moment it happened at the table."""
        return _us(self.observed) - _us(self.latency)

    @property
    def at(self) -> float:
        return self.at_us / 1_000_000


@dataclass(frozen=True)
class CardTime(_Timed):
    """A card laid on the pile: the seat that laid it, the capture time of the frame it was first
    seen in, and the camera's latency: half a frame period, in seconds (it landed on average half a
    frame before that frame; the frames it then took to be confirmed are not latency)."""

    seat: int
    observed: float
    latency: float = 0.0

    def __post_init__(self) -> None:
        self._check_latency()


@dataclass(frozen=True)
class Claim(_Timed):
    """A Cut, Bonnu or Reach tapped on a phone (or entered by the host) by `seat`: the time the
    server received it and the phone's measured latency."""

    seat: int
    kind: str
    observed: float
    latency: float = 0.0

    def __post_init__(self) -> None:
        self._check_latency()
        if self.kind not in KIND_WORDS:
            raise ValueError(f"no claim {self.kind!r} (use cut, bonnu or reach)")


@dataclass(frozen=True)
class Ruling:
    """One claim's ruling. verdict: "in_time", "late", "ask_host" (too close to the card to call),
    "repeat" (a double tap, counted once), "missed" (a shout that did not come in time).
    `tied_with`: the seats whose claims are too close to this one to say which came first (the host
    orders them). Rulings come back in the order the claims take effect."""

    claim: Claim | None
    verdict: str
    text: str
    tied_with: tuple[int, ...] = ()

    @property
    def counts(self) -> bool:
        """The claim may take effect (in time, or for the host to confirm)."""
        return self.verdict in ("in_time", "ask_host")

    @property
    def needs_host(self) -> bool:
        return self.verdict == "ask_host" or bool(self.tied_with)


def _times(a_us: int, b_us: int) -> tuple[str, str]:
    """Two times for one sentence: 2 decimals, or 3 where 2 would make different times look equal."""
    a, b = f"{a_us / 1e6:.2f} s", f"{b_us / 1e6:.2f} s"
    if a == b and a_us != b_us:
        a, b = f"{a_us / 1e6:.3f} s", f"{b_us / 1e6:.3f} s"
    return a, b


def _gap(us: int) -> str:
    return f"{abs(us) / 1e6:.3f} s"


def drop_double_taps(claims: Iterable[Claim], settings: BonnuSettings = DEFAULT
                     ) -> tuple[tuple[Claim, ...], tuple[Ruling, ...]]:
    """Split claims into the ones that count and the repeats: a tap of the same kind by the same
    seat within double_tap_ms of that seat's previous tap of that kind is the same claim (a burst of
    taps is one claim, stamped at its first tap)."""
    kept: list[Claim] = []
    repeats: list[Ruling] = []
    last: dict[tuple[int, str], int] = {}
    first: dict[tuple[int, str], Claim] = {}
    for claim in sorted(claims, key=lambda c: c.at_us):
        key = (claim.seat, claim.kind)
        if key in last and claim.at_us - last[key] <= _ms_us(settings.double_tap_ms):
            then = first[key]
            a, b = _times(claim.at_us, then.at_us)
            repeats.append(Ruling(claim, "repeat",
                                  f"{KIND_WORDS[claim.kind]} by seat {claim.seat} again at {a}, "
                                  f"{_gap(claim.at_us - last[key])} after the last tap: one claim, "
                                  f"the one at {b}"))
        else:
            kept.append(claim)
            first[key] = claim
        last[key] = claim.at_us
    return tuple(kept), tuple(repeats)


def _against_card(claim: Claim, card: CardTime | None, settings: BonnuSettings) -> Ruling:
    """One claim against the next card: before it (with the grace) in time, after it late, and
    strictly inside the tie margin around that deadline, the host's call."""
    what = f"{KIND_WORDS[claim.kind]} by seat {claim.seat}"
    if card is None:
        return Ruling(claim, "in_time", f"{what} at {claim.at:.2f} s, no card laid since: in time")
    a, b = _times(claim.at_us, card.at_us)
    said = f"{what} at {a}, seat {card.seat}'s card at {b}"
    grace, margin = _ms_us(settings.grace_ms), _ms_us(settings.tie_margin_ms)
    late_by = claim.at_us - card.at_us - grace          # below 0: in time
    if margin and abs(late_by) < margin:
        return Ruling(claim, "ask_host", f"{said}: too close to call ({_gap(claim.at_us - card.at_us)} "
                                         f"apart), the host decides")
    if late_by < 0:
        within = f" (within the {_gap(grace)} grace)" if claim.at_us >= card.at_us else ""
        return Ruling(claim, "in_time", f"{said}: in time{within}")
    return Ruling(claim, "late", f"{said}: too late")


def _order_key(claim: Claim, settings: BonnuSettings) -> tuple[int, int]:
    """Decision 8: the earliest corrected time first; with claim_order "bonnu_first" every Bonnu
    before every Cut."""
    group = 0 if settings.claim_order == "earliest" or claim.kind == "bonnu" else 1
    return group, claim.at_us


def _ties(ordered: Sequence[Claim], settings: BonnuSettings) -> dict[int, tuple[int, ...]]:
    """For each claim (by index) the other seats whose claims sit in one run of claims each closer
    than the tie margin to the next, in the same order group: who came first is the host's call."""
    margin = _ms_us(settings.tie_margin_ms)
    runs: list[list[int]] = []
    for i, claim in enumerate(ordered):
        if runs and margin:
            prev = ordered[runs[-1][-1]]
            (g0, t0), (g1, t1) = _order_key(prev, settings), _order_key(claim, settings)
            if g0 == g1 and t1 - t0 < margin:
                runs[-1].append(i)
                continue
        runs.append([i])
    ties: dict[int, tuple[int, ...]] = {}
    for run in runs:
        for i in run:
            others = tuple(sorted({ordered[j].seat for j in run} - {ordered[i].seat}))
            if others:
                ties[i] = others
    return ties


def window_ruling(claims: Iterable[Claim], next_card: CardTime | None,
                  settings: BonnuSettings = DEFAULT) -> tuple[Ruling, ...]:
    """Rule the Cut and Bonnu claims on one card against `next_card` (the card the player on turn
    laid next; None while none has been laid). Double taps count once; each claim is in time, late
    or the host's call (tie margin around the deadline `next_card` + grace_ms); the claims that
    count come first, in the order they take effect (decision 8), each naming the seats it is too
    close to call with; then the late ones, then the repeats. Every text states both times."""
    claims = tuple(claims)
    stray = [c for c in claims if c.kind not in WINDOW_KINDS]
    if stray:
        raise ValueError(f"{KIND_WORDS[stray[0].kind]} is a shout, not a claim on the card: "
                         "rule it with shout_ruling")
    kept, repeats = drop_double_taps(claims, settings)
    ruled = [_against_card(c, next_card, settings) for c in kept]
    counting = sorted((r for r in ruled if r.counts), key=lambda r: _order_key(r.claim, settings))
    ties = _ties([r.claim for r in counting], settings)
    out = []
    for i, r in enumerate(counting):
        if i in ties:
            seats = " and ".join(f"seat {s}" for s in ties[i])
            r = Ruling(r.claim, r.verdict, f"{r.text}; too close to {seats} to say who was first: the host "
                                           f"decides the order", ties[i])
        out.append(r)
    out += [r for r in ruled if not r.counts]
    return tuple(out) + repeats


def shout_ruling(kind: str, due: CardTime, shouts: Iterable[Claim],
                 settings: BonnuSettings = DEFAULT) -> Ruling:
    """Was the `kind` shout ("reach" on going down to one card, "bonnu" on laying the last) made for
    the card `due` (stamped with the seat that laid it)? It counts from shout_grace_ms before the
    card (said as it goes down) to shout_grace_ms after (decision 6); the first such shout by that
    seat is the one ruled. None in time: "missed" (the penalty card)."""
    if kind not in SHOUT_KINDS:
        raise ValueError(f"{kind!r} is not a shout (use reach or bonnu)")
    grace = _ms_us(settings.shout_grace_ms)
    word = KIND_WORDS[kind]
    for shout in sorted(shouts, key=lambda s: s.at_us):
        if shout.seat == due.seat and shout.kind == kind and abs(shout.at_us - due.at_us) <= grace:
            a, b = _times(shout.at_us, due.at_us)
            return Ruling(shout, "in_time", f"{word} by seat {due.seat} at {a}, their card at {b}: in time")
    return Ruling(None, "missed", f"no {word} from seat {due.seat} within {_gap(grace)} of their card at "
                                  f"{due.at:.2f} s: missed, draw one")


def shout_overdue(due: CardTime, now_observed: float, settings: BonnuSettings = DEFAULT) -> bool:
    """Has the time for the shout on `due` passed, given an event stamped `now_observed` (corrected
    the same way)? The referee has no clock: the next event's stamp is how it learns the time."""
    return _us(now_observed) - due.at_us > _ms_us(settings.shout_grace_ms)
