"""A Report as JSON: a versioned envelope whose types below are the schema (report.schema.json is generated from
them by `python -m distdoctor.render.schema`)."""

from __future__ import annotations

import json
from importlib import resources
from typing import Annotated, Any, Final, Literal

import msgspec
from msgspec import Meta

from distdoctor import __version__
from distdoctor.catalogue import Lang, describe
from distdoctor.model import Finding, LaunchConfig, NodeFacts, Report, Severity
from distdoctor.model.codec import from_jsonable, to_jsonable
from distdoctor.model.constraints import Count
from distdoctor.model.report import Payload
from distdoctor.render.safe import strict_jsonable

SCHEMA_ID: Final = "distdoctor.report/2"
Command = Literal["check", "env", "smoke", "dump", "run", "explain", "lint"]


class Summary(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Counts of findings by severity."""

    errors: Count
    warnings: Count
    infos: Count


class FindingJson(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A finding as printed: its catalogue name, and its title and fix in the report's language."""

    name: Annotated[str, Meta(pattern="^[a-z0-9]+(-[a-z0-9]+)*$", description="stable name from docs/findings.md")]
    severity: Severity
    node: Annotated[
        str | None, Meta(description="the node it is about, e.g. 'node_rank 1 (node2)', a host or a log file")
    ]
    title: Annotated[str, Meta(description="what is wrong, in the report's language")]
    fix: Annotated[str, Meta(description="what to do, in the report's language")]
    evidence: Annotated[tuple[str, ...], Meta(description="what was measured or read")]
    params: Annotated[
        dict[str, str],
        Meta(description="the values filled into title and fix; names ending in _source/_class/_code hold codes"),
    ]


class ReportJson(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What every distdoctor command prints with --json."""

    schema: Literal["distdoctor.report/2"]
    distdoctor: Annotated[str, Meta(description="version of distdoctor that wrote the report")]
    command: Command
    lang: Annotated[Lang, Meta(description="the language of every title and fix")]
    exit_code: Annotated[
        Literal[0, 1, 2], Meta(description="0 healthy (warnings allowed), 1 errors found, 2 bad usage")
    ]
    summary: Summary
    findings: Annotated[tuple[FindingJson, ...], Meta(description="every diagnosis; empty when healthy")]
    config: Annotated[
        LaunchConfig | None, Meta(description="the launch config this node used, each value with its source")
    ]
    facts: Annotated[NodeFacts | None, Meta(description="this node's facts (a cross-node verdict: node_rank 0's)")]
    nodes: Annotated[
        tuple[NodeFacts, ...], Meta(description="every node's facts, on node_rank 0's verdict; empty elsewhere")
    ]
    data: Annotated[Payload | None, Meta(description="the command's own data; `kind` says which")]


def schema() -> dict[str, Any]:
    """The JSON schema every --json output validates against."""
    text = resources.files("distdoctor.render").joinpath("report.schema.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def finding_json(finding: Finding, lang: Lang) -> FindingJson:
    title, fix = describe(finding, lang)
    return FindingJson(finding.name, finding.severity, finding.node, title, fix, finding.evidence, finding.param_map)


def config_json(config: LaunchConfig) -> dict[str, Any]:
    data: dict[str, Any] = to_jsonable(config)
    return data


def envelope(report: Report, lang: Lang) -> ReportJson:
    counts = {s: sum(f.severity == s for f in report.findings) for s in ("error", "warning", "info")}
    return ReportJson(
        schema=SCHEMA_ID,
        distdoctor=__version__,
        command=report.command,  # type: ignore[arg-type]
        lang=lang,
        exit_code=report.exit_code,  # type: ignore[arg-type]
        summary=Summary(counts["error"], counts["warning"], counts["info"]),
        findings=tuple(finding_json(f, lang) for f in report.findings),
        config=report.config,
        facts=report.facts,
        nodes=report.nodes,
        data=report.data,
    )


def report_json(report: Report, lang: Lang) -> dict[str, Any]:
    """The envelope as builtins for strict JSON (RFC 8259): a non-finite number (NaN, Infinity) is null."""
    data: dict[str, Any] = strict_jsonable(to_jsonable(envelope(report, lang)))
    # The model keeps a node's env as (name, value) pairs; a reader wants an object (the schema says so too).
    for facts in ([data["facts"]] if data["facts"] else []) + list(data["nodes"]):
        facts["env"] = dict(facts["env"])
    return data


def report_from_json(data: dict[str, Any]) -> Report:
    """A Report back from `report_json` output (`check --hosts` reads each host's): DecodeError when it is not one."""
    findings = data.get("findings")
    model = dict(data)
    if isinstance(findings, list):  # params: an object in the JSON, (name, value) pairs in the model
        model["findings"] = [
            {**f, "params": list(f["params"].items())} if isinstance(f, dict) and isinstance(f.get("params"), dict)
            else f
            for f in findings
        ]  # fmt: skip
    if isinstance(model.get("facts"), dict):
        model["facts"] = _env_pairs(model["facts"])
    if isinstance(model.get("nodes"), list):
        model["nodes"] = [_env_pairs(n) if isinstance(n, dict) else n for n in model["nodes"]]
    return from_jsonable(Report, model)


def _env_pairs(facts: dict[str, Any]) -> dict[str, Any]:
    env = facts.get("env")
    return {**facts, "env": list(env.items())} if isinstance(env, dict) else facts


def render_json(report: Report, lang: Lang) -> str:
    return json.dumps(report_json(report, lang), indent=2, ensure_ascii=False, allow_nan=False)
