"""The common game record read as untrusted data: every field checked by kind and named when wrong,
the version checked, a size and depth limit, and a tampered action refused with its index and rule.
Hypothesis mutates real records of every game; the refusal is always a DataError (a ValueError)."""

from __future__ import annotations

import copy
import json
import time

import pytest
from hypothesis import given, settings, strategies as st
from simulation_scale import scaled

from rulesbook import GAMES, game
from rulesbook.core import DataError, IllegalAction, NotationError
from rulesbook.core.records import RECORD_VERSION, GameRecord, ReplayError

#: One short finished game of each, recorded: (players, bots).
TABLES = {"inferno": (2, ["random"]), "hudai": (1, ["random"]), "madness": (3, ["random"])}


@pytest.fixture(scope="module")
def records() -> dict[str, GameRecord]:
    return {name: GameRecord.play(name, players, seed=7, bots=bots) for name, (players, bots) in TABLES.items()}


@pytest.mark.parametrize("name", GAMES)
def test_a_record_round_trips_and_replays_to_the_same_state(name, records):
    record = records[name]
    again = GameRecord.from_json(record.to_json())
    assert again == record and record.to_dict()["version"] == RECORD_VERSION
    assert game(name).to_json(again.final_state()) == game(name).to_json(record.final_state())
    assert game(name).is_over(again.final_state())


def test_bots_may_be_named_in_one_text_as_on_the_command_line():
    """Not read letter by letter ("unknown bot 'g'"), as before."""
    typed = GameRecord.play("inferno", 3, seed=2, bots="greedy, random")
    assert typed.bots == ["greedy", "random", "greedy"] and typed.to_json() == GameRecord.play("inferno", 3, seed=2, bots=["greedy", "random"]).to_json()
    assert GameRecord.play("hudai", seed=2, bots="").bots == [game("hudai").bot_names[0]]  # none named: the game's default
    assert GameRecord.play("hudai").seed == 0  # no seed given: 0, as new_game's


def test_a_played_record_names_its_bots_one_per_seat_and_replays_with_its_events():
    class Nameless:
        """A bot of one's own, without a name: recorded by its class's."""

        def __init__(self):
            self.first = game("inferno").make_bot("random", 1, "x")

        def choose(self, state, actions):
            return self.first.choose(state, actions)

    record = GameRecord.play("inferno", 3, seed=2, bots=[game("inferno").make_bot("greedy", 0, "y"), Nameless()])
    assert record.bots == ["greedy", "Nameless", "greedy"]  # repeated to fill the table
    with pytest.raises(ValueError) as mixed:
        GameRecord.play("inferno", 2, seed=2, bots=[Nameless(), "greedy"])
    assert str(mixed.value) == "the bots are all names or all bot objects, not a mix: seat 1 is the name 'greedy'"
    with pytest.raises(ValueError) as mute:
        GameRecord.play("inferno", 2, seed=2, bots=[Nameless(), 3])
    assert str(mute.value) == "the bot of seat 1 has no choose(state, actions) method: 3"
    assert GameRecord.play("madness", 3, seed=2).bots == [game("madness").bot_names[0]] * 3  # the game's first bot
    final, log = record.replay()
    assert game("inferno").to_json(final) == game("inferno").to_json(record.final_state())
    assert [text for text, _ in log] == record.actions and all(events for _, events in log)
    unplayed = GameRecord("hudai", 1, 4)
    assert unplayed.replay() == (unplayed.start(), []) and unplayed.final_state() == unplayed.start()  # as set up


@pytest.mark.parametrize("name", GAMES)
def test_a_record_is_written_to_its_file_and_read_back_and_says_itself_in_one_line(name, records, tmp_path):
    record = records[name]
    record.write(tmp_path / "game.json")
    assert GameRecord.read(tmp_path / "game.json") == record
    assert repr(record) == (f"GameRecord(game={name!r}, players={record.players}, seed=7, rules={record.rules!r}, "
                            f"{len(record.actions)} actions, bots={record.bots!r})")  # the actions counted, not listed
    assert repr(GameRecord("inferno", 2, 1, actions=["pawn 0,0"])) == "GameRecord(game='inferno', players=2, seed=1, 1 action)"


