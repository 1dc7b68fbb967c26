"""Step oracles, as perft checks a chess engine: what the rulebook and the rulings say must hold between
a state, the action taken and the next state, run on every step of seeded expeditions.

The oracle is written from the rulebook and the rulings only, never from the engine: the pack is read
from its raw JSON, challenge values are parsed here (MAD-R01), levels, totals and misses are counted
here. It shares only the State's fields and the action values with the engine. It leaves to the
existing invariant tests what they hold (test_madness_random_games: conservation, Madness only rising,
boxed tokens only rising; test_madness_legal_vs_check: the list against the check) and checks what they
do not: each action's effect on the next state, and `legal_actions` against the rules themselves.

The games: tables of expedition bots and a random policy, 3-5 players, the Expert Variant and the
switches of MAD-P03, P05, P06 and P02, some pushed into rare corners (everyone at Level 3, one or two
Leadership tokens, the Injury or Equipment deck nearly empty) with every card and token kept.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

import pytest

from rulesbook.madness import (
    GAME, AcceptDie, Deal, DealTo, DrawMadness, GiveRelic, IgnoreMadness, IllegalAction, MoveAirplane, NoRest, Phase,
    PlayCard, RaiseHandLimit, Reroll, Resolve, Rest, RestartEncounter, RollDie, Rules, SearchTile, Speak, TakeArcane, TimeUp,
    apply, legal_actions, make_bot, new_game, score,
)
from simulation_scale import scaled

HAND = {3: 5, 4: 4, 5: 3}  # Setting Up the Game, step 10; Draw Phase
TOKENS = 6  # Contents
FACES = ("Accident", "Confusion", "Loss of Confidence")
MEASURED = (Phase.REWARD, Phase.FAILURES, Phase.DIE)
#: The piles each kind of action may change; every other action leaves them as they were.
MAY_CHANGE = {
    "hands": {"play", "deal", "deal to", "restart"},
    "equipment_deck": {"speak", "accept", "deal", "deal to", "rest"},
    "injury_deck": {"speak", "accept", "resolve"},
    "arcane_deck": {"take"},
    "relic_deck": {"give"},
    "madness": {"give", "madness"},
    "board": {"move"},
}


# ------------------------------------------------------------------------------ the pack, as printed

def parse_value(text: str) -> tuple[str, int, int, bool]:
    """'Tools 7-9', 'Crates 14', 'Books 13|15' (MAD-R01): (type, low, high, either)."""
    kind, value = text.split(" ")
    for mark, either in (("-", False), ("|", True)):
        if mark in value:
            low, high = value.split(mark)
            return kind, int(low), int(high), either
    return kind, int(value), int(value), False


def met(challenge: tuple, total: int) -> bool:
    """Overcoming a Challenge: the total equals the value or falls within the range."""
    _, low, high, either = challenge
    return total in (low, high) if either else low <= total <= high


def miss(challenge: tuple, total: int) -> int:
    """Confusion: below the range from the lower number, above it from the higher; either-or, the nearer (MAD-P12)."""
    _, low, high, either = challenge
    if either:
        return min(abs(total - low), abs(total - high))
    return low - total if total < low else total - high if total > high else 0


@dataclass
class Model:
    """The pack's raw JSON, read here: the oracle shares no parser with the engine."""

    spaces: dict
    tiles: dict
    cards: dict  # id -> (type, value, arcane); an Injury is (None, 0, False)
    injuries: set
    arcane: set
    levels: dict  # Madness card -> level
    relics: dict
    used: Counter  # tiles on the board by region (Setting Up the Game, step 3)

    @classmethod
    def of(cls, pack) -> Model:
        raw = pack.raw
        def read(items: list) -> dict:
            return {x["id"]: {**x, "challenges": [parse_value(c) for c in x["challenges"]]} for x in items}
        arcane = {c["id"] for c in raw["arcane"]}
        cards = {c["id"]: (c["type"], c["value"], c["id"] in arcane) for c in raw["equipment"] + raw["arcane"]}
        cards.update({c["id"]: (None, 0, False) for c in raw["injuries"]})
        return cls(read(raw["spaces"]), read(raw["tiles"]), cards, {c["id"] for c in raw["injuries"]}, arcane,
                   {c["id"]: c["level"] for c in raw["madness"]},
                   {r["id"]: r for r in raw["relics"]}, Counter(raw["tiles_used"]))

    def level(self, state, player: int) -> int:
        """A player's Madness level: their highest card (MAD-P19), 0 with none."""
        return max((self.levels[c] for c in state.madness[player]), default=0)

    def faced(self, state) -> list:
        """The challenges of the tile in front of the Leader, else of the space (Empty Tile Space)."""
        return (self.tiles[state.encounter] if state.encounter else self.spaces[state.airplane])["challenges"]

    def injuries_in_play(self, state) -> int:
        """The End of the Game: Injury cards in the Equipment deck, its discard and the hands."""
        piles = (state.equipment_deck + state.equipment_discard + [c for h in state.hands for c in h]
                 + [c for _, c in state.sled])
        return sum(c in self.injuries for c in piles)


def tokens(state) -> tuple[int, int, int]:
    return state.sled_tokens, state.discard_tokens, state.boxed_tokens


