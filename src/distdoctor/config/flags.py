"""Config values from distdoctor's own torchrun-style flags, and from a launch command's flags."""

from __future__ import annotations

from collections.abc import Mapping

from distdoctor.config.parsers import PARSERS
from distdoctor.errors import UsageError
from distdoctor.model import Source, SourceKind
from distdoctor.model.config import Layer


def flag_name(field: str) -> str:
    return "--" + field.replace("_", "-")


def layer_from_flags(raw: Mapping[str, str | None], kind: SourceKind = "flag") -> Layer:
    """Parse flag values given as {field: raw string}; a bad value is a UsageError naming the flag."""
    layer = Layer()
    for name, text in raw.items():
        if text is None:
            continue
        parse, form = PARSERS[name]
        try:
            value = parse(text)
        except ValueError:
            where = " in the launch command" if kind == "command" else ""
            raise UsageError(f"{flag_name(name)} {text!r}{where}: expected {form}") from None
        if value is None and name == "nproc_per_node":
            layer.notes.append(f"nproc_per_node={text}: the count is decided on each node")
        layer.set(name, value, Source(kind, flag_name(name)))
    return layer
