"""AS-35, AS-36: one solve of the position judges the plays of a listing.

Where a play must keep going out possible — it leaves fewer cards than a player must
keep, a partner's "yes" binds the player (AS-36), or black 3s are on the table (AS-33) —
the listing asks the going-out solver once for the position itself, and then

* where the position has no way out, no play has one (a way out after a play is one from
  here): every such play is refused without a solve;
* a play that only adds to one rank's sets (black 3s, AS-33, among them), as the way out
  the solver met does (``Witness.allows``), is kept without a solve;
* the play made of those the witness keeps hands its way out on (``Witness.after``):
  the position it leads to goes out, and that way judges its plays in turn;
* any other play onto one rank's sets that the bounds of the position it leaves do not
  refuse is judged, kept or refused, by one walk of the position that every such play of
  the listing shares (``PlayTables.allows``): the ways out after the play are those of
  the position whose move at the play's rank starts with it.

For the same reason a position with no way out closes the rest of the turn: the
positions its melds, lay-offs and red-3 placements lead to answer "no" without a look.

Every short cut must agree with solving the position the play leaves, which is what the
engine did for every play before: at every short cut that random play of every built-in
variant and the role test variants takes, the position is solved afresh on a copy and
must say the same. The listing digest proves it on its own games.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from typing import Any

import pytest
from positions import play_random_hands
from role_variants import ROLE_PLUGINS, new_role_game

import canasta_family
from canasta_family import Game
from canasta_family.actions import Action
from canasta_family.engine.going_out import _GoingOut
from canasta_family.engine.out_solver import OutSolver, Witness


def fresh_copy(game: Game) -> Game:
    """A copy of ``game`` that knows nothing the turn worked out about going out."""
    copy = game._copy(history=False)
    copy._out_memo = {}
    copy._out_nodes = {}
    copy._out_closed = False
    copy._legal_cache = None
    return copy


def solved_after(game: Game, action: Action | None) -> bool:
    """Going out after ``action`` (None: from the position itself), the plain way: the
    play made on a fresh copy, whose own solver (no short cut) answers."""
    after = fresh_copy(game)
    if action is not None:
        after._executors[type(action)](after, action)
    if not after._out_open():
        return False
    return OutSolver(after).solve()


def judge(games: Iterable[Game], hands: int, seed: int,
          monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Play ``hands`` random hands of each game, checking every short cut taken."""
    real_allows = Witness.allows
    real_tables = _GoingOut._judged_by_tables
    real_reach = _GoingOut._out_reachable
    seen: Counter[str] = Counter()
    wrong: list[str] = []

    def check(game: Game, action: Action, kept: bool | None, by: str) -> None:
        if kept is None:
            return
        if kept:
            seen[f"kept by {by}"] += 1
            if any(card.rank in game._s.stop_ranks for card in getattr(action, "cards", ())):
                seen[f"black 3s kept by {by}"] += 1
            if not solved_after(game, action):
                wrong.append(f"{game.variant.name}: {action} kept by {by}, but the "
                             f"position it leaves cannot go out")
        else:
            seen[f"refused by {by}"] += 1
            if solved_after(game, action):
                wrong.append(f"{game.variant.name}: {action} refused by {by}, but the "
                             f"position it leaves can go out")

    asking: list[tuple[Game, Action]] = []

    def allows(self: Witness, game: Game, *play: Any) -> bool:
        kept = real_allows(self, game, *play)
        if kept:
            check(*asking[-1], kept, "the witness")
        return kept

    def tables(self: Game, node: Any, action: Action, play: Any) -> bool | None:
        kept = real_tables(self, node, action, play)
        check(self, action, kept, "the shared walk")
        return kept

    def reach_after(self: Game, action: Action, here: Any = None, asked: bool = False
                    ) -> bool:
        asking.append((self, action))
        answer = real_reach_after(self, action, here, asked)
        asking.pop()
        if not real_reach(self):
            seen["refused with the position"] += 1
            if solved_after(self, action):
                wrong.append(f"{self.variant.name}: {action} refused, but the position "
                             f"it leaves can go out")
        return answer

    def reach(self: Game, judged: Any = None) -> bool:
        if self._out_closed:
            seen["closed by an earlier position of the turn"] += 1
            if solved_after(self, None):
                wrong.append(f"{self.variant.name}: the turn was closed, but the position "
                             f"can go out")
        return real_reach(self, judged)

    def carry(self: Game, witness: Witness) -> None:
        real_carry(self, witness)
        if self._out_memo is not None and self._out_memo.get(self._probe_key(None)):
            seen["carried past the play made"] += 1
            if not solved_after(self, None):
                wrong.append(f"{self.variant.name}: a way out was carried past "
                             f"{self._actions[-1]}, but the position cannot go out")

    real_reach_after = _GoingOut._reach_after
    real_carry = _GoingOut._carry_way_out
    with monkeypatch.context() as patch:
        patch.setattr(_GoingOut, "_carry_way_out", carry)
        patch.setattr(Witness, "allows", allows)
        patch.setattr(_GoingOut, "_judged_by_tables", tables)
        patch.setattr(_GoingOut, "_reach_after", reach_after)
        patch.setattr(_GoingOut, "_out_reachable", reach)
        play_random_hands(games, hands, random.Random(seed))
    assert wrong == [], "\n".join(wrong)
    return seen


@pytest.mark.parametrize("variant", ["american-samba", "dutch-samba", "samba", "canasta",
                                     "pennies-from-heaven"])
def test_AS_35_AS_36_one_solve_judges_the_plays_as_solving_each(
        variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """AS-35/AS-36: the plays onto the sets kept by the witness of the position's way out
    or judged by the walk the listing shares, those refused because the position has
    none, and the positions of a turn an earlier one closed are judged as a solve of each
    would."""
    players = 6 if variant == "pennies-from-heaven" else 4
    games = [canasta_family.new_game(variant, players=players, seed=seed)
             for seed in (1, 2)]
    seen = judge(games, hands=8, seed=35, monkeypatch=monkeypatch)
    assert seen["kept by the witness"] + seen["refused with the position"] > 0, seen
    assert seen["closed by an earlier position of the turn"] > 0, seen
    if variant == "american-samba":
        # AS-33: black 3s meld only to go out, so every such meld asks; the witness
        # judges them as any rank's sets. Bound to go out (AS-36), some plays onto the
        # sets close every way out: the shared walk refuses them.
        assert seen["black 3s kept by the witness"] > 0, seen
        assert seen["refused by the shared walk"] > 0, seen
        # A play the witness keeps hands its way out to the position it leads to.
        assert seen["carried past the play made"] > 0, seen


@pytest.mark.parametrize("plugin", ROLE_PLUGINS, ids=lambda plugin: plugin.__name__)
def test_AS_36_witness_holds_when_card_roles_change(
        plugin: type, monkeypatch: pytest.MonkeyPatch) -> None:
    """AS-36 on the role test variants (jokers the only wild cards; 3s natural)."""
    games = [new_role_game(plugin, players=4, seed=seed) for seed in (1, 2)]
    judge(games, hands=5, seed=36, monkeypatch=monkeypatch)
