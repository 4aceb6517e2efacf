"""Invariant checks: plain functions that raise :class:`AssertionError` with a clear message.

Each check takes a game (any variant, any moment) and looks at it only through the public
API. They do not need hypothesis, so they also serve ordinary tests, fuzzers and bots.

>>> import canasta_family
>>> game = canasta_family.new_game("american-samba", players=4, seed=3)
>>> check_cards_conserved(game)
>>> check_observation_hides(game)
>>> check_refusal_leaves_state(game, "discard Ks").rule  # nobody has drawn yet
'AS-15'
>>> check_clone_and_replay(game)
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence

import attrs

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
    parse_action,
    to_action,
)
from canasta_family.api import new_game, replay
from canasta_family.arrangement import HandSetup
from canasta_family.cards import NUM_CODES, Card, card_from_code
from canasta_family.engine import Game
from canasta_family.errors import CanastaError, UnknownVariantError
from canasta_family.observation import Observation
from canasta_family.plugins import Variant, find_variant

__all__ = [
    "PUBLIC_CARD_FIELDS",
    "SECRET_FIELD_NAMES",
    "brute_force_candidates",
    "check_candidate",
    "check_cards_conserved",
    "check_clone_and_replay",
    "check_hidden_swap",
    "check_legal_actions_pure",
    "check_listed_actions",
    "check_listing_complete",
    "check_observation_hides",
    "check_refusal_leaves_state",
    "deck_counts",
    "describe",
    "going_out_sequence",
    "hidden_swap_twins",
    "mirror_setup",
]

PUBLIC_CARD_FIELDS = frozenset({"hand", "melds", "red_threes", "pile_top", "hand_results"})
"""Observation fields that may hold :class:`~canasta_family.cards.Card` values: the
observer's own hand and what lies face up on the table. Any card found in another field is
reported as a leak."""

SECRET_FIELD_NAMES = frozenset({
    "hands", "other_hands", "stock", "stock_cards", "stock_order", "pile", "pile_cards",
    "feet", "foot", "foot_cards", "deck", "aside", "aside_cards", "rng", "rng_state", "seed",
})
"""Field names an :class:`~canasta_family.observation.Observation` must never have: they
would name hidden information (other hands, feet, the stock, the pile below its top)."""

Chooser = Callable[[Game, Sequence[Action]], Action]
"""Picks one action among candidates (used to play twin games in step)."""


# --- helpers ---------------------------------------------------------------------------


def describe(game: Game, *, last: int = 8) -> str:
    """A short, reproducible description of ``game`` for assertion messages: variant,
    players, seed, options, whether it began from an arrangement, the number of actions
    and the last few of them (the full list is in ``game.record()``).

    >>> import canasta_family
    >>> game = canasta_family.new_game("american-samba", players=2, seed=4)
    >>> game.apply("draw")
    >>> print(describe(game))  # doctest: +NORMALIZE_WHITESPACE
    american-samba players=2 seed=4 options={'no_wild_on_natural_canasta': False}
    arranged=False actions=1 last=['draw']
    """
    actions = [str(a) for a in game.actions]
    return (f"{game.variant.name} players={game.num_players} seed={game.seed} "
            f"options={dict(game.options)} arranged={game.start is not None} "
            f"actions={len(actions)} last={actions[-last:] if last else []}")


def deck_counts(game: Game) -> list[int]:
    """How many copies of each card code (0–52) ``game.deck`` holds.

    >>> import canasta_family
    >>> counts = deck_counts(canasta_family.new_game("american-samba", seed=1))
    >>> sum(counts), counts[52]  # Samba: three packs with their jokers
    (162, 6)
    """
    counts = [0] * NUM_CODES
    for card in game.deck:
        counts[card.code] += 1
    return counts


def _count_places(game: Game) -> list[int]:
    """Card counts gathered independently of ``all_card_counts``, place by place."""
    counts = [0] * NUM_CODES
    places: list[Iterable[Card]] = []
    for seat in range(game.num_players):
        places.append(game.hand_cards(seat))
        places.append(game.foot_cards(seat))
    for side in range(len(game.sides)):
        places.extend(meld.cards for meld in game.side_melds(side))
        places.append(game.side_red_threes(side))
        places.append(game.reserve_cards(side))
    places.extend((game.stock_cards(), game.pile, game.aside_cards()))
    for place in places:
        for card in place:
            counts[card.code] += 1
    return counts


def _count_diff(expected: Sequence[int], actual: Sequence[int]) -> str:
    parts = [f"{card_from_code(code)}: {actual[code]} instead of {expected[code]}"
             for code in range(NUM_CODES) if actual[code] != expected[code]]
    return ", ".join(parts)


def _fail(message: str, game: Game) -> AssertionError:
    return AssertionError(f"{message}\n  game: {describe(game)}")


# --- conservation ----------------------------------------------------------------------


def check_cards_conserved(game: Game) -> None:
    """Every card of the deck is somewhere, exactly once per copy.

    Checks ``game.all_card_counts()`` against the counts of ``game.deck``, recounts the
    cards place by place through the read-only accessors (hands, feet, melds, red 3s,
    stock, pile, cards set aside), and checks that the sizes the game reports
    (``hand_size``, ``stock_size``, ``card_locations()``) agree with the contents.

    >>> import canasta_family
    >>> game = canasta_family.new_game("american-samba", players=6, seed=9)
    >>> game.apply("draw")
    >>> check_cards_conserved(game)
    """
    expected = deck_counts(game)
    reported = list(game.all_card_counts())
    if reported != expected:
        raise _fail("all_card_counts() differs from the deck: "
                    + _count_diff(expected, reported), game)
    counted = _count_places(game)
    if counted != expected:
        raise _fail("the cards found place by place differ from the deck: "
                    + _count_diff(expected, counted), game)
    for seat in range(game.num_players):
        if game.hand_size(seat) != len(game.hand_cards(seat)):
            raise _fail(f"hand_size({seat}) is {game.hand_size(seat)} but the hand holds "
                        f"{len(game.hand_cards(seat))} cards", game)
        if game.foot_size(seat) != len(game.foot_cards(seat)):
            raise _fail(f"foot_size({seat}) is {game.foot_size(seat)} but the foot holds "
                        f"{len(game.foot_cards(seat))} cards", game)
    if game.stock_size != len(game.stock_cards()):
        raise _fail(f"stock_size is {game.stock_size} but the stock holds "
                    f"{len(game.stock_cards())} cards", game)
    total = sum(game.card_locations().values())
    if total != len(game.deck):
        raise _fail(f"card_locations() adds up to {total}, the deck has {len(game.deck)}: "
                    f"{game.card_locations()}", game)


# --- hidden information ----------------------------------------------------------------


def _cards_in(value: object) -> list[Card]:
    """Every :class:`Card` reachable inside ``value`` (attrs values, tuples, lists, dicts)."""
    found: list[Card] = []
    stack: list[object] = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Card):
            found.append(item)
        elif isinstance(item, (tuple, list, set, frozenset)):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        else:
            kind = type(item)
            if attrs.has(kind):
                stack.extend(getattr(item, f.name) for f in attrs.fields(kind))
    return found


_SCALAR_TYPES = frozenset({"int", "str", "bool", "float", "None", "tuple", "..."})


def _card_free(annotation: object) -> bool:
    """Whether a field annotation names only scalar types (so it cannot hold cards)."""
    text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "?")
    for sep in "[],|":
        text = text.replace(sep, " ")
    return all(token in _SCALAR_TYPES for token in text.split())


@functools.cache
def _fields_to_scan() -> tuple[str, ...]:
    """Observation fields that must be scanned for cards: all but the public card fields
    and those whose annotation allows only scalars (int, str, bool, None, tuples of them)."""
    return tuple(f.name for f in attrs.fields(Observation)
                 if f.name not in PUBLIC_CARD_FIELDS and not _card_free(f.type))


def _check_observation_type() -> None:
    names = {f.name for f in attrs.fields(Observation)}
    secret = sorted(names & SECRET_FIELD_NAMES)
    if secret:
        raise AssertionError(f"Observation has field(s) naming hidden information: {secret}")


def _check_one_observation(game: Game, seat: int) -> Observation:
    obs = game.observation(seat)
    if obs.player != seat:
        raise _fail(f"observation({seat}).player is {obs.player}", game)
    own = game.hand_cards(seat)
    if Counter(obs.hand) != Counter(own):
        raise _fail(f"observation({seat}).hand {[str(c) for c in obs.hand]} is not the seat's "
                    f"hand {[str(c) for c in own]}", game)
    sizes = tuple(game.hand_size(p) for p in range(game.num_players))
    expected: dict[str, object] = {
        "hand_sizes": sizes,
        "stock_size": game.stock_size,
        "pile_size": len(game.pile),
        "pile_top": game.pile_top,
        "current_player": game.current_player,
        "phase": game.phase,
        "melds": tuple(game.side_melds(s) for s in range(len(game.sides))),
        "red_threes": tuple(game.side_red_threes(s) for s in range(len(game.sides))),
        "scores": game.scores,
    }
    for name, value in expected.items():
        if getattr(obs, name) != value:
            raise _fail(f"observation({seat}).{name} is {getattr(obs, name)!r}, the game says "
                        f"{value!r}", game)
    for name in _fields_to_scan():
        cards = _cards_in(getattr(obs, name))
        if cards:
            raise _fail(f"observation({seat}).{name} holds cards "
                        f"{[str(c) for c in cards]}: only the own hand and the table may", game)
    return obs


def mirror_setup(game: Game) -> HandSetup:
    """A :class:`~canasta_family.arrangement.HandSetup` that deals the position of
    ``game`` again: same hands, stock order, pile, melds, red 3s, scores, dealer, hand
    number and player to move.

    Only possible at the start of a turn (phase ``"draw"``) and while every hand holds
    cards; raises :class:`ValueError` otherwise. What a setup cannot say (this hand's
    history, penalties from taking back an initial meld) is not copied, so compare two
    mirrored games with each other rather than with ``game``.

    >>> import canasta_family
    >>> game = canasta_family.new_game("american-samba", players=2, seed=8)
    >>> setup = mirror_setup(game)
    >>> [len(hand) for hand in setup.hands] == [game.hand_size(0), game.hand_size(1)]
    True
    """
    if game.phase != "draw":
        raise ValueError(f"a position can be mirrored only in phase 'draw', not {game.phase!r}")
    hands = tuple(game.hand_cards(seat) for seat in range(game.num_players))
    if not all(hands):
        raise ValueError("a position with an empty hand cannot be mirrored (HandSetup needs "
                         "cards in every hand)")
    sides = range(len(game.sides))
    feet = None
    if game.deal_rules.foot_size:  # an empty foot is one already picked up
        feet = tuple(game.foot_cards(seat) for seat in range(game.num_players))
    reserves = None
    if game.reserve_rules.size:  # an empty reserve is one already taken
        reserves = tuple(game.reserve_cards(side) for side in sides)
    return HandSetup(
        hands=hands,
        pile=game.pile,
        stock=game.stock_cards(),
        feet=feet,
        melds=tuple(tuple(meld.cards for meld in game.side_melds(s)) for s in sides),
        meld_places=tuple(tuple(meld.places for meld in game.side_melds(s)) for s in sides)
        if any(meld.places for s in sides for meld in game.side_melds(s)) else None,
        red_threes=tuple(game.side_red_threes(s) for s in sides),
        scores=game.scores,
        dealer=game.dealer,
        to_play=game.current_player,
        hand_number=game.hand_number,
        reserves=reserves,
    )


def _swap_choice(game: Game, seat: int, hand_card: Card | None, stock_index: int | None
                 ) -> tuple[Card, int] | None:
    stock = game.stock_cards()
    hand = game.hand_cards(seat)
    indices = range(len(stock)) if stock_index is None else [stock_index]
    for index in indices:
        if not 0 <= index < len(stock) or game.is_bonus_card(stock[index]):
            continue
        for card in ([hand_card] if hand_card is not None else hand):
            if card in hand and not game.is_bonus_card(card) and card != stock[index]:
                return card, index
    return None


def hidden_swap_twins(game: Game, seat: int, *, hand_card: Card | str | None = None,
                      stock_index: int | None = 0) -> tuple[Game, Game] | None:
    """Two games dealt from the position of ``game`` (see :func:`mirror_setup`) that
    differ only in hidden cards: in the second, one card of ``seat``'s hand and the stock
    card at ``stock_index`` (0 = top) have changed places.

    ``hand_card`` defaults to the first card of the hand that differs from the stock card;
    ``stock_index=None`` picks the first stock card that allows a swap. Red 3s are never
    swapped (they are shown as soon as they are dealt or drawn). Returns ``None`` when no
    swap is possible (no such cards, or a position :func:`mirror_setup` cannot copy).

    >>> import canasta_family
    >>> game = canasta_family.new_game("american-samba", players=4, seed=8)
    >>> plain, swapped = hidden_swap_twins(game, seat=2)
    >>> plain.hand_cards(2) == swapped.hand_cards(2), plain.observation(0) == swapped.observation(0)
    (False, True)
    """
    card = Card.parse(hand_card) if isinstance(hand_card, str) else hand_card
    if game.is_over or game.phase != "draw":
        return None
    choice = _swap_choice(game, seat, card, stock_index)
    if choice is None:
        return None
    try:
        setup = mirror_setup(game)
    except ValueError:
        return None
    card, index = choice
    hands = list(setup.hands)
    hand = list(hands[seat])
    stock = list(setup.stock or ())
    hand[hand.index(card)] = stock[index]
    stock[index] = card
    hands[seat] = tuple(hand)
    swapped = attrs.evolve(setup, hands=tuple(hands), stock=tuple(stock))
    options = dict(game.options)
    variant = game._s.variant  # the game's own, installed or not
    first = new_game(variant, players=game.num_players, seed=game.seed,
                     options=options, start=setup)
    second = new_game(variant, players=game.num_players, seed=game.seed,
                      options=options, start=swapped)
    return first, second


def _observation_diff(a: Observation, b: Observation) -> list[str]:
    return [f.name for f in attrs.fields(Observation)
            if getattr(a, f.name) != getattr(b, f.name)]


def _compare_twins(plain: Game, swapped: Game, context: str) -> None:
    for seat in range(plain.num_players):
        a, b = plain.observation(seat), swapped.observation(seat)
        if plain.hand_cards(seat) != swapped.hand_cards(seat):
            a, b = attrs.evolve(a, hand=()), attrs.evolve(b, hand=())
        differ = _observation_diff(a, b)
        if differ:
            raise AssertionError(
                f"observation({seat}) depends on cards seat {seat} cannot see: field(s) "
                f"{differ} differ between two games that differ only in hidden cards "
                f"({context})\n  first: {[getattr(a, n) for n in differ]!r}\n  second: "
                f"{[getattr(b, n) for n in differ]!r}\n  game: {describe(plain)}")
    mover = plain.current_player
    if not plain.is_over and plain.hand_cards(mover) == swapped.hand_cards(mover):
        listed_a, listed_b = set(plain.legal_actions()), set(swapped.legal_actions())
        if listed_a != listed_b:
            only_a = sorted(str(x) for x in listed_a - listed_b)
            only_b = sorted(str(x) for x in listed_b - listed_a)
            raise AssertionError(
                f"the legal actions of seat {mover} depend on cards it cannot see "
                f"({context}): only in the first game {only_a[:8]}, only in the second "
                f"{only_b[:8]}\n  game: {describe(plain)}")


def _random_chooser(seed: int) -> Chooser:
    rng = random.Random(seed)

    def choose(_game: Game, actions: Sequence[Action]) -> Action:
        return rng.choice(list(actions))

    return choose


def check_hidden_swap(game: Game, seat: int, *, hand_card: Card | str | None = None,
                      stock_index: int | None = 0, steps: int = 0,
                      choose: Chooser | None = None) -> bool:
    """Hidden cards never show: games that differ only in hidden cards look the same.

    Builds :func:`hidden_swap_twins` (a card of ``seat``'s hand exchanged with a stock
    card) and checks that every seat's observation is equal in both games (for a seat
    whose own hand differs, everything but the hand), and that the player to move has the
    same legal actions in both when its hand is the same. Then plays up to ``steps``
    actions in both games in step — each chosen by ``choose`` among the actions legal in
    both (default: seeded random) — checking again after each, until the hand ends (the
    score sheet shows the hands, so the games may then differ) or ``seat``'s initial meld
    counts differently in the two (after a pile take only the cards held before it count,
    AS-23, and the count is public).

    Returns ``False`` when no swap was possible (nothing was checked), else ``True``.

    >>> import canasta_family
    >>> game = canasta_family.new_game("american-samba", players=4, seed=8)
    >>> check_hidden_swap(game, seat=1, steps=12)
    True
    """
    twins = hidden_swap_twins(game, seat, hand_card=hand_card, stock_index=stock_index)
    if twins is None:
        return False
    plain, swapped = twins
    chooser = choose or _random_chooser(game.seed + len(game.actions) + seat)
    hands_done = len(plain.hand_results)
    _compare_twins(plain, swapped, f"seat {seat}'s hand swapped with the stock, no action yet")
    for step in range(steps):
        if plain.is_over:
            break
        second = set(swapped.legal_actions())
        common = [a for a in plain.legal_actions() if a in second]
        if not common:
            break
        action = chooser(plain, common)
        mover = plain.current_player
        plain.apply(action)
        swapped.apply(action)
        if plain.initial_meld_count() != swapped.initial_meld_count() and (
                mover == seat or plain.hand_cards(mover) != swapped.hand_cards(mover)):
            # After an initial pile take only the cards held before it count (AS-23), and
            # the count is announced: what the mover held, which differs (``seat``'s own
            # cards, or a draw from the stock they were swapped into), shows from here.
            break
        if len(plain.hand_results) != len(swapped.hand_results):
            raise AssertionError(
                f"after {action} one twin ended the hand and the other did not\n  game: "
                f"{describe(plain)}")
        if len(plain.hand_results) != hands_done:
            break
        _compare_twins(plain, swapped,
                       f"seat {seat}'s hand swapped with the stock, then {step + 1} action(s) "
                       f"played in both: {[str(a) for a in plain.actions[-step - 1:]]}")
    return True


def check_observation_hides(game: Game, *, twins: bool = True, steps: int = 0) -> None:
    """Observations show exactly the observer's own hand and the public state.

    For every seat: the observation's hand is that seat's hand; sizes, stock size, pile
    size and top, melds, red 3s and scores agree with the game; no field other than
    :data:`PUBLIC_CARD_FIELDS` contains any card (fields annotated with scalar types only,
    such as the history of ``(seat, text)`` pairs, cannot and are not scanned); and the
    :class:`~canasta_family.observation.Observation` type has no field from
    :data:`SECRET_FIELD_NAMES`. With ``twins`` (and in phase ``"draw"``) also runs
    :func:`check_hidden_swap` for every seat, playing ``steps`` actions in step.

    >>> import canasta_family
    >>> game = canasta_family.new_game("american-samba", players=4, seed=6)
    >>> check_observation_hides(game, steps=4)
    """
    _check_observation_type()
    for seat in range(game.num_players):
        _check_one_observation(game, seat)
    if twins and game.phase == "draw" and not game.is_over:
        for seat in range(game.num_players):
            check_hidden_swap(game, seat, stock_index=None, steps=steps)


# --- validation before mutation --------------------------------------------------------


def check_refusal_leaves_state(game: Game, action: Action | str, *,
                               player: int | None = None) -> CanastaError:
    """``action`` is refused and the game is left exactly as it was.

    ``is_legal`` must answer ``False``; ``verify`` and ``apply`` must each raise a
    :class:`~canasta_family.errors.CanastaError` (any other exception is a bug); the
    snapshot and the listed legal actions must be the same afterwards. ``player`` is
    passed on (``apply(action, player=...)``) to test moves by the wrong seat. Returns the
    error ``apply`` raised, so a test can look at its rule.

    >>> import canasta_family
    >>> game = canasta_family.new_game("american-samba", players=4, seed=3)
    >>> check_refusal_leaves_state(game, "draw", player=2).__class__.__name__
    'InvalidActionError'
    """
    before = game.snapshot()
    listed = game.legal_actions()
    shown = f"{action!s}" + ("" if player is None else f" (as seat {player})")
    try:
        legal = game.is_legal(action, player=player)
    except Exception as exc:
        raise _fail(f"is_legal({shown}) raised {exc!r} instead of answering", game) from exc
    if legal:
        raise _fail(f"{shown} should be refused, but is_legal says it is legal", game)
    error: CanastaError | None = None
    for name in ("verify", "apply"):
        try:
            getattr(game, name)(action, player=player)
        except CanastaError as exc:
            error = exc
        except Exception as exc:
            raise _fail(f"{name}({shown}) raised {exc!r}; refusals must be CanastaError",
                        game) from exc
        else:
            raise _fail(f"{name}({shown}) was accepted, but is_legal says it is illegal", game)
        if game.snapshot() != before:
            raise _fail(f"refused {name}({shown}) changed the game", game)
    if game.legal_actions() != listed:
        raise _fail(f"refused {shown} changed the legal actions", game)
    assert error is not None
    return error


def check_candidate(game: Game, action: Action | str, *, player: int | None = None) -> bool:
    """Any action is legal exactly when ``legal_actions()`` lists it.

    A listed action (played by the seat to move) must pass ``is_legal`` and ``verify``
    and apply cleanly to a clone, leaving ``game`` untouched; anything else must pass
    :func:`check_refusal_leaves_state`. Returns whether the action was legal.

    >>> import canasta_family
    >>> game = canasta_family.new_game("american-samba", players=4, seed=3)
    >>> check_candidate(game, "draw"), check_candidate(game, "pass")
    (True, False)
    """
    act = to_action(action)
    listed = act in game.legal_actions() and player in (None, game.current_player)
    if not listed:
        check_refusal_leaves_state(game, act, player=player)
        return False
    before = game.snapshot()
    if not game.is_legal(act, player=player):
        raise _fail(f"{act} is listed by legal_actions() but is_legal says no", game)
    try:
        game.verify(act, player=player)
        game.clone().apply(act, player=player)
    except Exception as exc:
        raise _fail(f"{act} is listed by legal_actions() but raised {exc!r}", game) from exc
    if game.snapshot() != before:
        raise _fail(f"checking the legal action {act} changed the game", game)
    return True


def check_listed_actions(game: Game, *, limit: int | None = None,
                         rng: random.Random | None = None) -> int:
    """Every listed legal action (or a sample of ``limit`` of them) is accepted.

    Each must be listed once only, pass ``is_legal``, and apply to a clone with the cards
    still conserved (``all_card_counts()``), leaving ``game`` unchanged. Its text must
    parse back to an equal action, and applying that fresh, equal object (which the
    engine checks in full, whereas the listed object itself may skip the check) must give
    the same game. Returns how many were checked.

    >>> import canasta_family
    >>> game = canasta_family.new_game("american-samba", players=4, seed=3)
    >>> game.apply("draw")
    >>> check_listed_actions(game, limit=5, rng=random.Random(0))
    5
    """
    listed = game.legal_actions()
    if len(set(listed)) != len(listed):
        repeated = sorted({str(a) for a in listed if listed.count(a) > 1})
        raise _fail(f"legal_actions() lists some actions twice: {repeated}", game)
    chosen: Sequence[Action] = listed
    if limit is not None and len(listed) > limit:
        chosen = (rng or random.Random(len(game.actions))).sample(list(listed), limit)
    before = game.snapshot()
    deck = deck_counts(game)
    for action in chosen:
        if not game.is_legal(action):
            raise _fail(f"{action} is listed by legal_actions() but is_legal says no", game)
        copy = game.clone()
        try:
            copy.apply(action)
        except Exception as exc:
            raise _fail(f"{action} is listed by legal_actions() but apply raised {exc!r}",
                        game) from exc
        if list(copy.all_card_counts()) != deck:
            raise _fail(f"cards not conserved after {action}: "
                        + _count_diff(deck, copy.all_card_counts()), game)
        parsed = parse_action(str(action))
        if parsed != action:
            raise _fail(f"the text {str(action)!r} of a listed action parses to {parsed!r}, "
                        f"not {action!r}", game)
        other = game.clone()
        try:
            other.apply(parsed)
        except Exception as exc:
            raise _fail(f"{action} is listed, but an equal action parsed from its text was "
                        f"refused: {exc!r}", game) from exc
        if other != copy:
            raise _fail(f"applying the listed object {action} and an equal one parsed from "
                        "its text gave different games", game)
    if game.snapshot() != before:
        raise _fail("applying listed actions to clones changed the original", game)
    return len(chosen)


def check_legal_actions_pure(game: Game) -> None:
    """Listing the legal actions never changes a game, and the (cached) list a game
    returns equals one computed afresh.

    Replays ``game.record()`` into a fresh game (nothing cached), lists its actions
    twice with snapshots before and after, and compares with ``game.legal_actions()``.

    >>> import canasta_family
    >>> check_legal_actions_pure(canasta_family.new_game("american-samba", seed=3))
    """
    before = game.snapshot()
    listed = game.legal_actions()
    if game.snapshot() != before:
        raise _fail("legal_actions() changed the game", game)
    fresh = replay(game.record(), variant=_replay_variant(game))
    fresh_before = fresh.snapshot()
    first = fresh.legal_actions()
    if fresh.snapshot() != fresh_before:
        raise _fail("legal_actions() changed a freshly replayed game", game)
    if fresh.legal_actions() != first:
        raise _fail("legal_actions() answered differently the second time", game)
    if set(first) != set(listed) or len(first) != len(listed):
        raise _fail(f"the cached legal actions differ from a fresh listing: cached only "
                    f"{sorted(str(a) for a in set(listed) - set(first))[:8]}, fresh only "
                    f"{sorted(str(a) for a in set(first) - set(listed))[:8]}", game)


# --- copies and records ----------------------------------------------------------------


def _replay_variant(game: Game) -> Variant | None:
    """None where the game's variant is installed (its record replays by name), else the
    game's own: a plugin being written replays as it was played."""
    own = game._s.variant
    try:
        found = find_variant(own.name)
    except UnknownVariantError:
        return own
    return None if type(found.plugin) is type(own.plugin) else own


