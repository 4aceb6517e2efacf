"""No import circle through the engine: the modules the engine is built on, and those
its convenience methods hand work to (``Game.observation()``, ``record()``,
``determinize()``), never import the engine, the front door or the package root back at
run time — only for type checking. Read from the source, so an import inside a function
counts too."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "canasta_family"
ENGINE = "canasta_family.engine"
# Importing any of these runs the engine's module (the package root imports it).
ABOVE = {"canasta_family", ENGINE, "canasta_family.api"}
# Modules the engine calls into lazily for its convenience methods.
HANDED_WORK = {"canasta_family.determinize"}


def module_path(name: str) -> Path | None:
    """The source file of module ``name`` of the package, if it is one."""
    relative = Path(*name.split(".")[1:])
    for path in (PACKAGE / relative.with_suffix(".py"), PACKAGE / relative / "__init__.py"):
        if path.is_file():
            return path
    return None


def run_time_imports(path: Path) -> list[tuple[int, str, tuple[str, ...]]]:
    """(line, module, names) of every import of ``path`` outside ``if TYPE_CHECKING``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    checking: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            checking.update(id(sub) for sub in ast.walk(node))
    found: list[tuple[int, str, tuple[str, ...]]] = []
    for node in ast.walk(tree):
        if id(node) in checking:
            continue
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module, tuple(a.name for a in node.names)))
        elif isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name, ()) for alias in node.names)
    return found


def engine_base() -> set[str]:
    """The package's modules the engine imports at run time, and theirs, transitively."""
    seen: set[str] = set()
    waiting = [ENGINE, *(f"{ENGINE}.{path.stem}" for path in (PACKAGE / "engine").glob("*.py"))]
    while waiting:
        name = waiting.pop()
        path = module_path(name)
        if path is None:
            continue
        for _line, module, names in run_time_imports(path):
            targets = [module] if module != "canasta_family" else [
                f"canasta_family.{n}" for n in names]
            for target in targets:
                if target.startswith("canasta_family.") and target not in seen \
                        and module_path(target) is not None:
                    seen.add(target)
                    waiting.append(target)
    # The engine package's own modules are the engine, not what it is built on.
    return {name for name in seen if name != ENGINE and not name.startswith(ENGINE + ".")}


def test_the_engine_base_never_imports_the_engine_back() -> None:
    base = engine_base() | HANDED_WORK
    assert {"canasta_family.observation", "canasta_family.record",
            "canasta_family.plugins"} <= base
    offenders = []
    for name in sorted(base):
        path = module_path(name)
        assert path is not None
        for line, module, names in run_time_imports(path):
            submodules = all(module_path(f"{module}.{n}") is not None for n in names)
            if module in ABOVE and not (module == "canasta_family" and names and submodules):
                offenders.append(f"{name}:{line} imports {module}")
    assert offenders == []