def boxed_one(state) -> tuple[int, int, int]:
    """A token sent to the box: from the Sled first, else the discard (MAD-P05, or the switch)."""
    sled, discard, box = tokens(state)
    if (state.rules.boxed_token_source == "sled-first" and sled) or not discard:
        return sled - 1, discard, box + 1
    return sled, discard - 1, box + 1


def spent(state) -> tuple[int, int, int]:
    sled, discard, box = tokens(state)
    return sled - 1, discard + 1, box


def gained(before: list, after: list) -> Counter:
    return Counter(after) - Counter(before)


# ------------------------------------------------------------------------------ what the rules allow

def key(action) -> tuple:
    """An action as a plain tuple, to compare with the oracle's own."""
    fields = {MoveAirplane: ("space",), IgnoreMadness: ("target",), GiveRelic: ("relic", "target"), SearchTile: ("space",),
              AcceptDie: ("face",), DealTo: ("target",)}
    words = {MoveAirplane: "move", IgnoreMadness: "ignore", PlayCard: "play", Speak: "speak", TimeUp: "time up",
             Resolve: "resolve", RestartEncounter: "restart", GiveRelic: "give", SearchTile: "search", TakeArcane: "take",
             RollDie: "roll", DrawMadness: "madness", AcceptDie: "accept", Reroll: "reroll", RaiseHandLimit: "raise",
             Deal: "deal", DealTo: "deal to", Rest: "rest", NoRest: "no rest"}
    kind = type(action)
    extra: tuple = tuple(getattr(action, name) for name in fields.get(kind, ()))
    if kind in (PlayCard, TakeArcane):
        extra = (action.card.type, action.card.value, action.card.arcane)
    elif kind in (RollDie, DrawMadness):
        c = action.challenge
        extra = ((c.type, c.low, c.high, c.either), *((action.target,) if kind is DrawMadness else ()))
    return (words[kind], action.player, *extra)


def destinations(m: Model, here: str | None) -> list[str]:
    """Movement Phase: first a bottom-row Coast space; then an adjacent space, never the same one; from the
    Edge of Madness only the next Escape space, and Escape spaces only so (MAD-P16)."""
    if here is None:
        bottom = min(sp["row"] for sp in m.spaces.values() if sp["region"] == "Coast")
        return [sid for sid, sp in m.spaces.items() if sp["region"] == "Coast" and sp["row"] == bottom]
    if m.spaces[here]["region"] in ("Edge of Madness", "Escape"):
        step = m.spaces[here].get("escape_order", 0) + 1
        return [sid for sid, sp in m.spaces.items() if sp["region"] == "Escape" and sp.get("escape_order") == step]
    return [sid for sid in m.spaces[here]["adjacent"] if sid != here and m.spaces[sid]["region"] != "Escape"]


def reward_choices(m: Model, s):
    """Success: the Relic to a player (below Level 3 while there is one, MAD-P06), any face-down tile to
    Search, any Arcane card."""
    leader, reward = s.leader, s.reward
    if reward and reward.startswith("Relic "):
        below = [p for p in range(s.players) if m.level(s, p) < 3]
        for p in below if below and s.rules.relic_recipient_below_level_3 else range(s.players):
            yield ("give", leader, reward[6:], p)
    elif reward == "Search":
        yield from (("search", leader, space) for space, tile in s.board.items() if tile is not None)
    elif reward == "Arcane":
        yield from (("take", leader, *m.cards[card]) for card in s.arcane_deck)


def encounter_choices(m: Model, s):
    """Action: anyone plays a card from their hand (the Leader none of a type their Ruin token covers, MAD-P07),
    anyone speaks once the silence has begun (MAD-P02), the Leader calls time (MAD-P01)."""
    for p in range(s.players):
        for card in s.hands[p]:
            kind = m.cards[card][0]
            if not (p == s.leader and kind in s.covers[p]):
                yield ("play", p, *m.cards[card])
        if not s.talking and s.rules.speech_penalty:
            yield ("speak", p)
    yield ("time up", s.leader)


def draw_choices(m: Model, s, raised: int):
    """Draw Phase: hands to the limit by table size, one more per token spent (MAD-P09 when the deck is short)."""
    limit = HAND[s.players] + raised
    short = [p for p in range(s.players) if len(s.hands[p]) < limit]
    if not s.equipment_deck or len(s.equipment_deck) >= sum(limit - len(s.hands[p]) for p in short):
        yield ("deal", s.leader)
    else:
        yield from (("deal to", s.leader, p) for p in short)


