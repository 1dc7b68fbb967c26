"""The pilot chapter's boards in Chromium, on the static site with no kernel.

Every answer on the page was precomputed by the rules library; these tests click as a reader
would and compare what the page shows with what the library says (MOI-R05, MOI-R06).
"""

from __future__ import annotations

from rulesbook.inferno import Position, bison_destinations

MOUNTAIN = Position.parse("""
MK+1   SB-3   DH+1   PM+2
DH+2@R PM+1   MK+2@Y SB+1
.      SB+2   PM+3   .
""")
EXERCISE = Position.parse("""
SB+1   MK+2   .      DH+3
PM+2@B DH+1   SB+2   MK+1
.      PM+1@R MK-3   PM+1
""")
ONE_CARD, TWO_CARDS, EITHER_PAWN, WORKED, FIND, FROM_PYTHON = range(6)


def places(board, selector: str) -> set[tuple[int, int]]:
    keys = board.locator(selector).evaluate_all("nodes => nodes.map(n => n.getAttribute('data-place'))")
    return {tuple(int(part) for part in key.split(",")) for key in keys}


def pawn_places(board) -> dict[str, tuple[int, int]]:
    found = board.locator("[data-pawn]").evaluate_all(
        "nodes => nodes.map(n => [n.getAttribute('data-pawn'), n.closest('[data-place]').getAttribute('data-place')])"
    )
    return {colour: tuple(int(part) for part in key.split(",")) for colour, key in found}


def message(board) -> str:
    return board.locator(".rb-message").text_content()


def test_the_board_shows_the_mountains_cards_and_pawns(chapter):
    board = chapter.locator(".rb-board").nth(ONE_CARD)
    assert places(board, ".rb-card") == set(MOUNTAIN.cards)
    for place, card in MOUNTAIN.cards.items():
        drawn = board.locator(f'[data-place="{place[0]},{place[1]}"]')
        text = drawn.text_content()
        assert card.disciple.code in text and str(abs(card.value)) in text and card.disciple.english.replace(" ", "") in text
        assert drawn.locator("title").text_content().startswith(f"{card.disciple.english} {card.code} at row {place[0]}, column {place[1]}")
    assert pawn_places(board) == {"R": (1, 0), "Y": (1, 2)}
    assert board.locator(".rb-hand-card").all_text_contents() == ["Mighty Bison King"]
    assert "Red to play" in board.locator(".rb-decision").text_content()
    assert board.locator(".rb-negative").count() == 1  # SB-3: dashed, not colour alone


def test_choosing_cards_highlights_exactly_the_legal_destinations_MOI_R05(chapter):
    board = chapter.locator(".rb-board").nth(TWO_CARDS)
    board.locator('[data-hand="0"]').click()
    assert places(board, ".rb-target") == bison_destinations(MOUNTAIN, "R", 1)
    board.locator('[data-hand="1"]').click()
    assert places(board, ".rb-target") == bison_destinations(MOUNTAIN, "R", 2)
    board.locator('[data-place="1,2"]').click()  # the yellow pawn: the cards now move yellow
    assert places(board, ".rb-target") == bison_destinations(MOUNTAIN, "Y", 2)
    assert "yellow" in message(board)


def test_clicking_a_highlighted_destination_moves_the_pawn_and_says_so(chapter):
    board = chapter.locator(".rb-board").nth(ONE_CARD)
    board.locator('[data-hand="0"]').click()
    board.locator('[data-place="1,3"]').click()
    assert pawn_places(board) == {"R": (1, 3), "Y": (1, 2)}
    assert "the red pawn goes from the DH+2 card at (1, 0) to the SB+1 card at (1, 3)" in message(board)
    assert board.locator(".rb-message").get_attribute("data-tone") == "ok"
    assert board.locator(".rb-log-entry").count() == 2


