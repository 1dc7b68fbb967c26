"""The expedition: set-up, the five phases, rewards and failure resolution (ruling MAD-R07).

`apply` copies the state, changes the copy and returns it with the events that tell what
happened; an illegal action raises IllegalAction naming the rule and leaves the state as it was.
Failure resolution is spelt out step by step in events (kinds "failure", "madness", "die",
"reroll", "accident", "confusion", "loss of confidence", "token") so the book can replay it.
"""

from __future__ import annotations

from rulesbook.core.errors import IllegalAction
from rulesbook.core.rng import seeded_random, shuffled
from rulesbook.madness.challenges import Challenge
from rulesbook.madness.pack import Pack, default_pack
from rulesbook.madness.state import PHASE_NAMES, Action, Event, Rules, State, parse_action, seat_text

_PACKS: dict[str, Pack] = {}

SETUP = "Setting Up the Game"
MOVEMENT = "Movement Phase"
ENCOUNTER = "Encounter Phase"
RESOLUTION = "Resolution Phase"
DRAW = "Draw Phase"
REST = "Rest Phase (optional)"
RELIC = "Relic (Specimen/Ruin/Knowledge)"
END = "The End of the Game"

LEADER_KINDS = {"ignore", "move", "time_up", "restart", "resolve", "give", "search", "take", "madness", "roll",
                "accept", "reroll", "raise", "deal", "deal_to", "rest", "no_rest"}
PHASE_OF_KIND = {
    "ignore": "movement", "move": "movement", "play": "encounter", "speak": "encounter", "time_up": "encounter",
    "restart": "timer", "resolve": "timer", "give": "reward", "search": "reward", "take": "reward",
    "madness": "failures", "roll": "failures", "accept": "die", "reroll": "die", "raise": "draw", "deal": "draw",
    "deal_to": "draw", "rest": "rest", "no_rest": "rest",
}


def register_pack(pack: Pack) -> None:
    """Make a pack known by name, so states that name it can be played and replayed."""
    known = _PACKS.get(pack.name)
    if known is None and pack.name == default_pack().name and pack is not default_pack():
        known = default_pack()
    if known is not None and known is not pack and known.raw != pack.raw:
        raise ValueError(f"another data pack is already loaded under the name {pack.name!r}: give your pack its own \"name\"")
    _PACKS.setdefault(pack.name, pack)


def pack_of(state: State) -> Pack:
    pack = _PACKS.get(state.pack_name)
    if pack is None:
        default = default_pack()
        if state.pack_name == default.name:
            _PACKS[default.name] = default
            return default
        raise ValueError(f"the data pack {state.pack_name!r} is not loaded: pass it to register_pack first")
    return pack


# ---------------------------------------------------------------- set-up

def new_game(players: int | list[str] | tuple[str, ...] = 4, seed: int | str = 0, rules: Rules | None = None,
             pack: Pack | None = None) -> State:
    """Set up the table exactly as 'Setting Up the Game' lists, for 3, 4 or 5 players."""
    rules = rules or Rules()
    pack = pack or default_pack()
    register_pack(pack)
    names = tuple(f"P{i + 1}" for i in range(players)) if isinstance(players, int) else tuple(players)
    if not 3 <= len(names) <= 5:
        raise ValueError(f"At the Mountains of Madness is for 3 to 5 players, not {len(names)} ({SETUP})")
    count = len(names)
    state = State(players=names, seed=seed, rules=rules, pack_name=pack.name)
    # step 3: tiles by region, face down on the matching spaces; the rest go back unseen
    for region, used in pack.tiles_used.items():
        tiles = shuffled([t for t in pack.tiles if pack.tiles[t].region == region], seed, "tiles", region)
        spaces = [s for s in pack.spaces if pack.spaces[s].region == region]
        for space, tile in zip(spaces, tiles[:used]):
            state.board[space] = tile
        state.unused_tiles.extend(tiles[used:])
    state.board = {space: state.board[space] for space in pack.spaces}
    state.injury_deck = list(pack.injuries)  # step 4, face up
    state.arcane_deck = list(pack.arcane)  # step 5, face up
    state.relic_deck = list(pack.relics)  # step 6, face up
    state.equipment_deck = shuffled(pack.equipment, seed, "equipment")  # step 7
    for _ in range(count):  # step 8
        state.equipment_discard.append(state.injury_deck.pop())
    state.madness_decks = [shuffled([m for m in pack.madness if pack.madness[m].level == level], seed, "madness", level)
                           for level in (1, 2, 3)]  # step 9
    hand, deal = pack.setup[count]
    state.hands = [[] for _ in range(count)]
    for _ in range(hand):  # step 10
        for player in range(count):
            state.hands[player].append(state.equipment_deck.pop())
    state.madness = [[] for _ in range(count)]
    state.relics = [[] for _ in range(count)]
    state.covers = [[] for _ in range(count)]
    state.relic_tokens = dict(pack.relic_tokens)
    state.leader = 0  # step 13: the first player named leads the first turn
    state.sled_tokens = pack.leadership_tokens
    for player in range(count):  # step 14
        if deal == "all" or (deal == "all but the first Leader" and player != state.leader):
            state.madness[player].append(state.madness_decks[0].pop())
    return state


