"""A broad space of candidate actions for a state: every kind of action, by every seat (and seats that
do not exist), on every space, card face, Relic, challenge and die face that could matter, and some
that cannot. Whatever the rules allow now is among them, so a test can hold `legal_actions` and
`check` against each other from both sides."""

from __future__ import annotations

from rulesbook.madness import (
    AcceptDie,
    CardFace,
    Deal,
    DealTo,
    DrawMadness,
    GiveRelic,
    IgnoreMadness,
    MoveAirplane,
    NoRest,
    PlayCard,
    RaiseHandLimit,
    Reroll,
    Resolve,
    Rest,
    RestartEncounter,
    RollDie,
    SearchTile,
    Speak,
    TakeArcane,
    TimeUp,
    faced_challenges,
    parse_challenge,
)
from rulesbook.madness.actions import DIE_FACES, Action
from rulesbook.madness.state import State

SIMPLE = (Speak, TimeUp, RestartEncounter, Resolve, Reroll, RaiseHandLimit, Deal, Rest, NoRest)
NO_SUCH_FACE = CardFace("Tools", 99)
NO_SUCH_CHALLENGE = parse_challenge("Weapons 40-41")


def candidates(state: State) -> list[Action]:
    pack = state.rules.pack
    seats = [*range(state.players), state.players, -1]
    faces = sorted({card.face for card in pack.cards.values()}, key=lambda face: face.text) + [NO_SUCH_FACE]
    relics = sorted(pack.relic_by_name)[:3] + [(state.reward or "")[6:], "Nobody's Relic"]
    faced = list(dict.fromkeys(faced_challenges(state))) + [pack.tiles[next(iter(pack.tiles))].challenges[0], NO_SUCH_CHALLENGE]
    spaces = [*pack.spaces, "Z9"]
    out: list[Action] = []
    for player in seats:
        out.extend(kind(player) for kind in SIMPLE)
        out.extend(MoveAirplane(player, space) for space in spaces)
        out.extend(SearchTile(player, space) for space in spaces)
        out.extend(PlayCard(player, face) for face in faces)
        out.extend(TakeArcane(player, face) for face in faces if face.arcane or face is NO_SUCH_FACE)
        out.extend(AcceptDie(player, face) for face in DIE_FACES)
        out.extend(RollDie(player, challenge) for challenge in faced)
        for target in seats:
            out.extend((IgnoreMadness(player, target), DealTo(player, target)))
            out.extend(GiveRelic(player, relic, target) for relic in relics)
            out.extend(DrawMadness(player, challenge, target) for challenge in faced)
    return list(dict.fromkeys(out))
