"""The step encoding reaches every legal action and masked steps stay legal."""

from __future__ import annotations

import random

import pytest

import canasta_family
from canasta_family.encoding import StepBuilder, StepCodec, StepError
from canasta_family.testing import play_random

VARIANTS = [v.name for v in canasta_family.available_variants()]


def _positions(variant: str, players: int, count: int) -> list[canasta_family.Game]:
    out = []
    for seed in range(count):
        game = canasta_family.new_game(variant, players=players, seed=seed)
        play_random(game, random.Random(seed).randrange(0, 200), seed=seed)
        if not game.is_over:
            out.append(game)
    return out


def _walk(builder: StepBuilder, target: canasta_family.Action) -> None:
    """Play ``target`` step by step, checking every step is allowed by the mask."""
    steps = builder.codec.steps_of(target)
    for i, step in enumerate(steps):
        assert step in builder.allowed()
        done = builder.step(step)
        assert (done is None) == (i < len(steps) - 1)
        if done is not None:
            assert done == target


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_legal_action_is_reachable_by_masked_steps(variant: str) -> None:
    wanted = {"draw", "meld", "lay-off", "discard", "take-pile"}
    kinds: set[str] = set()
    checked = 0
    for seed in range(300):
        if wanted <= kinds and checked > 200:
            break
        game = canasta_family.new_game(variant, seed=seed)
        play_random(game, random.Random(seed).randrange(0, 200), seed=seed)
        if game.is_over:
            continue
        for action in game.legal_actions():
            kinds.add(action.kind)
            copy = game.clone()
            _walk(StepBuilder(copy), action)
            expected = game.clone()
            expected.apply(action)
            assert copy == expected
            checked += 1
    assert wanted <= kinds and checked > 200


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_random_masked_steps_always_produce_listed_actions(variant: str) -> None:
    rng = random.Random(variant)
    for seed in range(3):
        game = canasta_family.new_game(variant, seed=seed)
        builder = StepBuilder(game)
        for _ in range(400):
            if game.is_over:
                break
            listed = set(game.legal_actions()) if not builder.pending else None
            done = builder.step(rng.choice(builder.allowed()))
            if listed is not None and done is not None:
                assert done in listed
            if done is not None:
                assert builder.pending == ()


def test_sequences_are_unique_and_prefix_free() -> None:
    for game in _positions("american-samba", 4, 10):
        seqs = [StepCodec.for_game(game).steps_of(a) for a in game.legal_actions()]
        assert len(set(seqs)) == len(seqs)
        as_set = set(seqs)
        for seq in seqs:
            for cut in range(1, len(seq)):
                assert seq[:cut] not in as_set


def test_a_step_outside_the_mask_is_refused_and_changes_nothing() -> None:
    game = canasta_family.new_game(seed=7)
    builder = StepBuilder(game)
    before = game.clone()
    bad = builder.codec.index("discard", 0)
    with pytest.raises(StepError) as err:
        builder.step(bad)
    assert err.value.field == "step" and isinstance(err.value, ValueError)
    assert game == before and builder.pending == ()


def test_codec_numbers_and_names_round_trip() -> None:
    codec = StepCodec(num_players=6, max_melds=72)
    for step in range(codec.size):
        name, arg = codec.block(step)
        assert codec.index(name, arg) == step
    with pytest.raises(StepError) as err:
        codec.index("lay-off", 72)
    assert err.value.field == "meld"


def test_pending_cards_count_the_selection() -> None:
    game = canasta_family.new_game(seed=7)
    builder = StepBuilder(game)
    builder.step(builder.codec.index("take"))
    card = builder.allowed()[0]
    builder.step(card)
    counts = builder.pending_cards()
    assert sum(counts) == 1 and counts[card - builder.codec.offsets["card"]] == 1
