"""Rank-mask core of the hand evaluator (see `referee.poker.evaluator` for the public API).

Everything here works on bit masks: bit r set means rank r (2..14) is present. The pool of
played cards is summarised in a `Pool`: per-rank counts, "at least c of this rank" masks, one
rank mask per suit, and the cards a wild may not become (No Copies). Each category function
returns the best key of that *pattern* (e.g. the best quads-plus-kicker), or None; taking the
first category that answers, top down, gives the best hand. Wild cards are never substituted
one by one: each pattern asks "how many wilds does this need, and may they be those cards?".

Keys: FIVE (9, r) · STRAIGHT_FLUSH (8, high) · FOUR (7, r, kicker) · FULL_HOUSE (6, trips, pair)
· FLUSH (5, r1..r5) · STRAIGHT (4, high) · THREE (3, t, k1, k2) · TWO_PAIR (2, a, b, k)
· PAIR (1, a, k1, k2, k3) · HIGH_CARD (0, r1..r5). A missing card (hands under five cards) is 0.
"""

from __future__ import annotations

SUITS = "SHDC"
SUIT_INDEX = {"S": 0, "H": 1, "D": 2, "C": 3}
FULL = 0x7FFC  # bits 2..14
WHEEL = (1 << 14) | 0b111100


def _window(high: int) -> int:
    return WHEEL if high == 5 else ((1 << (high + 1)) - (1 << (high - 4)))


WIN = [0] * 15  # WIN[h]: the five-rank mask of the straight with high card h
for _h in range(5, 15):
    WIN[_h] = _window(_h)
HIGHS_DESC = tuple(range(14, 4, -1))


def _build_tables() -> tuple[list[tuple[int, ...]], list[list[int]]]:
    """TOP5[m >> 2]: the five highest ranks of mask m, padded with 0.
    STRK[k][m >> 2]: the highest straight reachable from rank mask m with at most k missing ranks."""
    top5: list[tuple[int, ...]] = [(0, 0, 0, 0, 0)] * 8192
    for m in range(1, 8192):
        b = m.bit_length() - 1
        top5[m] = (b + 2,) + top5[m ^ (1 << b)][:4]
    wins = [(h, WIN[h] >> 2) for h in HIGHS_DESC]
    strk = [[0] * 8192 for _ in range(6)]
    strk[5] = [14] * 8192
    for m in range(8192):
        inv = ~m
        todo = 5
        for h, w in wins:
            miss = (w & inv).bit_count()
            while miss < todo:
                todo -= 1
                strk[todo][m] = h
            if todo == 0:
                break
    # Each strk[k][m] was written by the first (highest) window missing at most k ranks.
    return top5, strk


TOP5, STRK = _build_tables()
STR0 = STRK[0]


def top(m: int) -> int:
    return m.bit_length() - 1


# ------------------------------------------------------------------ the no-wild fast path
def masks_key(sm, m1, m2, m3, m4) -> tuple[tuple, int]:
    """Best hand of distinct suited cards: sm[i] the rank mask of suit i, m1..m4 the ranks held at
    least once .. four times. Returns (key, flush suit index or -1)."""
    fs = -1
    fm = 0
    for i in (0, 1, 2, 3):
        m = sm[i]
        if m.bit_count() >= 5 and m > fm:
            fm, fs = m, i
    if fs >= 0:
        h = STR0[fm >> 2]
        if h:
            # A second five-card suit (nine cards or more) could hold a higher straight flush.
            for i in (0, 1, 2, 3):
                if i != fs and STR0[sm[i] >> 2] > h:
                    h, fs = STR0[sm[i] >> 2], i
            return (8, h), fs
    if m4:
        r = m4.bit_length() - 1
        return (7, r, TOP5[(m1 ^ (1 << r)) >> 2][0]), -1
    if m3:
        t = m3.bit_length() - 1
        rest = m2 ^ (1 << t)
        if rest:
            return (6, t, rest.bit_length() - 1), -1
    if fs >= 0:
        return (5,) + TOP5[fm >> 2], fs
    h = STR0[m1 >> 2]
    if h:
        return (4, h), -1
    if m3:
        t = m3.bit_length() - 1
        return (3, t) + TOP5[(m1 ^ (1 << t)) >> 2][:2], -1
    if m2:
        a = m2.bit_length() - 1
        rest = m2 ^ (1 << a)
        if rest:
            b = rest.bit_length() - 1
            return (2, a, b, TOP5[(m1 ^ (1 << a) ^ (1 << b)) >> 2][0]), -1
        return (1, a) + TOP5[(m1 ^ (1 << a)) >> 2][:3], -1
    return (0,) + TOP5[m1 >> 2], -1


