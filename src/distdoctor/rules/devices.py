"""Rules below the network on one node: /dev/shm, memlock, RDMA ports and NCCL's IB variables, the GPUs' fabric,
the NCCL that will load. Pure: no I/O."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from distdoctor import defaults
from distdoctor.model import Finding, LaunchConfig, NodeFacts
from distdoctor.model.devices import RdmaDevice, RdmaPort
from distdoctor.model.hang import ProcessState
from distdoctor.rules.finding import make_finding, node_label
from distdoctor.rules.versions import release

DeviceRule = Callable[[LaunchConfig, NodeFacts], Iterator[Finding]]
# The first NCCL release whose NVLink SHARP default this node's rule speaks about.
NVLS_FROM = (2, 29)


def backend(facts: NodeFacts) -> str:
    """What torch's "auto" picks, as smoke does: nccl where a GPU is visible, else gloo."""
    return "nccl" if facts.gpus else "gloo"


def _gloo(facts: NodeFacts) -> str | None:
    return "gloo" if backend(facts) == "gloo" else None


def size_text(n: int | None) -> str:
    """Bytes as a person reads them: 64 KiB, 9.2 MiB, 24 GiB."""
    if n is None:
        return "unknown"
    value = float(n)
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if value < 1024 or unit == "TiB":
            return f"{value:.0f} {unit}" if value >= 100 or unit == "B" else f"{value:.1f} {unit}".replace(".0 ", " ")
        value /= 1024
    return f"{n} B"


def local_ranks(config: LaunchConfig, facts: NodeFacts) -> int:
    if config.nproc_per_node is not None:
        return config.nproc_per_node.value
    return max(1, len(facts.gpus))


def shm_need(ranks: int) -> int:
    return ranks * defaults.NCCL_SHM_SEGMENTS_PER_RANK * defaults.NCCL_SHM_SEGMENT_BYTES


def shm(config: LaunchConfig, facts: NodeFacts) -> Iterator[Finding]:
    s = facts.devices.shm
    if s is None:
        return
    label = node_label(config, facts)
    if not s.exists or s.writable is False:
        why = "/dev/shm does not exist" if not s.exists else f"creating a file there fails ({s.error or 'denied'})"
        yield make_finding("shm-unusable", label, (why,), when=_gloo(facts), why=why)
        return
    ranks = local_ranks(config, facts)
    need = shm_need(ranks)
    if s.free_bytes is not None and s.free_bytes < need:
        yield make_finding(
            "shm-small",
            label,
            (
                f"/dev/shm ({s.fs_type or '?'}): size {size_text(s.size_bytes)}, free {size_text(s.free_bytes)}",
                f"{ranks} local rank(s) × {defaults.NCCL_SHM_SEGMENTS_PER_RANK} segments × "
                f"{defaults.NCCL_SHM_SEGMENT_BYTES} bytes = {size_text(need)}",
                f"backend: {backend(facts)}",
            ),
            when=_gloo(facts),
            size=size_text(s.size_bytes),
            free=size_text(s.free_bytes),
            need=size_text(need),
            ranks=ranks,
        )


def _ib_disabled(facts: NodeFacts) -> bool:
    return (facts.env_value("NCCL_IB_DISABLE") or "0").strip() not in ("", "0")


def _active(devices: tuple[RdmaDevice, ...]) -> list[tuple[RdmaDevice, RdmaPort]]:
    return [(d, p) for d in devices for p in d.ports if p.active]


def port_name(device: RdmaDevice, port: RdmaPort) -> str:
    return f"{device.name}:{port.number}"


@dataclass(frozen=True)
class HcaFilter:
    """NCCL_IB_HCA as NCCL parses it: `^` excludes, `=` matches names exactly (else as prefixes), `:N` a port."""

    entries: tuple[tuple[str, int | None], ...] = ()
    exclude: bool = False
    exact: bool = False

    @classmethod
    def parse(cls, value: str | None) -> HcaFilter:
        text = (value or "").strip()
        exclude = text.startswith("^")
        text = text[1:] if exclude else text
        exact = text.startswith("=")
        text = text[1:] if exact else text
        entries = []
        for item in text.split(","):
            name, _, port = item.strip().partition(":")
            if name:
                entries.append((name, int(port) if port.isdecimal() else None))
        return cls(tuple(entries), exclude, exact)

    def names(self, device: str, port: int) -> bool:
        """Whether an entry names this port (before `^` is applied)."""
        return any(
            (device == name if self.exact else device.startswith(name)) and (want is None or want == port)
            for name, want in self.entries
        )

    def selects(self, device: str, port: int) -> bool:
        if not self.entries:
            return True
        return self.names(device, port) != self.exclude


