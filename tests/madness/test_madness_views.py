"""The player views against a slow reference builder kept here: the views the bots read (`SeatViews`,
sharing the pack's printed pieces) and the ones every other caller gets (`player_view`, fresh
copies) hold exactly what the reference builds, for the states of seeded games; a player view
shares nothing with another view or the pack's pieces; the Table builds each seat's view once
per choice and never changes one."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from rulesbook.madness import GAME, Rules, State, apply, legal_actions, new_game, player_view, show
from rulesbook.madness import bots, views
from rulesbook.madness.engine import faced_challenges, failure_options, hand_limit, level
from madness_helpers import play_bots
from simulation_scale import scaled


def reference_view(state: State, player: int, with_legal: bool = True) -> dict[str, Any]:
    """The view built straight from the state and the pack, every piece new (the construction
    the views had before they kept the printed pieces): what a view must hold."""
    pack = state.rules.pack
    revealed = state.phase in views.REVEALED_PHASES

    def card(c: str) -> dict[str, Any]:
        printed = pack.cards[c]
        return {"id": printed.id, "label": printed.label, "name": printed.name, "type": printed.type, "value": printed.value}

    def tile(t: str) -> dict[str, Any]:
        printed = pack.tiles[t]
        return {"id": printed.id, "name": printed.name, "region": printed.region,
                "challenges": [c.text for c in printed.challenges], "reward": printed.reward}

    def relic(r: str) -> dict[str, Any]:
        printed = pack.relics[r]
        return {"id": printed.id, "name": printed.name, "category": printed.category, "title": printed.title,
                "action": printed.action, "covers": printed.covers, "constraint": printed.constraint}

    board = {s.id: {"region": s.region, "adjacent": list(s.adjacent), "challenges": [c.text for c in s.challenges],
                    "row": s.row, "column": s.column, "tile": None if state.board.get(s.id) is None else "face down"}
             for s in pack.spaces.values()}
    if revealed:
        sled = {"revealed": True, "cards": [{"player": p, **card(c)} for p, c in state.sled]}
    else:
        sled = {"revealed": False, "cards_by_player": [sum(1 for p, _ in state.sled if p == q) for q in range(state.players)],
                "yours": [card(c) for p, c in state.sled if p == player]}
    rules = state.rules.to_dict()
    del rules["pack"]
    name, deciders = state.phase.heading, state.decision.players if state.decision else ()
    view = {
        "game": "madness", "pack": pack.name, "you": player, "players": list(state.names), "turn": state.turn,
        "leader": state.leader, "phase": state.phase.value, "phase_name": name, "deciding": list(deciders),
        "rules": rules, "airplane": state.airplane, "edge_reached": state.edge_reached, "escape_steps": state.escape_steps,
        "board": board,
        "search": {"space": state.search_shown[0], "tile": tile(state.search_shown[1])} if state.search_shown else None,
        "encounter": tile(state.encounter) if state.encounter else None,
        "challenges": [c.text for c in faced_challenges(state)] if state.phase in views.FACING_PHASES else [],
        "talking": state.talking, "sled": sled, "hand": [card(c) for c in state.hands[player]],
        "hand_sizes": [len(h) for h in state.hands], "hand_limit": hand_limit(state),
        "equipment_deck": len(state.equipment_deck), "equipment_discard": [card(c) for c in state.equipment_discard],
        "arcane_deck": [card(c) for c in state.arcane_deck], "injury_deck": [card(c) for c in state.injury_deck],
        "injuries_total": len(pack.injuries), "relic_deck": [relic(r) for r in state.relic_deck],
        "madness_decks": [len(d) for d in state.madness_decks],
        "madness_levels": [level(state, p) for p in range(state.players)],
        "madness_card_counts": [len(m) for m in state.madness],
        "your_madness": [{"id": m, "level": pack.madness[m].level, "name": pack.madness[m].name,
                          "description": pack.madness[m].description} for m in state.madness[player]],
        "ignoring": list(state.ignoring), "relics": [[relic(r) for r in rs] for rs in state.relics],
        "covers": [list(c) for c in state.covers], "relic_tokens": dict(state.relic_tokens),
        "leadership": {"sled": state.sled_tokens, "discard": state.discard_tokens, "box": state.boxed_tokens},
        "outcomes": list(state.outcomes) if revealed else [], "totals": list(state.totals) if revealed else [],
        "pending": failure_options(state), "die": state.die, "reward": state.reward, "outcome": state.outcome,
        "won": state.won,
    }
    if with_legal:
        view["legal"] = [a.text() for a in legal_actions(state, player)]
    return view


def bot_game_states(players: int, seed: str, expert: bool) -> list[State]:
    """Every state of an expedition played by the bots (they search, reveal, fail and escape)."""
    states: list[State] = []
    final, _ = play_bots(players, seed, Rules(expert=expert), on_step=lambda before, action, after, events: states.append(before))
    return states + [final]


def random_game_states(players: int, seed: str, expert: bool, most: int = 300) -> list[State]:
    """The states of a game of random choices (the odd corners: restarts, silences broken)."""
    rng = random.Random(seed)
    state = new_game(players, seed, Rules(expert=expert))
    states = [state]
    while not state.is_over and len(states) < most:
        state, _ = apply(state, rng.choice(legal_actions(state)))
        states.append(state)
    return states


def containers(value: Any) -> Iterator[Any]:
    """Every dict and list inside a JSON-ready value, itself included."""
    if isinstance(value, dict):
        yield value
        for item in value.values():
            yield from containers(item)
    elif isinstance(value, list):
        yield value
        for item in value:
            yield from containers(item)


GAMES = [(players, expert) for players in (3, 4, 5) for expert in (False, True)]


@pytest.mark.parametrize("players, expert", GAMES)
def test_the_views_hold_what_the_reference_builds(players, expert):
    seed = f"views:{players}:{expert}"
    states = bot_game_states(players, seed, expert) + random_game_states(players, seed, expert, most=scaled(300))
    for number, state in enumerate(states):
        for seat in range(state.players):
            expected = reference_view(state, seat, with_legal=False)
            assert views.SeatViews(state)[seat] == expected
            if number % 5 == 0 or state.search_shown or state.is_over:  # the view with its legal actions, on a sample
                assert json.dumps(player_view(state, seat)) == json.dumps(reference_view(state, seat))
                assert player_view(state, seat, with_legal=False) == expected


def test_a_player_view_is_the_callers_to_change():
    state = bot_game_states(4, "views:fresh", False)[40]
    mine, other, shared = player_view(state, 0), player_view(state, 0), views.SeatViews(state)[0]
    taken = {id(c) for c in containers(other)} | {id(c) for c in containers(shared)}
    assert not [c for c in containers(mine) if id(c) in taken], "a player view shares a dict or list"
    for piece in containers(mine):  # spoil every piece of one view: the next views are as before
        if isinstance(piece, dict):
            piece["spoilt"] = True
        else:
            piece.append("spoilt")
    assert views.SeatViews(state)[0] == reference_view(state, 0, with_legal=False)
    assert player_view(state, 0) == reference_view(state, 0)


@pytest.mark.parametrize("seat", [9, 4, -1, True, "P1", None])
def test_a_player_view_for_no_seat_at_the_table_is_refused_as_a_picture_is(seat):
    """As `show(state, 9)` answers, not a bare IndexError (nor P4's view for -1, nor P2's for True)."""
    state = new_game(4, "views:seat")
    with pytest.raises(ValueError) as refused:
        player_view(state, seat)
    assert str(refused.value) == f"there is no seat {seat!r} at this table of 4 (seats count from 0)"
    if seat is not None:
        with pytest.raises(ValueError) as drawn:
            show(state, seat)
        assert str(drawn.value) == str(refused.value)


def test_the_seat_views_of_a_moment_are_built_once_and_hold_what_each_seat_sees():
    state = bot_game_states(4, "views:seats", False)[30]
    seats = views.SeatViews(state)
    assert [seats[p] for p in (2, 0, 2)] == [reference_view(state, p, with_legal=False) for p in (2, 0, 2)]
    assert seats[2] is seats[2] and seats[0]["board"] is seats[2]["board"]  # what all see, built once
    assert seats[0]["hand"] != seats[2]["hand"]


def test_the_table_builds_each_entry_once_and_never_changes_one(monkeypatch):
    """The Table's views make each entry when a seat first reads it: what every seat sees once per
    moment, a seat's own parts once per seat; and no bot changes what it was handed."""
    built: list[tuple[State, int, str, str]] = []
    entry = views.SeatViews.entry

    def recorded(self: views.SeatViews, key: str, player: int) -> Any:
        fresh = key in views.SEAT_ENTRIES or key not in self.shared
        value = entry(self, key, player)
        if fresh:
            built.append((self.state, player if key in views.SEAT_ENTRIES else -1, key, json.dumps(value)))
        return value

    monkeypatch.setattr(views.SeatViews, "entry", recorded)
    state = GAME.new_game(5, "views:table", None)
    table = GAME.make_bots(["expedition"] * 5, "views:table")
    moments = []
    while not state.is_over:
        moments.append(state)
        state, _ = apply(state, table[state.leader].choose(state, legal_actions(state)))
    monkeypatch.undo()
    assert len({(id(state), seat, key) for state, seat, key, _ in built}) == len(built), "an entry of a moment built twice"
    assert {key for _, _, key, _ in built} < set(views.SEAT_ENTRIES) | set(reference_view(state, 0, with_legal=False))
    assert len({id(state) for state, *_ in built}) == len(moments), "every moment is read"
    assert len(built) < 10 * len(moments), "the bots read a handful of entries, not whole views"
    for before, seat, key, text in built:  # what the bots were handed is what the view still holds, as the reference builds it
        assert text == json.dumps(reference_view(before, max(seat, 0), with_legal=False)[key])
