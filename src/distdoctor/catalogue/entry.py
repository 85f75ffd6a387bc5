"""One catalogue entry: a finding's stable name, default severity, and its text in every language."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from distdoctor.model import Severity

Lang = Literal["en", "zh"]
LANGS: tuple[Lang, ...] = ("en", "zh")
Layer = Literal["local", "cross", "mesh", "smoke", "log", "lint", "hang", "fanout"]


@dataclass(frozen=True)
class Text:
    en: str
    zh: str

    def get(self, lang: Lang) -> str:
        return self.zh if lang == "zh" else self.en


@dataclass(frozen=True)
class Variant:
    """Another severity for the entry in one circumstance a rule tells apart (`when`), explained for the docs."""

    when: str
    severity: Severity
    why: str


@dataclass(frozen=True)
class Entry:
    """Title and fix are str.format templates over the finding's params."""

    name: str
    severity: Severity
    layer: Layer
    title: Text
    fix: Text
    variants: tuple[Variant, ...] = ()

    def severity_for(self, when: str | None) -> Severity:
        """The severity in circumstance `when` (None: the usual one); an unknown `when` is a bug in a rule."""
        if when is None:
            return self.severity
        for variant in self.variants:
            if variant.when == when:
                return variant.severity
        raise KeyError(f"{self.name} has no severity for {when!r}")
