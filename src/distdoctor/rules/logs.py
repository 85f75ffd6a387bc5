"""Known error texts of torch, torchrun, gloo and NCCL -> findings. Pure: lines in, findings out.

The table of texts is rules/log_signatures.py; lines a paste wrapped are read whole first (rules/log_rejoin.py). Here:
each known text once per input (one node's log, usually), then what the lines of all inputs show together (NCCL versions
that differ between hosts, a node_rank claimed twice, a rank the others waited for), then the failure no signature
explains, so that a failed job is never read as healthy: by its errno text where a failed call gives one
(rules/log_system_errors.py), by a long data step's bar where the failure cut it (rules/log_progress.py), by the stack a
hung rank's paste ends in (rules/log_stacks.py). Findings come out causes first: within a severity, what the nodes show
together, then causes, then what follows from a cause (a watchdog abort, a peer's closed socket), then the unexplained
failure.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import replace
from functools import lru_cache
from itertools import pairwise

from distdoctor.catalogue import entry
from distdoctor.catalogue.words import PHRASES, phrase
from distdoctor.model import SEVERITIES, Finding
from distdoctor.model.logs import TEST_ROW_START, LogInput, LogLine
from distdoctor.rules.finding import make_finding
from distdoctor.rules.log_collectives import mismatched_work
from distdoctor.rules.log_crash import BACKTRACE_LINES, crashed_in
from distdoctor.rules.log_evidence import MAX_EVIDENCE
from distdoctor.rules.log_evidence import evidence as _evidence
from distdoctor.rules.log_progress import busy_step
from distdoctor.rules.log_rejoin import FAILED, rejoined, respaced
from distdoctor.rules.log_signatures import (
    BARRIER_DONE,
    CLEAN,
    CPU_BIND_ERROR,
    CUDA_INVALID,
    ENROOT_FAILED,
    EXITED,
    EXTENSIONS_ROOT,
    GID_CHANGE_EVENT,
    IB_ABSENT,
    IB_WANTED,
    LAUNCHED,
    LOCAL_RANK_FIRST,
    LOCAL_RAY,
    MARKERS,
    MEMBER,
    MODULE_MISSING,
    NCCL_1,
    NIC_NOT_PCI,
    OFI_FAILED,
    PG_INIT,
    PORT_ACTIVE,
    PROGRESS,
    RANK_ASSIGNMENT,
    RDZV_ENDPOINT,
    RDZV_STARTED,
    REFUSED,
    REGISTERED,
    RUN_ID_DEFAULT,
    SIGNATURES,
    SLURM_LAUNCHES,
    SPAWNS,
    STORE_CALL,
    TEST_RESULT,
    URL_PORT_UNSEEN,
    WATCHDOG_TIMEOUT,
    Build,
    Hit,
    Signature,
    rank_order,
)
from distdoctor.rules.log_stacks import waiting_stack
from distdoctor.rules.log_system_errors import FAILED_CALL, system_error
from distdoctor.rules.log_system_errors import NEEDLES as SYSTEM_ERROR_NEEDLES
from distdoctor.rules.log_tallies import connect_retrying, goes_on_past, ofi_failed, ray_versions, reverse_dns
from distdoctor.rules.log_text import JoinedText
from distdoctor.rules.versions import release

__all__ = [
    "MARKERS",
    "REFUSED",
    "SIGNATURES",
    "WHERE_IT_STOPPED",
    "Hit",
    "Signature",
    "error_lines",
    "explain_findings",
    "match_line",
    "node_of",
]

# Findings about where a whole log stops (in setup, before a first result): no line read alone shows them.
WHERE_IT_STOPPED = frozenset(
    {"log-nccl-setup-unfinished", "log-init-unfinished", "log-ends-at-launch", "log-p2p-hang-likely"}
)
# Longest quote of a line in a finding's title.
MAX_QUOTE = 160
# Words that make an unmatched line worth showing when no signature is known.
ERRORISH = re.compile(r"error|exception|fail|timed? ?out|refused|unreachable|abort|fatal|killed", re.I)
# A line that shows the job failed: a traceback, an exception, torchrun's or a shell's report of a dead process,
# an NCCL WARN (but not its plugin search, nor NCCL 2.x's WARN that libibverbs is absent, after which it uses
# sockets: INFO in later releases; nor a topology file it could not open), an error-level glog line of torch.
# Each substring finds the lines to try (str.find over the whole text); its regex, where it has one, confirms it.
# Ray's "(RayTrainWorker pid=N, ip=X) " and vLLM's "(EngineCore_DP0 pid=N) " before whatever a child process prints
# A bare "Error:" counts only where nothing is before it: after a word it is a program's own print (PyTorch's
# tutorial's "Test Error: Accuracy: ...").
_RAISED = re.compile(
    r"^(?:\([^()]*\)\s)?(?:(?:\S+\s)?(?:\[rank\d+\]:\s*)?(?:[\w.]*\w(?:Error|Exception)|socket\.(?:gaierror|"
    r"herror|timeout))|(?:\[rank\d+\]:\s*)?(?:Error|Exception))(?::|$)"
)
# NCCL's word that it goes on without CollNet (SHARP), once its CollNet setup failed on some rank.
_COLLNET_FALLBACK = "Cannot initialize CollNet, using "
_FAILURE: dict[str, re.Pattern[str] | None] = {
    "Traceback (most recent": None,
    "ChildFailedError": None,
    "Segmentation fault": None,
    "core dumped": None,
    "Fatal Python error": None,
    "*** Process received signal ***": None,  # Open MPI's handler (opal's stacktrace.c), before the signal's name
    # a frame of a Python traceback: a paste that left out the traceback's first and last lines still shows one
    'File "': re.compile(r"^\s*(?:\([^()]*\)\s+)?(?:\[\w+\]:\s*)?File \"[^\"]+\", line \d+, in \S"),
    "OOMKilled": None,
    "NCCL Init failed (": None,  # NCCL 1.x's test harness on a failed ncclCommInitRank
    # A missing NCCL_TOPO_FILE is a WARN until 2.23 (INFO later), after which NCCL detects the topology itself.
    # aws-ofi-nccl's WARNs (NET/OFI) when it finds no EFA device are printed in runs that go on over sockets too.
    # cudawrap.cc's "Failed to find CUDA library in <NCCL_CUDA_PATH>" is followed by the default search.
    # An RDMA port's GID table changing (an address added or removed) harms only the connections on a GID it moved.
    # RCCL's advice on every start of a node whose kernel or environment is not tuned as AMD asks (NUMA balancing,
    # the IOMMU's mode, fine-grained PCIe memory) is printed by jobs that run.
    # NCCL's WARNs after which it goes on (2.x to 2.30): an RDMA port's events other than its error (a port that
    # comes up, a subnet manager's changes), a thread or socket count it lowers to its maximum, a SHM locality it
    # ignores, a zero FLID it replaces, a virtual RDMA device without a PCI path (net_ib's; the GPU's own is fatal).
    # The proxy service thread's words when its local ranks go away (2.x to 2.29; 2.30 made the accept an INFO): the
    # listening socket closed, a rank's socket gone before its message, the teardown's Close; a rank that crashed says
    # so in its own lines. CollNet that could not start (the SHARP plugin's init error among its causes): NCCL goes on
    # over point-to-point (transport.cc). RCCL's MSCCL++ asked for where it cannot run, its MSCCL algorithms with
    # fewer channels than they need, its clique kernels without their memory, a channel count it ignores: RCCL goes
    # on without them.
    # And, from 2.7 to 2.30, CollNet left out or not asked for, a search pattern or NVML it does without, a thread
    # context an old driver cannot give, a variable's value or an interface's address it ignores or replaces, a
    # profiler plugin that would not start.
    "NCCL WARN": re.compile(
        r"NCCL WARN (?!NET/Plugin|Failed to open libibverbs|Could not open XML topology file|NET/OFI (?!Request)|"
        rf"Failed to find CUDA library|NET/IB ?: (?:\S+:\d+ )?{GID_CHANGE_EVENT}|NUMA auto balancing enabled|"
        r"Missing \"(?:iommu=pt|amd_iommu=on|HSA_FORCE_FINE_GRAIN_PCIE=1)\"|"
        r"NET/IB ?: \S+:\d+ Got non-fatal async event: (?!port error|path migration error)|"
        r"NET/Socket ?: (?:NCCL_SOCKET_NTHREADS|the total number of sockets) is greater than the maximum allowed|"
        r"Ignoring SHM locality|Warning: remote FLID configured as zero|"
        r"Could not find real path of \S+ \(/sys/class/infiniband/|\[Service thread\] Accept failed|"
        r"\[Service thread\] Could not receive type from localRank \d+, res=\d+, closed=0|"
        r"\[Proxy Service \d+\] Failed to execute operation Close from rank|"
        rf"NET/IB ?:SHARP coll init error|{_COLLNET_FALLBACK}.{{1,40}}? instead|"
        r"MSCCL\+\+: (?:Cannot enable MSCCL\+\+|Feature not enabled)|NCCL_MIN_NCHANNELS set by environment is "
        r"ignored|NCCL_MAX_NCHANNELS:\d+ is lesser than number of channels required by MSCCL|Unable to [^\n]{0,60}"
        r"Disabling clique-based kernels|"
        r"CollNet (?:currently only supports up to \d+ GPUs per node, disabling|is not supported or fails to "
        r"initialize, ignoring)|Could not find a path for pattern \d+, falling back|No NVML, trying to use CUDA|"
        r"No NVML device handle\. Skipping|Unable to create thread context due to old driver, disabling|"
        r"NCCL_WORK_FIFO_(?:DEPTH|BYTES)=-?\d+ is being ignored|NET/IB: Ip address (?:mask )?'[^']*' is invalid "
        r"for family \S+, ignoring|Profiler init failed with error \(-?\d+\)\. Continue without|"
        r"NCCL_NET_MERGE_POLICY: unknown value '[^']*', defaulting|Both NCCL_CTA_POLICY_ZERO and "
        r"NCCL_CTA_POLICY_EFFICIENCY are set)"
    ),
    " failure": re.compile(r"\b(?:NCCL|CUDA|Test) failure\b"),
    "exitcode": re.compile(r"exitcode\s*:\s*-?[1-9]"),
    "exit status": re.compile(r"exit status -?[1-9]"),
    "xit ": re.compile(r"(?:[Ee]xit(?:ed with)? [Cc]ode|exit code|Exit Code):?\s*-?[1-9]"),
    "errorCode: ": re.compile(r"^errorCode: -?[1-9]"),
    "Killed": re.compile(r"\bKilled\b"),
    "SIG": re.compile(r"\bSIG(?:KILL|SEGV|ABRT|BUS)\b"),
    ": error": re.compile(r"srun: error|slurmstepd: error|: error: "),
    "Error:": _RAISED,
    "Error\n": _RAISED,  # the joined text ends every line with a newline
    "Exception:": _RAISED,
    "Exception\n": _RAISED,
    "socket.": _RAISED,  # Python's socket.gaierror, socket.timeout: lower-case classes
    # vLLM's and SGLang's level prefix: "ERROR 06-12 10:21:33 [core.py:708] ...", Python logging's common formats
    # ("2026-05-29 20:09:06,716 - ERROR - name: ...", "name - ERROR - ...") and loguru's ("... | ERROR    | ...")
    "ERROR": re.compile(
        r"\[ERROR\]|^ERROR:|^(?:\([^()]*\)\s)?ERROR \d\d-\d\d \d\d:\d\d:\d\d|^(?:\S[^\n]{0,60}?)? - ERROR - |"
        r"^\S[^\n]{0,40}? \| ERROR +\| |"
        # Ray's logger ("2022-11-15 19:26:36,618\tERROR tune.py:773 -- Trials did not complete"), a worker's prefix
        # ("(pid=123) ") before it or not
        r"^(?:\([^()]*\)\s)?\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d+\s+ERROR [\w.]+:\d+ -- |"
        # the Neuron runtime's ("2021-Nov-15 15:21:28.0231 7245:7245 ERROR NRT:nrt_allocate_neuron_cores ...")
        r"^\S+ \d\d:\d\d:\d\d\.\d+ +\d+:\d+ +ERROR +[A-Z]+:"
    ),
    # glog's and absl's failed CHECK (a process that ends there): torch's C++, XLA's, the Neuron and TensorFlow
    # runtimes' ("2021-11-15 15:21:28.231864: F ./tensorflow/.../neuron_runtime.h:1037] Check failed: ...")
    "Check failed: ": re.compile(r"(?:^|\s|\])Check failed: "),
    # TensorFlow's and XLA's logger at its FATAL level: "2021-11-15 15:21:28.231864: F file.cc:123] ..."
    ": F ": re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+: F \S+:\d+\] "),
    "[E": re.compile(r"^(?:\[rank\d+\]:)?\[E[\s\d]"),
    "\nE": re.compile(r"^E\d{4} "),
    "[F": re.compile(r"^(?:\[rank\d+\]:)?\[F\d{3,4} "),  # glog's FATAL: torch's monitor ending a process it gave up on
    "\nF": re.compile(r"^F\d{3,4} "),
    # C++ aborts (gloo, NCCL, horovod), CUDA runtime errors, glog's signal banner, and launchers that never
    # started the ranks (ssh refused, MPI without slots): a failure whoever printed it.
    "terminate called after throwing": None,
    "CUDA error": re.compile(r"\bCUDA error\b"),
    "Received signal": re.compile(r"\*\*\* Received signal \d+"),
    "Permission denied (publickey": None,
    "not enough slots available": None,
    "Launch proxy failed": None,  # MPICH's mpiexec, whose proxy on a node failed
    "BAD TERMINATION OF ONE OF YOUR APPLICATION PROCESSES": None,  # Hydra's report of a rank that failed
    "Fatal error in ": re.compile(r"\bFatal error in P?MPI_\w+"),  # MPICH's (and Intel MPI's, Cray's) error handler
    "|CCL_ERROR|": None,  # oneCCL's (Intel GPUs' collectives, torch's xccl and ccl backends) error lines
    "UCX ": re.compile(r"\bUCX\s+ERROR\b"),  # UCX's error level (NIXL's, MPI's, Ray's transfers over it)
    "Failed, NCCL error": None,  # TransformerEngine's (and Apex's) NCCLCHECK on a failed NCCL call
    # a frame of a crash's backtrace (Open MPI's handler, glibc's backtrace_symbols): a paste may hold only these
    ")[0x": re.compile(r"\[\s*\d+\] \S+\([\w.+-]*\+0x[0-9a-f]+\)\[0x[0-9a-f]+\]"),
    # libfabric's RxR/EFA provider reporting an error on an endpoint with no event queue bound, as NCCL's and MPI's
    # are: it aborts the process next
    "Unable to write to EQ": None,
    "NVRM: Assertion failed": None,  # the NVIDIA kernel driver's own check failing, a GPU call with it
    # torch's wrapping of a failed NCCL call (every release since 1.0), whatever its text: a paste may hold that
    # line alone, without the exception class in front of it
    "NCCL error in: ": None,
    # NCCL's error path: each function a failure returns through prints "file.cc:line -> code" (a non-zero
    # ncclResult_t), at INFO level, often the only trace when NCCL_DEBUG=INFO and the job then hangs.
    " -> ": re.compile(r"NCCL INFO [\w/.]+\.cc:\d+ -> [1-9]"),  # _TRACE; not once its process completed setup
    # a call that failed with an errno text, in whatever library printed it
    **dict.fromkeys(SYSTEM_ERROR_NEEDLES, FAILED_CALL),
}
_EXCEPTION = re.compile(r"(?:[\w.]+\.)?[A-Z]\w*(?:Error|Exception): .*|socket\.(?:gaierror|herror|timeout): .*")
# Exceptions a launcher raises about a worker that failed: the worker's own, above them, says why.
_WRAPPER = re.compile(r"ChildFailedError|CalledProcessError|ProcessExitedException|ProcessRaisedException")
_WRAPPER_RAISED = re.compile(rf"(?:{_WRAPPER.pattern}):")


def _own_exception(line: LogLine) -> bool:
    """Whether the line is an exception the job raised, not a launcher's report of a worker that failed."""
    return bool(_EXCEPTION.search(line.text)) and not _WRAPPER.search(line.text)


