"""One shape for the three games (issue 21): a reader who knows one package knows all three.

Every game package has the same modules with the same meaning, and each module the same public
names; the values behind them are the shared ones of `rulesbook.core` (one Event, one Ruling, one
Rules base). The checks play a few moves of each game through the package's own functions.
"""

from __future__ import annotations

import enum
import json
import importlib
import random

import pytest

import rulesbook
from rulesbook.core.data import DataError
from rulesbook.core.errors import IllegalAction, NotationError
from rulesbook.core.events import Event, result_start
from rulesbook.core.records import GameRecord
from rulesbook.core.protocol import Game
from rulesbook.core.rules import RulesData
from rulesbook.core.rulings import Ruling
from rulesbook.core.shape import CheckedState

GAMES = ("inferno", "hudai", "madness")

#: module -> the names every game's module of that name defines.
SHAPE: dict[str, set[str]] = {
    "state": {"State", "Phase"},
    "rules": {"Rules"},
    "actions": {"Action", "ACTIONS", "parse_action"},
    "engine": {"new_game", "legal_actions", "refusal", "is_legal", "apply", "apply_legal", "ENDING_EVENTS"},
    "moment": {"game_moment", "play_out"},
    "render": {"show", "show_cards"},
    "rulings": {"RULINGS", "BY_ID", "rulings_table"},
    "bots": {"BOTS", "make_bot"},
    "protocol": {"GAME"},
}

#: What each package exports at its top, the same in all three.
PACKAGE_NAMES = {
    "State", "Phase", "Rules", "Action", "parse_action", "new_game", "legal_actions", "refusal", "is_legal",
    "apply", "apply_legal", "game_moment", "play_out", "show", "RULINGS", "BY_ID", "rulings_table", "make_bot", "Event",
    "IllegalAction", "NotationError", "ACTION_FORMS", "GAME", "parse_card",
    "MOMENTS",  # a house rule's moments, beside Rules (a teacher's audit: only from rulesbook.<game>.rules)
}


def module(game: str, name: str):
    return importlib.import_module(f"rulesbook.{game}.{name}")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("name", sorted(SHAPE))
def test_every_package_has_the_module_and_its_names(game: str, name: str) -> None:
    found = module(game, name)
    missing = SHAPE[name] - set(dir(found))
    assert not missing, f"rulesbook.{game}.{name} lacks {sorted(missing)}"


@pytest.mark.parametrize("game", GAMES)
def test_the_package_exports_the_common_names(game: str) -> None:
    package = importlib.import_module(f"rulesbook.{game}")
    assert PACKAGE_NAMES <= set(package.__all__), sorted(PACKAGE_NAMES - set(package.__all__))
    for name in package.__all__:
        assert hasattr(package, name), f"rulesbook.{game}.__all__ names {name}, which it lacks"


@pytest.mark.parametrize("game", GAMES)
def test_the_values_are_the_shared_ones(game: str) -> None:
    state, rules, rulings, protocol = (module(game, name) for name in ("state", "rules", "rulings", "protocol"))
    assert issubclass(state.Phase, enum.StrEnum)      # a teacher's `state.phase == "play"` holds in every game
    assert all(phase == phase.value and state.Phase(phase.value) is phase for phase in state.Phase)
    assert state.Phase.OVER == "over"
    assert issubclass(rules.Rules, RulesData)
    assert rules.Rules.from_dict(rules.Rules().to_dict()) == rules.Rules()
    assert all(isinstance(ruling, Ruling) for ruling in rulings.RULINGS)
    assert rulings.BY_ID == {ruling.id: ruling for ruling in rulings.RULINGS}
    assert rulings.rulings_table().startswith("| id |")
    assert isinstance(protocol.GAME, Game)
    assert protocol.GAME is rulesbook.game(game)
    engine = module(game, "engine")      # the package's defaults are the protocol's: seats, seed and rules
    assert engine.new_game().to_json() == protocol.GAME.to_json(protocol.GAME.new_game())
    for method in ("to_dict", "from_dict", "to_json", "from_json", "invariants", "problems"):
        assert callable(getattr(state.State, method, None)), f"{game} State lacks {method}"
    assert issubclass(state.State, CheckedState) and state.State.invariants is CheckedState.invariants, \
        f"{game} State says its problems its own way"


