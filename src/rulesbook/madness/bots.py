"""Cooperative bots that act only on their own player's view and on what is said at the table.

The table talk is modelled as each player announcing their hand while talking is allowed
(the rules let the team share everything on their cards). A bot whose Madness is at Level 3
(or who holds two Madness cards, Expert Variant), and is not ignored this turn, stays silent (our model of Madness hindering speech,
the project's decision MAD-P18; ruling MAD-R08 says the engine never enforces the texts). Everyone plans the same way from what was
said, so their plays agree without further words; the first silent player may then add cards
of their own to a challenge the plan leaves unmet. A tile shown by a Search is remembered by
each bot that saw it (MAD-R09: the views show it once).

Bots see only their own player's view (a mapping, `View`: what `player_view` shows), never the state:
the `Table` hands each its `SeatView` from `SeatViews`, the same content made entry by entry as the
bot reads it, sharing the pack's printed pieces (and, between the seats, what all of them see),
which a bot reads and never changes. Two kinds of bot, so: a player (`ExpeditionPlayer(seat)`,
`PLAYERS`, `make_player`) chooses for its seat from its view and the talk; a `Table` seats one per
player and answers the protocol for whoever acts. The bots of the other games' shape
(`ExpeditionBot(seed)`, `BOTS`, `make_bot(name)`) are tables of one level of player, choosing
from the state.

The search bot (`SearchPlayer`, issue 25) searches the Leader's decisions by information-set MCTS over
expeditions dealt again from what its seat sees, and leaves the expedition bot's choice only for one
that wins more on the same deals; in the Encounter Phase it talks and plays as the expedition bot
does, so the team shares no more than the table talk lets it.

>>> from rulesbook.madness.engine import legal_actions, new_game
>>> state = new_game(4, seed=1)
>>> make_bot("expedition", seed=1).choose(state, legal_actions(state)) in legal_actions(state)
True
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from itertools import combinations
from typing import Any, Protocol

from rulesbook.core.data import DataError, whole
from rulesbook.core.rng import MAX_BOT_SEED, check_seed
from rulesbook.madness import actions as madness_actions
from rulesbook.madness.actions import Action
from rulesbook.madness.challenges import Challenge, parse_challenge
from rulesbook.core.search import InformationSetSearch
from rulesbook.madness.engine import MOST_PLAYERS, apply_legal, legal_actions
from rulesbook.madness.state import Phase, State
from rulesbook.madness.views import REVEALED_PHASES, SeatView, SeatViews

#: A player's view as the bots read it: a `player_view` dict, or the `SeatView` the Table hands them.
View = Mapping[str, Any]

REGION_RANK = {"Coast": 0, "Mountain": 1, "City": 2, "Edge of Madness": 3, "Escape": 4}


SILENT_FROM_LEVEL = 3


def check_seat(seat: Any, where: str = "seat") -> int:
    """A player's seat, 0 to MOST_PLAYERS - 1 (a bot of another seat would read views that are not
    there); DataError naming `where` otherwise."""
    return whole(seat, where, 0, MOST_PLAYERS - 1)


def _silent(view: View, player: int) -> bool:
    """Level 3 silences; so do two Madness cards at once (only possible in the Expert Variant)."""
    if player in view["ignoring"]:
        return False
    return bool(view["madness_levels"][player] >= SILENT_FROM_LEVEL or view["madness_card_counts"][player] >= 2)


def _best_subset(cards: list[tuple[int, str, int]], wanted: list[Challenge]) -> list[tuple[int, str, int]] | None:
    """The fewest cards (then the smallest total) whose sum meets every challenge in `wanted`."""
    cards = sorted(cards, key=lambda c: -c[2])[:12]
    for size in range(1, len(cards) + 1):
        best: tuple[int, tuple[tuple[int, str, int], ...]] | None = None
        for combo in combinations(cards, size):
            total = sum(c[2] for c in combo)
            if all(ch.met_by(total) for ch in wanted) and (best is None or total < best[0]):
                best = (total, combo)
        if best:
            return list(best[1])
    return None


def team_plan(view: View, talk: dict[int, list[str] | None]) -> dict[int, list[str]]:
    """Which labels each talking player plays: the same answer for everyone who heard the talk."""
    return {p: list(labels) for p, labels in _shared_plan(view, talk).items()}


def _shared_plan(view: View, talk: dict[int, list[str] | None]) -> dict[int, list[str]]:
    """`team_plan`, worked out once for the whole table (every seat asks it of the same talk): the
    bots read it and never change it."""
    leader = view["leader"]
    heard = tuple((p, None if labels is None else tuple(labels)) for p, labels in talk.items())
    return _team_plan(tuple(view["challenges"]), leader, frozenset(view["covers"][leader]), heard)


@lru_cache(maxsize=256)
def _team_plan(challenges: tuple[str, ...], leader: int, covered: frozenset[str],
               heard: tuple[tuple[int, tuple[str, ...] | None], ...]) -> dict[int, list[str]]:
    faced = [parse_challenge(t) for t in challenges]
    plan: dict[int, list[str]] = {p: [] for p, _ in heard}
    for kind in sorted({c.type for c in faced}):
        wanted = [c for c in faced if c.type == kind]
        pool = []
        for p, labels in heard:
            if labels is None or (p == leader and kind in covered):
                continue
            for label in labels:
                words = label.split()
                if label != "Injury" and words[-2] == kind:
                    pool.append((p, label, int(words[-1])))
        chosen = _best_subset(pool, wanted)
        for p, label, _ in chosen or ():
            plan[p].append(label)
    return plan


def remember(memory: dict[str, dict[str, Any]], view: View) -> dict[str, dict[str, Any]]:
    """What a player remembers of the tiles Searches showed (space -> tile, MAD-R09: a view shows
    one only in the moment after its Search), once they have seen `view`: the tile it shows
    kept, the tiles the expedition has met forgotten."""
    shown = view.get("search")
    if not memory and not shown:
        return {}
    kept = dict(memory)
    if shown:
        kept[shown["space"]] = shown["tile"]
    return {space: tile for space, tile in kept.items() if view["board"][space]["tile"] is not None}


class ExpeditionPlayer:
    """A cooperative player: plans from the table talk, leads with simple, cautious heuristics."""

    name = "expedition"

    def __init__(self, seat: int, ignore_from: int = 5, reroll_accident_from: int = 2):
        """`ignore_from` and `reroll_accident_from`: the Leadership tokens on the Sled (or in all)
        from which it spends one to ignore a silent player's Madness, or to reroll an Accident."""
        self.seat = check_seat(seat)
        self.ignore_from = whole(ignore_from, "ignore_from", 0)
        self.reroll_accident_from = whole(reroll_accident_from, "reroll_accident_from", 0)
        self.memory: dict[str, dict[str, Any]] = {}  # space -> the tile a Search showed there (MAD-R09)

    def observe(self, view: View) -> None:
        """Remember a tile a Search shows now; forget the tiles the expedition has met."""
        self.memory = remember(self.memory, view)

    def plan(self, view: View, talk: dict[int, list[str] | None]) -> dict[int, list[str]]:
        """The team plan for this talk (plays do not change it), shared with the table: read, never changed."""
        return _shared_plan(view, talk)

    # -- the table talk
    def statement(self, view: View) -> list[str] | None:
        """What this player says while talking is allowed: their hand, or nothing when mad."""
        if _silent(view, self.seat):
            return None
        return [c["label"] for c in view["hand"]]

    # -- decisions
    def choose(self, view: View, actions: Sequence[Action], talk: dict[int, list[str] | None] | None = None) -> Action | None:
        if isinstance(view, State):
            raise TypeError("a player chooses from its seat's view (SeatViews(state)[seat]), not the state: "
                            "a table of them, ExpeditionBot(seed), chooses from the state")
        self.observe(view)
        phase = view["phase"]
        if phase == "encounter":
            return self._encounter(view, actions, talk or {})
        leads = _LEADS.get(phase)
        choice = leads(self, view, actions) if leads is not None else None
        return choice if choice is not None else actions[-1]

    def _encounter(self, view: View, actions: Sequence[Action], talk: dict[int, list[str] | None]) -> Action | None:
        plays = {a.card.text: a for a in actions if isinstance(a, madness_actions.PlayCard) and a.player == self.seat}
        if "Injury" in plays:
            return plays["Injury"]
        played = [c["label"] for c in view["sled"].get("yours", [])]
        wanted = list(self.plan(view, talk).get(self.seat, []))
        for label in played:
            if label in wanted:
                wanted.remove(label)
        if talk.get(self.seat) is None:
            wanted = self._silent_fill(view, talk)
            for label in played:
                if label in wanted:
                    wanted.remove(label)
        for label in wanted:
            if label in plays:
                return plays[label]
        return None

    def _silent_fill(self, view: View, talk: dict[int, list[str] | None]) -> list[str]:
        """The first silent player (from the Leader) covers what the plan leaves unmet, alone."""
        n = len(view["players"])
        silent = [(view["leader"] + i) % n for i in range(n) if talk.get((view["leader"] + i) % n) is None]
        if not silent or silent[0] != self.seat:
            return []
        plan = self.plan(view, talk)
        planned_types = {label.split()[-2] for labels in plan.values() for label in labels}
        covered = set(view["covers"][self.seat]) if view["leader"] == self.seat else set()
        faced = [parse_challenge(t) for t in view["challenges"]]
        out: list[str] = []
        for kind in sorted({c.type for c in faced} - planned_types - covered):
            wanted = [c for c in faced if c.type == kind]
            pool = [(self.seat, c["label"], c["value"]) for c in view["hand"] if c["type"] == kind]
            chosen = _best_subset(pool, wanted)
            out.extend(label for _, label, _ in chosen or ())
        return out

    def _movement(self, view: View, actions: Sequence[Action]) -> Action:
        if view["leadership"]["sled"] >= self.ignore_from:
            for a in actions:
                if isinstance(a, madness_actions.IgnoreMadness) and _silent(view, a.target):
                    return a
        moves = [a for a in actions if isinstance(a, madness_actions.MoveAirplane)]
        board = view["board"]
        if len(moves) == 1:
            return moves[0]
        injuries = view["injuries_total"] - len(view["injury_deck"])
        relics = sum(len(r) for r in view["relics"])
        tokens = view["leadership"]["sled"] + view["leadership"]["discard"]
        homeward = relics - injuries >= 1 or tokens <= 2 or view["turn"] > 18
        edge_distance = _distances(board, lambda s: board[s]["region"] == "Edge of Madness")

        def value(space: str) -> tuple[Any, ...]:
            entry = board[space]
            tile = self.memory.get(space, entry["tile"])
            has_tile = tile is not None
            relic = isinstance(tile, dict) and (tile.get("reward") or "").startswith("Relic")
            rank = REGION_RANK[entry["region"]]
            if homeward:
                return (-edge_distance.get(space, 99), has_tile, relic)
            if entry["region"] == "Edge of Madness":
                return (-100,)
            tile_distance = _nearest(board, lambda s: board[s]["tile"] is not None and board[s]["region"] != "Edge of Madness", space)
            return (relic, has_tile, -tile_distance, rank if rank <= 2 else -1)

        return max(moves, key=lambda a: value(a.space))

    def _timer(self, view: View, actions: Sequence[Action]) -> Action:
        return next(a for a in actions if isinstance(a, madness_actions.Resolve))

    def _reward(self, view: View, actions: Sequence[Action]) -> Action:
        n = len(view["players"])
        leader = view["leader"]
        gives = [a for a in actions if isinstance(a, madness_actions.GiveRelic)]
        if gives:
            return min(gives, key=lambda a: (view["madness_levels"][a.target], -((a.target - leader - 1) % n)))
        searches = [a for a in actions if isinstance(a, madness_actions.SearchTile) and a.space not in self.memory]
        if searches:
            near = set(view["board"][view["airplane"]]["adjacent"]) if view["airplane"] else set()
            return max(searches, key=lambda a: (a.space in near, REGION_RANK[view["board"][a.space]["region"]]))
        return actions[0]

    def _failures(self, view: View, actions: Sequence[Action]) -> Action:
        levels = view["madness_levels"]
        madness = [a for a in actions if isinstance(a, madness_actions.DrawMadness)]
        calm = [a for a in madness if levels[a.target] == 0]
        if calm:
            return min(calm, key=lambda a: a.target)
        tokens = view["leadership"]["sled"] + view["leadership"]["discard"]
        if madness and (tokens <= 3 or len(view["injury_deck"]) <= 2):
            return min(madness, key=lambda a: (levels[a.target], a.target))
        rolls = [a for a in actions if isinstance(a, madness_actions.RollDie)]
        return rolls[0] if rolls else actions[0]

    def _die(self, view: View, actions: Sequence[Action]) -> Action:
        reroll = next((a for a in actions if isinstance(a, madness_actions.Reroll)), None)
        tokens = view["leadership"]["sled"] + view["leadership"]["discard"]
        if reroll and view["die"] == "Accident" and tokens >= self.reroll_accident_from:
            return reroll
        return next(a for a in actions if isinstance(a, madness_actions.AcceptDie))

    def _draw(self, view: View, actions: Sequence[Action]) -> Action:
        deals = [a for a in actions if isinstance(a, madness_actions.DealTo)]
        if deals:
            sizes = view["hand_sizes"]
            return min(deals, key=lambda a: (sizes[a.target], a.target))
        return next(a for a in actions if isinstance(a, madness_actions.Deal))

    def _rest(self, view: View, actions: Sequence[Action]) -> Action:
        rest = next((a for a in actions if isinstance(a, madness_actions.Rest)), None)
        lead = view["leadership"]
        low_deck = view["equipment_deck"] < 2 * len(view["players"])
        if rest and (lead["discard"] >= 3 or (low_deck and lead["discard"] >= 1)):
            return rest
        return next(a for a in actions if isinstance(a, madness_actions.NoRest))


