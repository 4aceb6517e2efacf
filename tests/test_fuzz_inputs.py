"""Fuzzing every way input reaches the library: each bad input raises the library's own
error for its kind, and a game it was offered to is left exactly as it was.

Classes of input (one test each, drawn by hypothesis):

1. action text, free-form (any Unicode);
2. action text shaped like actions (verbs, cards, numbers in odd scripts and sizes);
3. action values built with fields of any type;
4. records as JSON data, one field replaced by any JSON value;
5. records as JSON text (free-form, and a real record's text cut or spliced);
6. a real record's action list edited;
7. setups (``HandSetup`` fields given as any JSON value, through a record's ``start``);
8. options for every variant;
9. ``new_game`` arguments (variant name, players, seed, start);
10. ``Game.observation`` seats;
11. record headers (``meta``).

Examples per test: four times the hypothesis profile's ``max_examples`` (120 with the
``ci`` profile, 1,200 with ``thorough``).
"""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import canasta_family
from canasta_family import (
    Answer,
    Ask,
    CanastaError,
    Card,
    Discard,
    Game,
    GameRecord,
    IllegalActionError,
    InvalidActionError,
    InvalidArgumentError,
    InvalidOptionError,
    LayOff,
    MakeMeld,
    Merge,
    Observation,
    PickUp,
    PlaceRedThree,
    RecordError,
    SetupError,
    TakePile,
    UnknownVariantError,
    parse_action,
)
from canasta_family.cards import card_from_code
from canasta_family.players import GreedyPlayer, play_game
from canasta_family.plugins import BUILTIN_VARIANTS

FUZZ = settings(max_examples=4 * settings().max_examples, deadline=None,
                suppress_health_check=[HealthCheck.too_slow,
                                       HealthCheck.function_scoped_fixture])

ACTION_ERRORS = (InvalidActionError, IllegalActionError)

# Positions to offer input to: just dealt (draw phase), mid-turn (play phase), and a
# partnership game some way in; every one rebuilt fresh per example from a record.
_POSITIONS: list[str] = []


def _positions() -> list[str]:
    if not _POSITIONS:
        for variant, players, seed, steps in (("american-samba", 2, 1, 0),
                                              ("american-samba", 4, 3, 1),
                                              ("canasta", 4, 5, 37),
                                              ("pennies-from-heaven", 6, 2, 25)):
            game = canasta_family.new_game(variant, players=players, seed=seed)
            if steps:
                play_game(game, [GreedyPlayer() for _ in range(players)], max_actions=steps)
            _POSITIONS.append(game.record().dumps())
    return _POSITIONS


positions = st.integers(0, 3).map(lambda i: canasta_family.replay(_positions()[i]))

json_scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=20),
                         st.floats(allow_nan=True, allow_infinity=True))
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12)

ALL_CARDS = [card_from_code(code) for code in range(53)]
cards = st.sampled_from(ALL_CARDS)
anything = st.one_of(json_values, cards, st.lists(cards, max_size=4).map(tuple),
                     st.integers(-2, 8), st.just(10**5000), st.text(max_size=5))

NUMBERS = st.one_of(
    st.integers(0, 12).map(str), st.integers(-5, 10**30).map(str),
    st.sampled_from(["²", "٣", "①", "๓", "1.0", "0x1", "1e3", "+1", "-0", "9" * 5000,
                     "0" * 50 + "1", "Ⅻ", "١٢"]),
)
CARD_WORDS = st.one_of(cards.map(str), st.sampled_from(["JK", "T♠", "10d", "Zz", "K" * 300,
                                                        "🃏", "", "1", "7h\x00"]))
VERBS = st.sampled_from(["draw", "dr", "take-pile", "tp", "pick-up", "pu", "meld", "m",
                         "lay-off", "lo", "merge", "place", "retract", "discard", "d", "ask",
                         "answer", "pass", "onto", "+", "DRAW"])
shaped_text = st.lists(st.one_of(VERBS, NUMBERS, CARD_WORDS, st.sampled_from(
    ["onto", "yes", "no", "+", ",", "y"])), min_size=1, max_size=8).map(" ".join)


def _offer(game: Game, action: Any) -> None:
    """Offer ``action`` to ``game`` through every door; a refusal must be an action error
    and change nothing, an acceptance must replay."""
    before = game.snapshot()
    legal = game.is_legal(action)
    assert isinstance(legal, bool)
    assert game.snapshot() == before
    try:
        game.verify(action)
    except ACTION_ERRORS:
        assert not legal
    assert game.snapshot() == before
    try:
        game.apply(action)
    except ACTION_ERRORS:
        assert not legal and game.snapshot() == before
        return
    assert legal
    assert canasta_family.replay(game.record().dumps()) == game