# ------------------------------------------------------------------ pools with wilds
class Pool:
    """The concrete played cards (before wilds) and what wilds may become.

    cards: (rank, suit) pairs, suit "" for suitless. forbidden: per suit, ranks a wild may not
    become (No Copies); None means copies are allowed (no_copies=False)."""

    __slots__ = ("cards", "cnt", "lv", "sm", "fm", "crank", "dup", "odd")

    def __init__(self, cards, forbidden=None):
        self.cards = cards
        cnt = [0] * 15
        sm = [0, 0, 0, 0]
        lv = [FULL, 0, 0, 0, 0, 0]
        odd = False  # suitless cards or same-suit duplicates: five of a kind becomes possible
        for r, s in cards:
            c = cnt[r] + 1
            cnt[r] = c
            if c <= 5:
                lv[c] |= 1 << r
            if s:
                i = SUIT_INDEX[s]
                if sm[i] >> r & 1:
                    odd = True
                sm[i] |= 1 << r
            else:
                odd = True
        self.cnt, self.lv, self.sm, self.odd = cnt, lv, sm, odd
        self.dup = forbidden is None
        if self.dup:
            self.fm = (0, 0, 0, 0)
            self.crank = FULL
        else:
            fm = tuple(forbidden[i] | sm[i] for i in range(4))
            self.fm = fm
            self.crank = FULL & ~(fm[0] & fm[1] & fm[2] & fm[3])

    def room(self, r: int, k: int) -> int:
        """How many wild cards of rank r may be made (at most k)."""
        if self.dup:
            return k
        f = self.fm
        return min(k, 4 - (f[0] >> r & 1) - (f[1] >> r & 1) - (f[2] >> r & 1) - (f[3] >> r & 1))


def _at_least(p: Pool, c: int) -> int:
    """Mask of ranks with at least c cards (c <= 0: every rank)."""
    return p.lv[c] if c > 0 else FULL


def kick(p: Pool, excl: int, wl: int, need: int, width: int):
    """Best `width` distinct kicker ranks outside `excl`, wilds filling gaps; None if fewer than `need`."""
    pool = p.lv[1] & ~excl
    if wl:
        extra = p.crank & ~excl & ~pool
        while wl and extra:
            b = 1 << (extra.bit_length() - 1)
            pool |= b
            extra ^= b
            wl -= 1
    t = TOP5[pool >> 2]
    if need and t[need - 1] == 0:
        return None
    return t[:width]


def five(p: Pool, k: int, h: int, want=()):
    if h < 5 or not (p.odd or p.dup):
        return None  # under No Copies, five of a kind needs a suitless card
    m = _at_least(p, 5 - k)
    if want:
        m &= 1 << want[0]
    while m:
        r = m.bit_length() - 1
        m ^= 1 << r
        need = 5 - p.cnt[r]
        if need <= 0 or p.room(r, k) >= need:
            return (9, r), -1
    return None


def straight_flush(p: Pool, k: int, h: int, want=()):
    if h < 5:
        return None
    best, bs = 0, -1
    for i in (0, 1, 2, 3):
        m = p.sm[i]
        if m.bit_count() + k < 5:
            continue
        f = p.fm[i]
        inv = ~m
        if want:
            miss = WIN[want[0]] & inv
            v = want[0] if not (miss & f) and miss.bit_count() <= k else 0
        else:
            v = STRK[k if k < 5 else 5][m >> 2]
            if v and WIN[v] & inv & f:
                v = 0
                for hh in HIGHS_DESC:
                    miss = WIN[hh] & inv
                    if not (miss & f) and miss.bit_count() <= k:
                        v = hh
                        break
        if v > best:
            best, bs = v, i
    return ((8, best), bs) if best else None