def expected_legal(m: Model, s, raised: int):
    """Exactly the decisions the rulebook and rulings allow now."""
    leader, phase = s.leader, s.phase
    spend = s.sled_tokens >= 1
    if phase is Phase.MOVEMENT:
        yield from (("move", leader, space) for space in destinations(m, s.airplane))
        if spend and "Movement" not in s.covers[leader]:
            yield from (("ignore", leader, p) for p in range(s.players) if s.madness[p] and p not in s.ignoring)  # MAD-P15
    elif phase is Phase.ENCOUNTER:
        yield from encounter_choices(m, s)
    elif phase is Phase.TIMER:
        yield ("resolve", leader)
        if spend and "Encounter" not in s.covers[leader]:
            yield ("restart", leader)
    elif phase is Phase.REWARD:
        yield from reward_choices(m, s)
    elif phase is Phase.FAILURES:  # MAD-R07
        for index in s.pending:
            challenge = m.faced(s)[index]
            yield ("roll", leader, challenge)
            yield from (("madness", leader, challenge, p) for p in range(s.players) if m.level(s, p) < 3)
    elif phase is Phase.DIE:
        yield ("accept", leader, s.die)
        if spend and "Resolution" not in s.covers[leader]:
            yield ("reroll", leader)
    elif phase is Phase.DRAW:
        if spend and "Draw" not in s.covers[leader]:
            yield ("raise", leader)
        yield from draw_choices(m, s, raised)
    elif phase is Phase.REST:
        yield ("no rest", leader)
        if s.sled_tokens + s.discard_tokens >= 2 and "Rest" not in s.covers[leader]:
            yield ("rest", leader)


# ------------------------------------------------------------------------------ the oracle

