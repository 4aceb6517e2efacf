"""Card roles come from the variant: wild cards (AS-3), bonus cards (the red 3s of AS-16,
AS-29, AS-30) and stop cards (the black 3s of AS-33), through ``canasta_is_wild``,
``canasta_is_bonus_card`` and ``canasta_is_stop_card``.

The test variants are in ``role_variants``: jokers-wild (on classic Canasta and on
American Samba) and no-bonus (classic Canasta with every 3 a natural, or every 3 a stop
card). Three kinds of test:

* whole games played by :class:`~canasta_family.players.RandomPlayer`, with the listing
  proved complete by brute force at small decisions, every card accounted for at every
  step, clone and replay checked at the end, and oracles that know the variant's roles
  from this file alone (not from the engine) judging every listed and every played meld,
  the pile's freezing cards, blocking, placements and scoring;
* arranged positions (``HandSetup``) played through the public API for the exact rules;
* the public reads ``is_wild`` / ``is_bonus_card`` / ``is_stop_card`` and the
  ``VariantError`` for roles no game could follow.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import attrs
import pytest
from role_variants import (
    JokersWildCanasta,
    JokersWildSamba,
    NoBonusCanasta,
    new_role_game,
    role_variant,
)

import canasta_family
from canasta_family import (
    Card,
    Discard,
    Game,
    HandSetup,
    IllegalActionError,
    LayOff,
    MakeMeld,
    Meld,
    MeldKind,
    PickUp,
    PlaceRedThree,
    Rank,
    TakePile,
    VariantError,
    hookimpl,
    parse_card,
)
from canasta_family.players import RandomPlayer
from canasta_family.plugins import BUILTIN_VARIANTS
from canasta_family.testing.checks import (
    check_cards_conserved,
    check_clone_and_replay,
    check_listing_complete,
    check_refusal_leaves_state,
)
from canasta_family.variants.canasta import ClassicCanastaPlugin

# --- the roles as this file knows them, apart from the engine --------------------------


def _default_wild(card: Card) -> bool:
    return card.is_joker or card.rank == Rank.TWO


def _red_three(card: Card) -> bool:
    return card.rank == Rank.THREE and card.suit is not None and card.suit.is_red


def _black_three(card: Card) -> bool:
    return card.rank == Rank.THREE and card.suit is not None and not card.suit.is_red


def _never(card: Card) -> bool:
    return False


def _any_three(card: Card) -> bool:
    return card.rank == Rank.THREE


@attrs.frozen
class Roles:
    """What each card is in a variant, written out here (the oracles' source of truth)."""

    wild: Callable[[Card], bool]
    bonus: Callable[[Card], bool]
    stop: Callable[[Card], bool]
    runs: bool
    """Whether the base rules have sequences (American Samba) or sets only (Canasta)."""


@attrs.frozen
class Case:
    """One test variant with its options and its roles."""

    name: str
    plugin: type
    options: Mapping[str, object]
    roles: Roles

    def game(self, *, players: int = 2, seed: int = 1,
             start: HandSetup | None = None) -> Game:
        return new_role_game(self.plugin, players=players, seed=seed,
                             options=dict(self.options), start=start)


JOKERS_WILD = Case("jokers-wild", JokersWildCanasta, {},
                   Roles(wild=lambda c: c.is_joker, bonus=_red_three, stop=_black_three,
                         runs=False))
JOKERS_WILD_SAMBA = Case("jokers-wild-samba", JokersWildSamba, {},
                         Roles(wild=lambda c: c.is_joker, bonus=_red_three,
                               stop=_black_three, runs=True))
NO_BONUS_NATURAL = Case("no-bonus-natural", NoBonusCanasta, {"threes": "natural"},
                        Roles(wild=_default_wild, bonus=_never, stop=_never, runs=False))
NO_BONUS_STOP = Case("no-bonus-stop", NoBonusCanasta, {"threes": "stop"},
                     Roles(wild=_default_wild, bonus=_never, stop=_any_three, runs=False))
CASES = (JOKERS_WILD, JOKERS_WILD_SAMBA, NO_BONUS_NATURAL, NO_BONUS_STOP)

ALL_CARDS = tuple(sorted(set(canasta_family.make_deck(packs=1, jokers_per_pack=2))))
"""The 53 distinct cards."""


def card(text: str) -> Card:
    return parse_card(text)


def texts(game: Game) -> set[str]:
    return {str(action) for action in game.legal_actions()}


def refused(game: Game, action: str) -> IllegalActionError:
    """The error ``action`` is refused with: a rule refusal that leaves the game as it
    was (not a malformed action)."""
    err = check_refusal_leaves_state(game, action)
    assert isinstance(err, IllegalActionError), f"{action}: {err!r}"
    return err


# --- oracles ----------------------------------------------------------------------------


def meld_problem(cards: tuple[Card, ...], roles: Roles) -> str | None:
    """Why ``cards`` could not be one meld of the variant, judged from ``roles`` alone,
    or None. A set: its cards other than wild cards all of one rank (so a 2 that is not
    wild joins only a set of 2s, AS-3), at least two of them (AS-8, CC-3), no bonus card
    (AS-28), stop cards only with stop cards and never with a wild card (AS-33). A
    sequence (only where the base rules have them, AS-9): no wild card, one suit,
    consecutive ranks from 4 up."""
    if any(roles.bonus(c) for c in cards):
        return "a bonus card in a meld"
    naturals = [c for c in cards if not roles.wild(c)]
    ranks = {c.rank for c in naturals}
    if len(ranks) == 1:
        if len(naturals) < 2:
            return "a set with fewer than two naturals"
        if any(roles.stop(c) for c in naturals) and len(naturals) != len(cards):
            return "a wild card in a set of stop cards"
        return None
    if not ranks:
        return "a meld of wild cards only"
    if not roles.runs:
        return f"cards of several ranks {sorted(int(r) for r in ranks)} in a sets-only game"
    if len(naturals) != len(cards):
        return "a wild card in a sequence"
    if len({c.suit for c in cards}) != 1:
        return "a sequence of several suits"
    values = sorted(int(c.rank) for c in cards)
    if values[0] < int(Rank.FOUR) or values != list(range(values[0], values[0] + len(values))):
        return f"ranks {values} are not a sequence from 4 up"
    return None


def check_meld(meld: Meld, roles: Roles, where: str) -> None:
    problem = meld_problem(meld.cards, roles)
    assert problem is None, f"{where}: {meld} — {problem}"
    wilds = sum(1 for c in meld.cards if roles.wild(c))
    assert meld.wilds == wilds, f"{where}: {meld} counts {meld.wilds} wild cards, not {wilds}"
    naturals = {c.rank for c in meld.cards if not roles.wild(c)}
    if meld.kind == MeldKind.SET:
        assert {meld.rank} == naturals, f"{where}: set {meld} has rank {meld.rank}"


def listed_meld_cards(game: Game, action: object) -> tuple[Card, ...] | None:
    """The cards of the meld a listed play would make or extend, else None."""
    side = game.side_of(game.current_player)
    melds = game.side_melds(side)
    top = game.pile_top
    if isinstance(action, MakeMeld):
        return action.cards
    if isinstance(action, LayOff):
        return (*melds[action.meld].cards, *action.cards)
    if isinstance(action, TakePile) and top is not None:
        if action.onto is not None:
            return (*melds[action.onto].cards, top)
        return (*action.cards, top)
    if isinstance(action, PickUp) and top is not None:
        return (*melds[action.onto].cards, top)
    return None


class Oracle:
    """Checks one game of a test variant after every action, from ``Case.roles`` only.

    Also remembers whether a set of 3s was ever on the table (and with a red 3)."""

    def __init__(self, case: Case, game: Game) -> None:
        self.case = case
        self.roles = case.roles
        self.stop_meld: tuple[int, int] | None = None
        """(hand number, seat) while a set of stop cards is on the table (AS-33)."""
        self.hands_seen = -1
        self.results_seen = 0
        self.threes_melded = False
        self.red_three_melded = False
        assert game.red_threes_in_deck == sum(1 for c in game.deck if self.roles.bonus(c))

    def before_decision(self, game: Game) -> None:
        """The listing: every play it offers makes a meld of the variant's roles;
        placements only of bonus cards; never a take of a pile topped by a wild or stop
        card (AS-17); a hand starts with an upcard that is not a freezing card (AS-7)."""
        roles = self.roles
        if game.hand_number != self.hands_seen:
            self.hands_seen = game.hand_number
            pile = game.pile
            if pile and game.stock_size > 0:
                assert not (roles.wild(pile[-1]) or roles.bonus(pile[-1])), (
                    f"upcard {pile[-1]} freezes the pile and should have been turned again")
                assert all(roles.wild(c) or roles.bonus(c) for c in pile[:-1]), (
                    f"upcards {' '.join(map(str, pile))}: one was turned again but does "
                    "not freeze the pile")
        top = game.pile_top
        blocked = top is not None and (roles.wild(top) or roles.stop(top)
                                       or roles.bonus(top))
        for action in game.legal_actions():
            if isinstance(action, PlaceRedThree):
                assert roles.bonus(action.card), f"listed {action}: not a bonus card"
                continue
            if isinstance(action, Discard):
                assert not roles.bonus(action.card), f"listed {action}: a bonus card"
                continue
            if isinstance(action, (TakePile, PickUp)):
                assert not blocked, f"listed {action} with {top} on top of the pile"
            cards = listed_meld_cards(game, action)
            if cards is not None:
                problem = meld_problem(cards, roles)
                assert problem is None, f"listed {action} ({' '.join(map(str, cards))}): " \
                                        f"{problem}"

    def after_action(self, game: Game) -> None:
        """The table: every meld as the roles allow; bonus cards only among the placed
        ones; ``pile_freezers`` counts the pile's wild and bonus cards (AS-18a); a set of
        stop cards only in the turn its player goes out (AS-33)."""
        roles = self.roles
        where = f"after {game.actions[-1]}" if game.actions else "at the start"
        if self.stop_meld is not None and (game.is_over or game.hand_number != self.stop_meld[0]):
            # Checked after every action: the hand that just ended is the last result.
            result = game.hand_results[-1]
            assert result.went_out == self.stop_meld[1], (
                f"seat {self.stop_meld[1]} melded stop cards in hand {self.stop_meld[0]} "
                f"but did not go out ({result.reason})")
            self.stop_meld = None
        for result in game.hand_results[self.results_seen:]:
            if game.red_threes_in_deck == 0:
                for sheet in result.sides:
                    assert not any("red 3" in item.label for item in sheet.items), (
                        f"hand {result.number}: {sheet.items} scores red 3s in a game "
                        "without bonus cards")
        self.results_seen = len(game.hand_results)
        for side in range(len(game.sides)):
            for meld in game.side_melds(side):
                check_meld(meld, roles, where)
                if meld.rank == Rank.THREE:
                    self.threes_melded = True
                    self.red_three_melded |= any(_red_three(c) for c in meld.cards)
                if not game.is_over and any(roles.stop(c) for c in meld.cards):
                    seat = game.current_player
                    assert game.side_of(seat) == side, f"{where}: stop meld {meld} of side " \
                                                       f"{side} while seat {seat} plays"
                    if self.stop_meld is None:
                        self.stop_meld = (game.hand_number, seat)
                    assert self.stop_meld == (game.hand_number, seat), (
                        f"{where}: the stop meld {meld} outlived its player's turn")
            placed = game.side_red_threes(side)
            assert all(roles.bonus(c) for c in placed), f"{where}: placed {placed}"
        freezers = sum(1 for c in game.pile if roles.wild(c) or roles.bonus(c))
        assert game.pile_freezers == freezers, (
            f"{where}: pile_freezers {game.pile_freezers}, but the pile "
            f"{' '.join(map(str, game.pile))} holds {freezers} wild or bonus cards")


# --- whole games -------------------------------------------------------------------------

LISTING_CHECK_HAND = 7
"""The brute-force listing check runs where the hand to move holds at most this many
cards (the candidates grow exponentially with the hand)."""

HAND_LIMIT = 12
"""Hands after which a game is stopped if it has not ended (random play ends a game of
these variants in 3 to 10 hands)."""

GAME_SEEDS = {JOKERS_WILD.name: (1, 2, 3), JOKERS_WILD_SAMBA.name: (1, 2),
              NO_BONUS_NATURAL.name: (1, 2, 3), NO_BONUS_STOP.name: (1, 2, 3)}


def play_whole_game(case: Case, players: int, seed: int) -> tuple[Game, Oracle]:
    game = case.game(players=players, seed=seed)
    oracle = Oracle(case, game)
    player = RandomPlayer(seed=seed)
    oracle.after_action(game)
    while not game.is_over and len(game.hand_results) < HAND_LIMIT:
        seat = game.current_player
        if game.hand_number != oracle.hands_seen and len(game.hand_results) == 1:
            check_clone_and_replay(game)  # once mid-game, where the listing is compared
        if game.hand_size(seat) <= LISTING_CHECK_HAND:
            check_listing_complete(game)
        oracle.before_decision(game)
        game.apply(player.choose(game.observation(seat), game.legal_actions()))
        check_cards_conserved(game)
        oracle.after_action(game)
    return game, oracle


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_AS3_AS16_AS18_AS33_whole_random_games_follow_the_variants_roles(
        case: Case, players: int) -> None:
    """AS-3 (wild cards), AS-16/AS-29/AS-30 (bonus cards), AS-18 (freezing), AS-33 (stop
    cards) as each test variant defines them: whole games of random legal moves, the
    listing complete at every decision of a hand of at most seven cards, every card
    accounted for at every step, every listed and played meld judged by the roles of
    this file, and clone and replay equal at the end."""
    for seed in GAME_SEEDS[case.name]:
        game, _oracle = play_whole_game(case, players, seed)
        assert game.hand_results, f"seed {seed}: no hand was finished"
        check_clone_and_replay(game)


def test_AS16_AS29_no_bonus_games_never_place_and_meld_red_threes_as_threes() -> None:
    """AS-16/AS-29 do not apply without bonus cards: no ``place`` is ever listed, nothing
    is placed, ``red_threes_in_deck`` is 0, no score line counts red 3s; with the 3s
    natural, random games meld sets of 3s and some of those hold a red 3."""
    threes = red = False
    for seed in range(1, 9):
        game = NO_BONUS_NATURAL.game(players=2, seed=seed)
        assert game.red_threes_in_deck == 0
        oracle = Oracle(NO_BONUS_NATURAL, game)
        player = RandomPlayer(seed=seed)
        while not game.is_over and len(game.hand_results) < 2:
            listed = game.legal_actions()
            assert not any(isinstance(a, PlaceRedThree) for a in listed)
            game.apply(player.choose(game.observation(game.current_player), listed))
            assert all(game.side_red_threes(s) == () for s in range(len(game.sides)))
            oracle.after_action(game)
        threes |= oracle.threes_melded
        red |= oracle.red_three_melded
        if threes and red:
            break
    assert threes, "no random game melded a set of 3s"
    assert red, "no random game melded a red 3 in a set of 3s"


# --- AS-3: which cards are wild ------------------------------------------------------------


def _jokers_start() -> HandSetup:
    """Seat 0 to play; side 0 has melded (Ks) and holds a meld of 5s (meld 1); seat 0
    holds three 2s, a joker and a pair of 4s."""
    return HandSetup(
        hands=("2c 2d 2h JK 4c 4d 9s Qh Jd 8c 10d", "6c 6d 7c 7d 8d 9c 10c Jc Qc Ac Ad"),
        melds=(("Kc Kd Kh", "5c 5d 5h"), ()),
        pile="9h", stock="6h 7h 8h 6s 7s 8s 9d 10h", dealer=1)


JOKERS_CASES = (JOKERS_WILD, JOKERS_WILD_SAMBA)


@pytest.mark.parametrize("case", JOKERS_CASES, ids=lambda c: c.name)
def test_AS3_jokers_wild_twos_meld_as_a_set_of_their_own(case: Case) -> None:
    """AS-3 changed: with only jokers wild a 2 is a natural of rank 2. A set of 2s, with
    a joker as its wild card, is legal (the base rules allow two naturals and one wild
    card); ``meld 4c 4d 2h`` and ``lay-off 1 2h`` are refused (a 2 is no wild card) while
    the same with the joker is legal."""
    game = case.game(start=_jokers_start())
    game.apply("draw")
    for legal in ("meld 2c 2d JK", "meld 2c 2d 2h", "meld 2c 2d 2h JK", "meld 4c 4d JK",
                  "lay-off 1 JK"):
        assert game.is_legal(legal), legal
    listed = texts(game)
    assert {"meld 2c 2d JK", "meld 2c 2d 2h", "meld 4c 4d JK"} <= listed
    for text in ("meld 4c 4d 2h", "lay-off 1 2h", "meld 2c 4c JK", "meld 2c JK"):
        assert not game.is_legal(text), text
        assert text not in listed
        err = refused(game, text)
        assert err.rule in set(game.variant.rule_ids.values()), err.rule
    for action in game.legal_actions():
        cards = listed_meld_cards(game, action)
        if cards is not None:
            assert meld_problem(cards, case.roles) is None, action
    check_listing_complete(game, max_meld=6)
    game.apply("meld 2c 2d 2h JK")
    meld = game.side_melds(0)[-1]
    assert (meld.kind, meld.rank, meld.wilds, meld.naturals) == (MeldKind.SET, Rank.TWO, 1, 3)


def test_AS3_built_in_canasta_keeps_twos_wild_in_the_same_position() -> None:
    """AS-3 control: the very position of the jokers-wild test in built-in Canasta, where
    2s are wild — ``meld 4c 4d 2h`` and ``lay-off 1 2h`` are legal, a set of 2s is not."""
    game = canasta_family.new_game("canasta", players=2, seed=1,
                                   start=_jokers_start())
    game.apply("draw")
    assert game.is_legal("meld 4c 4d 2h") and game.is_legal("lay-off 1 2h")
    assert not game.is_legal("meld 2c 2d JK") and not game.is_legal("meld 2c 2d 2h")


@pytest.mark.parametrize("case", JOKERS_CASES, ids=lambda c: c.name)
def test_AS3_jokers_wild_sequences_take_no_two(case: Case) -> None:
    """AS-3 with AS-9: a 2 is neither wild nor a rank of a sequence, so no sequence uses
    it; in the samba base ``meld 4c 5c 6c`` is legal and ``meld 4c 5c 2c`` is not."""
    game = case.game(start=HandSetup(
        hands=("2c 2d 4c 5c 6c 7c JK 9s Qh Jd 8d", "6d 7d 8c 9c 10c Jc Qc Kc Ac Ad As"),
        melds=(("Kd Kh Ks",), ()), pile="9h", stock="6h 7h 8h 6s 7s 8s", dealer=1))
    game.apply("draw")
    assert game.is_legal("meld 4c 5c 6c") == case.roles.runs
    for text in ("meld 4c 5c 2c", "meld 2c 4c 5c 6c", "meld 4c 5c JK", "meld 5c 6c 7c 2d"):
        assert not game.is_legal(text), text
        assert refused(game, text).rule in {"CC-3", "AS-8", "AS-9"}, text
    for action in game.legal_actions():
        cards = listed_meld_cards(game, action)
        if cards is not None:
            assert meld_problem(cards, case.roles) is None, action


def test_AS7_jokers_wild_a_two_upcard_is_not_turned_again() -> None:
    """AS-7 by the variant's roles: the upcard is turned again while it is wild or a red
    3; with only jokers wild a 2 stays up, a joker does not (built-in: the 2 is turned)."""
    hands = ("4c 4d 5c 5d 6c 6d 7c 7d 8c 8d 9c", "4h 4s 5h 5s 6h 6s 7h 7s 8h 8s 9h")
    start = HandSetup(hands=hands, stock="2c JK Kd Qd Jd 10d", dealer=1)
    game = JOKERS_WILD.game(start=start)
    assert [str(c) for c in game.pile] == ["2c"] and game.pile_freezers == 0
    built_in = canasta_family.new_game("canasta", players=2, seed=1, start=start)
    assert [str(c) for c in built_in.pile] == ["2c", "JK", "Kd"]
    assert built_in.pile_freezers == 2
    joker_first = JOKERS_WILD.game(start=attrs.evolve(start, stock="JK 2c Kd Qd Jd 10d"))
    assert [str(c) for c in joker_first.pile] == ["JK", "2c"]
    assert joker_first.pile_freezers == 1


# --- AS-18: freezing by wild cards and red 3s ------------------------------------------------


def _freezing_start() -> HandSetup:
    """Both sides have melded; seat 0 holds a 2 and two jokers, seat 1 a 2, a joker and
    9s; seat 0 plays first."""
    return HandSetup(
        hands=("2c JK JK 9s 9h 7c 7d 6s 5s 4h 8c", "2d JK 9c 9d 7h 6h 5h 4c 8d 10c Jc"),
        melds=(("Kc Kd Kh",), ("Qc Qd Qs",)),
        pile="4d", stock="Ac Ad As Ah 6c 6d 8h 8s 10h 10s Jd Js", dealer=1)


def test_AS18_jokers_wild_a_two_discarded_does_not_freeze_the_pile() -> None:
    """AS-18a by the variant's roles: a discarded 2 is a natural — it neither blocks nor
    freezes the pile, so the next player takes it with a 2 and a joker (CC-4, unfrozen)
    and, once it is covered, the pile stays unfrozen for the other side too."""
    game = JOKERS_WILD.game(start=_freezing_start())
    game.apply("draw")
    game.apply("discard 2c")
    assert game.pile_top == card("2c") and game.pile_freezers == 0
    assert not game.pile_frozen_for(1) and not game.pile_frozen_for(0)
    assert game.is_legal("take-pile 2d JK")
    assert "take-pile 2d JK" in texts(game)
    check_listing_complete(game, max_meld=4)
    game.apply("draw")
    game.apply("discard 9d")
    assert game.pile_freezers == 0
    assert game.is_legal("take-pile 9s JK") and game.is_legal("take-pile 9s 9h")


def test_AS18_jokers_wild_a_joker_discarded_blocks_then_freezes_the_pile() -> None:
    """AS-17, AS-18a: a discarded joker blocks the pile while on top and freezes it
    after: the next take needs a natural pair (``take-pile 9s JK`` refused, CC-4)."""
    game = JOKERS_WILD.game(start=_freezing_start())
    game.apply("draw")
    game.apply("discard JK")
    assert game.pile_freezers == 1 and game.pile_frozen_for(1)
    assert texts(game) == {"draw"}
    assert refused(game, "take-pile 2d JK").rule == "CC-4"
    game.apply("draw")
    game.apply("discard 9d")
    assert game.pile_freezers == 1 and game.pile_frozen_for(0)
    assert refused(game, "take-pile 9s JK").rule == "CC-4"
    assert game.is_legal("take-pile 9s 9h")


def test_AS18_built_in_canasta_a_two_discarded_blocks_and_freezes() -> None:
    """AS-17/AS-18a control: in built-in Canasta the same 2 is wild, so it blocks the
    pile and counts as a freezing card."""
    game = canasta_family.new_game("canasta", players=2, seed=1, start=_freezing_start())
    game.apply("draw")
    game.apply("discard 2c")
    assert game.pile_freezers == 1 and game.pile_frozen_for(1)
    assert not game.is_legal("take-pile 2d JK")


def _samba_freezing_start() -> HandSetup:
    """Both sides have melded: side 0 a set of 9s (meld 1), side 1 a set of 2s (meld 1);
    seat 0 holds a 2 and a joker, seat 1 a 9; seat 0 plays first."""
    return HandSetup(
        hands=("2c JK 7c 7d 6s 5s 4h 8c 10d Jh Jd", "9d 7h 6h 5h 4c 8d Jc 10c Ac Ad As"),
        melds=(("Kc Kd Kh", "9c 9h 9s"), ("Qc Qd Qs", "2s 2h 2d")),
        pile="4d", stock="Ac Ad As Ah 6c 6d 8h 8s 10h 10s Jd Js", dealer=1)


@pytest.mark.parametrize("discard, freezes", [("2c", False), ("JK", True)])
def test_AS17_AS18_AS20_jokers_wild_samba_a_two_on_the_pile_is_laid_off_a_joker_freezes(
        discard: str, freezes: bool) -> None:
    """AS-17, AS-18a, AS-20 with only jokers wild (sequences base): a discarded 2 is a
    natural, so the next player lays it off on a set of 2s with the whole pile
    (``take-pile onto 1``), and the pile stays unfrozen after it is covered; a discarded
    joker blocks the pile, then freezes it, so ``take-pile onto`` is refused."""
    game = JOKERS_WILD_SAMBA.game(start=_samba_freezing_start())
    game.apply("draw")
    game.apply(f"discard {discard}")
    assert game.pile_freezers == int(freezes)
    assert game.pile_frozen_for(1) == freezes
    if freezes:
        assert texts(game) == {"draw"}
        assert refused(game, "take-pile onto 1").rule == "AS-17"
    else:
        assert "take-pile onto 1" in texts(game)
    check_listing_complete(game, max_meld=4)
    game.apply("draw")
    game.apply("discard 9d")
    assert game.pile_freezers == int(freezes)
    if freezes:
        assert refused(game, "take-pile onto 1").rule in {"AS-19", "AS-20"}
    else:
        assert game.is_legal("take-pile onto 1")


# --- AS-16, AS-29, AS-30, AS-31: no bonus cards ----------------------------------------------


def _threes_start() -> HandSetup:
    """Both sides melded; seat 0 holds 3c 3d 3h and draws 3h 3s; seat 1 holds 3c 3s."""
    return HandSetup(
        hands=("3c 3d 3h 9s 9h JK 7c 6c 5c 8c 10d", "3c 3s 9c 9d 7h 6h 5h 4c 8d 10c Jc"),
        melds=(("Kc Kd Kh",), ("Qc Qd Qs",)),
        pile="4d", stock="3h 3s Ac Ad As Ah 6d 8h 8s 10h 10s Jd Js", dealer=1)


@pytest.mark.parametrize("case", [NO_BONUS_NATURAL, NO_BONUS_STOP], ids=lambda c: c.name)
def test_AS16_AS29_without_bonus_cards_red_threes_stay_in_hand(case: Case) -> None:
    """AS-16/AS-29 do not apply without bonus cards: drawn red 3s go into the hand and
    are not replaced, no ``place`` is listed or legal, nothing is placed, the deck has
    no red 3s to count (``red_threes_in_deck`` 0) and a red 3 may be discarded (AS-27
    does not apply either)."""
    game = case.game(start=_threes_start())
    assert game.red_threes_in_deck == 0
    game.apply("draw")
    hand = [str(c) for c in game.hand_cards(0)]
    assert hand.count("3h") == 2 and "3s" in hand and len(hand) == 13
    assert game.side_red_threes(0) == ()
    listed = game.legal_actions()
    assert not any(isinstance(a, PlaceRedThree) for a in listed)
    assert not game.is_legal("place 3h")
    assert "discard 3h" in texts(game)
    check_listing_complete(game, max_meld=3)


def test_AS31_without_bonus_cards_a_red_three_in_hand_costs_its_card_value() -> None:
    """AS-31 (a red 3 left in hand costs 100) does not apply without bonus cards: a red
    3 held counts as a plain card, 5 points."""
    game = NO_BONUS_NATURAL.game(start=_threes_start())
    points, red = game.hand_points(0)
    assert red == 0
    assert points == sum(game.card_value(c) for c in game.hand_cards(0))
    assert game.card_value(card("3h")) == 5


def test_AS28_natural_threes_a_red_three_melds_in_a_set_of_threes() -> None:
    """AS-28 (no red 3 in a meld) does not apply when 3s are plain naturals: a red 3
    melds in a set of 3s, with or without a wild card, and lays off on it."""
    game = NO_BONUS_NATURAL.game(start=_threes_start())
    game.apply("draw")
    for legal in ("meld 3c 3d 3h", "meld 3h 3h 3d", "meld 3d 3h JK"):
        assert game.is_legal(legal), legal
    assert "meld 3c 3d 3h" in texts(game)
    game.apply("meld 3c 3d 3h")
    meld = game.side_melds(0)[-1]
    assert meld.rank == Rank.THREE and meld.wilds == 0
    assert game.is_legal("lay-off 1 3h") and game.is_legal("lay-off 1 3s")
    check_listing_complete(game, max_meld=4)
    game.apply("lay-off 1 3h 3s")
    assert game.side_red_threes(0) == () and len(game.side_melds(0)[1]) == 5


def test_AS33_stop_threes_meld_only_when_going_out() -> None:
    """AS-33 for every 3: with all 3s stop cards, ``meld 3c 3d 3h`` is refused while the
    player cannot go out (cited as the variant's black-3 rule, CC-6), and no wild card
    joins a set of them."""
    game = NO_BONUS_STOP.game(start=_threes_start())
    game.apply("draw")
    for text in ("meld 3c 3d 3h", "meld 3d 3h JK", "meld 3h 3h 3s"):
        err = refused(game, text)
        assert err.rule in {"CC-6", "CC-3", "CC-8"}, (text, err.rule)
    assert not any(isinstance(a, MakeMeld) and any(c.rank == Rank.THREE for c in a.cards)
                   for a in game.legal_actions())


def test_AS33_stop_threes_a_red_three_melded_in_going_out() -> None:
    """AS-33 for every 3: a set of 3s, red ones among them, is legal in the turn its
    player goes out (the side has its canasta), and the hand ends there."""
    game = NO_BONUS_STOP.game(players=4, start=HandSetup(
        hands=("3c 3d 3h 9s", "5c 5d 6c 6d 7c", "5h 5s 6h 6s 7h", "8c 8d 8h 8s 9c"),
        melds=(("Kc Kd Kh Ks Kc Kd Kh", "9h 9d 9c"), ()),
        pile="4d", stock="Ac Ad As Ah 10h 10s Jd Js", dealer=3))
    game.apply("draw")
    assert game.is_legal("meld 3c 3d 3h")
    game.apply("meld 3c 3d 3h")
    assert game.current_player == 0 and game.side_melds(0)[-1].rank == Rank.THREE
    game.apply("lay-off 1 9s")
    game.apply(f"discard {game.hand_cards(0)[0]}")
    assert game.hand_results[-1].went_out == 0


@pytest.mark.parametrize("case, three, blocked", [
    (NO_BONUS_STOP, "3h", True), (NO_BONUS_STOP, "3c", True),
    (NO_BONUS_NATURAL, "3h", False), (NO_BONUS_NATURAL, "3c", False),
], ids=lambda v: getattr(v, "name", str(v)))
def test_AS17_AS33_a_stop_three_discarded_blocks_the_pile(case: Case, three: str,
                                                         blocked: bool) -> None:
    """AS-17/AS-33 with ``PileRules.blocked_black_three`` (CC-4): a discarded 3 that is
    a stop card — a red 3 as much as a black one — stops the next player taking the
    pile; a natural 3 does not. Neither freezes it (AS-18a: only wild and bonus cards):
    once covered, the pile is taken with a natural and a joker."""
    game = case.game(start=_threes_start())
    game.apply("draw")
    game.apply(f"discard {three}")
    assert game.pile_freezers == 0 and not game.pile_frozen_for(1)
    if blocked:
        assert texts(game) == {"draw"}
        assert refused(game, "take-pile 3c 3s").rule == "CC-4"
    else:
        assert game.is_legal("take-pile 3c 3s")
        assert "take-pile 3c 3s" in texts(game)
    check_listing_complete(game, max_meld=3)
    game.apply("draw")
    game.apply("discard 9d")
    assert game.pile_freezers == 0
    assert game.is_legal("take-pile 9s JK")


def test_AS17_built_in_canasta_a_black_three_blocks_the_pile() -> None:
    """AS-17 control: in built-in Canasta a discarded black 3 blocks the pile as the
    stop 3s of the test variant do."""
    game = canasta_family.new_game("canasta", players=2, seed=1, start=HandSetup(
        hands=("3c 9s 9h JK 7c 6c 5c 8c 10d 4s 4h", "3s 3c 9c 9d 7h 6h 5h 4c 8d 10c Jc"),
        melds=(("Kc Kd Kh",), ("Qc Qd Qs",)),
        pile="4d", stock="Ac Ad As Ah 6d 8h 8s 10h 10s Jd Js", dealer=1))
    game.apply("draw")
    game.apply("discard 3c")
    assert texts(game) == {"draw"}
    assert not game.is_legal("take-pile 3c 3s")


# --- the public reads ----------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(BUILTIN_VARIANTS))
def test_AS3_AS16_AS33_built_in_variants_read_the_classic_roles(name: str) -> None:
    """AS-3 (jokers and 2s wild), AS-16 (red 3s bonus cards), AS-33 (black 3s stop
    cards) in every built-in variant, card by card; the deck's bonus cards counted."""
    game = canasta_family.new_game(name, seed=1)
    for c in ALL_CARDS:
        assert game.is_wild(c) == _default_wild(c), c
        assert game.is_bonus_card(c) == _red_three(c), c
        assert game.is_stop_card(c) == _black_three(c), c
    assert game.red_threes_in_deck == sum(1 for c in game.deck if _red_three(c))


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_AS3_AS16_AS33_test_variants_read_their_own_roles(case: Case) -> None:
    """The public reads follow the test variant's hooks card by card (every card one
    role at most), and ``red_threes_in_deck`` counts its bonus cards: 4 in a two-pack
    game with red 3s, 6 in three packs, 0 without bonus cards."""
    game = case.game()
    for c in ALL_CARDS:
        roles = (game.is_wild(c), game.is_bonus_card(c), game.is_stop_card(c))
        assert roles == (case.roles.wild(c), case.roles.bonus(c), case.roles.stop(c)), c
        assert sum(roles) <= 1, c
    expected = {JOKERS_WILD.name: 4, JOKERS_WILD_SAMBA.name: 6}.get(case.name, 0)
    assert game.red_threes_in_deck == expected


def test_AS3_jokers_wild_reads_twos_as_plain_naturals() -> None:
    """AS-3 changed: a 2 is none of wild, bonus or stop card; a joker stays wild."""
    game = JOKERS_WILD.game()
    for text in ("2c", "2d", "2h", "2s"):
        c = card(text)
        assert not (game.is_wild(c) or game.is_bonus_card(c) or game.is_stop_card(c))
    assert game.is_wild(card("JK"))
    assert Rank.TWO in game.meld_rules.set_ranks


# --- roles no game could follow --------------------------------------------------------------


class _WildBonus(ClassicCanastaPlugin):
    info = attrs.evolve(ClassicCanastaPlugin.info, name="roles-wild-bonus", aliases=())

    @hookimpl
    def canasta_is_wild(self, card: Card, options: Mapping[str, object]) -> bool:
        return _default_wild(card) or _red_three(card)


class _BonusJoker(ClassicCanastaPlugin):
    info = attrs.evolve(ClassicCanastaPlugin.info, name="roles-bonus-joker", aliases=())

    @hookimpl
    def canasta_is_bonus_card(self, card: Card, options: Mapping[str, object]) -> bool:
        return _red_three(card) or card.is_joker


class _WildStop(ClassicCanastaPlugin):
    info = attrs.evolve(ClassicCanastaPlugin.info, name="roles-wild-stop", aliases=())

    @hookimpl
    def canasta_is_wild(self, card: Card, options: Mapping[str, object]) -> bool:
        return _default_wild(card) or card == parse_card("3c")


class _StopJoker(ClassicCanastaPlugin):
    info = attrs.evolve(ClassicCanastaPlugin.info, name="roles-stop-joker", aliases=())

    @hookimpl
    def canasta_is_wild(self, card: Card, options: Mapping[str, object]) -> bool:
        return card.rank == Rank.TWO

    @hookimpl
    def canasta_is_stop_card(self, card: Card, options: Mapping[str, object]) -> bool:
        return _black_three(card) or card.is_joker


class _HalfStop(ClassicCanastaPlugin):
    info = attrs.evolve(ClassicCanastaPlugin.info, name="roles-half-stop", aliases=())

    @hookimpl
    def canasta_is_stop_card(self, card: Card, options: Mapping[str, object]) -> bool:
        return card == parse_card("3c")


class _StopBesideNatural(ClassicCanastaPlugin):
    info = attrs.evolve(ClassicCanastaPlugin.info, name="roles-stop-beside-natural",
                        aliases=())

    @hookimpl
    def canasta_is_bonus_card(self, card: Card, options: Mapping[str, object]) -> bool:
        return False


class _RedThreesWild(ClassicCanastaPlugin):
    info = attrs.evolve(ClassicCanastaPlugin.info, name="roles-red-threes-wild", aliases=())

    @hookimpl
    def canasta_is_wild(self, card: Card, options: Mapping[str, object]) -> bool:
        return _default_wild(card) or _red_three(card)

    @hookimpl
    def canasta_is_bonus_card(self, card: Card, options: Mapping[str, object]) -> bool:
        return False


@pytest.mark.parametrize("plugin, words", [
    (_WildBonus, ("wild", "bonus")),
    (_BonusJoker, ("wild", "bonus")),
    (_WildStop, ("wild", "stop")),
    (_StopJoker, ("joker", "stop")),
    (_HalfStop, ("stop",)),
    (_StopBesideNatural, ("stop",)),
], ids=lambda v: getattr(getattr(v, "info", None), "name", "-"))
def test_roles_no_game_could_follow_raise_a_variant_error_naming_the_variant(
        plugin: type, words: tuple[str, ...]) -> None:
    """One role per card (AS-3 wild vs AS-16 bonus vs AS-33 stop: a red 3 both wild and
    bonus, a joker both wild and bonus, 3c both wild and stop), no stop joker, and a
    rank's stop cards all its cards that are neither wild nor bonus cards (3c stop but
    3s not; black 3s stop beside red 3s that are plain 3s): a ``VariantError`` when the
    game is made, naming the variant."""
    name = plugin.info.name  # type: ignore[attr-defined]
    with pytest.raises(VariantError) as caught:
        new_role_game(plugin, players=2, seed=1)
    message = str(caught.value)
    assert name in message, message
    for word in words:
        assert word in message.lower(), message
    with pytest.raises(VariantError, match=name):
        canasta_family.new_game(role_variant(plugin), players=4, seed=2)


def test_roles_a_rank_of_stop_cards_beside_wild_cards_is_accepted() -> None:
    """The rank rule counts only the cards that are neither wild nor bonus cards: with
    the red 3s wild (and no bonus cards) the black 3s alone are every other 3, so they
    may be the stop cards, and the game is made."""
    game = new_role_game(_RedThreesWild, players=2, seed=1)
    assert game.is_wild(card("3h")) and game.is_stop_card(card("3s"))
    assert not game.is_bonus_card(card("3h")) and game.red_threes_in_deck == 0