NCCL_VERSION = re.compile(r"NCCL version:? (?P<version>\d+\.\d+\.\d+)")
_RANK_IN_TEXT = re.compile(r"\[(?:[^\]\[]*?\s)?Rank (\d+)\]|\[rank(\d+)\]")
# Findings that follow from another cause; the cause, when the log shows it, is named first.
CONSEQUENCES = frozenset(
    {
        "log-nccl-timeout",
        "log-nccl-timeout-midrun",
        "log-nccl-timeout-unnamed",
        "log-gloo-timeout",
        "log-nccl-system-error",
        "log-nccl-invalid-usage",
        "log-nccl-invalid-argument",
        "log-nccl-internal-error",
        "log-nccl-cuda-error",
        "log-peer-closed",
        "log-store-closed",
        "log-store-timeout",
        "log-rendezvous-closed",
        "log-rendezvous-connection",  # torchrun's summary; the store client's lines below it say why
        "log-rank-killed",
        "log-gloo-connect-failed",
        "log-nccl-bootstrap-failed",  # a trace, not the WARN line that says why
        "log-nccl-setup-unfinished",  # where setup stopped, not why
        "log-nccl-watchdog-stuck",  # the monitor's verdict on a wait or hang logged before it, when one was
        "log-timeout-on-another-rank",  # the rank that timed out, when the paste has it, says more
        "log-dataloader-worker-died",  # the worker's own error, or the /dev/shm its bus error points at
        "log-barrier-coordinator-lost",  # rank 0's own error, when the paste has it
        "node-missing",  # node 0 waiting for the others: another node's log, when the paste has it, says why
        "log-worker-died",  # a framework's word that its worker is gone: the worker's own error, when shown, says why
        "log-mpi-node-lost",  # mpirun's word that a node is gone: what that node's ranks or kernel said, when shown
        "log-ray-trial-failed",  # Tune's word that a trial failed: the trial's own error, when shown, says why
    }
)
# Findings that are errors only in a log that shows the job failed: gloo's fallback to loopback, harmless on one node;
# a container's small /dev/shm, enough for one GPU.
# torch's warning of a GPU its build has no code for: a PTX build may still run there.
# DeepSpeed's launcher without a hostfile: a one-node run needs none. ProcessGroupNCCL's guess of a rank's GPU: right
# wherever each process sees one GPU or the rank's index is its GPU's. srun waiting for a step's resources: it may
# have got them. NCCL over sockets on Slingshot, or over its own transports where its network plugin would not load:
# slow, but it runs. An RDMA driver libibverbs could not load, NVSHMEM's or NCCL's GPU-initiated transport that
# did not start, Mooncake without RDMA devices: nothing may have needed them, or it went on over TCP. UCX without
# CUDA under NIXL: the job may move only host memory.
_HARMLESS_ALONE = frozenset(
    {
        "log-gloo-loopback",
        "log-shm-container-default",
        "log-gpu-arch-unsupported",
        "log-hostfile-invalid",
        "log-device-guessed",
        "log-host-ip-guessed",
        "log-serving-worker-stuck",
        "log-nccl-net-plugin-missing",
        "log-slurm-step-waiting",
        "log-slingshot-sockets",
        "log-nccl-net-plugin-unloadable",
        "log-ibverbs-driver-unloadable",
        "log-nvshmem-transport-failed",
        "log-nccl-gin-unavailable",
        "log-kv-transfer-init-failed",
        "log-ucx-no-gpu-memory",
    }
)
# Findings about what the inputs show together: named before the causes each input shows.
_TOGETHER = frozenset({"version-mismatch", "node-rank-duplicate", "log-collective-mismatch", "log-rank-late"})
# A rank's GPU failing under it: why that rank stopped, so named before what the inputs show of its peers (the late
# rank, their timeouts).
_GPU_FAILED = frozenset({"log-gpu-hardware-fault"})


@lru_cache(maxsize=4096)
def _built(
    build: Build, names: tuple[str, ...], groups: tuple[str | None, ...]
) -> tuple[str, tuple[tuple[str, str], ...]]:
    """A signature's finding for the groups its regex matched: a long log repeats a few values in thousands of
    lines, and a builder is a pure function of them."""
    name, params = build({k: v for k, v in zip(names, groups, strict=True) if k and v is not None})
    return name, tuple(params.items())


def _hit(sig: Signature, line: LogLine) -> Hit | None:
    m = sig.pattern.search(line.text)
    if not m:
        return None
    name, params = _built(sig.finding, sig.groups, m.groups())
    if ("addr_source", "log:") in params:
        params = tuple((k, f"log:{line.source}" if (k, v) == ("addr_source", "log:") else v) for k, v in params)
    return Hit(sig.key, line, name, params)


def match_line(line: LogLine) -> list[Hit]:
    """Every signature the line carries (usually none or one)."""
    return [h for sig in SIGNATURES if any(n in line.text for n in sig.needles) and (h := _hit(sig, line))]


_TABLE = SIGNATURES  # bench/explain_speed.py swaps SIGNATURES for a table without needles


def _index(table: Sequence[Signature]) -> tuple[dict[str, list[Signature]], dict[int, int]]:
    """Each needle's signatures, and each signature's place in the table (by id)."""
    by_needle: dict[str, list[Signature]] = {}
    for sig in table:
        for needle in sig.needles:
            by_needle.setdefault(needle, []).append(sig)
    return by_needle, {id(sig): i for i, sig in enumerate(table)}


# A line is tried only against the signatures of the needles it holds.
_BY_NEEDLE, _POSITION = _index(SIGNATURES)


def match_log(log: LogInput, joined: JoinedText | None = None) -> list[Hit]:
    """match_line over every line of the log, in line order (and table order within a line)."""
    by_needle, position = (_BY_NEEDLE, _POSITION) if SIGNATURES is _TABLE else _index(SIGNATURES)
    holding = (joined or JoinedText.of(log.lines)).holding(by_needle)
    hits = []
    tried: dict[frozenset[str], list[Signature]] = {}  # lines holding the same needles try the same signatures
    for i in sorted(holding):
        line, needles = log.lines[i], frozenset(holding[i])
        if (sigs := tried.get(needles)) is None:
            # in table order, once each: a set's order is arbitrary, and a signature may hold two of the needles
            held = {id(sig): sig for n in needles for sig in by_needle.get(n, ())}
            sigs = tried[needles] = sorted(held.values(), key=lambda sig: position[id(sig)])
        hits += [h for sig in sigs if (h := _hit(sig, line))]
    return hits


def _read_as(lines: Sequence[LogLine]) -> list[set[tuple[str, str]]]:
    """What each line reads as alone: the (signature, finding) of each of its hits, and the failure needles it
    holds."""
    # a failure line a fallback reads (a failed call's errno text, an exception no signature knows) counts too
    read: list[set[tuple[str, str]]] = [
        {(FAILED, needle) for needle in _FAILURE if needle in line.text and _confirmed(line, {needle})}
        for line in lines
    ]
    # numbered by place: the lines may share numbers (a glued run and the pieces it starts with)
    numbered = tuple(replace(line, number=i) for i, line in enumerate(lines))
    for h in match_log(LogInput("", numbered)):
        read[h.line.number].add((h.key, h.finding))
    return read


def _respaced(log: LogInput) -> LogInput:
    return respaced(log, _read_as)


def _rejoined(log: LogInput) -> LogInput:
    return rejoined(log, _read_as)


def node_of(log: LogInput) -> str:
    """The host that wrote the log when its NCCL lines name one host, else the file name."""
    hosts = {host for host in {line.host for line in log.lines} if host and not host.startswith("task ")}
    return hosts.pop() if len(hosts) == 1 else log.source


def _confirmed(line: LogLine, needles: set[str]) -> bool:
    return any((check := _FAILURE[n]) is None or check.search(line.text) for n in needles if n in _FAILURE)


_TRACE = " -> "
_WARN = "NCCL WARN"
# The NCCL lines a process that then finished its setup got past: they failed nothing.
_RECOVERABLE = frozenset({_TRACE, _WARN})
# NCCL's "host:pid:tid [gpu] NCCL INFO" prefix (a WARN's with its source file between): which process printed a line.
_NCCL_PROCESS = re.compile(r"([\w.\-]+:\d+):\d+ \[\d+\] (?:[\w/.]+:\d+ )?NCCL (?:INFO|WARN)")


def _recovered_lines(joined: JoinedText) -> set[int]:
    """The error-return traces and WARNs whose process then finished its setup ("Init COMPLETE"): NCCL 2.27+ tries
    each network plugin in turn, and NCCL_IB_DISABLE=1 or a node without InfiniBand makes IB's try return one; a WARN
    such as a virtual RDMA device's missing PCI path returns success. And the traces, without a failing WARN of their
    process, of its communicator's teardown ("Abort COMPLETE", "Destroy COMPLETE", or below its sockets' word that
    they saw the abort), its proxy's sockets closing at exit, or of a CollNet setup NCCL said it went on without."""
    lines = {i for needle in _RECOVERABLE for i in joined.lines_with(needle)}
    if not lines:
        return set()
    # each process's last line that finished a setup, and its last that ended a communicator
    complete: dict[str, int] = {}
    ended: dict[str, int] = {}
    for j in joined.lines_with("COMPLETE"):
        text = _with_cut_head(joined, j)
        if (m := _NCCL_PROCESS.search(text)) is None:
            continue
        if "Init COMPLETE" in text:
            complete[m.group(1)] = j
        elif _TORN_DOWN.search(text):
            ended[m.group(1)] = j
    processes = {i: m.group(1) for i in lines if (m := _NCCL_PROCESS.search(joined.lines[i].text))}
    # a WARN after which NCCL goes on (the proxy's at exit among them) does not keep a teardown's traces
    warned = {
        processes[i]
        for i in lines
        if i in processes and _WARN in joined.lines[i].text and _confirmed(joined.lines[i], {_WARN})
    }
    # each process's first line that says its sockets saw the abort flag: the traces below it unwind the abort
    aborting: dict[str, int] = {}
    for j in joined.lines_with(_ABORT_CALLED):
        if (m := _NCCL_PROCESS.search(joined.lines[j].text)) is not None:
            aborting.setdefault(m.group(1), j)
    # CollNet's setup fails with traces on every rank, its fallback said by each node's first rank only
    fallback = _COLLNET_FALLBACK in joined.text
    return {
        i
        for i, process in processes.items()
        if i < complete.get(process, -1)
        or (
            process not in warned
            and (fallback or i < ended.get(process, -1) or aborting.get(process, len(joined.lines)) < i)
        )
    }


