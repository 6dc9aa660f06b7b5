"""Writes the Boneyard euchre round fixtures: `python tests/referee/boneyard/rounds/make_rounds.py [--expected] [NAME...]`.

One function per fixture builds its rounds with `round_builder.Table`; its docstring is the hand
check (trick by trick, the points), worked out from the sheet (boneyard-euchre.txt) and
docs/boneyard-decisions.md, not from the referee. `--expected` also writes each `.expected.json`
from `croupier replay --game boneyard-euchre FILE --json`, to be checked against the docstring.
Card codes: rank (A K Q J T 9) then suit (S H D C); JK the Joker. Seats 1-4: 1 & 3 against 2 & 4.
"""

from __future__ import annotations

import io
import json
import sys
from contextlib import redirect_stdout
from pathlib import Path

HERE = Path(__file__).parent
sys.path[:0] = [str(HERE), str(HERE.parents[3])]     # the builder, and this checkout's referee

from round_builder import Table  # noqa: E402

# Deal A: dealer 4, the Q♠ turned up (Shoot The Moon, spades trump), bones J♥ Q♥ J♦ A♣ below it.
A = dict(hands={1: "9H TH KD 9C TC", 2: "JS AS KS JC 9D", 3: "AH KH QD TD QC", 4: "JK 9S TS AD KC"},
         up="QS", bones="JH QH JD AC")
A_BIDS = "1:leave 2:take"
A_MARCH = ("2:JS 3:QC 4:9S 1:9C  2:JC 3:TD 4:TS 1:TC  2:AS 3:QD 4:JK 1:KD  "
           "4:AD 1:9H 2:KS 3:AH  2:QS 3:KH 4:KC 1:TH")


def march() -> Table:
    """Seat 2 takes the Q♠ (spades trump, Shoot The Moon) and discards the 9♦; the makers take all 5.
    1: J♠ (right bower) led, Q♣ 9♠ 9♣: seat 2. 2: J♣ (left bower, a trump) led, 10♦ 10♠ 10♣: seat 2,
    the left bower above the 10♠. 3: A♠ led, Q♦, the benny follows trump, K♦: seat 4, the benny the
    highest trump. 4: A♦ led, 9♥, K♠ trumps, A♥: seat 2. 5: Q♠ (the taken card) led, K♥ K♣ 10♥:
    seat 2. Makers (team 2) 5 tricks: 2 points; Shoot The Moon changes nothing (they took tricks)."""
    return Table("march").round(4, bids=A_BIDS, discard="9D", tricks=A_MARCH, **A)


FIXTURES = {"01-march": march}


def fixture_text(name: str) -> str:
    fn = FIXTURES[name]
    return fn().jsonl(fn.__doc__)


def expected_json(name: str) -> str:
    from webui import cli
    out = io.StringIO()
    with redirect_stdout(out):
        code = cli.main(["replay", "--game", "boneyard-euchre", str(HERE / f"{name}.jsonl"), "--json"])
    if code:
        raise SystemExit(f"{name}: replay failed")
    got = json.loads(out.getvalue())
    keep = {"announcements": [{k: a[k] for k in ("rule", "kind", "seats", "text")} for a in got["announcements"]],
            "table": {k: got["table"][k] for k in ("scores", "maker", "maker_tricks", "points", "winner", "modifiers",
                                                    "tricks", "revokes", "redeal")}}
    return json.dumps(keep, ensure_ascii=False, indent=1) + "\n"


def main(argv: list[str]) -> None:
    expected = "--expected" in argv
    names = [a for a in argv if not a.startswith("--")] or sorted(FIXTURES)
    for name in names:
        (HERE / f"{name}.jsonl").write_text(fixture_text(name), encoding="utf-8")
        if expected:
            (HERE / f"{name}.expected.json").write_text(expected_json(name), encoding="utf-8")
        print(name)


if __name__ == "__main__":
    main(sys.argv[1:])
