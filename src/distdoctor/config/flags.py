"""Config values from distdoctor's own torchrun-style flags, and from a launch command's flags and VAR=value words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from distdoctor.errors import UsageError
from distdoctor.model import Source, SourceKind
from distdoctor.model.config import Layer
from distdoctor.model.fields import BY_NAME, Field


def parse_given(row: Field, raw: str, spelled: str, kind: SourceKind) -> Any:
    """A value the user typed (a flag, a launch command line): the table's parser, and a UsageError if it refuses.

    The environment is read with the same parser, but a bad value there is a finding (Layer.read), not an error."""
    try:
        return row.parse(raw)
    except ValueError as exc:
        where = " in the launch command" if kind == "command" else ""
        shown = raw if len(raw) <= 80 else raw[:60] + "…"  # one line, even for a 300-character name
        raise UsageError(f"{spelled} {shown!r}{where}: expected {exc or row.form}") from None


def layer_from_flags(raw: Mapping[str, str | None], kind: SourceKind = "flag") -> Layer:
    """Parse flag values given as {field: raw string}; a bad value is a UsageError naming the flag."""
    layer = Layer()
    for name, text in raw.items():
        if text is None:
            continue
        row = BY_NAME[name]
        value = parse_given(row, text, row.option, kind)
        if value is None and name == "nproc_per_node":
            layer.notes.append(f"nproc_per_node={text}: the count is decided on each node")
        layer.set(name, value, Source(kind, row.option))
    return layer