def test_a_records_file_is_readable_text_one_field_a_line():
    text = GameRecord("inferno", 2, "火焰山", actions=["pawn 0,0"]).to_json()
    assert '\n "seed": "火焰山",\n' in text and '\n "actions": [\n  "pawn 0,0"\n ]' in text  # as written, indented by one


def changed(record: GameRecord, **fields) -> dict:
    data = copy.deepcopy(record.to_dict())
    for name, value in fields.items():
        if value is None:
            del data[name]
        else:
            data[name] = value
    return data


@pytest.mark.parametrize(("fields", "says"), [
    ({"version": 2}, "record.version: version 2 is not one this library reads (it reads 1)"),
    ({"version": "1"}, "record.version: expected a whole number, not '1'"),
    ({"game": 3}, "record.game: expected text, not 3"),
    ({"rules": [1, 2]}, "record.rules: expected an object, not [1, 2]"),
    ({"rules": {"no_such_rule": 1}}, "record.rules"),
    ({"rules": {"edition": 5}}, "record.rules.edition: unknown edition 5: expected 'en' or 'zh'"),  # the Rules' own field, under the record's
    ({"rules": {"rounds_by_players": [[3, 3]]}}, "record.players: Mountain of Inferno is for 2 to 4 players, not 2 under these rules: "
                                                 "rounds_by_players gives rounds only for 3 players (MOI-R03)"),  # seats and rules that cannot start
    ({"bots": 5}, "record.bots: expected a list, not 5"),
    ({"bots": ["random", 5]}, "record.bots[1]: expected text, not 5"),
    ({"bots": ["random", " "]}, "record.bots[1]: a bot's name is one line of 1 to 80 printable characters, not ' '"),
    ({"bots": ["random", "\x1b[31mred"]}, "record.bots[1]: a bot's name is one line of 1 to 80 printable characters, not '\\x1b[31mred'"),
    ({"bots": ["random", "x" * 81]}, "record.bots[1]: a bot's name is one line of 1 to 80 printable characters, not 'xxx"),
    ({"seed": [1]}, "record.seed: expected a whole number or text, not [1]"),
    ({"seed": 1.5}, "record.seed: expected a whole number or text, not 1.5"),
    ({"seed": "x" * 5000}, "record.seed: a seed of 5,000 characters; at most 1,000"),
    ({"players": True}, "record.players: expected a whole number, not True"),
    ({"players": 9}, "record.players: Mountain of Inferno is for 2 to 4 players, not 9"),
    ({"actions": "end"}, "record.actions: expected a list, not 'end'"),
    ({"actions": ["end", None]}, "record.actions[1]: expected text, not None"),
    ({"actions": ["end"] * 30_000}, "record.actions: holds 30000 items; at most"),
    ({"extra": 1}, "record: no field 'extra'"),
])
def test_a_wrong_field_is_one_data_error_naming_it(fields, says, records):
    with pytest.raises(DataError) as caught:
        GameRecord.from_dict(changed(records["inferno"], **fields))
    assert str(caught.value).startswith(says)  # named once: not "record.game.record.game: ..."


def test_a_carried_pack_that_is_wrong_is_named_under_the_records_rules(records):
    with pytest.raises(DataError) as caught:
        GameRecord.from_dict(changed(records["madness"], rules={"pack": {"x": 1}}))
    assert str(caught.value).startswith("record.rules.pack.x: is not a key of a data pack; the keys are name, ")  # it said record.rules.x


def test_a_seed_of_the_longest_length_is_kept(records):
    longest = GameRecord.from_dict(changed(records["hudai"], seed="s" * 1000))
    assert longest.seed == "s" * 1000 and GameRecord.from_json(longest.to_json()) == longest


def test_not_an_object_too_deep_and_too_large_are_refused_by_name(tmp_path):
    for text, says in [("[]", "record: expected an object, not []"), ("null", "record: expected an object, not None"),
                       ("[" * 100_000, "record: nested deeper than 64 levels"), ('{"seed": NaN}', "record: not JSON"),
                       ('{"game": "hudai", "seed": 1, "seed": 2}', "record: the field 'seed' is given twice in one object; which one was meant?")]:
        with pytest.raises(DataError, match="^" + says.replace("[", r"\[").replace("(", r"\(")):
            GameRecord.from_json(text)
    started = time.perf_counter()
    with pytest.raises(DataError, match="larger than 16,777,216 bytes"):
        GameRecord.read("/dev/zero")
    assert time.perf_counter() - started < 10
    with pytest.raises(DataError, match="^record: cannot read"):
        GameRecord.read(tmp_path)
    with pytest.raises(DataError, match="^record: cannot read '.*nothing.json': No such file or directory"):
        GameRecord.read(tmp_path / "nothing.json")