class Oracle:
    """Runs each check, counting by group (a test each) and by name, and keeps every miss with its game."""

    def __init__(self, m: Model):
        self.m = m
        self.runs: Counter = Counter()
        self.seen: Counter = Counter()
        self.misses: list[tuple[str, str, str]] = []
        self.faces: Counter = Counter()  # the Penalty Die's faces, as rolled
        self.game = ""
        self.raised = 0  # tokens spent on the hand limit in this Draw Phase

    def expect(self, group: str, name: str, ok: bool, why: object = "") -> None:
        self.runs[group] += 1
        self.seen[name] += 1
        if not ok:
            self.misses.append((group, f"{name}: {why}", self.game))

    def setup(self, s) -> None:
        """Setting Up the Game, steps 3-14."""
        m, n = self.m, s.players
        plain = set(m.cards) - m.arcane - m.injuries
        madness = [0] * 3 if n == 3 else [0, 1, 1, 1] if n == 4 else [1] * 5  # step 14
        on_board = Counter(m.tiles[t]["region"] for t in s.board.values() if t)
        unused = Counter(m.tiles[t]["region"] for t in s.unused_tiles)
        self.expect("setup", "hands by table size", [len(h) for h in s.hands] == [HAND[n]] * n)
        self.expect("setup", "one Injury a player in the discard", len(s.equipment_discard) == n
                    and set(s.equipment_discard) <= m.injuries)
        self.expect("setup", "Level 1 Madness by table size", [m.level(s, p) for p in range(n)] == madness
                    and all(len(held) <= 1 for held in s.madness))
        self.expect("setup", "tiles by region", on_board == m.used and unused == Counter(
            t["region"] for t in m.tiles.values()) - m.used and all(
            t is None or m.tiles[t]["region"] == m.spaces[sp]["region"] for sp, t in s.board.items()))
        self.expect("setup", "decks", sorted(s.arcane_deck) == sorted(m.arcane) and set(s.equipment_deck) <= plain
                    and len(s.equipment_deck) == len(plain) - n * HAND[n] and sorted(s.relic_deck) == sorted(m.relics))
        self.expect("setup", "six tokens on the Sled, the first Leader", tokens(s) == (TOKENS, 0, 0) and s.leader == 0
                    and s.airplane is None and s.phase is Phase.MOVEMENT)

    def alive(self, s) -> None:
        """A game not over has a decision, listed exactly as the rules allow; a game over has none."""
        if s.is_over:
            self.expect("end", "an outcome, won only by escaping", s.outcome in ("escaped", "no hope", "injuries")
                        and s.won is not None and (s.won is False or s.outcome == "escaped"))
            self.expect("end", "no decision once over", legal_actions(s) == [] and s.decision is None)
            self.expect("end", "the whole table wins or loses together", GAME.returns(s) == (float(s.won),) * s.players
                        and GAME.winners(s) == (tuple(range(s.players)) if s.won else ()))
            self.score(s)
            return
        legal = legal_actions(s)
        got, want = {key(a) for a in legal}, set(expected_legal(self.m, s, self.raised))
        self.expect("legal", f"legal set ({s.phase.value})", got == want and bool(legal),
                    f"turn {s.turn}: listed, not allowed {sorted(got - want)}; allowed, not listed {sorted(want - got)}")
        who = set(range(s.players)) if s.phase is Phase.ENCOUNTER else {s.leader}
        self.expect("legal", "who may act", set(s.decision.players) == who and {a.player for a in legal} <= who)

    def score(self, s) -> None:
        """The End of the Game: Relic cards minus Injury cards, read in the result table."""
        relics, injuries = sum(len(r) for r in s.relics), self.m.injuries_in_play(s)
        margin = relics - injuries
        rows = [r["text"] for r in s.pack.raw["results"]
                if (r["min"] is None or r["min"] <= margin) and (r["max"] is None or margin <= r["max"])]
        got = score(s)
        self.expect("end", "score", (got["relics"], got["injuries"], got["margin"], [got["table"]])
                    == (relics, injuries, margin, rows), got)

    def step(self, b, action, s, events) -> None:
        k = key(action)
        if b.phase is not Phase.DRAW:
            self.raised = 0
        self.every_step(b, k[0], s)
        getattr(self, "on_" + k[0].replace(" ", "_"))(b, k, s, events)
        if s.phase is Phase.DRAW and b.phase in (Phase.TIMER, *MEASURED):
            self.end_of_resolution(b, s)

    def every_step(self, b, kind: str, s) -> None:
        """The piles an action may not touch stay; tokens go Sled -> discard -> box (back only by Praise and
        Rest); the last boxed loses; Madness as the variant keeps it; the Leader changes only at a turn's end."""
        for pile, kinds in MAY_CHANGE.items():
            if kind not in kinds and not s.is_over:
                self.expect("untouched", f"{pile} unchanged by {kind}", getattr(b, pile) == getattr(s, pile))
        if kind not in ("resolve", "rest"):
            self.expect("tokens", f"no token back to the Sled by {kind}", s.sled_tokens <= b.sled_tokens)
        self.expect("tokens", "the last token boxed loses, and only it",
                    (s.boxed_tokens == TOKENS) == (s.outcome == "no hope"), f"{kind}: {tokens(s)} {s.outcome}")
        if b.rules.expert:  # Expert Variant: the cards below are kept, none goes back to the box
            for held in s.madness:
                levels = sorted(self.m.levels[c] for c in held)
                self.expect("madness", "expert holds one card of each level up to its own",
                            levels == list(range(1, len(levels) + 1)))
            self.expect("madness", "expert returns no card to the box", s.madness_box == b.madness_box)
        if kind not in ("rest", "no rest") and not s.is_over:
            self.expect("turn", "the Leader changes only at a turn's end", (s.leader, s.turn) == (b.leader, b.turn))
            self.expect("turn", "ignoring Madness lasts the turn", set(s.ignoring) >= set(b.ignoring)
                        and (kind == "ignore" or s.ignoring == b.ignoring))
        if kind != "search":
            self.expect("untouched", "a searched tile is shown once (MAD-R09)", s.search_shown is None)
        if s.outcome == "escaped":
            self.expect("end", "escaping only at a turn's end", kind in ("rest", "no rest"))

    # --- Movement and Encounter ------------------------------------------------------------------
    def on_move(self, b, k, s, events) -> None:
        space, region = k[2], self.m.spaces[k[2]]["region"]
        self.expect("movement", "the space's tile comes in front of the Leader", s.airplane == space
                    and s.encounter == b.board[space] and s.board == {**b.board, space: None}
                    and s.phase is Phase.ENCOUNTER and not s.sled and s.talking)
        self.expect("movement", "the Edge reached stays reached",
                    s.edge_reached == (b.edge_reached or region == "Edge of Madness"))
        if region == "Escape":
            self.expect("movement", "Escape spaces in order", b.edge_reached
                        and self.m.spaces[space]["escape_order"] == s.escape_steps == b.escape_steps + 1)

    def on_ignore(self, b, k, s, events) -> None:
        self.expect("tokens", "ignoring Madness spends one token", tokens(s) == spent(b))
        self.expect("movement", "the target ignores their Madness", set(s.ignoring) == set(b.ignoring) | {k[2]})

    def on_play(self, b, k, s, events) -> None:
        p = k[1]
        gone = gained(s.hands[p], b.hands[p])
        card = next(iter(gone), None)
        self.expect("encounter", "one card from the hand to the Sled", sum(gone.values()) == 1
                    and self.m.cards[card] == k[2:]
                    and not gained(b.hands[p], s.hands[p]) and s.sled == b.sled + [[p, card]]
                    and all(s.hands[q] == b.hands[q] for q in range(b.players) if q != p))
        self.expect("encounter", "the table falls silent", not s.talking and s.phase is Phase.ENCOUNTER)

    def on_speak(self, b, k, s, events) -> None:
        faces = [e.data["face"] for e in events if e.kind == "die"]
        self.expect("encounter", "speaking rolls the die once", len(faces) == 1 and faces[0] in FACES, faces)
        self.faces.update(faces)
        self.face(b, s, faces[0], None)
        if not s.is_over:
            self.expect("encounter", "the silence goes on, with no reroll (MAD-P02)", s.phase is Phase.ENCOUNTER
                        and s.sled == b.sled and not s.talking)

    def on_time_up(self, b, k, s, events) -> None:
        self.expect("encounter", "time up stops the timer", s.phase is Phase.TIMER and s.sled == b.sled
                    and tokens(s) == tokens(b))

    def on_restart(self, b, k, s, events) -> None:
        self.expect("tokens", "a restart spends one token", tokens(s) == spent(b))
        back = all(gained(b.hands[p], s.hands[p]) == Counter(c for q, c in b.sled if q == p) for p in range(b.players))
        stay = s.sled == b.sled if b.rules.cards_stay_on_restart else not s.sled and back
        self.expect("encounter", "a restart lets the table talk, the cards stay (MAD-P03)", stay and s.talking
                    and s.phase is Phase.ENCOUNTER)

    # --- Resolution -------------------------------------------------------------------------------
    def on_resolve(self, b, k, s, events) -> None:
        faced = self.m.faced(b)
        cards = [self.m.cards[c] for _, c in b.sled]
        totals = [sum(v for kind, v, _ in cards if kind == c[0]) for c in faced]  # MAD-P04
        outcomes = [met(c, t) for c, t in zip(faced, totals)]
        failed = {i for i, ok in enumerate(outcomes) if not ok}
        if s.phase in MEASURED:
            self.expect("resolution", "each challenge measured", (list(s.totals), list(s.outcomes)) == (totals, outcomes)
                        and set(s.pending) == failed, f"{s.totals} {s.outcomes} {s.pending}: want {totals} {outcomes}")
        reward = self.m.tiles[b.encounter]["reward"] if b.encounter and any(outcomes) else None
        self.immediate_reward(b, s, reward)
        waits = None
        if reward and reward.startswith("Relic ") and any(self.m.relics[r]["name"] == reward[6:] for r in b.relic_deck):
            waits = reward
        elif (reward == "Search" and any(b.board.values())) or (reward == "Arcane" and b.arcane_deck):
            waits = reward
        want = Phase.REWARD if waits else Phase.FAILURES if failed else Phase.DRAW
        self.expect("resolution", "the reward waits, then the failures", s.phase is want and s.reward == waits,
                    f"{s.phase} {s.reward}: want {want} {waits}")

    def immediate_reward(self, b, s, reward) -> None:
        """Heal and Praise apply at once (MAD-P08); no other step brings a token back or heals."""
        sled, discard, box = tokens(b)
        back = min(2, discard) if reward == "Praise" else 0
        self.expect("resolution", "Praise: up to two tokens from the discard",
                    tokens(s) == (sled + back, discard - back, box))
        healed = gained(b.injury_deck, s.injury_deck)
        if reward == "Heal":
            here = [c for c in b.equipment_discard if c in self.m.injuries] or [c for _, c in b.sled if c in self.m.injuries]
            self.expect("resolution", "Heal: one Injury back to its deck", sum(healed.values()) == min(1, len(here))
                        and set(healed) <= set(here))
        else:
            self.expect("resolution", "no Heal without the reward", s.injury_deck == b.injury_deck)

    def end_of_resolution(self, b, s) -> None:
        healed = gained(b.injury_deck, s.injury_deck)  # Heal may take back an Injury played this turn
        played = [c for _, c in b.sled if c not in healed]
        self.expect("resolution", "the Sled to the discard, the tile set aside", not s.sled and s.encounter is None
                    and all(c in s.equipment_discard for c in played)
                    and s.set_aside == b.set_aside + [b.encounter] * bool(b.encounter))

    def on_give(self, b, k, s, events) -> None:
        target = k[3]
        relic = next(r for r in self.m.relics.values() if r["name"] == k[2])
        self.expect("relic", "the Relic card to the target", relic["id"] not in s.relic_deck
                    and s.relics[target] == b.relics[target] + [relic["id"]])
        self.madness_draw(b, s, target)
        if s.is_over:  # its Madness draw boxed the last token: the game stops there
            self.expect("relic", "lost only by the last token", s.outcome == "no hope")
            return
        category = relic["category"]
        if category == "Knowledge" and any(self.m.relics[r]["category"] == "Knowledge" for r in b.relics[target]):
            self.expect("relic", "no second Knowledge token", s.covers == b.covers and s.relic_tokens == b.relic_tokens)
        elif b.relic_tokens[category]:
            self.expect("relic", "the Relic token covers what its card names (MAD-P07)", s.covers[target] == b.covers[target]
                        + [relic["covers"]] and s.relic_tokens[category] == b.relic_tokens[category] - 1)
        self.after_reward(b, s)

    def on_search(self, b, k, s, events) -> None:
        self.expect("resolution", "Search shows the tile once and leaves it (MAD-R09)",
                    s.search_shown == [k[2], b.board[k[2]]]
                    and s.board == b.board and tokens(s) == tokens(b))
        self.after_reward(b, s)

    def on_take(self, b, k, s, events) -> None:
        gone = gained(s.arcane_deck, b.arcane_deck)
        card = next(iter(gone), None)
        self.expect("resolution", "the Arcane card chosen to the Equipment discard", sum(gone.values()) == 1
                    and self.m.cards[card] == k[2:] and card in s.equipment_discard)
        self.after_reward(b, s)

    def after_reward(self, b, s) -> None:
        want = Phase.FAILURES if b.pending else Phase.DRAW
        self.expect("resolution", "after the reward, the failures", s.phase is want and s.reward is None)

    # --- Failures and the Penalty Die ------------------------------------------------------------
    def on_madness(self, b, k, s, events) -> None:
        index = self.suffered(b, k[2])
        self.expect("failures", "Madness only for a player below Level 3 (MAD-R07)", self.m.level(b, k[3]) < 3)
        self.madness_draw(b, s, k[3])
        self.next_failure(b, s, index)

    def on_roll(self, b, k, s, events) -> None:
        index = self.suffered(b, k[2])
        self.faces[s.die] += 1
        self.expect("failures", "the die shows a face for that failure", s.phase is Phase.DIE and s.die in FACES
                    and s.failure == index and tokens(s) == tokens(b))

    def on_reroll(self, b, k, s, events) -> None:
        self.expect("tokens", "a reroll spends one token", tokens(s) == spent(b))
        self.faces[s.die] += 1
        self.expect("failures", "a reroll shows a face for the same failure", s.phase is Phase.DIE and s.die in FACES
                    and s.failure == b.failure)

    def on_accept(self, b, k, s, events) -> None:
        self.expect("failures", "the face accepted is the face shown", k[2] == b.die)
        self.face(b, s, b.die, (self.m.faced(b)[b.failure], b.totals[b.failure]))
        self.next_failure(b, s, b.failure)

    def suffered(self, b, challenge) -> int:
        indexes = [i for i in b.pending if self.m.faced(b)[i] == challenge]
        self.expect("failures", "a failed challenge still to suffer", bool(indexes))
        return indexes[0] if indexes else -1

    def next_failure(self, b, s, index: int) -> None:
        if s.is_over:
            return
        left = sorted((Counter(b.pending) - Counter([index])).elements())
        want = Phase.FAILURES if left else Phase.DRAW
        self.expect("failures", "each failure suffered once", s.phase is want and (not left or sorted(s.pending) == left),
                    f"{s.phase} {s.pending}: want {left}")

    def madness_draw(self, b, s, target: int) -> None:
        """Drawing a Madness Card: the next level, the old card to the box (kept, Expert Variant); at Level 3 none,
        and a token from the Sled, else from the discard to the box, when everyone is at Level 3 (MAD-R07)."""
        before = self.m.level(b, target)
        if before < 3:
            new = gained(b.madness[target], s.madness[target])
            card = next(iter(new), None)
            ok = sum(new.values()) == 1 and self.m.levels[card] == before + 1 and card in b.madness_decks[before]
            if not b.rules.expert and b.madness[target]:
                ok = (ok and s.madness[target] == [card]
                      and gained(b.madness_box, s.madness_box) == Counter(b.madness[target]))
            self.expect("madness", "a Madness card of the next level", ok, f"{b.madness[target]} -> {s.madness[target]}")
            self.expect("madness", "nobody else draws, no token paid", tokens(s) == tokens(b)
                        and all(s.madness[p] == b.madness[p] for p in range(b.players) if p != target))
        elif all(self.m.level(b, p) == 3 for p in range(b.players)):
            want = spent(b) if b.sled_tokens else (b.sled_tokens, b.discard_tokens - 1, b.boxed_tokens + 1)
            self.expect("madness", "everyone at Level 3: a token instead", tokens(s) == want and s.madness == b.madness,
                        f"tokens (Sled, discard, box) {tokens(b)} -> {tokens(s)}, want {want}")
        else:
            self.expect("madness", "a Level 3 recipient draws none and pays none (MAD-P06)", tokens(s) == tokens(b)
                        and s.madness == b.madness)

    def face(self, b, s, face: str, measured) -> None:
        """Rolling the Penalty Die: Accident, Confusion (MAD-R04, MAD-P02, MAD-P12), Loss of Confidence (MAD-P05)."""
        sled = b.sled_tokens
        if face == "Accident":
            gone = gained(s.injury_deck, b.injury_deck)
            ok = (s.outcome == "injuries" and s.won is False) if len(b.injury_deck) < 2 else (
                sum(gone.values()) == 2 and set(gone) <= set(s.equipment_discard) and s.outcome != "injuries")
            self.expect("failures", "Accident: two Injuries, or the empty deck loses", ok and tokens(s) == tokens(b))
        elif face == "Confusion":
            count = miss(*measured) if measured else b.rules.speech_confusion_cards
            drawn = min(count, len(b.equipment_deck))
            gone = gained(s.equipment_deck, b.equipment_deck)
            self.expect("failures", "Confusion: the cards missed by are drawn and discarded", count >= bool(measured)
                        and sum(gone.values())
                        == drawn == len(b.equipment_deck) - len(s.equipment_deck) and set(gone) <= set(s.equipment_discard))
            want = boxed_one(b) if count > len(b.equipment_deck) else tokens(b)
            self.expect("tokens", "Confusion past the deck boxes a token (MAD-R04)", tokens(s) == want)
        else:
            want = (sled - 2, b.discard_tokens + 2, b.boxed_tokens) if sled >= 2 else boxed_one(b)
            self.expect("tokens", "Loss of Confidence: two to the discard, or one to the box", tokens(s) == want)
        if face != "Accident":
            self.expect("untouched", f"{face} draws no Injury", s.injury_deck == b.injury_deck)
        if face != "Confusion":
            self.expect("untouched", f"{face} draws no Equipment", s.equipment_deck == b.equipment_deck)

    # --- Draw, Rest, the turn's end ------------------------------------------------------------------
    def on_raise(self, b, k, s, events) -> None:
        self.expect("tokens", "raising the limit spends one token", tokens(s) == spent(b) and s.phase is Phase.DRAW)
        self.raised += 1

    def dealt(self, b, s) -> list[int]:
        new = sum((gained(b.hands[p], s.hands[p]) for p in range(b.players)), Counter())
        self.expect("draw", "cards dealt come from the Equipment deck", gained(s.equipment_deck, b.equipment_deck) == new
                    and all(not gained(s.hands[p], b.hands[p]) for p in range(b.players)))
        return [len(s.hands[p]) - len(b.hands[p]) for p in range(b.players)]

    def on_deal(self, b, k, s, events) -> None:
        limit = HAND[b.players] + self.raised
        want = [max(0, limit - len(h)) for h in b.hands] if b.equipment_deck else [0] * b.players
        self.expect("draw", "every hand to the limit, none above it", self.dealt(b, s) == want, f"limit {limit}")
        self.left_draw(s, limit)

    def on_deal_to(self, b, k, s, events) -> None:
        limit = HAND[b.players] + self.raised
        self.expect("draw", "one card to a hand below the limit (MAD-P09)", len(b.hands[k[2]]) < limit
                    and self.dealt(b, s) == [int(p == k[2]) for p in range(b.players)])
        if s.phase is not Phase.DRAW:
            self.left_draw(s, limit)

    def left_draw(self, s, limit: int) -> None:
        self.expect("draw", "the Draw Phase ends with hands full or the deck empty", s.phase is Phase.REST
                    and (not s.equipment_deck or all(len(h) >= limit for h in s.hands)))

    def on_rest(self, b, k, s, events) -> None:
        sled, discard, box = tokens(b)
        self.expect("tokens", "Rest: one token to the box, the rest to the Sled (MAD-R05)", sled + discard >= 2
                    and tokens(s) == (sled + discard - 1, 0, box + 1))
        self.expect("turn", "Rest shuffles the discard into the deck", not s.equipment_discard
                    and Counter(s.equipment_deck) == Counter(b.equipment_deck + b.equipment_discard))
        self.end_turn(b, s)

    def on_no_rest(self, b, k, s, events) -> None:
        self.expect("turn", "no rest moves nothing", tokens(s) == tokens(b) and s.equipment_discard == b.equipment_discard)
        self.end_turn(b, s)

    def end_turn(self, b, s) -> None:
        """End of Phase: on the third Escape space the expedition escapes (MAD-R03); else the Sled passes left."""
        if b.airplane and self.m.spaces[b.airplane].get("escape_order") == 3:
            won = sum(len(r) for r in s.relics) >= self.m.injuries_in_play(s)
            self.expect("end", "escaped at the end of the third Escape turn", s.outcome == "escaped" and s.won == won)
        elif s.is_over:
            self.expect("end", "a Rest loses only by the last token", s.outcome == "no hope")
        else:
            self.expect("turn", "the Sled passes to the left", (s.leader, s.turn, s.phase) == (
                (b.leader + 1) % b.players, b.turn + 1, Phase.MOVEMENT) and not s.ignoring,
                f"leader {b.leader} -> {s.leader}, turn {b.turn} -> {s.turn}, {s.phase}, ignoring {s.ignoring}")