def _with_cut_head(joined: JoinedText, j: int) -> str:
    """A line's text, after the line above it where a paste cut it there ("... cudaDev 3" above "busId 5d000 - Abort
    COMPLETE"): the line it was cut from, whole again."""
    above = joined.lines[j - 1] if j else None
    if above is None or not above.may_continue or _NCCL_PROCESS.search(joined.lines[j].text):
        return joined.lines[j].text
    return f"{above.text} {joined.lines[j].text}"


# A communicator's end (init.cc): aborted or destroyed, as a job that finished does at exit.
_TORN_DOWN = re.compile(r"\b(?:Abort|Destroy) COMPLETE\b")
# A socket of a communicator being aborted (misc/socket.cc, os/linux.cc in 2.30: "ncclOsSocketProgressOpt"): INFO.
_ABORT_CALLED = "ProgressOpt: abort called"


_EXIT_BARRIER = "Error waiting on exit barrier"
# CPython's default sys.unraisablehook: an exception in a finaliser (a DataLoader's __del__ at exit, say), printed
# with its traceback and then dropped; the process goes on as if nothing was raised.
_UNRAISABLE = "Exception ignored in"
# Lines that print a traceback of what failed nothing: torchrun's exit barrier once its own workers succeeded, and
# Python's report of an exception it ignored.
_REPORTS = (_EXIT_BARRIER, _UNRAISABLE)
# How a traceback's lines begin, below its report's line.
_TRACEBACK_LINE = ("Traceback (most recent call last)", " ", "\t")


def _reports(joined: JoinedText) -> set[int]:
    """The lines of a traceback printed as a report of what failed nothing: torchrun's exit barrier (the agent logs it
    once its own workers succeeded, every line with the logger's prefix since torch 2.2, a bare traceback before),
    Python's exception ignored in a finaliser (multiprocessing's at exit too), and a message below error level that
    quotes a traceback: the report's line and the traceback under it."""
    return (
        {
            j
            for marker in _REPORTS
            if marker in joined.text
            for i in joined.lines_with(marker)
            for j in _report_block(joined, i, marker)
        }
        | _quoted_tracebacks(joined)
        | _finalizer_tracebacks(joined)
        | _teardown_errors(joined)
        | _steps_gone_past(joined)
        | _engine_gone_after_shutdown(joined)
    )


# vLLM V1's engine core finishing its own shutdown (core.py), and its client's monitor that then sees the process gone
# (core_client.py): at exit, after the engine said it shut down, that is the teardown's race, not a crash.
_ENGINE_SHUT_DOWN = re.compile(r"^\(EngineCore\S* pid=\d+\) .*\bShutdown complete\b")
_ENGINE_GONE = "Engine core proc "
_ENGINE_DIED = re.compile(r"Engine core proc \S+ died")


def _engine_gone_after_shutdown(joined: JoinedText) -> set[int]:
    """The client's word that the engine core died, below the engine core's own word that it shut down."""
    if _ENGINE_GONE not in joined.text:
        return set()
    done = next(
        (j for j in joined.lines_with("Shutdown complete") if _ENGINE_SHUT_DOWN.search(joined.lines[j].text)), None
    )
    gone = (j for j in joined.lines_with(_ENGINE_GONE) if _ENGINE_DIED.search(joined.lines[j].text))
    return set() if done is None else {j for j in gone if j > done}


# srun's word that a step's task failed ("srun: error: host: task 0: Exited with exit code 1"), and a batch script's
# shell trace of a later srun ("+ srun ...", set -x): the script went on past the failed step.
_STEP_EXITED = re.compile(r"^srun: error: \S+: tasks? [\d,\-]+: Exited with exit code \d+")
_NEXT_STEP = re.compile(r"^\++ srun ")


def _steps_gone_past(joined: JoinedText) -> set[int]:
    """The lines of srun's steps that failed where the batch script's trace shows a later step started: a helper step
    the job went on without, not the job's end (a later step's own failure says so in its lines)."""
    exited = [i for i in joined.lines_with("Exited with exit code") if _STEP_EXITED.match(joined.lines[i].body)]
    if not exited:
        return set()
    later = max((i for i in joined.lines_with("srun ") if _NEXT_STEP.match(joined.lines[i].body)), default=-1)
    return {i for i in exited if i < later}


# NCCL's proxy failing the Close of a connection (proxy.cc): only a communicator's teardown sends it.
_PROXY_CLOSE = re.compile(r"\[Proxy Service \d+\] Failed to execute operation Close\b")
# How far above the quote of its last error torch's line of an NCCL error may be (the error class's line between).
_LAST_ERROR_LINES = 4


def _teardown_errors(joined: JoinedText) -> set[int]:
    """The lines of an NCCL error torch quotes with the proxy's failed Close as its last error (the error a
    communicator torn down at exit leaves for torch's watchdog): from torch's line of the error to the quote."""
    block: set[int] = set()
    for j in joined.lines_with("operation Close"):
        if j == 0 or not _PROXY_CLOSE.search(joined.lines[j].text) or joined.lines[j - 1].body.strip() != "Last error:":
            continue
        top = next((k for k in range(max(0, j - _LAST_ERROR_LINES), j) if "NCCL error" in joined.lines[k].text), j - 1)
        block |= set(range(top, j + 1))
    return block


_TRACEBACK_HEAD = "Traceback (most recent call last):"
# A message's words before a traceback it quotes ("Import of quick_gelu from ... failed with: "), a logger's level
# among them or not; at error level, or saying an error or exception was hit ("Scheduler hit an exception: "), it is
# the job's failure, logged.
_QUOTING = re.compile(r"\w.*[:\-]\s*$")
_ERROR_LEVEL = re.compile(r"\b(?:CRITICAL|FATAL)\b|(?i:\b(?:error|exception)\b)|^\[?[EF]\d{4} |\[E\d")


# multiprocessing's util.py runs the finalisers at exit and prints the traceback of one that raises, then goes on.
_RUN_FINALIZERS = "in _run_finalizers"


def _finalizer_tracebacks(joined: JoinedText) -> set[int]:
    """The lines of a traceback multiprocessing printed for a finaliser that raised at exit (a semaphore already
    unlinked), whose first frame is its _run_finalizers: the header, the frames, the exception."""
    block: set[int] = set()
    for i in joined.lines_with(_RUN_FINALIZERS):
        if i == 0 or not joined.lines[i - 1].body.startswith(_TRACEBACK_HEAD):
            continue
        block |= {i - 1, *_traceback_from(joined, i)}
    return block


def _traceback_from(joined: JoinedText, start: int) -> list[int]:
    """The lines of a traceback's frames from line `start` on, to the exception that ends it."""
    lines = []
    for j in range(start, len(joined.lines)):
        body = joined.lines[j].body
        if not (body.startswith(_TRACEBACK_LINE) or _EXCEPTION.match(body)):
            break
        lines.append(j)
        if _EXCEPTION.match(body):
            break  # the traceback's last line
    return lines


def _quoted_tracebacks(joined: JoinedText) -> set[int]:
    """The lines of tracebacks a message below error level quotes (NeMo's 'Import of X failed with: Traceback ...',
    logged at INFO as its import goes on without X): the message's line and the traceback's lines under it."""
    block: set[int] = set()
    for i in joined.lines_with(_TRACEBACK_HEAD):
        line = joined.lines[i]
        before = line.body.split(_TRACEBACK_HEAD)[0]
        if not before.strip() or not _QUOTING.search(before) or _ERROR_LEVEL.search(before):
            continue
        block |= {i, *_traceback_from(joined, i + 1)}
    return block


def _report_block(joined: JoinedText, i: int, marker: str) -> list[int]:
    """The report on line i and the traceback under it, to the exception that ends it."""
    prefix = joined.lines[i].text.split(marker)[0]
    block = [i]
    for j in range(i + 1, len(joined.lines)):
        text = joined.lines[j].text
        stripped = text[len(prefix) :] if prefix and text.startswith(prefix) else text
        if j == i + 1 and stripped.startswith("<") and stripped.rstrip().endswith(">"):
            # the ignored object's repr, which another process's output pushed to a line of its own
            block.append(j)
            continue
        # the line as it is, where what stood before the marker was no prefix (another process's words)
        rest = next((t for t in (stripped, text) if t.startswith(_TRACEBACK_LINE) or _EXCEPTION.match(t)), None)
        if rest is None:
            break
        block.append(j)
        if _EXCEPTION.match(rest):
            break  # the traceback's last line: a traceback below it is another's
    return block


def failure_lines(log: LogInput, joined: JoinedText | None = None) -> list[LogLine]:
    """The lines that show the job failed."""
    joined = joined or JoinedText.of(log.lines)
    holding = joined.holding(_FAILURE)
    recovered = _recovered_lines(joined) if any(_RECOVERABLE & needles for needles in holding.values()) else set()
    report = _reports(joined)
    return [
        log.lines[i]
        for i in sorted(holding)
        if i not in report and _confirmed(log.lines[i], holding[i] - _RECOVERABLE if i in recovered else holding[i])
    ]


def _failed(joined: JoinedText) -> bool:
    """Whether any line shows the job failed: the first one found will do, so a failed log is not searched for
    every needle of every failure line."""
    report = _reports(joined)
    for needle, check in _FAILURE.items():
        recovered: set[int] | None = None  # found only once a trace line confirms
        for i in joined.lines_with(needle):
            if i in report or (check is not None and not check.search(joined.lines[i].text)):
                continue
            if needle in _RECOVERABLE:
                recovered = _recovered_lines(joined) if recovered is None else recovered
                if i in recovered:
                    continue
            return True
    return False


# What says why an NCCL call failed, whichever of its error classes torch's summary of it names.
_NCCL_FAILURE_CAUSES = frozenset(
    {"log-nccl-known-bug", "log-nccl-gin-unavailable", "log-nccl-device-api-mismatch", "log-gcp-gpudirect-tcpx-failed"}
)
# What explains a failed NCCL bootstrap better than its error-return trace does.
_BOOTSTRAP_CAUSES = frozenset({"log-nccl-bootstrap-truncated", "log-nccl-connect-failed", "log-nccl-known-bug"})


