"""A Boneyard euchre night for the dashboard tests: four players and round 1 (Dev deals) whose
cards the host entered, so the phones get one button per card. The Q♠ turned up draws Shoot The
Moon; `with_up` turns up another card (the Q♠ takes its place), to draw that card's modifier.
And the phone's side: its options, taking one by what its button shows."""

from __future__ import annotations

import re

from referee import engine
from referee.cards import parse_card, parse_cards
from referee.engine import HOST
from referee.events import CardDealt
from webui.boneyard_views import PACK

from dashboard_kit import Phone, phones_for  # noqa: F401  (the Boneyard tests' import)

NAMES = {1: "Ann", 2: "Ben", 3: "Cleo", 4: "Dev"}
HANDS = {1: "9H TH KD 9C TC", 2: "JS AS KS JC 9D", 3: "AH KH QD TD QC", 4: "JK 9S TS AD KC"}
UP, BONES = "QS", "JH QH JD AC"

_n = iter(range(1, 10**6))


def submit(night, event, who="host"):
    return night.submit(event, f"bkit-{next(_n)}", who)


def with_up(code: str) -> tuple[dict[int, str], str, str]:
    """The kit's deal with `code` turned up instead of the Q♠, which goes where `code` was: the
    hands, the up card and the face-down bones."""
    swap = {code: UP}
    hands = {s: " ".join(swap.get(c, c) for c in h.split()) for s, h in HANDS.items()}
    return hands, code, " ".join(swap.get(c, c) for c in BONES.split())


def open_night(night, settings=None, seen=True, hands=None, up=UP, bones=BONES) -> dict[int, str]:
    """The night opened and round 1 dealt (Dev deals, Ann chooses first; `seen`: the hands' cards
    entered, else dealt face down unnamed; `hands`, `up`, `bones`: another deal); the seats' join
    tokens."""
    night.start("boneyard-euchre", [1, 2, 3, 4], NAMES, settings or {}, "Boneyard test night")
    start = next(o.event for o in engine.options(night.table.state, None)
                 if o.action == "start" and o.event.dealer == 4)
    submit(night, start)
    deal_cards(night, hands, up, bones, seen)
    return {p["seat"]: p["token"] for p in night.players()}


CODE = re.compile(r'"((?:[9TJQKA][SHDC])|JK)"')
PRETTY = re.compile(r"(?:10|[9JQKA])[♠♥♦♣]")     # "Joker" is a word of the settings' texts too: by code only


def cards_named(text: str) -> set[str]:
    """The cards a text names, as codes (written as codes or as people write them)."""
    codes = set(CODE.findall(text))
    for p in PRETTY.findall(text):
        codes.add(("T" if p.startswith("10") else p[0]) + "SHDC"["♠♥♦♣".index(p[-1])])
    return codes


def me(phone) -> dict:
    r = phone.get("/api/me")
    assert r.status_code == 200, r.get_json()
    return r.get_json()


def option(phone, action, **match):
    """The phone's one option of `action` whose button shows `match` (card="9D": its card's code)."""
    def fits(o):
        return o["action"] == action and all((o.get(k) or {}).get("code") == v if k == "card" else o.get(k) == v
                                             for k, v in match.items())
    mine = me(phone)
    found = next((o for o in mine["options"] if fits(o)), None)
    assert found is not None, (action, match, [o["label"] for o in mine["options"]])
    return found


def take(phone, action, **match):
    """Press that button (a card picker's card as `pick`)."""
    pick = match.pop("pick", None)
    o = option(phone, action, **match)
    body = dict(o["post"]["body"], **({"card": pick} if pick else {}))
    r = phone.post(o["post"]["url"], body)
    assert r.status_code == 200, r.get_json()
    return r.get_json()


def actions(phone) -> list[tuple[str, str]]:
    """The phone's buttons as (action, label)."""
    return [(o["action"], o["label"]) for o in me(phone)["options"]]