def _of_a_kind(p: Pool, k: int, h: int, want, n: int, category: int):
    """The best n of a kind (4, 3 or 2) with its 5 - n kickers, k wild cards to fill in."""
    if h < n:
        return None
    m = _at_least(p, n - k)
    if want:
        m &= 1 << want[0]
    need_k = min(5 - n, h - n)
    while m:
        r = m.bit_length() - 1
        m ^= 1 << r
        need = n - p.cnt[r]
        if need < 0:
            need = 0
        if need and p.room(r, k) < need:
            continue
        ks = kick(p, 1 << r, k - need, need_k, 5 - n)
        if ks is not None:
            return (category, r) + ks, -1
    return None


def four(p: Pool, k: int, h: int, want=()):
    return _of_a_kind(p, k, h, want, 4, 7)


def full_house(p: Pool, k: int, h: int, want=()):
    if h < 5:
        return None
    mt = _at_least(p, 3 - k)
    if want:
        mt &= 1 << want[0]
    while mt:
        t = mt.bit_length() - 1
        mt ^= 1 << t
        nt = 3 - p.cnt[t]
        if nt < 0:
            nt = 0
        if nt and p.room(t, k) < nt:
            continue
        wl = k - nt
        mp = _at_least(p, 2 - wl) & ~(1 << t)
        if len(want) > 1:
            mp &= 1 << want[1]
        while mp:
            q = mp.bit_length() - 1
            mp ^= 1 << q
            np_ = 2 - p.cnt[q]
            if np_ <= 0 or p.room(q, wl) >= np_:
                return (6, t, q), -1
    return None


def flush(p: Pool, k: int, h: int, want=()):
    if h < 5:
        return None
    best, bs = None, -1
    for i in (0, 1, 2, 3):
        if p.dup:
            suit = SUITS[i]
            ranks = sorted((r for r, s in p.cards if s == suit), reverse=True)
            if len(ranks) + k < 5:
                continue
            out, j, wl = [], 0, k
            while len(out) < 5:
                pr = ranks[j] if j < len(ranks) else 0
                if wl and pr < 14:
                    out.append(14)
                    wl -= 1
                elif pr:
                    out.append(pr)
                    j += 1
                else:
                    break
            if len(out) < 5:
                continue
            key = (5,) + tuple(out)
        else:
            m = p.sm[i]
            if m.bit_count() + k < 5:
                continue
            if k:
                extra = FULL & ~p.fm[i]
                wl = k
                while wl and extra:
                    b = 1 << (extra.bit_length() - 1)
                    m |= b
                    extra ^= b
                    wl -= 1
            t = TOP5[m >> 2]
            if not t[4]:
                continue
            key = (5,) + t
        if best is None or key > best:
            best, bs = key, i
    return (best, bs) if best else None


def straight(p: Pool, k: int, h: int, want=()):
    if h < 5:
        return None
    m = p.lv[1]
    bad = ~p.crank  # ranks no wild may become
    inv = ~m
    if want:
        miss = WIN[want[0]] & inv
        return ((4, want[0]), -1) if not (miss & bad) and miss.bit_count() <= k else None
    v = STRK[k if k < 5 else 5][m >> 2]
    if v and WIN[v] & inv & bad:
        v = 0
        for hh in HIGHS_DESC:
            miss = WIN[hh] & inv
            if not (miss & bad) and miss.bit_count() <= k:
                v = hh
                break
    return ((4, v), -1) if v else None


def three(p: Pool, k: int, h: int, want=()):
    return _of_a_kind(p, k, h, want, 3, 3)


def two_pair(p: Pool, k: int, h: int, want=()):
    if h < 4:
        return None
    ma = _at_least(p, 2 - k)
    if want:
        ma &= 1 << want[0]
    need_k = 1 if h > 4 else 0
    while ma:
        a = ma.bit_length() - 1
        ma ^= 1 << a
        na = 2 - p.cnt[a]
        if na < 0:
            na = 0
        if na and p.room(a, k) < na:
            continue
        wa = k - na
        mb = _at_least(p, 2 - wa) & ((1 << a) - 1)
        if len(want) > 1:
            mb &= 1 << want[1]
        while mb:
            b = mb.bit_length() - 1
            mb ^= 1 << b
            nb = 2 - p.cnt[b]
            if nb < 0:
                nb = 0
            if nb and p.room(b, wa) < nb:
                continue
            ks = kick(p, (1 << a) | (1 << b), wa - nb, need_k, 1)
            if ks is not None:
                return (2, a, b) + ks, -1
    return None


