"""The Madness lessons (rulesbook.lessons.madness): the referees answer every click with the engine
(targets are exactly the legal actions, refusals are the engine's with their rule), the page data
never holds what the reader's seat may not see (MAD-R08), and the exercises ask what the engine allows."""

from __future__ import annotations

import json
import re

import pytest

from rulesbook.core.errors import IllegalAction
from rulesbook.core.records import GameRecord
from rulesbook.lessons import LessonGraph, unpack
from rulesbook.lessons.madness import ExpeditionReferee, find_in_expedition, leadership_exercise, sled_exercise
from rulesbook.madness import (
    Phase,
    PlayCard,
    Speak,
    apply,
    destinations,
    legal_actions,
    level,
    game_moment,
    play_out,
    refusal,
    relic_recipients,
)


def moments(seed: str, every: int = 3) -> list:
    """States of a bot expedition, in every phase."""
    record = GameRecord.play("madness", 4, seed=seed, bots=["expedition"])
    state, found = record.start(), []
    for index, text in enumerate(record.actions):
        if index % every == 0 and not state.is_over:
            found.append(state)
        state, _ = apply(state, text)
    return found


def board_actions(referee: ExpeditionReferee, key: str) -> tuple[set, dict]:
    """Every engine action a click of this state plays, and every refusal with the place refused."""
    graph = LessonGraph(referee)
    node = graph.node(graph.id_of(key))
    state = referee.state(key)
    played_actions, refusals = set(), {}
    for choice in node["choices"].values():
        for option in choice.get("options", {}).values():
            for place in node["options"][option]["targets"]:
                played_actions.add(referee.action(state, option, place))
            for place, reason in node["options"][option]["refusals"].items():
                refusals[(option, place)] = reason
    return played_actions, refusals


@pytest.mark.parametrize("seed", ["board-a", "board-b"])
def test_the_boards_clicks_are_exactly_the_engines_legal_actions(seed):
    phases = set()
    for state in moments(seed):
        referee = ExpeditionReferee(state)
        actions, refusals = board_actions(referee, referee.start())
        # Everything the rules allow, but other players' cards and breaking the silence (not clicks).
        legal = {a for a in legal_actions(state) if not isinstance(a, (PlayCard, Speak)) or (isinstance(a, PlayCard) and a.player == referee.seat)}
        assert actions == legal, state.phase
        for (option, place), reason in refusals.items():
            assert re.search(r"\(.+\)$", reason), reason  # every refusal cites its rule
            try:
                action = referee.action(state, option, place)
            except IllegalAction as error:
                assert reason.endswith(f"({error.rule})")
                continue
            refused = refusal(state, action)
            assert refused is not None
            assert reason.lower().startswith(refused.reason.lower()[:30])
        phases.add(state.phase)
    assert {Phase.MOVEMENT, Phase.ENCOUNTER, Phase.TIMER, Phase.FAILURES, Phase.DRAW, Phase.REST} <= phases


@pytest.mark.parametrize("seed", ["secret-a", "secret-b"])
def test_page_data_never_holds_another_seats_hand_or_madness_text(seed):
    for state in moments(seed, every=5):
        pack = state.rules.pack
        for seat in range(state.players):
            lesson = LessonGraph(ExpeditionReferee(state, seat)).lesson(1, picture="madness")
            text = json.dumps(lesson)
            for other in range(state.players):
                if other == seat:
                    continue
                for card in state.madness[other]:
                    assert pack.madness[card].description not in text, f"P{other + 1}'s Madness text on P{seat + 1}'s board"
                if state.phase in (Phase.MOVEMENT, Phase.ENCOUNTER, Phase.TIMER):
                    names = {pack.cards[c].name for c in state.hands[other]} - {pack.cards[c].name for c in state.hands[seat]}
                    start = json.dumps(unpack(lesson)[lesson["start"]])
                    assert not {name for name in names if name in start}, f"P{other + 1}'s hand on P{seat + 1}'s board"


def test_a_madness_card_drawn_by_another_player_is_never_read_to_the_reader():
    failing = play_out(game_moment(4, tile="Bleak Coast", sled=[(1, "Crates 5")], levels={0: 3, 1: 1, 2: 3, 3: 0}),
                     "P1: time up", "P1: resolve")
    referee = ExpeditionReferee(failing, seat=0)
    for place in ("P2", "P4"):
        outcome = referee.play(referee.start(), "fail:1", place)
        after, events = apply(failing, referee.action(failing, "fail:1", place))
        secret = [event.text for event in events if event.seen_by is not None]
        assert secret and not any(text in outcome.say for text in secret)
    mine = ExpeditionReferee(failing, seat=1).play(referee.start(), "fail:1", "P2")
    assert "Your new Madness" in mine.say


