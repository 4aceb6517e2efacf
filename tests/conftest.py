"""Shared fixtures and hypothesis profiles for the test suite."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "thorough", max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

import canasta_family  # noqa: E402  (after the profiles, which hypothesis reads first)


@pytest.fixture
def cache_limit() -> Iterator[Callable[[int], None]]:
    """Set the engine's cache limit for one test (``cache_limit(40)``); the limit before
    the test is put back after it."""
    before = canasta_family.cache_info().limit
    yield canasta_family.set_cache_limit
    canasta_family.set_cache_limit(before)
