"""Rule cards for what every table does besides its house rules, so that the rule lookup answers
"ante", "bring in", "betting", "fees" and "why was I charged?" as it answers "8♠".

They have no hooks or queries: the stud flow (games/stud*.py) and the table's money and seats
(seating.py) do what they say. `lookup.all_rules` adds `STUD_RULES` for the games built on stud and
`TABLE_RULES` for every game. Ledger rows name these ids (`rule` of a transfer; a bet's memo tells
a bring-in from the other bets), which is how a charge finds its explanation (`charge_rule_id`).
"""

from __future__ import annotations

from .rules import Rule

SOURCE = "croupier: the base game"


def _rule(id: str, name: str, game: str, text: str, trigger: str, effect: str, *, kind: str = "info",
          keywords: tuple[str, ...] = (), interpretation: str = "", examples: tuple[str, ...] = ()) -> Rule:
    return Rule(id=id, name=name, game=game, text=text, source=SOURCE, trigger=trigger, effect=effect, kind=kind,
                keywords=keywords, interpretation=interpretation, examples=examples)


STUD_RULES = (
    _rule("ante", "Ante", "stud", "Before the cards come out every seat dealt in puts the ante (setting `ante`, "
          "$0.50 by default) in the main pot.", "A hand starts.", "Each seat dealt in pays the ante into the main pot.",
          kind="payment", keywords=("ante", "antes", "charged", "pot")),
    _rule("bring-in", "Bring-in", "stud", "On third street the lowest up card opens: it must bring in (setting "
          "`bring_in`) or complete to the small bet. Equal ranks: the suit decides, clubs lowest, then diamonds, "
          "hearts, spades.", "Third street's betting starts.",
          "The seat with the lowest up card brings in (or completes); the betting goes on to its left.",
          kind="payment", keywords=("bring", "bringin", "bring-in", "lowest", "opens", "charged")),
    _rule("betting", "Betting", "stud", "Fixed limit: the small bet on third and fourth street, the big bet from "
          "fifth on; a bet and three raises per round (setting `max_raises`). From fourth street the best up "
          "cards act first.", "Each street's betting round.",
          "Check, bet, call, raise or fold in turn; the round ends when every live seat has matched the last bet.",
          kind="payment", keywords=("bet", "bets", "raise", "call", "check", "fold", "limit", "charged")),
    _rule("fees", "House-rule fees", "stud", "A house rule may charge a seat (a Black Jack, the 9 you got, a 3 "
          "sold): the fee goes to the main pot, which every player still in can win; fees do not set side-pot "
          "levels, only antes and bets do.", "A card with a fee is dealt or a fee option is taken.",
          "The seat pays the fee into the main pot, or folds when the rule lets it.",
          kind="fee", keywords=("fee", "fees", "pay", "charged", "charge")),
)

TABLE_RULES = (
    _rule("buy-in", "Buy-ins and rebuys", "", "A player hands the host cash for chips: the first time is the buy-in, "
          "each later time a rebuy. The ledger moves the amount from the bank (the cash the host holds) to the "
          "seat's account, whose balance is then its stack.", "The host records a buy-in between hands.",
          "The seat's stack grows by the amount; the bank owes it that much in cash.", kind="payment",
          keywords=("buy", "buyin", "rebuy", "chips", "stack", "bank", "cash")),
    _rule("cash-out", "Cash-out", "", "When a player leaves, the host counts the chips and pays them out: the "
          "ledger records the count. A count that differs from the stack the ledger expected is announced "
          "(counted vs expected); the difference stays on the seat's account and shows in the settle-up.",
          "The host records a cash-out between hands.", "The seat's account pays the bank what was counted; the "
          "seat sits out from the next deal.", kind="payment", keywords=("cash", "cashout", "leave", "count", "stack")),
    _rule("sit-out", "Sitting out and late players", "", "A player may sit out: they keep their seat and money "
          "but are not dealt in, from the next deal on, until they sit in again. A late player takes a new seat "
          "and is dealt in from the next deal.", "The host marks a seat out or in, or seats a late player.",
          "The next deal leaves the seat out (or deals it in); a deal in progress is not changed.",
          keywords=("sit", "sits", "out", "late", "join", "joins", "away", "break")),
    _rule("why-charged", "Why was I charged?", "", "Every cent you paid is a ledger row with its rule and the "
          "announcement that made it: ask the rules page \"why was I charged\" from your seat's phone for your "
          "charges, each with its rule and what the referee said; the Feed's \"why?\" shows the events behind any "
          "announcement.", "You ask.", "Your seat's charges are listed with their rule and announcement.",
          keywords=("why", "charged", "charge", "paid", "pay", "cost", "money")),
)


def charge_rule_id(rule: str, memo: str) -> str:
    """The rule card that explains a ledger row: a bet that was the bring-in is the bring-in's."""
    if rule == "bet":
        return "bring-in" if memo.startswith("bring_in") else "betting"
    return rule