#: How the Leader decides, phase by phase (the Encounter Phase, where anyone may act, apart).
_LEADS: dict[str, Callable[[ExpeditionPlayer, View, Sequence[Action]], Action | None]] = {
    "movement": ExpeditionPlayer._movement, "timer": ExpeditionPlayer._timer, "reward": ExpeditionPlayer._reward,
    "failures": ExpeditionPlayer._failures, "die": ExpeditionPlayer._die, "draw": ExpeditionPlayer._draw, "rest": ExpeditionPlayer._rest,
}


def _distances(board: dict[str, Any], goal: Callable[[str], bool]) -> dict[str, int]:
    """Breadth-first distances from every space to the goal set."""
    seen = {s: 0 for s in board if goal(s)}
    queue = deque(seen)
    while queue:
        here = queue.popleft()
        for nxt in board[here]["adjacent"]:
            if nxt not in seen:
                seen[nxt] = seen[here] + 1
                queue.append(nxt)
    return seen


def _nearest(board: dict[str, Any], goal: Callable[[str], bool], start: str) -> int:
    """How far the nearest goal space other than `start` lies, not crossing Escape spaces (99: none):
    breadth first, so the first goal reached is the nearest."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if goal(here) and here != start:
            return seen[here]
        for nxt in board[here]["adjacent"]:
            if nxt not in seen and board[nxt]["region"] != "Escape":
                seen[nxt] = seen[here] + 1
                queue.append(nxt)
    return 99


class RandomPlayer:
    """Picks any legal action; seeded, for fuzzing the engine."""

    name = "random"

    def __init__(self, seed: int | str = 0):
        check_seed(seed, "seed", MAX_BOT_SEED)
        self.random = random.Random(str(seed))

    def choose(self, view: View | None, actions: Sequence[Action], talk: dict[int, list[str] | None] | None = None) -> Action | None:
        if not actions:
            return None  # in the Encounter Phase a player may have nothing to play
        return self.random.choice(actions)


class PlayerBot(Protocol):
    """A Madness bot: it chooses from its own player's view; None lets the moment pass (Encounter)."""

    name: str

    def choose(self, view: View, actions: Sequence[Action],
               talk: dict[int, list[str] | None] | None = None) -> Action | None: ...


