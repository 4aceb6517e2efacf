"""Pennies from Heaven (rules PH-1 … PH-26, options PH-O1 … PH-O3).

Six players in two teams of three (seats 0, 2, 4 against 1, 3, 5), four packs with their
jokers (216 cards); 13 cards in hand and an 11-card *foot* dealt face down, picked up
after the player completes a canasta; draw two; sets only, 3 to 7 cards with at most three
wild cards, melds of wild cards alone, no wild card among 7s; one unfinished meld of each
rank per team; natural, mixed, wild and sevens canastas (500, 300, 1000, 1500); 7s are
discarded only once both teams own a sevens canasta and never to go out; going out needs
the foot picked up and one canasta of each kind; game to 20,000, a tie plays on.

>>> import canasta_family
>>> game = canasta_family.new_game("pennies", seed=1)
>>> len(game.deck), game.sides, game.hand_size(1), game.foot_size(1), game.stock_size
(216, ((0, 2, 4), (1, 3, 5)), 13, 11, 71)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from canasta_family.cards import Card, Rank, make_deck
from canasta_family.hookspecs import Options, hookimpl
from canasta_family.rules import (
    CONTINUE,
    CanastaRules,
    DealRules,
    GameResult,
    GoingOutRules,
    InitialMeldRules,
    MeldRules,
    OptionSpec,
    PileRules,
    RedThreeRules,
    StockEndRules,
    TurnEndEffects,
    VariantInfo,
    Violation,
)
from canasta_family.variants.american_samba import initial_minimum
from canasta_family.variants.helpers import standard_sides

if TYPE_CHECKING:
    from canasta_family.engine import Game

__all__ = ["CANASTA_KINDS", "SEVENS_KINDS", "VARIANT", "PenniesFromHeavenPlugin"]

CANASTA_KINDS = ("natural", "mixed", "wild", "sevens")
"""The four kinds a team needs to go out (PH-21)."""
SEVENS_KINDS = frozenset({"sevens", "mixed-sevens"})
"""Canasta kinds that count as a canasta of 7s (``mixed-sevens`` only with PH-O2)."""
TARGET = 20_000

VARIANT = VariantInfo(
    name="pennies-from-heaven",
    aliases=("pennies",),
    players=(6,),
    description="Pennies from Heaven: 6 players in two teams of three, a foot, four "
                "canasta kinds, sevens.",
    source="seed 004 (Japanese, after pagat.com), lost tables from pagat.com",
    options=(
        OptionSpec(name="sevens_discard", type=str, default="both-teams",
                   allowed=("both-teams", "own-team"), rule="PH-O1",
                   description="Whose sevens canasta frees the discard of 7s: both teams' "
                               "(seed, pagat) or the discarder's team's own."),
        OptionSpec(name="wild_in_sevens", type=bool, default=False, allowed=(False, True),
                   rule="PH-O2",
                   description="Allow wild cards in melds of 7s; a mixed canasta of 7s "
                               "scores 300 and counts as a sevens canasta."),
        OptionSpec(name="foot_pickup", type=str, default="own-canasta",
                   allowed=("own-canasta", "team-canasta"), rule="PH-O3",
                   description="Pick up the foot after completing a canasta yourself, or "
                               "once your team has completed one."),
    ),
    rule_ids={
        "players": "PH-1", "deck": "PH-2", "wild": "PH-2", "values": "PH-3", "deal": "PH-4",
        "upcard": "PH-4", "run": "PH-5", "max-size": "PH-5", "lay-off": "PH-5",
        "set": "PH-6", "wild-ratio": "PH-6", "no-wild-rank": "PH-7", "wild-meld": "PH-8",
        "black-three": "PH-9", "one-open-meld": "PH-10", "merge": "PH-10",
        "canasta-bonus": "PH-11", "natural-canasta-wild": "PH-11", "turn": "PH-12",
        "draw": "PH-12", "discard": "PH-12", "red-three-draw": "PH-12",
        "red-three-meld": "PH-12", "red-three-discard": "PH-12", "single-pickup": "PH-12",
        "pile-blocked": "PH-13", "pile-frozen": "PH-14", "pile-layoff": "PH-15",
        "stranded": "PH-16", "initial-meld": "PH-17", "initial-meld-pile": "PH-17",
        "retract": "PH-17", "foot-penalty": "PH-19", "red-three-score": "PH-20",
        "red-three-in-hand": "PH-20", "going-out": "PH-21", "keep-cards": "PH-21",
        "ask": "PH-22", "going-out-bonus": "PH-23", "stock-end": "PH-24",
        "hand-penalty": "PH-25",
    },
)


def has_sevens_canasta(kinds: tuple[str, ...]) -> bool:
    """Whether canasta ``kinds`` include a canasta of 7s (PH-16, PH-20).

    >>> has_sevens_canasta(("natural", "sevens")), has_sevens_canasta(("mixed",))
    (True, False)
    """
    return any(kind in SEVENS_KINDS for kind in kinds)


def missing_kinds(kinds: tuple[str, ...]) -> tuple[str, ...]:
    """The canasta kinds of :data:`CANASTA_KINDS` that ``kinds`` lack (PH-21); a mixed
    canasta of 7s (PH-O2) fills the sevens place.

    >>> missing_kinds(("natural", "mixed-sevens", "natural"))
    ('mixed', 'wild')
    """
    present = {"sevens" if kind in SEVENS_KINDS else kind for kind in kinds}
    return tuple(kind for kind in CANASTA_KINDS if kind not in present)


class PenniesFromHeavenPlugin:
    """Hook implementations for Pennies from Heaven."""

    info = VARIANT

    @hookimpl
    def canasta_deck(self, options: Options) -> tuple[Card, ...]:
        return make_deck(packs=4, jokers_per_pack=2)  # PH-2: 216 cards, 8 jokers

    @hookimpl
    def canasta_sides(self, num_players: int, options: Options) -> tuple[tuple[int, ...], ...]:
        return standard_sides(num_players, 3)  # PH-1: (0, 2, 4) against (1, 3, 5)

    @hookimpl
    def canasta_deal_rules(self, num_players: int, options: Options) -> DealRules:
        # PH-4: 13 cards, then an 11-card foot; the upcard stays whatever it is.
        return DealRules(hand_size=13, foot_size=11, upcard_redraw=False)

    @hookimpl
    def canasta_draw_count(self, num_players: int, options: Options) -> int:
        return 2  # PH-12

    @hookimpl
    def canasta_meld_rules(self, num_players: int, options: Options) -> MeldRules:
        sevens_wild = bool(options.get("wild_in_sevens", False))
        return MeldRules(
            min_size=3, max_size=7, canasta_size=7,  # PH-5
            set_min_naturals=2, set_max_wilds=3, naturals_per_wild=0,  # PH-6
            no_wild_ranks=frozenset() if sevens_wild else frozenset({Rank.SEVEN}),  # PH-7
            wild_melds=True, wild_meld_max=7,  # PH-8
            black_threes="going-out",  # PH-9
            one_open_meld_per_rank=True,  # PH-10
            runs=False, merge=False,
        )

    @hookimpl
    def canasta_canasta_rules(self, options: Options) -> CanastaRules:
        bonuses = {"natural": 500, "mixed": 300, "wild": 1000, "sevens": 1500}  # PH-11
        mixed_kinds: dict[Rank, str] = {}
        if options.get("wild_in_sevens", False):
            bonuses["mixed-sevens"] = 300  # PH-O2
            mixed_kinds[Rank.SEVEN] = "mixed-sevens"
        return CanastaRules(bonuses=bonuses, rank_kinds={Rank.SEVEN: "sevens"},
                            rank_mixed_kinds=mixed_kinds, wild_kind="wild")

    @hookimpl
    def canasta_pile_rules(self, options: Options) -> PileRules:
        # PH-13…15: frozen only by a wild card or red 3 in it (not before a team's first
        # meld); taken with a natural pair, or, unfrozen, by laying the top card off.
        return PileRules(always_frozen=False, frozen_by_wild_or_red_three=True,
                         frozen_before_initial_meld=False, unfrozen_natural_and_wild=False,
                         unfrozen_layoff=True, layoff_not_on_canasta=True, blocked_wild=True,
                         blocked_black_three=True, blocked_red_three=True, only_top_counts=True)

    @hookimpl
    def canasta_initial_meld_rules(self, options: Options) -> InitialMeldRules:
        # PH-17: melded cards never go back to the hand, so there is no retraction.
        return InitialMeldRules(retract_penalty=None, rule="PH-17", retract_rule="PH-17")

    @hookimpl
    def canasta_red_three_rules(self, options: Options) -> RedThreeRules:
        return RedThreeRules(auto_place=True, discardable=False, value=100, all_value=1000,
                             rule="PH-20")

    @hookimpl
    def canasta_going_out_rules(self, num_players: int, options: Options) -> GoingOutRules:
        return GoingOutRules(bonus=100, keep_cards=2, rule="PH-21")  # PH-21, PH-23

    @hookimpl
    def canasta_stock_end_rules(self, options: Options) -> StockEndRules:
        # PH-24: taking the pile on an exhausted stock is a right, not a duty; a red 3 as
        # the stock's last card ends the hand.
        return StockEndRules(forced_layoff_take=False, red_three_last_draw_ends=True,
                             red_three_last_card_ends=True, rule="PH-24")

    @hookimpl
    def canasta_initial_meld_minimum(self, game: Game, side: int, score: int) -> int:
        return initial_minimum(score, ((0, 50), (500, 90), (1000, 120), (1500, 150)))  # PH-17

    @hookimpl
    def canasta_forbidden_discards(
        self, game: Game, player: int, going_out: bool, hand: tuple[Card, ...],
        canastas: tuple[str, ...]
    ) -> Mapping[Card, Violation]:
        # Red 3s never stay in a hand here (PH-12 puts them out at once). (The rank read
        # once: in Python 3.11 each read of an Enum class attribute is a slow lookup, and
        # this hook is asked at every play listing.)
        rank_seven = Rank.SEVEN
        sevens = [card for card in hand if card.rank == rank_seven]
        if not sevens:
            return {}
        if going_out:
            seven = Violation("PH-23", "you may not go out by discarding a 7")
        elif self._sevens_discardable(game, player, canastas):
            return {}
        else:
            whose = ("your team" if game.options.get("sevens_discard") == "own-team"
                     else "both teams")
            seven = Violation("PH-16", f"7s may not be discarded until {whose} have "
                                       "completed a canasta of 7s")
        return dict.fromkeys(sevens, seven)

    @staticmethod
    def _sevens_discardable(game: Game, player: int, canastas: tuple[str, ...]) -> bool:
        """PH-16 / PH-O1: the player's team (as after the play judged) and, by default,
        every other team own a sevens canasta."""
        if not has_sevens_canasta(canastas):
            return False
        if game.options.get("sevens_discard") == "own-team":
            return True
        own = game.side_of(player)
        return all(has_sevens_canasta(game.side_canasta_kinds(side))
                   for side in range(len(game.sides)) if side != own)

    @hookimpl
    def canasta_going_out_violations(
        self, game: Game, player: int, canastas: tuple[str, ...]
    ) -> tuple[Violation, ...]:
        found: list[Violation] = []
        if not game.foot_picked_up(player):
            found.append(Violation("PH-21", "only a player who has picked up their foot may "
                                            "go out, so you must keep cards in hand"))
        missing = missing_kinds(canastas)
        if missing:
            found.append(Violation("PH-21", "your team needs a natural, a mixed, a wild and a "
                                            "sevens canasta to go out; it lacks "
                                            + ", ".join(missing)))
        return tuple(found)

    @hookimpl
    def canasta_turn_end(self, game: Game, player: int) -> TurnEndEffects:
        if game.options.get("foot_pickup") == "team-canasta":
            # PH-O3: once the team has a canasta, each player picks up at their turn's end.
            return TurnEndEffects(pick_up_foot=game.side_canastas(game.side_of(player)) > 0)
        # PH-18: the player who completed a canasta this turn picks up after discarding.
        return TurnEndEffects(pick_up_foot=bool(game.turn_canastas))

    @hookimpl
    def canasta_red_three_score(self, game: Game, side: int, count: int) -> int:
        total = 1000 if count == game.red_threes_in_deck else 100 * count  # PH-20
        return total if has_sevens_canasta(game.side_canasta_kinds(side)) else -total

    @hookimpl
    def canasta_game_result(self, game: Game) -> GameResult:
        scores = game.scores
        best = max(scores)
        if best < TARGET:
            return CONTINUE
        leaders = [side for side, score in enumerate(scores) if score == best]
        if len(leaders) > 1:
            return CONTINUE  # PH-26: equal totals keep dealing until one side is ahead
        return GameResult(winners=(leaders[0],),
                          reason=f"side {leaders[0]} wins with {best} (PH-26: a side reached "
                                 f"{TARGET})")
