"""InfernoBoard's live path: the messages its JavaScript sends, answered by the rules library.

Each test sends `handle` exactly what the front end sends (see widgets/board.js) and
reads the synced traits the front end would draw. Rule ids: MOI-R05 (Bison King path), MOI-R06
(who may cancel), MOI-R09 (step II step).
"""

from __future__ import annotations

import json
import re

import pytest

from rulesbook.inferno import Position, bison_destinations, step_destinations
from rulesbook.lessons import unpack
from rulesbook.widgets import InfernoBoard, asset_path, board_module
from rulesbook.widgets.assets import _ordered

MOUNTAIN = Position.parse("""
MK+1   SB-3   DH+1   PM+2
DH+2@R PM+1   MK+2@Y SB+1
.      SB+2   PM+3   .
""")


@pytest.fixture
def board() -> InfernoBoard:
    return InfernoBoard.bison(MOUNTAIN, "R", ["BISON", "BISON"], step=True, moves=1)


def front_end_click(board: InfernoBoard, place: str, choice: str | None = "h0", pawn: str | None = None) -> None:
    board.handle({"type": "click", "node": board.history[-1][0], "choice": choice, "actor": pawn, "place": place})


def test_hello_is_answered_so_the_front_end_knows_a_kernel_is_there(board, monkeypatch):
    sent = []
    monkeypatch.setattr(board, "send", lambda content, buffers=None: sent.append(content))
    board.handle({"type": "hello"})
    assert sent == [{"type": "live"}]


def test_legal_bison_click_moves_the_pawn_and_says_so_MOI_R05(board):
    front_end_click(board, "1,3")
    assert board.position.pawn("R") == (1, 3)
    assert board.tone == "ok"
    assert "red pawn goes from the DH+2 card at (1, 0) to the SB+1 card at (1, 3)" in board.message
    assert len(board.history) == 2 and board.history[-1][1] == "bison R 1,3"
    assert [card["code"] for card in board.node()["hand"]] == ["BISON"]


def test_illegal_bison_click_explains_with_MOI_R05_and_changes_nothing(board):
    before = (list(board.history), board.position)
    for place in ("0,3", "1,2", "1,0", "-1,0"):  # too far, onto yellow, the start, an empty place
        front_end_click(board, place)
        assert board.tone == "no" and "(MOI-R05)" in board.message, place
        assert (board.history, board.position) == before
    front_end_click(board, "1,2")
    assert "never stop on it" in board.message


def test_every_live_answer_is_the_rules_library_answer_MOI_R05(board):
    for cards, choice in ((1, "h0"), (2, "h0+h1")):
        legal = bison_destinations(MOUNTAIN, "R", cards)
        assert board.targets(choice) == legal
        for place in sorted(set(MOUNTAIN.cards) | MOUNTAIN.empty_neighbours()):
            board.rewind(0)
            front_end_click(board, f"{place[0]},{place[1]}", choice)
            assert (board.tone == "ok") == (place in legal), (cards, place, board.message)


def test_two_cards_move_four_or_five_and_spend_both_MOI_R05(board):
    front_end_click(board, "1,1", "h0+h1")  # next door, but only by a detour of 4-5 cards
    assert board.position.pawn("R") == (1, 1)
    assert board.node()["hand"] == []


def test_moving_an_opponents_pawn_names_who_may_cancel_MOI_R06(board):
    front_end_click(board, "0,3", pawn="Y")
    assert board.position.pawn("Y") == (0, 3)
    assert "Yellow may cancel it at once with an Iron Fan Princess or a Guan Yin (MOI-R06)" in board.message
    board.rewind(0)
    front_end_click(board, "0,0")
    assert "Nobody may cancel it" in board.message


def test_phase_two_step_MOI_R09(board):
    assert board.targets("step") == step_destinations(MOUNTAIN, "R")
    front_end_click(board, "1,1", "step")
    assert board.position.pawn("R") == (1, 1) and board.tone == "ok"
    front_end_click(board, "0,1", "h0")
    assert board.tone == "no" and "The pawn has moved: cards are played in step I" in board.message


def test_undo_and_rewind_restore_earlier_states(board):
    front_end_click(board, "0,0")
    front_end_click(board, "0,1", "step")
    assert len(board.history) == 3
    board.handle({"type": "undo"})
    assert board.position.pawn("R") == (0, 0) and len(board.history) == 2
    board.handle({"type": "rewind", "to": 0})
    assert board.position == MOUNTAIN and len(board.history) == 1
    assert board.message == "Back to the start."


def test_live_moves_beyond_the_precomputed_lesson_are_added_to_it():
    board = InfernoBoard.bison(MOUNTAIN, "R", ["BISON"], moves=0)  # only the start is precomputed
    known = set(board.lesson["nodes"])
    front_end_click(board, "0,1")
    assert board.position.pawn("R") == (0, 1)
    assert board.history[-1][0] in board.lesson["nodes"]
    assert set(board.lesson["nodes"]) > known


def test_refused_choice_and_idle_click_explain_without_changing_anything():
    board = InfernoBoard.bison(MOUNTAIN, "R", ["BISON", "FAN"], moves=1)
    front_end_click(board, "0,0", choice="h1")
    assert board.tone == "no" and board.message.endswith("is what cancels a Bison King (rulebook I).")
    front_end_click(board, "0,0", choice=None)
    assert board.tone == "info" and "choose a card" in board.message
    assert len(board.history) == 1


def test_a_broken_message_never_shows_a_traceback(board):
    board.handle({"type": "click", "node": board.history[-1][0], "choice": "h0", "place": "nonsense"})
    assert board.tone == "no" and "Traceback" not in board.message and "went wrong" in board.message
    board.handle("not even a dict")
    assert board.tone == "no"
    assert len(board.history) == 1


