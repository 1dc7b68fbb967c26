"""Referees over the At the Mountains of Madness engine: any expedition moment becomes a board.

The engine (`apply`, with its `IllegalAction`s citing the rule) answers every click; this module
only maps the board's vocabulary to the engine's actions and words the outcome for one seat.
The reader sits at `seat` (the Leader of the moment unless told otherwise) and takes the
Leader's decisions; in the Encounter Phase they play the cards of their own hand. Every picture
and every sentence comes from that seat's player view and the events that seat may see, so a
board never shows another player's hand or Madness text (ruling MAD-R08).

A decision is a choice (a button) and then a place on the picture:

- Movement: "Move the Airplane", then a space; "a player ignores their Madness", then a player;
- Encounter: a hand card, then the Sled; "Call time" (MAD-P01), then the Sand Timer;
- the timer has run out: "Spend a token", then the timer; "Reveal the Sled", then the Sled;
- rewards: "Give the Relic", then a player; "Search", then a space; an Arcane card, then the discard;
- failures (MAD-R07): a failed challenge, then a player (a Madness card) or the Penalty Die;
- the die: "Apply" or "Spend a token: roll again", then the die;
- Draw: "Deal" or "Spend a token", then the Equipment deck; "Deal one card", then a player;
- Rest: "Rest" or "Go on without resting", then the Sled.

Standard library only.
"""

from __future__ import annotations

import json
from collections.abc import Hashable
from typing import Any

from rulesbook.core.errors import IllegalAction
from rulesbook.core.events import Event, result_start
from rulesbook.core.words import listed, plural, sentence
from rulesbook.lessons.data import number_words
from rulesbook.lessons.graph import Choice, Misclick, Outcome
from rulesbook.lessons.madness.table import DECK, DIE, DISCARD, PLACE_WORDS, SLED, TIMER, player_of, player_place, table_view
from rulesbook.madness import actions
from rulesbook.madness.actions import Action, seat_text
from rulesbook.madness.challenges import parse_card
from rulesbook.madness.engine import ENDING_EVENTS, apply, destinations, faced_challenges, hand_limit, legal_actions, level, refusal
from rulesbook.madness.render import challenge_words
from rulesbook.madness.state import Phase, State

#: Where a board may be told to stop (`until`): once the Airplane has landed, once the Sled is
#: revealed, once the reward is taken and the failures wait, once the failures are suffered; by
#: default at the end of the turn.
STOPS = {None: (), "landing": (Phase.ENCOUNTER,), "reveal": (Phase.REWARD, Phase.FAILURES, Phase.DIE, Phase.DRAW),
         "failures": (Phase.FAILURES, Phase.DIE, Phase.DRAW), "draw": (Phase.DRAW,)}
_OUT_OF_PHASE = "Cards are played only in the Encounter Phase, while the Sand Timer runs"
#: The Leader's button that ends the Encounter Phase: the project's device (MAD-P01), not the
#: rulebook's, whose phase ends as soon as the Sand Timer runs out.
CALL_TIME = "Call time"


def reader_seat(state: State, seat: int | None) -> int:
    """The seat a board is seen from (None: the Leader's), once the board's state and the seat are
    checked: a ValueError names a state that is no expedition or a seat not at the table."""
    if not isinstance(state, State):
        raise ValueError(f"a Madness board starts from an expedition State, not {type(state).__name__}")
    chosen = state.leader if seat is None else seat
    if type(chosen) is not int or not 0 <= chosen < state.players:
        raise ValueError(f"there is no seat {seat!r} at this table of {state.players} (seats count from 0)")
    return chosen


def seen_words(events: list[Event], seat: int, over: bool) -> tuple[str, str]:
    """What a move's events say to a seat (those it may see), and, when the move ends the game
    (`over`), the end of those words that is its result (ENDING_EVENTS: the escape, the loss)."""
    seen = [event for event in events if event.visible_to(seat)]
    words = [sentence(event.text) for event in seen]
    return " ".join(words), " ".join(words[result_start(seen, ENDING_EVENTS):]) if over else ""


def _madness_held(current: int) -> str:
    """A player's Madness as a right answer says it: a player with none has no card, not "level 0"."""
    return f"is at Madness level {current}" if current else "has no Madness card"