# ---------------------------------------------------------------- small helpers

def level(state: State, player: int) -> int:
    """A player's Madness level: their highest card, 0 without one."""
    cards = state.madness[player]
    if not cards:
        return 0
    madness = pack_of(state).madness
    return max(madness[card].level for card in cards)


def challenges(state: State) -> tuple[Challenge, ...]:
    """The challenges faced this turn: the tile's, or the empty space's own."""
    pack = pack_of(state)
    if state.encounter is not None:
        return pack.tiles[state.encounter].challenges
    if state.airplane is not None:
        return pack.spaces[state.airplane].challenges
    return ()


def hand_limit(state: State) -> int:
    return pack_of(state).setup[state.count][0] + state.hand_bonus


def covered(state: State, player: int, what: str) -> bool:
    """Whether a Relic token on the player's board covers this phase or equipment type."""
    return what in state.covers[player]


def destinations(state: State) -> list[str]:
    """Where the Leader may move the Airplane (Movement Phase; The Edge of Madness tile)."""
    pack = pack_of(state)
    if state.airplane is None:
        return [s for s, space in pack.spaces.items() if space.start]
    if state.edge_reached:
        return [s for s, space in pack.spaces.items() if space.region == "Escape" and space.escape_order == state.escape_steps + 1]
    return [s for s in pack.spaces[state.airplane].adjacent if pack.spaces[s].region != "Escape"]


def decision(state: State) -> tuple[str, tuple[int, ...]]:
    """What is being decided now and by whom: (phase name, the players who may act)."""
    if state.phase == "over":
        return PHASE_NAMES["over"], ()
    if state.phase == "encounter":
        return PHASE_NAMES["encounter"], tuple(range(state.count))
    return PHASE_NAMES[state.phase], (state.leader,)


def relic_recipients(state: State) -> list[int]:
    everyone = list(range(state.count))
    if state.rules.relic_recipient_below_level_3:
        below = [p for p in everyone if level(state, p) < 3]
        if below:
            return below
    return everyone


def failure_options(state: State) -> list[dict]:
    """The failures still to suffer, each with its consequences (MAD-R07), as plain data for lessons.

    For each failed challenge: its total and how far it missed (the Confusion count), who may
    draw a Madness card (players below Level 3) and that the Penalty Die is always possible.
    """
    faced = challenges(state)
    below = [p for p in range(state.count) if level(state, p) < 3]
    return [{"challenge": faced[i].text, "total": state.totals[i], "misses_by": faced[i].distance(state.totals[i]),
             "madness_for": list(below), "penalty_die": True} for i in state.pending]


def _label(state: State, card: str) -> str:
    return pack_of(state).cards[card].label


def _needs(state: State) -> list[int]:
    limit = hand_limit(state)
    return [max(0, limit - len(hand)) for hand in state.hands]


def injuries_in_play(state: State) -> int:
    """Injury cards in the Equipment deck, its discard, the hands (and on the Sled)."""
    cards = pack_of(state).cards
    piles = [state.equipment_deck, state.equipment_discard, *state.hands, [c for _, c in state.sled]]
    return sum(1 for pile in piles for c in pile if cards[c].type is None)


def relic_count(state: State) -> int:
    return sum(len(r) for r in state.relics)


# ---------------------------------------------------------------- legal actions

def legal_actions(state: State, player: int | None = None) -> list[Action]:
    """Every action the rules allow now (only one player's, when `player` is given)."""
    actions = _legal(state)
    if player is not None:
        actions = [a for a in actions if a.player == player]
    return actions


def _legal(state: State) -> list[Action]:
    phase = state.phase
    leader = state.leader
    out: list[Action] = []
    if phase == "movement":
        if state.sled_tokens and not covered(state, leader, "Movement"):
            for p in range(state.count):
                if state.madness[p] and p not in state.ignoring:
                    out.append(Action(leader, "ignore", "", p))
        out.extend(Action(leader, "move", s) for s in destinations(state))
    elif phase == "encounter":
        cards = pack_of(state).cards
        for p in range(state.count):
            seen = set()
            for card in state.hands[p]:
                face = cards[card]
                label = face.label
                if label in seen or (p == leader and face.type is not None and covered(state, p, face.type)):
                    continue
                seen.add(label)
                out.append(Action(p, "play", label))
        if state.rules.speech_penalty and not state.talking:
            out.extend(Action(p, "speak") for p in range(state.count))
        out.append(Action(leader, "time_up"))
    elif phase == "timer":
        if state.sled_tokens and not covered(state, leader, "Encounter"):
            out.append(Action(leader, "restart"))
        out.append(Action(leader, "resolve"))
    elif phase == "reward":
        reward = state.reward or ""
        pack = pack_of(state)
        if reward.startswith("Relic "):
            out.extend(Action(leader, "give", reward[6:], p) for p in relic_recipients(state))
        elif reward == "Search":
            out.extend(Action(leader, "search", s) for s, t in state.board.items() if t is not None and t not in state.searched)
        elif reward == "Arcane":
            seen = []
            for card in state.arcane_deck:
                label = pack.cards[card].label
                if label not in seen:
                    seen.append(label)
            out.extend(Action(leader, "take", label) for label in seen)
    elif phase == "failures":
        faced = challenges(state)
        below = [p for p in range(state.count) if level(state, p) < 3]
        seen = set()
        for index in state.pending:
            text = faced[index].text
            if text in seen:
                continue
            seen.add(text)
            out.extend(Action(leader, "madness", text, p) for p in below)
            out.append(Action(leader, "roll", text))
    elif phase == "die":
        out.append(Action(leader, "accept", state.die or ""))
        if state.sled_tokens and not covered(state, leader, "Resolution"):
            out.append(Action(leader, "reroll"))
    elif phase == "draw":
        if state.sled_tokens and not covered(state, leader, "Draw"):
            out.append(Action(leader, "raise"))
        needs = _needs(state)
        deck = len(state.equipment_deck)
        if sum(needs) <= deck or deck == 0:
            out.append(Action(leader, "deal"))
        else:
            out.extend(Action(leader, "deal_to", "", p) for p in range(state.count) if needs[p])
    elif phase == "rest":
        if state.tokens_in_play >= 2 and not covered(state, leader, "Rest"):
            out.append(Action(leader, "rest"))
        out.append(Action(leader, "no_rest"))
    return out


