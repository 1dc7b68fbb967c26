"""Scoring (rulebook "Scoring", MOI-R11, MOI-R17) and condition a (rulebook III a, MOI-R13)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st
from inferno_strategies import mountains
from test_inferno_position import SCORING_EXAMPLE

from rulesbook.inferno import DISCIPLE_CARDS, Colour, Disciple, Position, Rules, complete_crosses, score
from rulesbook.inferno.effects import has_room
from rulesbook.inferno.position import place_code
from rulesbook.inferno.scoring import _LINES, COLUMN, ROW, _best_through, best_window, is_complete_cross, line_sums, windows


def test_the_rulebook_scoring_example_black_3_red_7_blue_10():
    position = Position.parse(SCORING_EXAMPLE)
    assert complete_crosses(position) == {position.pawn("K")}
    assert score(position, "K", ended=True) == 3  # row 1 + column 2, the MK-3 counted in both
    assert score(position, "R") == 7  # row 5 + column 2
    assert score(position, "B") == 10  # row 7 + column 3


def test_the_ender_would_have_scored_more_without_the_doubled_minus_three():
    # The same pawn scored as in condition b counts MK-3 once: 1 + 2 - (-3).
    assert score(Position.parse(SCORING_EXAMPLE), "K") == 6


def test_a_window_holds_no_disciple_twice_MOI_R17():
    position = Position.parse("MK+3 PM+1@R MK+2 SB+2")
    # MK+3 PM+1 would be 4, but then MK+2 SB+2 cannot join; PM+1 MK+2 SB+2 is 5.
    assert score(position, "R") == 5


def test_a_window_is_at_most_four_cards_and_the_best_is_chosen_MOI_R17():
    position = Position.parse("DH+3 MK+3 PM+3@R SB+3 DH+2")
    assert score(position, "R") == 12  # four of the five, the best four
    assert score(Position.parse("MK-3 PM+1@R"), "R") == 1  # a window may stop short of a -3


def test_the_pawns_card_counts_once_in_condition_b():
    assert score(Position.parse("MK+2 PM+3@R\n. SB+1"), "R") == 6


def test_a_lone_card_scores_its_own_value_negative_included():
    assert score(Position.parse("SB-3@B"), "B") == -3


def test_condition_a_needs_four_different_disciples_both_ways():
    text = ". MK+1 . .\nMK+2 PM+1@R SB+1 DH+1\n. SB+2 . .\n. DH+2 . ."
    position = Position.parse(text)
    assert complete_crosses(position) == {(1, 1)}
    assert score(position, "R", ended=True) == (2 + 1 + 1 + 1) + (1 + 1 + 2 + 2)
    broken = Position.parse(text.replace("DH+2", "SB+3"))
    assert complete_crosses(broken) == set()
    with pytest.raises(ValueError) as refused:
        score(broken, "R", ended=True)
    assert str(refused.value) == "the red pawn is not alone at a complete cross, so it cannot score the doubled cross (MOI-R11, MOI-R13)"


def test_the_doubled_cross_takes_the_best_complete_window_of_a_line_MOI_R11():
    # Two complete windows run through SB+3 along its row: MK+1 PM+2 SB+3 DH+1 (7) and
    # PM+2 SB+3 DH+1 MK+3 (9); the column has one, MK+2 SB+3 DH+2 PM+1 (8).
    position = Position.parse(".    .    MK+2   .    .\nMK+1 PM+2 SB+3@R DH+1 MK+3\n.    .    DH+2   .    .\n.    .    PM+1   .    .")
    assert complete_crosses(position) == {position.pawn("R")}
    assert score(position, "R", ended=True) == 9 + 8


ZH = Rules(edition="zh")


def test_zh_the_ender_scores_at_their_own_pawn_off_a_cross_with_no_error_MOI_R11():
    # Red stands on PM+3, far from any cross: its row PM+3 SB+1 (4), its column DH+2 PM+3 (5).
    position = Position.parse("DH+2   .      .\nPM+3@R SB+1   .")
    assert complete_crosses(position) == set()
    assert score(position, "R") == 4 + 5 - 3 == 6
    assert score(position, "R", ended=True, rules=ZH) == 4 + 5 == 9  # PM+3 counted twice
    with pytest.raises(ValueError, match="MOI-R11"):
        score(position, "R", ended=True)  # EN: only a pawn alone at a complete cross doubles


def test_zh_the_ender_counts_a_negative_card_once_en_twice_MOI_R11():
    position = Position.parse(SCORING_EXAMPLE)  # black on MK-3 at a complete cross
    assert score(position, "K", ended=True) == 3  # EN: the -3 counts in both lines
    assert score(position, "K", ended=True, rules=ZH) == score(position, "K") == 6  # ZH "may": not when it costs
    assert score(position, "K", ended=True, rules=Rules(doubling_optional=True)) == 6  # the switch alone
    assert score(Position.parse("SB-3@B"), "B", ended=True, rules=ZH) == -3


def test_zh_the_ender_may_stop_short_of_a_minus_three_even_at_a_cross_MOI_R11_MOI_R17():
    # At a complete cross EN takes the four-card windows; the ZH ender takes the best windows.
    position = Position.parse(". SB+2 . .\nMK-3 PM+1@R SB+1 DH+1\n. MK+1 . .\n. DH+2 . .")
    assert complete_crosses(position) == {(1, 1)}
    assert score(position, "R", ended=True) == (-3 + 1 + 1 + 1) + (2 + 1 + 1 + 2) == 6
    assert score(position, "R", ended=True, rules=ZH) == (1 + 1 + 1) + (2 + 1 + 1 + 2) == 9


def test_zh_an_ender_sharing_a_card_still_doubles_MOI_R11_MOI_R13():
    rules = Rules(edition="zh", two_pawns=True)
    position = Position.parse("DH+2     .\nPM+3@RY SB+1", rules)
    assert score(position, "R", ended=True, rules=rules) == score(position, "Y", ended=True, rules=rules) == 9
    with pytest.raises(ValueError, match="MOI-R11"):
        score(position, "R", ended=True, rules=Rules(two_pawns=True))


def test_two_pawns_on_the_intersection_never_end_the_round_MOI_R13():
    rules = Rules(two_pawns=True)
    text = ". MK+1 . .\nMK+2 PM+1@RB SB+1 DH+1\n. SB+2 . .\n. DH+2 . ."
    assert complete_crosses(Position.parse(text, rules), rules) == set()
    assert complete_crosses(Position.parse(text.replace("@RB", "@R"), rules), rules) == {(1, 1)}


def test_other_pawns_may_stand_on_the_crossing_sequences():
    position = Position.parse(". MK+1@Y . .\nMK+2@B PM+1@R SB+1 DH+1@K\n. SB+2 . .\n. DH+2 . .")
    assert complete_crosses(position) == {(1, 1)}


# --- oracles ----------------------------------------------------------------------------------
def runs_through(position, place, d_row, d_column):
    """All segments of adjacent cards through place along one direction (any length)."""
    line = [place]
    for sign in (-1, 1):
        step = 1
        while (near := (place[0] + sign * step * d_row, place[1] + sign * step * d_column)) in position.cards:
            line.append(near)
            step += 1
    line.sort()
    index = line.index(place)
    return [line[a:b] for a in range(index + 1) for b in range(index + 1, len(line) + 1)]


def oracle_best(position, place, ended):
    best = None
    for row in runs_through(position, place, 0, 1):
        for column in runs_through(position, place, 1, 0):
            segments = (row, column)
            if any(len(seg) > 4 or len({position.cards[p].disciple for p in seg}) != len(seg) for seg in segments):
                continue
            if ended and any(len(seg) != 4 for seg in segments):
                continue
            total = sum(position.cards[p].value for p in row) + sum(position.cards[p].value for p in column)
            if not ended:
                total -= position.cards[place].value
            best = total if best is None else max(best, total)
    return best


def oracle_ender(position, place):
    """ZH ender (MOI-R11): every pair of windows, the pawn's card counted twice or once, the best."""
    best = None
    value = position.cards[place].value
    for row in runs_through(position, place, 0, 1):
        for column in runs_through(position, place, 1, 0):
            if any(len(seg) > 4 or len({position.cards[p].disciple for p in seg}) != len(seg) for seg in (row, column)):
                continue
            twice = sum(position.cards[p].value for p in row) + sum(position.cards[p].value for p in column)
            for total in (twice, twice - value):
                best = total if best is None else max(best, total)
    return best


