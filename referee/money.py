"""Money is Decimal, in dollars with cents, never float."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

CENT = Decimal("0.01")
ZERO = Decimal("0.00")


class MoneyError(ValueError):
    """An amount that is not a valid sum of money."""


def money(value: object) -> Decimal:
    """Turn text, int or Decimal into dollars with exactly two decimals.

    Floats are refused on purpose: 0.1 + 0.2 style errors must never reach the ledger.
    """
    if type(value) is Decimal and value and value.is_finite():
        # Every transfer passes through here with one of a few amounts: remember the answers.
        # (Equal Decimals, 2.5 and 2.50, give the same answer; zero is left out, as -0.00 != 0.00 in form.)
        known = _KNOWN.get(value)
        if known is not None:
            return known
        result = _money(value)
        if len(_KNOWN) >= 4096:
            _KNOWN.clear()
        _KNOWN[value] = result
        return result
    return _money(value)


_KNOWN: dict = {}


def _money(value: object) -> Decimal:
    if isinstance(value, bool) or isinstance(value, float):
        raise MoneyError(f"money must be given as text, int or Decimal, not {type(value).__name__} ({value!r})")
    if isinstance(value, str):
        text = value.strip().lstrip("$").replace(",", "")
        try:
            value = Decimal(text)
        except InvalidOperation as exc:
            raise MoneyError(f"not an amount of money: {value!r}") from exc
    elif isinstance(value, int):
        value = Decimal(value)
    elif not isinstance(value, Decimal):
        raise MoneyError(f"not an amount of money: {value!r}")
    if not value.is_finite():
        raise MoneyError(f"not an amount of money: {value!r}")
    if value != value.quantize(CENT, rounding=ROUND_HALF_UP):
        raise MoneyError(f"amount {value} has fractions of a cent")
    return value.quantize(CENT)


def fmt(amount: Decimal) -> str:
    """`$2.50`, `-$1.00`."""
    sign = "-" if amount < 0 else ""
    return f"{sign}${abs(amount):,.2f}"
