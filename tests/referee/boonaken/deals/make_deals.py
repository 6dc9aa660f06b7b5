"""Writes the Boonaken fixtures: `python tests/referee/boonaken/deals/make_deals.py [--expected] [NAME...]`.

One function per fixture builds its deals with `deal_builder.Table`; its docstring is the hand check
(card points per trick, roem, the result and the mark), worked out from the rules
(boonaken-fa.txt, boonaken.md, docs/boonaken-decisions.md), not from the referee. `--expected`
also writes each `.expected.json` from `croupier replay --game boonaken FILE --json`, to be
checked against the docstring before it is committed.
Card codes: rank (A K Q J T 9 8 7) then suit (S H D C). Seats 1-4 unless a fixture says.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path[:0] = [str(HERE), str(HERE.parents[3])]     # the builder, and this checkout's referee and tests

from tests.referee.fixture_writer import FixtureWriter  # noqa: E402
from deal_builder import A_DEAL, A_TRICKS, R_DEAL, REVOKE_TRICKS, Table, r_tricks  # noqa: E402
from fixtures_contracts import CONTRACTS  # noqa: E402
from fixtures_game import GAME  # noqa: E402
from fixtures_variants import VARIANTS  # noqa: E402

def number_made() -> Table:
    """Seat 1 bids 60 and makes it.
    Tricks: 1 J♥ 7♥ 8♥ Q♦ = 20+0+0+2 = 22 (seat 1); 2 9♥ 10♥ Q♥ K♦ = 14+10+2+3 = 29 (seat 1, the
    nel above the 10); 3 A♥ 7♠ K♥ 9♦ = 11+0+3+0 = 14 (seat 1): 65, certain now; 4 A♠ K♠ 8♠ 10♦ =
    11+3+0+10 = 24; 5 A♣ K♣ 9♠ J♦ = 11+3+0+1 = 15; 6 9♣ Q♣ 10♠ A♦ = 0+2+10+11 = 23 to seat 2 (Q♣
    the highest club). Seat 1: 104 >= 60, made: + . Check: 104 + 23 + discards 0 + aside Q♠ J♠ 10♣
    J♣ 14 = 141."""
    return Table("number-made").deal(4, bids="1:60 2:pass 3:pass 4:pass", tricks=A_TRICKS, **A_DEAL)


def number_failed() -> Table:
    """The same cards, bid 110, and seat 1 leads the J♥ without naming trump: hearts are trump
    (line 77), so the points are deal A's. 104 card points and no roem, 104 < 110: went down, − ."""
    return Table("number-failed").deal(4, bids="1:110 2:pass 3:pass 4:pass", tricks=A_TRICKS,
                                       **dict(A_DEAL, trump=None))


def roem_declared() -> Table:
    """Bid 80, seat 1 declares 70 (K Q J 10 of trumps: 50 + stuk 20); nobody challenges, the roem
    stands. 108 + 70 = 178 >= 80: made, + ."""
    return Table("roem-declared").deal(4, bids="1:80 2:pass 3:pass 4:pass", tricks=r_tricks("R70 JH 7S 9H 7H"),
                                       **R_DEAL)


def roem_challenged_higher() -> Table:
    """Bid 120, declared 70; seat 2 holds A K Q J 10 of diamonds (a run of 5, 100) and challenges
    with 100: more, so the 70 is cancelled. Seat 2 plays 8♠ to trick 1 and 10♦ to trick 2: trick 2
    K♥ 10♦ A♥ 8♥ = 3+10+11+0 = 24 to seat 3. Seat 1 still 108, + 0 roem < 120: down, − . Aside Q♣ J♣
    K♣ 7♠ = 6: 108 + 24 + 3 + 6 = 141."""
    tricks = r_tricks("R70 JH 8S C2=100 9H 7H", second_seat2="TD")
    return Table("roem-challenged-higher").deal(4, bids="1:120 2:pass 3:pass 4:pass", tricks=tricks, **R_DEAL)


def roem_equal_challenger_higher() -> Table:
    """Bid 120, seat 1 declares 50 (part of the 70: the run K Q J 10 of hearts, top K♥); seat 2
    challenges with A K Q J of diamonds, 50. Equal totals: seat 1 names K♥, seat 2 A♦; by the
    natural order an ace beats a king (decision 5), so seat 2 cancels the 50. 108 < 120: down, − ."""
    tricks = r_tricks("R50 JH 7S C2=50 9H 7H", later=((1, "N1=KH N2=AD KH 8S AH 8H"),))
    return Table("roem-equal-challenger-higher").deal(4, bids="1:120 2:pass 3:pass 4:pass", tricks=tricks,
                                                      **R_DEAL)


