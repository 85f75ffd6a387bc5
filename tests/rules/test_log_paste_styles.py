"""Every signature's real line as people paste it still reads as its finding: wrapped by a terminal (where the reader
cannot tell, cut once or at a space, too), quoted, indented, behind a rank's, a task's or a timestamp's prefix, with a
CR; and lines that only happen to be long stay apart."""

from __future__ import annotations

import textwrap

import pytest
from test_log_rules import CASES, LOGS, real_line

from distdoctor.facts.logs import read_log, to_input
from distdoctor.rules.logs import MARKERS, _rejoined, _respaced, explain_findings

# Where the rest of a cut line reads as a record of its own, the reader keeps them apart: a rest that starts with
# "1: " is srun -l's task prefix; one that starts with " at " is a stack frame of another language.
_AMBIGUOUS = {
    ("process_vm_readv(pid=", 80),
    ("check for firewalls", 80),
}


def _wrapped(text: str, width: int) -> str:
    return "\n".join(text[i : i + width] for i in range(0, len(text), width))


# Where an editor's break at a word leaves a rest that starts like a record of its own: a timestamp, pdsh's "host: "
# (a library's file name with a digit), " at ".
_WORD_AMBIGUOUS = {
    ("STEP 440575.0", 80),
    ("couldn't load driver 'libmlx5", 80),
    ("check for firewalls", 80),
}


def _word_wrapped(text: str, width: int) -> str:
    return "\n".join(textwrap.wrap(text, width, break_on_hyphens=False))


# How a paste may carry a line: a quote in an issue, a code block's indentation, torch's and srun -l's prefixes, a
# logger's timestamp, Windows' line end.
_STYLES = {
    "quoted": lambda line: f"> {line}",
    "indented": lambda line: f"    {line}",
    "rank-prefix": lambda line: f"[rank3]: {line}",
    "task-prefix": lambda line: f"3: {line}",
    "timestamp": lambda line: f"2024-05-01 10:00:00,123 {line}",
    "crlf": lambda line: f"{line}\r",
}


def _lines() -> list[tuple[str, str, str, str]]:
    out, seen = [], set()
    for key, fixture, needle, name, _ in CASES:
        if name in MARKERS or (fixture, needle, name) in seen:
            continue
        seen.add((fixture, needle, name))
        out.append((key, fixture, needle, name))
    return out


# How a paste wraps a long line, the widths tried, and the (needle, width) pairs whose rest reads as a record.
_WRAPS = {
    "terminal": (_wrapped, (80, 100, 120), _AMBIGUOUS),
    "editor": (_word_wrapped, (80, 100), _WORD_AMBIGUOUS),
}


def _wrap_params() -> list[object]:
    out = []
    for style, (_, widths, ambiguous) in _WRAPS.items():
        for key, fixture, needle, name in _lines():
            for width in widths:
                marks = (
                    [pytest.mark.xfail(strict=True, reason="the rest reads as a record")]
                    if (needle, width) in ambiguous
                    else []
                )
                out.append(pytest.param(style, fixture, needle, name, width, marks=marks, id=f"{style}-{key}-{width}"))
    return out


@pytest.mark.parametrize(("style", "fixture", "needle", "name", "width"), _wrap_params())
def test_a_signatures_line_a_terminal_or_an_editor_wrapped_reads_as_its_finding(
    style: str, fixture: str, needle: str, name: str, width: int
) -> None:
    # an editor breaks at a space and drops it; where two of its lines come out of one length by chance, they read as
    # a terminal's cut at that width
    text = real_line(fixture, needle).text
    if len(text) <= width or name not in {f.name for f in explain_findings([to_input(text, "a.log")])}:
        pytest.skip("the line is not wrapped, or alone, outside its log, reads as something else")
    wrap = _WRAPS[style][0]
    assert name in {f.name for f in explain_findings([to_input(wrap(text, width), "a.log")])}