def make_player(name: str, seat: int, seed: int | str = 0) -> PlayerBot:
    """One player's bot of that name; ValueError listing the bots for an unknown name, DataError
    naming `seat` or `seed`, checked for every bot alike (the expedition bot takes no seed, the
    random bot no seat: the other name would)."""
    if not isinstance(name, str) or name not in PLAYERS:
        raise ValueError(f"At the Mountains of Madness has no bot {name!r}; its bots are {', '.join(PLAYERS)}")
    check_seat(seat)
    check_seed(seed, "seed", MAX_BOT_SEED)
    if name == "expedition":
        return ExpeditionPlayer(seat)
    if name == "random":
        return RandomPlayer(seed)
    return PLAYERS[name](seat, seed)  # the search bots


class Table:
    """The bots of one expedition, one per seat, playing as a table does.

    In the Encounter Phase the table talks while it may (each bot's `statement`), then the players
    are asked in turn from the Leader, each with only their own view and actions; the first who
    wants to act acts; when nobody does, the Leader calls time. In every other phase the Leader
    decides. Every bot with an `observe` method sees the moment a Search shows a tile (MAD-R09).
    """

    def __init__(self, bots: Sequence[PlayerBot]):
        for index, bot in enumerate(bots):
            seat = getattr(bot, "seat", index)  # a bot of no seat (the random bot) may sit anywhere
            if seat != index:
                raise DataError(f"bots[{index}]", f"the bot of seat {seat} sits at seat {index}: each bot plays its own seat")
        self.bots = list(bots)
        self.talk: dict[int, list[str] | None] = {}

    def choose(self, state: State, actions: Sequence[Action]) -> Action:
        if state.players != len(self.bots):  # before any bot has seen the moment
            raise DataError("bots", f"an expedition of {state.players} players needs one bot a seat, not {len(self.bots)}")
        views = SeatViews(state)  # each seat's view of this moment, built once however often it is asked
        if state.search_shown is not None:
            for seat, bot in enumerate(self.bots):
                observe = getattr(bot, "observe", None)
                if observe is not None:
                    observe(views[seat])
        leader = state.leader
        if state.phase is not Phase.ENCOUNTER:
            chosen = self.bots[leader].choose(views[leader], actions)
            return chosen if chosen is not None else actions[-1]
        count = state.players
        if state.talking:
            self.talk = {p: _statement(self.bots[p], views[p]) for p in range(count)}
        for offset in range(count):
            p = (leader + offset) % count
            mine = [action for action in actions if action.player == p]
            chosen = self.bots[p].choose(views[p], mine, self.talk)
            if chosen is not None:
                return chosen
        return next(action for action in actions if isinstance(action, madness_actions.TimeUp))