# ------------------------------------------------------------------------------ the games

def everyone_at_level_3(s, m: Model, rng: random.Random) -> None:
    """Every player at Level 3 (or all but the last, sometimes), their old cards back in their decks."""
    for p in range(s.players):
        for card in s.madness[p]:
            s.madness_decks[m.levels[card] - 1].append(card)
        s.madness[p] = []
    for p in range(s.players - (rng.random() < 0.3)):
        s.madness[p] = [s.madness_decks[level - 1].pop() for level in ((1, 2, 3) if s.rules.expert else (3,))]


def few_tokens(s, m: Model, rng: random.Random) -> None:
    in_play = rng.choice((1, 1, 2, 2, 3))
    s.sled_tokens = rng.randint(0, in_play)
    s.discard_tokens, s.boxed_tokens = in_play - s.sled_tokens, TOKENS - in_play


def few_injuries(s, m: Model, rng: random.Random) -> None:
    keep = rng.choice((0, 1, 2))
    while len(s.injury_deck) > keep:
        s.equipment_discard.append(s.injury_deck.pop())


def few_equipment(s, m: Model, rng: random.Random) -> None:
    keep = rng.choice((0, 1, 2, 3))
    while len(s.equipment_deck) > keep:
        s.equipment_discard.append(s.equipment_deck.pop())


