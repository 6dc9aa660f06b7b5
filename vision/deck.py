"""The deck in play: which identities the recogniser may name, and how many of each.

A table plays one deck (`referee.cards.DECKS`: "52" Bonedoneskis, "53" loose photos, "32"
Boonaken, "25" Boneyard euchre). The classifier reads all 53 identities; the recogniser masks
the ones outside the deck before its softmax, so the best in-deck read wins and its confidence
is computed within the deck (`restrict`). `copies` says how many cards of one identity the deck
holds (1 for every deck here; a two-pack game would say 2), for "each card once"
(vision/uniqueness.py).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from referee.cards import DECKS

from .labels import IDENTITIES

DEFAULT_DECK = "53"  # loose photos: any card of a full deck with its joker


class DeckError(ValueError):
    """A deck name the recogniser does not know."""


def deck_codes(name: str) -> frozenset[str]:
    """The identity codes of deck `name` ("52", "53", "32", "25")."""
    make = DECKS.get(str(name))
    if make is None:
        raise DeckError(f"unknown deck {name!r}: the recogniser knows the decks {', '.join(sorted(DECKS))} "
                        f"(52 cards, 52 and the joker, Boonaken's 32 (7 to A), Boneyard euchre's 25 (9 to A and the joker))")
    return _codes(make)


@lru_cache(maxsize=None)
def _codes(make) -> frozenset[str]:
    """The codes of the cards a deck factory makes, made once (a look asks for its deck's 2-3 times:
    1,079 decks of 53 cards built on the demo video)."""
    return frozenset(c.code for c in make())


def class_mask(name: str) -> np.ndarray:
    """Bool over the classifier's outputs (53 identities + none): True where deck `name` may be
    read; "none" (no index here) is always allowed."""
    codes = deck_codes(name)
    return np.array([c in codes for c in IDENTITIES] + [True])  # (index NONE_CLASS: "none")


def mask_logits(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Logits with the identities outside the deck at -inf (a softmax then gives them nothing)."""
    if mask.all():
        return logits
    out = np.array(logits, np.float32, copy=True)
    out[:, ~mask] = -np.inf
    return out


def restrict(probs: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Probabilities renormalised within the deck: the same as a softmax of the masked logits.
    Rows of zeros (indexes not read) stay zeros."""
    if mask.all() or not len(probs):
        return probs
    out = np.where(mask[None, :], probs, 0).astype(np.float32)
    total = out.sum(1, keepdims=True)
    return np.divide(out, total, out=np.zeros_like(out), where=total > 0)


def game_deck(game_id: str) -> str | None:
    """The deck a registered game plays (its `deck` class attribute: stud "52", Boonaken "32",
    Boneyard euchre "25", Bonnu "bonnu", which its own recogniser reads); None for no game, an
    unknown one, or one that names no deck."""
    from referee.registry import get_game

    try:
        return getattr(get_game(game_id), "deck", None) if game_id else None
    except KeyError:
        return None


def copies(name: str, per_identity: int = 1) -> dict[str, int]:
    """How many cards of each identity deck `name` holds: `per_identity` of each (a game played
    with two packs shuffled together: 2)."""
    if per_identity < 1:
        raise DeckError(f"a deck holds at least one card of each identity, not {per_identity}")
    return {c: per_identity for c in deck_codes(name)}


__all__ = ["DEFAULT_DECK", "DeckError", "deck_codes", "class_mask", "mask_logits", "restrict", "game_deck", "copies"]
