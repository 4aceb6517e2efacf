"""ISMCTSPlayer keeps to its time budget by design: it starts no iteration that one as slow
as the slowest so far could not finish, abandons an iteration the deadline catches in the
tree, falls back to the heuristic's choice when no iteration fits, keeps the garbage
collector out of its decisions, and still answers well at an owed initial meld (AS-23).

Time is a fake clock the tests move by hand, so nothing here depends on how fast the
machine is.
"""

from __future__ import annotations

import gc
import random
from collections.abc import Callable
from typing import Any

import pytest
from positions import owed_initial_meld, play_decision

import canasta_family
from canasta_family import Action, Game
from canasta_family.determinize import Determinizer
from canasta_family.players import HeuristicPlayer, ISMCTSPlayer, decide, ismcts
from canasta_family.players.search_budget import (
    SearchBudget,
    pause_collector,
    resume_collector,
)


class FakeClock:
    """A clock that reads ``now`` and moves only when told to."""

    def __init__(self) -> None:
        self.now = 0.0
        self.readings = 0

    def __call__(self) -> float:
        self.readings += 1
        return self.now


def _draw_decision(seed: int) -> Game:
    """A two-player position where the player to move may draw or take the pile."""
    game = canasta_family.new_game("american-samba", players=2, seed=seed)
    bots = [HeuristicPlayer(), HeuristicPlayer()]
    while not (game.phase == "draw" and len(game.legal_actions()) > 2):
        game.apply(decide(bots[game.current_player], game))
    return game


def _heuristic_choice(game: Game) -> Action:
    return HeuristicPlayer().choose(game.observation(game.current_player),
                                    game.legal_actions())