def relic_waits(s) -> bool:
    return s.phase is Phase.REWARD and s.reward is not None and s.reward.startswith("Relic ")


CORNERS = (everyone_at_level_3, few_tokens, few_injuries, few_equipment)


def pushed(s, m: Model, rng: random.Random):
    """The state pushed into a rare corner, every card and token kept; as it was if the push breaks an invariant.
    A Relic waiting for its player goes to a table at Level 3 (MAD-R07, MAD-P06)."""
    new = s.copy()
    (everyone_at_level_3 if relic_waits(s) else rng.choice(CORNERS))(new, m, rng)
    return s if new.problems() else new


def expedition(oracle: Oracle, players: int, seed: str, rules: Rules, bots: bool, push: float) -> None:
    """One game, every step checked; `push`: the chance, at each step, of a push into a corner. The same
    arguments play the same game, pushes and all: a miss names them, so it replays."""
    state = new_game(players, seed, rules)
    oracle.game = f"expedition(oracle, {players}, {seed!r}, {rules!r}, bots={bots}, push={push}), its actions"
    oracle.raised = 0
    oracle.setup(state)
    oracle.alive(state)
    table = make_bot("expedition", seed) if bots else None
    rng = random.Random(seed)
    for _ in range(3000):
        if state.is_over:
            return
        if push and rng.random() < (0.5 if relic_waits(state) else push):
            state = pushed(state, oracle.m, rng)
            oracle.game += "; (pushed)"
            oracle.alive(state)
        legal = legal_actions(state)
        if not legal:
            return
        action = table.choose(state, legal) if table else rng.choice(legal)
        oracle.game += f"; {action}"
        try:
            after, events = apply(state, action)
        except IllegalAction as refused:
            oracle.expect("legal", "every listed action applies", False, refused)
            return
        oracle.step(state, action, after, events)
        oracle.alive(after)
        state = after
    oracle.expect("end", "every game ends", state.is_over)


