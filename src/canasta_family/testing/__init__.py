"""Reusable property-testing support for variant authors: ``canasta_family.testing``.

This package needs hypothesis, which is a test dependency, not a runtime one: install
``canasta-family[test]``. Nothing else in the library imports it.

Three layers, usable alone:

* **Checks** (:mod:`~canasta_family.testing.checks`, no hypothesis needed): plain functions
  that raise :class:`AssertionError` with a clear message — :func:`check_cards_conserved`,
  :func:`check_observation_hides`, :func:`check_hidden_swap`,
  :func:`check_refusal_leaves_state`, :func:`check_candidate`,
  :func:`check_listed_actions`, :func:`check_listing_complete` (with
  :func:`brute_force_candidates`), :func:`check_legal_actions_pure`,
  :func:`check_clone_and_replay`; helpers :func:`mirror_setup`, :func:`hidden_swap_twins`,
  :func:`deck_counts`, :func:`describe`.
* **Strategies** (:mod:`~canasta_family.testing.strategies`): :func:`games` (seeded games
  advanced by random and greedy legal actions), :func:`arranged_setups` (small random
  deals), :func:`candidate_actions` (mostly illegal actions for a position),
  :func:`seeds`, :func:`player_counts`; :func:`play_random` to advance a game and
  :func:`hand_limit_reached`, the guard that keeps random play out of positions where
  listing the legal actions explodes.
* **State machine** (:mod:`~canasta_family.testing.machine`): :func:`make_game_machine`
  returns a hypothesis ``RuleBasedStateMachine`` that plays a variant and checks every
  invariant after every step.

A variant's whole property suite can be three lines::

    from canasta_family.testing import make_game_machine

    TestMyVariant4 = make_game_machine("my-variant", players=4).TestCase

>>> import canasta_family
>>> from canasta_family.testing import check_cards_conserved, play_random
>>> game = play_random(canasta_family.new_game(players=4, seed=2), 30, seed=1)
>>> check_cards_conserved(game)
"""

from __future__ import annotations

from canasta_family.testing.checks import (
    PUBLIC_CARD_FIELDS,
    SECRET_FIELD_NAMES,
    brute_force_candidates,
    check_candidate,
    check_cards_conserved,
    check_clone_and_replay,
    check_hidden_swap,
    check_legal_actions_pure,
    check_listed_actions,
    check_listing_complete,
    check_observation_hides,
    check_refusal_leaves_state,
    deck_counts,
    describe,
    going_out_sequence,
    hidden_swap_twins,
    mirror_setup,
)
from canasta_family.testing.machine import GameMachine, make_game_machine
from canasta_family.testing.strategies import (
    DEFAULT_MAX_HAND,
    arranged_setups,
    candidate_actions,
    games,
    hand_limit_reached,
    play_random,
    player_counts,
    seeds,
)

__all__ = [
    "DEFAULT_MAX_HAND",
    "PUBLIC_CARD_FIELDS",
    "SECRET_FIELD_NAMES",
    "GameMachine",
    "arranged_setups",
    "brute_force_candidates",
    "candidate_actions",
    "check_candidate",
    "check_cards_conserved",
    "check_clone_and_replay",
    "check_hidden_swap",
    "check_legal_actions_pure",
    "check_listed_actions",
    "check_listing_complete",
    "check_observation_hides",
    "check_refusal_leaves_state",
    "deck_counts",
    "describe",
    "games",
    "going_out_sequence",
    "hand_limit_reached",
    "hidden_swap_twins",
    "make_game_machine",
    "mirror_setup",
    "play_random",
    "player_counts",
    "seeds",
]