def memlock(config: LaunchConfig, facts: NodeFacts) -> Iterator[Finding]:
    limit = facts.devices.memlock
    active = _active(facts.devices.rdma)
    if limit is None or limit.soft is None or not active or _ib_disabled(facts):
        return
    if limit.soft >= defaults.MEMLOCK_MIN_BYTES:
        return
    whose = "this shell" if limit.pid is None else f"pid {limit.pid}"
    yield make_finding(
        "memlock-low",
        node_label(config, facts),
        (
            f"RLIMIT_MEMLOCK soft {size_text(limit.soft)}, hard {size_text(limit.hard) if limit.hard else 'unlimited'}"
            f" ({whose})",
            f"active RDMA ports: {', '.join(port_name(d, p) for d, p in active)}",
        ),
        when=_gloo(facts),
        limit=size_text(limit.soft),
        whose=whose,
    )


def rank_memlock(states: Sequence[ProcessState], host: str, rdma: tuple[RdmaDevice, ...]) -> list[Finding]:
    """dump/run: running ranks on `host` whose RLIMIT_MEMLOCK is too low for the active HCAs `rdma` of that host."""
    active = _active(rdma)
    low = [
        s.process
        for s in states
        if s.process.host == host
        and s.process.role == "worker"
        and s.process.memlock is not None
        and s.process.memlock.soft is not None
        and s.process.memlock.soft < defaults.MEMLOCK_MIN_BYTES
    ]
    if not active or not low:
        return []
    limits = sorted({p.memlock.soft for p in low if p.memlock and p.memlock.soft is not None})
    ranks = ", ".join(p.label for p in low[:8]) + (f" and {len(low) - 8} more" if len(low) > 8 else "")
    return [
        make_finding(
            "memlock-low",
            host,
            (
                *(
                    f"{p.label}: RLIMIT_MEMLOCK soft {size_text(p.memlock.soft if p.memlock else None)}"
                    for p in low[:16]
                ),
                f"active RDMA ports: {', '.join(port_name(d, p) for d, p in active)}",
            ),
            when="ranks",
            limit=" / ".join(size_text(v) for v in limits),
            whose=ranks,
        )
    ]


def rdma_ports(config: LaunchConfig, facts: NodeFacts) -> Iterator[Finding]:
    devices = facts.devices.rdma
    if not devices:
        return
    label = node_label(config, facts)
    hca_value = facts.env_value("NCCL_IB_HCA")
    hca = HcaFilter.parse(hca_value)
    active = _active(devices)
    if _ib_disabled(facts):
        if active:
            shown = ", ".join(port_name(d, p) for d, p in active)
            value = facts.env_value("NCCL_IB_DISABLE") or ""
            yield make_finding("ib-disabled", label, (f"NCCL_IB_DISABLE={value}",), value=value, active=shown)
        return
    if active and facts.devices.dev_infiniband is False:
        names = ", ".join(d.name for d in devices)
        yield make_finding(
            "rdma-devices-hidden",
            label,
            (f"/sys/class/infiniband: {names}", "/dev/infiniband: no uverbs device"),
            devices=names,
        )
    down = [(d, p) for d in devices for p in d.ports if not p.active and hca.selects(d.name, p.number)]
    named = hca.entries and not hca.exclude
    explicit = [(d, p) for d, p in down if named and hca.names(d.name, p.number)]
    for group, when in ((explicit, None), ([x for x in down if x not in explicit], "unselected")):
        if group:
            shown = ", ".join(f"{port_name(d, p)} {p.state or '?'}/{p.phys_state or '?'}" for d, p in group)
            yield make_finding(
                "rdma-port-down",
                label,
                (
                    *(f"{port_name(d, p)}: state {p.state}, phys {p.phys_state}, {p.link_layer}" for d, p in group),
                    *((f"NCCL_IB_HCA={hca_value}",) if hca_value else ()),
                ),
                when=when,
                ports=shown,
            )
    if hca.entries and active and not any(hca.selects(d.name, p.number) for d, p in active):
        shown = ", ".join(port_name(d, p) for d, p in active)
        yield make_finding(
            "ib-hca-unmatched",
            label,
            (f"NCCL_IB_HCA={hca_value}", f"active ports: {shown}"),
            when=_gloo(facts),
            value=hca_value,
            active=shown,
        )
    yield from _gid_index(config, facts, hca)


