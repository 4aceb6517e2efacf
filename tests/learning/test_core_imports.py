"""The core library never imports the optional learning or cluster libraries."""

from __future__ import annotations

import json
import subprocess
import sys

OPTIONAL = ("pettingzoo", "gymnasium", "pyspiel", "open_spiel", "ray", "numpy")


def _imported_after(code: str) -> list[str]:
    probe = (f"import sys\n{code}\n"
             f"import json\nprint(json.dumps(sorted(m for m in {OPTIONAL!r} "
             "if m in sys.modules)))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True)
    return list(json.loads(out.stdout.strip().splitlines()[-1]))


def test_import_canasta_family_imports_no_optional_library() -> None:
    assert _imported_after("import canasta_family") == []


def test_cli_and_encoding_import_no_optional_library() -> None:
    code = ("import canasta_family.cli, canasta_family.encoding, canasta_family.players, "
            "canasta_family.testing, canasta_family.arena, canasta_family.simulate, "
            "canasta_family.ray_backend\n"
            "g = canasta_family.new_game(seed=1)\n"
            "canasta_family.encoding.StepBuilder(g).allowed()")
    assert _imported_after(code) == []


def test_the_probe_sees_an_import() -> None:
    assert _imported_after("import json as numpy_like; import sys; "
                           "sys.modules['numpy'] = numpy_like") == ["numpy"]
