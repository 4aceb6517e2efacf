"""Hypothesis strategies for games, arranged deals and (mostly illegal) candidate actions.

Needs hypothesis (install ``canasta-family[test]``).

>>> from hypothesis import given, settings
>>> from canasta_family.testing import check_cards_conserved
>>> @settings(max_examples=3, database=None)
... @given(games(players=2, steps=st.integers(0, 10)))
... def test_conserved(game):
...     check_cards_conserved(game)
>>> test_conserved()
"""

from __future__ import annotations

import random

from hypothesis import note
from hypothesis import strategies as st
from hypothesis.strategies import SearchStrategy

from canasta_family.actions import (
    Action,
    Answer,
    Ask,
    Discard,
    Draw,
    LayOff,
    MakeMeld,
    Merge,
    Pass,
    PickUp,
    PlaceRedThree,
    Retract,
    TakePile,
)
from canasta_family.api import DEFAULT_VARIANT, new_game
from canasta_family.arrangement import HandSetup
from canasta_family.cards import NUM_CODES, Card, card_from_code
from canasta_family.engine import Game
from canasta_family.players.greedy import GreedyPlayer
from canasta_family.plugins import find_variant
from canasta_family.testing.checks import describe

__all__ = [
    "DEFAULT_MAX_HAND",
    "arranged_setups",
    "candidate_actions",
    "games",
    "hand_limit_reached",
    "play_random",
    "player_counts",
    "seeds",
]

Candidate = tuple[Action, int | None]
"""An action and the seat it is played as (``None``: the seat to move)."""


def seeds() -> SearchStrategy[int]:
    """Game seeds (32-bit, so failures print short numbers).

    >>> from hypothesis import find
    >>> find(seeds(), lambda seed: seed > 5)
    6
    """
    return st.integers(min_value=0, max_value=2**32 - 1)


def player_counts(variant: str = DEFAULT_VARIANT) -> SearchStrategy[int]:
    """The player counts ``variant`` allows.

    >>> from hypothesis import find
    >>> find(player_counts(), lambda count: count > 3)
    4
    """
    return st.sampled_from(find_variant(variant).info.players)


DEFAULT_MAX_HAND = 20
"""Hand size above which :func:`play_random` stops (see there)."""


def hand_limit_reached(game: Game, max_hand: int = DEFAULT_MAX_HAND) -> bool:
    """Whether a seat whose side has not made its initial meld holds more than
    ``max_hand`` cards.

    Random players reach such hands by taking piles they cannot meld from; every listing
    then costs more (hundreds of melds, and for a pile take the search for a completion
    of the minimum, AS-23) while the hand goes on for long, so random play stops there to
    keep tests fast.

    >>> import canasta_family
    >>> hand_limit_reached(canasta_family.new_game(players=2, seed=1))
    False
    """
    for seat in range(game.num_players):
        if game.hand_size(seat) > max_hand and not game.has_initial_meld(game.side_of(seat)):
            return True
    return False


def play_random(game: Game, steps: int, *, seed: int = 0, greedy: float = 0.5,
                max_hand: int | None = DEFAULT_MAX_HAND) -> Game:
    """Play up to ``steps`` legal actions on ``game`` and return it.

    Each action is, with probability ``greedy``, the choice of a
    :class:`~canasta_family.players.GreedyPlayer` (which makes progress: melds, canastas,
    going out) and otherwise a uniformly random legal action; all randomness comes from
    ``seed``, so the same call always plays the same actions. Play stops early when the
    game ends or, unless ``max_hand`` is ``None``, when :func:`hand_limit_reached`.

    >>> import canasta_family
    >>> game = play_random(canasta_family.new_game(players=4, seed=1), 25, seed=7)
    >>> len(game.actions)
    25
    """
    rng = random.Random(seed)
    player = GreedyPlayer()
    for _ in range(steps):
        if game.is_over or (max_hand is not None and hand_limit_reached(game, max_hand)):
            break
        listed = game.legal_actions()
        if rng.random() < greedy:
            seat = game.current_player
            action = player.choose(game.observation(seat), listed)
        else:
            action = rng.choice(listed)
        game.apply(action)
    return game


