"""A Boneyard euchre night for the dashboard tests: four players and round 1 (Dev deals) whose
cards the host entered, so the phones get one button per card. The Q♠ turned up draws Shoot The
Moon."""

from __future__ import annotations

from referee import engine
from referee.cards import parse_card, parse_cards
from referee.events import CardDealt

NAMES = {1: "Ann", 2: "Ben", 3: "Cleo", 4: "Dev"}
HANDS = {1: "9H TH KD 9C TC", 2: "JS AS KS JC 9D", 3: "AH KH QD TD QC", 4: "JK 9S TS AD KC"}
UP, BONES = "QS", "JH QH JD AC"

_n = iter(range(1, 10**6))


def submit(night, event, who="host"):
    return night.submit(event, f"bkit-{next(_n)}", who)


def open_night(night, settings=None, seen=True, hands=None, up=UP) -> dict[int, str]:
    """The night opened and round 1 dealt (Dev deals, Ann chooses first; `seen`: the hands' cards
    entered, else dealt face down unnamed; `hands`, `up`: another deal); the seats' join tokens."""
    night.start("boneyard-euchre", [1, 2, 3, 4], NAMES, settings or {}, "Boneyard test night")
    start = next(o.event for o in engine.options(night.table.state, None)
                 if o.action == "start" and o.event.dealer == 4)
    submit(night, start)
    held = {s: parse_cards(t) for s, t in (hands or HANDS).items()}
    for i in range(5):
        for k in range(4):
            seat = (4 + k) % 4 + 1
            submit(night, CardDealt(seat, held[seat][i] if seen else None, False))
    submit(night, CardDealt(None, parse_card(up), True))
    for c in parse_cards(BONES):
        submit(night, CardDealt(None, c, False, deck="boneyard"))
    return {p["seat"]: p["token"] for p in night.players()}
