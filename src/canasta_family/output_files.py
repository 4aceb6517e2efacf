"""The files the command line writes (a game record, a match's results): the path is
checked before any game is played, an existing file is replaced only when asked, a
symbolic link is never written through, and the text lands whole or not at all (it is
written to a temporary file in the same directory, then moved over the target).

>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> target = check_output_path(folder / "game.json", option="--record")
>>> write_atomically(target, "{}\\n")
>>> target.read_text(encoding="utf-8")
'{}\\n'
>>> try:
...     check_output_path(target, option="--record")
... except CanastaError as exc:
...     print(str(exc).replace(str(target), "FILE"))
--record: FILE exists; give --force to overwrite it
>>> write_atomically(target, "[]\\n", force=True)
>>> target.read_text(encoding="utf-8"), sorted(p.name for p in folder.iterdir())
('[]\\n', ['game.json'])
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

from canasta_family.errors import CanastaError

__all__ = ["check_output_path", "write_atomically"]


def check_output_path(path: str | os.PathLike[str], *, force: bool = False,
                      option: str = "output") -> Path:
    """The path as a :class:`~pathlib.Path`, once it is known that a file can be written
    there: not a symbolic link or a directory, not an existing file unless ``force``, in
    a directory that exists and lets a file be created. Raises
    :class:`~canasta_family.errors.CanastaError` whose message starts with ``option``
    (the command-line option that named the path).

    >>> try:
    ...     check_output_path("/no/such/folder/x.json", option="--out")
    ... except CanastaError as exc:
    ...     print(exc)
    --out: cannot write '/no/such/folder/x.json': the directory '/no/such/folder' does not exist
    """
    target = Path(path)
    shown = str(target)
    if target.is_symlink():
        raise CanastaError(f"{option}: {shown} is a symbolic link; name the file itself")
    if target.is_dir():
        raise CanastaError(f"{option}: {shown} is a directory; name a file")
    if target.exists():
        if not target.is_file():
            raise CanastaError(f"{option}: {shown} exists and is not a regular file")
        if not force:
            raise CanastaError(f"{option}: {shown} exists; give --force to overwrite it")
    folder = target.parent
    if not folder.is_dir():
        raise CanastaError(f"{option}: cannot write {shown!r}: the directory "
                           f"{str(folder)!r} does not exist")
    # Asking os.access is not enough (read-only mounts, ACLs): create and remove a
    # temporary file where the real one will be written.
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=f".{target.name}.", suffix=".tmp"):
            pass
    except OSError as exc:
        raise CanastaError(f"{option}: cannot write {shown!r}: {exc.strerror or exc}"
                           ) from None
    return target


def _new_file_mode(target: Path) -> int:
    # mkstemp creates 0600; give the file the mode a plain open() would (or keep the
    # mode of the file it replaces).
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def write_atomically(path: str | os.PathLike[str], text: str, *, force: bool = False,
                     option: str = "output") -> None:
    """Write ``text`` (UTF-8) to ``path`` through a temporary file in the same directory
    and :func:`os.replace`, after :func:`check_output_path` (so never through a symbolic
    link, and over an existing file only with ``force``). A failure leaves no temporary
    file behind and the target as it was; it raises
    :class:`~canasta_family.errors.CanastaError`.

    >>> import pathlib, tempfile
    >>> link = pathlib.Path(tempfile.mkdtemp()) / "link.json"
    >>> link.symlink_to("/etc/hostname")
    >>> try:
    ...     write_atomically(link, "x", force=True, option="--out")
    ... except CanastaError as exc:
    ...     print(str(exc).replace(str(link), "LINK"))
    --out: LINK is a symbolic link; name the file itself
    """
    target = check_output_path(path, force=force, option=option)
    mode = _new_file_mode(target)
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.",
                                         suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise CanastaError(f"{option}: cannot write {str(target)!r}: {exc.strerror or exc}"
                           ) from None
