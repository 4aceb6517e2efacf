"""What variant authors build hooks from: the family's usual partnerships, game end and
hand score, as the built-in variants use them.

A variant imports these from here (``canasta_family.variants._core``, which registers the
shared defaults, is private)::

    from canasta_family.variants.helpers import core_score_items, standard_game_result

>>> standard_sides(4, 2)
((0, 2), (1, 3))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from canasta_family.rules import CONTINUE, GameResult, ScoreItem

if TYPE_CHECKING:
    from canasta_family.engine import Game

__all__ = ["core_score_items", "standard_game_result", "standard_sides"]


def standard_sides(num_players: int, team_size: int) -> tuple[tuple[int, ...], ...]:
    """Partnerships of players sitting opposite/alternately: ``num_players // team_size``
    sides, seat ``s`` on side ``s % sides``.

    >>> standard_sides(4, 2), standard_sides(6, 2), standard_sides(6, 3), standard_sides(3, 1)
    (((0, 2), (1, 3)), ((0, 3), (1, 4), (2, 5)), ((0, 2, 4), (1, 3, 5)), ((0,), (1,), (2,)))
    """
    count = num_players // team_size
    return tuple(tuple(range(side, num_players, count)) for side in range(count))


def standard_game_result(game: Game, target: int, rule: str) -> GameResult:
    """End the game once a side has reached ``target``: the highest total wins, equal
    highest totals draw. Otherwise :data:`~canasta_family.rules.CONTINUE`.

    >>> import canasta_family
    >>> game = canasta_family.new_game("american-samba", players=4, seed=1)
    >>> standard_game_result(game, 10000, "AS-43") is CONTINUE  # nobody has scored yet
    True
    """
    scores = game.scores
    if max(scores) < target:
        return CONTINUE
    best = max(scores)
    winners = tuple(side for side, score in enumerate(scores) if score == best)
    if len(winners) == 1:
        reason = f"side {winners[0]} wins with {best} ({rule}: a side reached {target})"
    else:
        reason = f"draw: sides {', '.join(map(str, winners))} tied on {best} ({rule})"
    return GameResult(winners=winners, reason=reason)


def core_score_items(game: Game, side: int, went_out: int | None, *,
                     red_threes_in_hand: bool = True) -> tuple[ScoreItem, ...]:
    """The family's usual hand score for ``side`` (AS-41): melded card values, canasta
    bonuses, going-out bonus, red 3s (via ``canasta_red_three_score``), minus the cards
    left in the side's hands and unpicked feet. Variants reuse it and adjust lines;
    ``red_threes_in_hand=False`` leaves out the charge for red 3s still held, for variants
    that charge them their own way.

    >>> import canasta_family
    >>> game = canasta_family.new_game("canasta", players=4, seed=1)
    >>> core_score_items(game, 0, None)[0]  # before anything is melded
    ScoreItem(label='melded cards', points=0, rule='CC-5')
    """
    bonuses = game.canasta_rules.bonuses
    items: list[ScoreItem] = []
    melded = game.side_melded_points(side)
    rule = game.variant.rule
    items.append(ScoreItem("melded cards", melded, rule("values")))
    kinds: dict[str, int] = {}
    for meld in game.side_melds(side):
        if meld.canasta is not None:
            kinds[meld.canasta] = kinds.get(meld.canasta, 0) + 1
    for kind, count in sorted(kinds.items()):
        items.append(ScoreItem(f"{count} × {kind} canasta", count * bonuses.get(kind, 0),
                               rule("canasta-bonus")))
    if went_out is not None and game.side_of(went_out) == side:
        going = game.going_out_rules
        bonus = going.bonus
        if going.concealed_bonus is not None and game.went_out_concealed:
            bonus = going.concealed_bonus
        items.append(ScoreItem("going out", bonus, rule("going-out-bonus")))
    red_count = len(game.side_red_threes(side))
    if red_count:
        points = game.hook_red_three_score(side, red_count)
        threes = "red 3" if red_count == 1 else "red 3s"
        items.append(ScoreItem(f"{red_count} {threes}", points, rule("red-three-score")))
    held = 0
    held_red = 0
    for seat in game.side_members(side):
        points, red_held = game.hand_points(seat)
        held += points
        held_red += red_held
    if held:
        items.append(ScoreItem("cards left in hand", -held, rule("hand-penalty")))
    if held_red and red_threes_in_hand:
        # AS-31: a red 3 left in hand costs what it would have scored.
        red = game.red_three_rules
        cost = red.all_value if held_red == game.red_threes_in_deck else red.value * held_red
        items.append(ScoreItem(f"{held_red} {'red 3' if held_red == 1 else 'red 3s'} "
                               "left in hand", -cost,
                               rule("red-three-in-hand")))
    if any(game.foot_size(seat) for seat in game.side_members(side)):
        foot_value = foot_red = 0
        for seat in game.side_members(side):
            points, red_held = game.foot_points(seat)
            foot_value += points
            foot_red += red_held
        items.append(ScoreItem("feet not picked up",
                               -foot_value - game.red_three_rules.value * foot_red,
                               rule("foot-penalty")))
    return tuple(items)

