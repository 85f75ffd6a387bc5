#!/usr/bin/env python3
"""How `explain` reads the real logs of tests/fixtures/logs/field/ and field-healthy/ when a paste changed them whole.

For every failure excerpt whose cause explain names first as committed, pastes the whole excerpt in each style
(quoted, nested in a mail's quote, indented, CR line ends, a terminal's hard wrap at 80 and 120 columns, an editor's
word wrap at 80 and 100) and counts the excerpts whose cause is then no longer named first; for every excerpt of a run
that worked and reads without an error, counts those that read with one once pasted. Prints one row per style, and
with -v each excerpt counted. The wraps go over lines that were wrapped once already, and over tracebacks' own
lines: that is harder than most pastes, so their figures are a floor.
"""

from __future__ import annotations

import argparse
import json
import textwrap
from collections.abc import Callable

from explain_accuracy import CAUSES, FIELD, outcome
from explain_healthy import HEALTHY

from distdoctor.facts.logs import to_input
from distdoctor.model import SEVERITIES
from distdoctor.rules.logs import explain_findings


def _hard(text: str, width: int) -> str:
    return "\n".join(line[i : i + width] for line in text.splitlines() for i in range(0, max(len(line), 1), width))


def _word(text: str, width: int) -> str:
    return "\n".join(
        piece for line in text.splitlines() for piece in textwrap.wrap(line, width, break_on_hyphens=False) or [""]
    )


STYLES: dict[str, Callable[[str], str]] = {
    "quoted ('> ')": lambda text: "\n".join(f"> {line}".rstrip() for line in text.splitlines()),
    "mail quote ('>> ')": lambda text: "\n".join(f">> {line}" for line in text.splitlines()),
    "indented (4 spaces)": lambda text: "\n".join(f"    {line}" for line in text.splitlines()),
    "CR LF": lambda text: text.replace("\n", "\r\n"),
    "hard wrap 80": lambda text: _hard(text, 80),
    "hard wrap 120": lambda text: _hard(text, 120),
    "word wrap 80": lambda text: _word(text, 80),
    "word wrap 100": lambda text: _word(text, 100),
}


def _outcome(text: str, item: dict[str, str]) -> tuple[str, list[str]]:
    findings = sorted(explain_findings([to_input(text, item["file"])]), key=lambda f: SEVERITIES.index(f.severity))
    names = [f.name for f in findings]
    errors = sum(f.severity == "error" for f in findings)
    return outcome(names, errors, CAUSES.get(item["cause"], {item["cause"]})), names


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-v", "--verbose", action="store_true", help="each excerpt that lost its cause")
    args = parser.parse_args()
    index = json.loads((FIELD / "index.json").read_text())
    lost: dict[str, list[str]] = {style: [] for style in STYLES}
    named = 0
    for item in index:
        text = (FIELD / item["file"]).read_text(errors="replace")
        if _outcome(text, item)[0] != "right-first":
            continue
        named += 1
        for style, paste in STYLES.items():
            got, names = _outcome(paste(text), item)
            if got != "right-first":
                lost[style].append(f"{got:16s} {item['file']:60s} {names[:3]}")
    _report(
        f"{named} of {len(index)} excerpts named first as committed; of those, the cause is lost when pasted",
        lost,
        named,
        args.verbose,
    )
    healthy = json.loads((HEALTHY / "index.json").read_text(encoding="utf-8"))
    alarms: dict[str, list[str]] = {style: [] for style in STYLES}
    clean = 0
    for entry in healthy:
        text = (HEALTHY / entry["file"]).read_text(errors="replace")
        if _errors(text, entry["file"]):
            continue
        clean += 1
        for style, paste in STYLES.items():
            if errors := _errors(paste(text), entry["file"]):
                alarms[style].append(f"{entry['file']:60s} {errors[:3]}")
    _report(
        f"{clean} of {len(healthy)} excerpts of runs that worked read without an error; of those, read as failed",
        alarms,
        clean,
        args.verbose,
    )
    return 0


def _report(title: str, rows_by_style: dict[str, list[str]], of: int, verbose: bool) -> None:
    print(title)
    for style, rows in rows_by_style.items():
        print(f"  {style:22s} {len(rows):4d}  ({100 * len(rows) / max(of, 1):.1f} %)")
        if verbose:
            print("".join(f"      {row}\n" for row in rows), end="")


def _errors(text: str, source: str) -> list[str]:
    return [f.name for f in explain_findings([to_input(text, source)]) if f.severity == "error"]


if __name__ == "__main__":
    raise SystemExit(main())
