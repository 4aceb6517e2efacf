"""Test variants that change the roles of cards (imported by name by ``test_card_roles``).

The roles come from three hooks: ``canasta_is_wild`` (AS-3: jokers and 2s),
``canasta_is_bonus_card`` (AS-16: red 3s, placed face up for points) and
``canasta_is_stop_card`` (AS-33: black 3s). Each plugin here subclasses a built-in
variant's plugin, gives itself its own ``info`` (a new name, no aliases) and re-marks
every override with ``@hookimpl``, as docs/writing-a-variant.md asks:

* **jokers-wild**: only jokers are wild; 2s are naturals and ``Rank.TWO`` is added to
  ``MeldRules.set_ranks`` so that they meld in sets of 2s. On classic Canasta (sets only,
  :class:`JokersWildCanasta`) and on American Samba (sequences too,
  :class:`JokersWildSamba`). Red 3s stay bonus cards and black 3s stop cards.
* **no-bonus** (:class:`NoBonusCanasta`, on classic Canasta): no bonus cards at all. Its
  option ``threes`` says what the 3s are: ``"natural"`` (plain naturals, ``Rank.THREE``
  in ``set_ranks``, no stop cards) or ``"stop"`` (all four 3s are stop cards). Every 3 is
  worth 5, as a black 3 is in the base game.

The games are made without installing anything (``Variant(info=..., plugin=...)``)::

    >>> from canasta_family import parse_card
    >>> game = new_role_game(JokersWildCanasta, players=2, seed=1)
    >>> game.is_wild(parse_card("JK")), game.is_wild(parse_card("2c"))
    (True, False)
    >>> stop = new_role_game(NoBonusCanasta, players=2, seed=1, options={"threes": "stop"})
    >>> stop.is_stop_card(parse_card("3h")), stop.red_threes_in_deck
    (True, 0)
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from canasta_family import Card, Game, HandSetup, Rank, hookimpl
from canasta_family.plugins import Variant
from canasta_family.rules import MeldRules, OptionSpec, VariantInfo
from canasta_family.variants.american_samba import AmericanSambaPlugin
from canasta_family.variants.canasta import ClassicCanastaPlugin

__all__ = [
    "NO_BONUS_THREES",
    "ROLE_PLUGINS",
    "JokersWildCanasta",
    "JokersWildSamba",
    "NoBonusCanasta",
    "new_role_game",
    "role_variant",
]

Options = Mapping[str, object]

NO_BONUS_THREES = ("natural", "stop")
"""The values of :class:`NoBonusCanasta`'s option ``threes``."""


def _with_set_rank(rules: MeldRules, rank: Rank) -> MeldRules:
    return attrs.evolve(rules, set_ranks=rules.set_ranks | {rank})


class _JokersOnlyWild:
    """The jokers-wild hooks, put before a built-in plugin in a subclass's bases: only
    the jokers are wild (AS-3 changed), and 2s meld as naturals in sets of 2s."""

    @hookimpl
    def canasta_is_wild(self, card: Card, options: Options) -> bool:
        return card.is_joker

    @hookimpl
    def canasta_meld_rules(self, num_players: int, options: Options) -> MeldRules:
        rules: MeldRules = super().canasta_meld_rules(  # type: ignore[misc]
            num_players=num_players, options=options)
        return _with_set_rank(rules, Rank.TWO)


class JokersWildCanasta(_JokersOnlyWild, ClassicCanastaPlugin):
    """Classic Canasta where only the jokers are wild: 2s are naturals of rank 2 that
    meld in sets of 2s. Everything else is classic Canasta's."""

    info = attrs.evolve(ClassicCanastaPlugin.info, name="roles-jokers-wild", aliases=())


class JokersWildSamba(_JokersOnlyWild, AmericanSambaPlugin):
    """American Samba (sets and sequences) where only the jokers are wild: 2s are
    naturals of rank 2 that meld in sets of 2s. Everything else is American Samba's."""

    info = attrs.evolve(AmericanSambaPlugin.info, name="roles-jokers-wild-samba", aliases=())


_NO_BONUS_INFO: VariantInfo = attrs.evolve(
    ClassicCanastaPlugin.info,
    name="roles-no-bonus",
    aliases=(),
    description="Classic Canasta without bonus cards: the red 3s are plain 3s.",
    options=(
        *ClassicCanastaPlugin.info.options,
        OptionSpec(name="threes", type=str, default="natural", allowed=NO_BONUS_THREES,
                   rule="NB-1",
                   description="natural: every 3 is a plain natural that melds in sets of "
                               "3s; stop: every 3 is a stop card (as black 3s are)."),
    ),
)


class NoBonusCanasta(ClassicCanastaPlugin):
    """Classic Canasta without bonus cards (no AS-16/AS-29/AS-30 red 3s): option
    ``threes`` makes every 3 a plain natural (``"natural"``) or a stop card (``"stop"``)."""

    info = _NO_BONUS_INFO

    @staticmethod
    def _stop_threes(options: Options) -> bool:
        return options.get("threes", "natural") == "stop"

    @hookimpl
    def canasta_is_bonus_card(self, card: Card, options: Options) -> bool:
        return False

    @hookimpl
    def canasta_is_stop_card(self, card: Card, options: Options) -> bool:
        return self._stop_threes(options) and card.rank == Rank.THREE

    @hookimpl
    def canasta_card_value(self, card: Card, options: Options) -> int | None:
        # Every 3 is worth what a black 3 is; other cards keep the core values (None).
        return 5 if card.rank == Rank.THREE else None

    @hookimpl
    def canasta_meld_rules(self, num_players: int, options: Options) -> MeldRules:
        rules = super().canasta_meld_rules(num_players=num_players, options=options)
        if self._stop_threes(options):
            return rules
        return _with_set_rank(rules, Rank.THREE)


ROLE_PLUGINS: tuple[type, ...] = (JokersWildCanasta, JokersWildSamba, NoBonusCanasta)
"""Every test plugin of this module."""


def role_variant(plugin: type) -> Variant:
    """The test variant of ``plugin`` as a game takes it, without installing it."""
    instance = plugin()
    return Variant(info=instance.info, plugin=instance, origin="local")


def new_role_game(plugin: type, *, players: int = 2, seed: int = 1,
                  options: Mapping[str, object] | None = None,
                  start: HandSetup | None = None) -> Game:
    """A game of the test variant of ``plugin``."""
    return Game(role_variant(plugin), players=players, seed=seed, options=options,
                start=start)



def role_canasta_games() -> list[Game]:
    """Two-player games of the test variants on classic Canasta, two seeds each: 2s as
    naturals of their own rank (jokers the only wild cards), and 3s as plain naturals
    with no bonus cards."""
    games = [new_role_game(JokersWildCanasta, players=2, seed=seed) for seed in (1, 2)]
    games += [new_role_game(NoBonusCanasta, players=2, seed=seed,
                            options={"threes": "natural"}) for seed in (1, 2)]
    return games
