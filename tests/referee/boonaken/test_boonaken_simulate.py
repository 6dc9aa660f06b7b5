"""The Boonaken simulator: a few hundred random deals over every settings profile keep every
invariant (cards, points, marks, results, privacy, options, replay); the run depends on the seed
alone; and the checker itself catches planted bugs. `python -m referee.simulate` is its door."""

from __future__ import annotations

import random
from itertools import count

import pytest

from referee.games.boonaken import game as boonaken_game, scoring, tricks, views
from referee.games.boonaken.deal_state import Trick
from referee.games.boonaken.simulate import PROFILES, simulate
from referee.simulate import main

DEALS = 16            # per profile: 144 deals in all, one table (one replay check) each


@pytest.fixture(scope="module")
def runs():
    return {name: simulate(DEALS, 100 + i, profile=name, replay_every=DEALS) for i, name in enumerate(PROFILES)}


@pytest.mark.parametrize("profile", PROFILES)
def test_random_deals_keep_every_invariant(runs, profile):
    stats = runs[profile]
    assert stats.violations == []
    assert stats.deals == DEALS and stats.replays == 1 and stats.refused < DEALS
    assert sum(stats.contracts.values()) == DEALS
    assert stats.probes > 5 * DEALS            # events not offered were tried, and refused
    assert stats.events > 30 * DEALS           # deals are played out


def test_the_bidding_reaches_the_rare_contracts(runs):
    contracts = sum((stats.contracts for stats in runs.values()), start=type(runs["default"].contracts)())
    for kind in ("number", "misère", "boonaak", "boonaak with roem", "redeal", "zwabber"):
        assert contracts[kind] >= 3, (kind, contracts)
    assert contracts["open boonaak"] >= 1          # offered in two profiles only
    chains = sum((stats.chains for stats in runs.values()), start=type(runs["default"].chains)())
    assert sum(n for length, n in chains.items() if length >= 2) >= 5
    assert sum(stats.games for stats in runs.values()) >= 20            # games are played to a loser


def test_seven_players_all_bid_misere_on_the_first_deal_of_a_game():
    stats = simulate(6, 9, profile="six_seven", seats=7)    # seven_first_misere: the only bid offered
    assert stats.violations == [] and stats.chains[7] >= 1


def test_the_run_depends_only_on_the_seed():
    a, b = simulate(6, 7), simulate(6, random.Random(7))
    same = ("events", "refused", "probes", "contracts", "rules", "totals")
    assert [getattr(a, f) for f in same] == [getattr(b, f) for f in same]
    c = simulate(6, 8)
    assert (c.events, c.rules) != (a.events, a.rules)


def test_the_command_line_runs_a_game_and_says_so(capsys):
    assert main(["--game", "boonaken", "--deals", "4", "--seats", "3", "--seed", "2", "--profile", "points"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("boonaken: 4 deals") and "deals/s" in out and "invariant violations: 0" in out
    assert main(["--game", "bonedoneskis", "--hands", "3", "--seats", "4"]) == 0
    assert "invariant violations: 0" in capsys.readouterr().out
    assert main(["--game", "boonaken", "--deals", "1", "--seats", "6", "--profile", "default"]) == 2


# ------------------------------------------------------------------ the checker can fail
def test_a_trick_that_drops_its_last_card_is_caught(monkeypatch):
    real = tricks._trick_done

    def drop(game, w):
        real(game, w)
        hand = w.hand
        if hand.tricks:
            t = hand.tricks[-1]
            hand.tricks = hand.tricks[:-1] + (Trick(t.leader, t.plays[:-1], t.winner),)

    monkeypatch.setattr(tricks, "_trick_done", drop)
    stats = simulate(6, 1, profile="default")
    assert stats.kinds()["tricks"] >= 1 and stats.kinds()["points"] >= 1


def test_a_mark_for_an_opponent_is_caught(monkeypatch):
    real = scoring.deal_results

    def also_an_opponent(w):
        results = real(w)
        other = next(s for s in w.hand.order if s not in w.hand.bidders)
        return results + ((other, True),)

    monkeypatch.setattr(scoring, "deal_results", also_an_opponent)
    stats = simulate(8, 2, profile="default", seats=5)
    assert stats.kinds()["marks"] >= 1


def test_a_view_that_shows_every_hand_is_caught(monkeypatch):
    monkeypatch.setattr(views, "HOST", None)        # the public viewer is taken for the host
    stats = simulate(4, 3, profile="default")
    assert stats.kinds()["privacy"] >= 1


def test_an_option_the_referee_refuses_is_caught(monkeypatch):
    real = views.legal_bids

    def and_a_low_bid(hand, seat, settings):
        allowed = real(hand, seat, settings)
        from referee.games.boonaken.bidding import Bid
        return allowed + (Bid("number", 5),) if allowed and hand.bids else allowed

    monkeypatch.setattr(views, "legal_bids", and_a_low_bid)
    stats = simulate(6, 4, profile="default")
    assert stats.kinds()["option refused"] >= 1


def test_an_event_taken_though_not_offered_is_caught(monkeypatch):
    real = views.seat_options

    def no_trump_named(state, seat):
        return [o for o in real(state, seat) if o.action != "trump"]

    monkeypatch.setattr(views, "seat_options", no_trump_named)
    stats = simulate(12, 5, profile="default")
    assert stats.kinds()["accepted though not offered"] >= 1


def test_a_deal_that_replays_otherwise_is_caught(monkeypatch):
    real, calls = boonaken_game.Boonaken.deal_started, count()

    def remembers(self, w):                         # state kept outside the log: replay differs
        real(self, w)
        w.hand.cutter = next(calls)

    monkeypatch.setattr(boonaken_game.Boonaken, "deal_started", remembers)
    stats = simulate(4, 6, profile="default", replay_every=4)
    assert stats.kinds()["replay"] >= 1
