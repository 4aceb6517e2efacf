"""Big hands where a play after an initial pile take was refused by the collection
search's budget (AS-23, in Dutch Samba through DS's reading of American Samba).

After an initial pile take short of the minimum, a meld or lay-off is legal exactly when
the cards that count can still make up the minimum this turn. In hands of 40 cards and
more with sequences, the collection search gives up after its budget and the engine's
completion finder decides; the finder can miss a collection. Where sequences meld, the
judge on counts (``engine/initial_meld_bound.OwedCounts``) reads collections of sets
only: each is a collection all the same, so its "yes" stands, and it settles such plays
exactly.

Each position here (``tests/golden/owed_budget``) is a game record of random play that
replays to the owed position, with the play the finder refused and a collection of plays
that makes up the minimum after it. The first test makes them through the public API;
the second asks that the play be listed and legal, as a play of the same cards in one
meld was before.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from positions import recorded_case

POSITIONS = sorted((Path(__file__).parent / "golden" / "owed_budget").glob("*.json"))


@pytest.mark.parametrize("path", POSITIONS, ids=lambda p: p.stem)
def test_AS_23_the_collection_after_the_play_makes_up_the_minimum(path: Path) -> None:
    """AS-23: the play and then the collection are accepted one by one, and the side's
    initial meld then stands with cards left to go on."""
    case, game = recorded_case(path)
    seat = game.current_player
    assert game.variant.name == case["variant"] and game.owes_initial_meld()
    assert len(game.hand_cards(seat)) >= 40
    game.apply(case["play"])
    for play in case["collection"]:
        assert game.owes_initial_meld()
        game.apply(play)
    assert not game.owes_initial_meld()
    assert len(game.hand_cards(seat)) >= 2


@pytest.mark.parametrize("path", POSITIONS, ids=lambda p: p.stem)
def test_AS_23_the_play_is_listed_and_legal(path: Path) -> None:
    """AS-23: the play is listed and legal in the owed position, and every play listed
    there is legal."""
    case, game = recorded_case(path)
    listed = game.legal_actions()
    assert case["play"] in {str(action) for action in listed}
    assert game.is_legal(case["play"])
    assert all(game.is_legal(action) for action in listed)