def _supersede(groups: dict[tuple[str, tuple[tuple[str, str], ...]], list[Hit]]) -> None:
    """Drop what a more precise finding of the same log already says."""
    names = {name for name, _ in groups}
    setup_waits = {h.line.number for (n, _), g in groups.items() if n == "log-nccl-unique-id-timeout" for h in g}
    unresolved = {dict(p)["host"] for n, p in groups if n == "log-store-host-unresolvable"}
    stuck_for = any(n == "log-nccl-watchdog-stuck" and dict(p)["detail"] for n, p in groups)
    url_port_said = any(
        n == "log-ipv6-unbracketed" or (n == "log-init-url-port-invalid" and dict(p)["value"] != URL_PORT_UNSEEN)
        for n, p in groups
    )
    cpu_bind_said_why = any(n == "log-slurm-cpu-bind-failed" and dict(p)["error"] != CPU_BIND_ERROR for n, p in groups)
    ssh_said_why = any(n == "log-ssh-launch-failed" and not dict(p)["error"].endswith("ssh check") for n, p in groups)
    exit_wait = min(
        (h.line.number for (n, _), g in groups.items() if n == "log-exit-barrier-timeout" for h in g), default=1 << 62
    )
    for name, params in list(groups):
        p = dict(params)
        if name == "log-store-barrier-waiting" and "log-store-barrier-timeout" in names:
            del groups[(name, params)]  # the wait, and then its end
        elif name == "log-nccl-watchdog-stuck" and not p["detail"] and stuck_for:
            del groups[(name, params)]  # the monitor's first line, where its last one gives the budget
        elif name == "log-rank-killed" and "log-rank-oom-killed" in names and p["signal"].startswith("SIGKILL"):
            del groups[(name, params)]  # the OOM killer's SIGKILL
        elif name == "log-store-closed" and "log-exit-barrier-late" in names:
            del groups[(name, params)]  # the store the agent that gave up at its exit barrier closed
        elif name == "log-ssh-launch-failed" and p["error"].endswith("ssh check") and ssh_said_why:
            del groups[(name, params)]  # a launcher's check that ssh failed, where ssh's own line says why
        elif name == "log-ssh-launch-failed" and "log-hostlist-slots-as-name" in names:
            del groups[(name, params)]  # the resolver's error for a host:slots entry, named as such
        elif name == "log-nccl-net-unavailable" and names & {
            "log-nccl-net-plugin-missing",
            "log-ibverbs-driver-unloadable",
        }:
            del groups[(name, params)]  # the network of a plugin NCCL did not find, or of devices it could not open
        elif name == "log-nccl-ipc-open-failed" and "log-p2p-not-supported" in names:
            del groups[(name, params)]  # CUDA's own reason: the two GPUs allow no peer access
        elif name == "log-mpi-launch-failed" and names & {"log-mpi-daemon-missing", "log-ssh-launch-failed"}:
            del groups[(name, params)]  # Open MPI's banner under the remote shell's line that says why
        elif name == "log-script-args-rejected" and names & {"local-rank-arg", "log-launcher-arg-empty"}:
            del groups[(name, params)]  # argparse's line, which a finding of the launcher's argument names
        elif name == "log-pyxis-container-failed" and names & {
            "log-container-hook-failed",
            "log-enroot-registry-in-name",
            "log-node-user-unknown",
        }:
            del groups[(name, params)]  # the hook, the registry or the node's user database says why it did not start
        elif name == "log-nccl-invalid-argument" and "log-nccl-ofi-tuner-refused" in names:
            del groups[(name, params)]  # the error NCCL returns for the tuner that refused to start
        elif name == "log-name-unresolvable" and "log-store-host-unresolvable" in names:
            del groups[(name, params)]  # a lookup whose name another line of the log gives
        elif name == "log-ray-resources-short" and "log-ray-ip-mismatch" in names:
            del groups[(name, params)]  # a bundle pinned to an address no Ray node has: no node will ever offer it
        elif name == "log-init-url-port-invalid" and p["value"] == URL_PORT_UNSEEN and url_port_said:
            del groups[(name, params)]  # the frame of urllib's port, where the error's own line gives the value
        elif name == "log-slurm-cpu-bind-failed" and p["error"] == CPU_BIND_ERROR and cpu_bind_said_why:
            del groups[(name, params)]  # slurmd's error code, where the affinity plugin's line says which CPUs
        elif name == "log-rank-bus-error" and names & {"log-shm-too-small", "log-shm-not-writable"}:
            del groups[(name, params)]  # the /dev/shm a line of the same log names
        elif name == "log-shm-too-small" and "log-shm-not-writable" in names and not p.get("detail"):
            del groups[(name, params)]  # the segment NCCL could not create because it could not open it
        elif name == "log-job-cancelled" and "log-rank-oom-killed" in names and p["reason"].startswith("by "):
            del groups[(name, params)]  # slurmstepd cancels the step whose tasks the OOM killer hit
        elif (
            name == "log-job-cancelled"
            and p["reason"] == "due to task failure"
            and any(n != name and n not in CONSEQUENCES and entry(n).severity == "error" for n in names)
        ):
            del groups[(name, params)]  # Slurm 25.05 ends a step whose task failed: the task's own error says why
        elif name in ("log-no-gpu-visible", "log-invalid-device-ordinal") and names & {
            "log-cuda-init-failed",
            "log-cuda-forward-compat",
        }:
            del groups[(name, params)]  # the GPUs a process does not see because CUDA did not start in it
        elif name == "log-library-unloadable" and names & {
            "log-nccl-library-older",
            "log-nccl-library-unloadable",
            "log-nccl-net-plugin-unloadable",
            "log-launch-env-missing",
        }:
            del groups[(name, params)]  # the library a finding of its own names, with its own fix
        elif (
            name == "log-slurm-request-unsatisfiable"
            and p["error"].startswith("Invalid generic resource")
            and "log-slurm-options-conflict" in names
        ):
            del groups[(name, params)]  # the error code gres.c returns once it found the options contradicting
        elif name == "log-gloo-connect-failed" and "log-gloo-loopback" in names:
            del groups[(name, params)]
        elif name in ("log-nccl-invalid-usage", "log-nccl-invalid-argument", "log-nccl-cuda-error") and names & {
            "log-duplicate-gpu",
            "log-nvls-bind-failed",
            "log-p2p-not-supported",
            "log-gpu-busy",
            "log-nccl-cumem-host-no-p2p",
            "log-nccl-net-unavailable",
            "log-ifname-missing",  # NCCL 2.28 returns invalid usage where no interface matches NCCL_SOCKET_IFNAME
            "log-gpu-out-of-memory",
            "log-cuda-driver-too-old",
            "log-gpu-hardware-fault",
            "log-gpu-arch-unsupported",
            "log-cuda-illegal-address",
            "log-cuda-device-assert",
            "log-fabric-manager-down",
            "log-gpu-ipc-failed",
            *_NCCL_FAILURE_CAUSES,
        }:
            del groups[(name, params)]  # torch's summary of the NCCL error, or the CUDA error, that names its cause
        elif name in ("log-nccl-internal-error", "log-nccl-system-error") and names & {
            "log-net-device-count-mixed",
            "log-nccl-topology-inconsistent",
            "log-nccl-ring-open",
            "log-ifname-missing",
            "log-nccl-topo-file-bad",
            "log-nccl-graph-file-bad",
            *_NCCL_FAILURE_CAUSES,
        }:
            del groups[(name, params)]  # the WARN that says which internal check failed
        elif name == "log-cuda-device-assert" and not p["condition"] and sum(n == name for n, _ in groups) > 1:
            del groups[(name, params)]  # torch's summary of the kernel assertion that says which check failed
        elif name == "log-ddp-ready-twice" and not p["detail"] and sum(n == name for n, _ in groups) > 1:
            del groups[(name, params)]  # the reducer's message, where the line below it names the parameter
        elif name == "log-nccl-timeout-unnamed" and names & {
            "log-nccl-timeout",
            "log-nccl-timeout-midrun",
            "log-rank-busy-elsewhere",
        }:
            del groups[(name, params)]  # the same timeout, whose message says which collective
        elif name == "log-store-timeout" and min(h.line.number for h in groups[(name, params)]) > exit_wait:
            del groups[(name, params)]  # the store wait in the exit barrier's traceback
        elif name == "log-store-timeout" and {h.line.number for h in groups[(name, params)]} <= setup_waits:
            del groups[(name, params)]  # the store wait of a rank waiting for rank 0's NCCL unique id
        elif (
            name == "master-port-in-use"
            and p["port"].startswith("(")
            and ("log-master-port-denied" in names or sum(n == name for n, _ in groups) > 1)
        ):
            del groups[(name, params)]  # the store's error without its port, below the warnings that name it
        elif name == "log-p2p-not-supported" and "log-nccl-cumem-host-no-p2p" in names:
            del groups[(name, params)]  # CUDA's text of the SHM transport's failure, on a line of its own
        elif name == "master-unreachable" and p["addr"] in unresolved:
            del groups[(name, params)]  # a connect to a name that has no address: the name is the cause
        elif name == "log-nccl-bootstrap-failed" and names & _BOOTSTRAP_CAUSES:
            del groups[(name, params)]  # the trace below the WARN line that names why bootstrap failed


# nccl-tests' device table ("#  Rank  0 Group  0 Pid 1688 on fastmoe device  0 [0x18] ...") and NCCL's init line
# ("comm 0x... rank 0 nRanks 8 nNodes 1 localRanks 8"): where the ranks of the job ran.
_TEST_RANK = re.compile(r"^#\s+Rank\s+(?P<rank>\d+)\s.*?\bPid\s+\d+\s+on\s+(?P<host>\S+)\s+device\b")
_NNODES = re.compile(r"\bnRanks (?P<ranks>\d+) nNodes (?P<nodes>\d+)\b")
_PID = re.compile(r":(\d+):\d+ \[\d+\]")


def _one_host(log: LogInput, node: str) -> str | None:
    """The host every rank of the job ran on, where the log proves there was one host and more than one rank."""
    ranks: dict[str, str] = {}
    for line in log.lines:
        if "Pid" in line.text and (m := _TEST_RANK.search(line.text)):
            ranks[m["rank"]] = m["host"]
        elif "nNodes" in line.text and (m := _NNODES.search(line.text)):
            if m["nodes"] != "1" or int(m["ranks"]) < 2:
                return None
            return node
    hosts = set(ranks.values())
    return hosts.pop() if len(ranks) >= 2 and len(hosts) == 1 else None


def _flapping(hits: Sequence[Hit], node: str) -> list[Finding]:
    """A port that went down and came back, or went down again in the same process: NCCL prints each port event
    once in every process on the host, so one event seen by eight ranks is one down, not a flap."""
    events: dict[str, list[Hit]] = {}
    for hit in hits:
        if hit.finding in ("log-ib-port-down", PORT_ACTIVE):
            events.setdefault(hit.line.host or node, []).append(hit)
    found = []
    for host, seen in events.items():
        downs = [h for h in seen if h.finding != PORT_ACTIVE]
        ups = [h for h in seen if h.finding == PORT_ACTIVE]
        per_process: dict[str, int] = {}
        for h in downs:
            m = _PID.search(h.line.text)
            key = m[1] if m else f"line {h.line.number}"
            per_process[key] = per_process.get(key, 0) + 1
        came_back = downs and any(u.line.number > downs[0].line.number for u in ups)
        if came_back or any(n >= 2 for n in per_process.values()):
            count = f"{len(downs)} port-down event(s)" + (f", {len(ups)} port-up event(s)" if ups else "")
            shown = [h.line for h in sorted(seen, key=lambda h: h.line.number)]
            found.append(make_finding("log-ib-port-flapping", host, _evidence(shown), host=host, events=count))
    return found


def _members(hits: Sequence[Hit]) -> tuple[dict[str, Hit], int]:
    """Lightning's started ranks, one line each by MEMBER number, and the world size they print."""
    members = {dict(h.params)["member"]: h for h in hits if h.finding == MEMBER}
    return members, max((int(dict(h.params)["world"]) for h in members.values()), default=0)


def _slurm_one_task(hits: Sequence[Hit], node: str) -> list[Finding]:
    """Lightning said Slurm starts its ranks, and one rank of several started: the script ran as one task."""
    launches = [h for h in hits if h.finding == SLURM_LAUNCHES]
    members, world = _members(hits)
    if not launches or len(members) != 1 or world < 2:
        return []
    evidence = _evidence([launches[0].line, *[h.line for h in members.values()]])
    return [make_finding("log-slurm-one-task", node, evidence, seen=len(members), world=world)]


def _ib_wanted_absent(hits: Sequence[Hit], node: str, failed: bool) -> list[Finding]:
    """NCCL found no InfiniBand device on a node whose job set NCCL_IB_* to use it: it runs over TCP instead."""
    absent = next((h for h in hits if h.finding == IB_ABSENT), None)
    wanted = next((h for h in hits if h.finding == IB_WANTED), None)
    if not (absent and wanted):
        return []
    when = None if failed else "no-failure"
    return [make_finding("log-ib-wanted-absent", node, (wanted.line.where, absent.line.where), when=when)]


def _lightning_unregistered(hits: Sequence[Hit], node: str, failed: bool, log: LogInput) -> list[Finding]:
    """Lightning's rank 0 started and the log ends with fewer ranks started than its world size, none of them
    registered, and nothing failed: the others were never started, or never reached rank 0. A rank whose own lines
    ("[rank8]:") the log shows started, its Lightning line left out of the paste."""
    if failed or any(h.finding in (REGISTERED, SLURM_LAUNCHES) for h in hits):
        return []
    members, world = _members(hits)
    zero = [h for h in members.values() if dict(h.params)["rank"] == "0"]
    if not zero or len(members) >= world:
        return []
    started = {dict(h.params)["rank"] for h in members.values()}
    if any(line.tag.startswith("rank") and line.tag[4:] not in started for line in log.lines):
        return []
    evidence = _evidence([h.line for h in members.values()])
    return [make_finding("log-lightning-ranks-missing", node, evidence, seen=len(members), world=world)]


def _rank_started_twice(hits: Sequence[Hit], node: str) -> list[Finding]:
    """Lightning printed the start of one global rank more than once while others never started: the processes
    were started in another layout than the world size (Slurm's tasks, or two nodes with one node rank)."""
    members = [h for h in hits if h.finding == MEMBER]
    counts = Counter(dict(h.params)["rank"] for h in members)
    world = max((int(dict(h.params)["world"]) for h in members), default=0)
    twice = sorted((rank for rank, n in counts.items() if n >= 2), key=int)
    if not twice or len(counts) >= world:
        return []
    evidence = _evidence([h.line for h in members if dict(h.params)["rank"] == twice[0]])
    return [
        make_finding("log-rank-started-twice", node, evidence, ranks=", ".join(twice), seen=len(counts), world=world)
    ]


def _nic_not_pci(groups: dict[tuple[str, tuple[tuple[str, str], ...]], list[Hit]], hits: Sequence[Hit]) -> None:
    """NCCL before 2.20.3 fails building its topology where a NIC sits outside PCI (a USB adapter): the node it
    attaches to a CPU has no busid, and sorting its siblings by busid stops there (NVIDIA/nccl#1125)."""
    outside = [h for h in hits if h.finding == NIC_NOT_PCI]
    for name, params in list(groups):
        detail = dict(params).get("detail", "")
        if not outside or name != "log-nccl-topo-file-bad" or not detail.startswith("Attribute busid"):
            continue
        kind = dict(outside[0].params)["kind"]
        component = phrase("nic-not-pci", kind=kind)
        key = (
            "log-nccl-known-bug",
            (("component", component), ("detail", detail), ("release", phrase("nccl-or-newer", version="2.20.3"))),
        )
        groups.setdefault(key, []).extend([outside[0], *groups.pop((name, params))])


