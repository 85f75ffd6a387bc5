"""Every finding distdoctor can report, in English and Chinese. Code refers to findings by name only."""

from __future__ import annotations

from distdoctor.catalogue.cross import CROSS
from distdoctor.catalogue.devices import DEVICES
from distdoctor.catalogue.entry import LANGS, Entry, Lang, Text
from distdoctor.catalogue.fanout import FANOUT
from distdoctor.catalogue.hang import HANG
from distdoctor.catalogue.lint import LINT
from distdoctor.catalogue.local import LOCAL
from distdoctor.catalogue.logs import LOGS
from distdoctor.catalogue.logs_setup import LOGS_SETUP
from distdoctor.catalogue.mesh import MESH
from distdoctor.catalogue.smoke import CODES, SMOKE
from distdoctor.catalogue.words import outcome_text, phrase_text, source_text
from distdoctor.model import Finding

CATALOGUE: dict[str, Entry] = {
    e.name: e for e in (*LOCAL, *DEVICES, *CROSS, *MESH, *SMOKE, *LOGS, *LOGS_SETUP, *LINT, *HANG, *FANOUT)
}

__all__ = ["CATALOGUE", "LANGS", "Entry", "Lang", "Text", "describable", "describe", "entry"]


def entry(name: str) -> Entry:
    """The catalogue entry of a finding name; a KeyError means a rule used a name that is not catalogued."""
    return CATALOGUE[name]


def describe(finding: Finding, lang: Lang) -> tuple[str, str]:
    """The finding's title and fix in `lang`, filled in with its params."""
    e = CATALOGUE[finding.name]
    params = {k: _localise(k, v, lang) for k, v in finding.params}
    return e.title.get(lang).format(**params), e.fix.get(lang).format(**params)


def describable(finding: Finding) -> bool:
    """Whether a finding read from elsewhere (another node's verdict) names a catalogue entry at a severity the
    entry can have, with every param its texts need: only those are shown, so none can break a renderer."""
    e = CATALOGUE.get(finding.name)
    if e is None or finding.severity not in {e.severity, *(v.severity for v in e.variants)}:
        return False
    try:
        for lang in LANGS:
            describe(finding, lang)
    except (KeyError, IndexError, ValueError, AttributeError):
        return False
    return True


def _localise(key: str, value: str, lang: Lang) -> str:
    # Params named *_source / *_class / *_code carry codes, not words, so one finding reads well in every language.
    if key.endswith("_source"):
        return source_text(value, lang)
    if key.endswith("_class"):
        return outcome_text(value, lang)
    if key.endswith("_code") and value in CODES:
        return CODES[value].get(lang)
    return phrase_text(value, lang)