@given(mountains(min_pawns=1, max_cards=30), st.sampled_from([Rules(), Rules(two_pawns=True)]))
def test_score_and_crosses_match_an_exhaustive_search(position, rules):
    for colour, place in position.pawns.items():
        assert score(position, colour, rules=rules) == oracle_best(position, place, ended=False)
        doubled = oracle_best(position, place, ended=True)
        alone = len(position.pawns_at(place)) == 1
        assert (place in complete_crosses(position, rules)) == (doubled is not None and alone)
        if doubled is not None and alone:
            assert score(position, colour, ended=True, rules=rules) == doubled
    crosses = complete_crosses(position, rules)
    for place in position.cards:  # asked of any card: only where a lone pawn stands (MOI-R13)
        assert is_complete_cross(position, place, rules) == (place in crosses)


@given(st.data(), st.sampled_from([Rules(edition="zh"), Rules(edition="zh", two_pawns=True)]))
def test_the_zh_ender_score_matches_an_exhaustive_search_MOI_R11(data, rules):
    position = data.draw(mountains(rules, min_pawns=1, max_cards=30))
    for colour, place in position.pawns.items():
        assert score(position, colour, rules=rules) == oracle_best(position, place, ended=False)
        assert score(position, colour, ended=True, rules=rules) == oracle_ender(position, place)
        assert complete_crosses(position, rules) == complete_crosses(position, Rules(two_pawns=rules.two_pawns))


