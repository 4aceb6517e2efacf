"""The game engine: one :class:`Game` runs any Canasta-family variant through its hooks.

The engine is the only caller of hooks. It resolves a variant's rule parameters once per
game (:mod:`canasta_family.rules`) and calls event hooks only when something happens, so
the inner loops — listing legal actions, checking and applying them — run on plain
integers: a hand is a list of 53 counts indexed by card code.

Every action is checked completely before anything changes (``verify`` raises,
``is_legal`` answers, ``apply`` verifies then acts), and the listing of legal actions
(``legal_actions``) is written independently of the checks so that each can test the
other.

>>> import canasta_family
>>> game = canasta_family.new_game("american-samba", players=4, seed=3)
>>> game.current_player, game.phase
(1, 'draw')
>>> game.apply("draw")
>>> game.phase, len(game.hand_cards(1)) >= 15
('play', True)
"""

from canasta_family.engine.game import Game
from canasta_family.engine.phases import ANSWER, DRAW, OVER, PLAY

__all__ = ["ANSWER", "DRAW", "OVER", "PLAY", "Game"]
