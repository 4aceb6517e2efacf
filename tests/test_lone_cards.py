"""The going-out bound's reading of sequences (AS-35): before any solve, a natural counts
as one a play could take when it makes three in a row of its suit with two cards held
(``Game._run_held``). The bound only rules out, so that reading must never say "no" where
three in a row are held, and never "yes" where they are not: held to a plain reading of
the places here, in every built-in variant with sequences and Buraco (a low ace, BU-12),
on hands hypothesis draws.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from canasta_family import Game, available_variants, new_game
from canasta_family.cards import NUM_CODES
from canasta_family.engine.run_places import ACE, ACE_LOW


def _ace_low_game() -> Game:
    from test_ace_low_runs import VARIANT  # American Samba with the ace running low

    return Game(VARIANT, players=2, seed=1)


GAMES: dict[str, Callable[[], Game]] = {
    name: partial(new_game, name, players=4, seed=1)
    for name in ("american-samba", "dutch-samba", "samba")}
GAMES["test-ace-low"] = _ace_low_game
if "buraco" in {info.name for info in available_variants()}:  # (examples/buraco)
    GAMES["buraco"] = partial(new_game, "buraco", players=4, seed=1)


def _held_at(game: Game, place: int, suit: int, hand: list[int]) -> bool:
    """Whether ``hand`` holds the card of ``suit`` that stands at ``place`` (a wild card of
    that code too: the bound counts generously, and a 2 may be natural at its own place,
    BU-12)."""
    mr = game._s.meld
    if place == ACE_LOW:
        if not (mr.run_ace_low and mr.run_high >= ACE):
            return False
        code = (ACE - 2) * 4 + suit
    elif mr.run_low <= place <= mr.run_high:
        code = (place - 2) * 4 + suit
    else:
        return False
    return hand[code] > 0


def _three_in_a_row(game: Game, code: int, hand: list[int]) -> bool:
    """Plain reading: some window of three places holds ``code`` and two cards held."""
    mr = game._s.meld
    rank, suit = code // 4 + 2, code % 4
    if not mr.run_low <= rank <= mr.run_high:
        return False
    places = [rank] + ([ACE_LOW] if rank == ACE and mr.run_ace_low else [])
    for place in places:
        for first in range(place - 2, place + 1):
            others = [p for p in range(first, first + 3) if p != place]
            if all(_held_at(game, p, suit, hand) for p in others):
                return True
    return False


@pytest.mark.parametrize("variant", sorted(GAMES))
@settings(max_examples=60, deadline=None)
@given(counts=st.lists(st.integers(0, 2), min_size=NUM_CODES, max_size=NUM_CODES))
def test_as35_a_natural_three_in_a_row_is_never_lone(variant: str, counts: list[int]) -> None:
    game = GAMES[variant]()
    s = game._s
    for code in range(NUM_CODES - 1):
        if s.wild[code] or s.bonus[code]:
            continue
        assert game._run_held(code, counts) == _three_in_a_row(game, code, counts), code
