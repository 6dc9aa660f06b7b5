"""The words on each answer's button, per (rule, choice): what the answer does, with the money it
costs and the card it concerns ("Sell the 3♣ for $2.50 and take the next card"), read from the
decision the rule opened (its amount and data). A choice not listed keeps the stud default."""

from __future__ import annotations

from ...cards import Card
from ...money import fmt


def _card(p, key: str = "card") -> str:
    code = p.get(key)
    return Card.parse(code).pretty if code else "card"


def _fee(p) -> str:
    return fmt(p.amount) if p.amount is not None else "the fee"


def _nine(state, p) -> str:
    holder = p.get("holder")
    return (f"Yes, seat {holder} did the pantomime: each player still in pays them "
            f"{fmt(state.settings.nine_payment)}")


CHOICE_LABELS = {
    ("black-jack", "pay"): lambda s, p: f"Pay {_fee(p)} and stay in (the Jack turns wild)",
    ("black-jack", "fold"): lambda s, p: f"Fold rather than pay {_fee(p)}",
    ("fish-hook", "pay"): lambda s, p: f"Pay {_fee(p)} and stay in",
    ("fish-hook", "fold"): lambda s, p: f"Fold rather than pay {_fee(p)}",
    ("threes", "sell"): lambda s, p: f"Sell the {_card(p)} for {_fee(p)} and take the next card",
    ("threes", "keep"): lambda s, p: f"Keep the {_card(p)} (pay nothing)",
    ("gamblers-last-dollar", "pay"): lambda s, p: f"Pay {_fee(p)} to get your river card face up",
    ("gamblers-last-dollar", "pass"): lambda s, p: "Pass: your river card comes face down",
    ("i-got-the-nine", "confirmed"): _nine,
    ("i-got-the-nine", "not-performed"): lambda s, p: "No pantomime: nobody pays",
    ("codependent-twos", "combine"): lambda s, p: f"Combine the {_card(p, 'left')} and {_card(p, 'two')} into one card",
    ("codependent-twos", "keep"): lambda s, p: f"Keep the {_card(p, 'left')} and {_card(p, 'two')} as two cards",
    ("eight-ball", "trade"): lambda s, p: f"Pay {_fee(p)} to trade the 8♠ for a face-up card",
    ("eight-ball", "pass"): lambda s, p: "Pass: nobody may use the 8♠ later",
    ("trade-cards", "trade"): lambda s, p: f"Trade the {_card(p)} for a face-up card from street {p.get('street')}",
    ("two-hog", "steal"): lambda s, p: "Take a face-up 2 or 5 (2 Hog)",
    ("two-hog", "pass"): lambda s, p: "Pass: take no 2 or 5",
    ("straight-up", "done"): lambda s, p: f"Done: the face-down trade with seat {p.get('neighbour')} is made",
    ("queen-of-hearts", "pick"): lambda s, p: "Pick a face-down card to be turned up",
    ("queen-of-hearts", "pass"): lambda s, p: "Pass: pick no card",
    ("four-tician", "turn-down"): lambda s, p: "Make a face-up card turn face down",
    ("four-tician", "pass"): lambda s, p: "Pass: turn no card down",
}