@st.composite
def crossing_mountains(draw):
    """Mountains built round a complete cross, so condition a is actually exercised."""
    pool = list(draw(st.permutations(DISCIPLE_CARDS)))
    centre = pool.pop()
    others = [d for d in Disciple if d is not centre.disciple]
    row_order = draw(st.permutations(others))
    column_order = draw(st.permutations(others))
    at_row, at_column = draw(st.integers(0, 3)), draw(st.integers(0, 3))
    cards = {(4, 4): centre}

    def take(disciple):
        card = next(c for c in pool if c.disciple is disciple)
        pool.remove(card)
        return card

    row_places = [(4, 4 - at_row + i) for i in range(4) if i != at_row]
    column_places = [(4 - at_column + i, 4) for i in range(4) if i != at_column]
    for place, disciple in zip(row_places, row_order):
        cards[place] = take(disciple)
    for place, disciple in zip(column_places, column_order):
        cards[place] = take(disciple)
    extra = draw(st.integers(0, 8))
    for _ in range(extra):
        frontier = sorted({(r + dr, c + dc) for r, c in cards for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))} - set(cards))
        cards[draw(st.sampled_from(frontier))] = pool.pop()
    return Position(cards, {draw(st.sampled_from(list(Colour))): (4, 4)})


@given(crossing_mountains())
def test_a_built_cross_is_found_and_scored_as_the_exhaustive_search_says(position):
    (colour, place), = position.pawns.items()
    assert place in complete_crosses(position)
    assert score(position, colour, ended=True) == oracle_best(position, place, ended=True)
    assert score(position, colour, ended=True, rules=ZH) == oracle_ender(position, place)  # MOI-R11


# The windows themselves (MOI-R17), as the lessons and the board's window finder list them.


