"""What a Madness board draws for one seat, as plain JSON parts, and the names of its places.

Built from the seat's player view alone, so a board never shows another player's hand or Madness
text (ruling MAD-R08).
"""

from __future__ import annotations

from typing import Any

from rulesbook.madness.actions import seat_text
from rulesbook.madness.render import challenge_words
from rulesbook.madness.challenges import parse_challenge
from rulesbook.madness.state import Phase, State
from rulesbook.madness.views import player_view

SLED, TIMER, DIE, DECK, DISCARD = "sled", "timer", "die", "deck", "discard"
#: What a place is called in a sentence.
PLACE_WORDS = {SLED: "the Sled", TIMER: "the Sand Timer", DIE: "the Penalty Die", DECK: "the Equipment deck",
               DISCARD: "the Equipment discard"}


def player_place(player: int) -> str:
    """A player's board on the picture: "P1", "P2" ..."""
    return seat_text(player)


def player_of(place: str) -> int | None:
    """The seat whose board a place is ("P2" -> 1), or None for any other place."""
    if len(place) == 2 and place[0] == "P" and place[1].isdigit():
        return int(place[1]) - 1
    return None


def _challenge_row(text: str, verdict: list | None = None) -> list:
    """A challenge as the picture draws a row of a tile: its type, its range in words, its verdict."""
    return [parse_challenge(text).type, challenge_words(text).split(" ", 1)[1], verdict]


def table_view(state: State, seat: int, parts: tuple[str, ...]) -> dict[str, Any]:
    """What a board draws for `seat`, as plain JSON parts (the picture widgets/pictures/madness.js
    draws them): the mountain, the tile, the Sled and its tokens, the die, the timer, the decks and
    the players' boards. Built from the seat's player view alone."""
    view = player_view(state, seat, with_legal=False)
    out: dict[str, Any] = {"seat": seat}
    if "mountain" in parts:
        board = view["board"]
        out["spaces"] = [[name, space["region"], space["row"], space["column"], space["tile"] is not None] for name, space in board.items()]
        out["links"] = sorted({tuple(sorted((name, other))) for name, space in board.items() for other in space["adjacent"]})
        out["links"] = [list(pair) for pair in out["links"]]
        out["airplane"] = [view["airplane"], view["escape_steps"] if view["edge_reached"] else 0]
        if view["search"]:  # face up for this one moment, beside the mountain (MAD-R09)
            shown = view["search"]["tile"]
            out["search"] = {"space": view["search"]["space"], "name": shown["name"], "region": shown["region"],
                             "challenges": [_challenge_row(text) for text in shown["challenges"]],
                             "reward": shown["reward"] or "none"}
    faced = view["challenges"]
    if faced or view["encounter"]:
        tile = view["encounter"]
        name = tile["name"] if tile else f"The empty space {view['airplane']}"
        region = tile["region"] if tile else view["board"][view["airplane"]]["region"]
        rows = []
        for index, text in enumerate(faced or tile["challenges"]):
            verdict = None
            if index < len(view["outcomes"]):
                verdict = [view["totals"][index], bool(view["outcomes"][index])]
            rows.append(_challenge_row(text, verdict))
        out["tile"] = {"name": name, "region": region, "challenges": rows,
                       "reward": (tile["reward"] or "none") if tile else "none (an empty space)"}
    sled = view["sled"]
    if state.phase in (Phase.ENCOUNTER, Phase.TIMER, Phase.REWARD, Phase.FAILURES, Phase.DIE):
        if sled["revealed"]:
            cards = [[card["player"], card["label"], card["name"]] for card in sled["cards"]]
        else:
            yours = list(sled["yours"])
            cards = []
            for player, count in enumerate(sled["cards_by_player"]):
                for _ in range(count):
                    card = yours.pop(0) if player == seat and yours else None
                    cards.append([player, card["label"], card["name"]] if card else [player, None, None])
        out["sled"] = {"revealed": sled["revealed"], "cards": cards}
    tokens = view["leadership"]
    out["tokens"] = [tokens["sled"], tokens["discard"], tokens["box"]]
    if state.phase is Phase.DIE or view["die"]:
        out["die"] = view["die"]
    if state.phase is Phase.ENCOUNTER:
        out["timer"] = [view["rules"]["timer_seconds"], f"{state.turn}.{state.restarts}"]
    if state.phase in (Phase.DRAW, Phase.REST) or "decks" in parts:
        injuries = sum(1 for card in view["equipment_discard"] if card["type"] is None)
        out["decks"] = [view["equipment_deck"], len(view["equipment_discard"]), injuries, len(view["injury_deck"]), view["hand_limit"]]
    players = []
    for player, name in enumerate(view["players"]):
        roles = [word for word, on in (("Leader", view["leader"] == player), ("you", player == seat)) if on]
        texts = [f"{card['name']}: {card['description']}" for card in view["your_madness"]] if player == seat else []
        relics = [relic["name"] for relic in view["relics"][player]]
        held = sum(1 for card in view["hand"] if card["type"] is None) if player == seat else None  # only the owner knows
        players.append([name, ", ".join(roles), view["madness_levels"][player], view["madness_card_counts"][player], texts,
                        view["hand_sizes"][player], relics, view["covers"][player], player in view["ignoring"], held])
    out["players"] = players
    if view["outcome"]:
        out["outcome"] = [view["outcome"], view["won"]]
    return out