# nccl-tests' results of processes that ran at once come out a few lines apart; a log of several runs made one
# after the other has each run's header and table between its results.
_RESULTS_APART = 4


def _separate_tests(hits: Sequence[Hit], node: str) -> list[Finding]:
    """nccl-tests printed its result more than once, side by side: each process ran a test of its own (a build
    without MPI under mpirun); in one MPI job only rank 0 prints it."""
    lines = sorted((h.line for h in hits if h.finding == TEST_RESULT), key=lambda line: line.number)
    if not any(b.number - a.number <= _RESULTS_APART for a, b in pairwise(lines)):
        return []
    return [make_finding("log-nccl-tests-separate-runs", node, _evidence(lines), runs=len(lines))]


def _nccl_1(hits: Sequence[Hit], node: str, failed: bool) -> list[Finding]:
    """A failed test built against NCCL 1.x, the single-process library that NCCL 2 replaced in 2017."""
    built = next((h for h in hits if h.finding == NCCL_1), None)
    if not built or not failed:
        return []
    p = dict(built.params)
    return [
        make_finding(
            "log-nccl-known-bug",
            node,
            _evidence([built.line]),
            component=phrase("nccl-1", version=p["version"]),
            detail=p.get("detail") or phrase("nccl-tests-built-with", version=p["version"]),
            release=PHRASES["nccl-2-any"].en,
        )
    ]


# A frame of NCCL in the backtrace a signal handler prints (UCX's, glibc's): "ncclGroupEnd()", "libnccl.so.2".
_NCCL_FRAME = re.compile(r"libnccl|\bnccl[A-Z]\w*\(")
_NCCL_BUS_ERROR = (
    "log-shm-too-small",
    (
        ("detail", PHRASES["nccl-sigbus"].en),
        ("path", "/dev/shm"),
        ("who", "NCCL"),
    ),
)


def _bus_error_in_nccl(groups: dict[tuple[str, tuple[tuple[str, str], ...]], list[Hit]], log: LogInput) -> list[Hit]:
    """The SIGBUS lines whose backtrace runs through NCCL: a page of NCCL's /dev/shm segment that had no memory
    behind it (tmpfs full), as the DataLoader's bus error is."""
    found = []
    for (name, _), group in groups.items():
        if name != "log-rank-bus-error":
            continue
        for hit in group:
            i = log.index_of(hit.line.number)
            if any(_NCCL_FRAME.search(line.text) for line in log.lines[i : i + BACKTRACE_LINES]):
                found.append(hit)
    return found


# What one process's death is reported as, once per reporter (torchrun's line, its summary, the error file, the
# DataLoader's two errors): named once, with every line as evidence and the fullest wording.
_ONE_DEATH = frozenset({"log-rank-killed", "log-dataloader-worker-died"})
_PID = re.compile(r"\bpid:? (\d+)")


def _fullest(key: tuple[str, tuple[tuple[str, str], ...]]) -> tuple[bool, bool, int]:
    """How much a death's finding says: a global rank, else a local one, else its words."""
    who = dict(key[1]).get("who", "")
    return who.startswith("rank "), who.startswith("local rank"), len(str(key[1]))


def _one_death(groups: dict[tuple[str, tuple[tuple[str, str], ...]], list[Hit]]) -> None:
    """Merge the findings of one process's death that name the same pid."""
    by_pid: dict[tuple[str, str], list[tuple[str, tuple[tuple[str, str], ...]]]] = {}
    for key in [k for k in groups if k[0] in _ONE_DEATH]:
        pids = {m[1] for _, value in key[1] for m in _PID.finditer(value)}
        if len(pids) == 1:
            by_pid.setdefault((key[0], pids.pop()), []).append(key)
    for keys in by_pid.values():
        if len(keys) < 2:
            continue
        best = max(keys, key=_fullest)
        for key in keys:
            if key != best:
                groups[best].extend(groups.pop(key))
        groups[best].sort(key=lambda h: (h.line.source, h.line.number))


# torch prints NCCL's description of a result on the line below its own "NCCL error in: ..., <result>" line
# (ncclSystemError: System call ... failed.): one error, whichever of the two lines a signature read. Between the
# two, a blank line where a paste doubled its line breaks, or the tail of the first where a terminal wrapped it.
_DESCRIPTION = re.compile(r"^(?:(?!NCCL error).)*?\bnccl(?:[A-Z]\w*Error|InvalidArgument|InvalidUsage): ")
_DESCRIPTION_GAP = 2


def _one_error(groups: dict[tuple[str, tuple[tuple[str, str], ...]], list[Hit]], log: LogInput) -> None:
    """Merge a finding read on NCCL's description line into the same finding read on the line just above it."""
    described = [k for k, group in groups.items() if len(group) == 1 and _DESCRIPTION.search(group[0].line.text)]
    if not described:
        return
    text = {(line.source, line.number): line.text for line in log.lines}

    def just_above(upper: LogLine, lower: LogLine) -> bool:
        between = range(upper.number + 1, lower.number)
        return (
            upper.source == lower.source
            and 0 < lower.number - upper.number <= _DESCRIPTION_GAP
            and not any(ERRORISH.search(text.get((lower.source, n), "")) for n in between)
        )

    for key in described:
        line = groups[key][0].line
        above = next(
            (
                k
                for k, group in groups.items()
                if k[0] == key[0] and k != key and any(just_above(h.line, line) for h in group)
            ),
            None,
        )
        if above is not None:
            groups[above].extend(groups.pop(key))


def _oom_likely(
    groups: dict[tuple[str, tuple[tuple[str, str], ...]], list[Hit]], hits: Sequence[Hit], log: LogInput
) -> list[tuple[str, tuple[tuple[str, str], ...]]]:
    """The SIGKILLs of a log where nothing failed first (no cause, no other exit, no traceback): most SIGKILLs
    nobody in the log sent come from the kernel's OOM killer."""
    killed = [k for k in groups if k[0] == "log-rank-killed" and dict(k[1])["signal"].startswith("SIGKILL")]
    if not killed or any(h.finding == EXITED for h in hits):
        return []
    causes = [name for name, _ in groups if name not in CONSEQUENCES]
    if any(entry(name).severity == "error" for name in causes):
        return []
    # an error of the job's own came first: an exception, or a traceback, beyond the launcher's report of the kill
    # (torchrun's ChildFailedError and its traceback)
    traces = sum("Traceback (most recent call last)" in line.text for line in log.lines)
    # torchrun 2.x ends "...errors.ChildFailedError:" there, its table of failures on the lines below
    reports = sum(bool(_WRAPPER_RAISED.search(line.text)) for line in log.lines)
    if traces > reports or any(_own_exception(line) for line in log.lines):
        return []
    return killed


_OWN_SPAWN = PHRASES["own-spawn"].en


def _name_own_spawn(groups: dict[tuple[str, tuple[tuple[str, str], ...]], list[Hit]]) -> None:
    """NCCL's invalid argument where the script spawns its own ranks: the first reading of a rank on another GPU
    than its communicator's is a launcher and the script both starting one process per GPU."""
    for name, params in [k for k in groups if k[0] == "log-nccl-invalid-argument"]:
        renamed = (name, tuple((k, _OWN_SPAWN if k == "detail" else v) for k, v in params))
        groups.setdefault(renamed, []).extend(groups.pop((name, params)))


# NCCL 2.18.0 to 2.18.5 and 2.19.0 to 2.19.2 read a device address back with one asynchronous copy and used it in
# the next before the first had finished (transport.cc, channel.cc): CUDA's invalid argument at setup, at random
# (NVIDIA/nccl#957, fixed in 2.18.6 and 2.19.3).
_MEMCPY_RACE = {"2.18": 6, "2.19": 3}


def _crashes(
    groups: dict[tuple[str, tuple[tuple[str, str], ...]], list[Hit]], log: LogInput, node: str
) -> list[Finding]:
    """Each signal a handler caught whose backtrace names the library that faulted: the crash is that library's."""
    found = []
    for (name, params), group in groups.items():
        if name not in ("log-rank-killed", "log-rank-bus-error"):
            continue
        for hit in group:
            if hit.key == "signal-caught" and (faulted := crashed_in(log, hit.line)):
                library, frame = faulted
                signal = dict(params).get("signal", "SIGBUS (7)")
                evidence = _evidence([hit.line, frame])
                found.append(
                    make_finding("log-rank-crashed-in", _host_of([hit], node), evidence, library=library, signal=signal)
                )
                break
    return found


def _ranks_on_one_gpu(groups: dict[tuple[str, tuple[tuple[str, str], ...]], list[Hit]]) -> None:
    """NCCL's duplicate-GPU lines of one device, one pair of ranks each, as one finding naming every rank on it."""
    by_device: dict[str, list[tuple[str, tuple[tuple[str, str], ...]]]] = {}
    for key in groups:
        if key[0] == "log-duplicate-gpu" and dict(key[1])["device"]:
            by_device.setdefault(dict(key[1])["device"], []).append(key)
    for device, keys in by_device.items():
        if len(keys) < 2:
            continue
        ranks = {r for k in keys for r in dict(k[1])["ranks"].split(", ")}
        merged = [h for k in keys for h in groups.pop(k)]
        joined = ", ".join(sorted(ranks, key=rank_order))
        groups[("log-duplicate-gpu", (("ranks", joined), ("device", device)))] = merged


# Interfaces NCCL chose that no other host could reach, which do no harm where every rank runs on one host.
_ONE_HOST_HARMLESS = frozenset({"ifname-loopback", "docker-bridge-address"})
# Findings of one collective's timeout that differ only in the rank that waited (and how long): one finding names them.
_WAITING_RANK = {"log-rank-busy-elsewhere": "ranks", "log-nccl-timeout": "rank", "log-nccl-timeout-midrun": "rank"}


def _waits_merged(groups: dict[tuple[str, tuple[tuple[str, str], ...]], list[Hit]]) -> None:
    """The watchdog's timeouts of one collective on several ranks, as one finding naming every rank that waited and
    the range of how long they did."""
    alike: dict[tuple[str, tuple[tuple[str, str], ...]], list[tuple[str, tuple[tuple[str, str], ...]]]] = {}
    for key in groups:
        field = _WAITING_RANK.get(key[0])
        if field is None or not dict(key[1])["elapsed"].isdigit():
            continue
        rest = tuple((k, v) for k, v in key[1] if k not in (field, "elapsed"))
        alike.setdefault((key[0], rest), []).append(key)
    for (name, _), keys in alike.items():
        if len(keys) < 2:
            continue
        field = _WAITING_RANK[name]
        ranks = sorted({r for k in keys for r in dict(k[1])[field].split(", ")}, key=rank_order)
        times = sorted(int(dict(k[1])["elapsed"]) for k in keys)
        merged = {
            field: ", ".join(ranks),
            "elapsed": f"{times[0]}-{times[-1]}" if times[0] < times[-1] else str(times[0]),
        }
        hits = [h for k in keys for h in groups.pop(k)]
        groups[(name, tuple((k, merged.get(k, v)) for k, v in keys[0][1]))] = hits


def _args_after_local_rank(groups: dict[tuple[str, tuple[tuple[str, str], ...]], list[Hit]], spawn: Hit) -> None:
    """A script's argument error where the launcher put --local_rank=N before the script's own arguments (the
    launcher's line that shows it joins the evidence)."""
    for key in [k for k in groups if k[0] == "log-script-args-rejected"]:
        params = tuple((k, "launcher-args-first" if k == "inserted_class" else v) for k, v in key[1])
        groups.setdefault((key[0], params), []).extend([*groups.pop(key), spawn])


def _memcpy_race(
    groups: dict[tuple[str, tuple[tuple[str, str], ...]], list[Hit]], hits: Sequence[Hit], log: LogInput
) -> None:
    """CUDA's invalid argument in an NCCL release with the setup copy race: that fault, named with its release."""
    invalid = [h for h in hits if h.finding == CUDA_INVALID]
    version = nccl_version(log) if invalid else None
    if not version:
        return
    major_minor, _, patch = version.rpartition(".")
    if major_minor not in _MEMCPY_RACE or int(patch) >= _MEMCPY_RACE[major_minor]:
        return
    key = (
        "log-nccl-known-bug",
        (
            (
                "component",
                phrase("memcpy-race", version=version),
            ),
            ("detail", "Cuda failure 'invalid argument'"),
            ("release", phrase("nccl-or-newer", version=f"{major_minor}.{_MEMCPY_RACE[major_minor]}")),
        ),
    )
    shown = next(line for line in log.lines if NCCL_VERSION.search(line.text))
    shown_hits = [*invalid, Hit("nccl-version", shown, key[0], key[1])]
    groups.setdefault(key, []).extend(sorted(shown_hits, key=lambda h: h.line.number))


# NCCL's list of the RDMA devices it uses: "NET/IB : Using [0]mlx5_3:1/RoCE [1]mlx5_4:1/IB ; OOB eth1:..."
_IB_DEVICE = re.compile(r"\[\d+\]([\w.\-]+:\d+)/(?:IB|RoCE)\b")


