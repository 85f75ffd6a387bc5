"""The loops of the program's own source files (read with ast, never run), to tell a rank that left the training
loop from one still inside it."""

from __future__ import annotations

import ast
import os
from collections.abc import Iterable
from functools import lru_cache

from distdoctor.model.hang import Loop

# A source file larger than this is not read (a generated file, not a training script).
MAX_SOURCE_BYTES = 4 << 20


@lru_cache(maxsize=64)
def _loops(path: str, mtime: float) -> tuple[Loop, ...]:
    try:
        if os.path.getsize(path) > MAX_SOURCE_BYTES:
            return ()
        with open(path, encoding="utf-8", errors="replace") as f:
            tree = ast.parse(f.read(), filename=path)
    except (OSError, SyntaxError, ValueError):
        return ()
    found: list[Loop] = []

    def walk(node: ast.AST, function: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                walk(child, child.name)
                continue
            if isinstance(child, ast.For | ast.While | ast.AsyncFor):
                found.append(Loop(path, function, child.lineno, child.end_lineno or child.lineno))
            walk(child, function)

    walk(tree, "<module>")
    return tuple(found)


def loops_in(paths: Iterable[str]) -> tuple[Loop, ...]:
    """Every loop of these files (files that cannot be read or parsed give none)."""
    out: list[Loop] = []
    for path in sorted(set(paths)):
        try:
            mtime = os.path.getmtime(path)
        except OSError:
            continue
        out.extend(_loops(path, mtime))
    return tuple(out)
