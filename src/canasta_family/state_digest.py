"""A digest of a game's state, stored in its record so that replay notices an edited
record (a changed seed, option, start or action list that still replays).

The digest has four named parts, each the first 16 hex digits of a SHA-256 over canonical
JSON (sorted keys, no spaces) of what the game's public accessors report:

``game``
    variant, options, number of players, seed;
``cards``
    every hand, foot, the stock, the pile, cards set aside, melds and red 3s;
``scores``
    the cumulative scores, the hand number and the dealer;
``turn``
    the seat to act, the phase and how many actions were played.

Naming the parts lets an error say *what* differs. The digest depends only on values the
game shows, never on Python's ``hash()`` (which changes between processes), so it is the
same on every machine. It detects an edited or corrupted record; it is not a signature:
anyone can recompute it after editing.

>>> import canasta_family
>>> digest = state_digest(canasta_family.new_game("american-samba", seed=3))
>>> sorted(digest), len(digest["cards"])
(['cards', 'game', 'scores', 'turn'], 16)
>>> digest == state_digest(canasta_family.new_game("american-samba", seed=3))
True
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from canasta_family.cards import Card
    from canasta_family.engine import Game

__all__ = ["DIGEST_PARTS", "digest_differences", "state_digest"]

DIGEST_PARTS = ("game", "cards", "scores", "turn")
"""The names of a digest's parts, in the order errors list them."""

DIGEST_HEX_DIGITS = 16


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)


def _hash(value: object) -> str:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:DIGEST_HEX_DIGITS]


def state_digest(game: Game) -> dict[str, str]:
    """The digest of ``game``'s current state (see the module documentation).

    >>> import canasta_family
    >>> game = canasta_family.new_game("samba", players=2, seed=1)
    >>> before = state_digest(game)
    >>> game.apply("draw")
    >>> digest_differences(before, state_digest(game))
    ['cards', 'turn']
    """
    seats = range(game.num_players)
    sides = range(len(game.sides))
    parts: dict[str, object] = {
        "game": [game.variant.name, sorted((k, repr(v)) for k, v in game.options.items()),
                 game.num_players, game.seed],
        "cards": [
            [_cards(game.hand_cards(p)) for p in seats],
            [_cards(game.foot_cards(p)) for p in seats],
            _cards(game.stock_cards()), _cards(game.pile), _cards(game.aside_cards()),
            # A run's places (where it holds wild cards) are part of its state.
            [[_cards(meld.cards) + (f" @{list(meld.places)}" if meld.places else "")
              for meld in game.side_melds(s)] for s in sides],
            [_cards(game.side_red_threes(s)) for s in sides],
            # Reserves only where the variant has them (other digests stay as they were).
            *([[_cards(game.reserve_cards(s)) for s in sides],
               [game.reserve_taken_by(s) for s in sides],
               [game.reserve_waiting(s) for s in sides]] if game.reserve_rules.size else []),
        ],
        "scores": [list(game.scores), game.hand_number, game.dealer],
        "turn": [game.current_player, game.phase, len(game.actions)],
    }
    return {name: _hash(parts[name]) for name in DIGEST_PARTS}


def digest_differences(stored: dict[str, str], actual: dict[str, str]) -> list[str]:
    """The names of the parts where two digests differ, in :data:`DIGEST_PARTS` order.

    >>> digest_differences({"game": "a", "cards": "b"}, {"game": "a", "cards": "c"})
    ['cards']
    """
    return [name for name in DIGEST_PARTS if stored.get(name) != actual.get(name)]