def _rank_assignment_wait(
    groups: dict[tuple[str, tuple[tuple[str, str], ...]], list[Hit]], hits: Sequence[Hit]
) -> None:
    """A store timeout inside torchrun's exchange of ranks (its traceback's frames say so): the wait of
    log-store-key-timeout, in a torch that leaves the key out."""
    if not any(h.finding == RANK_ASSIGNMENT for h in hits):
        return
    for key in [k for k in groups if k[0] == "log-store-timeout"]:
        waits = groups.pop(key)
        groups.setdefault(("log-store-key-timeout", (("key", "torchelastic/role_info"),)), []).extend(waits)


def _name_qp_device(groups: dict[tuple[str, tuple[tuple[str, str], ...]], list[Hit]], log: LogInput) -> None:
    """A QP failure whose line does not name its HCA (NCCL before 2.22): the HCA the log says NCCL used."""
    for name, params in [k for k in groups if k[0] == "log-ib-qp-no-device" and not dict(k[1])["dev"]]:
        listing = [(line, d) for line in log.lines if "NET/IB" in line.text for d in _IB_DEVICE.findall(line.text)]
        devices = list(dict.fromkeys(d for _, d in listing))
        dev = devices[0] if len(devices) == 1 else f"one of {', '.join(devices)}" if devices else "the HCA NCCL chose"
        hca = devices[0].split(":")[0] if len(devices) == 1 else "NAME"
        key = (name, (("dev", dev), ("hca", hca)))
        shown = [Hit("ib-devices", listing[0][0], name, key[1])] if listing else []
        groups.setdefault(key, []).extend(sorted([*groups.pop((name, params)), *shown], key=lambda h: h.line.number))


# pyxis prints the enroot log of a failed container below its own error, each line as "pyxis:     <line>"
_PYXIS_LOG = re.compile(r"pyxis:\s{4,}(?P<line>\S.*?)\s*$")


def _pyxis_failure(groups: dict[tuple[str, tuple[tuple[str, str], ...]], list[Hit]], log: LogInput) -> None:
    """pyxis's errors of one container as one finding, with the first line of the enroot log it printed."""
    keys = [k for k in groups if k[0] == "log-pyxis-container-failed"]
    if not keys:
        return
    hits = sorted((h for k in keys for h in groups.pop(k)), key=lambda h: h.line.number)
    own = [h for h in hits if h.key != ENROOT_FAILED]  # pyxis's words first; enroot's are its log
    detail = dict((own or hits)[0].params)["detail"]
    shown = next(((line, m["line"]) for line in log.lines if (m := _PYXIS_LOG.search(line.text))), None)
    enroot = next((h for h in hits if h.key == ENROOT_FAILED), None)
    quoted = shown[1] if shown else dict(enroot.params)["detail"] if enroot and own else ""
    if quoted and quoted not in detail:
        detail = phrase("pyxis-its-log", detail=detail, quoted=quoted)
    if shown and all(h.line != shown[0] for h in hits):
        hits.append(Hit("pyxis-log", shown[0], "log-pyxis-container-failed", ()))
    groups[("log-pyxis-container-failed", (("detail", detail),))] = sorted(hits, key=lambda h: h.line.number)


def _rendezvous_id_shared(
    groups: dict[tuple[str, tuple[tuple[str, str], ...]], list[Hit]], hits: Sequence[Hit]
) -> None:
    """A closed rendezvous found under torchrun's default id "none": one any other job on that backend shares."""
    default = next((h for h in hits if h.finding == RUN_ID_DEFAULT), None)
    if default is None or ("log-rendezvous-closed", ()) not in groups:
        return
    groups[("log-rendezvous-id-shared", ())] = [default, *groups.pop(("log-rendezvous-closed", ()))]


def _store_call_failed(groups: dict[tuple[str, tuple[tuple[str, str], ...]], list[Hit]], hits: Sequence[Hit]) -> None:
    """A traceback through the rendezvous backend's store call whose exception the paste left out: torch raises
    RendezvousConnectionError there, whatever the store said."""
    if any(k[0] == "log-rendezvous-connection" for k in groups):
        return
    if frames := [h for h in hits if h.finding == STORE_CALL]:
        groups[("log-rendezvous-connection", (("detail", _STORE_CALL_DETAIL),))] = frames[-1:]


# Where the traceback of a store call's failure ends, without the exception torch raises there.
_STORE_CALL_DETAIL = " (c10d_rendezvous_backend.py: _call_store)"


# torchrun's agent naming the interpreter of a worker that failed ("... (pid: 123) of binary: /usr/bin/python").
_WORKER_BINARY = re.compile(r"\bof binary: (?P<binary>\S+)")


def _own_package_missing(
    groups: dict[tuple[str, tuple[tuple[str, str], ...]], list[Hit]], hits: Sequence[Hit], log: LogInput
) -> None:
    """A process that ran a file of a package and could not import that package: its Python is not the environment
    the job was installed in (a torchrun, python or PATH of another one), not a bug of the job's code."""
    for hit in (h for h in hits if h.finding == MODULE_MISSING):
        module = dict(hit.params)["module"]
        own = re.compile(rf'File "[^"]*/{re.escape(module)}/[^"]*\.py"')
        frame = next((line for line in log.lines if own.search(line.text)), None)
        if frame is None:
            continue
        # the interpreter torchrun ran the worker under, where its agent names it
        binary = next((line for line in log.lines if _WORKER_BINARY.search(line.text)), None)
        shown = [Hit("own-package", line, "log-launch-env-missing", ()) for line in (frame, binary) if line]
        what = (("what", phrase("python-module", module=module)),)
        groups[("log-launch-env-missing", what)] = sorted([*shown, hit], key=lambda h: h.line.number)
        return


def _colossalai_runs(groups: dict[tuple[str, tuple[tuple[str, str], ...]], list[Hit]]) -> None:
    """`colossalai run`'s failed commands as one finding: where it took several hosts for this machine, every node's
    command ran here, which is the cause; else the hosts and the first error."""
    keys = [k for k in groups if k[0] == "log-colossalai-run-failed"]
    if not keys:
        return
    hits = sorted((h for k in keys for h in groups.pop(k)), key=lambda h: h.line.number)
    runs = [dict(h.params) for h in hits]
    local = list(dict.fromkeys(r["hosts"] for r in runs if r["local"] == "True"))
    hosts = local if len(local) > 1 else list(dict.fromkeys(r["hosts"] for r in runs))
    why = "colossalai-hosts-local" if len(local) > 1 else "colossalai-run-failed"
    params = (("hosts", ", ".join(hosts)), ("why_class", why), ("error", runs[0]["error"]))
    groups[("log-colossalai-run-failed", params)] = hits


def _kernel_faults(groups: dict[tuple[str, tuple[tuple[str, str], ...]], list[Hit]]) -> None:
    """The driver's Xids of one GPU's faulting kernel (13, then 43 as it stops it) as one finding, Xids in order."""
    by_gpu: dict[str, list[Hit]] = {}
    for key in [k for k in groups if k[0] == "log-gpu-kernel-fault"]:
        by_gpu.setdefault(dict(key[1])["detail"], []).extend(groups.pop(key))
    for detail, hits in by_gpu.items():
        hits.sort(key=lambda h: h.line.number)
        xids = ", ".join(dict.fromkeys(dict(h.params)["xid"] for h in hits))
        groups[("log-gpu-kernel-fault", (("xid", xids), ("detail", detail)))] = hits


def _host_of(group: Sequence[Hit], node: str) -> str:
    """The host all of a finding's lines name (a paste of several nodes), else the log's node."""
    hosts = {h.line.host for h in group}
    host = hosts.pop() if len(hosts) == 1 else ""
    return host if host and not host.startswith("task ") else node


# RDMA transfers that failed (completion errors, retries spent)
_RDMA_ERRORS = frozenset({"log-ib-completion-error", "log-ib-retry-exceeded"})
# RDMA connections that failed: where the same log shows a port's GID table changing, the change is their likely cause.
_RDMA_TRANSFER_FAILURES = _RDMA_ERRORS | {"log-roce-peer-unresolved"}
# NCCL's failures on its RDMA ports or in reading their topology: where the node's ports mix link layers, the mix is
# their likely cause.
_RDMA_SETUP_FAILURES = _RDMA_TRANSFER_FAILURES | {
    "log-nccl-topo-file-bad",
    "log-ib-qp-invalid",
    "log-ib-device-unusable",
    "log-nccl-net-unavailable",
}


def _ports_mixed_paired(groups: dict[tuple[str, tuple[tuple[str, str], ...]], list[Hit]]) -> None:
    """NCCL's list of ports of both link layers becomes the cause where the same log shows NCCL failing on them."""
    if not any(name in _RDMA_SETUP_FAILURES for name, _ in groups):
        return
    paired = "log-ib-link-layer-mixed"
    renamed = {(paired if name == "log-ib-ports-mixed" else name, params): g for (name, params), g in groups.items()}
    groups.clear()
    groups.update(renamed)  # in place, and in order: the finding keeps its place among the others


# torch's own warning lines (glog's "[W1203 11:46:39.287 socket.cpp:755]", or torch 1.x's "[W socket.cpp:663]"),
# where a rank's "[rank3]:" may lead.
_TORCH_WARNING = re.compile(r"^(?:\[rank\d+\]:)?\[W[\s\d]")


def _closing(group: Sequence[Hit], log: LogInput) -> bool:
    """Whether every line of NCCL's system error is of an error torch quotes with the proxy's failed Close as its last
    error: a communicator torn down at exit (torch's watchdog finds it once the job's work is done), not the job's."""
    block = _teardown_errors(JoinedText.of(log.lines))
    return bool(group) and all(log.index_of(h.line.number) in block for h in group)


def _retried_past(group: Sequence[Hit], log: LogInput) -> bool:
    """Whether the lines are all torch's warnings of a lookup it retries (socket.cpp retries until its connect
    timeout, then raises) and the log goes on below the last of them: the name resolved in time. A paste's "..."
    where it left lines out is no going on."""
    if not group or not all(_TORCH_WARNING.match(h.line.body) for h in group):
        return False
    last = max(h.line.number for h in group)
    return goes_on_past(log.lines, last)


def _grouped(hits: Sequence[Hit], node: str, failed: bool, log: LogInput) -> list[Finding]:
    flapping = _flapping(hits, node)
    groups: dict[tuple[str, tuple[tuple[str, str], ...]], list[Hit]] = {}
    for hit in hits:
        if flapping and hit.finding == "log-ib-port-down":
            continue  # named as the flapping port
        groups.setdefault((hit.finding, hit.params), []).append(hit)
    refused = groups.pop((REFUSED, ()), [])
    done = {dict(h.params)["key"] for h in hits if h.finding == BARRIER_DONE}
    for key in [k for k in groups if k[0] == "log-store-barrier-waiting" and dict(k[1])["key"] in done]:
        del groups[key]  # the barrier was slow, and then every rank came
    local_ray = groups.get((LOCAL_RAY, ()), [])
    if any(k[0] == OFI_FAILED for k in groups):
        for key in [k for k in groups if k[0] == "log-nccl-net-unavailable"]:
            del groups[key]  # the network of the OFI plugin, whose own lines say why it did not start
    for key in [k for k in groups if k[0] in MARKERS]:
        del groups[key]
    if local_ray and (short := [k for k in groups if k[0] == "log-ray-resources-short"]):
        # the job waits for GPUs in a Ray it started itself, which holds this node's GPUs alone
        groups[("log-ray-local-instance", ())] = local_ray[:1] + [h for k in short for h in groups.pop(k)]
    if refused:  # the timeouts of this log followed refused connects: the port is closed or rejected, not dropped
        renamed: dict[tuple[str, tuple[tuple[str, str], ...]], list[Hit]] = {}
        for (name, params), group in groups.items():
            if name == "master-unreachable":
                name, params = "master-port-refused", tuple((k, v) for k, v in params if k != "elapsed")
            renamed.setdefault((name, params), []).extend(group)
        groups = renamed
        if not any(name == "master-port-refused" for name, _ in groups):
            groups[("master-port-refused", (("addr", "MASTER_ADDR"), ("port", "MASTER_PORT")))] = []
    _memcpy_race(groups, hits, log)
    _one_death(groups)
    _one_error(groups, log)
    _supersede(groups)
    _ports_mixed_paired(groups)
    if any(h.finding == SPAWNS for h in hits):
        _name_own_spawn(groups)
    _ranks_on_one_gpu(groups)
    _waits_merged(groups)
    if any(k[0] in _ONE_HOST_HARMLESS for k in groups) and _one_host(log, node):
        for key in [k for k in groups if k[0] in _ONE_HOST_HARMLESS]:
            del groups[key]  # every rank on one host: that interface carries nothing between hosts
    if spawn := next((h for h in hits if h.finding == LOCAL_RANK_FIRST), None):
        _args_after_local_rank(groups, spawn)
    _nic_not_pci(groups, hits)
    _name_qp_device(groups, log)
    _pyxis_failure(groups, log)
    _kernel_faults(groups)
    _rank_assignment_wait(groups, hits)
    _rendezvous_id_shared(groups, hits)
    _colossalai_runs(groups)
    _store_call_failed(groups, hits)
    _own_package_missing(groups, hits, log)
    bus_errors = _bus_error_in_nccl(groups, log)
    if bus_errors:
        groups.setdefault(_NCCL_BUS_ERROR, []).extend(bus_errors)
        for key in [k for k in groups if k[0] == "log-rank-bus-error"]:
            del groups[key]  # the bus errors NCCL's segment names /dev/shm for
    for key in _oom_likely(groups, hits, log):
        groups[("log-rank-oom-likely", (("who", dict(key[1])["who"]),))] = groups.pop(key)
    found = [
        *flapping,
        *_crashes(groups, log, node),
        *_slurm_one_task(hits, node),
        *_lightning_unregistered(hits, node, failed, log),
        *_ib_wanted_absent(hits, node, failed),
        *_rank_started_twice(hits, node),
        *_separate_tests(hits, node),
        *_nccl_1(hits, node, failed),
        *connect_retrying(hits, node),
        *ray_versions(hits, node),
    ]
    rdma_failed = any(name in _RDMA_TRANSFER_FAILURES for name, _ in groups)
    for (name, params), group in groups.items():
        if name == "master-port-refused" and refused:
            group = [*group, refused[0]]
        evidence = _evidence([h.line for h in group])
        if name == "master-unreachable":
            evidence.append("torch prints this for a firewall that drops, one that rejects, and a wrong port alike")
        when = "no-failure" if name in _HARMLESS_ALONE and not failed else None
        if name == "log-store-host-unresolvable" and not failed and _retried_past(group, log):
            when = "resolved-later"
        if name == "log-nccl-system-error" and _closing(group, log):
            when = "teardown"
        if name == "log-roce-gid-changed" and rdma_failed:
            when = "rdma-failed"  # GID changes recur harmlessly where no connection used the GID that moved
        found.append(make_finding(name, _host_of(group, node), tuple(evidence), when=when, **dict(params)))
    system = [g for (name, _), g in groups.items() if name == "log-nccl-system-error"]
    bridged = any(f.name in _BRIDGE_FINDINGS for f in found)
    one_host = _one_host(log, node) if system or bridged else None  # a pass over every line: only when asked
    if one_host and bridged:
        # every rank on one host reaches every address of it, a bridge's too: the interface is no fault there
        found = [f for f in found if f.name not in _BRIDGE_FINDINGS]
    causes = [f for f in found if f.severity == "error" and f.name not in CONSEQUENCES]
    if system and not causes and (host := one_host):
        # on one host NCCL's transports are P2P and SHM: the system call that fails there is on /dev/shm
        evidence = _evidence([h.line for h in system[0]])
        found.append(make_finding("log-shm-likely", host, tuple(evidence), host=host))
    return found


