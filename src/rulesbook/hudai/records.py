"""Game records: the seed, the rules and the actions as text, in JSON; replaying one rebuilds the game."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator

from rulesbook.hudai.actions import Action
from rulesbook.hudai.engine import Event, apply, new_game
from rulesbook.hudai.rules import Rules
from rulesbook.hudai.state import HudaiState

GAME = "hudai"


def make_record(seed: int | str, rules: Rules | None, actions: Iterable[Action | str], final: HudaiState | None = None) -> dict:
    """A JSON-ready record; with `final`, replaying it also checks the final state."""
    rules = rules if rules is not None else Rules()
    record = {
        "game": GAME,
        "seed": seed,
        "rules": rules.to_dict(),
        "actions": [action.text if isinstance(action, Action) else str(action) for action in actions],
    }
    if final is not None:
        record["outcome"] = final.outcome
        record["turns"] = final.turn
        record["final"] = final.to_dict()
    return record


def record_to_json(record: dict) -> str:
    return json.dumps(record, indent=1, sort_keys=True)


def record_from_json(text: str) -> dict:
    record = json.loads(text)
    if not isinstance(record, dict) or record.get("game") != GAME:
        raise ValueError(f'not a Hudai Pass record: expected "game": "{GAME}"')
    return record


def replay_steps(record: dict) -> Iterator[tuple[HudaiState, str, HudaiState, list[Event]]]:
    """Each step of a recorded game: (state before, action text, state after, events)."""
    if record.get("game") != GAME:
        raise ValueError(f'not a Hudai Pass record: expected "game": "{GAME}", got {record.get("game")!r}')
    rules = Rules.from_dict(record.get("rules") or {})
    state = new_game(record["seed"], rules)
    for text in record["actions"]:
        after, events = apply(state, text)
        yield state, text, after, events
        state = after


def replay_record(record: dict) -> HudaiState:
    """The final state of a recorded game; raises ValueError if it differs from the stored final state."""
    rules = Rules.from_dict(record.get("rules") or {})
    state = new_game(record["seed"], rules)
    for _, _, state, _ in replay_steps(record):
        pass
    stored = record.get("final")
    if stored is not None and HudaiState.from_dict(stored) != state:
        raise ValueError("the replayed game does not end in the record's final state")
    return state
