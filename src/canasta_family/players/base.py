"""The player protocol and the loops that let players play a game.

>>> import canasta_family
>>> game = canasta_family.new_game("american-samba", players=4, seed=9)
>>> from canasta_family.players import RandomPlayer
>>> play_hand(game, [RandomPlayer(seed=s) for s in range(4)])
>>> len(game.hand_results)
1
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from canasta_family.actions import Action
from canasta_family.engine import Game
from canasta_family.observation import Observation

__all__ = ["Player", "SearchPlayer", "decide", "play_game", "play_hand"]


@runtime_checkable
class Player(Protocol):
    """What a computer (or human) player implements.

    ``choose`` receives the observation of the seat to act and the legal actions (never
    empty) and returns one of them. It must not need anything else: hidden information
    stays hidden.
    """

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """Pick one of ``legal_actions``."""
        ...


@runtime_checkable
class SearchPlayer(Protocol):
    """A player that searches: it is handed the game itself, not an observation.

    It promises to read only what its seat may know: the seat's observation and
    determinizations (:meth:`Game.determinize <canasta_family.Game.determinize>`), which
    deal every card the seat cannot see at random. :func:`decide` and the play loops call
    ``choose_in_game`` for such players.
    """

    def choose_in_game(self, game: Game) -> Action:
        """Pick one of ``game.legal_actions()`` for ``game.current_player``."""
        ...


AnyPlayer = Player | SearchPlayer
"""What the play loops accept: an observing player or a searching one."""


def decide(player: AnyPlayer, game: Game) -> Action:
    """The action ``player`` chooses for the seat to move in ``game``.

    >>> import canasta_family
    >>> from canasta_family.players import GreedyPlayer
    >>> game = canasta_family.new_game("american-samba", players=2, seed=4)
    >>> str(decide(GreedyPlayer(), game))
    'draw'
    """
    chooser = getattr(player, "choose_in_game", None)
    if chooser is not None:
        action: Action = chooser(game)
        return action
    seat = game.current_player
    return player.choose(game.observation(seat), game.legal_actions())  # type: ignore[union-attr]


def _step(game: Game, players: Sequence[AnyPlayer]) -> None:
    game.apply(decide(players[game.current_player], game))


def play_hand(game: Game, players: Sequence[AnyPlayer], max_actions: int | None = None) -> None:
    """Let ``players`` (one per seat) play until the hand in progress ends (or the game).

    ``max_actions`` bounds the number of actions (``None``: no bound).
    """
    if len(players) != game.num_players:
        raise ValueError(f"need {game.num_players} players, got {len(players)}")
    hands = len(game.hand_results)
    count = 0
    while not game.is_over and len(game.hand_results) == hands:
        if max_actions is not None and count >= max_actions:
            return
        _step(game, players)
        count += 1


def play_game(game: Game, players: Sequence[AnyPlayer], max_actions: int | None = None) -> Game:
    """Let ``players`` (one per seat) play ``game`` to its end and return it.

    ``max_actions`` bounds the number of actions (``None``: play to the end).
    """
    if len(players) != game.num_players:
        raise ValueError(f"need {game.num_players} players, got {len(players)}")
    count = 0
    while not game.is_over:
        if max_actions is not None and count >= max_actions:
            break
        _step(game, players)
        count += 1
    return game