def roem_equal_declarer_stands() -> Table:
    """Bid 120, declared 50 (top K♥); seat 2 holds K Q J 10 of diamonds (50, top K♦) and challenges
    with 50. Equal cards by rank, and the trump K♥ is above the plain K♦ (decision 5): the 50
    stands. Seat 2 plays 10♦ to trick 6 (A♦ is aside): 11+10+2+10 = 33. Seat 1: 34+12+14+14+33 =
    107 + 50 = 157 >= 120: made, + . Aside Q♣ J♣ K♣ A♦ = 17: 107 + 14 + 3 + 17 = 141."""
    tricks = r_tricks("R50 JH 7S C2=50 9H 7H", later=((1, "N2=KD N1=KH KH 8S AH 8H"), (5, "AC TD QS TC")))
    return Table("roem-equal-declarer-stands").deal(4, bids="1:120 2:pass 3:pass 4:pass", tricks=tricks,
                                                    **R_DEAL)


def false_roem_declarer() -> Table:
    """Bid 80, seat 1 declares 60: K Q J 10 of trumps make 20, 40, 50 or 70, never 60. Found when
    the cards are all played: false roem, the bid is lost (decision 11) although 108 >= 80: − ."""
    return Table("false-roem-declarer").deal(4, bids="1:80 2:pass 3:pass 4:pass", tricks=r_tricks("R60 JH 7S 9H 7H"),
                                             **R_DEAL)


def false_challenge_camera() -> Table:
    """A camera table: no hand is named, only the face-up centre, the plays. Bid 120, seat 1
    declares 70; seat 4 challenges with 100, which cancels at the end of trick 1. Seat 4 then plays
    7♥ 8♥ 7♣ 8♣ 9♣ 10♣: a run of 50, no 100. The challenge is void and the 70 stands after all
    (decision 11); seat 1's 7♦ 8♦ 9♦ K♠ discards are unseen. 108 + 70 = 178 >= 120: made, + ."""
    return Table("false-challenge-camera").deal(4, bids="1:120 2:pass 3:pass 4:pass",
                                                tricks=r_tricks("R70 JH 7S 9H C4=100 7H"), seen=False, **R_DEAL)


def roem_several_challengers_camera() -> Table:
    """Several challengers, heard clockwise from the declarer's left (decision 6), at a camera
    table. Bid 120, seat 1 declares 50 (K Q J 10 of hearts, top K♥). Seat 3 challenges with 50,
    seat 2 with 70. Seat 2 is heard first: 70 is more, so the 50 is cancelled when trick 1 ends;
    seat 1 and seat 3 still name their cards (K♥, Q♠) for the equal one. At the end seat 2 has
    played A K Q J of diamonds and 7♠ 8♠: 50, no 70, the challenge is void. Seat 3's 9 10 J Q of
    spades make 50 with the Q♠ on top, below the K♥: the 50 stands after all. 108 + 50 = 158 >= 120,
    made, + ."""
    tricks = r_tricks("R50 JH C3=50 7S C2=70 9H 7H", later=((1, "N1=KH N3=QS KH 8S AH 8H"),))
    return Table("roem-several-challengers-camera").deal(4, bids="1:120 2:pass 3:pass 4:pass", seen=False,
                                                         tricks=tricks, **R_DEAL)


# ------------------------------------------------------------------------------- revokes


def revoke_seen_at_once() -> Table:
    """Deal A, bid 110, but seat 2 plays 7♠ to the trump lead of trick 1 while its named hand holds
    7♥ 10♥: a revoke, announced at once. An opponent's revoke wins the deal for the declarer
    (decision 11): seat 1 + although 104 < 110. (7♥ goes to trick 3 instead: the points are deal A's.)"""
    return Table("revoke-seen-at-once").deal(4, bids="1:110 2:pass 3:pass 4:pass", tricks=REVOKE_TRICKS, **A_DEAL)


def revoke_proven_later_camera() -> Table:
    """The same play at a camera table: seat 2's 7♠ on trick 1 looks fine until seat 2 plays 10♥
    to trick 2: it held a trump, so trick 1 was a revoke (proven by 10♥). Seat 1 wins on it, + ."""
    return Table("revoke-proven-later-camera").deal(4, bids="1:110 2:pass 3:pass 4:pass", tricks=REVOKE_TRICKS,
                                                    seen=False, **A_DEAL)


FIXTURES = {
    "01-number-made": number_made,
    "02-number-failed": number_failed,
    "03-roem-declared": roem_declared,
    "04-roem-challenged-higher": roem_challenged_higher,
    "05-roem-equal-challenger-higher": roem_equal_challenger_higher,
    "06-roem-equal-declarer-stands": roem_equal_declarer_stands,
    "07-false-roem-declarer": false_roem_declarer,
    "08-false-challenge-camera": false_challenge_camera,
    "21-roem-several-challengers-camera": roem_several_challengers_camera,
    "09-revoke-seen-at-once": revoke_seen_at_once,
    "10-revoke-proven-later-camera": revoke_proven_later_camera,
}
FIXTURES.update(CONTRACTS)
FIXTURES.update(VARIANTS)
FIXTURES.update(GAME)


WRITER = FixtureWriter("boonaken", HERE, FIXTURES, table_keys=("sheet", "results", "revokes", "roem"))


if __name__ == "__main__":
    WRITER.main(sys.argv[1:])