def check_clone_and_replay(game: Game, *, text: bool = True) -> None:
    """Copies and records rebuild the very same game, and a copy is independent.

    ``game.clone() == game`` (with equal snapshots and legal actions);
    ``canasta_family.replay(game.record())`` equals ``game`` and lists the same legal
    actions afresh; the record's JSON text replays to ``game`` too (unless ``text`` is
    false); and playing a legal action on the clone leaves ``game`` unchanged.

    >>> import canasta_family
    >>> game = canasta_family.new_game("american-samba", players=2, seed=5)
    >>> game.apply("draw")
    >>> check_clone_and_replay(game)
    """
    before = game.snapshot()
    copy = game.clone()
    if copy != game or copy.snapshot() != before:
        raise _fail("game.clone() is not equal to the game", game)
    if not game.is_over and copy.legal_actions() != game.legal_actions():
        raise _fail("the clone lists other legal actions than the game", game)
    record = game.record()
    variant = _replay_variant(game)
    replayed = replay(record, variant=variant)
    if replayed != game:
        raise _fail("replay(game.record()) is not equal to the game", game)
    if not game.is_over and set(replayed.legal_actions()) != set(game.legal_actions()):
        raise _fail("the replayed game (listing afresh) has other legal actions than the "
                    "game (whose listing may be cached)", game)
    if text and replay(record.dumps(), variant=variant) != game:
        raise _fail("replaying the record's JSON text does not give the game back", game)
    if not game.is_over:
        copy.apply(copy.legal_actions()[0])
        if game.snapshot() != before:
            raise _fail(f"playing {copy.actions[-1]} on a clone changed the original", game)
        if copy == game:
            raise _fail(f"playing {copy.actions[-1]} on a clone did not change the clone", game)