@pytest.mark.parametrize("game", GAMES)
def test_actions_have_their_text_and_parser_side_by_side(game: str) -> None:
    actions = module(game, "actions")
    for kind in actions.ACTIONS:
        assert callable(getattr(kind, "text", None)), f"{kind.__name__} has no text()"
        assert callable(getattr(kind, "from_text", None)), f"{kind.__name__} has no from_text()"
    protocol, engine = module(game, "protocol").GAME, module(game, "engine")
    rng = random.Random(21)
    state = protocol.new_game(seed=21)
    seen: set[type] = set()
    for _ in range(200):
        if protocol.is_over(state):
            break
        legal = engine.legal_actions(state)
        for action in legal:
            assert type(action) in actions.ACTIONS
            assert actions.parse_action(action.text()) == action
            assert type(action).from_text(action.text()) == action
            seen.add(type(action))
        state = protocol.apply(state, rng.choice(legal)).state
    assert seen, "no action was met"


@pytest.mark.parametrize("game", GAMES)
def test_an_action_is_read_in_any_case_and_spacing_and_an_unknown_word_is_said_alike(game: str) -> None:
    """As at a table, where nobody hears capitals or blanks: every legal action's text, in capitals
    with its blanks doubled, is the same action; an unknown word is named, with the words there are."""
    protocol, engine, actions = module(game, "protocol").GAME, module(game, "engine"), module(game, "actions")
    rng = random.Random(8)
    state, read = protocol.new_game(seed=8), 0
    while read < 300 and not protocol.is_over(state):
        legal = engine.legal_actions(state)
        for action in legal:
            assert actions.parse_action("  " + action.text().upper().replace(" ", "  ") + " ") == action, action.text()
        read += len(legal)
        state = protocol.apply(state, rng.choice(legal)).state
    text, unknown = ("P1: fly over", "fly over") if game == "madness" else ("fly over", "fly")  # Madness reads what is said whole
    with pytest.raises(NotationError) as raised:
        actions.parse_action(text)
    assert str(raised.value).startswith(f"{unknown!r}: unknown action; expected one of: "), str(raised.value)
    assert protocol.new_game(seed=8).is_over is False and state.is_over is protocol.is_over(state)


@pytest.mark.parametrize("game", GAMES)
def test_a_state_prints_as_one_line_a_person_reads(game: str) -> None:
    """What a notebook shows of a state left as a cell's last value, or an assertion's message:
    its summary, not every pile (a frozen dataclass's own repr ran to thousands of characters)."""
    protocol, rng = module(game, "protocol").GAME, random.Random(4)
    state = protocol.new_game(seed=4)
    while not protocol.is_over(state):
        assert repr(state) == f"State({state.summary()})" and len(repr(state)) < 400 and "\n" not in repr(state), repr(state)
        state = protocol.apply(state, rng.choice(protocol.legal_actions(state))).state
    assert len(repr(state)) < 400


@pytest.mark.parametrize("game", GAMES)
def test_the_engine_answers_alike(game: str) -> None:
    protocol, engine, state_module = module(game, "protocol").GAME, module(game, "engine"), module(game, "state")
    rng = random.Random(5)
    state = protocol.new_game(seed=5)
    for _ in range(60):
        if protocol.is_over(state):
            break
        legal = engine.legal_actions(state)
        action = rng.choice(legal)
        assert engine.refusal(state, action) is None
        assert engine.is_legal(state, action)
        before = state.to_json()
        after, events = engine.apply(state, action)
        assert state.to_json() == before, "apply changed the state it was given"
        assert all(isinstance(event, Event) for event in events)
        assert all(isinstance(event.text, str) and event.text for event in events)
        fast, fast_events = engine.apply_legal(state_module.State.from_json(before), action)
        assert fast.to_json() == after.to_json()
        assert engine.apply(state, action.text())[0].to_json() == after.to_json()  # the text, as refusal takes it
        assert [event.kind for event in fast_events] == [event.kind for event in events]
        assert state_module.State.from_json(after.to_json()).to_json() == after.to_json()
        assert after.problems() == [] and after.invariants() is None
        state = after


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_move_that_ends_a_game_ends_with_its_ending_events(game: str, seed: int) -> None:
    """A Play page tells the last move by its events before the first of the engine's ENDING_EVENTS
    and the game's result by the rest (core.events.result_start): in every game the move that ends
    it has one, its last event is one, and an event after the first is one or the game's own, with
    no seat (Inferno's scoring house rules come between the round's end and the game's)."""
    engine = module(game, "engine")
    record = GameRecord.play(game, seed=seed, bots="random")
    last = record.replay()[1][-1][1]
    start = result_start(last, engine.ENDING_EVENTS)
    assert start < len(last) and last[-1].kind in engine.ENDING_EVENTS, [event.kind for event in last]
    assert all(event.kind in engine.ENDING_EVENTS or event.seat is None for event in last[start + 1:]), [event.kind for event in last]