def _suggest(ports: list[tuple[RdmaDevice, RdmaPort]]) -> str:
    picks = []
    for d, p in ports:
        good = [g for g in p.gids if g.ipv4 and g.kind == "RoCE v2"]
        if good:
            picks.append(f"{port_name(d, p)} index {good[0].index} ({good[0].ipv4})")
    return ", ".join(picks) or "no RoCE v2 IPv4 GID: give the netdev an IPv4 address"


def _gid_index(config: LaunchConfig, facts: NodeFacts, hca: HcaFilter) -> Iterator[Finding]:
    raw = (facts.env_value("NCCL_IB_GID_INDEX") or "").strip()
    if not raw.isdecimal():
        return  # unset, or NCCL's own -1 (choose by itself)
    index = int(raw)
    roce = [
        (d, p) for d, p in _active(facts.devices.rdma) if p.link_layer == "Ethernet" and hca.selects(d.name, p.number)
    ]
    if not roce:
        return
    label = node_label(config, facts)
    empty = [
        (d, p)
        for d, p in roce
        if not any(g.index == index for g in p.gids) and not (p.gids_truncated and index > p.gids[-1].index)
    ]
    if empty:
        shown = ", ".join(port_name(d, p) for d, p in empty)
        yield make_finding(
            "ib-gid-index-empty",
            label,
            (
                f"NCCL_IB_GID_INDEX={raw}",
                *(f"{port_name(d, p)} GIDs at {', '.join(str(g.index) for g in p.gids) or 'none'}" for d, p in empty),
            ),
            when=_gloo(facts),
            index=raw,
            ports=shown,
            suggest=_suggest(roce),
        )
    local = [
        (d, p, g)
        for d, p in roce
        for g in p.gids
        if g.index == index and g.gid.lower().startswith("fe80:") and g.kind == "RoCE v2"
    ]
    if local:
        shown = ", ".join(port_name(d, p) for d, p, _ in local)
        yield make_finding(
            "ib-gid-link-local",
            label,
            (f"NCCL_IB_GID_INDEX={raw}", *(f"{port_name(d, p)} GID[{g.index}] {g.gid} {g.kind}" for d, p, g in local)),
            index=raw,
            gid=local[0][2].gid,
            ports=shown,
            suggest=_suggest(roce),
        )


