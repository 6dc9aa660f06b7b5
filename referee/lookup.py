"""The rule lookup the CLI and the dashboard share: find rules, show a rule card, explain an
announcement ("why was I charged?")."""

from __future__ import annotations

from typing import Any

from .base_rules import STUD_RULES, TABLE_RULES
from .registry import games
from .rules import Rule, lookup


def _built_on_stud(g) -> bool:
    return any(getattr(c, "id", "") == "stud" for c in type(g).__mro__)


def all_rules(game: str | None = None) -> list[Rule]:
    """The house rules of `game` (None: of every game), then its base game's and the table's own."""
    out: list[Rule] = []
    base: list[Rule] = []
    for g in games().values():
        if game and g.id != game:
            continue
        for r in getattr(g, "rules", ()):
            if r not in out:
                out.append(r)
        if _built_on_stud(g):
            base += [r for r in STUD_RULES if r not in base]
    return out + base + ([*TABLE_RULES] if game is None or game in games() else [])


def find_rules(query: str, game: str | None = None) -> list[Rule]:
    return lookup(all_rules(game), query)


def rule_by_id(rule_id: str) -> Rule | None:
    for r in all_rules():
        if r.id == rule_id:
            return r
    return None


def rule_card(rule: Rule) -> dict[str, Any]:
    return rule.to_json()


def explain(state, announcements, announcement_id: int) -> dict[str, Any] | None:
    """The announcement, its rule card and the events (by sequence number) that triggered it."""
    ann = next((a for a in announcements if a.id == announcement_id), None)
    if ann is None:
        return None
    log = state.log.to_tuple()
    events = [{"seq": s, "type": log[s - 1].type, "text": log[s - 1].describe(),
               "undone": s in state.undone} for s in ann.because if 1 <= s <= len(log)]
    rule = rule_by_id(ann.rule) if ann.rule else None
    return {"announcement": ann.to_json(), "rule": rule.to_json() if rule else None, "events": events}


BASE_GAME_READINGS = (
    ("base: bring-in ties", "Two equal lowest up cards: the suit decides, clubs lowest, then diamonds, "
     "hearts, spades (the usual stud order)."),
    ("base: re-judging the opener", "Who brings in (or acts first) is judged when the first chip of the "
     "round goes in, so a 3 sold, a trade or a card turned over before then counts."),
    ("base: raise cap", "A bet and three raises per round (setting max_raises). Completing the bring-in "
     "counts as the bet."),
    ("base: extension", "Only a red Jack or the Q♠ *dealt* face up on fifth (or sixth) street extends the "
     "hand; one turned up later does not. The hand never goes past max_cards (8)."),
    ("base: fees", "House-rule fees go to the main pot, which every player still in can win; they do not "
     "set side-pot levels (only antes and bets do)."),
    ("base: all dead", "If every hand left at showdown is dead (Killer 4), they split the pot as if tied."),
    ("base: community card", "Seven or eight players deep into a 7- or 8-card hand can run the 52 cards short: "
     "if, when the last street starts, fewer cards are left than players still in, the last card is dealt as one "
     "community card, face up in the centre, and plays in every hand (setting community_card, default on). "
     "Nobody was dealt it, so no house rule fires on it (no fee, trade or sale); its card powers hold for "
     "everyone (a 7 is wild, an Ace or black 6 may play as another card, a red 6 is void); it does not count "
     "when judging who shows the best hand; a player's own last-card options (Gambler's Last Dollar) lapse. "
     "Running out before the last street has no rule: the host ends the hand (a misdeal)."),
    ("base: misdeal", "A hand ended early by the host is a misdeal: every cent paid into the pot that hand "
     "goes back to its payer."),
    ("base: odd cents", "A split pot is shared in whole cents; odd cents go one each to the winners "
     "clockwise from the dealer's left."),
    ("base: nobody left to bet", "A betting round nobody can bet in (everyone all in) still waits for open "
     "obligations; its 'until the first bet' options lapse at the next card instead."),
    ("base: impossible obligations end", "An obligation that can no longer be met ends with an announcement "
     "instead of holding the hand: a trade card with no face-up card of its street left on another live "
     "board, a turn-up with no hole card left or whose picked card has moved."),
    ("base: powers go with the card", "A card's power goes with the card, not with the seat that once held it "
     "face up: an option a face-up card gave (the 8 Ball, a 3's sale, Gambler's Last Dollar, combining 2s, "
     "the Queen of Hearts' pick, the 4-tician) is withdrawn, with an "
     "announcement, as soon as its seat no longer holds that card face up (traded, stolen, discarded or "
     "turned face down). Whether the card's new holder gets the power is each rule's own reading (below)."),
    ("base: folding in turn", "If the seat to act folds on a house rule (would not pay), the turn moves on."),
    ("base: power announcements", "Card powers are announced at showdown when they change what a card plays "
     "as (a 7 as the A♠, a black 6 as an Ace); red 6s whenever held; No Copies only when it changed the hand "
     "as named (not when it cost only a kicker)."),
    ("base: untracked bets", "Setting bets 'untracked' (a camera table: the camera sees cards, not chips): "
     "nobody enters bets, so the deal never waits for a betting round; who brings in or acts first is still "
     "announced each street, and obligations (pay or fold, must trade, turn a card up) still hold the next "
     "street until answered. Only folds are entered, at any time. Antes and house-rule fees are still "
     "charged, and the pot the referee awards is theirs: at the showdown the best hand takes it, a hand all "
     "but one fold goes to the last seat in, a Bonedoneskis to its holder; the chips bet on the table are "
     "the players' own and go to the winner the referee names. Options 'until the first bet' last until "
     "the next card. Default 'tracked': every bet entered, as above."),
    ("base: options lapse", "An option (sell a 3, the 8 Ball, 2 Hog, Queen of Hearts, 4-tician, combining 2s) "
     "lasts until the first betting action of that street; obligations (pay or fold, must trade, turn a card "
     "up) hold the betting until answered; the war holds the deal."),
    ("base: correction", "The host may correct the table by hand at any time, with a reason everyone hears: a card "
     "turned up or down, moved, traded or discarded with no rule asking (rule 'correction'), or a card entered "
     "wrong (`card_corrected`: the card becomes the right one where it lies, same place, face and street). A "
     "correction fixes what the table shows; it does not re-run the rules: what the wrong card set off (a fee, "
     "a decision) stays until the host undoes it, and the right card's power does not fire, since it was dealt "
     "already. To have the rules judge the right card, undo the deal and enter it again."),
    ("base: undo", "The host may undo any event still in the log, not only the last: the night is replayed "
     "without it. If a later event could not have happened without it (a bet by a seat that would not have been "
     "to act, a card that answered a decision it opened) the undo is refused, naming that event: undo it first. "
     "An undo cannot itself be undone; enter the event again instead."),
)


