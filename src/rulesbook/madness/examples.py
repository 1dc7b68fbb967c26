"""The rulebook's worked examples as ready positions, for lessons and tests.

Each function returns a state just before the example's decisive moment; the chapter (or
test) then applies the actions the rulebook describes and checks the events.
"""

from __future__ import annotations

from rulesbook.madness.engine import new_game
from rulesbook.madness.rules import Rules
from rulesbook.madness.state import Phase, State, way_out


def card(state: State, label: str, name: str | None = None) -> str:
    """The id of a card by its label ("Tools 6") and, if several, its name ("Barometer")."""
    return next(c.id for c in state.pack.cards.values() if c.label == label and (name is None or c.name == name))


def tile(state: State, name: str) -> str:
    return next(t.id for t in state.pack.tiles.values() if t.name == name)


def take(state: State, card_id: str) -> None:
    """Lift a card from wherever it lies so the position can place it."""
    for pile in (state.equipment_deck, state.equipment_discard, state.arcane_deck, state.injury_deck, *state.hands):
        if card_id in pile:
            pile.remove(card_id)
            return
    raise ValueError(f"card {card_id} is not in a deck, a discard or a hand")


def give_hand(state: State, player: int, cards: list[str]) -> None:
    """Put the player's hand back on the deck and give them exactly these cards."""
    state.equipment_deck.extend(state.hands[player])
    state.hands[player] = []
    for card_id in cards:
        take(state, card_id)
        state.hands[player].append(card_id)


def at_encounter(players: int, tile_name: str, seed: int | str = 0, rules: Rules | None = None) -> State:
    """A fresh game whose Airplane has just landed on the named tile: the Encounter Phase begins."""
    state = new_game(players, seed, rules)
    pack = state.pack
    wanted = tile(state, tile_name)
    space = next((s for s, t in state.board.items() if t == wanted), None)
    if space is None:  # left in the box at set-up: swap it onto a space of its region
        space = next(s for s in state.board if pack.spaces[s].region == pack.tiles[wanted].region)
        replaced = state.board[space]
        assert replaced is not None, "a fresh game has a tile on every space"
        state.unused_tiles.remove(wanted)
        state.unused_tiles.append(replaced)
    state.board[space] = None
    stand_on(state, space)
    state.encounter = wanted
    state.phase = Phase.ENCOUNTER
    return state


def stand_on(state: State, space: str) -> None:
    """The Airplane on this space, with the expedition as far as that space says: on the Edge of
    Madness or beyond once the Edge is reached, on Escape space N after N Escape turns."""
    here = way_out(state.pack, space)
    state.airplane = space
    state.edge_reached = here > 0
    state.escape_steps = max(here - 1, 0)


def seals() -> State:
    """Seals (Tools 7-9, Books 7-9): hands ready for Barometer 6, Scales 3, Laboratory Equipment 4, Pencils 2, an Injury.

    Play: "P1: play Tools 6", "P2: play Tools 3", "P3: play Books 4", "P3: play Books 2",
    "P4: play Injury", "P1: time up", "P1: resolve" -> Tools succeed, Books fail.
    """
    state = at_encounter(4, "Seals")
    give_hand(state, 0, [card(state, "Tools 6", "Barometer")])
    give_hand(state, 1, [card(state, "Tools 3", "Scales")])
    give_hand(state, 2, [card(state, "Books 4", "Laboratory Equipment"), card(state, "Books 2", "Pencils")])
    give_hand(state, 3, [card(state, "Injury")])
    return state


def icy_cape() -> State:
    """Icy Cape (reward Specimen B), 4 players: P2 holds a Level 1 Madness; P1 can meet the Crates challenge.

    Play: "P1: play Crates 6", "P1: time up", "P1: resolve", "P1: give Specimen B to P2".
    """
    state = at_encounter(4, "Icy Cape")
    give_hand(state, 0, [card(state, "Crates 6", "Fuel Casks")])
    return state


def bleak_coast() -> State:
    """Bleak Coast: everyone at Madness Level 3, one Leadership token on the Sled, the die loaded as in the example.

    Play: "P1: play Weapons 6", "P2: play Weapons 5", "P3: play Crates 5", "P1: time up",
    "P1: resolve", "P1: for Crates 8-10, roll the Penalty Die" (Loss of Confidence),
    "P1: reroll" (Confusion), "P1: accept Confusion" (3 cards), "P1: for Weapons 7-9, roll the
    Penalty Die" (Accident), "P1: accept Accident" (2 Injuries).
    """
    state = at_encounter(4, "Bleak Coast")
    for p in range(state.players):
        state.madness_box.extend(state.madness[p])
        state.madness[p] = [state.madness_decks[2].pop()]
    state.sled_tokens, state.discard_tokens = 1, 5
    give_hand(state, 0, [card(state, "Weapons 6", "Elephant Gun")])
    give_hand(state, 1, [card(state, "Weapons 5", "Hunting Rifle")])
    give_hand(state, 2, [card(state, "Crates 5", "Coal Sacks")])
    state.loaded_die = ["Loss of Confidence", "Confusion", "Accident"]
    return state