def test_a_terminals_cut_inside_a_word_keeps_the_word_whole() -> None:
    text = "NCCL WARN Call to connect returned " + "Connection_refused," * 8
    log = to_input(_wrapped(text, 80), "a.log")
    assert log.lines[0].glued_at == (80, 160)
    assert log.lines[0].text == text
    assert log.lines[0].spaced().text == f"{text[:80]} {text[80:160]} {text[160:]}"
    assert _respaced(log) is log  # the spaced text reads as no more than the glued one


@pytest.mark.parametrize("style", sorted(_STYLES))
@pytest.mark.parametrize(("key", "fixture", "needle", "name"), _lines(), ids=[k for k, *_ in _lines()])
def test_a_signatures_line_as_a_paste_carries_it_reads_as_its_finding(
    key: str, fixture: str, needle: str, name: str, style: str
) -> None:
    text = real_line(fixture, needle).text
    if name not in {f.name for f in explain_findings([to_input(text, "a.log")])}:
        pytest.skip("the line alone, outside its log, reads as something else")
    assert name in {f.name for f in explain_findings([to_input(_STYLES[style](text), "a.log")])}


def test_the_longest_line_of_a_healthy_log_stays_apart_from_the_line_below() -> None:
    log = read_log(str(LOGS / "healthy-quiet.log"))
    assert any(line.may_continue for line in log.lines)
    assert not [f for f in explain_findings([log]) if f.severity == "error"]
    assert _rejoined(log) is log


def test_a_real_paste_that_broke_nccls_error_after_its_comma_is_read_as_one_line() -> None:
    log = read_log(str(LOGS / "field" / "1800-nccl-allreduce-cudamalloc-oom-no-free-driver-memory.log"))
    first = _rejoined(log).lines[0]
    assert first.number == 1 and first.text.endswith("3699,unhandled cuda error, NCCL version 2.27.3")


@pytest.mark.parametrize(
    ("excerpt", "name"),
    [
        # its author's notes broke the line at a word, leaving the space at the end of the first piece
        ("2660-windows-torchrun-tcpstore-libuv-missing.log", "log-store-libuv-missing"),
        # a paste that broke a rank's error after "retrieving ncclUniqueId from [0]"
        ("1984-vllm-dp-env-vars-without-tcpstore.log", "log-store-closed"),
        # a logger's error broken before "or directory: '<path>'", the whole paste indented: read by the fallback for
        # a failed call's errno text, not by a signature
        ("2820-skyrl-multinode-checkpoint-staging-local-tmp.log", "log-file-missing"),
    ],
)
def test_a_real_line_its_paste_broke_at_a_word_reads_as_its_finding(excerpt: str, name: str) -> None:
    log = read_log(str(LOGS / "field" / excerpt))
    assert name in {f.name for f in explain_findings([log])}


@pytest.mark.parametrize("glue", ["\n", " "])
def test_a_store_host_that_is_a_ptr_name_reads_as_such_broken_or_whole(glue: str) -> None:
    # getfqdn()'s ip6.arpa name as the store's host (macOS): its warning broken over three lines, as pasted, or whole
    text = (LOGS / "field" / "1601-macos-standalone-ipv6-reverse-lookup-hang.log").read_text()
    found = explain_findings([to_input(glue.join(text.split("\n")), "1601.log")])
    assert [f.name for f in found] == ["log-store-host-ptr-name"]


# A paste that quotes or indents a whole log: an issue's "> ", a mail's nested ">> ", a code block's indentation.
_WHOLE = {
    "quoted": lambda text: "\n".join(f"> {line}".rstrip() for line in text.splitlines()),
    "nested-quote": lambda text: "\n".join(f">> {line}" for line in text.splitlines()),
    "indented": lambda text: "\n".join(f"    {line}" for line in text.splitlines()),
    "tab-indented": lambda text: "\n".join(f"\t{line}" for line in text.splitlines()),
}
_EXCERPTS = sorted(
    p.relative_to(LOGS).as_posix() for sub in ("field", "field-healthy") for p in (LOGS / sub).glob("*.log")
)


