"""Generate docs/findings.md from the catalogue: `python -m distdoctor.catalogue.docs > docs/findings.md`."""

from __future__ import annotations

from distdoctor.catalogue import CATALOGUE

_LAYERS = {
    "local": "Local: what one node finds about itself",
    "cross": "Cross-node: what node_rank 0 finds comparing every node's report",
    "mesh": "Mesh: what the nodes find probing each other",
    "smoke": "Smoke: what real collectives under the real launcher show (`distdoctor smoke`)",
    "log": "Logs: what `distdoctor explain` reads in torch, torchrun, gloo and NCCL output",
    "lint": "Lint: what `distdoctor lint` finds in launch commands",
    "hang": "Hang: where the ranks of a running job are stuck (`dump`, `run`)",
    "fanout": "Fan-out: what `distdoctor check --hosts` finds reaching the nodes over ssh from a login node",
}


def findings_markdown() -> str:
    """The findings reference, one section per layer, English and Chinese side by side."""
    lines = [
        "# Findings reference",
        "",
        "Generated from `src/distdoctor/catalogue/` by `python -m distdoctor.catalogue.docs`; do not edit by hand.",
        "Names are stable: scripts may match on them. `{placeholders}` are filled with the measured values.",
        "",
    ]
    for layer, heading in _LAYERS.items():
        lines += [f"## {heading}", ""]
        for e in (e for e in CATALOGUE.values() if e.layer == layer):
            lines += [
                f"### `{e.name}` ({e.severity})",
                "",
                f"- **en**: {e.title.en}",
                f"  - fix: {e.fix.en}",
                f"- **zh**: {e.title.zh}",
                f"  - 修复：{e.fix.zh}",
                *(f"- {v.severity} instead when {v.why} (`{v.when}`)" for v in e.variants),
                "",
            ]
    return "\n".join(lines)


if __name__ == "__main__":
    print(findings_markdown(), end="")
