"""Computer players and the RL tensor judge cards by the variant's roles.

Which cards are wild (AS-3), bonus cards (AS-16: red 3s) and stop cards (AS-33: black 3s)
is rule data (``canasta_is_wild``, ``canasta_is_bonus_card``, ``canasta_is_stop_card``);
every :class:`~canasta_family.Observation` carries the answers as ``roles``. Here the test
variants of ``role_variants`` (only jokers wild, so 2s are naturals; no bonus cards, the
3s plain naturals or all stop cards) are installed as third-party plugins would be, and:

* every player (random, greedy, heuristic, and ISMCTS for a hand) plays on them with each
  decision one of the listed actions, every card accounted for, to the game's end;
* the greedy and heuristic players treat a natural 2 as the natural it is: they meld and
  discard 2s where a wild card would be kept, and never count one as wild;
* hand reading caps a player who declines a pile topped by a natural 3;
* the observation tensor bounds a run by its natural 2, and the observation carries the
  game's own roles, equal after pickling.
"""

from __future__ import annotations

import pickle
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from types import SimpleNamespace

import attrs
import pytest
from role_variants import (
    ROLE_PLUGINS,
    JokersWildCanasta,
    JokersWildSamba,
    NoBonusCanasta,
    new_role_game,
    role_variant,
)

import canasta_family
from canasta_family import (
    Card,
    Game,
    HandSetup,
    Observation,
    Rank,
    hookimpl,
    parse_card,
    parse_cards,
)
from canasta_family import plugins as plugin_registry
from canasta_family.actions import Action, Discard, LayOff, MakeMeld
from canasta_family.encoding.tensor import MELD_FEATURES, ObservationLayout
from canasta_family.melds import MeldKind
from canasta_family.players import (
    GreedyPlayer,
    HeuristicPlayer,
    ISMCTSPlayer,
    RandomPlayer,
    going_out,
    heuristic,
)
from canasta_family.players.hand_reading import HandReading
from canasta_family.rules import CardRoles, MeldRules
from canasta_family.testing.checks import check_cards_conserved

JOKER = parse_card("JK")
TWOS = frozenset(parse_cards("2c 2d 2h 2s"))
THREES = frozenset(parse_cards("3c 3d 3h 3s"))

CASES: dict[str, tuple[type, dict[str, object]]] = {
    "jokers-wild": (JokersWildCanasta, {}),
    "jokers-wild-samba": (JokersWildSamba, {}),
    "no-bonus-natural": (NoBonusCanasta, {"threes": "natural"}),
    "no-bonus-stop": (NoBonusCanasta, {"threes": "stop"}),
}
"""Case name → (test plugin, options)."""


class _EntryPoint:
    """What ``importlib.metadata`` gives for an installed plugin's entry point."""

    def __init__(self, plugin: type) -> None:
        self.name = plugin.info.name  # type: ignore[attr-defined]
        self.value = f"role_variants:{plugin.__name__}"
        self.dist = SimpleNamespace(name="role-variants")
        self._plugin = plugin

    def load(self) -> object:
        return self._plugin


