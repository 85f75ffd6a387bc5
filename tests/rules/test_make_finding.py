"""One way to make a Finding: make_finding, with the severity from the catalogue (its variants included)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from distdoctor.catalogue import CATALOGUE
from distdoctor.rules.finding import make_finding

SRC = Path(__file__).resolve().parents[2] / "src" / "distdoctor"
# Where Finding(...) may be called: the one constructor, and nowhere else (the codec rebuilds them generically).
ALLOWED = {"rules/finding.py"}


def _calls(path: Path) -> list[ast.Call]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [n for n in ast.walk(tree) if isinstance(n, ast.Call)]


def test_no_finding_is_built_by_hand() -> None:
    direct = [
        f"{path.relative_to(SRC)}:{call.lineno}"
        for path in SRC.rglob("*.py")
        if str(path.relative_to(SRC)) not in ALLOWED
        for call in _calls(path)
        if isinstance(call.func, ast.Name) and call.func.id == "Finding"
    ]
    assert direct == []


def _whens() -> list[tuple[str, str]]:
    """(finding name, `when`) of every make_finding call in the rules that names both as literals."""
    found = []
    for path in (SRC / "rules").rglob("*.py"):
        for call in _calls(path):
            if not (isinstance(call.func, ast.Name) and call.func.id in ("make_finding", "_finding")):
                continue
            name = call.args[0] if call.args else None
            for kw in call.keywords:
                if kw.arg != "when" or not isinstance(name, ast.Constant):
                    continue
                values = [
                    n.value for n in ast.walk(kw.value) if isinstance(n, ast.Constant) and isinstance(n.value, str)
                ]
                found += [(name.value, v) for v in values]
    return found


def test_the_rules_use_when() -> None:
    assert len(_whens()) >= 5


@pytest.mark.parametrize(("name", "when"), _whens())
def test_every_when_a_rule_names_is_in_the_catalogue(name: str, when: str) -> None:
    assert make_finding(name, "n", when=when).severity != CATALOGUE[name].severity


def test_severity_comes_from_the_catalogue() -> None:
    assert make_finding("master-addr-loopback", "n").severity == "error"
    assert make_finding("master-addr-loopback", "n", when="on-master").severity == "warning"
    with pytest.raises(KeyError):
        make_finding("master-addr-loopback", "n", when="no-such-circumstance")
