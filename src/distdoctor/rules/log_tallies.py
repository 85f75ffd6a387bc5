"""Findings from all the lines of one log that carry one marker, not from any one of them: how many there are, how far
apart, and what they say together. Pure."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from itertools import pairwise
from statistics import median

from distdoctor.catalogue.words import PHRASES, phrase
from distdoctor.model import Finding
from distdoctor.model.logs import LogLine, stamp_seconds
from distdoctor.rules.finding import make_finding
from distdoctor.rules.local import is_link_local
from distdoctor.rules.log_evidence import evidence
from distdoctor.rules.log_signatures import CONNECT_RETRY, OFI_FAILED, OFI_NIC_GROUPS, RAY_VERSIONS, Hit
from distdoctor.rules.log_text import JoinedText

# torch's warning when getnameinfo of a client's address fails, and the plain text that finds its lines
_LOOKUP = re.compile(r"The hostname of the client socket cannot be retrieved\. err=(?P<err>-?\d+)")
_LOOKUP_NEEDLE = "client socket cannot be retrieved"
# getnameinfo's codes (glibc's netdb.h) that torch's warning prints as err=N
_EAI = {"-2": PHRASES["eai-noname"].en, "-3": PHRASES["eai-again"].en}
# A resolver waits 5 s for each server and try (resolv.conf's timeout:5); lookups this many seconds apart waited for
# it. Further apart than the longest such wait, they are connections made at different times, not one slow stream.
_SLOW_LOOKUP_S = (4, 60)
# the first lookups tell how long each took
_TIMED_LOOKUPS = 64
# NCCL's refused-connect lines that show the peer is not about to listen: before 2.27 each one stands for 1000
# refused attempts (a second or more), and 2.27 sleeps longer before each next try.
_RETRY_LINES = 3


def _of(hits: Sequence[Hit], marker: str) -> list[Hit]:
    return [h for h in hits if h.finding == marker]


def reverse_dns(joined: JoinedText, node: str) -> list[Finding]:
    """The store's failed reverse lookups of its clients (socket.cpp's formatSockAddr: before torch 2.9 at every
    connection, pytorch/pytorch#159007), where the timestamps show each one waited for the resolver: a crawling
    rendezvous. Those that fail at once are harmless, and not named. Read from the joined text, not as signature
    hits: a long log repeats the warning thousands of times, and only the first few are timed."""
    ids = list(joined.lines_with(_LOOKUP_NEEDLE))
    lookups = [(line, m["err"]) for i in ids[:_TIMED_LOOKUPS] if (m := _LOOKUP.search((line := joined.lines[i]).text))]
    stamps = [t for line, _ in lookups if (t := stamp_seconds(line.text)) is not None]
    gaps = [b - a for a, b in pairwise(stamps) if b >= a]
    if len(gaps) < 2 or not _SLOW_LOOKUP_S[0] <= median(gaps) <= _SLOW_LOOKUP_S[1]:
        return []  # a lookup that fails at once costs nothing: the store names the client by its address
    codes = dict.fromkeys(code for _, code in lookups)
    err = ", ".join(phrase("eai-code", code=c, why=_EAI[c]) if c in _EAI else f"err={c}" for c in codes)
    shown = evidence([line for line, _ in lookups], total=len(ids))
    return [
        make_finding("log-store-reverse-dns-slow", node, shown, count=len(ids), err=err, apart=f"{median(gaps):.0f}")
    ]


def connect_retrying(hits: Sequence[Hit], node: str) -> list[Finding]:
    """NCCL retrying refused connects: an error once they go on (or NCCL gave up), a warning for a passing one."""
    retries = _of(hits, CONNECT_RETRY)
    if not retries:
        return []
    addrs = list(dict.fromkeys(a for h in retries if (a := dict(h.params)["addr"])))
    local = next((a for a in addrs if is_link_local(a)), None)
    if local:  # no other node can reach it, however long NCCL retries
        error = PHRASES["nccl-retry-link-local"].en
        return [
            make_finding("log-nccl-connect-failed", node, evidence([h.line for h in retries]), addr=local, error=error)
        ]
    to = f" to {', '.join(addrs[:3])}" + (" and others" if len(addrs) > 3 else "") if addrs else ""
    gave_up = any(dict(h.params)["gave_up"] for h in retries)
    repeated = gave_up or len(retries) >= _RETRY_LINES
    return [
        make_finding(
            "log-nccl-connect-retrying",
            node,
            evidence([h.line for h in retries]),
            when="repeated" if repeated else None,
            to=to,
            count=len(retries),
        )
    ]


def ray_versions(hits: Sequence[Hit], node: str) -> list[Finding]:
    """Ray's version mismatch: the cluster's Ray and Python releases against those of the process that joined."""
    reports = _of(hits, RAY_VERSIONS)
    cluster = next((dict(h.params) for h in reports if dict(h.params)["who"] == "the cluster"), None)
    joined = next((dict(h.params) for h in reports if dict(h.params)["who"] != "the cluster"), None)
    if cluster is None or joined is None:
        return []
    differ = [name for name in ("ray", "python") if cluster[name] != joined[name]]
    names = [{"ray": "Ray", "python": "Python"}[n] for n in differ]
    component = PHRASES["ray-and-python"].en if len(names) == 2 else names[0] if names else "Ray"
    detail = phrase(
        "ray-versions",
        ray=cluster["ray"],
        python=cluster["python"],
        who=joined["who"],
        ray2=joined["ray"],
        python2=joined["python"],
    )
    return [
        make_finding("version-mismatch", node, evidence([h.line for h in reports]), component=component, detail=detail)
    ]


# NCCL going on after the plugin failed: its own socket transport chosen, or a communicator set up.
_FELL_BACK = re.compile(r"NET/Socket ?: Using|Using network Socket|Init COMPLETE")


# A line of the network plugin's or of NCCL's own (the Neuron runtime's "CCOM" copy among them): no sign that the
# process went on past the plugin's failure.
_PLUGIN_OWN = re.compile(r"NET/OFI|\bNCCL\b|\bCCOM\b|OFI plugin")
_WORD = re.compile(r"\w")


def goes_on_past(lines: Sequence[LogLine], last: int, unless: re.Pattern[str] | None = None) -> bool:
    """Whether the log goes on below line `last`: a later line with words (a paste's "..." where it left lines out
    has none) that `unless`, where given, does not match."""
    later = lines[bisect_right(lines, last, key=lambda line: line.number) :]
    return any(_WORD.search(line.text) and not (unless and unless.search(line.text)) for line in later)


def ofi_failed(hits: Sequence[Hit], joined: JoinedText, node: str, log_failed: bool) -> list[Finding]:
    """The AWS OFI plugin that found no EFA device, or no NIC to pair with the GPUs: the cause where NCCL stopped
    there, a warning (TCP instead of EFA, several times slower) where the log shows NCCL falling back to its sockets,
    or the process going on past it without a failure (a job on one host, that needed no network)."""
    grouped = _of(hits, OFI_NIC_GROUPS)
    failed = sorted([*grouped, *_of(hits, OFI_FAILED)], key=lambda h: h.line.number)
    if not failed:
        return []
    first = failed[0].line.number
    fell_back = any(
        joined.lines[i].number > first and _FELL_BACK.search(joined.lines[i].text)
        for needle in ("NET/Socket", "Using network Socket", "Init COMPLETE")
        for i in joined.lines_with(needle)
    )
    went_on = not log_failed and goes_on_past(joined.lines, failed[-1].line.number, unless=_PLUGIN_OWN)
    fell_back = fell_back or went_on
    detail = "; ".join(dict.fromkeys(dict(h.params)["detail"] for h in failed))
    when = "fell-back" if fell_back else None
    # the EFA devices were there where the plugin went as far as pairing them with the GPUs
    name = "log-nccl-ofi-nic-groups" if grouped else "log-nccl-ofi-no-efa"
    return [make_finding(name, node, evidence([h.line for h in failed]), when=when, detail=detail)]