def test_hints_speak_words_not_codes():
    states = [game_moment(4, space="C7", levels={1: 1}), game_moment(4, tile="Seals", hands={0: ["Tools 6"]}),
              play_out(game_moment(4, tile="Bleak Coast", sled=[(1, "Crates 5")]), "P1: time up", "P1: resolve")]
    for state in states:
        lesson = LessonGraph(ExpeditionReferee(state)).lesson(1, picture="madness")
        for node in unpack(lesson).values():
            codes = {key for key in [*node["choices"], *node["options"]] if re.search(r"[:+]|\d", key)}
            words = set(re.findall(r"[\w:+,-]+", node["hint"]))
            assert not words & codes, node["hint"]
            assert node["hint"][0].isupper() and node["idle"]


def test_exercises_ask_what_the_engine_allows():
    climbing = game_moment(4, space="M3", visited=["C10", "C11", "M6"])
    assert find_in_expedition(climbing, "fly")[1]["answers"] == sorted(destinations(climbing))
    failing = play_out(game_moment(4, tile="Bleak Coast", sled=[(1, "Weapons 6"), (2, "Weapons 2"), (3, "Crates 5")],
                            levels={0: 3, 1: 1, 2: 3, 3: 0}), "P1: time up", "P1: resolve")
    below = [f"P{p + 1}" for p in range(4) if level(failing, p) < 3]
    assert find_in_expedition(failing, "Crates 8-10")[1]["answers"] == [*below, "die"]
    with pytest.raises(ValueError, match="not a failed challenge"):
        find_in_expedition(failing, "Weapons 7-9")
    relic = play_out(game_moment(4, tile="Penguin Rookery", sled=[(1, "Crates 4"), (2, "Crates 3")], levels={0: 3, 1: 1, 2: 3, 3: 2}),
                   "P1: time up", "P1: resolve")
    assert find_in_expedition(relic, "give")[1]["answers"] == [f"P{p + 1}" for p in relic_recipients(relic)]
    with pytest.raises(ValueError) as refused:  # the Relic is given before anyone flies on
        find_in_expedition(relic, "fly")
    assert str(refused.value) == "the choice 'fly' is not offered here; the choices are give"


def right_answers(state, choice: str) -> dict[str, str]:
    """What a find exercise says of each right answer, by place (the sentence after "Right:")."""
    referee, found = find_in_expedition(state, choice)
    graph = LessonGraph(referee)
    return {place: target[3] for place, target in graph.node(graph.start_id)["options"][found["option"]]["targets"].items()}


def test_a_right_answer_counts_cards_in_english_and_says_a_player_has_no_madness():
    """The reader reads these sentences: "1 card" (not "1 cards"), and a player without a Madness
    card has none (not "Madness level 0")."""
    hands = {0: ["Tools 2", "Tools 3"], 1: ["Crates 2", "Crates 3", "Tools 4", "Tools 5"], 2: ["Weapons 2"], 3: ["Books 2"]}
    thin = play_out(game_moment(4, tile="Frozen Bay", hands=hands, sled=[(1, "Books 5"), (2, "Books 4"), (3, "Crates 5")], tokens=(3, 2), deck=2),
                    "P1: time up", "P1: resolve", quiet=True)
    dealt = right_answers(thin, "deal-one")
    assert dealt["P1"] == "P1 holds 2 cards, below the limit of 4."
    assert dealt["P3"] == dealt["P4"].replace("P4", "P3") == "P3 holds 1 card, below the limit of 4."
    failing = play_out(game_moment(4, tile="Bleak Coast", sled=[(1, "Weapons 6"), (2, "Weapons 2"), (3, "Crates 5")],
                                   levels={0: 3, 1: 1, 2: 3, 3: 0}), "P1: time up", "P1: resolve")
    drawn = right_answers(failing, "Crates 8-10")
    assert drawn["P2"] == "P2 is at Madness level 1, below 3: they may draw a Level 2 card."
    assert drawn["P4"] == "P4 has no Madness card: they may draw a Level 1 card."
    relic = play_out(game_moment(4, tile="Penguin Rookery", sled=[(1, "Crates 4"), (2, "Crates 3")], levels={0: 3, 1: 0, 2: 3, 3: 2}),
                     "P1: time up", "P1: resolve")
    assert right_answers(relic, "give") == {"P2": "P2 has no Madness card and may take it.", "P4": "P4 is at Madness level 2 and may take it."}


