"""AS-23: the plays of an owed listing where the collection search gives up.

Past its budget the collection walk stops. Where the solver on counts reads the rules
(``owed_solver``: the Samba variants here), it then answers, and where the walk of the
position itself stopped, the listing asks the solver first for each play. Elsewhere
(Pennies from Heaven, where a discardable card must stay, PH-16) the walk answers
"undecided" and the engine's completion finder decides instead: the listing tries the
finder on each play's copy before searching what the play leaves (a collection the
finder completes is one the search would find), and a play's search that gave up on the
same inputs as the copy's is not run a second time (it would give up again; there the
finder waits for the search, as it reads PH-16 at each of its steps). Before either,
the bound by ranks of what the play leaves rules out the plays that leave no collection.
None may change a listing: with the budgets lowered so that walks stop often, random
play of the Samba variants, where the judge on counts reads sets only and leaves its
"no" to the search, and of Pennies from Heaven lists every such position again with each
play judged plainly on a copy, and the two must agree — once with the bound switched
off, so that walks stop all the more, and once with it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest
from positions import play_random_hands

import canasta_family
from canasta_family import Game
from canasta_family.actions import Action
from canasta_family.engine import initial_meld, initial_meld_search, listing
from canasta_family.engine.initial_meld import _InitialMeld
from canasta_family.engine.initial_meld_search import _Collection
from canasta_family.engine.play_checks import _PlayGroup


@pytest.mark.parametrize("bound", [False, True], ids=["no-bound", "bound"])
@pytest.mark.parametrize(("variant", "players"), [
    ("american-samba", 4), ("dutch-samba", 3), ("samba", 2), ("pennies-from-heaven", 6)])
def test_AS_23_plays_of_a_given_up_position_list_as_plainly(
        variant: str, players: int, bound: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """AS-23: where the search of an owed position gives up, its listing is the one the
    plain reading gives: each play made on a copy, whose own search and finder decide,
    or else going out after it."""
    real_plays = listing._Listing._owed_plays
    seen: Counter[str] = Counter()
    wrong: list[str] = []

    def plainly(self: Game, action: Action, found: _Collection | bool | None = None,
                collection: bool | None = None, gave_up: bool = False) -> bool:
        # The plain reading: the play made on a copy, whose own search (and finder,
        # where it gives up) looks for a collection, or else going out after it.
        seen["plays judged plainly"] += 1
        if collection:
            return True
        side = self.side_of(self.current_player)
        need = self._minimum[side] - self._turn_value - self._counted_value(
            [card.code for card in getattr(action, "cards", ())])
        if need <= 0:
            return True
        after = self._made_play(action)
        if after._initial_reachable(going_out=False):
            return True
        return self._out_bounds_met() and after._owed_out_reachable()

    def owed_plays(self: Game, plays: list[Action], need: int,
                   groups: Sequence[_PlayGroup] = ()) -> list[Action]:
        kept = real_plays(self, plays, need, groups)
        stopped: list[bool] = []
        self._collection_reaches(need, stopped)
        if stopped:
            seen["positions given up"] += 1
            with monkeypatch.context() as patch:
                patch.setattr(_InitialMeld, "_keeps_initial_reachable", plainly)
                plain = real_plays(self, plays, need, groups)
            if plain != kept:
                wrong.append(f"{self.variant}: need {need}, listed "
                             f"{[str(a) for a in kept]}, plainly "
                             f"{[str(a) for a in plain]}")
        return kept

    games: Sequence[Game] = [canasta_family.new_game(variant, players=players, seed=seed)
                             for seed in (3, 4, 5)]
    with monkeypatch.context() as patch:
        # A budget small enough that many searches give up (and more without the bound
        # to end a search before it).
        patch.setattr(initial_meld_search, "_REACH_BUDGET", 2)
        patch.setattr(initial_meld_search, "_SOLVER_AFTER", 2)
        if not bound:
            patch.setattr(initial_meld, "reach_bound", lambda *args: None)
        patch.setattr(listing._Listing, "_owed_plays", owed_plays)
        play_random_hands(games, 12, random.Random(11))
    assert wrong == [], "\n".join(wrong)
    assert seen["positions given up"] > 0 and seen["plays judged plainly"] > 0, seen
