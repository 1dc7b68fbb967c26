"""Game records: seed, rules, players and actions as text, in JSON; they replay exactly."""

from __future__ import annotations

from rulesbook.madness.engine import apply, new_game, pack_of
from rulesbook.madness.pack import Pack, default_pack, load_pack
from rulesbook.madness.state import Event, Rules, State, parse_action


def make_record(state: State, actions: list[str]) -> dict:
    """A replayable record of the game that `actions` played from the set-up of `state`."""
    pack = pack_of(state)
    record = {
        "game": "madness",
        "version": 1,
        "players": list(state.players),
        "seed": state.seed,
        "rules": state.rules.to_json(),
        "pack": pack.name if pack.name == default_pack().name and pack is default_pack() else pack.raw,
        "actions": list(actions),
    }
    return record


def record_pack(record: dict) -> Pack:
    pack = record.get("pack", "illustrative")
    if isinstance(pack, dict):
        return load_pack(pack)
    if pack != default_pack().name:
        raise ValueError(f"the record names the data pack {pack!r}; embed the pack itself to replay it")
    return default_pack()


def replay_steps(record: dict):
    """Yield (state before, action text, state after, events) for each recorded action."""
    if record.get("game") != "madness":
        raise ValueError("not a record of At the Mountains of Madness (its 'game' must be 'madness')")
    state = new_game(list(record["players"]), record["seed"], Rules.from_json(record.get("rules")), record_pack(record))
    for text in record["actions"]:
        after, events = apply(state, parse_action(text))
        yield state, text, after, events
        state = after


def replay_record(record: dict) -> State:
    """The final state the record leads to."""
    state = new_game(list(record["players"]), record["seed"], Rules.from_json(record.get("rules")), record_pack(record))
    for _, _, after, _ in replay_steps(record):
        state = after
    return state


def event_line(event: Event) -> str:
    if event.seen_by is None:
        return event.text
    return f"[only {', '.join(f'P{p + 1}' for p in event.seen_by)}] {event.text}"
