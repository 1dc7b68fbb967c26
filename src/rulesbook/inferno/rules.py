"""Edition switches and house rules of Mountain of Inferno, as one value.

Every point where the English and Chinese rulebooks differ is a field here, owned by a ruling of
the register (`rulings.py`). `Rules(edition="zh")` sets all of them to the Chinese (zh-TW) reading
at once; any field may still be given by hand, which is how
a teacher writes a house rule: `Rules(edition="en", step_any_pawn=True)`.

The house rules a design course tries first are fields too, where both rulebooks print the same
rule (`rulings.RULEBOOK_FIELDS`): their defaults are that rule, in either edition.

>>> Rules(edition="zh", starting_points=(0, 2)).starting_points
(0, 2)
>>> Rules(hand_size=0)
Traceback (most recent call last):
rulesbook.core.data.DataError: Rules.hand_size: must be 1 to 6 (the rulebooks deal 3), not 0
"""

from __future__ import annotations

import inspect
import re
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Literal

from rulesbook.core.data import DataError
from rulesbook.core.messages import Listed, Message
from rulesbook.core.house import HouseRule
from rulesbook.core.rules import RulesData

Edition = Literal["en", "zh"]


class _FromEdition:
    """Default of a switch: take the value of the chosen edition."""

    def __repr__(self) -> str:
        return "FROM_EDITION"


FROM_EDITION: Any = _FromEdition()

_PRESETS: dict[str, dict[str, Any]] = {
    "en": {
        "rounds_by_players": ((2, 4), (3, 3), (4, 4)),
        "play_limit": None,
        "mixed_plays": True,
        "event_discard": True,
        "any_opponent_cancels": False,
        "step_any_pawn": False,
        "ends_when_refill_short": False,
        "doubled_cross_for_ender_only": False,
        "doubling_optional": False,
        "floor_total_at_zero": False,
        "shared_card_limit": 2,
    },
    "zh": {
        "rounds_by_players": ((2, 2), (3, 3), (4, 4)),
        "play_limit": 3,
        "mixed_plays": False,
        "event_discard": False,
        "any_opponent_cancels": True,
        "step_any_pawn": True,
        "ends_when_refill_short": True,
        "doubled_cross_for_ender_only": True,
        "doubling_optional": True,
        "floor_total_at_zero": True,
        "shared_card_limit": 4,
    },
}


#: The most rounds a game may have, so that no game passes the protocol's `max_actions` (10,000).
#: A round takes at most about 600 actions: 4 pawns; each of the 48 cards that can be played at
#: most 4 actions (the play and 3 answers); 2 more (end, step) in each of at most 195 turns (a turn
#: plays a card, or is one of fewer idle turns in a row than players, MOI-R20). Random games take
#: at most about 105.
MOST_ROUNDS = 16
#: The largest hand a house rule may deal: four hands of six and an eight-card Mountain leave 20 of
#: the 52 cards to draw.
MOST_HAND = 6
#: The most points a seat may start with (a round scores at most about 30).
MOST_STARTING_POINTS = 99
#: The longest Bison King move a house rule may give: paths of up to seven cards are few enough to list.
MOST_BISON_REACH = 7
#: The moments at which a house rule of one's own (`Rules.house`, `rulesbook.core.house`) runs:
#: "round_start": a round set up (its Mountain laid out, the draw pile shuffled, no hand dealt yet;
#:     the first round's in `new_game`), before its first pawn is placed;
#: "scoring": a round's scores moved onto the running totals (its result kept in `results`), before
#:     the next round is set up or the game ends: the winners are read from the totals it leaves;
#: "turn_end": a turn over that does not end the round (step IV drawn, the next seat to play),
#:     before that player's first decision; a turn that ends the round goes on to "scoring".
MOMENTS = ("round_start", "scoring", "turn_end")