def nccl_version(log: LogInput) -> str | None:
    """The first NCCL version the log prints, if any."""
    return next((m["version"] for line in log.lines if (m := NCCL_VERSION.search(line.text))), None)


def _version_lines(log: LogInput, joined: JoinedText) -> Iterator[tuple[int, str]]:
    """Each line of the log that gives NCCL's version: its index, and the version."""
    for i in joined.lines_with("NCCL version"):
        if m := NCCL_VERSION.search(log.lines[i].text):
            yield i, m["version"]


def _versions(logs: Sequence[LogInput], nodes: Sequence[str], joined: Sequence[JoinedText]) -> list[Finding]:
    """version-mismatch when the hosts of the inputs print different NCCL versions. A version line without a host
    prefix (NCCL prints it bare) belongs to the host of the lines above it, or to its input."""
    seen: dict[str, dict[str, LogLine]] = {}
    for log, node, j in zip(logs, nodes, joined, strict=True):
        host, upto = "", 0
        for i, version in _version_lines(log, j):
            line = log.lines[i]
            if not line.host:  # the host of the nearest line above that names one
                host = next((log.lines[k].host for k in range(i - 1, upto - 1, -1) if log.lines[k].host), host)
                upto = i
            seen.setdefault(version, {}).setdefault(line.host or host or node, line)
    if len(seen) < 2:
        return []
    detail = "; ".join(f"NCCL {v} on {', '.join(hosts)}" for v, hosts in seen.items())
    evidence = tuple(line.where for hosts in seen.values() for line in list(hosts.values())[:MAX_EVIDENCE])
    return [make_finding("version-mismatch", None, evidence, component="NCCL", detail=detail)]


# NCCL 2.20 to 2.23 (transport/net_ib.cc, read at 2.20.3 and 2.23.4): the connecting side sets its queue pair's
# path MTU to the peer port's active MTU as it is; 2.19, and 2.24 on, take the smaller of the two ports' first.
_MTU_UNCLAMPED = ((2, 20), (2, 24))


def _ib_mtu_unclamped(
    logs: Sequence[LogInput], per_node: Sequence[tuple[str, list[Hit]]], joined: Sequence[JoinedText]
) -> list[Finding]:
    """An RDMA transfer error under an NCCL release that does not fit its MTU to the peer port's."""
    found = []
    for log, (node, hits), j in zip(logs, per_node, joined, strict=True):
        error = next((h for h in hits if h.finding in _RDMA_ERRORS), None)
        if error is None:
            continue
        for i, version in _version_lines(log, j):
            if (number := release(version)) and _MTU_UNCLAMPED[0] <= number < _MTU_UNCLAMPED[1]:
                evidence = [log.lines[i].where, error.line.where]
                found.append(make_finding("log-ib-mtu-unclamped", node, evidence, version=version))
                break
    return found


def _duplicate_ranks(per_node: Sequence[tuple[str, list[Hit]]]) -> list[Finding]:
    """Two nodes waiting for the same torchelastic/assigned_ranks/N key both claimed node_rank N."""
    waiting: dict[str, list[tuple[str, Hit]]] = {}
    for node, hits in per_node:
        for hit in hits:
            if hit.key != "store-key-timeout":
                continue
            if m := re.search(r"assigned_ranks/(\d+)$", dict(hit.params).get("key", "")):
                waiting.setdefault(m[1], []).append((_host_of([hit], node), hit))
    found = []
    for rank, claims in waiting.items():
        hosts = list(dict.fromkeys(node for node, _ in claims))
        if len(hosts) >= 2:
            evidence = tuple(hit.line.where for _, hit in claims[:MAX_EVIDENCE])
            found.append(make_finding("node-rank-duplicate", None, evidence, node_rank=rank, hosts=", ".join(hosts)))
    return found


def _ranks_of(line: LogLine) -> set[int]:
    ranks = {int(line.tag[4:])} if line.tag.startswith("rank") else set()
    if "ank" in line.text:
        ranks |= {int(a or b) for a, b in _RANK_IN_TEXT.findall(line.text)}
    return ranks


def _late_ranks(logs: Sequence[LogInput], hits: Sequence[Hit]) -> list[Finding]:
    """A rank the others waited for: one that printed output but no watchdog timeout while the others did, or one
    whose last enqueued collective is behind theirs."""
    timed_out = [h for h in hits if h.key == WATCHDOG_TIMEOUT]
    if not timed_out:
        return []
    waited = {
        int(r)
        for h in timed_out
        for r in re.findall(r"\d+", dict(h.params).get("rank", dict(h.params).get("ranks", "")))
    }
    last: dict[int, LogLine] = {}
    for log in logs:
        for line in log.lines:
            for rank in _ranks_of(line):
                last[rank] = line
    progress = {int(dict(h.params)["rank"]): int(dict(h.params)["enqueued"]) for h in hits if h.finding == PROGRESS}
    # the watchdog of a rank that timed out prints its progress line too, sometimes without the timeout line
    waited |= set(progress)
    late = sorted(set(last) - waited) if waited else []
    if progress and (ahead := max(progress.values())) > min(progress.values()):
        late = sorted(set(late) | {r for r, e in progress.items() if e < ahead})
    if not late and len(waited) >= 2 and waited == set(range(1, max(waited) + 1)):
        # every rank from 1 up timed out and rank 0 printed nothing: each rank in a collective runs a watchdog that
        # times out within seconds of the others', so rank 0 was elsewhere (the one rank-0-only work is done by)
        late = [0]
    if not late:
        return []
    op = dict(timed_out[0].params).get("op", "the collective")
    if late[0] in last:
        quote = last[late[0]].text.strip()[:MAX_QUOTE]
    else:
        quote = f"enqueued work {progress[late[0]]}" if late[0] in progress else PHRASES["none-in-log"].en
    evidence = [h.line.where for h in timed_out[:2]] + [last[r].where for r in late[:2] if r in last]
    return [make_finding("log-rank-late", None, evidence, ranks=", ".join(map(str, late)), op=op, last=quote)]


# A container bridge's address, on this node or advertised by a peer: no fault where every rank is on one host.
_BRIDGE_FINDINGS = frozenset({"docker-bridge-address", "log-peer-container-address"})


# What a log can show that explains NCCL's setup stalling, or its sockets failing, on that node: named before the
# stall or the failure, as an error.
_STALL_CAUSES = frozenset({"docker-bridge-address", "log-nccl-net-plugin-ibext"})
# NCCL's errors where a socket call failed (releases before 2.13 return a failed connect as a system error).
_NCCL_SOCKET_FAILURES = frozenset(
    {"log-nccl-system-error", "log-nccl-internal-error", "log-nccl-connect-failed", "log-nccl-bootstrap-failed"}
)


def _as_cause(finding: Finding, when: str) -> Finding:
    return replace(finding, severity=entry(finding.name).severity_for(when))


_NCCL_INFO = re.compile(r"\bNCCL INFO (?P<what>.*)")
# The steps of a communicator's setup, as its INFO lines show them (NCCL 2.4 to 2.29), latest first: the links
# between ranks ("Channel 00 : 0[0] -> 1[1] via P2P/IPC", "Connected all rings"), the rings, trees and channels it
# computed, its bootstrap (the interface, the network plugin, the driver). Any other line is "init".
_SETUP_STEPS = (
    # NVLink SHARP's multicast memory over the NVSwitches (2.17 on), set up among the channels
    ("NVLS", re.compile(r"^NVLS (?:Creating|Created|group |importing|Mapped|Bind|rank \d+ \(dev|comm )")),
    ("connect", re.compile(r" via (?:P2P|SHM|NET|direct)|^Connected all ")),
    ("channels", re.compile(r"^(?:Channel \d+/\d+ ?:|Ring \d+ ?:|Trees|Pattern |\d+ coll channels)")),
    ("bootstrap", re.compile(r"^(?:Bootstrap|NET/|Using network|cudaDriverVersion|Using non-device net plugin)")),
)


# A communicator's setup starting: its bootstrap interface (every NCCL since 2.4), the release rank 0 prints, or the
# communicator's own line (init.cc: "comm 0x.. rank 1 nRanks 2 nNodes 2 ..."); a pasted excerpt may begin at any.
_SETUP_START = re.compile(
    r"\bNCCL INFO Bootstrap ?: |\bNCCL version \d|\bNCCL INFO comm 0x[0-9a-f]+ rank \d+ nRanks \d"
)
_SETUP_START_NEEDLES = ("Bootstrap", "NCCL version", " nRanks ")


def _setup_unfinished(log: LogInput, node: str, hits: Sequence[Hit], joined: JoinedText) -> Finding | None:
    """A log that ends in NCCL's INFO lines of a communicator's setup, with no rank's 'Init COMPLETE' (nor an
    nccl-tests result): the job stopped or hung in that setup, and the step it was in says what to suspect."""
    last = next((line for line in reversed(log.lines) if line.text.strip() and not line.text.startswith("#")), None)
    m = _NCCL_INFO.search(last.text) if last else None
    if last is None or m is None:
        return None
    if "Init COMPLETE" in joined.text or any(h.finding == TEST_RESULT for h in hits):
        return None
    # the log must show the setup's start, not only a later communicator's channels
    shown = sorted({i for needle in _SETUP_START_NEEDLES for i in joined.lines_with(needle)})
    first = next((log.lines[i] for i in shown if _SETUP_START.search(log.lines[i].text)), None)
    what = " ".join(m["what"].split())  # a wrapped line keeps the terminal's padding
    stage = next((stage for stage, step in _SETUP_STEPS if step.search(what)), "init")
    if first is None and stage == "NVLS":
        first = last  # NVLS's steps come only inside a setup: a paste of the one it stopped at shows where
    elif first is None or first.number >= last.number:
        return None  # no start, or nothing past it: a quote of NCCL's version line alone shows no setup
    quote = what if len(what) <= MAX_QUOTE else what[:MAX_QUOTE] + "…"
    return make_finding(
        "log-nccl-setup-unfinished", node, _evidence(list(dict.fromkeys([first, last]))), stage=stage, last=quote
    )


# nccl-tests' table: its header ("#  size  count  type  redop  root  time  algbw  busbw #wrong ...") and a row of it
_TESTS_HEADER = re.compile(r"^#\s+size\s+count\s+type\s+redop\b")
# A row: size, count, type, then the redop or root, a root where both are (nccl-tests' -1 for none; rccl-tests and
# older nccl-tests print no root for a reduction), then the first time and bandwidth.
_TESTS_ROW = re.compile(rf"^\s+{TEST_ROW_START}\s*\S+\s+(?:-?\d+\s+)?[\d.]+\s+[\d.]+")