@FUZZ
@given(game=positions, text=st.text(max_size=60))
def test_fuzz_free_text_actions(game: Game, text: str) -> None:
    """Any text is an action or an InvalidActionError; never another exception."""
    try:
        parse_action(text)
    except InvalidActionError as err:
        assert len(str(err)) < 400
    _offer(game, text)


@FUZZ
@given(game=positions, text=shaped_text)
def test_fuzz_action_shaped_text(game: Game, text: str) -> None:
    """Text made of verbs, cards and numbers (odd digits, huge numbers, long words) is
    read or refused as an InvalidActionError; what is read prints back to itself."""
    try:
        action = parse_action(text)
    except InvalidActionError as err:
        assert len(str(err)) < 400
    else:
        assert parse_action(str(action)) == action
    _offer(game, text)


ACTION_CLASSES = st.sampled_from([
    (LayOff, ("meld", "cards")), (MakeMeld, ("cards",)), (Merge, ("first", "second")),
    (PickUp, ("onto",)), (TakePile, ("cards", "onto")), (TakePile, ("onto",)),
    (TakePile, ("cards",)), (Ask, ("partner",)), (Answer, ("yes",)), (Discard, ("card",)),
    (PlaceRedThree, ("card",)),
])


@FUZZ
@given(game=positions, spec=ACTION_CLASSES, data=st.data())
def test_fuzz_action_values(game: Game, spec: tuple[type, tuple[str, ...]],
                            data: st.DataObject) -> None:
    """An action value with fields of any type is refused when built (an
    InvalidActionError) or is well-typed: its text reads back to it when it is legal,
    and offering it to a game refuses it cleanly or plays it replayably."""
    cls, fields = spec
    values = {name: data.draw(anything, label=name) for name in fields}
    try:
        action = cls(**values)
    except InvalidActionError:
        return
    for name in ("meld", "onto", "first", "second", "partner"):
        value = getattr(action, name, None)
        assert value is None or type(value) is int
    if isinstance(action, Answer):
        assert type(action.yes) is bool
    _offer(game, action)


_REQUIRED = ("schema", "variant", "options", "players", "seed", "start", "actions", "meta",
             "digest", "extra")


@FUZZ
@given(index=st.integers(0, 3), field=st.sampled_from(_REQUIRED), value=json_values)
def test_fuzz_record_fields(index: int, field: str, value: object) -> None:
    """A record with one field replaced by any JSON value replays or raises RecordError."""
    data = json.loads(_positions()[index])
    data[field] = value
    try:
        game = canasta_family.replay(data)
    except RecordError as err:
        assert len(str(err)) < 2000
    else:
        assert canasta_family.replay(game.record()) == game


@FUZZ
@given(index=st.integers(0, 3), cut=st.integers(0, 10_000), splice=st.text(max_size=30),
       free=st.text(max_size=80))
def test_fuzz_record_text(index: int, cut: int, splice: str, free: str) -> None:
    """JSON text cut short, spliced with anything, or free-form, replays or raises
    RecordError (never a path read, a RecursionError or a decoding error)."""
    text = _positions()[index]
    where = cut % (len(text) + 1)
    for source in (text[:where], text[:where] + splice + text[where:], free, "{" + free):
        try:
            canasta_family.replay(source)
        except RecordError as err:
            assert len(str(err)) < 2000


@FUZZ
@given(index=st.integers(0, 3), edits=st.lists(
    st.tuples(st.integers(0, 200), st.one_of(shaped_text, st.text(max_size=20),
                                             st.none())), min_size=1, max_size=3))
def test_fuzz_record_actions(index: int, edits: list[tuple[int, str | None]]) -> None:
    """A record's actions replaced, inserted or deleted: RecordError naming an action (or
    the digest), or a game equal to its own replay."""
    data = json.loads(_positions()[index])
    actions: list[str] = data["actions"]
    for where, text in edits:
        at = where % (len(actions) + 1)
        if text is None:
            del actions[at:at + 1]
        else:
            actions.insert(at, text)
    try:
        game = canasta_family.replay(data)
    except RecordError as err:
        assert err.action_index is not None or "digest" in str(err) or "action" in str(err)
    else:
        assert canasta_family.replay(game.record()) == game


_START_KEYS = ("hands", "pile", "stock", "feet", "melds", "red_threes", "scores", "dealer",
               "to_play", "hand_number", "colour")
hand_texts = st.lists(cards, max_size=6).map(lambda cs: " ".join(map(str, cs)))


