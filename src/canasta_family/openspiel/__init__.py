"""OpenSpiel support (needs the ``openspiel`` extra): importing this package registers
the game ``python_canasta_family`` with :mod:`pyspiel`. See ``docs/rl.md``.

>>> import pyspiel
>>> game = pyspiel.load_game("python_canasta_family(variant=canasta,players=2)")
>>> game.num_players(), game.num_distinct_actions()
(2, 349)
"""

from __future__ import annotations

import pyspiel

from canasta_family.openspiel.game import (
    GAME_TYPE,
    CanastaGame,
    CanastaObserver,
    CanastaState,
)

__all__ = ["GAME_TYPE", "CanastaGame", "CanastaObserver", "CanastaState"]

if GAME_TYPE.short_name not in pyspiel.registered_names():
    pyspiel.register_game(GAME_TYPE, CanastaGame)
