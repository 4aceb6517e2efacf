"""The phases of a turn, as ``Game.phase`` names them."""

from __future__ import annotations

DRAW = "draw"
"""Phase: the player to move draws, takes the pile (or passes on an exhausted stock)."""
PLAY = "play"
"""Phase: the player melds, lays off, merges, asks, and finally discards or goes out."""
ANSWER = "answer"
"""Phase: a partner answers "may I go out?"."""
OVER = "over"
"""Phase: the game has ended."""