def _statement(bot: PlayerBot, view: View) -> list[str] | None:
    speak = getattr(bot, "statement", None)
    return speak(view) if speak is not None else None


class Seat:
    """One seat of a table, as the protocol's bot interface sees it: the protocol asks the seat
    that must act (the Leader), and the table answers for whoever acts."""

    def __init__(self, table: Table, name: str):
        self.table = table
        self.name = name

    def choose(self, state: State, actions: Sequence[Action]) -> Action:
        return self.table.choose(state, actions)


class TableBot:
    """A whole table of one player bot, as one protocol bot choosing from the state, as the other
    games' bots do: it seats a `Table` for the expedition it is first asked about (a new one when
    the number of players changes), each seat's player seeded from its own seed and the seat.
    Each level is a subclass naming its player (`ExpeditionBot` seats `ExpeditionPlayer`s)."""

    name = ""  # the level: a key of PLAYERS

    def __init__(self, seed: int | str = 0):
        check_seed(seed, "seed", MAX_BOT_SEED)
        self.seed = seed
        self.player(0)  # a seed too long for a seat's is refused now, not at the first choice
        self.table: Table | None = None

    def player(self, seat: int) -> PlayerBot:
        """The player this table seats at `seat`."""
        return make_player(self.name, seat, f"{self.seed}:{seat}")

    def choose(self, state: State, actions: Sequence[Action]) -> Action:
        if self.table is None or len(self.table.bots) != state.players:
            self.table = Table([self.player(seat) for seat in range(state.players)])
        return self.table.choose(state, actions)