@pytest.mark.parametrize("game", GAMES)
def test_a_new_game_refuses_a_seed_or_rules_it_cannot_keep_and_names_the_field(game: str) -> None:
    """A seed is what a state's JSON holds (a whole number or a text: a float, None or a flag would
    make a state no record can load again); the rules are the game's own Rules."""
    engine, state_module = module(game, "engine"), module(game, "state")
    for seed in ("a text seed", -7, 2**70):
        state = engine.new_game(seed=seed)
        assert state.seed == seed and state_module.State.from_json(state.to_json()).to_json() == state.to_json()
    for seed in (1.5, None, True, [1]):
        with pytest.raises(DataError) as raised:
            engine.new_game(seed=seed)
        assert str(raised.value) == f"seed: expected a whole number or text, not {seed!r}"
    for seed in ("x" * 1000, 10**1000 - 1):  # the longest seed a record keeps
        assert engine.new_game(seed=seed).seed == seed
    for seed, said in [("x" * 1001, "a seed of 1,001 characters; at most 1,000"), (10**5000, "a seed of more than 1,000 digits")]:
        with pytest.raises(DataError) as raised:  # Python's own digit limit for 10**5000 once
            engine.new_game(seed=seed)
        assert str(raised.value) == f"seed: {said}"
        data = json.loads(engine.new_game(seed=1).to_json())
        data["seed"] = "x" * 1001  # nor does a state with one load
        with pytest.raises(DataError) as raised:
            state_module.State.from_json(json.dumps(data))
        assert str(raised.value) == "state.seed: a seed of 1,001 characters; at most 1,000"
    for seed in ("\ud800", "a\udcff"):  # no Unicode text: it could be neither hashed into a shuffle nor saved
        with pytest.raises(DataError) as raised:
            engine.new_game(seed=seed)
        assert str(raised.value) == f"seed: {seed!r} is not Unicode text (it holds half of a UTF-16 pair)"
    title = module(game, "rules").Rules.game_title
    for rules, said in [("zh", "'zh'"), ({"edition": "zh"}, "{'edition': 'zh'}")]:
        with pytest.raises(DataError) as raised:
            engine.new_game(rules=rules)
        assert str(raised.value) == f"rules: expected the Rules of {title}, not {said}"
    other = module(GAMES[(GAMES.index(game) + 1) % len(GAMES)], "rules").Rules()
    with pytest.raises(DataError) as raised:
        engine.new_game(rules=other)
    assert str(raised.value) == f"rules: expected the Rules of {title}, not those of {other.game_title}"


@pytest.mark.parametrize("game", GAMES)
def test_rules_typed_by_hand_are_read_as_a_rules_file_is(game: str) -> None:
    """A misspelt field is refused with the fields listed, not with Python's bare TypeError; a list
    where the field holds a tuple is taken as one (as in JSON), so a field reads alike either way."""
    Rules = module(game, "rules").Rules
    with pytest.raises(DataError) as raised:
        Rules(hand_sise=4)
    assert raised.value.field == "Rules" and str(raised.value).startswith("Rules: no field 'hand_sise'; the fields are ")
    assert "hand_size" in raised.value.why
    for name, value in Rules().to_dict().items():
        if isinstance(value, list) and value:
            assert Rules(**{name: value}) == Rules(), name


CHANGED = {"inferno": {"edition": "zh", "play_limit": None}, "hudai": {"monk_health": 9}, "madness": {"expert": True}}


@pytest.mark.parametrize("game", GAMES)
def test_rules_say_only_what_differs_from_the_printed_game_as_the_call_that_makes_them(game: str) -> None:
    """Every field would be a screen of text in a record's repr or a function's help (score's
    rules=Rules(...)); what differs is what a reader needs, and it reads back as the same rules."""
    Rules = module(game, "rules").Rules
    changed = Rules(**CHANGED[game])
    assert repr(Rules()) == "Rules()"
    assert repr(changed) == f"Rules({', '.join(f'{name}={value!r}' for name, value in CHANGED[game].items())})"
    assert eval(repr(changed), {"Rules": Rules}) == changed


