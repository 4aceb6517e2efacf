"""AS-23: the search behind an owed initial meld, against plain references.

After an initial pile take short of the minimum, the engine lists a play only when the
minimum stays reachable after it (``Game._keeps_initial_reachable``), which it decides by
a search on the counts, melds and hand size the play leaves, without a copy of the game.
The reference makes the play on a copy and runs the search there, as the engine once did.
The search itself (``Game._collection_search``) keys its positions by bytes and bits; the
reference here is the plain depth-first search over the same plays with sets, and both
must find the same collection of plays, play for play, or both none.

Positions come from random games of classic Canasta and American Samba played through
the public API (``new_game``, ``legal_actions``, ``apply``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest

import canasta_family
from canasta_family import Game, LayOff, MakeMeld
from canasta_family.engine.initial_meld_bound import OwedCounts
from canasta_family.engine.initial_meld_search import _REACH_BUDGET, _Collection
from canasta_family.melds import Meld, MeldKind

VARIANTS = ("canasta", "american-samba")
# Games whose owed positions each test walks: classic Canasta's piles are larger, and so
# are the hands after a take and the plays they list.
GAMES = {"canasta": 5, "american-samba": 20}
# The plain search's positions where it checks the solver's answer.
_SOLVED_BUDGET = 200_000


def reference_keeps_reachable(game: Game, action: object) -> bool:
    """AS-23 the plain way: the play made on a copy, then the owed-meld search there."""
    side = game.side_of(game.current_player)
    used = [card.code for card in getattr(action, "cards", ())]
    if game.initial_meld_count() + game._counted_value(used) >= game.initial_minimum(side):
        return True
    after = game.clone()
    after._legal_cache = None
    after._executors[type(action)](after, action)
    return after._initial_reachable()


Path = list[tuple[tuple[int, ...], int, "int | None"]]


def reference_search(game: Game, need: int, counts: list[int], melds: Sequence[Meld],
                     size: int, hand: Sequence[int], free: list[int], keep: int | None = None,
                     budget_of: int = _REACH_BUDGET) -> Path | bool | None:
    """The depth-first search over the qualifying plays with plain sets: the collection
    found (its plays in order), False when there is none, None past ``budget_of``
    positions.

    The plays use the hand's cards (``hand``: the pile's among them); each counts the
    copies of its cards still among ``counts`` (those held before the take), and a play
    that would count nothing is not made (AS-23). ``keep``: the cards to leave, as the
    engine's search takes it (default: two or ``keep_cards``). Where a rank's unfinished
    set closes it (PH-10), a new set of that rank waits until a lay-off completes the
    set."""
    values = game._s.values
    left = list(hand)
    counted = counts[:]
    spare = size - (max(2, game._s.going_out.keep_cards) if keep is None else keep)
    plays = game._qualifying_plays(left[:], melds, None, counted, True)
    if not plays:
        return False
    open_keys: set[int] = set()
    laid: set[int] = set()
    # PH-10: the side's unfinished set of each rank key, and the keys a lay-off has
    # completed (a canasta) on the path.
    rules = game._s.meld
    waiting = {0 if meld.rank is None else int(meld.rank): index
               for index, meld in enumerate(melds)
               if meld.kind is MeldKind.SET and meld.canasta is None
               } if rules.one_open_meld_per_rank and not rules.one_meld_per_rank else {}
    completed: set[int] = set()
    failed: set[tuple[object, ...]] = set()
    budget = [budget_of]
    path: Path = []

    def fits(play: tuple[tuple[int, ...], int, int, int | None, int | None], used: int
             ) -> bool:
        codes, _value, index, _open, set_key = play
        return (used + len(codes) <= spare and index not in laid
                and (set_key is None or set_key not in open_keys)
                and (index >= 0 or set_key not in waiting or set_key in completed)
                and all(left[c] >= n for c, n in Counter(codes).items()))

    def completes(codes: tuple[int, ...], index: int) -> int | None:
        """The rank key whose waiting set the lay-off of ``codes`` on ``index`` makes a
        canasta of, if any."""
        meld = melds[index]
        rank_key = 0 if meld.rank is None else int(meld.rank)
        if waiting.get(rank_key) == index \
                and len(meld.cards) + len(codes) >= rules.canasta_size:
            return rank_key
        return None

    def walk(total: int, used: int) -> bool | None:
        key = (tuple(left), tuple(counted), frozenset(open_keys), frozenset(laid),
               frozenset(completed))
        if key in failed:
            return False
        budget[0] -= 1
        if budget[0] < 0:
            return None
        fitting = [play for play in plays if fits(play, used)]
        covered = {c for play in fitting for c in play[0]}
        if total + sum(values[c] * counted[c] for c in covered) < need:
            failed.add(key)
            return False
        for codes, _value, index, open_key, set_key in fitting:
            # The held copies of the play's cards count (the player melds those).
            counting: list[int] = []
            for c in codes:
                if counted[c] > counting.count(c):
                    counting.append(c)
            value = sum(values[c] for c in counting)
            if not value:
                continue
            for c in counting:
                counted[c] -= 1
            for c in codes:
                left[c] -= 1
            reopened = None
            if index >= 0:
                laid.add(index)
                reopened = completes(codes, index)
                if reopened is not None:
                    completed.add(reopened)
            if open_key is not None:
                open_keys.add(open_key)
            path.append((codes, index, set_key))
            if total + value >= need and (not free or any(left[c] > 0 for c in free)):
                found: bool | None = True
            else:
                found = walk(total + value, used + len(codes))
            if found:
                return True
            path.pop()
            open_keys.discard(open_key)  # type: ignore[arg-type]
            laid.discard(index)
            completed.discard(reopened)  # type: ignore[arg-type]
            for c in codes:
                left[c] += 1
            for c in counting:
                counted[c] += 1
            if found is None:
                return None
        failed.add(key)
        return False

    found = walk(0, 0)
    return path if found else found


def owed_positions(variant: str, seed: int, games: int) -> list[Game]:
    """Copies of the play decisions of random games where the player to move owes the
    rest of an initial meld after a pile take (AS-23)."""
    rng = random.Random(seed)
    found: list[Game] = []
    for number in range(games):
        game = canasta_family.new_game(variant, players=4, seed=seed + number)
        for _ in range(3000):
            if game.is_over:
                break
            if game.phase == "play" and game.owes_initial_meld():
                found.append(game.clone())
            game.apply(rng.choice(game.legal_actions()))
    return found


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_AS_23_play_recheck_without_a_copy_matches_the_copy(
        variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """AS-23: every play the listing of an owed initial meld weighs is kept exactly when
    the reference (the play made on a copy, then the search) says the minimum stays
    reachable; the engine answered both ways and took its copy-free path."""
    real = Game._keeps_initial_reachable
    answers: Counter[tuple[bool, bool]] = Counter()
    differ: list[str] = []

    def spy(self: Game, action: object, found: _Collection | bool | None = None,
            collection: bool | None = None, gave_up: bool = False) -> bool:
        # (``collection``: what the judge on counts found, where it decides: its answer
        # is the engine's, held to the reference like the search's.)
        got = real(self, action, found, collection, gave_up)  # type: ignore[arg-type]
        want = reference_keeps_reachable(self, action)
        answers[(got, isinstance(action, MakeMeld | LayOff))] += 1
        if got != want:
            differ.append(f"{action}: engine {got}, reference {want}")
        return got

    positions = owed_positions(variant, seed=41, games=GAMES[variant])
    assert len(positions) >= 30, f"{variant}: only {len(positions)} owed positions"
    with monkeypatch.context() as patch:
        patch.setattr(Game, "_keeps_initial_reachable", spy)
        # (The search's path: in Canasta the judge on counts keeps every play it can
        # before it, see test_owed_counts.py, and only its refusals would come here.)
        patch.setattr(OwedCounts, "of", staticmethod(lambda *args: None))
        for game in positions:
            before = game.snapshot()
            game._legal_cache = None
            game.legal_actions()
            assert game.snapshot() == before, "the AS-23 recheck changed the game"
    assert differ == [], "AS-23 play rechecks differ from the reference:\n" + "\n".join(
        differ)
    assert answers[(True, True)] > 0 and answers[(False, True)] > 0, answers


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_AS_23_search_finds_the_plain_search_collection(
        variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """AS-23: at every search the listing of random games runs (pile takes, owed melds
    and the plays after them), the engine's search and the plain depth-first search over
    the same plays agree: the same collection, play for play, or both none. Where the
    engine's walk stops early and the solver on counts answers (``owed_solver``), the
    plain search is given the positions it needs, and the two agree on whether a
    collection exists."""
    real = Game._collection_search
    seen: Counter[str] = Counter()
    differ: list[str] = []

    def spy(self: Game, need: int, counts: list[int], melds: Sequence[Meld], size: int,
            hand: Sequence[int], free: list[int], answer_only: bool = False,
            keep: int | None = None, solver_first: bool = False,
            spent: list[bool] | None = None) -> _Collection | bool | None:
        stopped: list[bool] = []
        got = real(self, need, counts, melds, size, hand, free, answer_only, keep,
                   solver_first, stopped)
        if spent is not None:
            spent.extend(stopped)
        want = reference_search(self, need, counts, melds, size, hand, free, keep)
        if stopped and (solver_first or not isinstance(got, _Collection)):
            # The solver answered: whether a collection exists, with no budget.
            want = reference_search(self, need, counts, melds, size, hand, free, keep,
                                    budget_of=_SOLVED_BUDGET)
            seen["solved"] += 1
            if want is None:
                seen["too big for the plain search"] += 1
            elif (got is not False) != isinstance(want, list):
                differ.append(f"need {need}, counts {counts}: solver {got}, plain {want}")
            return got
        if isinstance(got, _Collection):
            same = isinstance(want, list) and list(got.plays) == want
            seen["collection"] += 1
        elif got is True:  # answer_only: a single play settled it
            same = isinstance(want, list)
            seen["single"] += 1
        else:
            same = got is want
            seen[str(got)] += 1
        if not same:
            differ.append(f"need {need}, counts {counts}: engine {got}, reference {want}")
        return got

    rng = random.Random(7)
    with monkeypatch.context() as patch:
        patch.setattr(Game, "_collection_search", spy)
        # (The search's own positions: in Canasta the judge on counts answers most of
        # them before it, see test_owed_counts.py.)
        patch.setattr(OwedCounts, "of", staticmethod(lambda *args: None))
        for number in range(20):
            game = canasta_family.new_game(variant, players=4, seed=100 + number)
            for _ in range(3000):
                if game.is_over:
                    break
                game.apply(rng.choice(game.legal_actions()))
    assert differ == [], "AS-23 searches differ from the plain search:\n" + "\n".join(
        differ[:20])
    assert seen["collection"] > 0 and seen["False"] > 0, seen