def _clear_player_caches() -> None:
    # The heuristic and the going-out questions keep a probe game per variant name.
    for cached in (heuristic._rules, going_out._probe, going_out._may_go_out,
                   going_out.kinds_lacking, going_out.kinds_required):
        cached.cache_clear()


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The role variants installed as third-party plugins: found by name, as the
    heuristic player looks a variant's other rules up by the observation's name."""
    eps = [_EntryPoint(plugin) for plugin in ROLE_PLUGINS]
    monkeypatch.setattr(plugin_registry, "_third_party_entry_points", lambda: eps)
    _clear_player_caches()
    yield
    _clear_player_caches()


def _game(case: str, players: int, seed: int) -> Game:
    plugin, options = CASES[case]
    return canasta_family.new_game(plugin.info.name,  # type: ignore[attr-defined]
                                   players=players, seed=seed, options=options)


Decision = tuple[int, Observation, tuple[Action, ...], Action]
"""(seat, its observation, the listed actions, the action chosen)."""


def _play(game: Game, make: Callable[[int], object], *, hands: int | None = None,
          limit: int = 6000) -> list[Decision]:
    """Play ``game`` with one player per seat (``make(seat)``) to its end (or ``hands``
    hands), checking that every chosen action is listed and every card accounted for."""
    seats = [make(seat) for seat in range(game.num_players)]
    decisions: list[Decision] = []
    while not game.is_over and (hands is None or len(game.hand_results) < hands):
        assert len(decisions) < limit, "the game did not end"
        seat = game.current_player
        legal = tuple(game.legal_actions())
        obs = game.observation(seat)
        player = seats[seat]
        chooser = getattr(player, "choose_in_game", None)
        action = chooser(game) if chooser is not None else player.choose(obs, legal)  # type: ignore[attr-defined]
        assert action in legal, f"seat {seat} chose {action}, which is not listed"
        game.apply(action)
        check_cards_conserved(game)
        decisions.append((seat, obs, legal, action))
    return decisions


# --- the roles an observation carries ------------------------------------------------


@pytest.mark.parametrize("case", sorted(CASES))
def test_observation_carries_the_games_roles(case: str) -> None:
    """AS-3/AS-16/AS-33 as the variant answers them: ``Observation.roles`` is the game's
    own role table, card by card, for every seat; it survives pickling and hides nothing
    (the same object for every seat and every game of these rules)."""
    plugin, options = CASES[case]
    game = new_role_game(plugin, players=2, seed=4, options=options)
    roles = game.card_roles
    assert roles != CardRoles.classic()
    for card in {*game.deck}:
        assert roles.is_wild(card) == game.is_wild(card), card
        assert roles.is_bonus_card(card) == game.is_bonus_card(card), card
        assert roles.is_stop_card(card) == game.is_stop_card(card), card
    deck = {*game.deck}
    wild = {c for c in deck if roles.is_wild(c)}
    bonus = {c for c in deck if roles.is_bonus_card(c)}
    stop = {c for c in deck if roles.is_stop_card(c)}
    if plugin is NoBonusCanasta:
        assert wild == TWOS | {JOKER} and not bonus
        assert stop == (THREES if options["threes"] == "stop" else set())
    else:
        assert wild == {JOKER}
        assert bonus == set(parse_cards("3d 3h")) and stop == set(parse_cards("3c 3s"))
    other = new_role_game(plugin, players=2, seed=5, options=options)
    for seat in range(2):
        obs = game.observation(seat)
        assert obs.roles is roles
        assert other.observation(seat).roles == roles
        again = pickle.loads(pickle.dumps(obs))
        assert again == obs and again.roles == roles


def test_built_in_observations_carry_the_classic_roles() -> None:
    """Every built-in variant keeps AS-3, AS-16 and AS-33, so its players see the classic
    roles and decide as before."""
    for info in canasta_family.available_variants():
        if info.name not in plugin_registry.BUILTIN_VARIANTS:
            continue
        game = canasta_family.new_game(info.name, seed=1)
        assert game.observation(0).roles == CardRoles.classic(), info.name


def test_card_roles_refuse_a_short_table() -> None:
    """A role table holds one flag per card code."""
    with pytest.raises(ValueError, match="one flag per card code"):
        CardRoles(wild=(True,), bonus=(False,) * 53, stop=(False,) * 53)


# --- whole games on the role variants -------------------------------------------------


PLAYERS: dict[str, Callable[[int], object]] = {
    "random": lambda seat: RandomPlayer(seed=seat + 11),
    "greedy": lambda seat: GreedyPlayer(),
    "heuristic": lambda seat: HeuristicPlayer(),
}


@pytest.mark.usefixtures("installed")
@pytest.mark.parametrize("kind", sorted(PLAYERS))
@pytest.mark.parametrize("case", sorted(CASES))
def test_players_play_whole_games_on_role_variants(case: str, kind: str) -> None:
    """Each player plays a whole game of each role variant: every decision one of the
    listed actions, every card accounted for after each, the game over at the end with
    every hand scored. Their melds hold the cards the variant's roles allow: a natural
    2 melds as a 2 where only jokers are wild; a natural 3 where 3s are plain cards."""
    game = _game(case, players=2, seed=3)
    decisions = _play(game, PLAYERS[kind])
    assert game.is_over and game.result is not None
    assert len(game.hand_results) >= 1
    roles = game.card_roles
    melded = [a for _seat, _obs, _legal, a in decisions if isinstance(a, (MakeMeld, LayOff))]
    assert melded, "no meld was made in a whole game"
    for action in melded:
        assert not any(roles.is_bonus_card(c) for c in action.cards), action
    if case.startswith("jokers-wild"):
        # Only jokers are wild: wild cards in a meld are jokers, never 2s.
        for side in range(len(game.sides)):
            for meld in game.side_melds(side):
                assert meld.wilds == sum(1 for c in meld.cards if c == JOKER), meld


@pytest.mark.slow
@pytest.mark.usefixtures("installed")
def test_ismcts_plays_a_hand_of_a_role_variant() -> None:
    """The search player (determinizing with the game's roles, ranking with the
    heuristic, rolling out with the greedy player) plays a whole hand of jokers-wild
    Samba by listed actions only."""
    game = _game("jokers-wild-samba", players=2, seed=2)
    _play(game, lambda seat: ISMCTSPlayer(iterations=8, seed=seat), hands=1)
    assert len(game.hand_results) == 1


# --- natural 2s are naturals to the players --------------------------------------------


def _greedy_games(case: str, seeds: Sequence[int], make: Callable[[int], object]
                  ) -> list[Decision]:
    decisions: list[Decision] = []
    for seed in seeds:
        decisions += _play(_game(case, players=2, seed=seed), make)
    return decisions


@pytest.mark.usefixtures("installed")
def test_greedy_melds_and_discards_natural_twos_as_naturals() -> None:
    """Where only jokers are wild, the greedy player (which, given a choice, never starts
    a meld with a wild card once its side has melded, and keeps wild cards over any
    natural discard)
    melds sets of natural 2s after its initial meld and discards 2s while other naturals
    were there to throw — plays it would never make if it counted the 2s as wild. It
    still keeps the jokers: never a joker thrown while a natural could be."""
    decisions = _greedy_games("jokers-wild", range(1, 4), lambda seat: GreedyPlayer())
    two_melds = two_discards = 0
    for _seat, obs, legal, action in decisions:
        roles = obs.roles
        if (isinstance(action, MakeMeld) and obs.initial_melds_made[obs.side]
                and len(action.cards) < len(obs.hand) and len(legal) > 1):
            assert roles.wild_count(action.cards) == 0, action
            two_melds += any(c in TWOS for c in action.cards)
        if isinstance(action, Discard):
            others = [a.card for a in legal if isinstance(a, Discard) and a.card != action.card]
            natural_others = [c for c in others if not roles.is_wild(c)]
            if action.card == JOKER:
                assert not natural_others, "a joker thrown while a natural could be"
            if action.card in TWOS and any(c not in TWOS for c in natural_others):
                two_discards += 1
    assert two_melds > 0, "no set of natural 2s melded after the initial meld"
    assert two_discards > 0, "no natural 2 discarded while other naturals were held"


@pytest.mark.usefixtures("installed")
def test_heuristic_ranks_natural_twos_among_the_naturals() -> None:
    """The heuristic ranks its discards with wild cards last. Where only jokers are
    wild, jokers come after every natural, and a natural 2 ranks among the naturals —
    ahead of some other natural at some point of the games (counted as wild it would
    always come after them all)."""
    decisions = _greedy_games("jokers-wild", range(1, 3), lambda seat: HeuristicPlayer())
    player = HeuristicPlayer()
    two_ahead = checked = 0
    for _seat, obs, legal, _action in decisions:
        ranked = [a.card for a in player.ranked_discards(obs, legal)]
        if not ranked:
            continue
        checked += 1
        wild_from = next((i for i, c in enumerate(ranked) if obs.roles.is_wild(c)), len(ranked))
        assert all(c == JOKER for c in ranked[wild_from:]), ranked
        assert JOKER not in ranked[:wild_from]
        twos = [i for i, c in enumerate(ranked) if c in TWOS]
        others = [i for i, c in enumerate(ranked[:wild_from]) if c not in TWOS]
        if twos and others and min(twos) < max(others):
            two_ahead += 1
    assert checked > 20
    assert two_ahead > 0, "a natural 2 always ranked after the other naturals"


def test_greedy_planning_values_follow_the_bonus_role() -> None:
    """The greedy player's planning values: a bonus card (a red 3 in the classic roles)
    counts nothing, a 3 that is not one counts as a black 3 does (5)."""
    from canasta_family.players.greedy import _value, _wilds

    classic = CardRoles.classic()
    no_bonus = new_role_game(NoBonusCanasta, players=2, seed=1).card_roles
    jokers = new_role_game(JokersWildCanasta, players=2, seed=1).card_roles
    assert (_value(parse_card("3h"), classic), _value(parse_card("3s"), classic)) == (0, 5)
    assert (_value(parse_card("3h"), no_bonus), _value(parse_card("3s"), no_bonus)) == (5, 5)
    cards = parse_cards("2c 2h JK 7s")
    assert (_wilds(cards, classic), _wilds(cards, jokers)) == (3, 1)


# --- hand reading -----------------------------------------------------------------------


@pytest.mark.usefixtures("installed")
def test_hand_reading_caps_a_player_declining_a_natural_three() -> None:
    """Where 3s are plain naturals a pile topped by a 3 is taken with a natural pair, so
    a player whose side has melded and who draws instead holds at most one 3 (with the
    classic roles a 3 on the pile says nothing: red and black 3s are never taken so)."""
    capped = 0
    for seed in range(1, 4):
        decisions = _play(_game("no-bonus-natural", players=2, seed=seed),
                          lambda seat: GreedyPlayer())
        for index, (seat, obs, _legal, action) in enumerate(decisions[:-1]):
            top = obs.pile_top
            if (str(action) != "draw" or top is None or top not in THREES
                    or not obs.initial_melds_made[obs.side]):
                continue
            after = decisions[index + 1][1]
            if after.hand_number != obs.hand_number:
                continue
            reading = HandReading(after, draw_count=1, pickup_cards=1, foot_size=0)
            cap = reading.caps[seat].get(Rank.THREE)
            assert cap is not None and cap[0] <= 1, (seat, str(top), cap)
            capped += 1
    assert capped > 0, "no pile topped by a 3 was declined"


# --- the observation tensor -------------------------------------------------------------


class LowRunsPlainThrees(JokersWildSamba):
    """Jokers-wild American Samba whose 2s and 3s are all plain naturals (no bonus or
    stop cards) and whose sequences may start at 2: a run 2-3-4 of a suit."""

    info = attrs.evolve(JokersWildSamba.info, name="roles-low-runs", aliases=())

    @hookimpl
    def canasta_is_bonus_card(self, card: Card, options: object) -> bool:
        return False

    @hookimpl
    def canasta_is_stop_card(self, card: Card, options: object) -> bool:
        return False

    @hookimpl
    def canasta_meld_rules(self, num_players: int, options: object) -> MeldRules:
        rules: MeldRules = super().canasta_meld_rules(num_players=num_players,
                                                      options=options)
        return attrs.evolve(rules, run_low=Rank.TWO,
                            set_ranks=rules.set_ranks | {Rank.THREE})


def test_tensor_bounds_a_run_by_its_natural_two() -> None:
    """The meld features of the tensor read naturals by the variant's roles: a run
    2-3-4-5 of spades where 2s are naturals has lowest rank 2, highest 5 and four
    naturals (counting the 2 as wild would make its lowest rank 3)."""
    start = HandSetup(hands=("7h 8h 9d Kc", "Qd Qh 6c"), melds=(("2s 3s 4s 5s",), ()),
                      pile="Jd", stock="Tc Th Ts 9c 9h", dealer=1)
    game = canasta_family.new_game(role_variant(LowRunsPlainThrees), players=2, seed=1,
                                   start=start)
    (run,) = game.side_melds(0)
    assert run.kind is MeldKind.RUN and run.wilds == 0
    layout = ObservationLayout.for_game(game)
    for seat, side_slot in ((0, 0), (1, 1)):
        values = layout.encode(game.observation(seat))
        at = layout.offset(f"side{side_slot}_melds")
        features = dict(zip(MELD_FEATURES, values[at:at + len(MELD_FEATURES)], strict=True))
        assert features["present"] == 1.0 and features["is_run"] == 1.0
        assert (features["rank"], features["high_rank"]) == (2, 5)
        assert (features["naturals"], features["wilds"]) == (4, 0)
        table = layout.offset(f"side{side_slot}_table")
        assert values[table + parse_card("2s").code] == 1.0


@pytest.mark.parametrize("case", sorted(CASES))
def test_tensor_counts_wild_cards_of_sets_by_the_variants_roles(case: str) -> None:
    """Across random games of each role variant, the ``wilds`` and ``naturals`` features
    of every meld slot equal the counts by the variant's roles (never by the classic
    2s-are-wild rule), and a set's rank feature is its rank — 2 for a set of 2s."""
    plugin, options = CASES[case]
    seen: Counter[str] = Counter()
    for seed in (1, 2):
        game = new_role_game(plugin, players=2, seed=seed, options=options)
        layout = ObservationLayout.for_game(game)
        roles = game.card_roles
        width = len(MELD_FEATURES)
        player = RandomPlayer(seed=seed)
        while not game.is_over and len(game.hand_results) < 2:
            seat = game.current_player
            obs = game.observation(seat)
            values = layout.encode(obs)
            for slot, side in enumerate((obs.side, 1 - obs.side)):
                at = layout.offset(f"side{slot}_melds")
                for index, meld in enumerate(obs.melds[side]):
                    feats = values[at + index * width: at + (index + 1) * width]
                    wild = roles.wild_count(meld.cards)
                    assert feats[MELD_FEATURES.index("wilds")] == wild
                    assert feats[MELD_FEATURES.index("naturals")] == len(meld.cards) - wild
                    if meld.kind is MeldKind.SET and meld.rank is not None:
                        assert feats[MELD_FEATURES.index("rank")] == int(meld.rank)
                        seen[str(meld.rank)] += 1
            game.apply(player.choose(obs, game.legal_actions()))
    assert seen, "no set was melded"
    if case.startswith("jokers-wild"):
        assert seen[str(Rank.TWO)] > 0, "no set of 2s was melded"