# --- completeness of the listing -------------------------------------------------------


def _sub_multisets(cards: Sequence[Card], low: int, high: int) -> list[tuple[Card, ...]]:
    """Every distinct sub-multiset of ``cards`` with ``low`` to ``high`` cards."""
    counts = Counter(cards)
    kinds = sorted(counts, key=lambda card: card.code)
    out: list[tuple[Card, ...]] = []

    def walk(index: int, chosen: list[Card]) -> None:
        if index == len(kinds):
            if low <= len(chosen) <= high:
                out.append(tuple(chosen))
            return
        card = kinds[index]
        for copies in range(min(counts[card], high - len(chosen)) + 1):
            walk(index + 1, chosen + [card] * copies)

    walk(0, [])
    return out


def brute_force_candidates(game: Game, *, max_meld: int = 8) -> list[Action]:
    """Every action of the usual kinds the player to move could try now, built by brute
    force from its hand:

    draw, pass, retract, answers, ``ask`` to every seat, a discard and a red-3 placement
    of every card held, a new meld from every sub-multiset of the hand of 1 to
    ``max_meld`` cards, a lay-off of every sub-multiset of 1 to 4 cards on every meld of
    the side (and one number past the end), a pile take with no cards and with every
    sub-multiset of 1 to 4 hand cards, ``take-pile onto`` and ``pick-up`` every meld, and
    every merge.

    >>> import canasta_family
    >>> game = canasta_family.new_game("american-samba", players=2, seed=1)
    >>> any(str(action) == "draw" for action in brute_force_candidates(game))
    True
    """
    seat = game.current_player
    hand = game.hand_cards(seat)
    melds = len(game.side_melds(game.side_of(seat)))
    out: list[Action] = [Draw(), Pass(), Retract(), Answer(yes=True), Answer(yes=False)]
    out.extend(Ask(partner=p) for p in range(game.num_players))
    for card in sorted(set(hand), key=lambda c: c.code):
        out.append(Discard(card=card))
        out.append(PlaceRedThree(card=card))
    out.extend(MakeMeld(cards=group) for group in _sub_multisets(hand, 1, max_meld))
    small = _sub_multisets(hand, 1, 4)
    for index in range(melds + 1):
        out.extend(LayOff(meld=index, cards=group) for group in small)
        out.append(TakePile(onto=index))
        out.append(PickUp(onto=index))
        out.extend(Merge(first=index, second=other) for other in range(index + 1, melds + 1))
    out.append(TakePile())
    out.extend(TakePile(cards=group) for group in small)
    return out


