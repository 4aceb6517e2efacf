"""The test kit on variants that change card roles (AS-3 wild cards, AS-16 bonus cards,
AS-33 stop cards), none of them installed: the hypothesis state machine plays each one,
determinization deals by its roles, and ``new_game`` / ``replay`` take its ``Variant``.

The variants are those of ``tests/role_variants.py``; ``tests/test_card_roles.py`` plays
their rules situation by situation.
"""

from __future__ import annotations

import random

import pytest
from role_variants import (
    JokersWildCanasta,
    JokersWildSamba,
    NoBonusCanasta,
    new_role_game,
    role_variant,
)

from canasta_family import RecordError, new_game, replay
from canasta_family.testing import check_cards_conserved, make_game_machine

# Cards conserved, listed actions apply, illegal ones refused with the state unchanged,
# clone and replay equal, observations leak nothing: on every role variant.
TestJokersWildMachine = make_game_machine(
    role_variant(JokersWildCanasta), players=2, step_count=30).TestCase
TestJokersWildSambaMachine = make_game_machine(
    role_variant(JokersWildSamba), players=4, step_count=30).TestCase
TestNaturalThreesMachine = make_game_machine(
    role_variant(NoBonusCanasta), players=2, step_count=30,
    options={"threes": "natural"}).TestCase
TestStopThreesMachine = make_game_machine(
    role_variant(NoBonusCanasta), players=4, step_count=30,
    options={"threes": "stop"}).TestCase

CASES = [
    pytest.param(JokersWildCanasta, None, id="jokers-wild"),
    pytest.param(JokersWildSamba, None, id="jokers-wild-samba"),
    pytest.param(NoBonusCanasta, {"threes": "natural"}, id="natural-threes"),
    pytest.param(NoBonusCanasta, {"threes": "stop"}, id="stop-threes"),
]


@pytest.mark.parametrize("plugin, options", CASES)
def test_determinized_copies_keep_the_variants_roles(
        plugin: type, options: dict[str, object] | None) -> None:
    """A determinization deals the unseen cards by the variant's roles (AS-18a: the
    freezing cards of the pile bottom; AS-16: bonus cards): what seat 0 observes is
    unchanged, and so is the count of freezing cards in the pile."""
    game = new_role_game(plugin, players=2, seed=7, options=options)
    rng = random.Random(7)
    for _ in range(60):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    for sample in range(3):
        copy = game.determinize(0, random.Random(sample))
        assert copy.observation(0) == game.observation(0)
        assert copy.pile_freezers == game.pile_freezers
        check_cards_conserved(copy)


def test_a_variant_not_installed_plays_and_replays_from_its_variant() -> None:
    """``new_game`` takes a ``Variant`` whose plugin is not installed, and ``replay``
    rebuilds its record given the same variant; another variant is refused by name."""
    variant = role_variant(JokersWildCanasta)
    game = new_game(variant, players=2, seed=4)
    rng = random.Random(4)
    for _ in range(40):
        game.apply(rng.choice(game.legal_actions()))
    assert replay(game.record(), variant=variant) == game
    assert replay(game.record().dumps(), variant=variant) == game
    with pytest.raises(RecordError, match="roles-jokers-wild"):
        replay(game.record(), variant=role_variant(JokersWildSamba))