@pytest.mark.parametrize("style", sorted(_WHOLE))
@pytest.mark.parametrize("excerpt", _EXCERPTS)
def test_a_real_log_quoted_or_indented_whole_reads_as_it_does_pasted_bare(excerpt: str, style: str) -> None:
    text = (LOGS / excerpt).read_text(errors="replace")
    bare = [(f.name, f.severity) for f in explain_findings([to_input(text, "a.log")])]
    assert [(f.name, f.severity) for f in explain_findings([to_input(_WHOLE[style](text), "a.log")])] == bare


def test_a_margin_only_some_lines_have_is_the_logs_own() -> None:
    text = 'Traceback (most recent call last):\n  File "x.py", line 3, in f\n> not a quote\n    indented'
    assert [line.text for line in to_input(text, "a.log").lines][:2] == [
        "Traceback (most recent call last):",
        '  File "x.py", line 3, in f',
    ]
    quoted = to_input('> a line of the log\n>\n>   File "x.py", line 3, in f', "a.log")
    assert [line.text for line in quoted.lines] == ["a line of the log", "", '  File "x.py", line 3, in f']


def test_a_failure_line_an_editor_broke_before_what_explains_it_is_read_with_its_rest() -> None:
    # "DistBackendError: NCCL error" above "in: ...ProcessGroupNCCL.cpp:1970， unhandled system error (run with": the
    # rest reads alone as NCCL's system error, the first piece as a failure nothing explains
    text = (LOGS / "field" / "1250-msswift-faq-nccl-shm-too-small-a10.log").read_text()
    found = explain_findings([to_input(_word_wrapped(text.splitlines()[0], 100), "a.log")])
    assert [f.name for f in found] == ["log-nccl-system-error"]


def test_no_signatures_line_a_paste_broke_or_glued_anywhere_makes_explain_raise() -> None:
    # a builder reads what its regex matched: a match on a mangled line (an item of NCCL's port list split in two
    # where a terminal's cut was read spaced, in a field excerpt wrapped at 80 columns) must build a finding, not raise
    for _, fixture, needle, _ in _lines():
        text = real_line(fixture, needle).text
        spaces = [i for i, c in enumerate(text) if c == " "]
        mangled = [text[:i] + text[i + 1 :] for i in spaces] + [f"{text[:i]}\n{text[i + 1 :]}" for i in spaces]
        for paste in mangled + [_wrapped(text, width) for width in range(70, 121, 5)]:
            explain_findings([to_input(paste, "a.log")])


_HEALTHY = sorted(p.name for p in (LOGS / "field-healthy").glob("*.log"))


@pytest.mark.parametrize("excerpt", _HEALTHY)
def test_a_log_of_a_run_that_worked_a_terminal_wrapped_at_120_columns_reads_no_failure(excerpt: str) -> None:
    # NCCL's WARNs after which it goes on, cut by the wrap ("... WARN [Service thread] Accept f" above "ailed ..."),
    # and a teardown's "- Abort" above "COMPLETE", are read whole again
    text = (LOGS / "field-healthy" / excerpt).read_text(errors="replace")
    if any(f.severity == "error" for f in explain_findings([to_input(text, "a.log")])):
        pytest.skip("read as failed unwrapped too (test_field_corpus.py names why)")
    wrapped = "\n".join(_wrapped(line, 120) for line in text.splitlines())
    found = explain_findings([to_input(wrapped, "a.log")])
    assert [f.name for f in found if f.severity == "error"] == []


# Runs that worked whose lines an editor's break leaves reading as a failure: the rest of UCX's DEBUG line, a Python
# warning's message and Ray's metrics-agent errors, each broken where the words before it are a record's whole line.
_WORD_WRAP_READ_AS_FAILED = {("5775", 80), ("5842", 80), ("6039", 100)}