def test_clicking_an_illegal_place_explains_MOI_R05_and_moves_nothing(chapter):
    board = chapter.locator(".rb-board").nth(ONE_CARD)
    board.locator('[data-hand="0"]').click()
    for place in ("0,3", "1,0", "-1,0", "1,2"):  # too far, the start, an empty place, yellow's card
        board.locator(f'[data-place="{place}"]').click()
        assert "MOI-R05" in message(board), place
        assert board.locator(".rb-message").get_attribute("data-tone") == "no"
        assert pawn_places(board) == {"R": (1, 0), "Y": (1, 2)}
    assert "pass over another pawn but never stop on it" in message(board)
    board.locator('[data-place="0,3"]').click()
    assert "no path from" in message(board) and "is that long: the shortest is 4 cards" in message(board)


def test_a_refusal_or_a_hint_keeps_the_picture_and_a_move_draws_it_anew(chapter):
    """The shell draws the picture again only when what it shows changed (board.js, draw): a refused
    place or a hint changes the words, not the Mountain, so its elements stay (a phone redraws less);
    each refusal still marks its own place alone."""
    board = chapter.locator(".rb-board").nth(ONE_CARD)
    board.locator('[data-hand="0"]').click()
    board.evaluate("root => { root.querySelector('.rb-picture [data-place=\"1,3\"]').dataset.kept = 'yes'; }")
    kept = '.rb-picture [data-place="1,3"][data-kept]'
    for place in ("0,3", "-1,0"):
        board.locator(f'[data-place="{place}"]').click()
        assert "MOI-R05" in message(board) and places(board, ".rb-refused") == {tuple(int(n) for n in place.split(","))}
        assert board.locator(kept).count() == 1, f"a refused click on {place} drew the picture again"
    board.locator(".rb-hint").click()
    assert board.locator(kept).count() == 1, "the hint drew the picture again"
    board.locator('[data-place="1,3"]').click()
    assert pawn_places(board)["R"] == (1, 3) and board.locator(kept).count() == 0, "a move shows a new picture"
    assert places(board, ".rb-refused") == set()
    board.locator(".rb-undo").click()
    assert pawn_places(board) == {"R": (1, 0), "Y": (1, 2)}


def test_undo_restores_the_board(chapter):
    board = chapter.locator(".rb-board").nth(ONE_CARD)
    board.locator('[data-hand="0"]').click()
    board.locator('[data-place="2,2"]').click()
    assert pawn_places(board)["R"] == (2, 2)
    board.locator(".rb-undo").click()
    assert pawn_places(board) == {"R": (1, 0), "Y": (1, 2)}
    assert board.locator(".rb-hand-card").count() == 1 and board.locator(".rb-log-entry[aria-current]").text_content() == "Start"
    assert board.locator(".rb-log-ahead").count() == 1  # the move undone, kept to play again
    assert board.locator(".rb-undo").get_attribute("aria-disabled") == "true"


def test_moving_an_opponents_pawn_says_who_may_cancel_MOI_R06(chapter):
    board = chapter.locator(".rb-board").nth(EITHER_PAWN)
    board.locator('[data-hand="1"]').click()  # the Iron Fan Princess is not a move of this lesson
    assert "is what cancels a Bison King (rulebook I)" in message(board)
    board.locator('[data-hand="1"]').click()
    board.locator('[data-hand="0"]').click()
    board.locator('[data-place="1,2"]').click()
    board.locator('[data-place="0,3"]').click()
    assert pawn_places(board) == {"R": (1, 0), "Y": (0, 3)}
    assert "Yellow may cancel it at once with an Iron Fan Princess or a Guan Yin (MOI-R06)" in message(board)


def test_move_log_entries_rewind_the_board(chapter):
    board = chapter.locator(".rb-board").nth(WORKED)
    board.locator('[data-hand="0"]').click()
    board.locator('[data-place="2,2"]').click()
    board.locator('[data-choice="step"]').click()
    board.locator('[data-place="2,1"]').click()
    assert pawn_places(board)["R"] == (2, 1)
    assert "has moved: the turn goes on to steps III and IV" in board.locator(".rb-decision").text_content()
    board.locator('.rb-log-entry[data-entry="1"]').click()
    assert pawn_places(board)["R"] == (2, 2)
    board.locator('.rb-log-entry[data-entry="0"]').click()
    assert pawn_places(board)["R"] == (1, 0)


