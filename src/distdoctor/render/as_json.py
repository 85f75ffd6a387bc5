"""A Report as JSON: a versioned envelope, documented by report.schema.json beside this module."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from distdoctor import __version__
from distdoctor.catalogue import Lang, describe
from distdoctor.model import Finding, LaunchConfig, Report
from distdoctor.model.codec import to_jsonable

SCHEMA_ID = "distdoctor.report/1"


def schema() -> dict[str, Any]:
    """The JSON schema every --json output validates against."""
    text = resources.files("distdoctor.render").joinpath("report.schema.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def finding_json(finding: Finding, lang: Lang) -> dict[str, Any]:
    title, fix = describe(finding, lang)
    return {
        "name": finding.name,
        "severity": finding.severity,
        "node": finding.node,
        "title": title,
        "fix": fix,
        "evidence": list(finding.evidence),
        "params": finding.param_map,
    }


def config_json(config: LaunchConfig) -> dict[str, Any]:
    data: dict[str, Any] = to_jsonable(config)
    return data


def report_json(report: Report, lang: Lang) -> dict[str, Any]:
    counts = {s: sum(f.severity == s for f in report.findings) for s in ("error", "warning", "info")}
    facts = report.facts
    return {
        "schema": SCHEMA_ID,
        "distdoctor": __version__,
        "command": report.command,
        "lang": lang,
        "exit_code": report.exit_code,
        "summary": {"errors": counts["error"], "warnings": counts["warning"], "infos": counts["info"]},
        "findings": [finding_json(f, lang) for f in report.findings],
        "config": config_json(report.config) if report.config else None,
        "facts": _facts_json(facts) if facts else None,
        "nodes": [_facts_json(n) for n in report.nodes],
        "extra": {k: to_jsonable(v) for k, v in report.extra},
    }


def _facts_json(facts: Any) -> dict[str, Any]:
    data: dict[str, Any] = to_jsonable(facts)
    data["env"] = dict(facts.env)
    return data


def render_json(report: Report, lang: Lang) -> str:
    return json.dumps(report_json(report, lang), indent=2, ensure_ascii=False)