# ---------------------------------------------------------------- why an action is illegal

def explain_illegal(state: State, action: Action) -> IllegalAction:
    """The most specific reason the rules give for refusing this action here."""
    phase = state.phase
    who = seat_text(action.player)
    if phase == "over":
        return IllegalAction("the expedition is over; no more actions", END)
    if not 0 <= action.player < state.count:
        return IllegalAction(f"there is no player {who} at this table of {state.count}", SETUP)
    if action.target >= state.count:
        return IllegalAction(f"there is no player {seat_text(action.target)} at this table of {state.count}", SETUP)
    if action.kind in ("ignore", "give", "madness", "deal_to") and action.target < 0:
        return IllegalAction(f"'{action.kind}' needs a player (P1 to P{state.count})", SETUP)
    wanted = PHASE_OF_KIND.get(action.kind)
    if wanted is None:
        return IllegalAction(f"{action.kind!r} is not an action of this game", "Gameplay")
    if wanted != phase:
        return IllegalAction(f"'{action.text}' belongs to the {PHASE_NAMES.get(wanted, '?')}, but this is the {PHASE_NAMES[phase]}",
                             PHASE_NAMES.get(wanted, phase).split(" (")[0])
    if action.kind in LEADER_KINDS and action.player != state.leader:
        return IllegalAction(f"only the Leader ({seat_text(state.leader)}) decides that, not {who}", PHASE_NAMES[phase].split(" (")[0])
    pack = pack_of(state)
    leader = state.leader
    kind = action.kind
    no_token = "there is no Leadership token on the Sled to discard"
    if kind == "ignore":
        if covered(state, leader, "Movement"):
            return IllegalAction(f"{who}'s Relic token covers the Movement Phase: no Leadership token can be used in it", RELIC)
        if not state.sled_tokens:
            return IllegalAction(no_token, "Discarding a Leadership Token")
        if not state.madness[action.target]:
            return IllegalAction(f"{seat_text(action.target)} has no Madness card to ignore", "Discarding a Leadership Token")
        return IllegalAction(f"{seat_text(action.target)} already ignores their Madness this turn", "Discarding a Leadership Token")
    if kind == "move":
        if action.arg not in pack.spaces:
            return IllegalAction(f"there is no space {action.arg!r} on the board", MOVEMENT)
        if state.airplane is None:
            return IllegalAction(f"on the first turn the Airplane starts on a bottom-row Coast space ({', '.join(destinations(state))}), not {action.arg}", MOVEMENT)
        if state.edge_reached:
            return IllegalAction(f"after the Edge of Madness the expedition must move onto the next Escape space ({', '.join(destinations(state))}); no descending", "The \"Edge of Madness\" Tile")
        if action.arg == state.airplane:
            return IllegalAction("the Airplane cannot stay on the same space", MOVEMENT)
        if pack.spaces[action.arg].region == "Escape":
            return IllegalAction("Escape spaces are reached only from the Edge of Madness", "The \"Edge of Madness\" Tile")
        return IllegalAction(f"{action.arg} is not adjacent to {state.airplane}", MOVEMENT)
    if kind == "play":
        if action.player == leader:
            for what in state.covers[leader]:
                if action.arg.endswith(f"{what} {action.arg.split()[-1]}") and what in ("Crates", "Tools", "Weapons", "Books"):
                    return IllegalAction(f"{who} leads and their Ruin token covers {what}: they cannot play {what} cards", RELIC)
        return IllegalAction(f"{who} has no {action.arg} in hand", "Action")
    if kind == "speak":
        if not state.rules.speech_penalty:
            return IllegalAction("the silence penalty is switched off in these Rules", "Action")
        return IllegalAction("talking is allowed until someone plays a card: there is no silence to break", "Action")
    if kind == "restart":
        if covered(state, leader, "Encounter"):
            return IllegalAction(f"{who}'s Relic token covers the Encounter Phase: no Leadership token can be used in it", RELIC)
        return IllegalAction(no_token, "Discarding a Leadership Token (Encounter Phase)")
    if kind == "give":
        reward = state.reward or ""
        if reward[6:] != action.arg:
            return IllegalAction(f"the reward is {reward or 'not a Relic'}, not {action.arg}", RELIC)
        return IllegalAction(f"{seat_text(action.target)} is at Madness Level 3 and could not draw the Madness that comes with a Relic while someone else can", "MAD-R07")
    if kind in ("search", "take"):
        if kind == "search" and state.reward == "Search":
            return IllegalAction(f"{action.arg} holds no face-down tile left to search", "Search")
        if kind == "take" and state.reward == "Arcane":
            return IllegalAction(f"no {action.arg} card is left in the Arcane Equipment deck", "Arcane Equipment")
        return IllegalAction(f"the reward now is {state.reward}, not {'Search' if kind == 'search' else 'Arcane Equipment'}", "Success")
    if kind in ("madness", "roll"):
        texts = [challenges(state)[i].text for i in state.pending]
        if action.arg not in texts:
            return IllegalAction(f"{action.arg} is not a failed challenge still to suffer ({', '.join(texts)})", "Failures")
        return IllegalAction(f"{seat_text(action.target)} already has a Level 3 Madness: the Leader cannot choose them to draw", "MAD-R07")
    if kind == "accept":
        return IllegalAction(f"the Penalty Die shows {state.die}, not {action.arg}", "Rolling the Penalty Die")
    if kind == "reroll":
        if covered(state, leader, "Resolution"):
            return IllegalAction(f"{who}'s Relic token covers the Resolution Phase: no Leadership token can be used in it", RELIC)
        return IllegalAction(no_token, "Discarding a Leadership Token (Resolution Phase)")
    if kind == "raise":
        if covered(state, leader, "Draw"):
            return IllegalAction(f"{who}'s Relic token covers the Draw Phase: no Leadership token can be used in it", RELIC)
        return IllegalAction(no_token, "Discarding a Leadership Token (Draw Phase)")
    if kind == "deal":
        return IllegalAction("the deck cannot fill every hand: the Leader chooses who receives each card ('deal to P2')", DRAW)
    if kind == "deal_to":
        if _needs(state)[action.target] == 0:
            return IllegalAction(f"{seat_text(action.target)} already holds the hand size limit ({hand_limit(state)})", DRAW)
        return IllegalAction("the deck can fill every hand: deal to everyone ('deal')", DRAW)
    if kind == "rest":
        if covered(state, leader, "Rest"):
            return IllegalAction(f"{who}'s Knowledge token covers the Rest Phase: the expedition cannot rest while they lead", RELIC)
        return IllegalAction("with a single Leadership token left, resting would box the last one and lose the game", REST)
    return IllegalAction(f"'{action.text}' is not allowed now", PHASE_NAMES[phase])


