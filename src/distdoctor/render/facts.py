"""One node's facts as a rich table, for `distdoctor env` and bug reports."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from distdoctor.model import NodeFacts


def fact_rows(facts: NodeFacts) -> list[tuple[str, str]]:
    """(label, value) rows, in the order a reader of a bug report wants them."""
    v = facts.versions
    rows = [
        (
            "hostname",
            f"{facts.hostname} -> {', '.join(facts.hostname_resolution.addresses) or facts.hostname_resolution.error}",
        ),
        ("python", v.python),
        ("torch", v.torch or "not installed"),
        ("torch CUDA", v.torch_cuda or "none (CPU build)" if v.torch else "-"),
        ("NCCL", v.nccl or "not installed"),
        ("NVIDIA driver", v.driver or "none"),
        ("GPUs", ", ".join(f"{g.index}: {g.name}" for g in facts.gpus) or (facts.gpu_error or "none visible")),
        ("distdoctor", v.distdoctor),
    ]
    for iface in facts.interfaces:
        mtu = f" mtu {iface.mtu}" if iface.mtu else ""
        rows.append((f"interface {iface.name}", ", ".join(iface.addresses) + mtu + ("" if iface.is_up else " (down)")))
    for pick in facts.picks:
        where = f"{pick.address} ({pick.interface})" if pick.address else f"none: {pick.error}"
        rows.append((f"{pick.library} uses", f"{where}, {pick.how}" if pick.address else where))
    if facts.master_resolution:
        res = facts.master_resolution
        rows.append(("MASTER_ADDR resolves to", ", ".join(res.addresses) or f"error: {res.error}"))
    if facts.route_to_master:
        r = facts.route_to_master
        rows.append(
            ("route to master", f"src {r.source_address} dev {r.interface}" if r.source_address else f"{r.error}")
        )
    if facts.master_port_bind:
        b = facts.master_port_bind
        rows.append(
            (
                f"bind :{b.port}",
                "free"
                if b.bindable
                else f"{b.error}" + (f" by pid {b.holder.pid} {b.holder.name}" if b.holder else ""),
            )
        )
    if facts.master_probe:
        p = facts.master_probe
        rows.append((f"connect {p.host}:{p.port}", f"{p.outcome} in {p.elapsed_s:.2f} s"))
    rows += [(f"env {k}", val) for k, val in facts.env]
    return rows


def measured(facts: NodeFacts) -> list[str]:
    """The few measurements a check verdict rests on, so "healthy" says what was looked at."""
    items = []
    if facts.master_port_bind:
        b = facts.master_port_bind
        items.append(f"bind :{b.port} " + ("free" if b.bindable else str(b.error)))
    if facts.master_probe:
        p = facts.master_probe
        items.append(f"{p.host}:{p.port} {p.outcome} ({p.elapsed_s * 1000:.1f} ms)")
    if facts.route_to_master and facts.route_to_master.source_address:
        r = facts.route_to_master
        items.append(f"route src {r.source_address} dev {r.interface}")
    items += [
        f"{p.library} {p.address or 'none'} ({p.interface or p.error})" for p in facts.picks if p.library != "store"
    ]
    v = facts.versions
    items.append(f"torch {v.torch or 'not installed'}")
    items.append(f"{len(facts.gpus)} GPU(s)")
    return items


def facts_table(facts: NodeFacts) -> Table:
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="bold")
    table.add_column()
    for label, value in fact_rows(facts):
        table.add_row(Text(label), Text(value))
    return table
