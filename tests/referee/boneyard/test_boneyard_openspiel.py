"""Plain Boneyard euchre against OpenSpiel's euchre (24 cards, no benny): in random games, every play
position's legal set and every trick's winner must agree, under OpenSpiel's trump. OpenSpiel is a
bench/dev dependency; without it the test is skipped. (bench/euchre.py, the issue's 100,000-position
count and the speed ratio, is the game's bench.)"""

import random

import pytest

from referee.cards import Card
from referee.games.boneyard.ranking import Play, legal_plays, plain_round, trick_winner

pyspiel = pytest.importorskip("pyspiel")

OS_SUITS = "CDHS"           # OpenSpiel's card id c: suit OS_SUITS[c % 4], rank 9 + c // 4
PARTNER = {0: 2, 2: 0, 1: 3, 3: 1}


def card(c: int) -> Card:
    return Card(9 + c // 4, OS_SUITS[c % 4])


def random_games(count: int, seed: int):
    game = pyspiel.load_game("euchre")
    rng = random.Random(seed)
    for _ in range(count):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
                continue
            yield state
            state.apply_action(rng.choice(state.legal_actions()))
        yield state


def test_legal_plays_and_trick_winners_agree_with_openspiel():
    positions = tricks = 0
    disagreements = []
    for state in random_games(400, seed=21):
        if state.is_terminal():
            rnd = plain_round(OS_SUITS[state.trump_suit()])
            for trick in state.tricks():
                players = [(trick.leader() + i) % 4 for i in range(4)]
                if state.declarer_go_alone():
                    players = [p for p in players if p != state.declarer_partner()]
                plays = [Play(p, card(c)) for p, c in zip(players, trick.cards()) if c >= 0]
                tricks += 1
                if plays[trick_winner(plays, rnd, PARTNER).index].seat != trick.winner():
                    disagreements.append(("winner", [str(p.card) for p in plays], trick.winner()))
            continue
        if str(state.current_phase()) != "Phase.PLAY":
            continue
        rnd = plain_round(OS_SUITS[state.trump_suit()])
        player = state.current_player()
        hand = [card(c) for c, holder in enumerate(state.card_holder()) if holder == player]
        so_far = [card(c) for c in state.current_trick().cards() if c >= 0]
        ours = set(legal_plays(hand, so_far, rnd))
        theirs = {card(a) for a in state.legal_actions()}
        positions += 1
        if ours != theirs:
            disagreements.append(("legal", [str(c) for c in hand], [str(c) for c in so_far]))
    assert positions > 5000 and tricks > 1500
    assert disagreements == []