def _slow_iterations(monkeypatch: pytest.MonkeyPatch, search: ISMCTSPlayer,
                     clock: FakeClock, costs: Callable[[int], float]) -> list[float]:
    """Make iteration ``i`` (from 0) of ``search`` take ``costs(i)`` fake seconds; returns
    the clock's reading at the start of each iteration."""
    starts: list[float] = []
    original = search._iterate

    def timed(*args: object, **kwargs: object) -> bool:
        starts.append(clock.now)
        clock.now += costs(len(starts) - 1)
        return original(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(search, "_iterate", timed)
    return starts


def test_search_starts_no_iteration_it_could_not_finish(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    """Each iteration costs 0.3 s of a 1 s budget: the fourth would end at 1.2 s, so the
    search stops after three, at 0.9 s, inside the budget."""
    game = play_decision(21)
    clock = FakeClock()
    search = ISMCTSPlayer(time=1.0, seed=0, clock=clock)
    starts = _slow_iterations(monkeypatch, search, clock, lambda i: 0.3)
    action = search.choose_in_game(game)
    assert game.is_legal(action)
    assert search.last_iterations == 3
    assert starts == pytest.approx([0.0, 0.3, 0.6])
    assert clock.now <= 1.0


def test_one_slow_iteration_makes_the_search_keep_a_reserve(monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    """Iterations of 10 ms, then one of 0.6 s: from then on the search keeps 0.6 s in
    reserve, so it stops at 0.65 s instead of starting another that could end at 1.25 s."""
    game = play_decision(21)
    clock = FakeClock()
    search = ISMCTSPlayer(time=1.0, seed=0, clock=clock)
    _slow_iterations(monkeypatch, search, clock, lambda i: 0.6 if i == 5 else 0.01)
    assert game.is_legal(search.choose_in_game(game))
    assert search.last_iterations == 6
    assert clock.now == pytest.approx(0.65)


def test_no_time_for_an_iteration_gives_the_heuristics_choice(monkeypatch: pytest.MonkeyPatch
                                                              ) -> None:
    """When working out the root's moves already uses up the budget, no iteration starts
    and the player answers at once with the heuristic's own choice."""
    game = play_decision(21)
    clock = FakeClock()
    search = ISMCTSPlayer(time=0.25, seed=0, clock=clock)
    original = search._candidates

    def slow_root(position: Game) -> list[Action]:
        clock.now += 0.3
        return original(position)

    monkeypatch.setattr(search, "_candidates", slow_root)
    iterated: list[bool] = []
    monkeypatch.setattr(search, "_iterate", lambda *args: iterated.append(True) or True)
    action = search.choose_in_game(game)
    assert not iterated and search.last_iterations == 0
    assert action == _heuristic_choice(game)
    assert game.is_legal(action)


def test_an_iteration_the_deadline_catches_in_the_tree_is_abandoned(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """At a draw every root move leads to more of the player's own turn. Once each root
    move has been tried, the next iteration walks deeper; if its deal took the clock past
    the deadline, it stops there, is not counted and reaches no rollout."""
    game = _draw_decision(20)
    clock = FakeClock()
    search = ISMCTSPlayer(time=1.0, seed=0, clock=clock)
    first_round = len(search._candidates(game))
    assert first_round >= 2
    deals = [0]
    original_sample = Determinizer.sample

    def sample(self: Determinizer, rng: random.Random, **options: Any) -> Game:
        deals[0] += 1
        if deals[0] == first_round + 1:
            clock.now += 5.0  # a deal that takes far too long
        return original_sample(self, rng, **options)

    monkeypatch.setattr(Determinizer, "sample", sample)
    rollouts: list[bool] = []
    original_rollout = search._rollout

    def rollout(*args: object) -> float:
        rollouts.append(True)
        return original_rollout(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(search, "_rollout", rollout)
    action = search.choose_in_game(game)
    assert game.is_legal(action)
    assert deals[0] == first_round + 1
    assert search.last_iterations == first_round == len(rollouts)


def test_rollouts_stop_at_the_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rollout whose steps pass the deadline ends there and scores the position it
    reached: the decision then returns without another iteration."""
    game = play_decision(21)
    clock = FakeClock()
    search = ISMCTSPlayer(time=1.0, seed=0, clock=clock, depth=24)
    policy = search._policy
    steps = [0]
    original = policy.choose

    def slow_step(*args: object) -> Action:
        steps[0] += 1
        clock.now += 0.4
        return original(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(policy, "choose", slow_step)
    assert game.is_legal(search.choose_in_game(game))
    # Three steps of 0.4 s pass the 1 s deadline; the iteration ends and none follows.
    assert steps[0] == 3
    assert search.last_iterations == 1


def test_iteration_budget_alone_runs_every_iteration() -> None:
    """Without a time budget the clock never stops a search: it runs all its iterations
    however slow the (fake) clock says they are."""
    game = play_decision(21)
    clock = FakeClock()
    search = ISMCTSPlayer(iterations=7, seed=0, clock=clock)
    clock.now = 1e9
    assert game.is_legal(search.choose_in_game(game))
    assert search.last_iterations == 7


def _collector_state_in_rollouts(monkeypatch: pytest.MonkeyPatch,
                                 search: ISMCTSPlayer) -> list[bool]:
    """Whether automatic collection was on, noted at the start of every rollout."""
    seen: list[bool] = []
    original = search._rollout

    def rollout(*args: object) -> float:
        seen.append(gc.isenabled())
        return original(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(search, "_rollout", rollout)
    return seen


def test_with_pause_gc_the_collector_is_off_during_a_decision_and_on_after(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``pause_gc`` no automatic collection can start inside a decision; afterwards
    it is on again, and the youngest generation has been cleared of what the search left
    behind."""
    game = play_decision(21)
    search = ISMCTSPlayer(iterations=20, seed=0, pause_gc=True)
    seen = _collector_state_in_rollouts(monkeypatch, search)
    inside = [False]
    collections: list[tuple[str, int]] = []

    def note(phase: str, info: dict[str, int]) -> None:
        if inside[0]:
            collections.append((phase, info["generation"]))

    def pause() -> bool:
        paused = pause_collector()
        inside[0] = True
        return paused

    def resume(paused: bool) -> None:
        resume_collector(paused)
        inside[0] = False

    monkeypatch.setattr(ismcts, "pause_collector", pause)
    monkeypatch.setattr(ismcts, "resume_collector", resume)
    threshold = gc.get_threshold()
    gc.callbacks.append(note)
    try:
        # A collection at almost every allocation, were the collector on.
        gc.set_threshold(1, 1, 1)
        action = search.choose_in_game(game)
    finally:
        gc.set_threshold(*threshold)
        gc.callbacks.remove(note)
    assert game.is_legal(action)
    assert seen and not any(seen)
    assert gc.isenabled()
    # One collection ran: the explicit one of the youngest generation at the end.
    assert collections == [("start", 0), ("stop", 0)]


def test_by_default_the_collector_runs_as_usual(monkeypatch: pytest.MonkeyPatch) -> None:
    game = play_decision(21)
    search = ISMCTSPlayer(iterations=5, seed=0)
    seen = _collector_state_in_rollouts(monkeypatch, search)
    search.choose_in_game(game)
    assert seen and all(seen)


def test_a_collector_switched_off_by_the_caller_stays_off() -> None:
    game = play_decision(21)
    gc.disable()
    try:
        ISMCTSPlayer(iterations=3, seed=0, pause_gc=True).choose_in_game(game)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_the_collector_comes_back_when_the_search_fails(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    game = play_decision(21)
    search = ISMCTSPlayer(iterations=3, seed=0)

    def broken(*args: object) -> bool:
        raise RuntimeError("search broke")

    monkeypatch.setattr(search, "_iterate", broken)
    with pytest.raises(RuntimeError, match="search broke"):
        search.choose_in_game(game)
    assert gc.isenabled()
    paused = pause_collector()
    resume_collector(paused)
    assert paused and gc.isenabled()


def test_search_budget_counts_and_reserves() -> None:
    readings = iter([0.0, 0.1, 0.4, 0.5, 0.5, 0.95])
    budget = SearchBudget(seconds=1.0, iterations=None, clock=readings.__next__)
    assert budget.may_start()          # at 0.1
    budget.finished(began=0.1)         # at 0.4: 0.3 s
    assert budget.slowest == pytest.approx(0.3) and budget.done == 1
    assert budget.may_start()          # at 0.5: 0.5 + 0.3 < 1
    budget.finished(began=0.5, completed=False)  # at 0.5: abandoned at once
    assert budget.done == 1 and budget.slowest == pytest.approx(0.3)
    assert not budget.may_start()      # at 0.95: 0.95 + 0.3 >= 1
    assert SearchBudget(None, 2, lambda: 0.0).may_start()
    exhausted = SearchBudget(None, 1, lambda: 0.0)
    exhausted.finished(began=0.0)
    assert not exhausted.may_start()


# --- AS-23: an owed initial meld at the root ----------------------------------------------


def test_AS_23_search_at_an_owed_initial_meld_plays_a_held_card_meld(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """At an owed initial meld (AS-23) the search, with its budget cut short by a slow
    first iteration (0.45 s of 0.5 s: a second could not end in time), answers with one
    of the listed plays of held cards, and the minimum is then reached."""
    game = owed_initial_meld()
    clock = FakeClock()
    search = ISMCTSPlayer(time=0.5, seed=2, clock=clock)
    _slow_iterations(monkeypatch, search, clock, lambda i: 0.45)
    action = search.choose_in_game(game)
    assert search.last_iterations == 1
    assert str(action) in {"meld Kd Kh Ks", "meld Qd Qh Qs"}
    game.apply(action)
    assert game.has_initial_meld(0) and not game.owes_initial_meld()
