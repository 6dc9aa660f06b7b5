"""Whole Boneyard euchre rounds: each fixture in `rounds/` is replayed with `croupier replay --game
boneyard-euchre FILE --json` and must say exactly the announcements of its `.expected.json` and
leave its table (the host's view: scores, maker, tricks and rulings, modifiers, points).

Each `NAME.jsonl` is written by `rounds/make_rounds.py` (one function per fixture, its docstring the
hand check, also the file's # header). The `KEY` table repeats, independently of the expected files,
the facts of each round worked out by hand from the sheet and docs/boneyard-decisions.md: the team
scores, the makers' tricks, each trick's winner, and words that must be announced. The differential
pairs (`DIFFERENTIAL`, one for each of the 25 modifiers; rounds/differential_rounds.py holds 16 of
them) are the same cards with one modifier on and off: what the round came to must differ.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from referee.engine import apply, replay, view
from referee.events import loads_jsonl
from referee.game import HOST
from referee.games.boneyard.cards import PACK
from referee.state import State
from tests.referee import fixture_replay
from tests.referee.fixture_replay import assert_matches_expected

ROUNDS = Path(__file__).parent / "rounds"
sys.path.insert(0, str(ROUNDS))

import make_rounds  # noqa: E402

NAMES = sorted(p.stem for p in ROUNDS.glob("*.jsonl"))


def replay_cli(name: str, capsys) -> dict:
    return fixture_replay.replay_cli("boneyard-euchre", ROUNDS / f"{name}.jsonl", capsys)


def expected(name: str) -> dict:
    return fixture_replay.expected_of(ROUNDS / f"{name}.jsonl")


def key(scores, maker_tricks, winners, said=()):
    return dict(scores=list(scores), maker_tricks=maker_tricks, winners=list(winners), said=list(said))


MARCH = [2, 2, 4, 2, 2]
SQUARE = [2, 2, 1, 1]
KEY = {
    "01-march": key((0, 2), 5, MARCH, said=[("trick", "J♣ (the left bower) is the highest trump"),
                                            ("trick", "Joker (the benny) is the highest trump")]),
    "02-square-deal-off": key((1, 0), 3, SQUARE + [1], said=[("meet-cute", "Meet Cute flips 10♥: Sweet Nothings")]),
    "03-square-deal-on": key((0, 2), 2, SQUARE + [2], said=[("trick", "9♠ is the highest card of the led suit, ♠; "
                                                                      "decided by Square Deal")]),
    "04-redeal": key((0, 2), 5, MARCH, said=[("redeal", "All four leave it"),
                                             ("deal", "Round 2 (game 1): seat 4 deals")]),
    "05-joker-taken": key((0, 2), 5, [2, 2, 2, 2, 2], said=[("joker-taken", "Seat 2 names trump: ♠ spades"),
                                                            ("dummy", "seat 4 lays the hand face up")]),
    "06-makers-four": key((0, 1), 4, [2, 4, 2, 2, 1], said=[("trick", "J♣ 10♠ 9♠: Seat 2 wins the trick: Joker (the benny)"),
                                                            ("scoring", "The makers took 4 tricks: makers 1")]),
    "07-assassin-off": key((0, 2), 1, [2, 2, 4, 4, 1], said=[("trick", "Joker (the benny) is the highest trump")]),
    "08-assassin-on": key((0, 2), 2, [1, 2, 4, 4, 1], said=[("trick", "A♥ is the highest trump; decided by Assassin")]),
    "09-camera-square-deal-on": key((0, 2), 2, SQUARE + [2], said=[("trick", "decided by Square Deal")]),
    "10-scheme-carried": key((0, 4), 5, MARCH, said=[("scheme", "Scheme flips Q♥: Heartbreaker this round and the next"),
                                                      ("scheme", "Carried in by last round's Scheme: Heartbreaker"),
                                                      ("trick", "Trick 1: J♠ Q♣ K♣ 9♣: Seat 2 wins")]),
    "11-polycule-bones-run-out": key((0, 3), 5, [2] * 5, said=[
        ("scheme", "Scheme flips A♣: Spiked Club this round and the next"),
        ("bone-flips", "Meet Cute: no bone is left to flip"),
        ("scoring", "makers 3, defenders 0 (High Stakes)")]),
    "12-game-to-ten": key((0, 11), 5, MARCH, said=[("strip-club", "team 2 scores 1 point at once"),
                                                   ("scoring", "Round 1: The makers took 5 tricks: makers 2, defenders 0 "
                                                               "(makers: team 2). Score: team 1 (seats 1 & 3) 0, team 2 "
                                                               "(seats 2 & 4) 3."),
                                                   ("game-end", "Team 2 (seats 2 & 4) wins the game, 11 to 0")]),
    "13-high-stakes-off": key((1, 0), 3, SQUARE + [1]),
    "14-high-stakes-on": key((2, 0), 3, SQUARE + [1], said=[("scoring", "makers 2, defenders 0 (High Stakes)")]),
    "15-golf-club-off": key((1, 0), 3, SQUARE + [1]),
    "16-golf-club-on": key((1, 0), 3, [2, 2, 1, 3, 3], said=[("trick", "J♣ is the highest card of the led suit, ♣; "
                                                                     "decided by Golf Club")]),
    "17-spiked-club-off": key((0, 2), 1, [2, 2, 4, 4, 1]),
    "18-spiked-club-on": key((0, 1), 1, [2, 2, 4, 4, 1], said=[("scoring", "makers 0, defenders 1 (Spiked Club)")]),
    "19-shoot-the-moon-off": key((0, 2), 0, [2] * 5, said=[("grave-robber", "may take a card from the trick")]),
    "20-shoot-the-moon-on": key((2, 0), 0, [2] * 5, said=[("scoring", "makers 2, defenders 0 (Shoot The Moon)")]),
    "21-mad-genius-off": key((1, 0), 3, SQUARE + [1]),
    "22-mad-genius-on": key((0, 2), 2, [2, 2, 1, 4, 1], said=[("trick", "9♣ (the Benny-and-a-half of trumps) trumps the "
                                                                        "trick; decided by Mad Genius")]),
    "23-soul-mate-off": key((1, 0), 3, SQUARE + [1]),
    "24-soul-mate-on": key((0, 2), 2, [2, 2, 4, 1, 1], said=[
        ("follow", "Revoke: seat 4 played 9♣ to trick 1: the led suit must be followed, and the hand held A♦"),
        ("follow", "Revoke: seat 4 played K♦ to trick 2"),
        ("trick", "A♦ (the Ace-and-a-half of trumps) trumps the trick; decided by Soul Mate")]),
    "25-grave-robber-takes-the-benny": key((0, 2), 1, [2, 3, 2, 2, 2], said=[
        ("grave-robber", "Seat 3 may take a card from the trick (Grave Robber)"),
        ("grave-robber", "Grave Robber: seat 3 takes Joker from the trick into the hand"),
        ("trick", "Trick 2: J♥ Joker J♦ 9♠: Seat 3 wins the trick: Joker (the benny)"),
        ("grave-robber", "Seat 3 has 1 card left over")]),
    "26-collect-call-and-sweet-nothings": key((0, 2), 0, [2] * 5, said=[
        ("collect-call", "Collect Call: seat 4 hands a card face down to seat 1"),
        ("sweet-nothings", "Sweet Nothings: seat 3 hands a card face down to seat 1"),
        ("trick", "Trick 5: A♠ Q♦ A♦ J♠: Seat 2 wins")]),
    "27-fools-gold": key((0, 2), 5, [4, 2, 2, 4, 2], said=[
        ("fools-gold", "Seat 4 plays K♣ as Fool's Gold."),
        ("trick", "K♣ (Fool's Gold: the King-and-a-half of ♠) is the highest card of the led suit, ♠; decided by "
                  "Fool's Gold")]),
    "28-therapy-club": key((0, 1), 3, [3, 2, 1, 2, 2], said=[
        ("therapy-club", "Therapy Club: seats 3 and 1 each reveal a card face up"),
        ("therapy-club", "Therapy Club: seat 3 reveals Joker face up"),
        ("trick", "J♠ (the left bower) trumps the trick")]),
    "29-fusion": key((0, 1), 4, [2, 2, 4, 3, 4], said=[("fusion", "Fusion: seat 2 declines to lead; seat 4 leads"),
                                                       ("trick", "Q♥ trumps the trick")]),
    "30-heartbreaker-carried-camera": key((0, 4), 5, MARCH, said=[("scheme", "Carried in by last round's Scheme: "
                                                                           "Heartbreaker")]),
    "31-heartbreaker-not-carried-camera": key((0, 4), 5, MARCH, said=[
        ("follow", "Revoke: seat 4 played K♣ to trick 1: the led suit must be followed, and the hand held 10♠")]),
    "32-lucky-penny": key((0, 2), 5, [4, 2, 4, 4, 2], said=[("lucky-penny", "Seat 4 plays the Lucky Penny: J♥."),
                                                            ("trick", "J♥ (the left bower) trumps the trick"),
                                                            ("lucky-penny", "Seat 4 has 1 card left over")]),
    "33-party-crasher": key((0, 2), 5, MARCH, said=[("trick", "Trick 1: J♠ Q♣ 9♣ 9♠"),
                                                    ("trick", "Trick 4: A♦ 9♥ A♥ K♠")]),
    "34-fight-club": key((0, 2), 5, [2, 2, 4, 4, 4], said=[("trick", "Joker (the benny) is the highest card of every "
                                                                     "suit"), ("modifier-stacking", "No trump this round")]),
    "35-copycats": key((0, 1), 4, [2, 4, 1, 2, 2], said=[
        ("copycats", "Copycats flips A♣: every 10 is a copy of the A♣ this round"),
        ("trick", "10♥ (a copy of the A♣) is the highest card of the led suit, ♣; decided by Copycats"),
        ("trick", "9♠ trumps the trick; decided by Copycats")]),
    "36-club-sandwich": key((0, 1), 4, [4, 1, 2, 4, 2], said=[
        ("trick", "A♦ (the Ace-and-a-half of trumps) trumps the trick; decided by Club Sandwich")]),
    # The differential pairs (rounds/differential_rounds.py): deal S with a modifier flipped or not.
    # grave-robber, against 02: seat 3 robs the benny from trick 1 and wins tricks 2, 4 and 5 with it and after
    "37-grave-robber-on": key((1, 0), 4, [2, 3, 1, 3, 3], said=[
        ("grave-robber", "Grave Robber: seat 3 takes Joker from the trick into the hand"),
        ("trick", "Trick 2: J♥ Joker K♦ K♥: Seat 3 wins"), ("grave-robber", "Seat 3 has 1 card left over")]),
    # collect-call: the Maker collects the right bower: tricks 2 and 4 change hands
    "38-collect-call-off": key((1, 0), 3, SQUARE + [1]),
    "39-collect-call-on": key((1, 0), 4, [2, 1, 1, 3, 1], said=[
        ("collect-call", "Collect Call: seat 2 hands a card face down to seat 1"),
        ("trick", "J♥ (the right bower) trumps the trick")]),
    # sweet-nothings: the left bower passed to the Maker takes trick 5 instead of the A♠; the hands played differ
    "40-sweet-nothings-off": key((1, 0), 3, SQUARE + [1],
                                 said=[("trick", "Trick 5: A♠ 9♠ 10♣ K♠: Seat 1 wins")]),
    "41-sweet-nothings-on": key((1, 0), 3, SQUARE + [1], said=[
        ("sweet-nothings", "Sweet Nothings: seat 3 hands a card face down to seat 1"),
        ("trick", "Trick 5: J♦ 9♠ A♠ K♠: Seat 1 wins the trick: J♦ (the left bower) is the highest trump")]),
    # party-crasher: the same cards and winners in another order: the leader's partner plays last
    "42-party-crasher-off": key((1, 0), 3, SQUARE + [1], said=[("trick", "Trick 1: A♥ Joker Q♥ 9♣")]),
    "43-party-crasher-on": key((1, 0), 3, SQUARE + [1], said=[("trick", "Trick 1: A♥ Joker 9♣ Q♥")]),
    # fusion: seat 2 declines, seat 4 leads trick 2: the makers take 3, not 2, and score
    "44-fusion-off": key((0, 2), 2, [2, 2, 4, 1, 1]),
    "45-fusion-on": key((1, 0), 3, [2, 1, 1, 1, 2], said=[("fusion", "Fusion: seat 2 declines to lead; seat 4 leads")]),
    # fight-club: no trump: the J♥ is a plain heart and the K♥ takes trick 2
    "46-fight-club-off": key((1, 0), 3, SQUARE + [1]),
    "47-fight-club-on": key((1, 0), 4, [2, 1, 1, 1, 1],
                            said=[("trick", "K♥ is the highest card of the led suit, ♥")]),
    # therapy-club: the same tricks; two defenders' cards face up (the modifier's own effect)
    "48-therapy-club-off": key((1, 0), 3, SQUARE + [1]),
    "49-therapy-club-on": key((1, 0), 3, SQUARE + [1], said=[("therapy-club", "seat 2 reveals Joker face up"),
                                                             ("therapy-club", "seat 4 reveals K♠ face up")]),
    # lucky-penny: seat 3's unseen 10♥ trumps trick 3 over seat 1's 9♥; seat 3 keeps the Q♣ left over
    "50-lucky-penny-off": key((1, 0), 3, SQUARE + [1]),
    "51-lucky-penny-on": key((1, 0), 3, [2, 2, 3, 1, 1], said=[("lucky-penny", "Seat 3 plays the Lucky Penny: 10♥."),
                                                            ("lucky-penny", "Seat 3 has 1 card left over")]),
    # dummy: the same tricks; seat 3's hand face up, played by the Maker (the modifier's own effect)
    "52-dummy-off": key((1, 0), 4, [2, 1, 3, 1, 1]),
    "53-dummy-on": key((1, 0), 4, [2, 1, 3, 1, 1],
                       said=[("dummy", "seat 3 lays the hand face up: Q♥ Q♣ J♦ J♣ 10♣")]),
    # meet-cute, against 03: nothing flipped, so no Square Deal: the A♠ takes trick 5 and the makers score
    "54-meet-cute-off": key((1, 0), 3, SQUARE + [1]),
    # scheme: Scheme flips Square Deal: the 9♠ takes trick 5 and the defenders score
    "55-scheme-off": key((1, 0), 3, SQUARE + [1]),
    "56-scheme-on": key((0, 2), 2, SQUARE + [2],
                        said=[("scheme", "Scheme flips Q♦: Square Deal this round and the next")]),
    # fools-gold (camera): the Q♣ thrown to the 9♦ lead holding the Q♦ is a revoke, unless it is Fool's Gold
    "57-fools-gold-off": key((1, 0), 3, SQUARE + [1], said=[("follow", "Revoke: seat 3 played Q♣ to trick 3")]),
    "58-fools-gold-on": key((1, 0), 3, SQUARE + [1], said=[("fools-gold", "Seat 3 plays Q♣ as Fool's Gold.")]),
    # copycats (camera): the 10♣ is a Q♦ copy, so the same Q♣ thrown to the 9♦ lead is a revoke
    "59-copycats-off": key((1, 0), 3, SQUARE + [1]),
    "60-copycats-on": key((1, 0), 3, SQUARE + [1], said=[
        ("copycats", "Copycats flips Q♦: every 10 is a copy of the Q♦ this round"),
        ("follow", "Revoke: seat 3 played Q♣ to trick 3")]),
    # polycule: the J♥ taken flips Square Deal: the K♠ takes trick 5 from the A♠
    "61-polycule-off": key((1, 0), 4, [2, 3, 1, 1, 1]),
    "62-polycule-on": key((1, 0), 3, [2, 3, 1, 1, 4], said=[("polycule", "Polycule flips Q♦: Square Deal")]),
    # club-sandwich: seats 2 and 4 pair their 9s in trick 3: the 9♣ takes it and the defenders score
    "63-club-sandwich-off": key((1, 0), 3, SQUARE + [1]),
    "64-club-sandwich-on": key((0, 2), 2, [2, 2, 4, 1, 1], said=[
        ("trick", "9♣ (the Ace-and-a-half of trumps) trumps the trick; decided by Club Sandwich")]),
    # strip-club: the Q♠ wins trick 4 in both; only with Strip Club does it bring a point: 3, not 2
    "65-strip-club-off": key((0, 2), 5, [2, 2, 2, 2, 4]),
    "66-strip-club-on": key((0, 3), 5, [2, 2, 2, 2, 4], said=[("strip-club", "team 2 scores 1 point at once")]),
    # plain rounds (decision 17): fixture 03's cards with modifiers off: no flip, the A♠ takes trick 5
    "67-modifiers-off": key((1, 0), 3, SQUARE + [1], said=[
        ("take-it", "The dealer turns up 9♥: hearts trump if taken."),
        ("take-it", "Seat 1 takes 9♥ and is the Maker: ♥ hearts trump. It lies face up")]),
}
DIFFERENTIAL = {"square-deal": ("02-square-deal-off", "03-square-deal-on"),
                "assassin": ("07-assassin-off", "08-assassin-on"),
                "high-stakes": ("13-high-stakes-off", "14-high-stakes-on"),
                "golf-club": ("15-golf-club-off", "16-golf-club-on"),
                "spiked-club": ("17-spiked-club-off", "18-spiked-club-on"),
                "shoot-the-moon": ("19-shoot-the-moon-off", "20-shoot-the-moon-on"),
                "mad-genius": ("21-mad-genius-off", "22-mad-genius-on"),
                "soul-mate": ("23-soul-mate-off", "24-soul-mate-on"),
                "heartbreaker": ("31-heartbreaker-not-carried-camera", "30-heartbreaker-carried-camera"),
                "grave-robber": ("02-square-deal-off", "37-grave-robber-on"),
                "collect-call": ("38-collect-call-off", "39-collect-call-on"),
                "sweet-nothings": ("40-sweet-nothings-off", "41-sweet-nothings-on"),
                "party-crasher": ("42-party-crasher-off", "43-party-crasher-on"),
                "fusion": ("44-fusion-off", "45-fusion-on"),
                "fight-club": ("46-fight-club-off", "47-fight-club-on"),
                "therapy-club": ("48-therapy-club-off", "49-therapy-club-on"),
                "lucky-penny": ("50-lucky-penny-off", "51-lucky-penny-on"),
                "dummy": ("52-dummy-off", "53-dummy-on"),
                "meet-cute": ("54-meet-cute-off", "03-square-deal-on"),
                "scheme": ("55-scheme-off", "56-scheme-on"),
                "fools-gold": ("57-fools-gold-off", "58-fools-gold-on"),
                "copycats": ("59-copycats-off", "60-copycats-on"),
                "polycule": ("61-polycule-off", "62-polycule-on"),
                "club-sandwich": ("63-club-sandwich-off", "64-club-sandwich-on"),
                "strip-club": ("65-strip-club-off", "66-strip-club-on")}


def test_every_fixture_is_checked_by_hand():
    assert len(NAMES) >= 5
    assert set(NAMES) == set(KEY) == set(make_rounds.FIXTURES)


@pytest.mark.parametrize("name", NAMES)
def test_the_fixture_is_its_generator(name):
    assert (ROUNDS / f"{name}.jsonl").read_text(encoding="utf-8") == make_rounds.WRITER.text(name)


@pytest.mark.parametrize("name", NAMES)
def test_replay_matches_the_expected_file(name, capsys):
    got, exp = replay_cli(name, capsys), expected(name)
    assert_matches_expected(got, exp)


@pytest.mark.parametrize("name", NAMES)
def test_the_facts_worked_out_by_hand(name, capsys):
    got = replay_cli(name, capsys)
    table, facts = got["table"], KEY[name]
    assert table["scores"] == facts["scores"]
    assert table["maker_tricks"] == facts["maker_tricks"]
    assert [t["winner"] for t in table["tricks"]] == facts["winners"]
    for rule, words in facts["said"]:
        assert any(a["rule"] == rule and words in a["text"] for a in got["announcements"]), (rule, words)


def _outcome(name: str, capsys) -> dict:
    """What a round came to, leaving out which modifiers were in play: the score, each trick's leader,
    cards (in the order played, and how) and winner, the revokes, each seat's cards played and left,
    and every hand card the table saw face up during the round (Therapy Club, Dummy, the taken card)."""
    table = replay_cli(name, capsys)["table"]
    shown: dict[int, set] = {s: set() for s in (1, 2, 3, 4)}
    state = State()
    for event in loads_jsonl((ROUNDS / f"{name}.jsonl").read_text(encoding="utf-8")):
        state, _ = apply(state, event)
        for seat in view(state, None).get("boneyard-euchre", {}).get("seats", []):
            shown[seat["seat"]] |= set(seat["face_up"]) | set(seat.get("cards", ()))     # "cards": a dummy's
    return dict(scores=table["scores"], points=table["points"], revokes=table["revokes"],
                tricks=[(t["leader"], t["winner"], t["cards"]) for t in table["tricks"]],
                seats=[(s["played"], s["cards"]) for s in table["seats"]],
                shown={s: sorted(c) for s, c in shown.items()})


def test_every_modifier_has_a_differential_pair():
    from referee.games.boneyard.modifier_ids import MODIFIER_IDS
    assert sorted(DIFFERENTIAL) == sorted(MODIFIER_IDS)


@pytest.mark.parametrize("modifier", sorted(DIFFERENTIAL))
def test_a_modifier_switched_off_changes_the_round(modifier, capsys):
    off_name, on_name = DIFFERENTIAL[modifier]
    off, on = (replay_cli(name, capsys)["table"] for name in (off_name, on_name))
    assert modifier in [m["id"] for m in on["modifiers"]] and modifier not in [m["id"] for m in off["modifiers"]]
    assert _outcome(off_name, capsys) != _outcome(on_name, capsys)


def test_modifiers_off_ignores_the_taken_cards_modifier(capsys):
    """Decision 17: the same cards as fixture 03; with modifiers off the taken 9♥ brings no Meet Cute,
    so no bone is flipped, no modifier is in play and trick 5 goes to the A♠, not the Square Deal 9♠."""
    off, on = (replay_cli(name, capsys) for name in ("67-modifiers-off", "03-square-deal-on"))
    assert off["table"]["modifiers"] == [] and [m["id"] for m in on["table"]["modifiers"]] == ["meet-cute", "square-deal",
                                                                                                 "shoot-the-moon"]
    assert not any(a["rule"] in ("meet-cute", "bone-flips") for a in off["announcements"])
    assert _outcome("67-modifiers-off", capsys) != _outcome("03-square-deal-on", capsys)
    assert _outcome("67-modifiers-off", capsys)["tricks"][:4] == _outcome("03-square-deal-on", capsys)["tricks"][:4]


@pytest.mark.parametrize("name", NAMES)
def test_replaying_the_final_log_gives_the_same_view(name):
    state, _ = replay(loads_jsonl((ROUNDS / f"{name}.jsonl").read_text(encoding="utf-8")))
    again, _ = replay(state.log.to_tuple())
    for viewer in (HOST, None, *state.seats):
        assert view(again, viewer) == view(state, viewer)


def _codes(value) -> set[str]:
    """Every card code named anywhere in a view."""
    if isinstance(value, dict):
        return set().union(*(_codes(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_codes(v) for v in value)) if value else set()
    return {value} if isinstance(value, str) and value in CODES else set()


CODES = {c.code for c in PACK}
PUBLIC_EVENTS = ("card_played", "fools_gold_played", "penny_played", "bone_flipped", "card_revealed")


@pytest.mark.parametrize("name", NAMES)
def test_the_public_view_names_only_cards_the_table_can_see(name):
    """After every event, the public view names no card but the face-up bone, the bones flipped,
    cards revealed or laid down, and cards played: never a hand, the discard or a pass; a seat's
    view adds only cards that were its own."""
    events = loads_jsonl((ROUNDS / f"{name}.jsonl").read_text(encoding="utf-8"))
    state, seen = State(), set()
    own: dict[int, set] = {s: set() for s in (1, 2, 3, 4)}          # every card that was ever the seat's
    for event in events:
        state, _ = apply(state, event)
        if event.type == "hand_started":
            seen, own = set(), {s: set() for s in (1, 2, 3, 4)}
        if event.type in ("card_dealt", "card_discarded", "card_passed", "grave_robbed") and event.seat and event.card:
            own[event.seat].add(event.card.code)
        if event.type == "card_passed" and event.card:
            own[event.to_seat].add(event.card.code)
        elif event.type in PUBLIC_EVENTS or event.type == "card_dealt" and event.up:
            seen.add(event.card.code)
        elif event.type == "hand_shown":
            seen |= {c.code for c in event.cards}
        public = dict(view(state, None)["boneyard-euchre"], ranking=None)    # the order of the pack, not cards held
        named = _codes(public)
        assert named <= seen, (event.describe(), named - seen)
        for seat in (1, 2, 3, 4):
            mine = _codes(dict(view(state, seat)["boneyard-euchre"], ranking=None))
            assert mine <= seen | own[seat], (seat, event.describe(), mine - seen - own[seat])


def test_every_modifier_is_in_play_in_some_round_fixture():
    from referee.games.boneyard.modifier_ids import MODIFIER_IDS
    played = set()
    for name in NAMES:        # a round's modifiers, and those of earlier rounds in the same file
        state, said = replay(loads_jsonl((ROUNDS / f"{name}.jsonl").read_text(encoding="utf-8")))
        played |= {m["id"] for m in view(state, HOST)["boneyard-euchre"]["modifiers"]}
        played |= {a.rule for a in said if a.rule in MODIFIER_IDS}
    assert played == set(MODIFIER_IDS)