def _tests_unfinished(log: LogInput, joined: JoinedText) -> LogLine | None:
    """nccl-tests' table header with no row below it: the test never finished its first collective."""
    shown = (log.lines[i] for i in joined.lines_with("redop"))
    header = next((line for line in shown if _TESTS_HEADER.search(line.text)), None)
    if header is None:
        return None
    below = (line for line in log.lines if line.number > header.number)
    return None if any(_TESTS_ROW.search(line.text) for line in below) else header


# How many lines after a framework's process-group announcement still leave it the log's last word.
_INIT_TAIL = 10
# torch's words once an extension is built or loaded ("Building extension module", "Loading extension module"):
# the ranks got past the build lock.
_EXTENSION_LOADED = "extension module"
# What torchrun itself prints after its banner: its own and its agent's log lines (any release's logger names and
# file paths), the store's socket warnings of its agent, and Windows's note on redirects.
_LAUNCHER_OWN = re.compile(
    r"torch[/.]distributed[/.](?:run|launch|launcher|elastic)\b|\[c10d\]|Redirects are currently not supported"
)
# torchrun's agent once its nodes met (elastic/agent/server/api.py, 1.9 on): "[default] Rendezvous complete for ..."
_RDZV_COMPLETE = "Rendezvous complete"


def _init_unfinished(log: LogInput, node: str, hits: Sequence[Hit]) -> Finding | None:
    """A log whose last words are a framework announcing the process group's setup: the ranks never got past it.
    Or torchrun's start banner: a hang before the workers spoke, or a healthy job whose workers print nothing."""
    inits = [h for h in hits if h.finding in (PG_INIT, LAUNCHED, RDZV_STARTED, EXTENSIONS_ROOT)]
    if not inits or sum(line.number > inits[-1].line.number for line in log.lines) > _INIT_TAIL:
        return None
    after = [line for line in log.lines if line.number > inits[-1].line.number]
    if inits[-1].finding == EXTENSIONS_ROOT:
        if any(_EXTENSION_LOADED in line.text for line in after):
            return None
        return make_finding(
            "log-extension-load-stuck", node, (inits[-1].line.where,), root=dict(inits[-1].params)["root"]
        )
    if inits[-1].finding == RDZV_STARTED:
        if any(_RDZV_COMPLETE in line.text for line in after):
            return None
        return _rendezvous_unfinished(node, inits[-1], [h for h in hits if h.finding == RDZV_ENDPOINT])
    if inits[-1].finding == LAUNCHED:
        if any(not _LAUNCHER_OWN.search(line.text) for line in after if line.text.strip(" *")):
            return None  # something past torchrun's own words: the workers (or the script) printed
        return make_finding("log-ends-at-launch", node, (inits[-1].line.where,))
    return make_finding("log-init-unfinished", node, (inits[-1].line.where,), detail=dict(inits[-1].params)["detail"])


def _rendezvous_unfinished(node: str, started: Hit, endpoints: Sequence[Hit]) -> Finding:
    """torchrun's agent began its rendezvous and the log ends there. An endpoint without a port sends every node to
    the backend's default one (c10d 29400, etcd 2379), which a firewall opened for another port blocks."""
    shown = endpoints[-1] if endpoints else None
    endpoint = dict(shown.params)["endpoint"] if shown else ""
    # a bracketed IPv6 address keeps its colons inside the brackets: only a colon after them starts a port
    no_port = bool(endpoint) and ":" not in endpoint.rpartition("]")[2]
    lines = [shown.line, started.line] if shown else [started.line]
    return make_finding(
        "log-rendezvous-unfinished",
        node,
        _evidence(lines),
        port_class="rdzv-port-absent" if no_port else "rdzv-port-given",
    )


def _stalled(log: LogInput, node: str, hits: Sequence[Hit], joined: JoinedText) -> Finding | None:
    """A log that stops in NCCL's setup or before nccl-tests' first result. With every rank on one host the links
    that hang there are the GPUs' peer paths; elsewhere, where setup stopped says what to suspect."""
    if any(h.finding == CLEAN for h in hits):
        return None  # a launcher saw the processes finish: a paste cut short, not a stall
    setup = _setup_unfinished(log, node, hits, joined)
    tests = _tests_unfinished(log, joined) if not any(h.finding == TEST_RESULT for h in hits) else None
    host = _one_host(log, node) if setup or tests else None
    if host and setup:
        where = phrase("nccl-setup-step", stage=setup.param_map["stage"])
        return make_finding("log-p2p-hang-likely", host, setup.evidence, host=host, where=where)
    if host and tests:
        return make_finding(
            "log-p2p-hang-likely", host, (tests.where,), host=host, where=PHRASES["before-first-result"].en
        )
    return setup or _init_unfinished(log, node, hits)


def _unread(failed: Sequence[tuple[str, list[LogLine]]], read: set[tuple[str, int]]) -> list[tuple[str, list[LogLine]]]:
    """The failure lines no signature read, of the logs where among them a rank raised an error of its own."""
    unread = [(node, [line for line in ls if (line.source, line.number) not in read]) for node, ls in failed]
    return [(node, ls) for node, ls in unread if any(_own_exception(line) for line in ls)]


def _unexplained(failed: Sequence[tuple[str, list[LogLine]]]) -> list[Finding]:
    """A failure no signature explains, with its decisive lines: the first and the last exception of each log."""
    lines = [line for _, ls in failed for line in ls]
    if not lines:
        return []
    exceptions = [line for line in lines if _EXCEPTION.search(line.text)]
    own = [line for line in exceptions if not _WRAPPER.search(line.text)]
    decisive = own[-1] if own else exceptions[-1] if exceptions else lines[0]
    m = _EXCEPTION.search(decisive.text)
    quote = (m[0] if m else decisive.text).strip()
    quote = quote if len(quote) <= MAX_QUOTE else quote[:MAX_QUOTE] + "…"
    shown = list(dict.fromkeys([lines[0], *(own or exceptions)[-2:], lines[-1]]))
    evidence = _evidence(shown)
    node = failed[0][0] if len(failed) == 1 else None
    return [make_finding("log-unexplained-failure", node, evidence, line=quote)]


# Python's own errors of a program's logic (not OSError, RuntimeError or torch's): raised by the code of the
# traceback's last frame, or by a value it was given, and no node, network or collective failed first.
_CODE_ERROR = re.compile(r"\b(?P<error>(?:TypeError|AttributeError|NameError|UnboundLocalError): .*)")
_FRAME = re.compile(r'File "(?P<file>[^"]+)", line (?P<line>\d+), in (?P<func>[\w<>.]+)')
# How far above its exception a traceback's last frame may be (a frame's code line and a caret line between).
_FRAME_LINES = 4


# A file a rank opened and did not find: Python 3's FileNotFoundError, Python 2's and old libraries' IOError.
_FILE_MISSING = re.compile(
    # DCP's load (2.13 on) asserts after reading neither its global nor its rank-local metadata, and quotes both
    r"\b(?:FileNotFoundError|IOError|OSError|global metadata read failed): \[Errno 2\] No such file or directory: "
    r"(?P<q>['\"])(?P<path>[^'\"]+)(?P=q)"
)


def _own_error(
    logs: Sequence[LogInput], failed: Sequence[tuple[str, list[LogLine]]], read: set[tuple[str, int]]
) -> list[Finding]:
    """A failure whose last exception of the job's own (not a launcher's report, not a line a signature read) is
    Python's error of a program's logic or a file that was not there, named with the frame that raised it: a fault
    of that code or that path, not of the nodes or the network."""
    exceptions = [
        line for _, ls in failed for line in ls if _own_exception(line) and (line.source, line.number) not in read
    ]
    if not exceptions:
        return []
    raised = exceptions[-1]
    log = next(log for log in logs if log.source == raised.source)
    i = log.index_of(raised.number)
    above = [line for line in log.lines[max(0, i - _FRAME_LINES) : i] if _FRAME.search(line.text)]
    frame = _FRAME.search(above[-1].text) if above else None
    evidence = [*_evidence(above), raised.where]
    if frame and (m := _CODE_ERROR.search(raised.text)):
        error = m["error"].strip()
        error = error if len(error) <= MAX_QUOTE else error[:MAX_QUOTE] + "…"
        where = f"{frame['file']}:{frame['line']} ({frame['func']})"
        return [make_finding("log-code-error", node_of(log), evidence, error=error, where=where)]
    if m := _FILE_MISSING.search(raised.text):
        where = (
            phrase("in-frame", file=frame["file"], line=frame["line"], func=frame["func"])
            if frame
            else PHRASES["last-frame"].en
        )
        path = m["path"] if len(m["path"]) <= MAX_QUOTE else "…" + m["path"][-MAX_QUOTE:]
        return [make_finding("log-file-missing", node_of(log), evidence, path=path, where=where)]
    return []


def _system_error(failed: Sequence[tuple[str, list[LogLine]]], read: set[tuple[str, int]]) -> list[Finding]:
    """A call no signature read that failed with an errno text saying what ran out or clashed (rules/
    log_system_errors.py), of the first log that has one."""
    for node, lines in failed:
        if found := system_error([line for line in lines if (line.source, line.number) not in read], node):
            return found
    return []


def _busy_step(logs: Sequence[LogInput], failed: Sequence[tuple[str, list[LogLine]]]) -> list[Finding]:
    """A long data step's progress bar where a log's failure starts (rules/log_progress.py)."""
    by_source = {log.source: log for log in logs}
    for node, lines in failed:
        if found := busy_step(by_source[lines[0].source], lines, node):
            return found
    return []


def _waiting_stacks(logs: Sequence[LogInput], nodes: Sequence[str]) -> list[Finding]:
    """Where the rank of the stack each log ends in waits (rules/log_stacks.py)."""
    return [f for log, node in zip(logs, nodes, strict=True) for f in waiting_stack(log, node)]


def _order(finding: Finding) -> tuple[int, int]:
    if finding.name in _GPU_FAILED:
        tier = -1
    elif finding.name in _TOGETHER or (finding.name in _STALL_CAUSES and finding.severity == "error"):
        # a setup cause the node's own failure made an error: what its NCCL errors on that node come from
        tier = 0
    elif finding.name not in CONSEQUENCES:
        tier = 1
    else:  # of the consequences, a rank's death before what its peers saw of it
        tier = 2 if finding.name == "log-rank-killed" else 3
    return SEVERITIES.index(finding.severity), tier


def explain_findings(logs: Sequence[LogInput]) -> list[Finding]:
    """Findings from every input, causes first; a log that shows a failure is never without an error finding."""
    logs = [_rejoined(_respaced(log)) for log in logs]
    nodes = [node_of(log) for log in logs]
    joined = [JoinedText.of(log.lines) for log in logs]
    per_node = [(node, match_log(log, j)) for log, node, j in zip(logs, nodes, joined, strict=True)]
    failed = [_failed(j) for j in joined]
    found: list[Finding] = []
    for log, (node, hits), fail, j in zip(logs, per_node, failed, joined, strict=True):
        found += _grouped(hits, node, fail, log)
        found += reverse_dns(j, node)
        found += ofi_failed(hits, j, node, fail)
    found += _versions(logs, nodes, joined)
    found += _ib_mtu_unclamped(logs, per_node, joined)
    found += _duplicate_ranks(per_node)
    every_hit = [h for _, hits in per_node for h in hits]
    # ranks that posted different work each wait in their own collective: none of them is late into the other's
    found += mismatched_work(every_hit) or _late_ranks(logs, every_hit)
    sockets_failed = {f.node for f in found if f.name in _NCCL_SOCKET_FAILURES}
    found = [_as_cause(f, "nccl-failed") if f.name in _STALL_CAUSES and f.node in sockets_failed else f for f in found]
    explained = any(f.severity == "error" for f in found)
    # A failure whose only errors are consequences (a peer that closed, a timeout) may show its cause in a rank's
    # own exception no signature reads: a file missing on one node while the other node's ranks lost their peer.
    if any(failed) and not any(f.severity == "error" and f.name not in CONSEQUENCES for f in found):
        lines = [(node, failure_lines(log, j)) for log, node, j in zip(logs, nodes, joined, strict=True)]
        failures = [(node, ls) for node, ls in lines if ls]
        read = {(h.line.source, h.line.number) for _, hits in per_node for h in hits}
        unread = _unread(failures, read) if explained else failures
        found += (
            _own_error(logs, failures, read)
            or _system_error(failures, read)
            or _busy_step(logs, failures)
            or _waiting_stacks(logs, nodes)
            or _unexplained(unread)
        )
    elif not explained:
        stalled = [
            f
            for log, (node, hits), j in zip(logs, per_node, joined, strict=True)
            if (f := _stalled(log, node, hits, j))
        ]
        on = {f.node for f in stalled}
        found = [_as_cause(f, "setup-stalled") if f.name in _STALL_CAUSES and f.node in on else f for f in found]
        # a hung rank's stack (py-spy's or faulthandler's dump, which no failure line marks) where the paste ends
        found += stalled + _waiting_stacks(logs, nodes)
    return sorted(found, key=_order)


def error_lines(logs: Sequence[LogInput], limit: int = 5) -> list[str]:
    """The last few error-looking lines, shown when no signature is known."""
    lines = [line for log in logs for line in log.lines if ERRORISH.search(line.text) and not line.text.startswith("#")]
    return [line.where for line in lines[-limit:]]
