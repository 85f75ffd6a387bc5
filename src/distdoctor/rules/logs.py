"""Known error texts of torch, torchrun, gloo and NCCL -> findings. Pure: lines in, findings out.

SIGNATURES is the table: one entry per text, a regex with named groups for the facts it carries, and how those
facts become a catalogue finding. Each entry has a test with a real line (tests/rules/test_log_rules.py).
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from distdoctor.model import Finding
from distdoctor.model.logs import LogInput, LogLine
from distdoctor.rules.finding import make_finding
from distdoctor.rules.local import BRIDGE_PREFIXES, DOCKER_NETWORK, is_loopback

Params = dict[str, str]
# A marker, not a finding: the connects of this log were refused (turns master-unreachable into master-port-refused).
REFUSED = "refused"
# Evidence lines per finding; the rest are counted.
MAX_EVIDENCE = 4
# Words that make an unmatched line worth showing when no signature is known.
ERRORISH = re.compile(r"error|exception|fail|timed? ?out|refused|unreachable|abort|fatal|killed", re.I)


@dataclass(frozen=True)
class Signature:
    """A known text: `key` names it, `pattern` finds it, `finding` turns its groups into (name, params)."""

    key: str
    needle: str  # a plain substring every matching line holds: most lines are skipped without a regex
    pattern: re.Pattern[str]
    finding: Callable[[Params], tuple[str, Params]]


def _sig(key: str, needle: str, regex: str, finding: Callable[[Params], tuple[str, Params]]) -> Signature:
    return Signature(key, needle, re.compile(regex), finding)


def _detail(text: str | None) -> str:
    text = (text or "").strip().rstrip(".")
    return f" ({text})" if text else ""  # an empty message: torch raises some of these without one


def _client_timeout(g: Params) -> tuple[str, Params]:
    if is_loopback(g["host"]):
        return "master-addr-loopback", {"addr": g["host"], "addr_source": "log:", "nnodes": "2+"}
    return "master-unreachable", {"addr": g["host"], "port": g["port"], "elapsed": g["elapsed"]}


def _clients_joined(g: Params) -> tuple[str, Params]:
    joined, expected = int(g["joined"]), int(g["expected"])
    if joined == 1:  # only node 0's own agent: every other node_rank is missing
        missing = "1" if expected == 2 else f"1-{expected - 1}"
    else:
        missing = f"? ({expected - joined} of {expected} nodes; the log does not say which)"
    return "node-missing", {"missing": missing, "waited": f"{g['waited'].split()[0]} s"}


def _store_barrier(g: Params) -> tuple[str, Params]:
    joined, world = int(g["joined"]), int(g["world"])
    if joined < world:
        detail = f"{world - joined} rank(s) missing"
    elif joined > world:
        detail = f"{joined - world} more than expected: two jobs on one store, or a rank started twice"
    else:
        detail = "all arrived, but not within the timeout"
    return "log-store-barrier-timeout", {
        "key": g["key"],
        "joined": g["joined"],
        "world_size": g["world"],
        "detail": detail,
    }


def _full_mesh(g: Params) -> tuple[str, Params]:
    addr = g.get("addr") or ""
    if addr and is_loopback(addr):
        return "ifname-loopback", {"var": "GLOO_SOCKET_IFNAME", "value": f"lo (a peer advertised {addr})"}
    # Drop gloo's "[/path/to/pair.cc:152] " source location: the words after it are the error.
    return "log-gloo-connect-failed", {"error": re.sub(r"^\[[^\]]*\]\s*", "", g["error"].strip())}


def _in_docker_network(address: str) -> bool:
    try:
        return ipaddress.ip_address(address.split("%")[0]) in DOCKER_NETWORK
    except ValueError:
        return False


def _nccl_interface(g: Params) -> tuple[str, Params]:
    interfaces = re.findall(r"(?:\[\d+\])?([\w.\-]+):(\S+?)<\d+>", g["list"])
    names = [name for name, _ in interfaces]
    first_name, first_addr = interfaces[0] if interfaces else ("?", "?")
    if first_name == "lo" or is_loopback(first_addr):
        return "ifname-loopback", {"var": "NCCL_SOCKET_IFNAME", "value": first_name}
    if first_name.startswith(BRIDGE_PREFIXES) or _in_docker_network(first_addr):
        return "docker-bridge-address", {"address": first_addr, "interface": first_name}
    kind = "bootstrap" if g["net"] == "Bootstrap" else "NET/Socket"
    return "log-nccl-interface", {
        "interfaces": ", ".join(f"{n} {a}" for n, a in interfaces) or "?",
        "kind": kind if names else g["list"],
    }


def _name(finding: str, **fixed: str) -> Callable[[Params], tuple[str, Params]]:
    """A signature whose finding takes some groups as they are, plus fixed params."""

    def build(g: Params) -> tuple[str, Params]:
        return finding, {**{k: v.strip() for k, v in g.items() if v is not None}, **fixed}

    return build


_CLIENT_TIMEOUT = (
    r"The client socket has timed out after (?P<elapsed>\d+m?s) while trying to connect to "
    r"\((?P<host>[^,()\s]+), (?P<port>\d+)\)"
)

SIGNATURES: tuple[Signature, ...] = (
    _sig("client-socket-timeout", "The client socket has timed out", _CLIENT_TIMEOUT, _client_timeout),
    # Only TORCH_CPP_LOG_LEVEL=INFO with TORCH_DISTRIBUTED_DEBUG=DETAIL shows that the connect was refused rather
    # than dropped. The address in these socket.cpp lines is garbled in torch 2.13: the line only marks the
    # client timeout of the same log as refused (see _grouped).
    _sig(
        "client-socket-refused",
        "is not yet listening",
        r"The server socket on \S+ is not yet listening \(errno: 111 - Connection refused\), will retry",
        lambda g: (REFUSED, {}),
    ),
    _sig(
        "server-socket-in-use",
        "The server socket has failed to",
        r"The server socket has failed to (?:listen on any local network address|bind)\S*.*?"
        r"port: (?P<port>\d+).*?(?:EADDRINUSE|address already in use)",
        _name("master-port-in-use", holder="another process (the log does not say which)"),
    ),
    _sig(
        "store-clients-timeout",
        "waiting for clients",
        r"Timed out after (?P<waited>\d+ seconds?) waiting for clients\. (?P<joined>\d+)/(?P<expected>\d+) clients "
        r"joined",
        _clients_joined,
    ),
    _sig(
        "store-barrier-timeout",
        "store based barrier",
        r"Timed out initializing process group in store based barrier on rank:? \d+, for key: (?P<key>\S+) "
        r"\(world_size=(?P<world>\d+), (?:worker_count|num_workers_joined)=(?P<joined>\d+)",
        _store_barrier,
    ),
    _sig(
        "store-key-timeout",
        "torchelastic/",
        r"wait timeout after \d+m?s, keys: (?P<key>\S*torchelastic/(?:role_info|assigned_ranks)/\d+)",
        _name("log-store-key-timeout"),
    ),
    _sig(
        "store-closed",
        "Connection was likely closed",
        r"Connection was likely closed\. Did the remote server shutdown or crash\?",
        _name("log-store-closed"),
    ),
    _sig(
        "rendezvous-timeout",
        "RendezvousTimeoutError",
        r"(?:^|[.\s])RendezvousTimeoutError(?:: (?P<detail>.*))?$",
        lambda g: ("log-rendezvous-timeout", {"detail": _detail(g.get("detail"))}),
    ),
    _sig(
        "rendezvous-connection",
        "RendezvousConnectionError",
        r"(?:^|[.\s])RendezvousConnectionError(?:: (?P<detail>.*))?$",
        lambda g: ("log-rendezvous-connection", {"detail": _detail(g.get("detail"))}),
    ),
    _sig(
        "rendezvous-closed",
        "RendezvousClosedError",
        r"(?:^|[.\s])RendezvousClosedError(?::.*)?$",
        _name("log-rendezvous-closed"),
    ),
    _sig(
        "gloo-full-mesh",
        "connectFullMesh failed",
        r"Gloo connectFullMesh failed with (?P<error>.*?(?:remote=\[?(?P<addr>[0-9a-fA-F.:]+?)\]?:\d+.*)?)$",
        _full_mesh,
    ),
    _sig(
        "gloo-recv-timeout",
        "Timed out waiting",
        r"gloo/transport/tcp/\S+\] Timed out waiting (?P<timeout>\d+m?s) for (?:recv|send) operation to complete",
        _name("log-gloo-timeout"),
    ),
    _sig(
        "nccl-watchdog-timeout",
        "Watchdog caught collective operation timeout",
        r"\[Rank (?P<rank>\d+)\] Watchdog caught collective operation timeout: WorkNCCL\(SeqNum=(?P<seq>\d+), "
        r"OpType=(?P<op>\w+),.*?Timeout\(ms\)=(?P<timeout>\d+)\) ran for (?P<elapsed>\d+) milliseconds",
        _name("log-nccl-timeout"),
    ),
    _sig(
        "nccl-system-error",
        "ystem",
        r"(?P<error>ncclSystemError: .*|unhandled system error.*)",
        _name("log-nccl-system-error"),
    ),
    _sig(
        "nccl-invalid-usage",
        "nvalid",
        r"(?P<error>ncclInvalidUsage: .*|NCCL error.*invalid usage.*)",
        _name("log-nccl-invalid-usage"),
    ),
    _sig(
        "nccl-cuda-error",
        "uda",
        r"(?P<error>ncclUnhandledCudaError: .*|NCCL error.*unhandled cuda error.*)",
        _name("log-nccl-cuda-error"),
    ),
    _sig(
        "nccl-connect-failed",
        "NCCL WARN",
        r"NCCL WARN .*?(?:Connect|connect) to (?P<addr>[0-9a-fA-F.:]+)<\d+>.*?(?P<error>No route to host|"
        r"Connection refused|Network is unreachable|Connection timed out)",
        _name("log-nccl-connect-failed"),
    ),
    _sig(
        "nccl-socket-interface",
        " : Using ",
        r"NCCL INFO (?P<net>NET/Socket|Bootstrap|NET) : Using (?:interface )?"
        r"(?P<list>(?:\[\d+\])?[\w.\-]+:\S+<\d+>.*)$",
        _nccl_interface,
    ),
    _sig(
        "local-rank-unrecognized",
        "unrecognized arguments",
        r"^(?:\[rank\d+\]:\s*)?(?P<script>\S+): error: unrecognized arguments: .*?(?P<flag>--local[-_]rank)=\d+",
        lambda g: (
            "local-rank-arg",
            {
                "script": g["script"],
                "flag_class": "no-local-rank-arg" if g["flag"] == "--local_rank" else "no-dash-local-rank-arg",
                "launcher": "torch.distributed.launch",
                "passed_class": "local-rank-dash-arg" if g["flag"] == "--local-rank" else g["flag"] + "=N",
            },
        ),
    ),
    _sig(
        "launch-deprecated",
        "FutureWarning",
        r"FutureWarning: The module torch\.distributed\.launch is deprecated",
        _name(
            "launch-deprecated",
            launcher="torch.distributed.launch",
            torchrun="torchrun with the same flags (it sets LOCAL_RANK instead of passing --local-rank)",
        ),
    ),
    _sig(
        "collective-mismatch",
        "Detected mismatch between collectives",
        r"Detected mismatch between collectives on ranks\. Rank (?P<a>\d+) is running collective: "
        r"CollectiveFingerPrint\(SequenceNumber=(?P<seq>\d+), OpType=(?P<op_a>\w+).*?but Rank (?P<b>\d+) is running "
        r"collective: CollectiveFingerPrint\(SequenceNumber=\d+, OpType=(?P<op_b>\w+)",
        lambda g: (
            "log-collective-mismatch",
            {
                "detail": ", ".join(sorted([f"rank {g['a']} runs {g['op_a']}", f"rank {g['b']} runs {g['op_b']}"]))
                + f" (sequence number {g['seq']})"
            },
        ),
    ),
    _sig(
        "monitored-barrier",
        "failed to pass monitoredBarrier",
        r"Ranks? (?P<ranks>[\d, ]+?) failed to pass monitoredBarrier in (?P<timeout>\d+ ms)",
        _name("log-rank-missing"),
    ),
    _sig(
        "invalid-device-ordinal",
        "invalid device ordinal",
        r"CUDA error: invalid device ordinal",
        _name("log-invalid-device-ordinal"),
    ),
)

NCCL_VERSION = re.compile(r"NCCL version:? (?P<version>\d+\.\d+\.\d+)")
# "host:pid:tid [gpu] NCCL INFO ...": the host that printed an NCCL line.
NCCL_HOST = re.compile(r"^(?:\S+\s+)?(?P<host>[A-Za-z0-9][\w.\-]*):\d+:\d+ \[\d+\] NCCL ")


@dataclass(frozen=True)
class Hit:
    """One line that matched one signature, and the finding it stands for."""

    key: str
    line: LogLine
    finding: str
    params: tuple[tuple[str, str], ...]


def match_line(line: LogLine) -> list[Hit]:
    """Every signature the line carries (usually none or one)."""
    hits = []
    for sig in SIGNATURES:
        m = sig.pattern.search(line.text) if sig.needle in line.text else None
        if m:
            name, params = sig.finding({k: v for k, v in m.groupdict().items() if v is not None})
            if params.get("addr_source") == "log:":
                params["addr_source"] = f"log:{line.source}"
            hits.append(Hit(sig.key, line, name, tuple(params.items())))
    return hits


def node_of(log: LogInput) -> str:
    """The host that wrote the log when an NCCL line names it, else the file name."""
    for line in log.lines:
        m = NCCL_HOST.search(line.text)
        if m:
            return m["host"]
    return log.source


def _grouped(hits: Iterable[Hit], node: str) -> list[Finding]:
    groups: dict[tuple[str, tuple[tuple[str, str], ...]], list[Hit]] = {}
    for hit in hits:
        groups.setdefault((hit.finding, hit.params), []).append(hit)
    refused = groups.pop((REFUSED, ()), [])
    if refused:  # the timeouts of this log followed refused connects: the port is closed or rejected, not dropped
        renamed: dict[tuple[str, tuple[tuple[str, str], ...]], list[Hit]] = {}
        for (name, params), group in groups.items():
            if name == "master-unreachable":
                name, params = "master-port-refused", tuple((k, v) for k, v in params if k != "elapsed")
            renamed.setdefault((name, params), []).extend(group)
        groups = renamed
        if not any(name == "master-port-refused" for name, _ in groups):
            groups[("master-port-refused", (("addr", "MASTER_ADDR"), ("port", "MASTER_PORT")))] = []
    found = []
    for (name, params), group in groups.items():
        if name == "master-port-refused" and refused:
            group = [*group, refused[0]]
        evidence = [h.line.where for h in group[:MAX_EVIDENCE]]
        if len(group) > MAX_EVIDENCE:
            evidence.append(f"and {len(group) - MAX_EVIDENCE} more line(s) like these")
        if name == "master-unreachable":
            evidence.append("torch prints this for a firewall that drops, one that rejects, and a wrong port alike")
        found.append(make_finding(name, node, tuple(evidence), **dict(params)))
    return found


def nccl_version(log: LogInput) -> str | None:
    """The first NCCL version the log prints, if any."""
    return next((m["version"] for line in log.lines if (m := NCCL_VERSION.search(line.text))), None)


def _versions(logs: Sequence[LogInput], nodes: Sequence[str]) -> list[Finding]:
    """version-mismatch when the logs of different nodes print different NCCL versions."""
    seen: dict[str, list[tuple[str, LogLine]]] = {}
    for log, node in zip(logs, nodes, strict=True):
        for line in log.lines:
            m = NCCL_VERSION.search(line.text)
            if m:
                seen.setdefault(m["version"], []).append((node, line))
                break
    if len(seen) < 2:
        return []
    detail = "; ".join(f"NCCL {v} on {', '.join(dict.fromkeys(n for n, _ in hits))}" for v, hits in seen.items())
    evidence = tuple(line.where for hits in seen.values() for _, line in hits[:MAX_EVIDENCE])
    params = (("component", "NCCL"), ("detail", detail))
    return [make_finding("version-mismatch", None, evidence, **dict(params))]


def _duplicate_ranks(per_node: Sequence[tuple[str, list[Hit]]]) -> list[Finding]:
    """Two nodes waiting for the same torchelastic/assigned_ranks/N key both claimed node_rank N."""
    waiting: dict[str, list[tuple[str, Hit]]] = {}
    for node, hits in per_node:
        for hit in hits:
            m = re.search(r"assigned_ranks/(\d+)$", dict(hit.params).get("key", ""))
            if hit.key == "store-key-timeout" and m:
                waiting.setdefault(m[1], []).append((node, hit))
    found = []
    for rank, claims in waiting.items():
        hosts = list(dict.fromkeys(node for node, _ in claims))
        if len(hosts) >= 2:
            evidence = tuple(hit.line.where for _, hit in claims[:MAX_EVIDENCE])
            params = (("node_rank", rank), ("hosts", ", ".join(hosts)))
            found.append(make_finding("node-rank-duplicate", None, evidence, **dict(params)))
    return found


def explain_findings(logs: Sequence[LogInput]) -> list[Finding]:
    """Findings from every input: each known text once per node, then what the nodes' logs show together."""
    nodes = [node_of(log) for log in logs]
    per_node = [
        (node, [h for line in log.lines for h in match_line(line)]) for log, node in zip(logs, nodes, strict=True)
    ]
    found: list[Finding] = []
    for node, hits in per_node:
        found += _grouped(hits, node)
    found += _versions(logs, nodes)
    found += _duplicate_ranks(per_node)
    return found


def error_lines(logs: Sequence[LogInput], limit: int = 5) -> list[str]:
    """The last few error-looking lines, shown when no signature is known."""
    lines = [line for log in logs for line in log.lines if ERRORISH.search(line.text) and not line.text.startswith("#")]
    return [line.where for line in lines[-limit:]]