# ---------------------------------------------------------------- apply

def apply(state: State, action: Action | str) -> tuple[State, list[Event]]:
    """The state after the action, and what happened; the given state is never changed."""
    if isinstance(action, str):
        action = parse_action(action)
    if action not in _legal(state):
        raise explain_illegal(state, action)
    return apply_legal(state, action)


def apply_legal(state: State, action: Action) -> tuple[State, list[Event]]:
    """`apply` without the check, for an action taken from `legal_actions(state)` (the fast path)."""
    s = state.copy()
    events: list[Event] = []
    _HANDLERS[action.kind](s, action, events)
    return s, events


def _say(events: list[Event], kind: str, text: str, seen_by: tuple[int, ...] | None = None, data: tuple = ()) -> None:
    events.append(Event(kind, text, seen_by, data))


def _do_ignore(s: State, a: Action, ev: list[Event]) -> None:
    s.sled_tokens -= 1
    s.discard_tokens += 1
    s.ignoring.append(a.target)
    _say(ev, "token", f"The Leader discards a Leadership token: {seat_text(a.target)} ignores their Madness for the rest of the turn.",
         data=("ignore", a.target))


def _do_move(s: State, a: Action, ev: list[Event]) -> None:
    pack = pack_of(s)
    space = pack.spaces[a.arg]
    s.airplane = a.arg
    s.outcomes, s.totals, s.pending = [], [], []
    s.sled = []
    s.talking = True
    s.restarts = 0
    tile = s.board.get(a.arg)
    if tile is not None:
        s.board[a.arg] = None
        s.encounter = tile
        if tile in s.searched:
            s.searched.remove(tile)
        t = pack.tiles[tile]
        reward = t.reward or "no reward"
        _say(ev, "move", f"The Leader moves the Airplane to {a.arg} ({space.region}) and turns over {t.name}: "
             f"{', '.join(c.text for c in t.challenges)}; reward: {reward}.", data=(a.arg, tile))
    else:
        s.encounter = None
        _say(ev, "move", f"The Leader moves the Airplane to the empty space {a.arg} ({space.region}): no reward, "
             f"its own challenges {', '.join(c.text for c in space.challenges)}.", data=(a.arg, None))
    if space.region == "Edge of Madness" and not s.edge_reached:
        s.edge_reached = True
        _say(ev, "edge", "The expedition stands on the Edge of Madness: no more descending; three Escape turns follow.")
    if space.region == "Escape":
        s.escape_steps += 1
        _say(ev, "escape", f"Escape turn {s.escape_steps} of 3.")
    s.phase = "encounter"
    _say(ev, "timer", f"The Sand Timer is turned ({s.rules.timer_seconds} seconds): the table may talk until someone plays a card.")


