"""A failed system call in a library no signature knows, read by its errno text. Pure.

The C library words each errno one way (strerror, gai_strerror), whoever calls it: UCX, NIXL, Mooncake, a Go
operator or a Python script all end their message with the same "No space left on device". Where a log's failure
has no cause that a signature reads, a line that reports a failed call with one of these texts still says what ran
out, clashed or was not there: /dev/shm, the locked-memory limit, a port, a host name, a file.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from distdoctor.catalogue.words import PHRASES, phrase
from distdoctor.model import Finding
from distdoctor.model.logs import LogLine
from distdoctor.rules.finding import make_finding
from distdoctor.rules.log_signatures import PORT_UNSAID

# The errno texts of glibc (and musl, macOS for the resolver) this module reads, by what they report.
NO_SPACE = "No space left on device"  # ENOSPC
NO_FILE = "No such file or directory"  # ENOENT
NO_MEMORY = "Cannot allocate memory"  # ENOMEM
ADDRESS_IN_USE = "ddress already in use"  # EADDRINUSE ("Address", or "address" where a library lower-cases it)
UNRESOLVED = (
    "Name or service not known",  # EAI_NONAME
    "Temporary failure in name resolution",  # EAI_AGAIN
    "nodename nor servname provided",  # EAI_NONAME (macOS, BSD)
    "No address associated with hostname",  # EAI_NODATA
    "no such host",  # Go's net package (Kubernetes operators, etcd): "lookup NAME on DNS:53: no such host"
)
NEEDLES: tuple[str, ...] = (NO_SPACE, NO_MEMORY, ADDRESS_IN_USE, NO_FILE, *UNRESOLVED)

# The line reports a call that failed, ahead of the errno text; a retry or a warning the program goes on from is not
# a failure (torch's agent store prints its workers' bind errors at W level and ignores them; its reverse lookup of a
# peer's address, "cannot be retrieved (gai error: ...)", only leaves the address unnamed), nor is a shell tool's own
# complaint ("ls: cannot access 'x': No such file or directory"), which a job's script goes on from.
FAILED_CALL = re.compile(
    r"^(?!(?:ls|cat|cp|mv|rm|rmdir|mkdir|stat|ln|touch|chmod|chown|du|df|head|tail|find|readlink|realpath|which): |"
    r".*?(?i:will retry|retrying|ignoring|ignored|NCCL INFO|cannot be retrieved)|"
    r".*?(?<!NCCL )\bWARN(?:ING)?\b|.*?Warning\b|"
    # glog's W and I levels ("[W1205 10:21:33", "I1205 10:21:33", torch's older "[W socket.cpp:426]"), behind
    # whatever prefix a launcher put before them
    r".*?(?:\[|(?<!\S))[WI](?:\d{3,4} \d\d:\d\d| ?[\w.]+\.\w+:\d+\])|"
    # UCX's levels below its warnings (a DEBUG line of its vfs socket it did not find, say)
    r".*?\bUCX +(?:DIAG|INFO|DEBUG|TRACE\w*|PRINT)\b)"
    # a failure's words, an exception, an error level (glog's "E1205 10:21:33.123 ...", whose PLOG adds the errno
    # text), or the call itself ("bind (port 12001): Address already in use [98]")
    r".*?(?:(?i:\b(?:fail\w*|errors?|unable|cannot|can't|could ?not|couldn't|abort\w*)\b)|"
    r"[A-Z]\w*(?:Error|Exception)\b|\[Errno -?\d+\]|\bE\d{4} \d\d:\d\d|"
    r"\b(?:bind|listen|getaddrinfo|lookup|shm_open|mmap|ftruncate|fallocate|ibv_\w+|mlock)\b)[^\n]{0,300}?"
    rf"(?:{NO_SPACE}|{NO_MEMORY}|{ADDRESS_IN_USE}|{NO_FILE}|{'|'.join(UNRESOLVED)})"
)

# What ran out, by the words of the call that failed.
_SHM = re.compile(r"/dev/shm|\bshm_|\bshm\b|[Ss]hared[ _-]?[Mm]emory|\bshmem\b|\bposix\b|memfd")
_RDMA = re.compile(
    r"\bibv_\w+|\bverbs\b|reg_mr|[Rr]egist\w* (?:the )?(?:memory|MR|buffer)|[Mm]emory [Rr]egistration|\bMR\b|RDMA|"
    r"\brdma|mlx5|\bEFA\b|fi_mr_reg|ucp_mem_map|uct_ib|\bmlock|memlock|[Ll]ocked memory|RLIMIT_MEMLOCK"
)
_SHM_PATH = re.compile(r"(?P<path>/dev/shm/[^\s,;:()'\"]+)|file_name=/?(?P<name>[^\s,;:()'\"]+)")
_PORT = re.compile(r"(?i:\bport\b)[\s:=#]{0,3}(?P<port>\d{2,5})\b|:(?P<after_colon>\d{2,5})\b(?![.:]\d)")
# Who failed: the source file a library's log line names, or the exception a Python program raised.
_FILE = re.compile(r"\b(?P<file>[\w-]+\.(?:c|cc|cpp|cu|h|hpp|py|go|rs)):\d+")
_RAISED = re.compile(r"\b(?P<exception>[A-Z]\w*(?:Error|Exception))\b")
_UCX = re.compile(r"\bUCX\s+ERROR\b")


# A component's name before its message: syslog's "nginx[211052]: ", Python logging's logger ("... - ERROR - skyrl: ",
# "RUN - ERROR - "), or "mooncake_store: bind failed ...".
_COMPONENT = re.compile(
    r"\b(?P<program>[A-Za-z][\w.-]{1,30})\[\d+\]: | - (?:ERROR|CRITICAL) - (?P<logger>[A-Za-z][\w.-]{1,40}): |"
    r"^(?P<logger_first>[A-Za-z][\w.-]{1,40}) - (?:ERROR|CRITICAL) - |"
    r"^\W*(?P<name>[A-Za-z][\w.-]{1,30}(?: [A-Za-z][\w.-]{1,30})?)\]?: "
)


def _who(text: str) -> str:
    if _UCX.search(text):
        return "UCX"
    m = _FILE.search(text) or _RAISED.search(text) or _COMPONENT.search(text)
    return m[m.lastgroup or 0] if m else PHRASES["job-process"].en


def _shm(line: LogLine, error: str) -> tuple[str, dict[str, str]] | None:
    if not _SHM.search(line.text):
        return None
    m = _SHM_PATH.search(line.text)
    path = (m["path"] or f"/dev/shm/{m['name']}") if m else "/dev/shm"
    return "log-shm-too-small", {"who": _who(line.text), "path": path, "detail": f" ({error})"}


def _memlock(line: LogLine) -> tuple[str, dict[str, str]] | None:
    if not _RDMA.search(line.text):
        return None
    return "log-memlock-too-low", {"detail": phrase("registration-enomem", who=_who(line.text))}


# A write to a file, which ENOSPC then says its file system is full; ENOSPC of another call (a provider's memory
# registrations, a semaphore set, inotify's watches) is a table of that call that ran out, not a disk.
_FILE_WRITE = re.compile(r"\[Errno 28\]|\b(?:[Ww]rit(?:e|ing)|[Ss]av(?:e|ing)|[Cc]opy(?:ing)?|mkdir|makedirs)\b")


def _disk_full(line: LogLine) -> tuple[str, dict[str, str]] | None:
    return ("log-disk-full", {"who": _who(line.text)}) if _FILE_WRITE.search(line.text) else None


def _port(line: LogLine) -> tuple[str, dict[str, str]]:
    text = line.text[: line.text.find(ADDRESS_IN_USE)]
    ports = [m["port"] or m["after_colon"] for m in _PORT.finditer(text)]
    return "log-port-in-use", {"port": ports[-1] if ports else PORT_UNSAID, "who": _who(line.text)}


# The path ENOENT names, quoted after the text (Python's "[Errno 2] No such file or directory: 'path'").
_MISSING_PATH = re.compile(rf"{NO_FILE}:? (?P<q>['\"‘])(?P<path>[^'\"’\n]{{1,400}})['\"’]")


def _missing(line: LogLine) -> tuple[str, dict[str, str]] | None:
    if not (m := _MISSING_PATH.search(line.text)):
        return None  # a file that is not named: nothing to look for
    return "log-file-missing", {"path": m["path"], "where": phrase("as-reported", who=_who(line.text))}


def _unresolved(line: LogLine) -> tuple[str, dict[str, str]]:
    error = next(text for text in UNRESOLVED if text in line.text)
    return "log-name-unresolvable", {"error": error}


_READERS: tuple[tuple[str, Callable[[LogLine], tuple[str, dict[str, str]] | None]], ...] = (
    (NO_SPACE, lambda line: _shm(line, NO_SPACE) or _disk_full(line)),
    (NO_MEMORY, lambda line: _shm(line, NO_MEMORY) or _memlock(line)),
    (ADDRESS_IN_USE, _port),
    (NO_FILE, _missing),
    *((text, _unresolved) for text in UNRESOLVED),
)


def system_error(lines: Sequence[LogLine], node: str | None) -> list[Finding]:
    """The first failed call among `lines` whose errno text says what ran out or clashed, as that finding."""
    for line in lines:
        if not FAILED_CALL.search(line.text):
            continue
        for needle, read in _READERS:
            if needle in line.text and (found := read(line)):
                name, params = found
                return [make_finding(name, node, [line.where], **params)]
    return []
