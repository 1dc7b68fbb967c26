"""Playing a game moment aloud: for chapters and teachers who want to watch the engine decide."""

from __future__ import annotations

from rulesbook.core.errors import IllegalAction
from rulesbook.inferno.actions import parse_action
from rulesbook.inferno.game import GameState, apply


def play_out(state: GameState, *texts: str, quiet: bool = False) -> GameState:
    """Apply actions written as text, print what happened (unless quiet), return the new state."""
    for text in texts:
        state, events = apply(state, parse_action(text))
        if not quiet:
            print(f"> {text}")
            for event in events:
                print(f"    {event.text}")
    return state


def refusal(state: GameState, text: str, quiet: bool = False) -> IllegalAction:
    """Try an action the rules forbid: print the engine's reason and return the error.

    Raises AssertionError if the action is in fact allowed, so a chapter cannot claim a refusal
    the engine does not make.
    """
    try:
        apply(state, parse_action(text))
    except IllegalAction as error:
        if not quiet:
            print(f"> {text}\n    refused: {error}")
        return error
    raise AssertionError(f"'{text}' is allowed here")