def _healthy_wraps() -> list[object]:
    return [
        pytest.param(
            excerpt,
            style,
            width,
            marks=[pytest.mark.xfail(strict=True, reason="broken where a record reads whole")]
            if (excerpt[:4], width) in _WORD_WRAP_READ_AS_FAILED and style == "editor"
            else [],
            id=f"{excerpt[:4]}-{style}-{width}",
        )
        for excerpt in _HEALTHY
        for style, (_, widths, _) in _WRAPS.items()
        for width in widths
        if (style, width) != ("terminal", 120)
    ]


@pytest.mark.parametrize(("excerpt", "style", "width"), _healthy_wraps())
def test_a_log_of_a_run_that_worked_wrapped_at_other_widths_reads_no_failure(
    excerpt: str, style: str, width: int
) -> None:
    # a teardown's "- Abort COMPLETE" cut from its NCCL prefix, srun's task lines and Python's warnings broken inside
    # their message: each is one record, read whole again
    text = (LOGS / "field-healthy" / excerpt).read_text(errors="replace")
    if any(f.severity == "error" for f in explain_findings([to_input(text, "a.log")])):
        pytest.skip("read as failed unwrapped too (test_field_corpus.py names why)")
    wrap = _WRAPS[style][0]
    wrapped = "\n".join(wrap(line, width) for line in text.splitlines())
    found = explain_findings([to_input(wrapped, "a.log")])
    assert [f.name for f in found if f.severity == "error"] == []


def test_a_failure_whose_message_an_editor_broke_after_its_colon_is_read_with_its_object() -> None:
    # "No such file or directory:" above the two paths of a rename, each quoted and starting alike
    text = (LOGS / "field" / "2821-timm-multinode-local-rank0-checkpoint-rename-shared-fs.log").read_text()
    found = explain_findings([to_input(_word_wrapped(text.strip(), 80), "a.log")])
    assert [f.name for f in found] == ["log-file-missing"]


@pytest.mark.parametrize(
    ("excerpt", "names"),
    [
        # a quoted path the cut split, its first piece the only line of the width
        ("913-mmseg-multinode-eval-part-pkl-not-shared.log", ["log-file-missing"]),
        # "... NCCL version 21.0.3 ncc" above "lSystemError: System call ...": no exception of its own
        ("944-belle-docker-shm-ipc-host.log", ["log-nccl-system-error"]),
    ],
)
def test_a_line_a_terminal_cut_once_inside_a_word_or_a_quote_reads_whole(excerpt: str, names: list[str]) -> None:
    text = (LOGS / "field" / excerpt).read_text()
    wrapped = "\n".join(_wrapped(line, 120) for line in text.splitlines())
    found = explain_findings([to_input(wrapped, "a.log")])
    assert [f.name for f in found if f.severity == "error"] == names


@pytest.mark.parametrize(
    "excerpt",
    ["223-aws-g4dn-ray-nccl-veth-link-local.log", "412-nccl248-4x1080ti-allreduce-hang-intel-iommu.log"],
)
def test_a_benign_warn_an_editor_broke_where_its_lines_came_out_of_one_length_reads_benign(excerpt: str) -> None:
    # "NCCL WARN Failed to open" above "libibverbs.so[.1]": glued at the width as a terminal's cut, then spaced
    text = (LOGS / "field" / excerpt).read_text()
    bare = [f.name for f in explain_findings([to_input(text, "a.log")]) if f.severity == "error"]
    found = explain_findings([to_input("\n".join(_word_wrapped(line, 80) for line in text.splitlines()), "a.log")])
    assert [f.name for f in found if f.severity == "error"] == bare


