"""Information-set Monte Carlo tree search: :class:`ISMCTSPlayer`.

Each iteration deals the cards the player cannot see at random
(:class:`~canasta_family.determinize.Determinizer`, never the hidden truth), walks down
a tree of the player's own decisions in the current turn with UCB1 (single-observer
ISMCTS: a child's exploration term counts the iterations in which it was *available*,
since after a draw the legal moves differ from one determinization to the next), then
lets a fast rollout policy play on for everyone for ``depth`` actions (or to the end of
the hand) and scores the position for the player's side.

The score is the hand score so far, from the table: melded cards, canasta bonuses and
red 3s minus the cards still held, the player's side against the best other side,
squashed into 0…1; when the hand ends in the rollout, the real hand totals are used.
It plays the most visited move — unless that is not the heuristic's own choice and does
not beat it by ``margin`` in mean reward: with a small budget a small lead is noise.

To keep the branching small the tree considers, at each decision, the heuristic's own
choice and a few alternatives: drawing and the two simplest pile takes, the heuristic's
best few discards, its best few melding plays, and anything else (asking, answering,
retracting).

The budget is ``iterations`` per decision, or ``time`` seconds (whichever is given; both:
whichever runs out first). Decisions with a single legal action take no search.

Answering a partner's "may I go out?", the search deals the asker only hands it could go
out with (:meth:`Determinizer.sample <canasta_family.determinize.Determinizer.sample>`);
when no deal tried does, the search stops rather than explore worlds the engine could not
go on from, and plays what it has learnt (the heuristic's answer when nothing).

A time budget is kept by design, not by luck (:mod:`~canasta_family.players.search_budget`):
an iteration starts only when one as slow as the slowest so far in the decision would end
before the deadline; the deadline is checked before every tree step below the root (an
iteration caught there is dropped) and before every rollout action (the rollout then
scores the position it reached); when no iteration fits at all, the heuristic's own choice
is played. With ``pause_gc`` CPython's automatic garbage collection is off during the
decision; it is on by default, now that the engine's bounded caches keep a full collection
to tens of milliseconds. What the bound cannot cut short is one step that has
begun — a listing of legal moves, a policy's choice, one deal, the root's own listing and
ranking — nor time the operating system gives to other processes.

>>> import canasta_family
>>> game = canasta_family.new_game("american-samba", players=2, seed=3)
>>> player = ISMCTSPlayer(iterations=8, seed=1)
>>> game.is_legal(player.choose_in_game(game))
True
"""

from __future__ import annotations

import math
import random
import time as _time
from collections.abc import Callable

from canasta_family.actions import Action, Discard, LayOff, MakeMeld, TakePile
from canasta_family.determinize import DeterminizationError, Determinizer
from canasta_family.engine import Game
from canasta_family.players.base import Player
from canasta_family.players.greedy import GreedyPlayer
from canasta_family.players.heuristic import HeuristicPlayer, _rules
from canasta_family.players.search_budget import (
    SearchBudget,
    pause_collector,
    resume_collector,
)

__all__ = ["ISMCTSPlayer", "side_value"]


def side_value(game: Game, side: int) -> int:
    """What ``side`` would score for the hand now, from the table and the hands: melded
    card values, canasta bonuses and red 3s, minus the values of the cards its players
    still hold (feet included).

    >>> import canasta_family
    >>> game = canasta_family.new_game("american-samba", players=2, seed=3)
    >>> side_value(game, 0) < 0
    True
    """
    value = game.card_value
    bonuses = game.canasta_rules.bonuses
    total = 0
    for meld in game.side_melds(side):
        total += sum(value(c) for c in meld.cards)
        if meld.canasta is not None:
            total += bonuses.get(meld.canasta, 0)
    reds = len(game.side_red_threes(side))
    if reds:
        total += game.hook_red_three_score(side, reds)
    for seat in game.side_members(side):
        total -= sum(value(c) for c in game.hand_cards(seat))
        total -= sum(value(c) for c in game.foot_cards(seat))
    return total


class _Node:
    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0


