"""Short cuts of the listing, each checked against the path it replaces (docs/design.md,
Caches: a cache never changes a listing): they may change speed, never a listing.

- AS-23: a pair take short of the initial minimum is listed when the cards left can still
  reach it; ``_one_set_enough`` answers that without the search when one set of the hand
  is enough. With the short cut turned off, every listing must stay the same.
- Lay-off actions are numbered once per meld index from one tuple per memo entry and made
  when first asked (``_LayoffActions``): every listed lay-off names the meld it joins, the
  same lay-off is one shared object, and starting the action table afresh changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import canasta_family
from canasta_family import engine
from canasta_family.actions import LayOff


def _positions(variant: str, seed: int, hands: int) -> list[canasta_family.Game]:
    """Clones of every position of ``hands`` random hands of ``variant``."""
    rng = random.Random(seed)
    game = canasta_family.new_game(
        variant, players=6 if variant == "pennies-from-heaven" else 4, seed=seed)
    found: list[canasta_family.Game] = []
    for _ in range(hands):
        if game.is_over:
            break
        before = len(game.hand_results)
        while len(game.hand_results) == before and not game.is_over:
            found.append(game.clone())
            game.apply(rng.choice(game.legal_actions()))
    return found


@pytest.mark.parametrize("variant", ["dutch-samba", "american-samba"])
def test_as23_one_set_short_cut_lists_what_the_search_lists(
        variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """AS-23: listings with and without the one-set short cut are identical, and the
    short cut does answer some of the takes (else this test would check nothing)."""
    answered = []
    original = engine.Game._one_set_enough

    def counting(self: engine.Game, left: list[int], need: int, spare: int) -> bool:
        result = original(self, left, need, spare)
        answered.append(result)
        return result

    positions = _positions(variant, 23, 12)
    monkeypatch.setattr(engine.Game, "_one_set_enough", counting)
    with_short_cut = [[str(a) for a in p.clone().legal_actions()] for p in positions]
    monkeypatch.setattr(engine.Game, "_one_set_enough", lambda *_args: False)
    without = [[str(a) for a in p.clone().legal_actions()] for p in positions]
    assert with_short_cut == without
    assert any(answered), "no take was answered by the short cut"


def test_layoffs_name_their_meld_and_survive_a_fresh_action_table(
        cache_limit: Callable[[int], None]) -> None:
    # Sharing holds within one catalog: no renewal may fall between the two listings,
    # whatever the tests before this one left in the catalog.
    cache_limit(10**9)
    positions = _positions("canasta", 5, 10)
    listings = [p.clone().legal_actions() for p in positions]
    layoffs = [a for listing in listings for a in listing if isinstance(a, LayOff)]
    assert layoffs, "random play listed no lay-off"
    for position, listing in zip(positions, listings, strict=True):
        melds = position.side_melds(position.side_of(position.current_player))
        for action in listing:
            if isinstance(action, LayOff):
                assert 0 <= action.meld < len(melds)
    # The same lay-off is one shared object from one listing to the next.
    again = [p.clone().legal_actions() for p in positions]
    for first, second in zip(listings, again, strict=True):
        assert all(a is b for a, b in zip(first, second, strict=True) if isinstance(a, LayOff))
    # Started afresh, the table makes equal actions again from their numbers.
    for position in positions:
        position._t.layoff_actions.clear()
    fresh = [p.clone().legal_actions() for p in positions]
    assert fresh == listings


@pytest.mark.parametrize("variant", ["samba", "canasta", "pennies-from-heaven"])
def test_as35_as23_solver_short_cuts_list_what_solving_each_play_lists(
        variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """AS-35/AS-36, AS-23 and PH-17: listings are identical with and without the judges
    of plays onto one rank's sets from the position before them (the witness of its way
    out, and the walk the listing's such plays share: no solve after each play),
    the bound by ranks on an owed initial meld, the judge on counts of its plays
    (``OwedCounts``) and the collection that one search finds for all the plays of a
    listing (``_Collection.survives``), and the short cuts do answer some plays."""
    from canasta_family.engine import initial_meld
    from canasta_family.engine.going_out import _GoingOut
    from canasta_family.engine.initial_meld_search import _Collection

    kept = []
    original = _GoingOut._set_play

    def counting(self: engine.Game, action: object) -> object:
        result = original(self, action)  # type: ignore[arg-type]
        kept.append(result is not None)
        return result

    survived = []
    real_survives = _Collection.survives

    def surviving(self: _Collection, *args: object) -> bool:
        result = real_survives(self, *args)  # type: ignore[arg-type]
        survived.append(result)
        return result

    judged = []
    real_counts_keep = initial_meld._InitialMeld._counts_keep

    def judging(self: engine.Game, *args: object) -> bool | None:
        result = real_counts_keep(self, *args)  # type: ignore[arg-type]
        judged.append(result is not None)
        return result

    positions = _positions(variant, 36, 10)
    monkeypatch.setattr(_GoingOut, "_set_play", counting)
    monkeypatch.setattr(_Collection, "survives", surviving)
    monkeypatch.setattr(initial_meld._InitialMeld, "_counts_keep", judging)
    with_short_cuts = [[str(a) for a in p.clone().legal_actions()] for p in positions]
    monkeypatch.setattr(_GoingOut, "_set_play", lambda *_args: None)
    monkeypatch.setattr(initial_meld, "reach_bound", lambda *_args: None)
    monkeypatch.setattr(_Collection, "survives", lambda *_args: False)
    monkeypatch.setattr(initial_meld.OwedCounts, "of", staticmethod(lambda *_args: None))
    without = [[str(a) for a in p.clone().legal_actions()] for p in positions]
    assert with_short_cuts == without
    assert any(kept) or any(survived) or any(judged), "no play was answered by a short cut"
