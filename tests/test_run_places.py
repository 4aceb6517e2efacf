"""Sequences whose cards have places (``MeldRules.run_wilds``, ``run_wild_in_own_place``,
``run_wild_moves``): a wild card stands for one named place (BU-15), at most one per meld
(BU-14), a 2 is natural at its own place in its suit (BU-12), and laying off the natural a
wild card stands for moves it (BU-16); a canasta's kind is judged as it stands (BU-17…19).

Played through the public API on the test variant of ``place_variants`` (classic Canasta
with Buraco's sequences), with the brute-force listing check on random small deals.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

import attrs
import pytest
from place_variants import PlaceRuns, new_place_game

from canasta_family import (
    Ask,
    Game,
    HandSetup,
    IllegalActionError,
    LayOff,
    MakeMeld,
    Rank,
    hookimpl,
    new_game,
    parse_action,
    parse_card,
    parse_cards,
)
from canasta_family.encoding.steps import StepBuilder, StepCodec
from canasta_family.plugins import Variant
from canasta_family.rules import GoingOutRules
from canasta_family.testing import (
    check_clone_and_replay,
    check_listing_complete,
    check_refusal_leaves_state,
)

OTHER = "4c 5c 6c 9s 10d"


def _play(hand: str, melds: tuple[str, ...] = (), *, moves: bool = True,
          stock: str = "Kd Ks Qd Qs") -> Game:
    """Seat 0 to play after drawing (two cards: the first two of ``stock``) with ``hand``,
    its side holding ``melds``."""
    start = HandSetup(hands=(hand, OTHER), pile="7c", stock=stock, melds=(melds, ()),
                      dealer=1)
    game = new_place_game(start, options={"moves": moves})
    game.apply("draw")
    return game


def _listed(game: Game) -> set[str]:
    return {str(action) for action in game.legal_actions()}


def _last_meld(game: Game) -> str:
    return str(game.side_melds(0)[-1])


# -- BU-15: a wild card stands for one place ---------------------------------------------

def test_bu15_a_wild_card_in_a_gap_needs_no_place_named() -> None:
    game = _play("5h 6h 8h JK 9c")
    assert "meld 5h 6h 8h JK" in _listed(game)
    game.apply("meld 5h 6h 8h JK")
    meld = game.side_melds(0)[0]
    assert str(meld) == "5h 6h JK=7 8h"
    assert meld.wilds == 1 and sorted(meld.places) == [5, 6, 7, 8]


def test_bu15_a_wild_card_at_either_end_must_be_placed() -> None:
    game = _play("5h 6h JK 9c 9d")
    listed = _listed(game)
    assert {"meld 5h 6h JK=4", "meld 5h 6h JK=7"} <= listed
    assert "meld 5h 6h JK" not in listed
    with pytest.raises(IllegalActionError) as refused:
        game.apply("meld 5h 6h JK")
    assert refused.value.rule == "run-place"
    assert "JK=4 or JK=7" in refused.value.reason
    check_refusal_leaves_state(game, "meld 5h 6h JK")
    game.apply("meld 5h 6h JK=4")
    assert _last_meld(game) == "JK=4 5h 6h"


def test_bu15_a_place_is_named_only_for_a_wild_card_of_a_sequence() -> None:
    game = _play("5h 6h 7h 9c 9d JK")
    for text in ("meld 5h 6h 7h=8", "meld 9c 9d JK=9"):
        with pytest.raises(IllegalActionError) as refused:
            game.apply(text)
        assert refused.value.rule == "run-place"
        check_refusal_leaves_state(game, text)


def test_bu15_a_lay_off_at_either_end_names_the_place() -> None:
    game = _play("JK 9c 9d 4d", melds=("5h 6h 7h",))
    listed = _listed(game)
    assert {"lay-off 0 JK=4", "lay-off 0 JK=8"} <= listed
    game.apply("lay-off 0 JK=8")
    assert _last_meld(game) == "5h 6h 7h JK=8"


# -- BU-12: a 2 at its own place is natural ------------------------------------------------

def test_bu12_a_2_at_its_own_place_in_its_suit_is_natural() -> None:
    game = _play("2h 3h 4h 9c 9d")
    game.apply("meld 2h 3h 4h")
    meld = game.side_melds(0)[0]
    assert meld.wilds == 0 and str(meld) == "2h 3h 4h"


def test_bu12_a_2_elsewhere_is_wild() -> None:
    game = _play("2h 4h 6h 9c 9d")
    game.apply("meld 2h 4h 6h")
    meld = game.side_melds(0)[0]
    assert meld.wilds == 1 and str(meld) == "4h 2h=5 6h"


def test_bu12_a_2_of_another_suit_is_wild_even_at_the_2s_place() -> None:
    game = _play("2c 3h 4h 9c 9d")
    with pytest.raises(IllegalActionError, match="2c=2 or 2c=5"):
        game.apply("meld 2c 3h 4h")
    game.apply("meld 2c=2 3h 4h")
    assert game.side_melds(0)[0].wilds == 1


def test_bu12_a_2_may_be_played_as_a_wild_card_where_named() -> None:
    game = _play("2h 3h 4h 9c 9d")
    assert "meld 2h=5 3h 4h" in _listed(game)
    game.apply("meld 2h=5 3h 4h")
    assert _last_meld(game) == "3h 4h 2h=5"


# -- BU-14: one wild card per meld --------------------------------------------------------

def test_bu14_at_most_one_wild_card_per_meld() -> None:
    game = _play("5h 8h JK 2c 9c 9d 9s")
    for text in ("meld 5h 8h JK 2c", "meld 9c 9d JK 2c"):
        with pytest.raises(IllegalActionError):
            game.apply(text)
        check_refusal_leaves_state(game, text)


def test_bu14_a_run_holds_its_natural_2_and_one_wild_card() -> None:
    game = _play("2h 3h 5h JK 9c")
    game.apply("meld 2h 3h 5h JK")
    meld = game.side_melds(0)[0]
    assert str(meld) == "2h 3h JK=4 5h" and meld.wilds == 1
    with pytest.raises(IllegalActionError):
        _play("2h 3h 5h JK 2c").apply("meld 2h 3h 5h JK 2c")


def test_bu14_a_wild_card_cannot_join_a_run_that_holds_one() -> None:
    game = _play("2c 9c 9d 4d", melds=("5h 6h JK 8h",))
    assert not any(isinstance(a, LayOff) for a in game.legal_actions())


# -- BU-16: the wild card moves -----------------------------------------------------------

def test_bu16_laying_off_the_natural_moves_the_wild_card_above() -> None:
    game = _play("7h 9c 9d 4d", melds=("5h 6h 8h JK",))
    assert "lay-off 0 7h" in _listed(game)
    game.apply("lay-off 0 7h")
    assert _last_meld(game) == "5h 6h 7h 8h JK=9"


def test_bu16_the_wild_card_moves_below_when_the_run_tops_at_the_ace() -> None:
    game = _play("Qh 9c 9d 4d", melds=("10h Jh Kh Ah JK",))
    game.apply("lay-off 0 Qh")
    assert _last_meld(game) == "JK=9 10h Jh Qh Kh Ah"


def test_bu16_a_2_of_the_suit_returns_to_its_own_place_as_a_natural() -> None:
    game = _play("4h 9c 9d 4d", melds=("3h 2h 5h",))
    assert _last_meld(game) == "3h 2h=4 5h"
    game.apply("lay-off 0 4h")
    meld = game.side_melds(0)[0]
    assert str(meld) == "2h 3h 4h 5h" and meld.wilds == 0


def test_bu16_no_place_for_the_wild_card_makes_the_lay_off_illegal() -> None:
    full = "Ah Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh JK"
    game = _play("Kh 9c 9d 4d", melds=(full,))
    assert _last_meld(game) == "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh JK=K Ah"
    assert not game.is_legal("lay-off 0 Kh")
    check_refusal_leaves_state(game, "lay-off 0 Kh")


def test_without_wild_moves_the_wild_cards_place_is_taken() -> None:
    game = _play("7h 9c 9d 4d", melds=("5h 6h 8h JK",), moves=False)
    assert not game.is_legal("lay-off 0 7h")
    assert "lay-off 0 9h" not in _listed(game)


# -- BU-17…19: canasta kinds as the meld stands ---------------------------------------------

def test_bu17_a_run_canasta_with_a_wild_card_is_dirty_and_without_clean() -> None:
    dirty = _play("5h 6h 7h 8h 9h 10h JK 9c 9d")
    dirty.apply("meld 5h 6h 7h 8h 9h 10h JK=J")
    assert dirty.side_melds(0)[0].canasta == "dirty"
    clean = _play("5h 6h 7h 8h 9h 10h Jh 9c 9d")
    clean.apply("meld 5h 6h 7h 8h 9h 10h Jh")
    assert clean.side_melds(0)[0].canasta == "clean"


def test_bu19_a_2_turned_natural_makes_the_canasta_clean() -> None:
    game = _play("4h 9c 9d 4d", melds=("3h 2h 5h 6h 7h 8h 9h",))
    assert game.side_melds(0)[0].canasta == "dirty"
    game.apply("lay-off 0 4h")
    assert game.side_melds(0)[0].canasta == "clean"


def test_bu19_a_wild_card_laid_on_a_clean_canasta_makes_it_dirty() -> None:
    game = _play("JK 9c 9d 4d", melds=("5h 6h 7h 8h 9h 10h Jh",))
    game.apply("lay-off 0 JK=Q")
    assert game.side_melds(0)[0].canasta == "dirty"


def test_bu18_clean_runs_of_13_and_14_cards_have_their_own_kinds() -> None:
    royal = _play("Kh 9c 9d 4d", melds=("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh",))
    royal.apply("lay-off 0 Kh")
    assert royal.side_melds(0)[0].canasta == "royal"
    both = _play("Ah 9c 9d 4d", melds=("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh",))
    both.apply("lay-off 0 Ah")
    assert both.side_melds(0)[0].canasta == "ace-to-ace"


# -- going out, notation ------------------------------------------------------------------

def test_a_run_with_a_wild_card_takes_a_player_out() -> None:
    canastas = ("Kc Kc Kd Kd Ks Ks Kh", "Qc Qc Qd Qd Qs Qs Qh")
    game = _play("5h 6h 9c", melds=canastas, stock="8h JK Ad As")
    assert "meld 5h 6h 8h JK" in _listed(game)
    game.apply("meld 5h 6h 8h JK")
    game.apply("discard 9c")
    assert game.hand_results[0].went_out == 0


def test_places_round_trip_through_the_notation() -> None:
    meld = parse_action("meld 6h JK=4 5h")
    assert meld == MakeMeld(cards=parse_cards("5h 6h JK"),
                            stands=((parse_card("JK"), Rank.FOUR),))
    assert str(meld) == "meld 5h 6h JK=4" and parse_action(str(meld)) == meld
    layoff = parse_action("lay-off 2 2c=A")
    assert layoff.stands == ((parse_card("2c"), Rank.ACE),)  # type: ignore[union-attr]
    assert parse_action(str(layoff)) == layoff
    assert parse_action("meld 5h 6h JK") != meld


# -- the listing is complete, replays reproduce the places ------------------------------------

def _small_deal(seed: int) -> HandSetup:
    deck = list(new_place_game(seed=seed).deck)
    random.Random(seed).shuffle(deck)
    return HandSetup(hands=(tuple(deck[:8]), tuple(deck[8:16])), pile=(deck[16],),
                     stock=tuple(deck[17:60]), dealer=1)


@pytest.mark.parametrize("seed", range(8))
def test_listing_complete_and_replayable_with_places(seed: int) -> None:
    game = new_place_game(_small_deal(seed), seed=seed)
    chooser = random.Random(seed)
    placed = 0
    for _ in range(90):
        if game.is_over or game.hand_results:
            break
        if game.hand_size(game.current_player) <= 9:
            check_listing_complete(game, max_meld=5)
        legal = game.legal_actions()
        plays = [a for a in legal if isinstance(a, (MakeMeld, LayOff))]
        # Meld and lay off most of the time, to build sequences with wild cards.
        game.apply(chooser.choice(plays) if plays and chooser.random() < 0.8
                   else chooser.choice(legal))
        placed += sum(1 for side in (0, 1) for meld in game.side_melds(side) if meld.places)
    check_clone_and_replay(game)
    assert placed  # every seed builds sequences with places


def test_the_step_codec_writes_places_as_stand_steps() -> None:
    game = _play("5h 6h JK 9c 9d")
    codec = StepCodec.for_game(game)
    assert codec.places and not StepCodec.for_game(new_game("canasta", players=2)).places
    steps = codec.steps_of(parse_action("meld 5h 6h JK=7"))
    assert codec.describe(steps) == ["meld", "card 5h", "card 6h", "card JK", "stand 7",
                                     "commit"]
    builder = StepBuilder(game, codec)
    assert set(builder.completions()) == set(game.legal_actions())
    for step in steps[:-1]:
        assert builder.step(step) is None
    assert builder.step(steps[-1]) == parse_action("meld 5h 6h JK=7")


class _NoQuestionByDiscard(PlaceRuns):
    """The test variant with Buraco's way of going out: no question to a partner (BU-26)
    and only by a final discard (BU-O7)."""

    info = attrs.evolve(PlaceRuns.info, name="test-no-question")

    @hookimpl
    def canasta_going_out_rules(self, num_players: int,
                                options: Mapping[str, object]) -> GoingOutRules:
        return GoingOutRules(partner_question=False, by_discard=True)


def _no_question_game(hand: str) -> Game:
    plugin = _NoQuestionByDiscard()
    variant = Variant(info=plugin.info, plugin=plugin, origin="local")
    canasta = ("Kc Kc Kd Kd Ks Ks Kh",)  # classic Canasta's four players need one (CC-8)
    start = HandSetup(hands=(hand, "3c 3d 9s", "4d 4s 10c", "Jd Js 10s"), pile="Qs",
                      stock="7h 8h 4c 5c", melds=(canasta, ()), dealer=3)
    game = Game(variant, players=4, seed=1, start=start)
    game.apply("draw")  # the 7h
    return game


def test_bu26_no_question_to_a_partner_where_the_variant_says_so() -> None:
    game = _no_question_game("5h 6h 9c")
    assert not any(isinstance(action, Ask) for action in game.legal_actions())
    with pytest.raises(IllegalActionError) as refused:
        game.apply("ask 2")
    assert refused.value.rule == game.variant.rule("ask")
    assert "nobody asks" in refused.value.reason
    check_refusal_leaves_state(game, "ask 2")


def test_bu_o7_going_out_needs_a_final_discard() -> None:
    keeps = _no_question_game("5h 6h 9c")
    keeps.apply("meld 5h 6h 7h")
    keeps.apply("discard 9c")
    assert keeps.hand_results[0].went_out == 0
    empties = _no_question_game("5h 6h")
    assert "meld 5h 6h 7h" not in {str(a) for a in empties.legal_actions()}
    with pytest.raises(IllegalActionError) as refused:
        empties.apply("meld 5h 6h 7h")
    assert "discarding your last card" in refused.value.reason
    check_refusal_leaves_state(empties, "meld 5h 6h 7h")
