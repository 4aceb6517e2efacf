"""The budget of the going-out search and how it stops."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    pass

# Positions the going-out search (``Game._out_reachable``) may visit before it gives up.
_OUT_BUDGET = 600


class _SearchExhausted(Exception):
    """Raised inside the going-out search when it has visited its budget of positions."""