class ExpeditionBot(TableBot):
    """Expedition players at every seat."""

    name = "expedition"


class RandomBot(TableBot):
    """Random players at every seat."""

    name = "random"


# ------------------------------------------------------------------------------ the search bot

#: The actions that spend a Leadership token.
SPENDING = (madness_actions.IgnoreMadness, madness_actions.RestartEncounter, madness_actions.Reroll,
            madness_actions.RaiseHandLimit)


class _Expedition:
    """What the search needs of At the Mountains of Madness (rulesbook.core.search.Searched): the
    Leader's decisions searched, the Encounter played as the expedition bots' table plays it (each
    from their own view and the table talk: the rules' communication limits), a table the seat
    cannot tell from the true one, and the expedition bots' playout to the end as the estimate.

    A searched state is a pair: the State, and the expedition table playing it (its talk and what
    its bots remember), one table a playout."""

    def __init__(self) -> None:
        self.memory: dict[str, dict[str, Any]] = {}  # the searching seat's remembered tiles (MAD-R09)

    def seat(self, node: tuple[State, Table] | State) -> int | None:
        """The Leader decides for the team (every seat gets the same value): asked of the true state first."""
        state = node[0] if isinstance(node, tuple) else node
        return None if state.phase is Phase.OVER else state.leader

    def legal(self, node: tuple[State, Table]) -> list[Action]:
        state, table = node
        actions = legal_actions(state)
        usual = table.choose(state, actions)
        if state.phase is Phase.ENCOUNTER:  # the table talks and plays: no search of hidden hands
            return [usual]
        # a Leadership token is spent only where the expedition bot would spend it: a search of a few
        # playouts cannot see what one token costs, and spends them all
        return [action for action in actions if action == usual or not isinstance(action, SPENDING)]

    def play(self, node: tuple[State, Table], action: Action) -> tuple[State, Table]:
        state, table = node
        state = apply_legal(state, action)[0]
        if state.search_shown is not None:
            views = SeatViews(state)
            for seat, bot in enumerate(table.bots):
                bot.observe(views[seat])  # type: ignore[attr-defined]
        return state, table

    def sample(self, state: State, seat: int, rng: random.Random) -> tuple[State, Table]:
        """What the seat does not see dealt again: the other hands and face-down Sled cards with the
        Equipment deck, the face-down tiles it does not remember with the unused ones (region by
        region), the others' Madness cards (each of its level) with the Madness decks and box, and
        a new seed for the dice and reshuffles to come. Sorted first: the true order never shows."""
        sample = state.copy()
        _deal_cards(sample, seat, rng)
        remembered = {space: tile["id"] for space, tile in self.memory.items() if state.board.get(space) is not None}
        if state.search_shown is not None:
            remembered[state.search_shown[0]] = state.search_shown[1]
        _deal_tiles(sample, remembered, rng)
        _deal_madness(sample, seat, rng)
        sample.seed = rng.getrandbits(48)
        sample.loaded_die = []
        return sample, self.table(state.players)

    def table(self, count: int) -> Table:
        """The expedition bots of an imagined expedition, each remembering the tiles the seat remembers."""
        table = Table([ExpeditionPlayer(other) for other in range(count)])
        for bot in table.bots:
            bot.memory = dict(self.memory)  # type: ignore[attr-defined]  # every seat saw each Search
        return table

    def gain(self, state: State, seat: int, challenger: Action, usual: Action, deals: int, rng: random.Random) -> float:
        """How much more often the expedition escapes with a win after `challenger` than after `usual`,
        both played on the same `deals` expeditions dealt again (the same hands, tiles and dice: the
        sample's seed), each finished by the expedition bots. Playing both on one deal cancels the
        luck of the deal, which a search's few playouts an action cannot (at 5 players the Leader
        has 5 targets for a Relic or a Madness card, and each gets a handful of playouts)."""
        total = 0.0
        for _ in range(deals):
            sample, table = self.sample(state, seat, rng)
            won = self.estimate(self.play((sample, table), challenger), rng)[0]
            total += won - self.estimate(self.play((sample, self.table(state.players)), usual), rng)[0]
        return total / deals

    def estimate(self, node: tuple[State, Table], rng: random.Random) -> tuple[float, ...]:
        """The expedition bots play on to the end (a few milliseconds): 1 for an escape, else 0, for every seat."""
        state, table = node
        while state.phase is not Phase.OVER:
            state = apply_legal(state, table.choose(state, legal_actions(state)))[0]
        return (1.0 if state.won else 0.0,) * state.players