def gpu_fabric(config: LaunchConfig, facts: NodeFacts) -> Iterator[Finding]:
    dev = facts.devices
    label = node_label(config, facts)
    fabric = [f for f in dev.fabric if f.state != "not-supported"]
    waiting = [f for f in fabric if f.state in ("not-started", "in-progress")]
    # NVML: the status "must be checked only if state returns complete"; H100 CI machines report a completed state
    # with an error status and still run (meta-pytorch/torchcomms#936), so that alone is a warning.
    failed = [f for f in fabric if f.state == "completed" and f.status not in ("", "SUCCESS")]
    for group, when in ((waiting, None), (failed, "status")):
        if group:
            states = sorted({f.state if when is None else f"{f.state}, {f.status}" for f in group})
            yield make_finding(
                "gpu-fabric-not-ready",
                label,
                tuple(f"GPU {f.index}: fabric state {f.state}, status {f.status or '?'}" for f in group),
                when=when,
                gpus=", ".join(str(f.index) for f in group),
                state="; ".join(states),
            )
    # A multi-node NVLink domain (GB200 NVL72) has a cluster UUID; a single HGX H100 reports zeros.
    clustered = [f for f in fabric if f.state == "completed" and f.status == "SUCCESS" and f.cluster_uuid]
    if clustered and config.nnodes.value.multi_node and not dev.imex_channels:
        yield make_finding(
            "imex-channels-missing",
            label,
            (
                f"GPU {clustered[0].index}: fabric cluster {clustered[0].cluster_uuid}",
                "/dev/nvidia-caps-imex-channels: " + ("absent" if dev.imex_channels is None else "no channel"),
            ),
        )
    loaded = dev.nccl_loaded
    version = release(loaded.version if loaded else None)
    nvswitch = bool(fabric) and all(f.state == "completed" for f in fabric)
    unset = facts.env_value("NCCL_NVLS_ENABLE") is None
    if loaded and nvswitch and version and version >= NVLS_FROM and unset and len(facts.gpus) > 1:
        yield make_finding(
            "nvls-default",
            label,
            (f"NCCL {loaded.version} from {loaded.path}", f"{len(fabric)} GPUs on an NVLink fabric"),
            version=loaded.version,
        )


def gpu_paths(config: LaunchConfig, facts: NodeFacts) -> Iterator[Finding]:
    dev = facts.devices
    label = node_label(config, facts)
    active = _active(dev.rdma)
    if facts.gpus and active and dev.peermem_loaded is False and not _ib_disabled(facts):
        yield make_finding(
            "peermem-missing",
            label,
            ("/sys/module/nvidia_peermem: absent", f"{len(facts.gpus)} GPU(s), {len(active)} active RDMA port(s)"),
        )
    if len(facts.gpus) > 1 and dev.iommu_groups and dev.iommu_passthrough is False:
        yield make_finding(
            "iommu-translating",
            label,
            (f"/sys/kernel/iommu_groups: {dev.iommu_groups} groups", "/proc/cmdline: no iommu=pt"),
            groups=dev.iommu_groups,
            gpus=len(facts.gpus),
        )


def acs(config: LaunchConfig, facts: NodeFacts) -> Iterator[Finding]:
    bridges = facts.devices.acs_redirect
    if len(facts.gpus) > 1 and bridges:
        shown = ", ".join(bridges[:8]) + (f" and {len(bridges) - 8} more" if len(bridges) > 8 else "")
        yield make_finding(
            "acs-redirect",
            node_label(config, facts),
            (f"ACS P2P redirect on PCI bridge(s): {shown}", f"{len(facts.gpus)} GPUs"),
            bridges=shown,
        )


def nccl_library(config: LaunchConfig, facts: NodeFacts) -> Iterator[Finding]:
    dev = facts.devices
    label = node_label(config, facts)
    loaded = dev.nccl_loaded
    wheel = next((lib for lib in dev.nccl if lib.source == "torch wheel"), None)
    if loaded and wheel and loaded is not wheel and loaded.version != wheel.version:
        yield make_finding(
            "nccl-shadowed",
            label,
            tuple(f"{lib.source}: {lib.path} -> {lib.version or lib.error}" for lib in dev.nccl),
            loaded=loaded.version or "of unknown version",
            source=loaded.source,
            path=loaded.path,
            wheel=wheel.version or "another",
        )
    plugin = (facts.env_value("NCCL_NET_PLUGIN") or "").strip()
    if plugin and plugin.lower() != "none" and dev.nccl:
        # NCCL tries "libnccl-net-<name>.so", then the value itself as a file name.
        wanted = plugin if plugin.endswith(".so") else f"libnccl-net-{plugin}.so"
        if not any(p in (wanted, plugin) or p.startswith(wanted + ".") for p in dev.net_plugins):
            yield make_finding(
                "nccl-net-plugin-missing",
                label,
                (f"NCCL_NET_PLUGIN={plugin}", f"found: {', '.join(dev.net_plugins) or 'none'}"),
                value=plugin,
                wanted=wanted,
            )


DEVICE_RULES: tuple[DeviceRule, ...] = (shm, memlock, rdma_ports, gpu_fabric, gpu_paths, acs, nccl_library)
