"""MkDocs hook: links from a page to files of the repository outside docs/.

A guide may link to ``../examples/bolivia/``: right when the page is read in the source
tree or the source distribution, but the built site holds only docs/, so the link would
lead nowhere. Such a link becomes its text, as a file path in code. Only a target that
exists is rewritten: a link to a missing file stays, and the strict build fails on it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

# [text](target) or [text](target "title"), not an image.
LINK = re.compile(r"(?<!!)\[([^\]\n]+)\]\(([^)\s#]+)(#[^)\s]*)?(?:\s+\"[^\"]*\")?\)")
FENCE = re.compile(r"^ *(```|~~~).*?^ *\1[ \t]*$", re.MULTILINE | re.DOTALL)


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Replace each link to an existing file outside docs/ by its text."""
    docs = Path(config["docs_dir"]).resolve()
    root = Path(config["config_file_path"]).resolve().parent
    here = (docs / page.file.src_path).parent

    def replace(match: re.Match[str]) -> str:
        text, target = match.group(1), match.group(2)
        if "://" in target or target.startswith(("mailto:", "/")):
            return match.group(0)
        path = (here / target).resolve()
        if path.is_relative_to(docs) or not path.is_relative_to(root) or not path.exists():
            return match.group(0)
        return text if "`" in text else f"`{text}`"

    pieces: list[str] = []
    last = 0
    for fence in FENCE.finditer(markdown):
        pieces.append(LINK.sub(replace, markdown[last : fence.start()]))
        pieces.append(fence.group(0))
        last = fence.end()
    pieces.append(LINK.sub(replace, markdown[last:]))
    return "".join(pieces)