@pytest.mark.parametrize("game", GAMES)
def test_a_state_file_says_its_game_and_another_games_is_refused_by_it(game: str) -> None:
    """Every state's JSON begins with its game; a state of another game is refused for being one,
    and a state written without the name (before it was written) still loads. Text stays text."""
    State = module(game, "state").State
    state = module(game, "engine").new_game(seed="種子")
    text = state.to_json()
    assert text.startswith(f'{{"game": "{game}", ') and "種子" in text
    data = json.loads(text)
    other = GAMES[(GAMES.index(game) + 1) % len(GAMES)]
    with pytest.raises(DataError) as raised:
        State.from_dict({**data, "game": other})
    assert str(raised.value).startswith(f"state.game: this is a state of '{other}', not of ")
    del data["game"]
    assert State.from_dict(data).to_json() == text


@pytest.mark.parametrize("game", GAMES)
def test_another_games_state_is_refused_by_the_checked_entries(game: str) -> None:
    """Madness's apply raised KeyError on an Inferno state, and Inferno's passed a Hudai state on
    in silence; the fast path (legal_actions, apply_legal) trusts what it is given."""
    protocol = rulesbook.game(game)
    other = rulesbook.game(GAMES[(GAMES.index(game) + 1) % len(GAMES)])
    state = other.new_game(seed=1)
    before = other.to_json(state)
    for entry in (lambda: protocol.apply(state, other.legal_actions(state)[0]), lambda: protocol.to_json(state),
                  lambda: protocol.invariants(state)):
        with pytest.raises(DataError) as refused:
            entry()
        assert str(refused.value) == (f"state: expected a state of {protocol.title}, "
                                      f"not rulesbook.{other.name}.state.State")
    assert other.to_json(state) == before


@pytest.mark.parametrize("game", GAMES)
def test_a_state_names_a_bad_field_of_its_rules_from_the_states_root(game: str) -> None:
    """Rules read inside a state are named as the state's (state.rules.hand_size), whatever names
    the Rules give their own fields, and a combination the Rules refuse names its field too."""
    State = module(game, "state").State
    data = module(game, "engine").new_game(seed=3).to_dict()
    for rules, field in [({"hand_size": "three"}, "state.rules.hand_size"), ({"hand_size": 0}, "state.rules.hand_size"),
                         ({"no_such_rule": 1}, "state.rules")]:
        with pytest.raises(DataError) as raised:
            State.from_dict({**data, "rules": {**data["rules"], **rules}})
        assert raised.value.field == field, str(raised.value)


@pytest.mark.parametrize("game", GAMES)
def test_a_refusal_is_returned_not_raised(game: str) -> None:
    protocol, engine = module(game, "protocol").GAME, module(game, "engine")
    state = protocol.new_game(seed=3)
    legal = set(engine.legal_actions(state))
    rng = random.Random(3)
    other = protocol.new_game(seed=4)
    # an action legal somewhere later in another game, but not here
    for _ in range(300):
        if protocol.is_over(other):
            break
        candidates = [action for action in engine.legal_actions(other) if action not in legal]
        if candidates:
            error = engine.refusal(state, candidates[0])
            if error is not None:
                assert isinstance(error, IllegalAction) and error.rule
                assert not engine.is_legal(state, candidates[0])
                with pytest.raises(IllegalAction):
                    engine.apply(state, candidates[0])
                return
        other = protocol.apply(other, rng.choice(engine.legal_actions(other))).state
    pytest.fail("no refused action was found")


@pytest.mark.parametrize("game", GAMES)
def test_bots_by_name(game: str) -> None:
    bots, protocol = module(game, "bots"), module(game, "protocol").GAME
    assert tuple(bots.BOTS) == protocol.bot_names
    state = protocol.new_game(seed=2)
    for name in bots.BOTS:
        bot = bots.make_bot(name, seed=1)
        assert bot.name == name
        assert bot.choose(state, protocol.legal_actions(state)) in protocol.legal_actions(state)


def test_the_seats_compete_only_in_a_game_of_rivals():
    from rulesbook import game

    assert {name: game(name).seats_compete for name in ("inferno", "hudai", "madness")} == {
        "inferno": True, "hudai": False, "madness": False}  # rivals; a solo game; a cooperative one
    # points, where the seats compete; 1 won or 0 lost otherwise: a mean result is then the share won (Wilson's interval)
    assert {name: game(name).win_loss for name in ("inferno", "hudai", "madness")} == {
        "inferno": False, "hudai": True, "madness": True}