def board(phone) -> dict:
    return me(phone)["state"]["boneyard"]


def play_out(phones) -> None:
    """The round's tricks to the end from the phones: whoever has a card to play plays its first."""
    while board(phones[1])["phase"] != "over":
        seat = next(s for s, p in phones.items() if any(a == "play" for a, _ in actions(p)))
        o = next(o for o in me(phones[seat])["options"] if o["action"] == "play")
        r = phones[seat].post(o["post"]["url"], o["post"]["body"])
        assert r.status_code == 200, r.get_json()


def seat_move(night, seat: int, action: str, **match) -> None:
    """Seat `seat`'s option of `action` whose event fields match (a card by its code), taken
    in-process, as a phone the test does not drive would."""
    option = next(o for o in engine.options(night.table.state, seat) if o.action == action
                  and all(getattr(o.event, k) == v or getattr(getattr(o.event, k), "code", None) == v
                          for k, v in match.items()))
    submit(night, option.event, f"seat {seat}")


def deal_cards(night, hands=None, up=UP, bones=BONES, seen=True) -> None:
    """The started round's cards entered in-process, from the dealer's left: the hands (`seen`:
    named, else face down unnamed), the up bone, the bones."""
    held = {s: parse_cards(t) for s, t in (hands or HANDS).items()}
    dealer = night.table.state.hand.dealer
    for i in range(5):
        for k in range(4):
            seat = (dealer + k) % 4 + 1
            submit(night, CardDealt(seat, held[seat][i] if seen else None, False))
    submit(night, CardDealt(None, parse_card(up), True))
    for c in parse_cards(bones):
        submit(night, CardDealt(None, c, False, deck="boneyard"))


PREFERRED = ("bid", "trump", "discard", "flip", "show", "reveal", "play", "pass", "penny")


def deal_round(night, number: int) -> None:
    """Round `number` dealt from the pack turned 7 cards further each round."""
    codes = list(PACK)
    codes = codes[7 * number % 25:] + codes[:7 * number % 25]
    hands = {s: " ".join(codes[5 * (s - 1):5 * s]) for s in (1, 2, 3, 4)}
    deal_cards(night, hands, codes[20], " ".join(codes[21:]))


def play_round(night, each=None) -> None:
    """The round in play, from the referee's options in-process: the first to choose takes it,
    then the first of the seats' moves in PREFERRED order (the optional ones, a Sweet Nothings
    swap, Fusion's decline, Grave Robber, left out); a flip turns up the first bone the referee
    allows. `each()` is called before every move."""
    while night.table.state.hand.phase != "over":
        if each is not None:
            each()
        state = night.table.state
        offered = [o for s in state.seats for o in engine.options(state, s)
                   if o.action in PREFERRED and not (o.action == "bid" and o.event.bid == "leave")
                   and not (o.action == "pass" and any(x.action == "play" for x in engine.options(state, s)))]
        o = min(offered, key=lambda x: PREFERRED.index(x.action))
        event = o.event
        if o.needs:
            bones = engine.view(state, HOST)["boneyard-euchre"]["bones"]
            event = next(e for e in (o.fill(card=parse_card(c)) for c in bones) if engine.can(state, e))
        submit(night, event, f"seat {o.seat}")


def play_game(night, each=None, last: int = 30) -> int:
    """From round 1 in play, rounds to the game's end or round `last` (each started with the host's
    start option, dealt by `deal_round`, played by `play_round` with `each(round number)` before
    every move); how many rounds were played."""
    rounds = 1
    play_round(night, each and (lambda: each(1)))
    while night.table.state.hand.winner is None and rounds < last:
        rounds += 1
        submit(night, next(o.event for o in engine.options(night.table.state, None) if o.action == "start"))
        deal_round(night, rounds)
        play_round(night, each and (lambda: each(rounds)))
    assert last < 30 or night.table.state.hand.winner is not None, "no team reached 10"
    return rounds