def _deal_cards(sample: State, seat: int, rng: random.Random) -> None:
    """The others' hands and face-down Sled cards dealt again with the Equipment deck, sizes kept."""
    face_down = sample.phase not in REVEALED_PHASES
    hidden = [card for other, hand in enumerate(sample.hands) if other != seat for card in hand]
    hidden += [card for player, card in sample.sled if face_down and player != seat]
    hidden = sorted(hidden + sample.equipment_deck)
    rng.shuffle(hidden)
    for other, hand in enumerate(sample.hands):
        if other != seat:
            sample.hands[other] = [hidden.pop() for _ in hand]
    sample.sled = [[player, hidden.pop() if face_down and player != seat else card] for player, card in sample.sled]
    sample.equipment_deck = hidden


def _deal_tiles(sample: State, remembered: dict[str, str], rng: random.Random) -> None:
    """Face-down tiles not remembered, dealt again with the unused ones of their region."""
    tiles = sample.rules.pack.tiles
    face_down = {space: tile for space, tile in sample.board.items() if tile is not None and space not in remembered}
    spaces = list(face_down)
    pool = sorted([*face_down.values(), *sample.unused_tiles])
    rng.shuffle(pool)
    for space in spaces:
        region = sample.rules.pack.spaces[space].region
        tile = next(t for t in pool if tiles[t].region == region)
        pool.remove(tile)
        sample.board[space] = tile
    sample.unused_tiles = pool