def test_the_sled_judge_is_the_engines_verdict():
    seals = game_moment(4, tile="Seals", sled=[(0, "Tools 6"), (1, "Tools 3"), (2, "Books 4"), (3, "Books 2")])
    judge, exercise = sled_exercise(seals)
    assert exercise["answers"] == ["challenge0"] and judge.after.outcomes == [True, False]
    with pytest.raises(IllegalAction, match=r"Books 7 to 9: the Books cards add up to 6, below the value"):
        judge.play("sled", "judge", "challenge1")
    with pytest.raises(ValueError, match="no challenge"):
        sled_exercise(game_moment(4, tile="Seals", sled=[(0, "Crates 6")]))


def test_the_leadership_column_asks_the_engine_phase_by_phase():
    state = game_moment(4, space="M2", relics={0: ["Specimen B", "Knowledge A"]}, levels={1: 1}, tokens=(2, 0))
    column, exercise = leadership_exercise(state)
    assert exercise["answers"] == ["phase-Draw", "phase-Encounter", "phase-Movement"]
    assert column.play("column", "token", "phase-Draw").reach == (  # said after "Right:", a whole sentence
        "in the Draw Phase the Leader may spend a token: one more card in every hand.")
    with pytest.raises(IllegalAction, match="covers the Resolution Phase"):
        column.play("column", "token", "phase-Resolution")
    with pytest.raises(IllegalAction, match="covers the Rest Phase"):
        column.play("column", "token", "phase-Rest")
    none_on_sled = game_moment(4, space="M2", tokens=(0, 3))
    assert leadership_exercise(none_on_sled)[1]["answers"] == ["phase-Rest"]  # resting needs no token on the Sled
    with pytest.raises(ValueError, match="nothing to find"):
        leadership_exercise(game_moment(4, space="M2", tokens=(0, 1)))
    sane = game_moment(4, space="M2", tokens=(2, 0), levels={0: 0, 1: 0, 2: 0, 3: 0})  # nobody holds a Madness card
    with pytest.raises(IllegalAction, match="no Madness to ignore") as nothing:
        leadership_exercise(sane)[0].play("column", "token", "phase-Movement")
    assert nothing.value.rule == "MAD-P15"  # the project's decision: a player with no Madness has nothing to ignore


def test_a_board_stops_where_it_was_told_and_at_the_end_of_the_turn():
    landing = ExpeditionReferee(game_moment(3, space="C10"), until="landing")  # three players: nobody to free of Madness
    lesson = LessonGraph(landing).lesson(1, picture="madness")
    landed = [node for node in unpack(lesson).values() if node["id"] != lesson["start"]]
    assert landed and all(node["choices"] == {} and "stops here" in node["decision"] for node in landed)
    with pytest.raises(ValueError, match="until"):
        ExpeditionReferee(game_moment(4), until="somewhere")
    resting = play_out(game_moment(4, tile="Frozen Bay", sled=[(1, "Books 5"), (2, "Books 4"), (3, "Crates 5")]),
                     "P1: time up", "P1: resolve", "P1: deal")
    referee = ExpeditionReferee(resting)
    outcome = referee.play(referee.start(), "go", "sled")
    assert "this board stops here" in outcome.say and referee.choices(outcome.state) == []



def _rolled(state):
    """The moment the Penalty Die shows its face for the first failure of this Sled."""
    failing = play_out(state, "P1: time up", "P1: resolve", quiet=True)
    roll = next(a for a in legal_actions(failing) if a.text().endswith("roll the Penalty Die"))
    return apply(failing, roll)[0]


