"""Doctest collection over ``src``: skip the adapters whose optional package is missing.

``canasta_family.rl`` needs the ``rl`` extra, ``canasta_family.openspiel`` the
``openspiel`` extra and the Ray backend the ``ray`` extra; without them their modules
cannot even be imported, so their doctests are not collected.
"""

from __future__ import annotations

import importlib.util

_NEEDS = {
    "src/canasta_family/rl": ("pettingzoo", "gymnasium", "numpy"),
    "src/canasta_family/openspiel": ("pyspiel", "numpy"),
}

collect_ignore = [path for path, modules in _NEEDS.items()
                  if any(importlib.util.find_spec(m) is None for m in modules)]