def _deal_madness(sample: State, seat: int, rng: random.Random) -> None:
    """The others' Madness cards (their levels show) dealt again, level by level, with the decks and the box."""
    cards = sample.rules.pack.madness
    hidden = sorted([card for other, held in enumerate(sample.madness) if other != seat for card in held]
                    + [card for deck in sample.madness_decks for card in deck] + sample.madness_box)
    rng.shuffle(hidden)
    pools = {level: [card for card in hidden if cards[card].level == level] for level in (1, 2, 3)}
    for other, held in enumerate(sample.madness):
        if other != seat:
            sample.madness[other] = [pools[cards[card].level].pop() for card in held]
    sample.madness_decks = [[pools[level].pop() for _ in deck] for level, deck in zip((1, 2, 3), sample.madness_decks)]
    sample.madness_box = [card for level in (1, 2, 3) for card in pools[level]]


class SearchPlayer(ExpeditionPlayer):
    """Searches the Leader's decisions over expeditions dealt as its seat may imagine them (what it
    does not see dealt again), `playouts` a decision, each played to the end by the expedition bots;
    the decision tried most (rulesbook.core.search) replaces the expedition bot's only if, played
    with it on the same expeditions dealt again (`_Expedition.gain`), it wins `margin` more often.
    In the Encounter Phase it talks and plays as the expedition bot does: the rules let the table
    share only what was said.

    Why the check: the search's own values of two actions come from different deals, some sixteen
    playouts each, and an expedition's luck (its deal, its dice) weighs far more than one decision.
    Its favourite differed from the expedition bot's choice at about half the searched decisions,
    yet played on the same deals it won no more on average (a paired gain of -0.02 at 3 players,
    +0.01 at 5, two games each); judged on its own values it was taken at some 40 % of them, and at
    5 players that noise lost games (the Madness draws it preferred to the Penalty Die, say).

    Measured with `lab.strength` (seed "strength", the same 40 games a size, 95 % Wilson intervals),
    a team of `quick-search` bots against a team of expedition bots:

    - 3 players: 95 % (83 to 99 %) against 75 % (60 to 86 %); before the check 82.5 % (68 to 91 %);
    - 4 players: 97.5 % (87 to 100 %) against 67.5 % (52 to 80 %); before the check 65 % (50 to 78 %);
    - 5 players: 92.5 % (80 to 97 %) against 57.5 % (42 to 71 %); before the check 45 % (31 to 60 %).

    The `search` level (160 playouts) is not yet measured for strength."""

    name = "search"
    playouts = 160
    margin = 0.05  # how much better than the expedition bot's choice another must look to be taken

    def __init__(self, seat: int, seed: int | str = 0, playouts: int | None = None):
        super().__init__(seat)
        self.game = _Expedition()
        self.search = InformationSetSearch(self.game, self.playouts if playouts is None else playouts, seed)

    def choose(self, view: View, actions: Sequence[Action], talk: dict[int, list[str] | None] | None = None) -> Action | None:
        self.observe(view)
        if view["phase"] == "encounter" or len(actions) < 2 or not isinstance(view, SeatView):
            return super().choose(view, actions, talk)
        self.game.memory = self.memory
        usual = super().choose(view, actions, talk)
        if sum(1 for action in actions if action == usual or not isinstance(action, SPENDING)) < 2:
            return usual  # nothing to search: the playouts would search the next decision instead
        state = view.moment.state
        found = self.search.tried(state)
        tried = {action: found[action] for action in actions if action in found}
        best = max(tried, key=lambda action: tried[action])  # the most visited (then the best valued)
        if usual is None or best == usual:
            return best
        # the search's values of two actions come from different deals, a few each: checked on the same deals
        gain = self.game.gain(state, self.seat, best, usual, self.search.playouts, self.search.rng)
        return best if gain >= self.margin else usual