@pytest.mark.parametrize("game", GAMES)
def test_play_out_takes_actions_or_texts_and_says_what_each_did_unless_quiet(game: str, capsys) -> None:
    """One signature in the three games (Madness's took no `quiet` and printed nothing; Inferno's
    took texts only), checked against the engine's own `apply`."""
    import inspect

    moment, engine = module(game, "moment"), module(game, "engine")
    assert str(inspect.signature(moment.play_out)) == "(state: 'State', *actions: 'Action | str', quiet: 'bool' = False) -> 'State'"
    state = engine.new_game(seed=3)
    chosen = [state]
    for _ in range(3):  # three actions, the first as a value and the rest as their texts
        chosen.append(engine.apply(chosen[-1], engine.legal_actions(chosen[-1])[0])[0])
    actions = [engine.legal_actions(before)[0] for before in chosen[:3]]
    played = moment.play_out(state, actions[0], *(action.text() for action in actions[1:]))
    assert played.to_json() == chosen[3].to_json()
    said = capsys.readouterr().out.splitlines()
    assert [line[2:] for line in said if line.startswith("> ")] == [action.text() for action in actions]
    events = [event.text for before, action in zip(chosen, actions) for event in engine.apply(before, action)[1]]
    assert [line[4:] for line in said if line.startswith("    ")] == events and len(said) == 3 + len(events)
    assert moment.play_out(state, *actions, quiet=True).to_json() == played.to_json() and capsys.readouterr().out == ""


#: The functions every game package exports with one signature (Madness's legal_actions may
#: also list one player's actions: its players decide at once in some phases).
SAME_SIGNATURE = ("refusal", "is_legal", "apply", "apply_legal", "play_out", "make_bot", "rulings_table")


@pytest.mark.parametrize("name", SAME_SIGNATURE)
def test_the_shared_functions_are_called_alike_in_the_three_games(name: str) -> None:
    import inspect

    def called(game: str) -> list[tuple[str, object, str]]:
        parameters = inspect.signature(getattr(importlib.import_module(f"rulesbook.{game}"), name)).parameters.values()
        return [(parameter.name, parameter.default, str(parameter.annotation)) for parameter in parameters]

    assert called("inferno") == called("hudai") == called("madness")


def test_a_new_game_is_asked_for_alike_in_the_three_games() -> None:
    """`new_game(players, seed, rules)` everywhere (the seat counts' defaults differ): in Hudai Pass
    `new_game(3)` is no seed 3 but three players, refused with the field named."""
    import inspect

    for game in GAMES:
        assert list(inspect.signature(importlib.import_module(f"rulesbook.{game}").new_game).parameters) == ["players", "seed", "rules"]
    hudai = importlib.import_module("rulesbook.hudai")
    assert hudai.new_game(1, 3) == hudai.new_game(seed=3) != hudai.new_game(seed=4)
    for players in (3, 0, True, "1"):
        with pytest.raises(DataError, match="players.*Hudai Pass is for 1 player"):
            hudai.new_game(players)


@pytest.mark.parametrize("game", GAMES)
def test_show_refuses_a_title_that_is_no_text_and_what_it_cannot_draw(game: str) -> None:
    """A teacher's typo gets words naming it, not an AttributeError from inside the drawing."""
    package, engine = importlib.import_module(f"rulesbook.{game}"), module(game, "engine")
    state = engine.new_game(seed=1)
    drawn = state.mountain if game == "inferno" else state
    assert package.show(drawn, title="A title").description  # a text title is drawn
    with pytest.raises(ValueError) as refused:
        package.show(drawn, title=5)
    assert str(refused.value) == "title is a text, not 5"
    with pytest.raises(ValueError):  # a number is no Mountain, no table and no cards
        package.show(5)


@pytest.mark.parametrize("game", GAMES)
def test_a_value_that_is_no_action_is_refused_alike_by_every_entry(game: str) -> None:
    """Never taken for another action, never a KeyError from the fast path (Hudai's and Madness's
    apply_legal raised one; Hudai's apply took 5 for a text that does not parse)."""
    engine = module(game, "engine")
    title = module(game, "rules").Rules.game_title
    state = engine.new_game(seed=1)
    for value in (5, None, ["end"], object()):
        said = f"{value!r} is not an action of {title}"[:60]
        for apply in (engine.apply, engine.apply_legal):
            with pytest.raises(IllegalAction) as refused:
                apply(state, value)
            assert refused.value.reason.startswith(said[:20]), refused.value.reason
        assert str(engine.refusal(state, value)).startswith(said[:20]) and not engine.is_legal(state, value)


