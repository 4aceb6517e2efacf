"""A hypothesis state machine that plays a variant and checks every invariant as it goes.

Needs hypothesis (install ``canasta-family[test]``). In a test module::

    from canasta_family.testing import make_game_machine

    TestMySamba4 = make_game_machine("my-samba", players=4).TestCase

Hypothesis then plays many short games, choosing legal actions, bursts of play, illegal
candidates and moves by the wrong seat, and shrinks any failure to a short list of steps.

>>> from hypothesis import settings
>>> Machine = make_game_machine(players=2, step_count=5)
>>> Machine.TestCase.settings = settings(Machine.TestCase.settings, max_examples=2,
...                                      database=None)
>>> Machine.TestCase("runTest").runTest()
"""

from __future__ import annotations

import random
from typing import cast

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)
from hypothesis.strategies import SearchStrategy

from canasta_family.api import DEFAULT_VARIANT, new_game
from canasta_family.engine import Game
from canasta_family.plugins import Variant
from canasta_family.testing.checks import (
    check_candidate,
    check_cards_conserved,
    check_clone_and_replay,
    check_hidden_swap,
    check_listed_actions,
    check_observation_hides,
    deck_counts,
    describe,
)
from canasta_family.testing.strategies import (
    DEFAULT_MAX_HAND,
    candidate_actions,
    hand_limit_reached,
    play_random,
    seeds,
)

__all__ = ["GameMachine", "make_game_machine"]