def test_the_move_log_says_who_moved_and_keeps_the_moves_taken_back(chapter):
    board = chapter.locator(".rb-board").nth(WORKED)
    entry = lambda number: board.locator(f'.rb-log-entry[data-entry="{number}"]')  # noqa: E731
    ahead = board.locator(".rb-log-ahead .rb-log-entry")
    board.locator('[data-hand="0"]').click()
    board.locator('[data-place="2,2"]').click()
    bison = message(board)
    board.locator('[data-choice="step"]').click()
    board.locator('[data-place="2,1"]').click()
    step = message(board)
    logged = [entry(1).text_content(), entry(2).text_content()]
    # The notation in the log; under it, shown (a phone has no tooltip), the move's own sentence,
    # which names the mover: for a screen reader the entry's name, the sentence first, then the notation.
    assert bison.startswith("Red ") and step.startswith("Red ") and logged[0] not in (bison, step)
    said = lambda number: entry(number).get_attribute("aria-label").split(" \u2014 ")[0]  # noqa: E731
    assert [said(1), said(2)] == [bison, step] and board.locator(".rb-log-said").all_text_contents() == [bison, step]
    assert entry(2).get_attribute("aria-label") == f"{step} \u2014 {logged[1]}"

    board.locator('[data-tool="reset"]').click()  # Start again loses nothing: the moves stay, marked
    assert pawn_places(board)["R"] == (1, 0) and ahead.all_text_contents() == logged
    assert message(board) == "Back to the start. The moves taken back stay in the move log, greyed and marked “taken back”: press one to play up to it again."
    assert entry(2).get_attribute("aria-label") == f"{step} \u2014 {logged[1]}, taken back: press to play it again"
    assert said(2) == step
    entry(2).click()  # forward through both, the last one said again
    assert pawn_places(board)["R"] == (2, 1) and message(board) == step and ahead.count() == 0
    assert entry(2).get_attribute("aria-current") == "step"

    board.locator('[data-tool="undo"]').click()
    assert ahead.all_text_contents() == logged[1:]
    entry(0).click()
    assert ahead.all_text_contents() == logged
    board.locator('[data-hand="0"]').click()
    board.locator('[data-place="2,2"]').click()  # the move taken back, made again: the rest stays ahead
    assert ahead.all_text_contents() == logged[1:]
    entry(0).click()
    other = sorted(bison_destinations(MOUNTAIN, "R", 1) - {(2, 2)})[0]
    board.locator('[data-hand="0"]').click()
    board.locator(f'[data-place="{other[0]},{other[1]}"]').click()  # another move: the old line goes
    assert pawn_places(board)["R"] == other and ahead.count() == 0


def test_the_board_is_usable_from_the_keyboard(chapter):
    board = chapter.locator(".rb-board").nth(ONE_CARD)
    board.locator('[data-hand="0"]').focus()
    chapter.keyboard.press("Enter")
    assert board.locator('[data-hand="0"]').get_attribute("aria-pressed") == "true"
    said = board.locator('[data-hand="0"]').aria_snapshot()  # pressed, in words, with no tick read out
    assert said.endswith("[pressed]") and "\u2713" not in said, said
    chapter.keyboard.press("Escape")  # the card goes back to the hand; Enter chooses it again
    assert board.locator('[data-hand="0"]').get_attribute("aria-pressed") == "false" and board.locator(".rb-target").count() == 0
    chapter.keyboard.press("Enter")
    assert board.locator('[data-hand="0"]').get_attribute("aria-pressed") == "true"
    board.locator(".rb-picture").focus()
    assert places(board, ".rb-cursor") == {(0, 0)}
    chapter.keyboard.press("ArrowDown")
    chapter.keyboard.press("ArrowRight")
    assert places(board, ".rb-cursor") == {(1, 1)}
    chapter.keyboard.press("Enter")
    assert pawn_places(board)["R"] == (1, 1)
    assert "to the PM+1 card at (1, 1)" in message(board)
    assert "\u2713" not in board.locator(".rb-message").aria_snapshot()  # the tick is for the eye