@pytest.mark.parametrize("game", GAMES)
def test_an_action_is_written_by_the_protocol_and_read_back_with_blanks_around_it(game: str) -> None:
    """`action_to_text` writes any action of the game (a text as the game writes it) and refuses a
    value that is none as `apply` does (an AttributeError before); blanks around a text are no part
    of it in any game (Madness refused '  P1: ...')."""
    protocol = rulesbook.game(game)
    state = protocol.new_game(seed=1)
    for action in protocol.legal_actions(state):
        text = protocol.action_to_text(state, action)
        assert protocol.parse_action(state, f"  {text} ") == action and protocol.action_to_text(state, f" {text}  ") == text
    later, now, not_now = state, protocol.legal_actions(state), []
    while len(not_now) < 5 and not protocol.is_over(later):  # the next moves' actions are written all the same
        later = protocol.apply(later, protocol.legal_actions(later)[-1]).state
        not_now += [action for action in protocol.legal_actions(later) if action not in now]
    assert len(not_now) >= 5 and all(protocol.action_to_text(state, action) == action.text() for action in not_now)
    for value in (5, None, []):
        with pytest.raises(IllegalAction) as refused:
            protocol.action_to_text(state, value)
        assert refused.value.reason == f"{value!r} is not an action of {protocol.title}"


@pytest.mark.parametrize("game", GAMES)
def test_show_draws_a_game_s_table_from_its_state_in_the_three_games(game: str) -> None:
    """`show(state)` in every game (Inferno's draws the Mountain, as its notation is the picture's text)."""
    from rulesbook.core.picture import Picture

    package = importlib.import_module(f"rulesbook.{game}")
    state = package.new_game(seed=3) if game == "hudai" else package.new_game(3, seed=3)
    picture = package.show(state)
    assert isinstance(picture, Picture) and "<svg" in picture._repr_svg_()
    if game == "inferno":
        assert str(picture) == str(state.mountain) and picture._repr_svg_() == package.show(str(state.mountain))._repr_svg_()
    hand = state.hand if game == "hudai" else state.hands[0]  # the cards first in every game's show_cards
    drawn = package.show_cards(hand, state) if game == "madness" else package.show_cards(hand)
    assert isinstance(drawn, Picture) and "<svg" in drawn._repr_svg_()
    if game == "madness":  # the default pack's, without a state
        assert package.show_cards(["Tools 6"])._repr_svg_() == package.show_cards(["Tools 6"], state)._repr_svg_()


@pytest.mark.parametrize("game", GAMES)
def test_a_state_says_how_many_play_and_whether_it_is_over_alike_in_the_three_games(game: str) -> None:
    """`state.players` is a number everywhere, so `range(state.players)` in a house rule reads every
    game's seats (Madness's names are `names`, Inferno's colours `colours`); `is_over` says the end."""
    package = importlib.import_module(f"rulesbook.{game}")
    seats = 1 if game == "hudai" else 3
    state = package.new_game(seats, seed=2)
    assert state.players == seats == rulesbook.game(game).players(state) and state.is_over is False
    protocol, rng = rulesbook.game(game), random.Random(2)
    while not state.is_over:  # who must decide now, and in which phase; nobody once it is over
        assert state.decision.phase is state.phase and isinstance(state.decision, package.Decision)
        state = protocol.apply(state, rng.choice(protocol.legal_actions(state))).state
    assert state.decision is None


@pytest.mark.parametrize("game", GAMES)
def test_every_bot_by_name_chooses_from_the_state_alike_in_the_three_games(game: str) -> None:
    """`BOTS[name](seed)` (a search level's playouts second) is a bot choosing a legal action from
    the state, as the README says: Madness's are whole tables, its one-seat players are `PLAYERS`."""
    package = importlib.import_module(f"rulesbook.{game}")
    state = package.new_game(seed=5) if game == "hudai" else package.new_game(3, seed=5)
    actions = package.legal_actions(state)
    assert list(package.BOTS) == list(rulesbook.game(game).bot_names)
    for name, level in package.BOTS.items():
        bot = level(1, 2) if "search" in name else level(1)
        assert bot.choose(state, actions) in actions, name
        assert type(package.make_bot(name, 1)) is level