@dataclass(frozen=True, repr=False)  # RulesData's repr: what differs from the printed game
class Rules(RulesData):
    """Which reading of the rules a game follows; DataError when made with a value of the wrong
    type or a combination no game can play.

    edition: "en" (default) or "zh"; fills every field not given. It names the reading that most
        of the edition switches follow: `dataclasses.replace(rules, edition="zh")` keeps every
        other field as it was (it does not apply the preset), so a value whose switches mostly
        follow the other edition is refused, naming the call that makes what was meant.
    two_pawns: the optional rule, pawns may share a card (MOI-R13); off in both editions. A card
        holding more than one pawn never completes a cross.
    shared_card_limit: how many pawns a card may hold under the optional rule; EN 2 ("up to
        two"), ZH 4, every pawn of a four-player game ("two or more") (MOI-R13).
    rounds_by_players: (players, rounds) pairs; EN 2p 4, 3p 3, 4p 4; ZH as many rounds as
        players (MOI-R03).
    play_limit: most cards played in one turn; EN None (any number), ZH 3 (MOI-R04).
    mixed_plays: whether disciples and events may be played in the same turn; EN yes, ZH no
        (MOI-R04).
    event_discard: whether a turn may instead discard 1-3 events with no effect; EN yes, ZH no
        (MOI-R04).
    any_opponent_cancels: EN only the owner of a targeted pawn may cancel a Bison King or an
        Iron Fan Princess (every owner of a pawn on the Princess's card, MOI-R22), and any other
        player a Red Boy; ZH any opponent any of the three (MOI-R06, MOI-R22).
    step_any_pawn: whose pawn the one-step move of step II may move; EN your own, ZH anyone's
        (MOI-R09).
    ends_when_refill_short: condition b; EN the round ends when the draw pile is empty at
        step III, ZH when the player who just finished cannot refill to three (MOI-R10): one
        who needs no card leaves the round on (MOI-P04).
    doubled_cross_for_ender_only: who counts a card twice when a complete cross ends the round
        (MOI-R11). EN: the owner of every pawn standing alone at a complete cross, with its best
        complete (four-card) row and column. ZH: only the player who ended the round, at their
        own pawn wherever it stands, with its best windows (MOI-R17).
    doubling_optional: EN the card under the pawn counts twice even when that costs points (the
        rulebook's example doubles a -3); ZH it "may" count twice, so it does only when that
        raises the score (MOI-R11).
    floor_total_at_zero: EN a negative round score counts as 0; ZH the running total never drops
        below 0 (MOI-R12).

    House rules (both rulebooks print the default):
    pawns_placed_in_reverse: the pawns are placed from the last player in turn order back to the
        first, so the player who starts the round places last (a compensation for going first);
        off: from the first player on (MOI-R19).
    starting_points: each seat's points before the first round, in seat order, such as (0, 1, 2, 3);
        seats the tuple does not reach start at 0. Empty: everyone starts at 0.
    hand_size: how many cards a hand is dealt and refilled to (3 in both rulebooks).
    negative_scores_kept: a round's negative score lowers the running total, which may drop below
        0; overrides floor_total_at_zero (MOI-R12).
    bison_reach: the longest Mighty Bison King move with one card and with two, (3, 5) as printed:
        one card moves a pawn 1 to 3 cards, two cards 4 to 5; (2, 6) would make them 1-2 and 3-6
        (MOI-R05).
    house: house rules of one's own, functions run at a round's start, its scoring or a turn's end
        (`MOMENTS`, `rulesbook.core.house_rule`); a record carries their names. Empty: none.
    """

    game_title = "Mountain of Inferno"
    house_moments = MOMENTS

    printed_by: ClassVar[tuple[str, ...]] = ("edition",)  # an edition prints the switches' values
    edition: Edition = "en"
    two_pawns: bool = False
    rounds_by_players: tuple[tuple[int, int], ...] = FROM_EDITION
    play_limit: int | None = FROM_EDITION
    mixed_plays: bool = FROM_EDITION
    event_discard: bool = FROM_EDITION
    any_opponent_cancels: bool = FROM_EDITION
    step_any_pawn: bool = FROM_EDITION
    ends_when_refill_short: bool = FROM_EDITION
    doubled_cross_for_ender_only: bool = FROM_EDITION
    doubling_optional: bool = FROM_EDITION
    floor_total_at_zero: bool = FROM_EDITION
    shared_card_limit: int = FROM_EDITION
    pawns_placed_in_reverse: bool = False
    starting_points: tuple[int, ...] = ()
    hand_size: int = 3
    negative_scores_kept: bool = False
    bison_reach: tuple[int, int] = (3, 5)
    house: tuple[HouseRule, ...] = ()

    def __post_init__(self) -> None:
        preset = _PRESETS.get(self.edition) if isinstance(self.edition, str) else None
        if preset is None:
            raise DataError("Rules.edition", Message("unknown edition {edition}: expected 'en' or 'zh'", edition=repr(self.edition)))
        for name, value in preset.items():
            if getattr(self, name) is FROM_EDITION:
                object.__setattr__(self, name, value)
        super().__post_init__()  # lists given by hand are made the tuples the fields hold there

    def check(self) -> None:
        """The values and combinations a game can play, checked when the rules are made."""
        self._check_edition()
        if self.play_limit is not None and self.play_limit < 1:
            raise DataError("Rules.play_limit", Message("must be at least 1, not {value} (MOI-R04)", value=self.play_limit))
        if not 2 <= self.shared_card_limit <= 4:
            raise DataError("Rules.shared_card_limit", Message("must be 2 to 4 (the pawns of a game), not {value} (MOI-R13)",
                                         value=self.shared_card_limit))
        if not 1 <= self.hand_size <= MOST_HAND:
            raise DataError("Rules.hand_size", Message("must be 1 to {most} (the rulebooks deal 3), not {value}", most=MOST_HAND, value=self.hand_size))
        if len(self.starting_points) > 4 or not all(0 <= points <= MOST_STARTING_POINTS for points in self.starting_points):
            raise DataError("Rules.starting_points", Message("gives each of at most 4 seats 0 to {most} points, not {value}",
                                        most=MOST_STARTING_POINTS, value=self.starting_points))
        one, two = self.bison_reach
        if not 1 <= one < two <= MOST_BISON_REACH:
            raise DataError("Rules.bison_reach", Message("gives the longest move of one Mighty Bison King and of two, "
                                        "1 <= one < two <= {most}, not {value} (MOI-R05)", most=MOST_BISON_REACH, value=self.bison_reach))
        if not self.rounds_by_players:  # no table could play: "rounds only for none players" at new_game
            raise DataError("Rules.rounds_by_players", Message("gives the rounds of no table: give at least one (players, rounds) "
                                                                 "pair (MOI-R03)"))
        seen: set[int] = set()
        for players, rounds in self.rounds_by_players:
            if not 2 <= players <= 4:
                raise DataError("Rules.rounds_by_players", Message("Mountain of Inferno is for 2 to 4 players, not {players} (MOI-R03)", players=players))
            if players in seen:
                raise DataError("Rules.rounds_by_players", Message("gives the rounds of {players} players twice (MOI-R03)", players=players))
            if not 1 <= rounds <= MOST_ROUNDS:
                raise DataError("Rules.rounds_by_players", Message("a game of {players} players needs 1 to {most} rounds, not {rounds} "
                                            "(MOI-R03; more would pass the {most}-round bound of a game)", players=players,
                                            most=MOST_ROUNDS, rounds=rounds))
            seen.add(players)

    def _check_edition(self) -> None:
        """DataError for a value labelled with one edition whose switches mostly follow the other:
        it would play the other edition's rules under this one's name, in a record, a table's
        label and a repr. `dataclasses.replace(Rules(), edition="zh")` makes one (the preset fills
        only the fields not given, and replace gives them all), as does a record's JSON whose edition
        alone was edited (it lists every switch)."""
        other = "zh" if self.edition == "en" else "en"
        own = [name for name, value in _PRESETS[self.edition].items() if getattr(self, name) == value]
        theirs = [name for name, value in _PRESETS[other].items() if getattr(self, name) == value]
        if len(theirs) <= len(own):
            return
        total = len(_PRESETS[other])
        said = {"edition": repr(self.edition), "label": self.edition.upper(), "other": other.upper(), "total": total,
                "meant": self._spelled(self.edition, keep_other=False), "honest": self._spelled(other, keep_other=True)}
        if len(theirs) == total:
            why = Message("Rules(edition={edition}) with all {total} of its edition switches at the {other} values would play the "
                          "{other} rules under the {label} label. Changing the edition alone makes such a value (dataclasses.replace(rules, "
                          "edition={edition}), or the edition of a record's or a state's rules edited by hand): every other field "
                          "stays as it was, without the edition's preset. Write {meant} for the "
                          "{label} rules with your changes, or {honest} for these rules as they are", **said)
        else:
            why = Message("Rules(edition={edition}) with {count} of its {total} edition switches at the {other} values ({names}) "
                          "would play mostly the {other} rules under the {label} label. Changing the edition alone makes such a value "
                          "(dataclasses.replace(rules, edition={edition}), or the edition of a record's or a state's rules edited "
                          "by hand): every other field stays as it was, without the edition's preset. Write {meant} for the "
                          "{label} rules with your changes, or {honest} for these rules "
                          "as they are", count=len(theirs), names=Listed(theirs, ","), **said)
        raise DataError("Rules.edition", why)

    def _spelled(self, edition: str, keep_other: bool) -> str:
        """The call that makes these rules under `edition`'s preset: each switch that differs from
        it (with `keep_other` False, only those at neither edition's value: the changes a teacher
        made before `replace`), and each other field that differs from its default."""
        given = []
        for item in fields(self):
            value = getattr(self, item.name)
            if item.name == "edition":
                continue
            if item.name in _PRESETS[edition]:
                differs = value != _PRESETS[edition][item.name] and (keep_other or all(
                    value != preset[item.name] for preset in _PRESETS.values()))
            else:
                differs = value != item.default
            if differs:
                given.append(f"{item.name}={value!r}")
        return f"Rules({', '.join([f'edition={edition!r}', *given])})"

    def starting_totals(self, players: int) -> tuple[int, ...]:
        """Each seat's points before the first round (the house rule `starting_points`; else 0).
        Points for a seat the game does not have are refused, not lost without a word."""
        if any(self.starting_points[players:]):
            raise DataError("Rules.starting_points", Message("gives points to more seats than the {players} of this game, {value}",
                                                             players=players, value=self.starting_points))
        return tuple(self.starting_points[seat] if seat < len(self.starting_points) else 0 for seat in range(players))

    def bison_steps(self, cards: int) -> range:
        """How many cards a Mighty Bison King move of one or two cards takes (MOI-R05): 1-3 and 4-5
        as printed, else as `bison_reach` says."""
        return bison_steps(self.bison_reach, cards)

    @property
    def max_pawns_per_card(self) -> int:
        """One pawn per card; with the optional rule, as many as shared_card_limit (MOI-R13)."""
        return self.shared_card_limit if self.two_pawns else 1

    def rounds(self, players: int) -> int:
        """How many rounds a game of that many players lasts (MOI-R03); DataError when these rules
        give none for that many."""
        for count, rounds in self.rounds_by_players:
            if count == players:
                return rounds
        if not 2 <= players <= 4:
            raise DataError("players", Message("Mountain of Inferno is for 2 to 4 players, not {players} (rulebook, Object of the Game)",
                                               players=players))
        given = Listed([count for count, _ in self.rounds_by_players], ",")
        raise DataError("players", Message("Mountain of Inferno is for 2 to 4 players, not {players} under these rules: "
                                    "rounds_by_players gives rounds only for {given} players (MOI-R03)", players=players, given=given))


def bison_steps(reach: tuple[int, int], cards: int) -> range:
    """The steps of a Bison King move of one or two cards under a reach (`Rules.bison_reach`): one
    card 1 to its first number, two cards on from there to its second (MOI-R05)."""
    one, two = reach
    return range(1, one + 1) if cards == 1 else range(one + 1, two + 1)


def switch_docs() -> dict[str, str]:
    """What each switch decides, in each edition, as its Rules docstring says: one source for the
    book's reference table. A switch the docstring leaves out raises KeyError."""
    docs: dict[str, str] = {}
    name = None
    # cleandoc: Python 3.13 and later strip a docstring's indent when compiling, older ones do not.
    for line in inspect.cleandoc(Rules.__doc__ or "").splitlines():
        entry = re.match(r"(\w+): (.*)", line)
        if entry:
            name = entry.group(1)
            docs[name] = entry.group(2)
        elif name and line.startswith("    "):
            docs[name] += " " + line.strip()
        else:
            name = None
    return {field.name: docs[field.name] for field in fields(Rules) if field.name != "edition"}