def test_an_indented_block_an_editor_broke_may_continue_below_its_last_indented_piece() -> None:
    # systemctl status, each of its indented lines broken at 80: "Loaded: ... enabled;" above "vendor preset: ..."
    text = (LOGS / "field" / "1091-p5-fabricmanager-failed-version-mismatch.log").read_text()
    found = explain_findings([to_input("\n".join(_word_wrapped(line, 80) for line in text.splitlines()), "a.log")])
    assert [f.name for f in found if f.severity == "error"] == ["log-fabric-manager-down"]


@pytest.mark.parametrize("wrap", [_wrapped, _word_wrapped])
def test_a_rest_a_paste_wrapped_twice_that_starts_with_a_comma_continues_its_line(wrap: object) -> None:
    # its reporter's paste cut "... connect to (172.17.0.2" above ", 44737)."; a second wrap at 80 cuts the line again
    text = (LOGS / "field" / "1420-openrlhf-vllm-docker-bridge-172-17.log").read_text()
    wrapped = "\n".join(wrap(line, 80) for line in text.splitlines())  # type: ignore[operator]
    found = explain_findings([to_input(wrapped, "a.log")])
    assert [f.name for f in found][:1] == ["log-peer-container-address"]


def test_the_stores_timed_reverse_lookups_an_editor_broke_read_as_a_crawling_rendezvous() -> None:
    # read from the joined text by a tally, not a signature: a marker makes each broken line whole again first
    text = (LOGS / "field" / "803-torchrun-tcpstore-reverse-dns-stall.log").read_text()
    wrapped = "\n".join(_word_wrapped(line, 80) for line in text.splitlines())
    found = explain_findings([to_input(wrapped, "a.log")])
    assert [f.name for f in found if f.severity == "error"] == ["log-store-reverse-dns-slow"]


def test_a_line_an_editor_broke_twice_reads_whole_with_its_first_break_spaced_again() -> None:
    # "... Waiting in store" above "based barrier ... key:" (two lines of one length: glued as a terminal's cut) above
    # "store_based_barrier_key:2 (world_size=8, ...)"
    text = (LOGS / "field" / "980-accelerate-wandb-blocks-rank-store-barrier.log").read_text()
    wrapped = "\n".join(_word_wrapped(line, 80) for line in text.splitlines())
    assert [f.name for f in explain_findings([to_input(wrapped, "a.log")])][:1] == ["log-store-barrier-waiting"]


@pytest.mark.parametrize(
    ("excerpt", "name"),
    [
        # faulthandler's frames, broken between "line" and its number: read, they are a rank saving a checkpoint
        ("914-deepspeed-save-checkpoint-rank0-only-hang.log", "log-rank-stuck-in-phase"),
        # "  File" alone above its quoted path above "line 290, in barrier", and a path cut inside its long word
        ("2764-lightning-rank-zero-only-log-checkpoint-barrier-hang.log", "log-rank-waits-in-collective"),
    ],
)
@pytest.mark.parametrize("wrap", [_wrapped, _word_wrapped])
@pytest.mark.parametrize("width", [80, 100])
def test_a_traceback_frame_a_paste_broke_anywhere_reads_as_one_frame(
    excerpt: str, name: str, wrap: object, width: int
) -> None:
    text = (LOGS / "field" / excerpt).read_text()
    wrapped = "\n".join(wrap(line, width) for line in text.splitlines())  # type: ignore[operator]
    found = explain_findings([to_input(wrapped, "a.log")])
    assert [f.name for f in found if f.severity == "error"] == [name]


def test_a_frames_code_line_below_it_stays_apart_from_the_frame_a_wrap_broke() -> None:
    text = '  File "/opt/site-packages/lightning/pytorch/callbacks/model_c\nheckpoint.py", line 691, in save\n    x = 1'
    assert [line.text for line in to_input(text, "a.log").lines] == [
        '  File "/opt/site-packages/lightning/pytorch/callbacks/model_checkpoint.py", line 691, in save',
        "    x = 1",
    ]