def _do_play(s: State, a: Action, ev: list[Event]) -> None:
    cards = pack_of(s).cards
    hand = s.hands[a.player]
    card = next(c for c in hand if cards[c].label == a.arg)
    hand.remove(card)
    s.sled.append([a.player, card])
    if s.talking:
        s.talking = False
        _say(ev, "silence", f"{seat_text(a.player)} plays a card: all communication stops.")
    _say(ev, "play", f"{seat_text(a.player)} plays a card face down on the Sled.", data=(a.player,))
    _say(ev, "play", f"You play {a.arg} ({cards[card].name}) face down.", (a.player,), (a.player, card))


def _do_speak(s: State, a: Action, ev: list[Event]) -> None:
    _say(ev, "speech", f"{seat_text(a.player)} speaks while communication is forbidden: the Penalty Die is rolled at once.")
    face = _roll(s, ev)
    _apply_face(s, ev, face, None)


def _do_time_up(s: State, a: Action, ev: list[Event]) -> None:
    s.phase = "timer"
    _say(ev, "timer", f"The Sand Timer runs out with {len(s.sled)} card(s) on the Sled; the Leader decides alone whether to restart.")


def _do_restart(s: State, a: Action, ev: list[Event]) -> None:
    s.sled_tokens -= 1
    s.discard_tokens += 1
    s.restarts += 1
    s.talking = True
    if not s.rules.cards_stay_on_restart:
        for p, card in s.sled:
            s.hands[p].append(card)
        s.sled = []
    s.phase = "encounter"
    kept = "the cards already on the Sled stay there" if s.rules.cards_stay_on_restart else "the cards played go back to their hands"
    _say(ev, "token", "The Leader discards a Leadership token to restart the Encounter Phase: the timer turns again and the table may talk "
         f"until someone plays a card ({kept}).", data=("restart",))


def _do_resolve(s: State, a: Action, ev: list[Event]) -> None:
    pack = pack_of(s)
    cards = pack.cards
    if s.sled:
        shown = ", ".join(f"{cards[c].label} ({cards[c].name}, {seat_text(p)})" for p, c in s.sled)
    else:
        shown = "nothing"
    _say(ev, "reveal", f"The Leader reveals the Sled: {shown}.", data=tuple(c for _, c in s.sled))
    totals: dict[str, int] = {}
    for _, c in s.sled:
        face = cards[c]
        if face.type is not None:
            totals[face.type] = totals.get(face.type, 0) + face.value
    faced = challenges(s)
    s.totals = [totals.get(c.type, 0) for c in faced]
    s.outcomes = [c.met_by(t) for c, t in zip(faced, s.totals)]
    for i, (c, total, ok) in enumerate(zip(faced, s.totals, s.outcomes)):
        verdict = "SUCCESS" if ok else f"FAILURE (misses by {c.distance(total)})"
        _say(ev, "challenge", f"{c.text}: {c.type} total {total} -> {verdict}.", data=(i, c.text, total, ok, c.distance(total)))
    s.pending = [i for i, ok in enumerate(s.outcomes) if not ok]
    s.reward = None
    tile = pack.tiles[s.encounter] if s.encounter else None
    if any(s.outcomes) and tile is not None and tile.reward:
        _start_reward(s, ev, tile.reward)
    elif tile is not None and tile.reward:
        _say(ev, "reward", f"No challenge was overcome: no reward ({tile.reward}).")
    if s.phase != "reward":
        _after_reward(s, ev)


def _start_reward(s: State, ev: list[Event], reward: str) -> None:
    pack = pack_of(s)
    if reward == "Heal":
        cards = pack.cards
        injury = next((c for c in reversed(s.equipment_discard) if cards[c].type is None), None)
        if injury is not None:
            s.equipment_discard.remove(injury)
        else:
            found = next((pc for pc in s.sled if cards[pc[1]].type is None), None)
            if found is not None:
                s.sled.remove(found)
                injury = found[1]
        if injury is None:
            _say(ev, "reward", "Reward Heal: no Injury card in the Equipment discard; nothing to heal.")
        else:
            s.injury_deck.append(injury)
            _say(ev, "reward", f"Reward Heal: the Injury card {cards[injury].name} goes back to the Injury deck.", data=("Heal", injury))
    elif reward == "Praise":
        back = min(2, s.discard_tokens)
        s.discard_tokens -= back
        s.sled_tokens += back
        _say(ev, "reward", f"Reward Praise: {back} Leadership token(s) come back from the discard to the Sled.", data=("Praise", back))
    elif reward == "Arcane":
        if s.arcane_deck:
            s.reward, s.phase = reward, "reward"
            _say(ev, "reward", "Reward Arcane Equipment: the Leader chooses an Arcane card for the Equipment discard.")
        else:
            _say(ev, "reward", "Reward Arcane Equipment: the Arcane deck is empty; nothing to take.")
    elif reward == "Search":
        if any(t is not None and t not in s.searched for t in s.board.values()):
            s.reward, s.phase = reward, "reward"
            _say(ev, "reward", "Reward Search: the Leader chooses a face-down tile to look at for one turn of the timer.")
        else:
            _say(ev, "reward", "Reward Search: no face-down tile is left to look at.")
    elif reward.startswith("Relic "):
        relic = pack.relic_by_name.get(reward[6:])
        if relic in s.relic_deck:
            s.reward, s.phase = reward, "reward"
            _say(ev, "reward", f"Reward {reward}: the Leader chooses who takes it.")
        else:
            _say(ev, "reward", f"Reward {reward}: that card is no longer in the Relic deck.")