def check_listing_complete(game: Game, *, max_meld: int = 8) -> int:
    """``legal_actions()`` lists every legal action: each of
    :func:`brute_force_candidates` is legal (``is_legal``) exactly when it is listed.

    Meant for small positions (short hands): the candidates grow exponentially with the
    hand. Returns how many candidates were tried.

    >>> import canasta_family
    >>> game = canasta_family.new_game("american-samba", players=4, seed=2)
    >>> check_listing_complete(game) > 100
    True
    """
    listed = set(game.legal_actions())
    candidates = brute_force_candidates(game, max_meld=max_meld)
    missing: list[str] = []
    extra: list[str] = []
    for action in candidates:
        legal = game.is_legal(action)
        if legal and action not in listed:
            missing.append(str(action))
        elif action in listed and not legal:
            extra.append(str(action))
    if missing or extra:
        raise _fail(f"legal_actions() and is_legal disagree: legal but not listed "
                    f"{missing[:10]}; listed but refused {extra[:10]}", game)
    return len(candidates)


def going_out_sequence(game: Game, *, max_meld: int = 8, limit: int = 200_000
                       ) -> list[Action] | None:
    """Legal plays that take the player to move out this turn, or None: found by trying
    every order of the :func:`brute_force_candidates` melds, lay-offs and red-3
    placements that ``is_legal`` accepts, written apart from the engine's own going-out
    search (which plays the lowest card first and prunes).

    It plays, in any order, only plays that keep at least two cards and meld no black 3s
    (their legality does not depend on going out), then one finishing play that empties
    the hand or leaves one card for a going-out discard. Every going-out turn can be
    ordered so (a play that keeps one card back can take it along, a black-3 meld can
    come last), so this answers the rule's question — "is going out possible by some
    sequence of plays?" (AS-36) — exactly, up to ``limit`` positions tried.

    >>> import canasta_family
    >>> game = canasta_family.new_game("american-samba", players=4, seed=1)
    >>> game.apply("draw")
    >>> going_out_sequence(game) is None  # no canastas yet
    True
    """
    tried = [0]
    seat = game.current_player
    seen: set[tuple[object, ...]] = set()

    def finished(after: Game) -> bool:
        ended = after.hand_number != game.hand_number or after.is_over
        return ended and after.hand_results[-1].went_out == seat

    def search(position: Game) -> list[Action] | None:
        key = (tuple(sorted(c.code for c in position.hand_cards(seat))),
               tuple(str(m) for m in position.side_melds(position.side_of(seat))))
        if key in seen:
            return None
        seen.add(key)
        tried[0] += 1
        if tried[0] > limit:
            raise AssertionError(f"going_out_sequence gave up after {limit} positions")
        size = position.hand_size(seat)
        plays = [a for a in brute_force_candidates(position, max_meld=max_meld)
                 if isinstance(a, (MakeMeld, LayOff, PlaceRedThree))]
        for action in plays:
            used = len(getattr(action, "cards", ())) or 1
            if size - used > 1 or not position.is_legal(action):
                continue
            after = position.clone()
            after.apply(action)
            if finished(after):
                return [action]
            last = after.hand_cards(seat)[0]
            if after.is_legal(Discard(card=last)):
                return [action, Discard(card=last)]
        for action in plays:
            used = len(getattr(action, "cards", ())) or 1
            black3 = isinstance(action, MakeMeld) and any(
                position.is_stop_card(c) for c in action.cards)
            if size - used < 2 or black3 or not position.is_legal(action):
                continue
            after = position.clone()
            after.apply(action)
            found = search(after)
            if found is not None:
                return [action, *found]
        return None

    if game.phase != "play":
        return None
    return search(game)