class ExpeditionReferee:
    """Referee of a board that starts from any expedition moment and follows the engine from there.

    `seat` is the reader's seat (default: the Leader). `parts` adds "mountain" (the board of
    spaces; drawn by default in the Movement Phase and for Search) or "decks" to the picture.
    The board follows one turn: when the Sled passes to the next Leader it stops there.
    """

    def __init__(self, state: State, seat: int | None = None, parts: tuple[str, ...] = (), until: str | None = None):
        if until not in STOPS:
            raise ValueError(f"until is one of {', '.join(repr(name) for name in STOPS)}, not {until!r}")
        self.seat = reader_seat(state, seat)
        self.turn = state.turn
        self.stops = tuple(phase for phase in STOPS[until] if phase is not state.phase)  # never the phase it starts in
        self.parts = tuple(parts)
        if state.phase is Phase.MOVEMENT or (state.phase is Phase.REWARD and state.reward == "Search"):
            self.parts += ("mountain",)
        self._states: dict[str, State] = {}
        self.first = self.key(state)

    # --- states as hashable keys --------------------------------------------------------------
    def key(self, state: State) -> str:
        """The state as a key: cards face down on the Sled in any order are one position."""
        data = state.to_dict()
        data["sled"] = sorted(data["sled"])
        key = json.dumps(data, sort_keys=True, separators=(",", ":"))
        self._states.setdefault(key, state)
        return key

    def state(self, key: Hashable) -> State:
        return self._states[key]  # type: ignore[index]

    def start(self) -> str:
        return self.first

    def ended(self, state: State) -> bool:
        """The board stops when the expedition ends, the Sled passes to the next Leader, or a phase
        it was told to stop at (`until`) is reached."""
        return state.is_over or state.turn != self.turn or state.phase in self.stops

    # --- the picture ------------------------------------------------------------------------
    def picture(self, key: Hashable) -> dict[str, Any]:
        state = self.state(key)
        searching = (state.phase is Phase.REWARD and state.reward == "Search") or state.search_shown is not None
        parts = self.parts + (("mountain",) if searching else ())
        view = table_view(state, self.seat, parts)
        cards = state.rules.pack.cards
        view["hand"] = [{"code": card, "label": f"{cards[card].label} ({cards[card].name})"} for card in state.hands[self.seat]]
        view["hand_label"] = f"{seat_text(self.seat)}'s hand (yours)"
        view["decision"] = self.decision(state)
        return view

    def decision(self, state: State) -> str:
        if state.is_over:
            return "The expedition is over: " + ("it escaped" if state.outcome == "escaped" else "it is lost") + "."
        if state.turn != self.turn:
            return f"The Sled has passed to {seat_text(state.leader)}: this board's turn is over."
        if self.ended(state):
            return f"{state.phase.heading}: this board stops here."
        leader = seat_text(state.leader)
        you = " (you)" if state.leader == self.seat else ""
        return {
            Phase.MOVEMENT: f"Movement Phase: the Leader, {leader}{you}, moves the Airplane",
            Phase.ENCOUNTER: f"Encounter Phase: play cards on the Sled while the Sand Timer runs; when it has run out, {leader}{you} "
                             "calls time (the project's decision MAD-P01)",
            Phase.TIMER: f"The Sand Timer has run out: {leader}{you} turns it again or reveals the Sled",
            Phase.REWARD: f"Resolution Phase: {leader}{you} takes the reward, {state.reward}",
            Phase.FAILURES: f"Resolution Phase: {leader}{you} suffers the failures one by one (MAD-R07)",
            Phase.DIE: f"Resolution Phase: the Penalty Die shows {state.die}; {leader}{you} applies it or rerolls",
            Phase.DRAW: f"Draw Phase: {leader}{you} deals Equipment cards",
            Phase.REST: f"Rest Phase: {leader}{you} may rest",
        }[state.phase]

    # --- places and choices -----------------------------------------------------------------
    def places(self, key: Hashable) -> list[str]:
        state = self.state(key)
        everyone = [player_place(p) for p in range(state.players)]
        if self.ended(state):
            return []
        phase = state.phase
        if phase is Phase.MOVEMENT:
            return [*state.rules.pack.spaces, *(everyone if any(state.madness) else [])]
        if phase in (Phase.ENCOUNTER, Phase.TIMER):
            return [SLED, TIMER]
        if phase is Phase.REWARD:
            reward = state.reward or ""
            if reward == "Search":
                return list(state.rules.pack.spaces)
            return everyone if reward.startswith("Relic ") else [DISCARD]
        if phase is Phase.FAILURES:
            return [*everyone, DIE]
        if phase is Phase.DIE:
            return [DIE]
        if phase is Phase.DRAW:
            return [DECK, *everyone]
        return [SLED]

    def choices(self, key: Hashable) -> list[Choice]:
        state = self.state(key)
        if self.ended(state):
            return []
        me = str(self.seat)
        out = self._hand_choices(state)
        leader = state.leader
        phase = state.phase

        def effect(name: str, label: str, example: Action | None, prompt: str) -> None:
            """A choice, or the engine's refusal of its action when the rules forbid it now."""
            error = refusal_words(state, example) if example is not None else None
            if error is not None:
                out.append(Choice(name, label, refusal=error))
            else:
                out.append(Choice(name, label, {me: name}, me, prompt=prompt))

        if phase is Phase.MOVEMENT:
            effect("fly", "Move the Airplane", None, "Move the Airplane: {count} space{s} {are} open to it")
            holders = [p for p in range(state.players) if state.madness[p] and p not in state.ignoring]
            if holders:
                effect("ignore", "Spend a token: a player ignores their Madness", actions.IgnoreMadness(leader, holders[0]),
                       "A Leadership token lets one player ignore their Madness this turn: {count} player{s} may be chosen")
        elif phase is Phase.ENCOUNTER:
            effect("time", CALL_TIME, None, f"{CALL_TIME} (MAD-P01: here the Leader ends the phase): click the Sand Timer")
        elif phase is Phase.TIMER:
            effect("restart", "Spend a token: turn the timer again", actions.RestartEncounter(leader),
                   "Spend a token: click the Sand Timer")
            effect("reveal", "Reveal the Sled", None, "Reveal the Sled: click it")
        elif phase is Phase.REWARD:
            reward = state.reward or ""
            if reward.startswith("Relic "):
                effect("give", f"Give the Relic {reward[6:]}", None, "Give the Relic: {count} player{s} may take it")
            elif reward == "Search":
                effect("search", "Search: look at a face-down tile", None, "Search: {count} face-down tile{s} to choose from")
            else:
                cards = state.rules.pack.cards
                faces = sorted({cards[card].face.text for card in state.arcane_deck})
                for face in faces:
                    effect(f"arcane-{face.split()[1]}", f"Take {face}", None, f"Take {face}: click the Equipment discard")
        elif phase is Phase.FAILURES:
            faced = faced_challenges(state)
            done = set()
            for index in state.pending:
                if faced[index] in done:
                    continue
                done.add(faced[index])
                words = challenge_words(faced[index].text)
                effect(f"fail:{index}", f"Failure: {words} (total {state.totals[index]})", None,
                       f"Failure {words}: {{count}} consequence{{s}} {{are}} allowed")
        elif phase is Phase.DIE:
            effect("accept", f"Apply {state.die}", None, f"Apply {state.die}: click the die")
            effect("reroll", "Spend a token: roll again", actions.Reroll(leader),
                   "Spend a token and roll again: click the die")
        elif phase is Phase.DRAW:
            effect("deal", "Deal", actions.Deal(leader), "Deal: click the Equipment deck")
            needy = [p for p in range(state.players) if len(state.hands[p]) < hand_limit(state)]
            if needy and refusal_words(state, actions.Deal(leader)) is not None:
                effect("deal-one", "Deal one card to a player", None, "Deal one card: {count} player{s} may receive it")
            effect("raise", "Spend a token: one more card each", actions.RaiseHandLimit(leader),
                   "Spend a token: click the Equipment deck")
        elif phase is Phase.REST:
            effect("rest", "Rest", actions.Rest(leader), "Rest: click the Sled")
            effect("go", "Go on without resting", None, "Go on: click the Sled to pass it to the next Leader")
        return out

    def _hand_choices(self, state: State) -> list[Choice]:
        """The reader's own cards: played on the Sled in the Encounter Phase, refused otherwise."""
        cards = state.rules.pack.cards
        out = []
        for index, card in enumerate(state.hands[self.seat]):
            label = cards[card].label
            if state.phase is not Phase.ENCOUNTER:
                out.append(Choice(f"h{index}", label, refusal=f"{_OUT_OF_PHASE} (Action)"))
                continue
            error = refusal_words(state, actions.PlayCard(self.seat, cards[card].face))
            if error is not None:
                out.append(Choice(f"h{index}", label, refusal=error))
            else:
                out.append(Choice(f"h{index}", label, {str(self.seat): f"card:{index}"}, str(self.seat),
                                  prompt=f"Play {label} face down: click the Sled"))
        return out

    # --- a click ----------------------------------------------------------------------------
    def action(self, state: State, option: str, place: str) -> Action:
        """The engine action a click means; IllegalAction when the place is not where it happens."""
        leader = state.leader
        target = player_of(place)
        verb, _, argument = option.partition(":")
        if verb in AT_ONE_PLACE:
            wanted, why, kind = AT_ONE_PLACE[verb]
            if place != wanted:
                raise IllegalAction(f"{why}: click {PLACE_WORDS[wanted]}", state.phase.section)
            return kind(leader)
        if verb in AT_A_PLAYER:
            why, section, build = AT_A_PLAYER[verb]
            if target is None:
                raise IllegalAction(f"{why}: click a player's board", section)
            return build(state, target)
        if verb == "fly":
            if target is not None:
                raise IllegalAction("the Airplane flies to a space of the mountain, not to a player", "Movement Phase")
            return actions.MoveAirplane(leader, place)
        if verb == "search":
            return actions.SearchTile(leader, place)
        if verb == "card":
            if place != SLED:
                raise IllegalAction(f"a card is played face down on the Sled: click {PLACE_WORDS[SLED]}", "Action")
            card = state.rules.pack.cards[state.hands[self.seat][int(argument)]]
            return actions.PlayCard(self.seat, card.face)
        if verb.startswith("arcane-"):
            if place != DISCARD:
                raise IllegalAction(f"the Arcane card goes to {PLACE_WORDS[DISCARD]}: click it", "Arcane Equipment")
            return actions.TakeArcane(leader, parse_card(_arcane_face(state, verb[7:])))
        if verb == "fail":
            challenge = faced_challenges(state)[int(argument)]
            if place == DIE:
                return actions.RollDie(leader, challenge)
            if target is None:
                raise IllegalAction("a failure costs a Madness card (click a player) or a roll of the Penalty Die", "Failures")
            return actions.DrawMadness(leader, challenge, target)
        if verb == "accept":
            if place != DIE:
                raise IllegalAction(f"the face is applied on the die: click {PLACE_WORDS[DIE]}", "Rolling the Penalty Die")
            return actions.AcceptDie(leader, state.die or "")
        raise Misclick(f"'{option}' is not a choice on this board now")

    def play(self, key: Hashable, option: str, place: Any) -> Outcome:
        state = self.state(key)
        action = self.action(state, option, str(place))
        following, events = apply(state, action)
        say, result = seen_words(events, self.seat, following.is_over)
        if self.ended(following) and not following.is_over:
            say += " The Sled passes on: this board stops here." if following.turn != self.turn else " This board stops here."
        return Outcome(self.key(following), say, action.text(), self._reach(state, action), self._clue(state, action), result=result)

    def _reach(self, state: State, action: Action) -> str:
        """What a find exercise says of a right answer: why the rules allow it."""
        if isinstance(action, actions.MoveAirplane):
            space = state.rules.pack.spaces[action.space]
            if state.airplane is None:
                return f"{action.space} is a bottom-row Coast space, where the expedition begins."
            if state.edge_reached:
                return f"{action.space} is the next Escape space: after the Edge of Madness the Airplane only escapes."
            return f"{action.space} ({space.region}) is next to {state.airplane}."
        if isinstance(action, actions.DrawMadness):
            current = level(state, action.target)
            held = _madness_held(current) + (", below 3" if current else "")
            return f"{seat_text(action.target)} {held}: they may draw a Level {current + 1} card."
        if isinstance(action, actions.RollDie):
            return "the Penalty Die may always be rolled for a failure."
        if isinstance(action, (actions.GiveRelic, actions.DealTo, actions.IgnoreMadness)):
            who = seat_text(action.target)
            if isinstance(action, actions.GiveRelic):
                return f"{who} {_madness_held(level(state, action.target))} and may take it."
            if isinstance(action, actions.DealTo):
                return f"{who} holds {plural(len(state.hands[action.target]), 'card')}, below the limit of {hand_limit(state)}."
            return f"{who} holds a Madness card: a token lets them ignore it this turn."
        if isinstance(action, actions.SearchTile):
            return f"{action.space} still holds a face-down tile."
        return sentence(action.text())

    def _clue(self, state: State, action: Action) -> str:
        if isinstance(action, actions.MoveAirplane):
            if state.airplane is None:
                return "look along the bottom row of the Coast"
            if state.edge_reached:
                return "look above the Edge of Madness"
            return f"look at the spaces joined to {state.airplane} by a line"
        if isinstance(action, actions.DrawMadness):
            return "look for a player whose Madness track is not full"
        if isinstance(action, actions.RollDie):
            return "the die itself is a consequence too"
        if isinstance(action, (actions.GiveRelic, actions.DealTo, actions.IgnoreMadness)):
            return "look at the players' boards"
        if isinstance(action, actions.SearchTile):
            return "look for a space marked with a question mark"
        return "look at the parts of the table you have not clicked yet"

    # --- words ------------------------------------------------------------------------------
    def idle(self, key: Hashable) -> str:
        state = self.state(key)
        if self.ended(state):
            return "This board's turn is over. Undo, or click an entry of the move log, to look back."
        if state.phase is Phase.ENCOUNTER:
            return (f"Choose a card of your hand and click the Sled, or choose \u201c{CALL_TIME}\u201d and click the Sand Timer "
                    "(MAD-P01: here the Leader ends the phase).")
        return "First choose what to do (a card of your hand or a button), then click where it happens."

    def hint(self, key: Hashable) -> str:
        state = self.state(key)
        if self.ended(state):
            return self.idle(key)
        phase = state.phase
        leader = seat_text(state.leader)
        if phase is Phase.MOVEMENT:
            open_spaces = destinations(state)
            if state.airplane is None:
                where = "a bottom-row Coast space, where every expedition begins"
            elif state.edge_reached:
                where = "the next Escape space: after the Edge of Madness there is no going back"
            else:
                where = f"a space joined to {state.airplane} by a line (up, down or across, never staying)"
            return (f"{leader} moves the Airplane to {where}: {number_words(len(open_spaces))} "
                    f"space{'s' if len(open_spaces) != 1 else ''} now. Choose \u201cMove the Airplane\u201d, then click one.")
        if phase is Phase.ENCOUNTER:
            hand = len(state.hands[self.seat])
            return (f"Pick one of your {number_words(hand)} cards and click the Sled to play it face down; from the first card "
                    f"on, nobody may talk. When the Sand Timer has run out, choose \u201c{CALL_TIME}\u201d and click the timer: the "
                    "rulebook's timer ends the phase by itself, and here the Leader calls it (MAD-P01).")
        if phase is Phase.TIMER:
            held = f"The Sled holds {number_words(len(state.sled))} card{'s' if len(state.sled) != 1 else ''}. "
            if actions.RestartEncounter(state.leader) in legal_actions(state, state.leader):
                return held + f"{leader} may spend a Leadership token to turn the timer again, or reveal the Sled: choose, then click."
            return held + (f"No Leadership token can turn the timer again now: {leader} reveals the Sled (choose "
                           "\u201cReveal the Sled\u201d, then click it).")
        if phase is Phase.REWARD:
            return f"At least one challenge was overcome: {leader} takes the reward, {state.reward}. Choose it, then click where it goes."
        if phase is Phase.FAILURES:
            faced = faced_challenges(state)
            left = [challenge_words(faced[index].text) for index in state.pending]
            below = [seat_text(p) for p in range(state.players) if level(state, p) < 3]
            madness = (f"click a player below Madness level 3 ({listed(below, 'or')}) to give them a Madness card, or"
                       if below else "everyone is at Madness level 3, so no one may draw (MAD-R07): click")
            count = number_words(len(left)).capitalize()
            return (f"{count} failure{'s' if len(left) != 1 else ''} left: {listed(left)}. Pick one in any order, then "
                    f"{madness} the Penalty Die.")
        allowed = legal_actions(state, state.leader)  # a hint offers only what the engine allows now
        if phase is Phase.DIE:
            if actions.Reroll(state.leader) in allowed:
                tokens = state.sled_tokens
                return (f"The die shows {state.die}. Apply it, or spend one of the {number_words(tokens)} Leadership "
                        f"token{'s' if tokens != 1 else ''} on the Sled to roll again; then click the die.")
            return (f"The die shows {state.die}, and no Leadership token can roll it again now: choose "
                    f"\u201cApply {state.die}\u201d and click the die.")
        if phase is Phase.DRAW:
            limit, remaining = number_words(hand_limit(state)), number_words(len(state.equipment_deck))
            if actions.Deal(state.leader) in allowed:
                words = (f"Every hand is filled up to {limit} cards from the Equipment deck ({remaining} left). "
                         "Choose \u201cDeal\u201d and click the deck")
            else:
                words = (f"The Equipment deck ({remaining} left) cannot fill every hand up to {limit} cards: the Leader chooses who "
                         "receives the cards, one at a time (MAD-P09). Choose \u201cDeal one card to a player\u201d and click "
                         "the player who receives the next card")
            raise_limit = actions.RaiseHandLimit(state.leader) in allowed
            return words + ("; a token spent first raises the limit by one." if raise_limit else ".")
        if actions.Rest(state.leader) in allowed:
            return ("Resting boxes one Leadership token, brings the discarded ones back to the Sled and reshuffles the Equipment "
                    "discard. Choose \u201cRest\u201d or \u201cGo on without resting\u201d, then click the Sled.")
        return ("The expedition cannot rest now (the \u201cRest\u201d button says why): choose \u201cGo on without resting\u201d, "
                "then click the Sled.")


