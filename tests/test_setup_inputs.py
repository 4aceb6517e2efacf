"""A ``HandSetup`` built directly refuses wrong field types with the library's error
(issue: bad input at the edges), as records and ``new_game`` already do."""

from __future__ import annotations

import pytest

from canasta_family import HandSetup
from canasta_family.errors import SetupError


@pytest.mark.parametrize("fields", [
    {"hands": ("Kh",), "scores": (float("inf"), 0)},
    {"hands": 5},
    {"hands": ("Kh",), "pile": 5},
    {"hands": ("Kh",), "scores": "12"},
])
def test_a_bad_hand_setup_is_a_setup_error(fields: dict[str, object]) -> None:
    """``HandSetup`` built directly refuses wrong field types with the library's error."""
    with pytest.raises(SetupError):
        HandSetup(**fields)  # type: ignore[arg-type]