class QuickSearchPlayer(SearchPlayer):
    """The search bot at a quarter of its playouts: quicker, weaker."""

    name = "quick-search"
    playouts = 40


class SearchBot(TableBot):
    """Search players at every seat, each with `playouts` a decision (its level's when None)."""

    name = "search"

    def __init__(self, seed: int | str = 0, playouts: int | None = None):
        self.playouts = playouts
        super().__init__(seed)

    def player(self, seat: int) -> PlayerBot:
        return PLAYERS[self.name](seat, f"{self.seed}:{seat}", self.playouts)


class QuickSearchBot(SearchBot):
    """Quick search players at every seat."""

    name = "quick-search"


#: The players by level, in the protocol's `bot_names` order: each plays one seat from its view.
PLAYERS: dict[str, type] = {"expedition": ExpeditionPlayer, "random": RandomPlayer, "quick-search": QuickSearchPlayer, "search": SearchPlayer}

#: The bots by level, as in the other games: each plays the whole table from the state.
BOTS: dict[str, type[TableBot]] = {bot.name: bot for bot in (ExpeditionBot, RandomBot, QuickSearchBot, SearchBot)}


def make_bot(name: str, seed: int | str = 0) -> TableBot:
    """The bot of that name at every seat, choosing from the state as the protocol's bots do;
    ValueError listing the bots for an unknown name."""
    if not isinstance(name, str) or name not in BOTS:
        raise ValueError(f"At the Mountains of Madness has no bot {name!r}; its bots are {', '.join(BOTS)}")
    return BOTS[name](seed)
