"""What a rank's sets can become, kept once per class of ranks the rules judge alike.

The going-out solver, the judges of a listing's set plays and the owed-meld judge read
``rank_sets.rank_options``: every way the side's sets of one rank can take more naturals
and wild cards (AS-8, AS-12, AS-13; CC-3; PH-5…PH-11). The catalog keeps its answers
(and the owed-meld tables made from them) by the rule set's ``rank_class``: the lowest
rank whose sets the same rules judge. Here the classes are the expected ones, and for
every rank the catalog's answer is the one a search of that very rank gives.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from role_variants import ROLE_PLUGINS
from test_owed_solver import _game

from canasta_family import Game
from canasta_family.engine.initial_meld_bound import rank_fills
from canasta_family.engine.rank_sets import Shape, _RankSearch, rank_options

BUILT_IN = ("american-samba", "dutch-samba", "samba", "canasta", "pennies-from-heaven")


def test_CC_3_PH_7_PH_11_rank_classes() -> None:
    """Classic Canasta judges every set rank from 4 to the ace alike (CC-3); black 3s are
    stop cards of their own. Pennies from Heaven sets 7s apart: no wild card in them
    (PH-7) and a canasta kind of their own (PH-11)."""
    canasta = _game("canasta")._s.rank_class
    assert {canasta[rank] for rank in range(4, 15)} == {4}
    assert canasta[3] == 3
    pennies = _game("pennies-from-heaven")._s.rank_class
    assert pennies[7] == 7
    assert {pennies[rank] for rank in range(4, 15) if rank != 7} == {4}


@st.composite
def _rank_sets(draw: st.DrawFn, game: Game
               ) -> tuple[int, int, tuple[Shape, ...], int]:
    """(a set rank, naturals to add, the side's sets of it, wild cards at most)."""
    s = game._s
    rank = draw(st.sampled_from(sorted(s.set_rank_set - s.stop_ranks)))
    shapes: list[Shape] = []
    for _ in range(draw(st.integers(0, 2))):
        nat, wild = draw(st.integers(1, 7)), draw(st.integers(0, 3))
        if game._set_problem(rank, nat, wild, True) is None:
            kind = game._canasta_kind(False, rank, nat + wild, wild)
            shapes.append((nat, wild, kind or ""))
    return rank, draw(st.integers(0, 8)), tuple(sorted(shapes)), draw(st.integers(0, 4))


@pytest.mark.parametrize("variant", BUILT_IN + tuple(p.__name__ for p in ROLE_PLUGINS))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_AS_8_PH_10_catalog_answer_is_the_ranks_own(variant: str,
                                                    data: st.DataObject) -> None:
    """AS-8/AS-12/CC-3/PH-5…PH-10: for any rank, the ways its sets can grow and the
    naturals they can take, as the catalog keeps them per class, are what a search of
    that rank itself finds."""
    game = _game(variant)
    rank, naturals, shapes, wild_most = data.draw(_rank_sets(game))
    own = _RankSearch(game, rank).options(naturals, shapes, wild_most)
    assert rank_options(game, rank, naturals, shapes, wild_most) == own
    fills = [0] * (wild_most + 1)
    for held in range(naturals + 1):
        for wild, _kinds in _RankSearch(game, rank).options(held, shapes, wild_most):
            fills[wild] |= 1 << held
    assert rank_fills(game, rank, naturals, shapes, wild_most) == tuple(fills)