# A game built on another has readings of that base game, listed before its own house rules.
BASE_READINGS = {"bonedoneskis": BASE_GAME_READINGS}

HEADER = ["# How croupier reads the rules", "",
          "Where a rule sheet can be read two ways we pick the reading a home game would most likely use, "
          "write it here with the rule's id, and make it a setting where tables may disagree "
          "(settings go in the `table_opened` event). This file is generated from the rule objects "
          "(`python -m referee.lookup > docs/interpretations.md`); a test keeps them in step.", ""]


def rule_readings(rules) -> list[str]:
    """One line per rule that has an interpretation: its id, name, the reading and its settings."""
    lines = []
    for rule in rules:
        if not rule.interpretation:
            continue
        settings = ", ".join(f"`{s.name}` (default `{s.default}`)" for s in rule.settings)
        lines.append(f"- **{rule.id}** ({rule.name}) — {rule.interpretation}"
                     + (f" Settings: {settings}." if settings else ""))
    return lines


def game_readings(game_id: str, rules) -> list[str]:
    """A game's section: its base game's readings and house rules (with the base and table rules they
    stand on), or, for a game of its own, every rule and decision in the game's order."""
    if game_id in BASE_READINGS:
        return ([f"## {game_id}: base game", ""] + [f"- **{key}** — {text}" for key, text in BASE_READINGS[game_id]]
                + ["", f"## {game_id}: house rules", ""] + rule_readings(all_rules(game_id)))
    return [f"## {game_id}: rules and decisions", ""] + rule_readings(rules)


def interpretations_markdown(game: str | None = None) -> str:
    """docs/interpretations.md, written from the rule objects so the two never disagree: a section for
    every registered game that has rules (or only `game`'s), in the order the games joined."""
    lines = list(HEADER)
    sections = [game_readings(g.id, g.rules) for g in games().values()
                if getattr(g, "rules", ()) and game in (None, g.id)]
    if game is not None and not sections:
        raise KeyError(f"no registered game {game!r} with rules")
    for i, section in enumerate(sections):
        lines += ([""] if i else []) + section
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(interpretations_markdown(), end="")