def _ints(value: int | SearchStrategy[int] | None, default: SearchStrategy[int]
          ) -> SearchStrategy[int]:
    if value is None:
        return default
    if isinstance(value, int):
        return st.just(value)
    return value


@st.composite
def _games(draw: st.DrawFn, variant: str, players: SearchStrategy[int],
           seed: SearchStrategy[int], steps: SearchStrategy[int],
           options: dict[str, object] | None, greedy: float, max_hand: int | None) -> Game:
    game = new_game(variant, players=draw(players), seed=draw(seed), options=options)
    count = draw(steps)
    play_seed = draw(seeds())
    play_random(game, count, seed=play_seed, greedy=greedy, max_hand=max_hand)
    note(f"games(): {describe(game, last=0)} (play_random steps={count} seed={play_seed} "
         f"greedy={greedy}); actions: {[str(a) for a in game.actions]}")
    return game


def games(variant: str = DEFAULT_VARIANT, players: int | SearchStrategy[int] | None = None,
          *, seed: int | SearchStrategy[int] | None = None,
          steps: int | SearchStrategy[int] | None = None,
          options: dict[str, object] | None = None, greedy: float = 0.5,
          max_hand: int | None = DEFAULT_MAX_HAND) -> SearchStrategy[Game]:
    """Seeded games of ``variant``, advanced by a number of legal actions.

    ``players``: a count or a strategy (default: any count the variant allows);
    ``seed``: a seed or a strategy (default :func:`seeds`); ``steps``: how many actions
    to play with :func:`play_random` (default 0–80; fewer when a hand outgrows
    ``max_hand``); ``greedy``: the share of those chosen by the greedy player. The drawn
    seeds and every action are recorded with ``hypothesis.note``, so a failing example
    prints its reproduction.

    >>> from hypothesis import find
    >>> game = find(games(players=4, steps=3), lambda game: True)
    >>> game.num_players, len(game.actions)
    (4, 3)
    """
    return _games(variant, _ints(players, player_counts(variant)), _ints(seed, seeds()),
                  _ints(steps, st.integers(0, 80)), options, greedy, max_hand)


@st.composite
def _setups(draw: st.DrawFn, deck: tuple[Card, ...], players: int, max_hand: int,
            max_pile: int, max_stock: int) -> HandSetup:
    cards = list(draw(st.permutations(deck)))
    sizes = [draw(st.integers(1, max_hand)) for _ in range(players)]
    hands = []
    for size in sizes:
        hands.append(tuple(cards[:size]))
        del cards[:size]
    pile = tuple(cards[:draw(st.integers(0, max_pile))])
    del cards[:len(pile)]
    stock = tuple(cards[:draw(st.integers(1, max_stock))])
    sides = players if players in (2, 3, 5) else 2 if players == 4 else 3
    scores = tuple(draw(st.sampled_from((-200, 0, 1500, 3000, 5000))) for _ in range(sides))
    dealer = draw(st.integers(0, players - 1))
    return HandSetup(hands=tuple(hands), pile=pile, stock=stock, scores=scores, dealer=dealer,
                     to_play=draw(st.integers(0, players - 1)))


def arranged_setups(variant: str = DEFAULT_VARIANT, players: int = 4, *, max_hand: int = 8,
                    max_pile: int = 5, max_stock: int = 12) -> SearchStrategy[HandSetup]:
    """Small random deals as :class:`~canasta_family.arrangement.HandSetup`: hands of 1 to
    ``max_hand`` cards, a pile of up to ``max_pile`` cards (empty: the upcard is turned from
    the stock), an explicit stock of 1 to ``max_stock`` cards (the rest of the deck is set
    aside), random scores (so every initial-meld minimum occurs), dealer and player to
    move. Small positions are where brute-force checks of ``legal_actions()`` are cheap.

    Sides are assumed to be seats alone for 2, 3 and 5 players, pairs for 4 and
    threes-of-two for 6 (as in American Samba).

    >>> import canasta_family
    >>> from hypothesis import find
    >>> setup = find(arranged_setups(players=2), lambda setup: len(setup.pile) == 2)
    >>> game = canasta_family.new_game(players=2, seed=1, start=setup)
    >>> len(game.pile), game.stock_size
    (2, 1)
    """
    deck = new_game(variant, players=players, seed=0).deck
    return _setups(deck, players, max_hand, max_pile, max_stock)