VARIANTS = (Rules(), Rules(expert=True))
SWITCHES = (Rules(cards_stay_on_restart=False), Rules(relic_recipient_below_level_3=False, expert=True),
            Rules(boxed_token_source="discard-first", speech_penalty=False))


@pytest.fixture(scope="module")
def oracle() -> Oracle:
    """The same seeded games for every test of this file, each step run once through the oracle."""
    checked = Oracle(Model.of(new_game(3, "oracle").pack))
    for players in (3, 4, 5):
        for game in range(scaled(10)):
            for rules in VARIANTS:
                expedition(checked, players, f"oracle-{game}", rules, bots=True, push=0)
                expedition(checked, players, f"oracle-{game}", rules, bots=False, push=0)
                expedition(checked, players, f"corner-{game}", rules, bots=game % 2 == 0, push=0.03)
            rules = SWITCHES[game % len(SWITCHES)]
            expedition(checked, players, f"switch-{game}", rules, bots=game % 2 == 1, push=0.02)
    return checked


def held(oracle: Oracle, group: str, least: int) -> None:
    """The group's checks ran at least `least` times (at this run's scale) and none missed: the first miss
    is shown with its game, so it replays."""
    misses = [(why, game) for g, why, game in oracle.misses if g == group]
    assert not misses, f"{len(misses)} misses; the first: {misses[0][0]}\nreplay: {misses[0][1]}"
    assert oracle.runs[group] >= scaled(least), f"only {oracle.runs[group]} {group} checks ran"