_BLEAK = {"tile": "Bleak Coast", "sled": [(1, "Crates 5")], "die": ["Accident"] * 3}
_BAY = {"tile": "Frozen Bay", "sled": [(1, "Books 5"), (2, "Books 4"), (3, "Crates 5")]}
#: Moments of each phase where a token may be spent (the first) and where it may not: none on the
#: Sled, or a Relic token covering the phase (MAD-P07); the words with which a hint offers it.
TOKEN_MOMENTS = {
    Phase.DIE: (lambda more: _rolled(game_moment(4, **_BLEAK, **more)), ({}, {"tokens": (0, 3)}, {"relics": {0: ["Specimen B"]}}),
                "Leadership tokens on the Sled to roll again"),
    Phase.TIMER: (lambda more: play_out(game_moment(4, **_BAY, **more), "P1: time up", quiet=True),
                  ({}, {"tokens": (0, 3)}, {"relics": {0: ["Specimen C"]}}), "may spend a Leadership token to turn the timer"),
    Phase.DRAW: (lambda more: play_out(game_moment(4, **_BAY, **more), "P1: time up", "P1: resolve", quiet=True),
                 ({}, {"tokens": (0, 3)}, {"relics": {0: ["Specimen D"]}}, {"deck": 2}, {"deck": 2, "tokens": (0, 3)}),
                 "a token spent first raises the limit"),
    Phase.REST: (lambda more: play_out(game_moment(4, **_BAY, **more), "P1: time up", "P1: resolve", "P1: deal", quiet=True),
                 ({}, {"tokens": (1, 0)}, {"relics": {0: ["Knowledge A"]}}), "Choose \u201cRest\u201d"),
}


@pytest.mark.parametrize("phase", list(TOKEN_MOMENTS), ids=[phase.value for phase in TOKEN_MOMENTS])
def test_a_hint_offers_a_leadership_token_only_where_the_engine_lets_it_be_spent(phase):
    """Leadership Tokens: "You may only use them when they are on the Sled Board"; Relic: "You cannot
    use a Leadership Token during this Phase for the rest of the game" (which phase: MAD-P07). A hint
    offers a token (and the Rest it pays for) exactly where the engine's legal actions hold its action."""
    from rulesbook.madness import Deal, RaiseHandLimit, RestartEncounter, Reroll, Rest

    token = {Phase.DIE: Reroll, Phase.TIMER: RestartEncounter, Phase.DRAW: RaiseHandLimit, Phase.REST: Rest}[phase]
    build, variants, offer = TOKEN_MOMENTS[phase]
    allowed = []
    for more in variants:
        state = build(more)
        assert state.phase is phase
        referee = ExpeditionReferee(state)
        hint = referee.hint(referee.start())
        legal = legal_actions(state)
        assert (offer in hint) == (token(state.leader) in legal), hint
        assert " the no " not in hint, hint
        if phase is Phase.DRAW:  # "Deal" is offered where it is allowed, else one card at a time (MAD-P09)
            assert ("\u201cDeal\u201d" in hint) == (Deal(state.leader) in legal), hint
        allowed.append(token(state.leader) in legal)
    assert allowed[0] and not all(allowed)  # seen both where the token may be spent and where it may not


def test_the_leader_calling_time_is_named_as_the_projects_decision_mad_p01():
    """The rulebook's Encounter Phase "ends as soon as the Sand Timer runs out"; the Leader's call is
    the project's device (MAD-P01): the board's line, its button's prompt and its hint name it so (the
    button's label is short: "Call time")."""
    referee = ExpeditionReferee(game_moment(4, tile="Frozen Bay"))
    node = LessonGraph(referee).node(LessonGraph(referee).start_id)
    assert "calls time" in node["decision"] and "MAD-P01" in node["decision"]
    assert node["choices"]["time"]["label"] == "Call time" and "MAD-P01" in node["choices"]["time"]["says"]["0"]
    assert "MAD-P01" in referee.hint(referee.start()) and "MAD-P01" in referee.idle(referee.start())


def test_a_searched_tile_is_drawn_face_up_for_that_one_moment_only():
    """MAD-R09: the board draws the tile a Search turned over, face up, while it is shown; the next
    action turns it face down again, and a seat sees only its space and nothing of it."""
    from rulesbook.lessons.madness.table import table_view
    from rulesbook.madness import examples

    seals = play_out(examples.seals(), "P1: play Tools 6", "P2: play Tools 3", "P3: play Books 4",
                     "P3: play Books 2", "P4: play Injury", "P1: time up", "P1: resolve", quiet=True)
    for space in ("M3", "Y2"):
        searched, _ = apply(seals, f"P1: search {space}")
        tile = searched.rules.pack.tiles[searched.board[space]]
        for seat in range(4):
            shown = table_view(searched, seat, ("mountain",))["search"]
            assert shown["space"] == space and shown["name"] == tile.name and shown["region"] == tile.region
            assert [row[0] for row in shown["challenges"]] == [c.type for c in tile.challenges]
            assert shown["reward"] == (tile.reward or "none")
        after, _ = apply(searched, "P1: for Books 7-9, roll the Penalty Die")
        assert "search" not in table_view(after, 0, ("mountain",))
        assert tile.name not in json.dumps(table_view(seals, 0, ("mountain",)))  # nothing of it before