@pytest.mark.parametrize("name", GAMES)
def test_a_tampered_action_is_refused_with_its_index_and_the_rule(name, records):
    record = records[name]
    # the last action again in the first one's place: never the way a game opens
    tampered = GameRecord(record.game, record.players, record.seed, record.rules, [record.actions[-1], *record.actions[1:]])
    with pytest.raises(ReplayError) as caught:
        tampered.final_state()
    error = caught.value
    assert error.field == f"record.actions[{error.number - 1}]" and error.text == tampered.actions[error.number - 1]
    assert isinstance(error.cause, (IllegalAction, NotationError)) and isinstance(error, ValueError)
    if isinstance(error.cause, IllegalAction):
        assert error.cause.rule and f"({error.cause.rule})" in str(error)


#: Any JSON value a hostile file may hold in a field's place.
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=6),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
                    max_leaves=6)


def places(data, path=()):
    """Every path into the JSON tree (keys and indexes)."""
    yield path
    if isinstance(data, dict):
        for key, value in data.items():
            yield from places(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data[:20]):
            yield from places(value, (*path, index))


def replaced(data, path, value):
    if not path:
        return None if value is DELETE else value
    data = copy.deepcopy(data)
    holder = data
    for step in path[:-1]:
        holder = holder[step]
    if value is DELETE and isinstance(holder, dict):
        del holder[path[-1]]
    else:
        holder[path[-1]] = None if value is DELETE else value
    return data


class _Delete:
    """In a mutation, the field taken out (an item of a list becomes null)."""

    def __repr__(self) -> str:
        return "DELETE"


DELETE = _Delete()


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=scaled(150))
@given(data=st.data())
def test_a_mutated_record_is_read_and_replayed_or_refused_with_a_data_error(records, name, data):
    original = records[name].to_dict()
    path = data.draw(st.sampled_from(list(places(original))), "path")
    value = data.draw(st.one_of(st.just(DELETE), JSON), "value")
    mutated = replaced(original, path, value)
    try:
        record = GameRecord.from_json(json.dumps(mutated))
    except DataError as error:
        assert error.field.startswith("record") and error.why, error
        return
    try:
        record.final_state()
    except ReplayError as error:
        assert 1 <= error.number <= len(record.actions) and isinstance(error.cause, ValueError)


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=scaled(50))
@given(data=st.data())
def test_an_action_changed_is_replayed_or_refused_at_or_after_its_index(records, name, data):
    record = records[name]
    index = data.draw(st.integers(0, len(record.actions) - 1), "index")
    text = data.draw(st.one_of(st.sampled_from(record.actions), st.text(max_size=12)), "text")
    actions = [*record.actions[:index], text, *record.actions[index + 1:]]
    tampered = GameRecord(record.game, record.players, record.seed, record.rules, actions)
    try:
        tampered.final_state()
    except ReplayError as error:
        assert error.number >= index + 1 and isinstance(error.cause, (IllegalAction, NotationError)), error


@pytest.mark.parametrize("name", GAMES)
def test_each_game_makes_its_bots_from_a_list_or_one_text_and_names_one_it_has_not_alike(name):
    protocol = game(name)
    seats = min(2, protocol.max_players)  # Hudai's table is the monk alone
    typed = ",".join(protocol.bot_names[:seats])
    made = protocol.make_bots(typed, 7)
    assert [type(bot) for bot in made] == [type(bot) for bot in protocol.make_bots(list(protocol.bot_names[:seats]), 7)]
    assert len(made) == seats
    for bots in ("nope", ["nope"]):  # one wording in the three games, as the harness and the lab use it
        with pytest.raises(ValueError) as refused:
            protocol.make_bots(bots, 7)
        assert str(refused.value) == f"{protocol.title} has no bot 'nope'; its bots are {', '.join(protocol.bot_names)}"
    with pytest.raises(ValueError) as refused:
        protocol.check_bot_names(["nope", protocol.bot_names[0], "eel"])
    assert str(refused.value) == f"{protocol.title} has no bot 'nope', 'eel'; its bots are {', '.join(protocol.bot_names)}"


