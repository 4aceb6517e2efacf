"""The engine's searches leave no reference cycles behind, so searching players that keep
the cyclic garbage collector off during a decision (ISMCTSPlayer) do not pile garbage up,
and the order of the sub-multisets the listing is built from is unchanged."""

from __future__ import annotations

import gc
import itertools

from hypothesis import given
from hypothesis import strategies as st

import canasta_family
from canasta_family import Game, HandSetup
from canasta_family.engine import _submultisets


def _reference(items: list[tuple[int, int]], low: int, high: int) -> list[tuple[int, ...]]:
    # Every choice of counts, in the order of the first item's count, then the next's.
    out = []
    for takes in itertools.product(*(range(count + 1) for _code, count in items)):
        chosen = tuple(code for (code, _n), take in zip(items, takes, strict=True)
                       for _ in range(take))
        if low <= len(chosen) <= high:
            out.append(chosen)
    return out


@given(st.lists(st.integers(1, 3), max_size=5), st.integers(0, 4), st.integers(0, 8))
def test_submultisets_in_order(counts: list[int], low: int, high: int) -> None:
    items = [(code * 3, count) for code, count in enumerate(counts)]
    assert list(_submultisets(items, low, high)) == _reference(items, low, high)


def _cyclic_garbage_of(work: object) -> int:
    """How many objects only the cyclic collector could free after calling ``work``."""
    gc.collect()
    gc.disable()
    try:
        work()  # type: ignore[operator]
        return gc.collect()
    finally:
        gc.enable()


def test_AS_23_listing_at_an_owed_initial_meld_leaves_no_cycles() -> None:
    """After a pile take short of the minimum (AS-23) the listing searches, for each play,
    whether the meld can still be completed; the searches free what they used at once."""
    game = canasta_family.new_game("american-samba", players=2, seed=7, start=HandSetup(
        hands=("9h 9s Kh Kd Ks Qh Qd Qs 6c 7d", "4c 8c Jh Qd Kc"),
        pile="Ah Ad As Kc 9d", stock="Qs Jh 7c 6h", to_play=0))
    game.legal_actions()  # memo tables filled: what stays is not garbage

    def take_and_list() -> None:
        copy: Game = game.clone()
        copy.apply("take-pile 9h 9s")
        assert copy.owes_initial_meld() and copy.legal_actions()

    take_and_list()
    assert _cyclic_garbage_of(take_and_list) == 0