def _do_give(s: State, a: Action, ev: list[Event]) -> None:
    pack = pack_of(s)
    rid = pack.relic_by_name[a.arg]
    relic = pack.relics[rid]
    s.relic_deck.remove(rid)
    had_knowledge = any(pack.relics[r].category == "Knowledge" for r in s.relics[a.target])
    s.relics[a.target].append(rid)
    who = seat_text(a.target)
    _say(ev, "relic", f"{who} takes the Relic card {relic.name} ({relic.title}) face up. Its action: {relic.action}",
         data=(a.target, rid))
    _draw_madness(s, ev, a.target, f"the Relic {relic.name}")
    if s.phase == "over":
        return
    if relic.category == "Knowledge" and had_knowledge:
        _say(ev, "relic token", f"{who} already has a Knowledge token: no second one.")
    elif s.relic_tokens.get(relic.category, 0) > 0:
        s.relic_tokens[relic.category] -= 1
        s.covers[a.target].append(relic.covers)
        _say(ev, "relic token", f"{who} places a {relic.category} token on their Player Board covering {relic.covers}: {relic.constraint}",
             data=(a.target, relic.covers))
    else:
        _say(ev, "relic token", f"No {relic.category} token is left beside the board.")
    s.reward = None
    _after_reward(s, ev)


def _do_search(s: State, a: Action, ev: list[Event]) -> None:
    pack = pack_of(s)
    tile = pack.tiles[s.board[a.arg]]
    s.searched.append(tile.id)
    _say(ev, "search", f"Search: the team memorises the tile on {a.arg}, {tile.name}: {', '.join(c.text for c in tile.challenges)}; "
         f"reward {tile.reward or 'none'}. It is turned face down again.", data=(a.arg, tile.id))
    s.reward = None
    _after_reward(s, ev)


def _do_take(s: State, a: Action, ev: list[Event]) -> None:
    cards = pack_of(s).cards
    card = next(c for c in s.arcane_deck if cards[c].label == a.arg)
    s.arcane_deck.remove(card)
    s.equipment_discard.append(card)
    _say(ev, "reward", f"The Leader adds {a.arg} ({cards[card].name}) to the Equipment discard.", data=("Arcane", card))
    s.reward = None
    _after_reward(s, ev)


def _after_reward(s: State, ev: list[Event]) -> None:
    """After any reward the failures are suffered, one by one, in the Leader's order (MAD-R07)."""
    if s.pending:
        s.phase = "failures"
        faced = challenges(s)
        texts = ", ".join(faced[i].text for i in s.pending)
        _say(ev, "failures", f"{len(s.pending)} failure(s) to suffer: {texts}. For each, in the order the Leader picks, a player "
             "draws Madness or the Leader rolls the Penalty Die (MAD-R07).", data=tuple(s.pending))
    else:
        _end_resolution(s, ev)


def _take_pending(s: State, text: str) -> int:
    faced = challenges(s)
    index = next(i for i in s.pending if faced[i].text == text)
    s.pending.remove(index)
    return index


def _do_madness(s: State, a: Action, ev: list[Event]) -> None:
    index = _take_pending(s, a.arg)
    _say(ev, "failure", f"Failure {a.arg}: the Leader chooses a Madness card for {seat_text(a.target)}.", data=(index, "madness", a.target))
    _draw_madness(s, ev, a.target, f"the failed {a.arg}")
    if s.phase != "over":
        _next_failure(s, ev)


def _do_roll(s: State, a: Action, ev: list[Event]) -> None:
    index = _take_pending(s, a.arg)
    s.failure = index
    _say(ev, "failure", f"Failure {a.arg}: the Leader rolls the Penalty Die.", data=(index, "die"))
    _roll(s, ev)
    s.phase = "die"


def _do_accept(s: State, a: Action, ev: list[Event]) -> None:
    face, index = s.die, s.failure
    s.die, s.failure = None, -1
    _apply_face(s, ev, face, index)
    if s.phase != "over":
        _next_failure(s, ev)


def _do_reroll(s: State, a: Action, ev: list[Event]) -> None:
    s.sled_tokens -= 1
    s.discard_tokens += 1
    _say(ev, "reroll", f"The Leader discards a Leadership token to ignore {s.die} and roll again.", data=(s.die,))
    _roll(s, ev)


def _next_failure(s: State, ev: list[Event]) -> None:
    if s.pending:
        s.phase = "failures"
    else:
        _end_resolution(s, ev)


