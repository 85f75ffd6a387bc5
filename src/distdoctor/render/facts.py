"""One node's facts as a rich table, for `distdoctor env` and bug reports."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from distdoctor.model import NodeFacts
from distdoctor.model.devices import NodeDevices


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
    rows += device_rows(facts.devices)
    rows += [(f"env {k}", val) for k, val in facts.env]
    return rows


def _bytes(n: int | None) -> str:
    if n is None:
        return "?"
    value, unit = float(n), "B"
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if value < 1024 or unit == "TiB":
            break
        value /= 1024
    return f"{value:.0f} {unit}" if value >= 100 or value.is_integer() else f"{value:.1f} {unit}"


def device_rows(d: NodeDevices) -> list[tuple[str, str]]:
    """/dev/shm, memlock, RDMA ports, the GPU fabric and the NCCL that will load, where measured."""
    rows: list[tuple[str, str]] = []
    if d.shm is not None:
        s = d.shm
        shm = (
            "absent" if not s.exists else f"{_bytes(s.free_bytes)} free of {_bytes(s.size_bytes)} ({s.fs_type or '?'})"
        )
        if s.writable is False:
            shm += f", not writable ({s.error})"
        rows.append(("/dev/shm", shm))
    if d.memlock is not None:
        rows.append(("memlock", "unlimited" if d.memlock.soft is None else _bytes(d.memlock.soft)))
    for dev in d.rdma:
        for p in dev.ports:
            mtu = f", MTU {p.active_mtu}" if p.active_mtu else ""
            gids = ", ".join(f"{g.index}:{g.kind.rsplit(' ', 1)[-1]}{'/' + g.ipv4 if g.ipv4 else ''}" for g in p.gids)
            text = f"{p.state}/{p.phys_state} {p.link_layer} {p.rate}{mtu}" + (f"; GIDs {gids}" if gids else "")
            rows.append((f"rdma {dev.name}:{p.number}", text))
    if d.rdma:
        rows.append(("/dev/infiniband", "uverbs present" if d.dev_infiniband else "no uverbs device"))
    if d.fabric:
        states = sorted({f"{f.state}/{f.status}" for f in d.fabric})
        rows.append(("GPU fabric", ", ".join(states)))
    if d.imex_channels is not None:
        rows.append(("IMEX channels", str(d.imex_channels)))
    if d.cuda_driver:
        rows.append(("driver CUDA", d.cuda_driver))
    for lib in d.nccl:
        rows.append((f"libnccl ({lib.source})", f"{lib.version or lib.error} {lib.path}"))
    if d.net_plugins:
        rows.append(("NCCL net plugins", ", ".join(d.net_plugins)))
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
    d = facts.devices
    if d.shm is not None and d.shm.exists:
        items.append(f"/dev/shm {_bytes(d.shm.free_bytes)} free")
    if d.rdma:
        active = sum(p.active for dev in d.rdma for p in dev.ports)
        items.append(f"{active}/{sum(len(dev.ports) for dev in d.rdma)} RDMA port(s) active")
    if d.nccl_loaded:
        items.append(f"NCCL {d.nccl_loaded.version or '?'} ({d.nccl_loaded.source})")
    return items


def facts_table(facts: NodeFacts) -> Table:
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="bold")
    table.add_column()
    for label, value in fact_rows(facts):
        table.add_row(Text(label), Text(value))
    return table
