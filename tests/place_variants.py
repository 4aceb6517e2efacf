"""A test variant whose sequences hold wild cards at places (imported by name by
``test_run_places``): the engine mechanisms Buraco needs, on classic Canasta's base.

* sequences of 3 to 14 cards of one suit from A (low) or 2 to A (high), with at most one
  acting wild card (``MeldRules.run_wilds``, BU-14); a 2 at its own place in a run of its
  suit is a natural there (``run_wild_in_own_place``, BU-12); laying off the natural a
  wild card stands for moves the wild card (``run_wild_moves``, BU-16) unless the option
  ``moves`` is off;
* sets of 3s to aces with at most one wild card; no red or black 3 rules (BU-3);
* run canastas are ``clean`` or ``dirty``, and clean ones of 13 and 14 cards ``royal`` and
  ``ace-to-ace`` (``CanastaRules.run_mixed_kind``, ``run_length_kinds``; BU-17, BU-18);
* no minimum for a side's first meld; otherwise classic Canasta (two canastas to go out
  with two players, CC-8).

    >>> game = new_place_game(HandSetup(hands=("5h 6h 8h JK 9c", "4c 5c 6c"),
    ...                                 stock="Kd Ks Qd", pile="7c", dealer=1))
    >>> game.apply("draw")
    >>> game.is_legal("meld 5h 6h 8h JK")
    True
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from canasta_family import Card, Game, HandSetup, Rank, hookimpl
from canasta_family.plugins import Variant
from canasta_family.rules import CanastaRules, MeldRules, OptionSpec, ReserveRules
from canasta_family.variants.canasta import ClassicCanastaPlugin

__all__ = ["PLACE_VARIANT", "RESERVE_VARIANT", "PlaceRuns", "ReserveRuns", "new_place_game",
           "new_reserve_game"]

Options = Mapping[str, object]


class PlaceRuns(ClassicCanastaPlugin):
    """Classic Canasta with Buraco's sequences (see the module documentation)."""

    info = attrs.evolve(
        ClassicCanastaPlugin.info, name="test-place-runs", aliases=(),
        options=(OptionSpec(name="moves", type=bool, default=True, allowed=None,
                            rule="BU-16", description="a natural laid off on a wild "
                                                      "card's place moves the wild card"),))

    @hookimpl
    def canasta_is_bonus_card(self, card: Card, options: Options) -> bool:
        return False

    @hookimpl
    def canasta_is_stop_card(self, card: Card, options: Options) -> bool:
        return False

    @hookimpl
    def canasta_meld_rules(self, num_players: int, options: Options) -> MeldRules:
        return MeldRules(set_max_wilds=1, set_ranks=frozenset(Rank(r) for r in range(3, 15)),
                         runs=True, run_min=3, run_max=14, run_low=Rank.TWO,
                         run_high=Rank.ACE, run_ace_low=True, run_wilds=1,
                         run_wild_in_own_place=True,
                         run_wild_moves=bool(options.get("moves", True)),
                         black_threes="never")

    @hookimpl
    def canasta_canasta_rules(self, options: Options) -> CanastaRules:
        return CanastaRules(
            bonuses={"natural": 200, "mixed": 100, "clean": 200, "dirty": 100,
                     "royal": 500, "ace-to-ace": 1000},
            run_kind="clean", run_mixed_kind="dirty",
            run_length_kinds={13: "royal", 14: "ace-to-ace"})

    @hookimpl
    def canasta_initial_meld_minimum(self, game: Game, side: int, score: int) -> int:
        return 0


PLACE_VARIANT = Variant(info=PlaceRuns.info, plugin=PlaceRuns(), origin="local")


def new_place_game(start: HandSetup | None = None, *, seed: int = 1,
                   options: Mapping[str, object] | None = None) -> Game:
    """A two-player game of the test variant."""
    return Game(PLACE_VARIANT, players=2, seed=seed, start=start, options=options)


class ReserveRuns(PlaceRuns):
    """:class:`PlaceRuns` with a five-card reserve per side (``ReserveRules``, Buraco's
    morto, BU-20…28): option ``direct`` says whether a hand emptied by melding takes the
    reserve at once (BU-22) or must keep a card to discard (BU-O5)."""

    info = attrs.evolve(
        PlaceRuns.info, name="test-reserve-runs",
        options=(*PlaceRuns.info.options,
                 OptionSpec(name="direct", type=bool, default=True, allowed=None,
                            rule="BU-22", description="a hand emptied by melding takes the "
                                                      "reserve at once")))

    @hookimpl
    def canasta_reserve_rules(self, num_players: int, options: Options) -> ReserveRules:
        return ReserveRules(size=5, direct=bool(options.get("direct", True)))


RESERVE_VARIANT = Variant(info=ReserveRuns.info, plugin=ReserveRuns(), origin="local")


def new_reserve_game(start: HandSetup | None = None, *, seed: int = 1,
                     options: Mapping[str, object] | None = None) -> Game:
    """A two-player game of :class:`ReserveRuns`."""
    return Game(RESERVE_VARIANT, players=2, seed=seed, start=start, options=options)