def _roll(s: State, ev: list[Event]) -> str:
    pack = pack_of(s)
    if s.loaded_die:
        face = s.loaded_die.pop(0)
    else:
        face = seeded_random(s.seed, "die", s.rolls).choice(pack.die)
    s.rolls += 1
    s.die = face
    _say(ev, "die", f"The Penalty Die shows {face}.", data=(face,))
    return face


def _apply_face(s: State, ev: list[Event], face: str, index: int | None) -> None:
    """One Penalty Die result, exactly as 'Rolling the Penalty Die' writes it (and MAD-R04)."""
    s.die = None
    pack = pack_of(s)
    if face == "Accident":
        for n in (1, 2):
            if not s.injury_deck:
                _lose(s, ev, "injuries", "Accident: an Injury must be drawn but the Injury deck is empty.")
                return
            card = s.injury_deck.pop()
            s.equipment_discard.append(card)
            _say(ev, "accident", f"Accident: Injury {n} of 2 ({pack.cards[card].name}) goes to the Equipment discard.", data=(card,))
    elif face == "Confusion":
        if index is None:
            count = s.rules.speech_confusion_cards
            why = f"{count} card(s) (broken silence: no challenge to measure)"
        else:
            c = challenges(s)[index]
            total = s.totals[index]
            count = c.distance(total)
            side = f"lower number {c.low}" if total < c.low else (f"higher number {c.high}" if total > c.high else "nearer number")
            why = f"{count} card(s): {c.text} had {total}, measured against the {side}"
        taken = []
        for _ in range(min(count, len(s.equipment_deck))):
            card = s.equipment_deck.pop()
            s.equipment_discard.append(card)
            taken.append(card)
        names = ", ".join(pack.cards[c].label for c in taken) or "nothing"
        _say(ev, "confusion", f"Confusion: discard {why} from the Equipment deck -> {names}.", data=(count, tuple(taken)))
        if len(taken) < count:
            _say(ev, "confusion", f"The Equipment deck had only {len(taken)} card(s): one Leadership token goes to the box (MAD-R04).")
            _box_token(s, ev)
    elif face == "Loss of Confidence":
        if s.sled_tokens >= 2:
            s.sled_tokens -= 2
            s.discard_tokens += 2
            _say(ev, "loss of confidence", "Loss of Confidence: 2 Leadership tokens go from the Sled to the discard.", data=(2,))
        else:
            _say(ev, "loss of confidence", f"Loss of Confidence with {s.sled_tokens} token(s) on the Sled: 1 token goes to the box instead.")
            _box_token(s, ev)


def _box_token(s: State, ev: list[Event], source: str | None = None) -> None:
    """A Leadership token leaves the game; boxing the last one loses it."""
    order = source or s.rules.boxed_token_source
    take_sled = s.sled_tokens > 0 and (order == "sled-first" or s.discard_tokens == 0)
    if take_sled:
        s.sled_tokens -= 1
        where = "the Sled"
    elif s.discard_tokens > 0:
        s.discard_tokens -= 1
        where = "the discard"
    else:
        where = "nowhere"
    if where != "nowhere":
        s.boxed_tokens += 1
        _say(ev, "token", f"A Leadership token from {where} goes back to the box ({s.tokens_in_play} left in play).", data=("box", where))
    if s.tokens_in_play == 0:
        _lose(s, ev, "no hope", "The last Leadership token went back to the box.")


def _draw_madness(s: State, ev: list[Event], player: int, why: str) -> None:
    """Drawing a Madness card; at Level 3 for everyone a token pays instead (MAD-R07)."""
    pack = pack_of(s)
    current = level(s, player)
    who = seat_text(player)
    if current >= 3:
        _say(ev, "madness", f"{who} already has a Level 3 Madness: a Leadership token pays for {why} instead (MAD-R07).")
        if s.sled_tokens:
            s.sled_tokens -= 1
            s.discard_tokens += 1
            _say(ev, "token", "A Leadership token goes from the Sled to the discard instead of a Madness card (MAD-R07).", data=("madness",))
        else:
            _box_token(s, ev, "discard-first")
        return
    new = current + 1
    if s.rules.expert:
        kept = f"; they keep their Level {current} card (Expert Variant)" if current else ""
    else:
        s.madness_box.extend(s.madness[player])
        s.madness[player] = []
        kept = f"; their Level {current} card goes back to the box" if current else ""
    card = s.madness_decks[new - 1].pop()
    s.madness[player].append(card)
    m = pack.madness[card]
    _say(ev, "madness", f"{who} draws a Level {new} Madness card for {why}{kept}.", data=(player, new))
    _say(ev, "madness", f"Your new Madness (Level {new}), {m.name}: {m.description} Never tell the others (MAD-R08).", (player,), (player, card))


def _lose(s: State, ev: list[Event], result: str, why: str) -> None:
    s.phase = "over"
    s.result = result
    s.won = False
    s.die = None
    text = {"no hope": "You lost all hope of survival, lost in this cruel vastness.",
            "injuries": "Weakened and overwhelmed with injuries, the group cannot go on: the Mountain wins."}[result]
    _say(ev, "lost", f"{why} The expedition is lost. {text}", data=(result,))