class ISMCTSPlayer:
    """ISMCTS over determinizations (see the module documentation).

    ``iterations`` and/or ``time`` (seconds per decision) set the budget (default: 200
    iterations); ``depth`` bounds the rollout in actions; ``rollout`` is ``"greedy"`` or
    ``"heuristic"``; ``exploration`` is the UCB1 constant; ``melds`` how many melding
    plays and ``discards`` how many discards (the heuristic's best) the tree considers
    besides the heuristic's own choice. The most visited move is played unless its mean
    reward beats that of the heuristic's own choice by less than ``margin`` (then the
    heuristic's choice is played). A rollout also stops where the player to move holds
    more than ``max_hand`` cards before the side's initial meld (there the engine lists
    every combination of melds that could complete it: thousands of moves).

    With a ``time`` budget a decision lasts at most ``time`` plus one step that cannot be
    interrupted (see the module documentation) plus a collection of the youngest
    generation at the end (what the search itself left; milliseconds). ``pause_gc``
    (default false) switches automatic garbage collection off for the decision — a
    process-wide switch, restored however the decision ends, for a host that wants no
    collection inside a decision at all; ``clock`` is the clock the
    budget is read from (seconds, ``time.perf_counter`` by default; tests pass a fake one).

    >>> import canasta_family, itertools
    >>> game = canasta_family.new_game("american-samba", players=2, seed=3)
    >>> game.apply("draw")
    >>> slow_root = itertools.chain([0.0], itertools.repeat(5.0)).__next__  # 5 s of 0.5
    >>> search = ISMCTSPlayer(time=0.5, clock=slow_root)
    >>> action = search.choose_in_game(game)  # no iteration: the heuristic's choice
    >>> search.last_iterations, game.is_legal(action)
    (0, True)
    """

    def __init__(self, iterations: int | None = None, time: float | None = None, *,
                 seed: int | None = 0, depth: int = 24, rollout: str = "greedy",
                 exploration: float = 0.7, melds: int = 2, discards: int = 3,
                 scale: float = 800.0, margin: float = 0.03, max_hand: int = 20,
                 pause_gc: bool = False,
                 clock: Callable[[], float] = _time.perf_counter) -> None:
        if iterations is None and time is None:
            iterations = 200
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        if time is not None and time <= 0:
            raise ValueError(f"time must be positive, not {time}")
        if rollout not in ("greedy", "heuristic"):
            raise ValueError(f"rollout must be 'greedy' or 'heuristic', not {rollout!r}")
        self.iterations = iterations
        self.time = time
        self.depth = depth
        self.exploration = exploration
        self.melds = melds
        self.discards = discards
        self.scale = scale
        self.margin = margin
        self.max_hand = max_hand
        self.pause_gc = pause_gc
        self._clock = clock
        self._rng = random.Random(seed)
        self._policy: Player = GreedyPlayer() if rollout == "greedy" else HeuristicPlayer()
        self._ranker = HeuristicPlayer()
        self.last_iterations = 0
        """Iterations the last search ran (for budget checks and statistics)."""

    # --- the decision ----------------------------------------------------------------------

    def choose_in_game(self, game: Game) -> Action:
        """Search from ``game`` for the seat to move and return the most visited action
        (the heuristic's own choice when the time ran out before any iteration ended)."""
        # The collector goes off first, before anything is allocated: a full collection
        # takes longer than the whole budget (see search_budget).
        paused = self.pause_gc and pause_collector()
        try:
            legal = game.legal_actions()
            if len(legal) == 1:
                self.last_iterations = 0
                return legal[0]
            return self._search(game)
        finally:
            resume_collector(paused)

    def _search(self, game: Game) -> Action:
        budget = SearchBudget(self.time, self.iterations, self._clock)
        seat = game.current_player
        side = game.side_of(seat)
        sampler = Determinizer(game, seat)
        root = _Node()
        # Every determinization shows the searching seat the same observation and the same
        # legal moves, so the root's candidates (a fifth of an iteration's cost when worked
        # out each time) are the same for all of them; the first is the heuristic's choice.
        top = self._candidates(game)
        prior = top[0]
        while budget.may_start():
            began = budget.clock()
            try:
                world = sampler.sample(self._rng, give_up=budget.expired)
            except DeterminizationError:
                # No deal backs a hidden partner's question "may I go out?" (or the time ran
                # out looking): searching worlds that contradict it would explore positions
                # the engine cannot continue, so what is learnt so far decides.
                break
            completed = self._iterate(world, root, seat, side, budget, top)
            budget.finished(began, completed)
        self.last_iterations = budget.done
        if not root.visits:
            return prior
        action, node = max(root.children.items(),
                           key=lambda item: (item[1].visits, item[1].total))
        # The search corrects the heuristic rather than replacing it: with few samples per
        # move a small lead is noise, so the heuristic's move stands unless beaten clearly.
        kept = root.children.get(prior)
        if (action != prior and kept is not None and kept.visits
                and node.total / node.visits < kept.total / kept.visits + self.margin):
            return prior
        return action

    def _iterate(self, game: Game, root: _Node, seat: int, side: int,
                 budget: SearchBudget, top: list[Action]) -> bool:
        """One iteration on the determinization ``game``; false (and nothing learnt) when
        the deadline passed before it reached its rollout."""
        path = [root]
        node = root
        hands = len(game.hand_results)
        # Walk the tree while it is still the searching seat's decision in this hand.
        while (not game.is_over and game.current_player == seat
               and len(game.hand_results) == hands):
            if node is root:
                candidates = top
            else:
                # Deeper in the turn the candidates cost a listing and the heuristic's
                # ranking: not begun past the deadline.
                if budget.expired():
                    return False
                candidates = self._candidates(game)
            for action in candidates:
                child = node.children.get(action)
                if child is None:
                    child = node.children[action] = _Node()
                child.available += 1
            unvisited = [a for a in candidates if node.children[a].visits == 0]
            if unvisited:
                action = self._rng.choice(unvisited)
                game.apply(action)
                node = node.children[action]
                path.append(node)
                break
            action = max(candidates, key=lambda a: self._ucb(node.children[a]))
            game.apply(action)
            node = node.children[action]
            path.append(node)
        reward = self._rollout(game, seat, side, hands, budget)
        for visited in path:
            visited.visits += 1
            visited.total += reward
        return True

    def _ucb(self, node: _Node) -> float:
        return (node.total / node.visits
                + self.exploration * math.sqrt(math.log(max(1, node.available)) / node.visits))

    def _candidates(self, game: Game) -> list[Action]:
        """The heuristic's choice first, then the few alternatives worth searching."""
        legal = game.legal_actions()
        seat = game.current_player
        obs = game.observation(seat)
        ranker = self._ranker
        chosen = ranker.choose(obs, legal)
        out: list[Action] = [chosen]
        if game.phase == "draw":
            takes = [a for a in legal if isinstance(a, TakePile)]
            takes.sort(key=lambda a: (a.onto is None, len(a.cards)))
            extra: list[Action] = [a for a in legal if not isinstance(a, TakePile)]
            extra += takes[:2]
        elif game.phase == "play":
            extra = list(ranker.ranked_discards(obs, legal)[:self.discards])
            plays = [a for a in legal if isinstance(a, (MakeMeld, LayOff))]
            if obs.initial_melds_made[obs.side]:
                rules = _rules(obs.variant, len(obs.hand_sizes))
                plays.sort(key=lambda a: -ranker._meld_key(obs, rules, a))
            extra += plays[:self.melds]
            extra += [a for a in legal if not isinstance(a, (Discard, MakeMeld, LayOff))]
        else:
            extra = list(legal)
        for action in extra:
            if action not in out:
                out.append(action)
        return out

    def _rollout(self, game: Game, seat: int, side: int, hands: int,
                 budget: SearchBudget) -> float:
        policy = self._policy
        steps = 0
        while (not game.is_over and len(game.hand_results) == hands and steps < self.depth):
            # Some positions (a huge hand before the initial meld) list thousands of moves:
            # past the deadline the rollout stops and the position reached is scored.
            if budget.expired():
                break
            mover = game.current_player
            if (game.hand_size(mover) > self.max_hand
                    and not game.has_initial_meld(game.side_of(mover))):
                break
            game.apply(policy.choose(game.observation(mover), game.legal_actions()))
            steps += 1
        if len(game.hand_results) > hands:
            result = game.hand_results[hands]
            ours = result.total(side)
            theirs = max(result.total(s) for s in range(len(game.sides)) if s != side)
        else:
            ours = side_value(game, side)
            theirs = max(side_value(game, s) for s in range(len(game.sides)) if s != side)
        return 0.5 + 0.5 * math.tanh((ours - theirs) / self.scale)