_KINDS = ("draw", "pass", "retract", "answer", "ask", "discard-any", "discard-held", "place",
          "pick-up", "meld", "take-cards", "take-onto", "take-nothing", "lay-off",
          "merge", "wrong-seat")


def _hand_subset(draw: st.DrawFn, hand: tuple[Card, ...], low: int, high: int
                 ) -> tuple[Card, ...]:
    high = min(high, len(hand))
    if not hand or high < low:
        return ()
    picks = draw(st.lists(st.integers(0, len(hand) - 1), min_size=low, max_size=high,
                          unique=True))
    return tuple(hand[i] for i in picks)


@st.composite
def _candidates(draw: st.DrawFn, game: Game) -> Candidate:
    seat = game.current_player
    n = game.num_players
    hand = game.hand_cards(seat)
    melds = len(game.side_melds(game.side_of(seat)))
    listed = game.legal_actions()
    kinds = _KINDS if listed else _KINDS[:-1]
    kind = draw(st.sampled_from(kinds))

    def card() -> Card:
        return card_from_code(draw(st.integers(0, NUM_CODES - 1)))

    def index() -> int:
        return draw(st.integers(-1, melds + 1))

    def cards(low: int = 1, high: int = 6) -> tuple[Card, ...]:
        from_hand: bool = draw(st.integers(0, 3)) > 0
        if hand and from_hand:
            return _hand_subset(draw, hand, low, high)
        return tuple(card() for _ in range(draw(st.integers(low, max(low, 4)))))

    action: Action
    if kind == "wrong-seat":
        others = [p for p in range(-1, n + 1) if p != seat]
        return draw(st.sampled_from(listed)), draw(st.sampled_from(others))
    if kind == "draw":
        action = Draw()
    elif kind == "pass":
        action = Pass()
    elif kind == "retract":
        action = Retract()
    elif kind == "answer":
        action = Answer(yes=draw(st.booleans()))
    elif kind == "ask":
        action = Ask(partner=draw(st.integers(-1, n)))
    elif kind == "discard-any":
        action = Discard(card=card())
    elif kind == "discard-held":
        action = Discard(card=draw(st.sampled_from(hand)) if hand else card())
    elif kind == "place":
        action = PlaceRedThree(card=card())
    elif kind == "pick-up":
        action = PickUp(onto=index())
    elif kind == "meld":
        action = MakeMeld(cards=cards())
    elif kind == "take-cards":
        action = TakePile(cards=cards(1, 3))
    elif kind == "take-onto":
        action = TakePile(onto=index())
    elif kind == "take-nothing":
        action = TakePile()
    elif kind == "lay-off":
        action = LayOff(meld=index(), cards=cards(1, 3))
    else:
        action = Merge(first=index(), second=index())
    return action, None


def candidate_actions(game: Game) -> SearchStrategy[Candidate]:
    """Candidate actions for the position of ``game``, nearly all of them illegal.

    Pairs ``(action, player)``: every kind of action with random arguments — discards of
    any card of the deck (usually not held), melds, lay-offs and pile takes made of random
    hand cards (or any cards), meld numbers and seats just out of range, answers with no
    question asked — played as the seat to move (``player=None``), and listed legal
    actions played as another seat (or as a number that is no seat). Feed them to
    :func:`~canasta_family.testing.checks.check_candidate`, which checks that each is
    legal exactly when listed and that a refusal changes nothing.

    >>> import canasta_family
    >>> from hypothesis import find
    >>> from canasta_family.testing import check_candidate
    >>> game = canasta_family.new_game(players=4, seed=3)
    >>> action, player = find(candidate_actions(game), lambda c: isinstance(c[0], MakeMeld))
    >>> check_candidate(game, action, player=player)
    False
    """
    return _candidates(game)

