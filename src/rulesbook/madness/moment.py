"""Any moment of an expedition, set up by hand: the positions the book and its boards teach on.

`game_moment(...)` deals a fresh game (rulebook, Setting Up the Game) and then arranges the table as
asked, keeping every card, tile and token of the pack in exactly one place, so the engine
referees the moment like any other. `play_out(state, ...)` applies actions (or their texts) in turn.

>>> state = game_moment(4, tile="Seals", hands={0: ["Tools 6"]}, sled=[(1, "Tools 3")])
>>> state.phase.value, len(state.sled)
('encounter', 1)
>>> play_out(state, "P1: play Tools 6", "P1: time up", quiet=True).phase.value
'timer'
>>> game_moment(4, leader=4)
Traceback (most recent call last):
rulesbook.core.data.DataError: leader: expected a seat from 0 to 3, not 4
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from rulesbook.core.data import DataError, shown
from rulesbook.core.shape import played_out
from rulesbook.madness.actions import Action
from rulesbook.madness.engine import apply, new_game
from rulesbook.madness.examples import at_encounter, stand_on
from rulesbook.madness.pack import Pack
from rulesbook.madness.rules import Rules
from rulesbook.madness.state import Phase, State, way_out


def game_moment(players: int = 4, *, tile: str | None = None, space: str | None = None, visited: Iterable[str] = (),
                seed: int | str = "moment", rules: Rules | None = None, leader: int = 0,
                hands: Mapping[int, Sequence[str]] | Sequence[Sequence[str]] | None = None, sled: Iterable[tuple[int, str]] = (),
                levels: Mapping[int, int | Sequence[int]] | Sequence[int | Sequence[int]] | None = None,
                relics: Mapping[int, Sequence[str]] | Sequence[Sequence[str]] | None = None,
                tokens: tuple[int, ...] | None = None, die: Sequence[str] = (), discard: Iterable[str] = (),
                deck: int | None = None) -> State:
    """A table set up by hand, ready for the engine; DataError (a ValueError) naming the argument for
    a moment no game can reach. The moment is checked as a loaded state is (`State.invariants`).

    tile: the Encounter tile the Airplane has just turned over (Encounter Phase); space: the space
        the Airplane stands on at the start of a Movement Phase (its tile already met); visited:
        more spaces whose tiles were met earlier (empty spaces now);
    hands: each player's hand as card labels ("Tools 6", "Arcane Books 10", "Injury");
    sled: cards already played face down, (player, label), in the Encounter Phase;
    levels: each player's Madness level (a list of levels in the Expert Variant);
    relics: Relic cards a player already holds, by name ("Specimen B"), with their tokens;
    tokens: Leadership tokens (on the Sled, in the discard), the rest in the box;
    die: the faces the Penalty Die will show, in order (a loaded die, for lessons);
    discard: cards to put in the Equipment discard (labels);
    deck: how many cards to leave in the Equipment deck (the others go to the discard).
    """
    if tile is not None and space is not None:
        raise DataError("space", "give the tile the Airplane has just turned over or the space it stands on, not both")
    pack = (Rules() if rules is None else Rules.given(rules)).pack
    visited, sled = _listed(visited, "visited", "space names"), _listed(sled, "sled", "(player, card label) pairs")
    die, discard = _listed(die, "die", "faces of the Penalty Die"), _listed(discard, "discard", "card labels")
    hands = {seat: _listed(labels, f"hands[{seat!r}]", "card labels") for seat, labels in _by_seat(hands, "hands", "card labels").items()}
    relics = {seat: _listed(names, f"relics[{seat!r}]", "Relic names") for seat, names in _by_seat(relics, "relics", "Relic names").items()}
    levels = _by_seat(levels, "levels", "a level, or a list of levels")
    for index, pair in enumerate(sled):
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise DataError(f"sled[{index}]", f"expected a (player, card label) pair, not {shown(pair)}")
    _check_tile(pack, tile)
    state = at_encounter(players, tile, seed, rules) if tile is not None else new_game(players, seed, rules)
    state.leader = _seat(state, leader, "leader")
    for name in visited:
        _visit(state, name, "visited")
    if space is not None:
        _visit(state, space, "space")
        stand_on(state, space)
    _check_way_out(state, visited)
    for player, wanted in (levels or {}).items():
        seat = _seat(state, player, "levels")
        _madness(state, seat, [wanted] if isinstance(wanted, int) else _listed(wanted, f"levels[{seat}]", "Madness levels"))
    for player, names in (relics or {}).items():
        for name in names:
            _relic(state, _seat(state, player, "relics"), name)
    if hands:
        for player in hands:
            seat = _seat(state, player, "hands")
            state.equipment_deck[:0] = state.hands[seat]  # back under the deck: the top still deals
            state.hands[seat] = []
        for player, labels in hands.items():
            for label in labels:
                state.hands[player].append(_take(state, label, keep=set(hands), where=f"hands[{player}]"))
    for index, (player, label) in enumerate(sled):
        if state.phase is not Phase.ENCOUNTER:
            raise DataError("sled", "cards lie on the Sled only in the Encounter Phase: give the tile the Airplane turned over")
        where = f"sled[{index}]"
        state.sled.append([_seat(state, player, where), _take(state, label, keep=set(hands or ()), where=where)])
        state.talking = False
    for label in discard:
        state.equipment_discard.append(_take(state, label, keep=set(hands or ()), where="discard"))
    if deck is not None:
        if type(deck) is not int or not 0 <= deck <= len(state.equipment_deck):
            raise DataError("deck", f"expected 0 to {len(state.equipment_deck)} cards (those the Equipment deck holds here), "
                                    f"not {shown(deck)}")
        state.equipment_discard.extend(state.equipment_deck[:len(state.equipment_deck) - deck])
        del state.equipment_deck[:len(state.equipment_deck) - deck]
    if tokens is not None:
        _tokens(state, tokens)
    state.loaded_die = list(die)
    for face in state.loaded_die:
        if face not in pack.die:
            raise DataError("die", f"the Penalty Die has no face {shown(face)}; its faces are {', '.join(sorted(set(pack.die)))}")
    state.invariants()
    return state


def _check_tile(pack: Pack, tile: str | None) -> None:
    """DataError for a tile the pack has none of that name, listing its tiles by name (and naming
    the tile whose id was given: "TC01" is Icy Cape's)."""
    if tile is None or any(t.name == tile for t in pack.tiles.values()):
        return
    by_id = pack.tiles.get(tile) if isinstance(tile, str) else None
    how = f"tiles go by name: {shown(tile)} is the id of {by_id.name}; " if by_id is not None else "tiles go by name; "
    raise DataError("tile", f"the data pack has no Encounter tile named {shown(tile)}: {how}its tiles are "
                            f"{', '.join(t.name for t in pack.tiles.values())}")


def _check_way_out(state: State, visited: list[str]) -> None:
    """The spaces met on the way out lie behind the Airplane: DataError naming `visited` otherwise."""
    for name in visited:
        if way_out(state.rules.pack, name) >= max(way_out(state.rules.pack, state.airplane), 1):
            raise DataError("visited", f"{name} ({state.rules.pack.spaces[name].region}) is met only on the way out, after the "
                                       f"Edge of Madness and the Escape spaces before it, and the Airplane stands on "
                                       f"{state.airplane or 'no space'}")


def _listed(value: object, name: str, what: str) -> list:
    """An argument that lists things, as a list; DataError naming it for a text, a mapping or a
    value that lists nothing (each would fail further in, on something a teacher did not write)."""
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise DataError(name, f"expected a list of {what}, not {shown(value)}")
    return list(value)


def _by_seat(value: object, name: str, what: str) -> dict:
    """An argument given seat by seat, {seat: ...} or a list from seat 0 on (as Inferno's hands are
    given), as a dict (None: no seat named)."""
    if value is None:
        return {}
    if isinstance(value, (list, tuple)):
        return dict(enumerate(value))
    if not isinstance(value, Mapping):
        raise DataError(name, f"expected {{seat: {what}}} or a list of them from seat 0, not {shown(value)}")
    return dict(value)


def play_out(state: State, *actions: Action | str, quiet: bool = False) -> State:
    """Apply actions (or their texts, ``"P1: play Tools 6"``), print what each one did (unless
    quiet) and return the new state; an illegal one raises IllegalAction with its rule."""
    return played_out(apply, state, actions, quiet)


def _seat(state: State, player: int, where: str) -> int:
    """A seat of this table (counted from 0), as the argument `where` names a player."""
    if type(player) is not int or not 0 <= player < state.players:
        raise DataError(where, f"expected a seat from 0 to {state.players - 1}, not {shown(player)}")
    return player


def _visit(state: State, space: str, where: str) -> None:
    """The space's tile was met earlier in the expedition: it is set aside."""
    if not isinstance(space, str) or space not in state.board:
        raise DataError(where, f"there is no space {shown(space)} on the board")
    met = state.board[space]
    if met is not None:
        state.set_aside.append(met)
        state.board[space] = None


def _madness(state: State, player: int, wanted: list[int]) -> None:
    if len(wanted) > 1 and not state.rules.expert:
        raise DataError("levels", "only the Expert Variant keeps several Madness cards (Rules(expert=True))")
    pack = state.rules.pack
    for card in state.madness[player]:
        state.madness_decks[pack.madness[card].level - 1].insert(0, card)
    state.madness[player] = []
    for level in wanted:
        if type(level) is not int or level not in (0, 1, 2, 3):
            raise DataError("levels", f"expected a Madness level 0, 1, 2 or 3, not {shown(level)}")
        if level:
            state.madness[player].append(state.madness_decks[level - 1].pop())


def _relic(state: State, player: int, name: str) -> None:
    pack = state.rules.pack
    relic_id = pack.relic_by_name.get(name)
    if relic_id is None or relic_id not in state.relic_deck:
        raise DataError("relics", f"no Relic card {shown(name)} is left in the Relic deck")
    relic = pack.relics[relic_id]
    had_knowledge = any(pack.relics[r].category == "Knowledge" for r in state.relics[player])
    state.relic_deck.remove(relic_id)
    state.relics[player].append(relic_id)
    if not (relic.category == "Knowledge" and had_knowledge) and state.relic_tokens.get(relic.category, 0) > 0:
        state.relic_tokens[relic.category] -= 1
        state.covers[player].append(relic.covers)


def _take(state: State, label: str, keep: set[int], where: str) -> str:
    """A card with that label from a pile, or from the hand of a player whose hand was not asked for."""
    cards = state.rules.pack.cards
    for pile in (state.equipment_deck, state.equipment_discard, state.arcane_deck, state.injury_deck):
        for card in reversed(pile):
            if cards[card].label == label:
                pile.remove(card)
                return card
    for player, hand in enumerate(state.hands):
        if player in keep:
            continue
        found = next((card for card in hand if cards[card].label == label), None)
        if found is not None:  # that player gets another card from the deck instead
            other = next((c for c in reversed(state.equipment_deck) if cards[c].label != label), None)
            if other is not None:
                state.equipment_deck.remove(other)
                hand[hand.index(found)] = other
                return found
    raise DataError(where, f"no {shown(label)} card is left to take (labels are written 'Tools 6', 'Arcane Books 10' or 'Injury')")


def _tokens(state: State, tokens: tuple[int, ...]) -> None:
    total = state.rules.tokens
    if not isinstance(tokens, (tuple, list)) or len(tokens) not in (2, 3) or any(type(n) is not int or n < 0 for n in tokens):
        raise DataError("tokens", "expected (on the Sled, in the discard) or (on the Sled, in the discard, in the box)")
    sled, discard = tokens[0], tokens[1]
    box = tokens[2] if len(tokens) == 3 else max(total - sled - discard, 0)
    if sled + discard + box != total:
        placed = (f"{sled} on the Sled and {discard} in the discard" if len(tokens) == 2
                  else f"{sled} on the Sled, {discard} in the discard and {box} in the box")
        raise DataError("tokens", f"{placed} make {sled + discard + box} Leadership tokens, but the pack has {total}")
    if sled + discard == 0:
        raise DataError("tokens", "with no Leadership token in play the expedition is already lost")
    state.sled_tokens, state.discard_tokens, state.boxed_tokens = sled, discard, box
