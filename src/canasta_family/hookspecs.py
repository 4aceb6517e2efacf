"""Every hook a variant plugin can implement.

The engine (:class:`~canasta_family.engine.Game`) is the only caller of these hooks, and
always calls them with keyword arguments. Defaults for all of them live in
:mod:`canasta_family.variants._core`, registered ``trylast`` so that any variant's
implementation wins. A variant implements only what it changes.

Two kinds of hook:

* **Setup hooks** are called once per rule set (``options``, ``num_players``: on the
  first game of that variant plugin, player count and options in the process) and return
  frozen rule parameters (:mod:`canasta_family.rules`) that the engine reads on its hot
  paths, so a variant costs nothing per move for what it can say as a number.
* **Event hooks** are called when something happens (a turn ends, a hand is scored, a
  player may go out) and receive the live ``game``. They must not change it.

Unless a hook says otherwise it is ``firstresult``: the first implementation returning
something other than ``None`` decides. ``canasta_meld_violation`` is a list hook whose
answers add up.

Example — a variant that deals 11 cards and plays to 5,000::

    from canasta_family import hookimpl
    from canasta_family.rules import DealRules

    class ShortSamba(AmericanSambaPlugin):
        @hookimpl
        def canasta_deal_rules(self, num_players, options):
            return DealRules(hand_size=11)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import pluggy

from canasta_family.cards import Card
from canasta_family.melds import Meld
from canasta_family.rules import (
    CanastaRules,
    DealRules,
    GameResult,
    GoingOutRules,
    InitialMeldRules,
    MeldRules,
    PileRules,
    RedThreeRules,
    ReserveRules,
    ScoreItem,
    SinglePickupRules,
    StockEndRules,
    TurnEndEffects,
    Violation,
)

if TYPE_CHECKING:
    from canasta_family.engine import Game

PROJECT = "canasta_family"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)

Options = Mapping[str, object]


# --- setup hooks: called once per rule set ---------------------------------------------


@hookspec(firstresult=True)
def canasta_deck(options: Options) -> tuple[Card, ...] | None:
    """Return every card of the deck, once per physical card (a multiset).

    Called once per rule set. American Samba returns three 54-card packs (162 cards, AS-2).

    :param options: the game's validated options.
    """


@hookspec(firstresult=True)
def canasta_sides(num_players: int, options: Options) -> tuple[tuple[int, ...], ...] | None:
    """Return the sides (partnerships) as tuples of seats; a lone player is a side of one.

    Called once per rule set. Every seat ``0 … num_players-1`` must appear exactly once. Sides
    share melds, red 3s and score. American Samba with 6 players: ``((0, 3), (1, 4),
    (2, 5))`` (AS-1).

    :param num_players: number of seats, already checked against the variant's list.
    :param options: the game's validated options.
    """


@hookspec(firstresult=True)
def canasta_deal_rules(num_players: int, options: Options) -> DealRules | None:
    """Return the :class:`~canasta_family.rules.DealRules`: hand size, foot size, upcard.

    Called once per rule set. American Samba: 15 cards (13 with 6 players), no foot, upcard
    turned again while wild or a red 3 (AS-6, AS-7).

    :param num_players: number of seats.
    :param options: the game's validated options.
    """


@hookspec(firstresult=True)
def canasta_draw_count(num_players: int, options: Options) -> int | None:
    """Return how many cards a player draws from the stock (AS-15: 2).

    Called once per rule set.

    :param num_players: number of seats.
    :param options: the game's validated options.
    """


@hookspec(firstresult=True)
def canasta_card_value(card: Card, options: Options) -> int | None:
    """Return the point value of ``card`` when melded or left in hand (AS-4).

    Called once per rule set for each distinct card.

    :param card: one distinct card.
    :param options: the game's validated options.
    """


@hookspec(firstresult=True)
def canasta_is_wild(card: Card, options: Options) -> bool | None:
    """Return whether ``card`` is wild (AS-3: jokers and 2s).

    Called once per rule set for each distinct card. Any set of cards may be wild; a wild
    card may not also be a bonus or stop card (``VariantError``). A card that is neither
    wild, bonus nor stop card is a natural of its rank: it melds in sets of its rank when
    :attr:`~canasta_family.rules.MeldRules.set_ranks` holds the rank (so a variant where
    only jokers are wild lists ``Rank.TWO`` there to let 2s meld).

    :param card: one distinct card.
    :param options: the game's validated options.
    """


@hookspec(firstresult=True)
def canasta_is_bonus_card(card: Card, options: Options) -> bool | None:
    """Return whether ``card`` is a bonus card: one never melded, placed face up for
    points (the red 3s of AS-16, AS-29 and AS-30).

    Called once per rule set for each distinct card. How bonus cards are placed, scored
    and discarded is :class:`~canasta_family.rules.RedThreeRules`; a variant without
    bonus cards answers False for every card. Default: ``card.is_red_three``.

    :param card: one distinct card.
    :param options: the game's validated options.
    """


@hookspec(firstresult=True)
def canasta_is_stop_card(card: Card, options: Options) -> bool | None:
    """Return whether ``card`` is a stop card: one that melds only as
    :attr:`~canasta_family.rules.MeldRules.black_threes` allows and, discarded, may block
    the pile (``PileRules.blocked_black_three``) — the black 3s of AS-33.

    Called once per rule set for each distinct card. Default: ``card.is_black_three``. The
    stop cards of a rank must be all its cards that are not wild or bonus cards, and a
    joker is never one (``VariantError`` otherwise): a set holds stop cards only or none.

    :param card: one distinct card.
    :param options: the game's validated options.
    """


@hookspec(firstresult=True)
def canasta_meld_rules(num_players: int, options: Options) -> MeldRules | None:
    """Return the :class:`~canasta_family.rules.MeldRules`: what a legal meld is.

    Called once per rule set. American Samba: sets of 3+ with ≥2 naturals and ≤2 wild cards,
    runs of 3–7 from 4 to ace, merging allowed (AS-8, AS-9, AS-13).

    :param num_players: number of seats.
    :param options: the game's validated options.
    """


@hookspec(firstresult=True)
def canasta_canasta_rules(options: Options) -> CanastaRules | None:
    """Return the :class:`~canasta_family.rules.CanastaRules`: canasta kinds and bonuses.

    Called once per rule set. American Samba: natural 500, mixed 300, samba 1500 (AS-10, AS-11).

    :param options: the game's validated options.
    """


@hookspec(firstresult=True)
def canasta_pile_rules(options: Options) -> PileRules | None:
    """Return the :class:`~canasta_family.rules.PileRules`: freezing and ways to take the pile.

    Called once per rule set (the live frozen state is :func:`canasta_pile_frozen`).

    :param options: the game's validated options.
    """


@hookspec(firstresult=True)
def canasta_single_pickup_rules(options: Options) -> SinglePickupRules | bool | None:
    """Return :class:`~canasta_family.rules.SinglePickupRules` if a player may take just the
    top card of the pile onto a meld (DS-2, MS-8), or ``False`` if not (American Samba).

    Called once per rule set.

    :param options: the game's validated options.
    """


@hookspec(firstresult=True)
def canasta_initial_meld_rules(options: Options) -> InitialMeldRules | None:
    """Return the :class:`~canasta_family.rules.InitialMeldRules`: what a short initial meld
    costs (AS-24: take it back, minimum +100). The minimum itself is
    :func:`canasta_initial_meld_minimum`.

    Called once per rule set.

    :param options: the game's validated options.
    """


@hookspec(firstresult=True)
def canasta_red_three_rules(options: Options) -> RedThreeRules | None:
    """Return the :class:`~canasta_family.rules.RedThreeRules`: placing, discarding, values.

    Called once per rule set.

    :param options: the game's validated options.
    """


@hookspec(firstresult=True)
def canasta_going_out_rules(num_players: int, options: Options) -> GoingOutRules | None:
    """Return the :class:`~canasta_family.rules.GoingOutRules`: bonuses and cards to keep.

    Called once per rule set; whether a side may go out is :func:`canasta_going_out_violations`.

    :param num_players: number of seats.
    :param options: the game's validated options.
    """


@hookspec(firstresult=True)
def canasta_stock_end_rules(options: Options) -> StockEndRules | None:
    """Return the :class:`~canasta_family.rules.StockEndRules` for an exhausted stock.

    Called once per rule set.

    :param options: the game's validated options.
    """


@hookspec(firstresult=True)
def canasta_reserve_rules(num_players: int, options: Options) -> ReserveRules | None:
    """Return the :class:`~canasta_family.rules.ReserveRules`: a face-down second hand per
    side taken when a player's hand empties (BU-20). The core deals none.

    Called once per rule set.

    >>> import canasta_family
    >>> canasta_family.new_game("canasta", players=2, seed=1).reserve_rules.size
    0

    :param num_players: seats at the table.
    :param options: the game's validated options.
    """


# --- event hooks: called with the live game ---------------------------------------------


@hookspec(firstresult=True)
def canasta_initial_meld_minimum(game: Game, side: int, score: int) -> int | None:
    """Return the initial-meld minimum for ``side`` given its cumulative ``score`` (AS-22).

    Called once per side at the start of every hand; the engine adds any retraction
    penalty (AS-24) itself.

    :param game: the game (read only).
    :param side: the side's index.
    :param score: the side's cumulative score before this hand.
    """


@hookspec(firstresult=True)
def canasta_pile_frozen(game: Game, side: int) -> bool | None:
    """Return whether the discard pile is frozen for ``side`` right now (AS-18).

    Called when the engine lists or checks ways to take the pile. The default reads
    :class:`~canasta_family.rules.PileRules`, the pile's wild cards and red 3s, and whether
    the side has made its initial meld.

    :param game: the game (read only).
    :param side: the side about to take.
    """


@hookspec(firstresult=True)
def canasta_forbidden_discards(
    game: Game, player: int, going_out: bool, hand: tuple[Card, ...],
    canastas: tuple[str, ...]
) -> Mapping[Card, Violation] | None:
    """Return the cards of ``hand`` that ``player`` may not discard, each with the rule
    that forbids it (an empty mapping if every card may go).

    Called when listing or checking a discard (``hand`` is the player's hand), and when a
    play would leave the player with cards in hand: at least one of them must be
    discardable, or the player could not finish the turn (PH-16). Then ``hand`` is the
    hand the play would leave (with the pile's cards, for a take) and ``canastas`` the
    kinds of the side's canastas after it. American Samba forbids red 3s (AS-27);
    Pennies from Heaven forbids 7s until both teams have a sevens canasta (PH-16).

    :param game: the game (read only).
    :param player: the player about to discard.
    :param going_out: whether this discard would empty the hand.
    :param hand: the cards to judge (a multiset, canonical order).
    :param canastas: the kinds of the player's side's canastas at the moment of that
        discard (e.g. ``("natural", "sevens")``).
    """


@hookspec(firstresult=True)
def canasta_going_out_violations(
    game: Game, player: int, canastas: tuple[str, ...]
) -> tuple[Violation, ...] | None:
    """Return why ``player`` may not go out (empty the hand) now; an empty tuple allows it.

    Called when a play would empty the hand, and when the engine checks how many cards a
    player must keep. ``canastas`` lists the canasta kinds the player's side would own after
    the play being considered (it may complete canastas, AS-35).

    :param game: the game (read only).
    :param player: the player who would go out.
    :param canastas: kinds of the side's canastas after the play (e.g. ``("natural",
        "samba")``).
    """


@hookspec
def canasta_meld_violation(
    game: Game, side: int, meld: Meld, added: tuple[Card, ...]
) -> Violation | None:
    """Return a :class:`~canasta_family.rules.Violation` if ``meld`` (the meld as it would
    be after adding ``added``) breaks a restriction of the variant beyond
    :class:`~canasta_family.rules.MeldRules`, else ``None``.

    A list hook: every implementation is asked and any violation refuses the play. The
    engine calls it only when some plugin other than the core implements it, so variants
    that describe their melds with ``MeldRules`` pay nothing for it.

    :param game: the game (read only).
    :param side: the side that would own the meld.
    :param meld: the meld after the play.
    :param added: the cards the play adds (all of them for a new meld).
    """


@hookspec(firstresult=True)
def canasta_turn_end(game: Game, player: int) -> TurnEndEffects | None:
    """Return the :class:`~canasta_family.rules.TurnEndEffects` of ``player``'s turn ending
    (after the discard), e.g. picking up the foot (PH-18).

    Called once per turn that ends with a discard.

    :param game: the game (read only); ``game.turn_canastas`` lists the canastas the player
        completed this turn.
    :param player: the player whose turn ends.
    """


@hookspec(firstresult=True)
def canasta_score_side(game: Game, side: int, went_out: int | None) -> tuple[ScoreItem, ...] | None:
    """Return the lines of ``side``'s score for the hand that just ended (AS-41).

    Called once per side at the end of every hand, before cards are collected.

    :param game: the game (read only).
    :param side: the side to score.
    :param went_out: the seat of the player who went out, or ``None``.
    """


@hookspec(firstresult=True)
def canasta_red_three_score(game: Game, side: int, count: int) -> int | None:
    """Return the points (positive or negative) for ``count`` red 3s on ``side``'s table
    at the end of a hand (AS-30).

    Called by the default :func:`canasta_score_side`.

    :param game: the game (read only).
    :param side: the side.
    :param count: how many red 3s the side has placed.
    """


@hookspec(firstresult=True)
def canasta_game_result(game: Game) -> GameResult | None:
    """Return how the game ended after the hand just scored, or
    :data:`~canasta_family.rules.CONTINUE` to deal another hand (AS-42).

    Called once after every hand.

    :param game: the game (read only); ``game.scores`` already includes the hand.
    """
