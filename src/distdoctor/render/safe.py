"""Text from other processes and nodes made safe to show: the render boundary's one cleaning step.

Host names, command lines, log lines, stack frames, a finding's evidence and params come from other programs and,
through node 0's port, from anyone on the network. Before any of it reaches a terminal (or a JSON or HTML file) it
goes through here once, so no producer has to remember:

- escape sequences (ANSI CSI, OSC such as a window title or a hyperlink, DCS/APC/PM strings) are removed whole;
- other C0 and C1 control characters, DEL, and the bidirectional overrides (U+202A-202E, U+2066-2069) are removed;
  a report keeps newline and tab, a one-line progress message turns them into spaces;
- a lone surrogate (valid JSON: "\\ud800", and what Python makes of a non-UTF-8 byte) becomes U+FFFD, so no
  encoder (text, JSON, HTML) can fail on it.

JSON is strict RFC 8259 besides: a non-finite float (NaN, Infinity) is written as null (`strict_jsonable`).
"""

from __future__ import annotations

import dataclasses
import math
import re
from typing import Any, TypeVar

import msgspec

T = TypeVar("T")

# An escape sequence as a terminal reads it: CSI (ESC [ or the 8-bit CSI), OSC/DCS/SOS/PM/APC strings up to their
# terminator (BEL or ST) or the end of the text, and two-character escapes.
_ESCAPES = re.compile(
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?"
    r"|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
    r"|\x1b[ -/]*[0-~]?"
)
# What is left after the sequences: every other control character, DEL, C1, bidi overrides, lone surrogates.
_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_SURROGATES = re.compile(r"[\ud800-\udfff]")
_LINE_BREAKS = re.compile(r"[\t\n]")


def safe_text(text: str, *, one_line: bool = False) -> str:
    """`text` without escape sequences and control characters (newline and tab kept unless `one_line`)."""
    if text.isprintable():  # the usual case, and fast: no control, format, separator or surrogate character
        return text
    cleaned = _SURROGATES.sub("\ufffd", _CONTROLS.sub("", _ESCAPES.sub("", text)))
    return _LINE_BREAKS.sub(" ", cleaned) if one_line else cleaned


def scrub(value: T) -> T:
    """A copy of a model value (Report, facts, a payload) whose every string went through `safe_text`; the same
    object back when nothing needed cleaning."""
    return _scrub(value)  # type: ignore[no-any-return]


def _scrub(value: Any) -> Any:
    if isinstance(value, str):
        return safe_text(value)
    if isinstance(value, (int, float, bool)) or value is None:
        return value
    if isinstance(value, tuple):
        items = tuple(_scrub(v) for v in value)
        return value if all(a is b for a, b in zip(items, value, strict=True)) else items
    if isinstance(value, list):
        return [_scrub(v) for v in value]
    if isinstance(value, dict):
        return {_scrub(k): _scrub(v) for k, v in value.items()}
    if isinstance(value, msgspec.Struct):
        changed = {
            name: new for name in value.__struct_fields__ if (new := _scrub(old := getattr(value, name))) is not old
        }
        return msgspec.structs.replace(value, **changed) if changed else value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changed = {
            f.name: new
            for f in dataclasses.fields(value)
            if f.init and (new := _scrub(old := getattr(value, f.name))) is not old
        }
        return dataclasses.replace(value, **changed) if changed else value
    return value  # a value class without text (NodeRange), or a type render does not know


def strict_jsonable(value: Any) -> Any:
    """Builtins (`to_jsonable` output) fit for strict JSON: NaN and ±Infinity become null, surrogates U+FFFD."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, str):
        return _SURROGATES.sub("\ufffd", value) if not value.isprintable() else value
    if isinstance(value, dict):
        return {strict_jsonable(k): strict_jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [strict_jsonable(v) for v in value]
    return value