def test_the_key_d_says_the_mountain_row_by_row(chapter):
    """A screen reader learnt the position only by walking every place (20 to 40 arrow presses):
    D says the Mountain in one sentence, row by row, each card by its column and its pawns; it is
    hidden from the eye, which sees the picture."""
    board = chapter.locator(".rb-board").nth(ONE_CARD)
    colour = {"R": "red", "Y": "yellow"}
    rows = {}
    for (row, column), card in sorted(MOUNTAIN.cards.items()):
        said = f"{card.code} in column {column}"
        pawns = MOUNTAIN.pawns_at((row, column))
        if pawns:
            said += f" with the {' and '.join(colour[pawn.letter] for pawn in pawns)} pawn"
        rows.setdefault(row, []).append(said)
    expected = "The Mountain, row by row: " + "; ".join(f"row {row}: {', '.join(said)}" for row, said in rows.items()) + "."
    assert "row 1: DH+2 in column 0 with the red pawn, PM+1 in column 1, MK+2 in column 2 with the yellow pawn" in expected
    board.locator(".rb-picture").focus()
    chapter.keyboard.press("d")
    assert message(board) == expected
    summary = board.locator(".rb-picture p.rb-said-mark")
    assert summary.text_content() == expected and summary.bounding_box()["width"] <= 1  # for the ear only
    assert "(1 more)" in board.locator(".rb-facts-count").text_content()


def test_the_exercise_checks_the_readers_clicks_MOI_R05(chapter):
    board = chapter.locator(".rb-board").nth(FIND)
    answers = bison_destinations(EXERCISE, "R", 1)
    assert board.locator(".rb-target").count() == 0  # the answers are hidden
    board.locator('[data-place="0,3"]').click()  # DH+3: four cards away
    assert "MOI-R05" in message(board) and board.locator(".rb-found").count() == 0
    for index, (row, column) in enumerate(sorted(answers), start=1):
        board.locator(f'[data-place="{row},{column}"]').click()
        assert f"{index} of {len(answers)}" in message(board) or "That is all" in message(board)
    assert places(board, ".rb-found") == answers
    assert "well done" in message(board)
    assert pawn_places(board) == {"B": (1, 0), "R": (2, 1)}


def test_a_board_set_up_from_python_shows_that_state_and_can_undo_it(chapter):
    board = chapter.locator(".rb-board").nth(FROM_PYTHON)
    assert pawn_places(board) == {"R": (0, 3), "Y": (1, 2)}
    assert board.locator(".rb-log-entry").count() == 2
    board.locator(".rb-undo").click()
    assert pawn_places(board) == {"R": (1, 0), "Y": (1, 2)}
    assert board.locator(".rb-hand-card").count() == 2
    # This board was computed one move deep: a legal second move is named but not played.
    board.locator('[data-hand="0"]').click()
    board.locator('[data-place="0,0"]').click()
    board.locator('[data-choice="step"]').click()
    board.locator('[data-place="0,1"]').click()
    assert "stops before that move" in message(board) and "(0, 1)" in message(board)
    assert pawn_places(board) == {"R": (0, 0), "Y": (1, 2)}


def test_no_console_errors_and_nothing_loaded_from_outside(chapter):
    assert chapter.locator(".rb-board").count() == 6
    for index in range(6):
        board = chapter.locator(".rb-board").nth(index)
        board.locator(".rb-hint").click()
        board.locator('[data-place="0,0"]').click()
    assert "Traceback" not in chapter.locator("body").text_content()
    assert chapter.seen["errors"] == []
    assert chapter.seen["outside"] == []