def test_setting_up_the_game_by_table_size(oracle):
    held(oracle, "setup", 6 * 18)


def test_the_airplane_moves_to_an_adjacent_space_and_escapes_in_order_movement_phase_mad_p16(oracle):
    held(oracle, "movement", 1000)
    assert oracle.seen["Escape spaces in order"] >= scaled(20)


def test_a_card_played_or_a_word_spoken_or_a_restart_does_only_its_own_encounter_phase_mad_p02_mad_p03(oracle):
    held(oracle, "encounter", 5000)


def test_the_sled_is_measured_and_a_success_gives_the_tiles_reward_success_mad_r01_mad_p04_mad_p08(oracle):
    held(oracle, "resolution", 3000)


def test_each_failure_costs_a_madness_draw_or_a_penalty_die_face_failures_mad_r04_mad_r07_mad_p12(oracle):
    held(oracle, "failures", 3000)


def test_a_madness_draw_takes_the_next_level_or_a_token_when_everyone_is_at_level_3_mad_r07_mad_p19(oracle):
    held(oracle, "madness", 3000)
    assert oracle.seen["everyone at Level 3: a token instead"] >= scaled(3)


def test_a_relic_brings_its_madness_draw_and_its_token_relic_mad_p06_mad_p07(oracle):
    held(oracle, "relic", 200)


def test_the_draw_phase_fills_each_hand_to_the_limit_of_its_table_size_draw_phase_mad_p09(oracle):
    held(oracle, "draw", 1000)
    assert oracle.seen["one card to a hand below the limit (MAD-P09)"] >= scaled(20)


def test_the_penalty_die_shows_each_face_a_third_of_the_time_mad_r06(oracle):
    """Two faces of each of the three, on a six-sided die: each face within four standard deviations of a third."""
    rolled = sum(oracle.faces.values())
    assert rolled >= scaled(1000)
    spread = 4 * (2 / 9 / rolled) ** 0.5
    assert {face: oracle.faces[face] / rolled for face in FACES} == pytest.approx(dict.fromkeys(FACES, 1 / 3), abs=spread)


def test_leadership_tokens_go_sled_discard_box_and_the_last_boxed_loses_the_end_of_the_game_mad_r05_mad_p05(oracle):
    held(oracle, "tokens", 10000)
    assert oracle.seen["Confusion past the deck boxes a token (MAD-R04)"] >= scaled(10)


def test_the_sled_passes_to_the_left_at_the_end_of_each_turn_end_of_phase(oracle):
    held(oracle, "turn", 5000)


def test_the_end_of_the_game_its_outcome_and_its_score_mad_r03(oracle):
    held(oracle, "end", 100)
    assert oracle.seen["escaped at the end of the third Escape turn"] >= scaled(10)


def test_legal_actions_list_exactly_what_the_rules_allow_and_a_game_not_over_goes_on(oracle):
    held(oracle, "legal", 10000)


def test_an_action_leaves_the_piles_it_does_not_touch_as_they_were(oracle):
    held(oracle, "untouched", 10000)