def test_find_exercise_counts_right_answers_and_explains_wrong_ones_MOI_R05():
    position = Position.parse("MK+1 SB-3@R DH+1 PM+1@Y")
    board = InfernoBoard.find(position, "R", cards=1)
    assert board.exercise["answers"] == ["0,0", "0,2"]
    front_end_click(board, "0,0")
    assert board.found == ["0,0"] and "Found 1 of 2" in board.message
    assert board.position == position  # the exercise moves nothing
    front_end_click(board, "0,3")
    assert board.tone == "no" and "(MOI-R05)" in board.message and board.found == ["0,0"]
    front_end_click(board, "0,0")
    assert "already" in board.message
    front_end_click(board, "0,2")
    assert "all 2" in board.message
    board.handle({"type": "undo"})
    assert board.found == ["0,0"]


def test_repr_is_stable_for_nbval(board):
    text = repr(board)
    assert text == "InfernoBoard(Red to play; hand: Mighty Bison King, Mighty Bison King; moves: 0)"
    assert not re.search(r"0x[0-9a-f]+", text)
    bundle, _ = board._repr_mimebundle_()
    assert bundle["text/plain"] == text


def test_synced_state_is_plain_json_and_carries_the_shell_and_the_mountain(board):
    state = board.get_state()
    json.dumps({key: state[key] for key in ("_picture", "lesson", "history", "message", "tone", "found")})
    assert state["_picture"] == "inferno" and state["lesson"]["picture"] == "inferno"
    assert state["_esm"] == board_module("inferno") and state["_esm"].endswith("export default { render };\n")
    assert "class Board" in state["_esm"] and "boardRender({ inferno })" in state["_esm"]
    assert ".rb-board" in state["_css"] and ".rb-mountain" in state["_css"]


def test_the_wheel_ships_the_files_the_widget_loads():
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    shipped = config["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    for name in ("board.js", "board.css", "static_page.js", "site.css", "pictures"):
        assert shipped[f"widgets/{name}"] == f"rulesbook/widgets/static/{name}"
    # Every module the site's and the Play page's scripts are built from (a new one was once left out).
    needed = {module.name for entry in ("site.js", "play_page.js")
              for module in _ordered(entry, {"site.js": 'import { startPage } from "./static_page.js";'}, keep_exports=False)}
    assert {"page_model.js", "progress.js", "play_page.js"} <= needed
    assert [name for name in sorted(needed) if f"widgets/{name}" not in shipped and not name.startswith("pictures/")] == ["site.js"]
    for name in ("board.js", "board.css", "static_page.js", "site.css", "pictures/inferno.js", "pictures/inferno.css"):
        assert asset_path(name).is_file()


def wire(data: dict) -> dict:
    """A comm message as the Jupyter front end sends it to the kernel (widget protocol 2)."""
    return {"content": {"comm_id": "test", "data": data}, "buffers": []}


def test_the_front_ends_wire_messages_reach_the_rules_library(board):
    # What model.send({...}) in board.js arrives as, through ipywidgets' own dispatch.
    board._handle_msg(wire({"method": "custom", "content": {
        "type": "click", "node": board.history[-1][0], "choice": "h0", "actor": "R", "place": "0,3"}}))
    assert "(MOI-R05)" in board.message and len(board.history) == 1
    board._handle_msg(wire({"method": "custom", "content": {
        "type": "click", "node": board.history[-1][0], "choice": "h0", "actor": "R", "place": "2,2"}}))
    assert board.position.pawn("R") == (2, 2)
    board._handle_msg(wire({"method": "custom", "content": {"type": "rewind", "to": 0}}))
    assert board.position == MOUNTAIN


def test_a_state_update_from_the_front_end_is_taken_in(board):
    # Before the kernel answers "live", the page plays from the lesson data and saves its state.
    target = unpack(board.lesson)["s0"]["options"]["bison1:R"]["targets"]["2,2"]
    board._handle_msg(wire({"method": "update", "state": {"history": [["s0", ""], [target[0], "moved"]]}, "buffer_paths": []}))
    assert board.position.pawn("R") == (2, 2)


def test_step_refusals_name_the_card_as_printed_MOI_R09(board):
    front_end_click(board, "2,2", "step")  # two cards away, not next to the pawn
    assert board.message.startswith("The PM+3 card at (2, 2) is not next to the pawn") and "(MOI-R09)" in board.message


def test_a_find_exercise_about_another_players_pawn_judges_that_pawns_step_MOI_R09():
    """An exercise made for a pawn other than the decider's own (the Chinese step moves anyone's)
    judges each click for that pawn in Python as the page does (board.js plays the exercise's option)."""
    from rulesbook.inferno import Rules, game_moment
    from rulesbook.inferno.state import Phase

    state = game_moment("DH+1 PM+2@B SB+1\nMK+2 SB+2@R PM+1\nPM+3 DH+2@Y MK+1", ["MK+1 FAN", "SB+3", "PM+1"],
                        rules=Rules(edition="zh"), phase=Phase.STEP)
    board = InfernoBoard.find_in_game(state, "step", pawn="B")
    assert sorted(board.exercise["answers"]) == ["0,0", "0,2"]
    assert board.click((0, 0)).startswith("Right: the blue pawn may step") and board.found == ["0,0"]
    assert "MOI-R09" in board.click((1, 0)) and board.tone == "no"  # red's step, not blue's
    assert "blue pawn may step" in board.click((0, 2)) and board.tone == "ok"
    assert board.found == ["0,0", "0,2"]