def _end_resolution(s: State, ev: list[Event]) -> None:
    for _, card in s.sled:
        s.equipment_discard.append(card)
    if s.sled:
        _say(ev, "cleanup", f"The {len(s.sled)} card(s) played go to the Equipment discard.")
    s.sled = []
    if s.encounter is not None:
        s.set_aside.append(s.encounter)
        _say(ev, "cleanup", f"The tile {pack_of(s).tiles[s.encounter].name} is set aside.")
        s.encounter = None
    s.phase = "draw"
    s.hand_bonus = 0


def _do_raise(s: State, a: Action, ev: list[Event]) -> None:
    s.sled_tokens -= 1
    s.discard_tokens += 1
    s.hand_bonus += 1
    _say(ev, "token", f"The Leader discards a Leadership token: the hand size limit is {hand_limit(s)} until the next Draw Phase.", data=("raise",))


def _deal_one(s: State, player: int, ev: list[Event]) -> None:
    card = s.equipment_deck.pop()
    s.hands[player].append(card)
    _say(ev, "deal", f"You receive {pack_of(s).cards[card].label} ({pack_of(s).cards[card].name}).", (player,), (player, card))


def _do_deal(s: State, a: Action, ev: list[Event]) -> None:
    needs = _needs(s)
    for offset in range(s.count):
        p = (s.leader + offset) % s.count
        for _ in range(min(needs[p], len(s.equipment_deck))):
            _deal_one(s, p, ev)
    _say(ev, "deal", "The Leader deals: " + ", ".join(f"{seat_text(p)} {n}" for p, n in enumerate(needs)) + " card(s)"
         + (" (the Equipment deck is empty)" if not s.equipment_deck else "") + ".", data=tuple(needs))
    s.phase = "rest"


def _do_deal_to(s: State, a: Action, ev: list[Event]) -> None:
    _deal_one(s, a.target, ev)
    _say(ev, "deal", f"The Leader deals one card to {seat_text(a.target)} (not enough cards for everyone).", data=(a.target,))
    if not s.equipment_deck or sum(_needs(s)) == 0:
        s.phase = "rest"


def _do_rest(s: State, a: Action, ev: list[Event]) -> None:
    if s.discard_tokens:  # MAD-R05: the taken token goes to the box; taking it from the discard is equivalent
        s.discard_tokens -= 1
    else:
        s.sled_tokens -= 1
    s.boxed_tokens += 1
    back = s.discard_tokens
    s.sled_tokens += back
    s.discard_tokens = 0
    pile = s.equipment_deck + s.equipment_discard
    s.shuffles += 1
    s.equipment_deck = shuffled(pile, s.seed, "rest", s.shuffles)
    s.equipment_discard = []
    _say(ev, "rest", f"Rest: one Leadership token goes to the box (MAD-R05), {back} come back to the Sled ({s.sled_tokens} on it); "
         f"the Equipment discard is shuffled into a new deck of {len(s.equipment_deck)} cards.")
    _end_turn(s, ev)


def _do_no_rest(s: State, a: Action, ev: list[Event]) -> None:
    _end_turn(s, ev)


def _end_turn(s: State, ev: list[Event]) -> None:
    if s.escape_steps >= 3:
        relics = relic_count(s)
        injuries = injuries_in_play(s)
        s.phase = "over"
        s.result = "escaped"
        s.won = relics >= injuries  # MAD-R03
        margin = relics - injuries
        verdict = "won" if s.won else "lost"
        _say(ev, "escaped", f"The expedition escapes the Mountain with {relics} Relic(s) and {injuries} Injury card(s): you {verdict} "
             f"(MAD-R03). {pack_of(s).result_text(margin)}", data=(relics, injuries, s.won))
        return
    s.leader = (s.leader + 1) % s.count
    s.turn += 1
    s.ignoring = []
    s.phase = "movement"
    _say(ev, "turn", f"Turn {s.turn}: the Sled passes to the left; {seat_text(s.leader)} leads.", data=(s.turn, s.leader))


_HANDLERS = {
    "ignore": _do_ignore, "move": _do_move, "play": _do_play, "speak": _do_speak, "time_up": _do_time_up,
    "restart": _do_restart, "resolve": _do_resolve, "give": _do_give, "search": _do_search, "take": _do_take,
    "madness": _do_madness, "roll": _do_roll, "accept": _do_accept, "reroll": _do_reroll, "raise": _do_raise,
    "deal": _do_deal, "deal_to": _do_deal_to, "rest": _do_rest, "no_rest": _do_no_rest,
}


def score(state: State) -> dict:
    """Relics, Injuries and where the margin falls in the result table (The End of the Game)."""
    relics = relic_count(state)
    injuries = injuries_in_play(state)
    return {"relics": relics, "injuries": injuries, "margin": relics - injuries,
            "won": state.won, "result": state.result, "table": pack_of(state).result_text(relics - injuries)}


__all__ = ["failure_options", "new_game", "legal_actions", "apply", "explain_illegal", "challenges", "level", "decision", "destinations",
           "hand_limit", "covered", "register_pack", "pack_of", "score", "injuries_in_play", "relic_count"]