def pair(p: Pool, k: int, h: int, want=()):
    return _of_a_kind(p, k, h, want, 2, 1)


def high_card(p: Pool, k: int, h: int, want=()):
    ks = kick(p, 0, k, min(5, h), 5)
    return ((0,) + ks, -1) if ks is not None else None


TOP_DOWN = (five, straight_flush, four, full_house, flush, straight, three, two_pair, pair, high_card)
BY_CATEGORY = {9: five, 8: straight_flush, 7: four, 6: full_house, 5: flush, 4: straight,
               3: three, 2: two_pair, 1: pair, 0: high_card}
# How many leading ranks a named top hand may fix, per category.
PRIMARY = {9: 1, 8: 1, 7: 1, 6: 2, 5: 0, 4: 1, 3: 1, 2: 2, 1: 1}


def solve(p: Pool, k: int) -> tuple[tuple, int]:
    """Best (key, flush suit or -1) from the pool plus k wild cards."""
    h = len(p.cards) + k
    if h > 5:
        h = 5
    for f in TOP_DOWN:
        r = f(p, k, h)
        if r is not None:
            return r
    return (0, 0, 0, 0, 0, 0), -1  # no cards at all


def solve_simple(sm, m1, m2, m3, m4, n: int, k: int) -> tuple[tuple, int]:
    """`solve` for the common case, k >= 1 wilds: n distinct suited natural cards (masks as in
    `masks_key`), No Copies, and nothing else forbidden, so a wild may become any card not held."""
    h = n + k
    lv = (FULL, m1, m2, m3, m4, 0)
    kt = k if k < 5 else 5
    if h >= 5:
        best, bs = 0, -1
        tab = STRK[kt]
        for i in (0, 1, 2, 3):
            m = sm[i]
            if m.bit_count() + k >= 5:
                v = tab[m >> 2]
                if v > best:
                    best, bs = v, i
        if best:
            return (8, best), bs
    if h >= 4:
        m = lv[4 - k] if k < 4 else FULL
        if m:
            r = m.bit_length() - 1
            b = 1 << r
            wl = k - 4 + (m1 & b and 1) + (m2 & b and 1) + (m3 & b and 1) + (m4 & b and 1)
            if h == 4:
                kk = 0
            elif wl > 0:
                kk = 13 if r == 14 else 14
            else:
                kk = (m1 ^ b).bit_length() - 1
            return (7, r, kk), -1
    if h >= 5:
        mt = lv[3 - k] if k < 3 else FULL
        while mt:
            t = mt.bit_length() - 1
            b = 1 << t
            mt ^= b
            c = (m1 & b and 1) + (m2 & b and 1) + (m3 & b and 1)
            wl = k - (3 - c if c < 3 else 0)
            mp = (lv[2 - wl] if wl < 2 else FULL) & ~b
            if mp:
                return (6, t, mp.bit_length() - 1), -1
        best, bs = None, -1
        for i in (0, 1, 2, 3):
            m = sm[i]
            if m.bit_count() + k >= 5:
                extra = FULL & ~m
                wl = k
                while wl and extra:
                    b = 1 << (extra.bit_length() - 1)
                    m |= b
                    extra ^= b
                    wl -= 1
                key = (5,) + TOP5[m >> 2]
                if best is None or key > best:
                    best, bs = key, i
        if best:
            return best, bs
        v = STRK[kt][m1 >> 2]
        if v:
            return (4, v), -1
    if h >= 3:
        m = lv[3 - k] if k < 3 else FULL
        if m:
            t = m.bit_length() - 1
            b = 1 << t
            wl = k - 3 + (m1 & b and 1) + (m2 & b and 1) + (m3 & b and 1)
            pool = m1 & ~b
            extra = FULL & ~pool & ~b
            while wl > 0 and extra:
                x = 1 << (extra.bit_length() - 1)
                pool |= x
                extra ^= x
                wl -= 1
            return (3, t) + TOP5[pool >> 2][:2], -1
    if h >= 2:  # one wild and no pair held (or two wilds alone): pair the top card
        a = m1.bit_length() - 1 if m1 else 14
        return (1, a) + TOP5[(m1 & ~(1 << a)) >> 2][:3], -1
    return (0, 14) + TOP5[(m1 & ~(1 << 14)) >> 2][:4], -1