@FUZZ
@given(players=st.integers(2, 6), hands=st.lists(hand_texts, min_size=1, max_size=7),
       pile=hand_texts, key=st.sampled_from(_START_KEYS), value=json_values)
def test_fuzz_setups(players: int, hands: list[str], pile: str, key: str,
                     value: object) -> None:
    """A start setup with random hands and one field of any JSON value deals or raises
    RecordError (wrapping the SetupError); never TypeError or OverflowError."""
    start: dict[str, object] = {"hands": hands, "pile": pile, key: value}
    data = {"schema": 2, "variant": "american-samba", "players": players, "seed": 1,
            "start": start, "actions": []}
    try:
        game = canasta_family.replay(data)
    except RecordError:
        return
    assert canasta_family.replay(game.record().dumps()) == game


@FUZZ
@given(variant=st.sampled_from(sorted(BUILTIN_VARIANTS)),
       options=st.one_of(json_values, st.dictionaries(
           st.sampled_from(["target", "no_wild_on_natural_canasta", "sevens_discard",
                            "wild_in_sevens", "foot_pickup", "pickup_stock_cards", "x"]),
           json_values, max_size=3)))
def test_fuzz_options(variant: str, options: Any) -> None:
    """Options of any shape give a game or InvalidOptionError."""
    try:
        game = canasta_family.new_game(variant, seed=1, options=options)
    except InvalidOptionError as err:
        assert len(str(err)) < 400
        return
    assert canasta_family.replay(game.record().dumps()) == game


@FUZZ
@given(variant=st.one_of(st.sampled_from([*BUILTIN_VARIANTS, "Samba-1951", " canasta "]),
                         anything),
       players=st.one_of(st.none(), anything), seed=st.one_of(st.none(), anything),
       start=st.one_of(st.none(), anything))
def test_fuzz_new_game_arguments(variant: object, players: object, seed: object,
                                 start: object) -> None:
    """new_game with arguments of any type gives a game or a CanastaError of the kind
    for the argument at fault."""
    try:
        game = canasta_family.new_game(variant, players=players, seed=seed,  # type: ignore[arg-type]
                                       start=start)  # type: ignore[arg-type]
    except (UnknownVariantError, SetupError, InvalidOptionError) as err:
        assert len(str(err)) < 400
        return
    assert canasta_family.replay(game.record().dumps()) == game


@FUZZ
@given(game=positions, player=anything)
def test_fuzz_observation_seats(game: Game, player: object) -> None:
    """observation() of anything but a seat is an InvalidArgumentError naming the player;
    the game is unchanged either way."""
    before = game.snapshot()
    try:
        obs = game.observation(player)  # type: ignore[arg-type]
    except InvalidArgumentError as err:
        assert err.field == "player"
    else:
        assert isinstance(obs, Observation) and obs.player == player
    assert game.snapshot() == before


@FUZZ
@given(meta=json_values)
def test_fuzz_meta(meta: object) -> None:
    """Any JSON value as a header is accepted (and survives the text round trip) or
    raises RecordError; replay of a record with it ignores it."""
    record = canasta_family.GameRecord.loads(_positions()[0])
    try:
        tagged = record.with_meta({"x": meta})
    except RecordError:
        assert _not_json_safe(meta)
        return
    assert not _not_json_safe(meta)
    assert GameRecord.loads(tagged.dumps()) == tagged
    assert canasta_family.replay(tagged) == canasta_family.replay(record)


def _not_json_safe(value: object, depth: int = 2) -> bool:
    if isinstance(value, float):
        return not math.isfinite(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return abs(value) > 2**53
    if isinstance(value, list):
        return depth > 8 or any(_not_json_safe(v, depth + 1) for v in value)
    if isinstance(value, dict):
        return depth > 8 or any(_not_json_safe(v, depth + 1) for v in value.values())
    return False


def test_every_library_error_is_a_value_error() -> None:
    """The fuzzed errors are CanastaErrors and hence ValueErrors, as documented."""
    for error in (InvalidActionError, IllegalActionError, InvalidArgumentError,
                  InvalidOptionError, RecordError, SetupError, UnknownVariantError):
        assert issubclass(error, CanastaError) and issubclass(error, ValueError)
    assert isinstance(Card.parse("Ks"), Card)


@pytest.mark.parametrize("player", [-1, "0", 1.0, True, None, 2**80])
def test_observation_of_no_seat_names_the_player(player: object) -> None:
    """The cases the issue names: observation(-1) and observation("0") (and kin) raise
    InvalidArgumentError with field "player"."""
    game = canasta_family.new_game("american-samba", players=2, seed=1)
    with pytest.raises(InvalidArgumentError) as err:
        game.observation(player)  # type: ignore[arg-type]
    assert err.value.field == "player"