@pytest.mark.parametrize(("made", "said"), [
    (dict(players=3, seed=1.5), "record.seed: expected a whole number or text, not 1.5"),
    (dict(players=9, seed=1), "record.players: Mountain of Inferno is for 2 to 4 players, not 9"),
    (dict(players=True, seed=1), "record.players: expected a whole number, not True"),
    (dict(players=3, seed=1, actions=[5]), "record.actions[0]: expected text, not 5"),
    (dict(players=3, seed=1, actions="pawn 0,0"), "record.actions: expected a list, not 'pawn 0,0'"),
    (dict(players=3, seed="x" * 1001), "record.seed: a seed of 1,001 characters; at most 1,000"),
    (dict(players=3, seed=10**1000), "record.seed: a seed of more than 1,000 digits"),
    (dict(players=3, seed=1, rules="zh"), "record.rules: expected the rules of Mountain of Inferno (or their JSON data), not 'zh'"),
    (dict(players=3, seed=1, rules={"edition": "fr"}), "record.rules.edition: unknown edition 'fr': expected 'en' or 'zh'"),
    (dict(players=3, seed=1, bots=["random"]), "record.bots: one bot name per seat: 3, not 1"),
    (dict(players=3, seed=1, bots="random"), "record.bots: expected a list, not 'random'"),  # not one bot a letter
    (dict(players=3, seed=1, bots=[1, "random", "random"]), "record.bots[0]: expected text, not 1"),
    (dict(players=3, seed=1, actions=["end"] * 10_001), "record.actions: holds 10001 items; at most 10000"),
    (dict(game="chess", players=3, seed=1), "record.game: unknown game 'chess'; the games are inferno, hudai, madness"),
])
def test_a_record_made_in_python_is_checked_as_one_read_from_a_file(made, said):
    """`write` made files that `read` and `rulesbook replay` refused (a float seed, nine players),
    or failed on its own (rules given as JSON data: AttributeError), or took a text for a list of
    one-letter actions."""
    with pytest.raises(DataError) as refused:
        GameRecord(**{"game": "inferno", **made})
    assert str(refused.value) == said
    assert game("inferno").max_actions == 10_000  # the most a record holds, as said above


def test_a_record_made_in_python_may_give_its_rules_as_data_and_reads_back_the_same():
    record = GameRecord("inferno", 3, 10**999, {"edition": "zh"}, ("pawn 0,0",), ("random", "greedy", "random"))
    assert record.rules == game("inferno").rules(edition="zh") and record.actions == ["pawn 0,0"]
    assert GameRecord.from_json(record.to_json()).to_dict() == record.to_dict()


@pytest.mark.parametrize("name", GAMES)
def test_a_state_given_for_a_record_is_said_to_be_one(name):
    """It listed some twenty unknown fields."""
    state = game(name).to_json(game(name).new_game(seed=1))
    with pytest.raises(DataError) as refused:
        GameRecord.from_json(state)
    assert str(refused.value) == ("record: this is a game's state (it has a phase and no actions), not a record: read it with "
                                  "rulesbook.game(name).from_json")


def test_a_progress_file_or_a_summary_given_for_a_record_is_said_to_be_none():
    """`rulesbook replay` of a progress file said "record: no field 'exercises', 'exported',
    'format'; the fields are ...", which reads as a field missing (a first-time reader's audit)."""
    progress = {"format": "rulesbook-progress", "version": 1, "exported": "2026-12-03T18:00:00.000Z", "exercises": {}}
    with pytest.raises(DataError, match="^record: this is a reader's progress file, not a game record: read it with rulesbook.lab.progress$"):
        GameRecord.from_dict(progress)
    with pytest.raises(DataError, match=r"^record: this is no game record \(it has neither 'game' nor 'actions'\): a record is what simulate"):
        GameRecord.from_dict({"games": 3, "win_rate": 0.5, "seed": 1})
    with pytest.raises(DataError, match="^record: no field 'colour'"):  # a record with a slip is still told its field
        GameRecord.from_dict({"game": "hudai", "seed": 1, "actions": [], "colour": "red"})