def test_windows_are_every_run_of_one_to_four_cards_through_the_place_MOI_R17():
    """A window is 1-4 adjacent cards of one row or column through the pawn's card: never five,
    reaching at most three cards to either side, and none across a gap."""
    position = Position.parse("DH+1 MK+1 PM+1 SB+1@R DH+2 MK+2 PM+2 . SB+3", whole=False)
    red = position.pawn("R")
    assert red == (0, 3)
    found = set(windows(position, red, ROW))
    runs = {(start, end) for start in range(0, 4) for end in range(3, 7) if end - start <= 3}
    assert found == {tuple((0, column) for column in range(start, end + 1)) for start, end in runs}
    assert len(found) == 10 and max(len(window) for window in found) == 4
    assert set(windows(position, red, COLUMN)) == {(red,)}  # nothing above or below: the card alone
    assert len(list(windows(position, red, ROW))) == len(found)  # each window once


def test_windows_run_up_and_down_a_column_as_along_a_row_MOI_R17():
    """The same windows in a column: the cards above come first, each window listed once."""
    position = Position.parse("DH+1\nMK+1\nPM+1\nSB+1@R\nDH+2\nMK+2\nPM+2\n.\nSB+3", whole=False)
    red = position.pawn("R")
    assert red == (3, 0)
    listed = list(windows(position, red, COLUMN))
    runs = {(start, end) for start in range(0, 4) for end in range(3, 7) if end - start <= 3}
    assert set(listed) == {tuple((row, 0) for row in range(start, end + 1)) for start, end in runs}
    assert len(listed) == len(set(listed)) == 10
    assert set(windows(position, red, ROW)) == {(red,)}
    assert best_window(position, red, COLUMN) == ((3, 0), (4, 0), (5, 0), (6, 0))  # 1 + 2 + 2 + 2


def test_windows_show_no_disciple_twice_and_the_best_is_worth_most_MOI_R17():
    position = Position.parse("MK+3 PM+1@R MK+2 SB+2")
    red = position.pawn("R")
    listed = list(windows(position, red, ROW))
    assert set(listed) == {((0, 1),), ((0, 0), (0, 1)), ((0, 1), (0, 2)), ((0, 1), (0, 2), (0, 3))}
    assert len(listed) == 4  # each once, though a window could grow further on neither side
    assert best_window(position, red, ROW) == ((0, 1), (0, 2), (0, 3))  # 5, more than MK+3 PM+1 (4)
    assert best_window(position, red, ROW, complete=True) is None  # no four different disciples
    full = Position.parse("DH+3 MK+3 PM+3@R SB+3 DH+2")
    assert best_window(full, full.pawn("R"), ROW, complete=True) == ((0, 0), (0, 1), (0, 2), (0, 3))  # 12, not 11
    assert best_window(full, full.pawn("R"), COLUMN) == ((0, 2),)
    assert best_window(full, full.pawn("R"), COLUMN, complete=True) is None


@pytest.mark.parametrize(("text", "rules", "room"), [
    ("MK+1 PM+1@R", Rules(), True),  # an empty card
    ("MK+1@B PM+1@R", Rules(), False),  # one pawn is the limit (MOI-R13)
    ("MK+1@B PM+1@R", Rules(two_pawns=True), True),  # the optional rule: a second pawn may join
    ("MK+1@BK PM+1@R", Rules(two_pawns=True), False),  # but not a third
])
def test_has_room_is_below_the_pawn_limit_of_a_card_MOI_R13(text, rules, room):
    position = Position.parse(text, rules)
    assert has_room(position, (0, 0), rules) is room


@given(st.lists(st.sampled_from(DISCIPLE_CARDS), min_size=1, max_size=7), st.data())
def test_the_best_window_through_a_card_is_line_sums_best_without_the_line(line, data):
    # `_best_through` (each turn's scores) and `line_sums` (the bots' weighing) agree on every line.
    at = data.draw(st.integers(0, len(line) - 1))
    start = max(0, at - 3)
    line = line[start : at + 4]
    at -= start
    cards = {place_code((0, column)): card for column, card in enumerate(line)}
    left, right, _, _ = _LINES[place_code((0, at))]
    assert _best_through(cards, place_code((0, at)), left, right) == line_sums(tuple(line), at)[0]
