"""Release numbers as rules compare them. Pure."""

from __future__ import annotations


def release(text: str | None) -> tuple[int, ...] | None:
    """ "2.21.5" -> (2, 21): the major and minor numbers a release range is drawn on; None when there are none."""
    try:
        return tuple(int(p) for p in (text or "").split(".")[:2]) or None
    except ValueError:
        return None
