"""Boneyard euchre's score sheet across rounds, and a round's tricks explained, in words.

The sheet is read from the public view (`view(state, None)["boneyard-euchre"]`) of each finished
round (kept by webui/hands_over.py): who dealt, who took which card, the modifiers, the makers' tricks, the
points each team scored and the running score to 10. A redeal (four Leave Its) is a row too. Only
what that view shows is used, so the sheet names no hidden card.
"""

from __future__ import annotations

from .boonaken_views import card
from .wording import named, seat_name as _who

TARGET = 10          # sheet line 9: the game ends at the end of a round with a team at 10 or more


def sheet(finished: list[dict], team_names: list[str], names: dict[int, str]) -> dict:
    """One row per finished round (their Boneyard views, oldest first), each with its words."""
    rows = []
    for r in finished:
        maker = r["maker"]
        if r["redeal"]:
            what = "all four left it: redeal"
        elif maker is None:
            what = "not played out"
        else:
            taken = f" the {card(r['taken'])['pretty']}" if r["taken"] else ""
            mods = ", ".join(m["name"] for m in r["modifiers"])
            what = f"{_who(names, maker)} took{taken}" + (f" ({mods})" if mods else "") + \
                f", {r['maker_tricks']} trick{'s' if r['maker_tricks'] != 1 else ''}"
        points = r["points"]
        rows.append({"round": r["round"], "game_no": r["game_no"], "dealer": _who(names, r["dealer"]),
                     "maker": maker, "what": what, "points": points, "scores": r["scores"],
                     "winner": r["winner"],
                     "words": f"Round {r['round']}: {_who(names, r['dealer'])} dealt; {what}; "
                              f"{team_names[0]} +{points[0]}, {team_names[1]} +{points[1]} "
                              f"({r['scores'][0]}–{r['scores'][1]})"})
    return {"rows": rows, "target": TARGET, "target_words": f"First team to {TARGET} at the end of a round wins"}


def tricks(seen: dict, names: dict[int, str]) -> list[dict]:
    """The round's finished tricks: the cards by name, and the referee's ruling (which names the
    modifiers that decided it) with names."""
    return [{"number": i, "winner": _who(names, t["winner"]), "why": list(t["why"]),
             "plays": [{"seat": p["seat"], "name": _who(names, p["seat"]), "how": p["how"], **card(p["card"])}
                       for p in t["cards"]],
             "words": named(t["text"][:1].upper() + t["text"][1:], names)}
            for i, t in enumerate(seen["tricks"], start=1)]