#: Decisions of the Leader made by clicking one part of the table: where, why there, and the action.
AT_ONE_PLACE: dict[str, tuple[str, str, type]] = {
    "time": (TIMER, "time is called on the Sand Timer", actions.TimeUp),
    "restart": (TIMER, "a token turns the Sand Timer again", actions.RestartEncounter),
    "reveal": (SLED, "the Leader reveals the cards on the Sled", actions.Resolve),
    "reroll": (DIE, "a token rerolls the die", actions.Reroll),
    "deal": (DECK, "the Leader deals from the Equipment deck", actions.Deal),
    "raise": (DECK, "a token raises every hand size limit before the deal", actions.RaiseHandLimit),
    "rest": (SLED, "the Sled passes to the next Leader", actions.Rest),
    "go": (SLED, "the Sled passes to the next Leader", actions.NoRest),
}
#: Decisions of the Leader made by clicking a player's board: why a player, the rule, the action.
AT_A_PLAYER: dict[str, tuple[str, str, Any]] = {
    "ignore": ("a Leadership token frees a player of their Madness", "Discarding a Leadership Token",
               lambda state, target: actions.IgnoreMadness(state.leader, target)),
    "give": ("the Relic goes to a player", "Relic (Specimen/Ruin/Knowledge)",
             lambda state, target: actions.GiveRelic(state.leader, (state.reward or "")[6:], target)),
    "deal-one": ("one card goes to a player", "Draw Phase", lambda state, target: actions.DealTo(state.leader, target)),
}


def _arcane_face(state: State, kind: str) -> str:
    cards = state.rules.pack.cards
    return next(cards[card].face.text for card in state.arcane_deck if cards[card].type == kind)


def refusal_words(state: State, action: Action | None) -> str | None:
    """The engine's refusal of `action` now, as a learner reads it, or None when it is allowed."""
    error = refusal(state, action) if action is not None else None
    if error is None:
        return None
    return f"{error.reason[:1].upper()}{error.reason[1:]} ({error.rule})"




__all__ = ["AT_A_PLAYER", "AT_ONE_PLACE", "ExpeditionReferee", "STOPS", "refusal_words", "seen_words"]
