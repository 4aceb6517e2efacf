"""What one player may know: :class:`Observation`.

An observation holds the player's own hand and everything public — sizes (never contents)
of the other hands, feet and stock, all melds and red 3s, the top of the pile and its
size, scores, results and this hand's public history, and the rules' card roles (which
cards are wild, bonus and stop cards) — and nothing else. It never holds
another player's cards, a foot's cards or the stock order (design §10).

>>> import canasta_family
>>> game = canasta_family.new_game("american-samba", players=4, seed=5)
>>> obs = game.observation(1)
>>> obs.player, len(obs.hand), obs.hand_sizes
(1, 15, (15, 15, 15, 15))
"""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, SupportsIndex, cast

import attrs

from canasta_family.cards import Card
from canasta_family.errors import InvalidArgumentError, excerpt
from canasta_family.melds import Meld
from canasta_family.results import HandResult
from canasta_family.rules import CardRoles

if TYPE_CHECKING:
    from canasta_family.engine import Game

__all__ = ["Observation", "observe"]


@attrs.frozen
class Observation:
    """Everything ``player`` may know about the game right now.

    ``roles`` says which cards are wild, bonus cards and stop cards under the game's rules
    (:class:`~canasta_family.rules.CardRoles`, public rule data, one object shared by
    every observation of games with these rules): players judge cards by it, never by the
    classic ``Card.is_wild``, ``Card.is_red_three`` or ``Card.is_black_three``.
    """

    variant: str
    roles: CardRoles
    player: int
    side: int
    sides: tuple[tuple[int, ...], ...]
    phase: str
    current_player: int
    hand_number: int
    dealer: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    foot_sizes: tuple[int, ...]
    feet_picked_up: tuple[bool, ...]
    reserve_sizes: tuple[int, ...]
    reserve_takers: tuple[int | None, ...]
    stock_size: int
    pile_size: int
    pile_top: Card | None
    pile_frozen: bool
    melds: tuple[tuple[Meld, ...], ...]
    red_threes: tuple[tuple[Card, ...], ...]
    initial_melds_made: tuple[bool, ...]
    initial_minimums: tuple[int, ...]
    initial_meld_count: int
    pending_question: int | None
    partner_answer: bool | None
    scores: tuple[int, ...]
    hand_results: tuple[HandResult, ...]
    history: tuple[tuple[int | None, str], ...]
    is_over: bool

    @property
    def my_melds(self) -> tuple[Meld, ...]:
        """The melds of the observer's side, numbered as in actions."""
        return self.melds[self.side]


def _seat(player: object, seats: int) -> int:
    if isinstance(player, bool) or not hasattr(type(player), "__index__"):
        raise InvalidArgumentError(f"player must be a seat number, not {excerpt(player)}",
                                   field="player")
    try:
        seat = operator.index(cast(SupportsIndex, player))
    except TypeError:
        raise InvalidArgumentError(f"player must be a seat number, not {excerpt(player)}",
                                   field="player") from None
    if not 0 <= seat < seats:
        raise InvalidArgumentError(f"player must be a seat 0-{seats - 1}, not "
                                   f"{excerpt(seat)}", field="player")
    return int(seat)


def observe(game: Game, player: int) -> Observation:
    """Build ``player``'s observation of ``game`` (use :meth:`Game.observation`).

    ``player`` is a seat number: an ``int`` or a value with ``__index__`` (a NumPy
    integer), not a bool; anything else, or a seat the game does not have, raises
    :class:`~canasta_family.errors.InvalidArgumentError` with ``field="player"``.
    """
    player = _seat(player, game.num_players)
    sides = game.sides
    side = game.side_of(player)
    n = game.num_players
    pile_top = game.pile_top
    return Observation(
        variant=game.variant.name,
        roles=game.card_roles,
        player=player,
        side=side,
        sides=sides,
        phase=game.phase,
        current_player=game.current_player,
        hand_number=game.hand_number,
        dealer=game.dealer,
        hand=game.hand_cards(player),
        hand_sizes=tuple(game.hand_size(p) for p in range(n)),
        foot_sizes=tuple(game.foot_size(p) for p in range(n)),
        feet_picked_up=tuple(game.foot_picked_up(p) for p in range(n)),
        reserve_sizes=tuple(game.reserve_size(s) for s in range(len(sides))),
        reserve_takers=tuple(game.reserve_taken_by(s) for s in range(len(sides))),
        stock_size=game.stock_size,
        pile_size=len(game.pile),
        pile_top=pile_top,
        pile_frozen=game.pile_frozen_for(side) if pile_top is not None else False,
        melds=tuple(game.side_melds(s) for s in range(len(sides))),
        red_threes=tuple(game.side_red_threes(s) for s in range(len(sides))),
        initial_melds_made=tuple(game.has_initial_meld(s) for s in range(len(sides))),
        initial_minimums=tuple(game.initial_minimum(s) for s in range(len(sides))),
        initial_meld_count=game.initial_meld_count() if game.current_player == player else 0,
        pending_question=game.pending_question,
        partner_answer=game.partner_answer,
        scores=game.scores,
        hand_results=game.hand_results,
        history=game.log(),
        is_over=game.is_over,
    )