class GameMachine(RuleBasedStateMachine):
    """The machine behind :func:`make_game_machine` (subclassed there with its settings).

    Rules: play one legal action chosen by hypothesis; play a burst of legal actions
    (random and greedy, to reach melds, canastas and the end of hands); try a candidate
    action from :func:`~canasta_family.testing.strategies.candidate_actions` (legal
    exactly when listed, refused without any change otherwise); play a listed action as
    the wrong seat. Invariants after every step: cards conserved, listing the legal
    actions changes nothing, a sample of them is accepted, observations hide; every
    ``check_every`` steps (and at the end) clone and replay equal the game and twin games
    differing in hidden cards look the same.
    """

    variant: str | Variant = DEFAULT_VARIANT
    players: int = 4
    options: dict[str, object] | None = None
    check_every: int = 10
    listed_sample: int = 4
    max_burst: int = 40
    max_hand: int = DEFAULT_MAX_HAND

    def __init__(self) -> None:
        super().__init__()
        self.game: Game | None = None
        self.steps = 0
        self._deck: list[int] = []
        self._twins_at = -self.check_every
        self._replay_at = -self.check_every

    def _game(self) -> Game:
        assert self.game is not None, "the machine has no game yet"
        return self.game

    def _playable(self) -> bool:
        """The game goes on and no hand has outgrown ``max_hand`` (see
        :func:`~canasta_family.testing.strategies.hand_limit_reached`)."""
        game = self.game
        return (game is not None and not game.is_over
                and not hand_limit_reached(game, self.max_hand))

    def _due(self, last: int) -> bool:
        """Whether a costly check that last ran at step ``last`` should run now."""
        return self.steps - last >= self.check_every

    def _played(self) -> None:
        """After an action: listing the legal actions must not change the game."""
        game = self._game()
        before = game.snapshot()
        if not game.is_over:
            game.legal_actions()
        assert game.snapshot() == before, f"legal_actions() changed the game: {describe(game)}"

    def start(self, seed: int) -> None:
        """Start a seeded game (called by the ``deal`` initialize rule)."""
        self.game = new_game(self.variant, players=self.players, seed=seed,
                             options=self.options)
        self._deck = deck_counts(self.game)

    @initialize(seed=seeds())
    def deal(self, seed: int) -> None:
        """Start a seeded game."""
        self.start(seed)

    @precondition(_playable)
    @rule(data=st.data())
    def play_listed(self, data: st.DataObject) -> None:
        """Play one legal action, chosen by hypothesis among those listed."""
        game = self._game()
        action = data.draw(st.sampled_from(game.legal_actions()), label="action")
        game.apply(action)
        self.steps += 1
        self._played()

    @precondition(_playable)
    @rule(count=st.integers(1, 40), seed=st.integers(0, 2**16),
          greedy=st.sampled_from((0.5, 0.9)))
    def play_burst(self, count: int, seed: int, greedy: float) -> None:
        """Play a burst of legal actions (random and greedy) with cards checked after each.

        At least half of them are greedy: purely random play rarely completes an initial
        meld, so the hands grow until ``max_hand`` stops the run.
        """
        game = self._game()
        for step in range(min(count, self.max_burst)):
            if game.is_over:
                break
            if not self._playable():
                break
            play_random(game, 1, seed=seed + step, greedy=greedy, max_hand=None)
            assert game.all_card_counts() == self._deck, (
                f"cards not conserved after {game.actions[-1]}: {describe(game)}")
        self.steps += 1
        self._played()

    @rule(data=st.data())
    def try_candidate(self, data: st.DataObject) -> None:
        """A random (usually illegal) action: legal exactly when listed; a refusal
        changes nothing (once the game is over, every action is refused)."""
        game = self._game()
        action, player = data.draw(candidate_actions(game), label="candidate")
        check_candidate(game, action, player=player)

    @precondition(_playable)
    @rule(data=st.data())
    def try_wrong_seat(self, data: st.DataObject) -> None:
        """A listed action played as another seat is refused and changes nothing."""
        game = self._game()
        action = data.draw(st.sampled_from(game.legal_actions()), label="action")
        seats = [p for p in range(game.num_players) if p != game.current_player]
        player = data.draw(st.sampled_from(seats), label="wrong seat")
        check_candidate(game, action, player=player)

    @invariant()
    def cards_conserved(self) -> None:
        """Every card of the deck is in exactly one place."""
        if self.game is not None:
            check_cards_conserved(self.game)

    @invariant()
    def listed_actions_accepted(self) -> None:
        """A sample of the listed legal actions is accepted (on clones)."""
        game = self.game
        if game is not None and not game.is_over:
            rng = random.Random(len(game.actions))
            check_listed_actions(game, limit=self.listed_sample, rng=rng)

    @invariant()
    def observations_hide(self) -> None:
        """Observations hold only the own hand and public facts; now and then, twins
        differing in hidden cards look the same to every seat."""
        game = self.game
        if game is None:
            return
        check_observation_hides(game, twins=False)
        if game.phase == "draw" and self._due(self._twins_at):
            self._twins_at = self.steps
            seat = (game.current_player + 1 + self.steps // self.check_every) % game.num_players
            check_hidden_swap(game, seat, stock_index=None, steps=6)

    @invariant()
    def clone_and_replay(self) -> None:
        """Now and then: the clone and the replayed record equal the game."""
        if self.game is not None and self._due(self._replay_at):
            self._replay_at = self.steps
            check_clone_and_replay(self.game, text=False)

    def teardown(self) -> None:
        """At the end of every run: clone and replay (also of the JSON text) equal the
        game."""
        if self.game is not None:
            check_clone_and_replay(self.game)


def make_game_machine(variant: str | Variant = DEFAULT_VARIANT, players: int = 4,
                      seed_strategy: SearchStrategy[int] | None = None, *,
                      options: dict[str, object] | None = None, step_count: int = 40,
                      check_every: int = 10, listed_sample: int = 4,
                      max_hand: int = DEFAULT_MAX_HAND) -> type[GameMachine]:
    """A :class:`GameMachine` subclass for ``variant`` (a name, or a
    :class:`~canasta_family.plugins.Variant` not installed) with ``players`` seats.

    ``seed_strategy`` draws the game seeds (default :func:`seeds`); ``options`` are the
    variant options; ``step_count`` is hypothesis's ``stateful_step_count``; every
    ``check_every`` steps the costlier checks run (clone/replay, hidden-card twins);
    ``listed_sample`` listed actions are applied to clones after every step; play stops
    once a seat without initial meld holds more than ``max_hand`` cards (see
    :func:`~canasta_family.testing.strategies.hand_limit_reached`). Use the
    returned class's ``TestCase`` as a test (the other settings come from the active
    hypothesis profile).

    >>> Machine = make_game_machine(players=6, step_count=20)
    >>> Machine.players, Machine.TestCase.settings.stateful_step_count
    (6, 20)
    """
    label = variant.name if isinstance(variant, Variant) else variant
    namespace: dict[str, object] = {
        "variant": variant,
        "players": players,
        "options": options,
        "check_every": check_every,
        "listed_sample": listed_sample,
        "max_hand": max_hand,
        "__doc__": f"Plays {label} with {players} players, checking every invariant.",
    }
    if seed_strategy is not None:
        @initialize(seed=seed_strategy)
        def deal(self: GameMachine, seed: int) -> None:
            """Start a seeded game."""
            self.start(seed)

        namespace["deal"] = deal
    name = f"GameMachine_{label.replace('-', '_')}_{players}"
    machine = cast("type[GameMachine]", type(name, (GameMachine,), namespace))
    machine.TestCase.settings = settings(machine.TestCase.settings,
                                         stateful_step_count=step_count, deadline=None)
    return machine
