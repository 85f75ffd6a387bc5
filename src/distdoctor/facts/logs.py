"""Read the logs `explain` is given: plain text, torchrun output, torchelastic error files, stdin.

Logs arrive as people paste them: coloured, with CRs, wrapped by a terminal or an issue form, several nodes in one
paste. Each line is read back to what the program printed: ANSI escapes dropped, wrapped pieces joined into one
logical line (numbered by its first physical line), and the prefix that says who printed it kept apart (`host`,
`tag`) so rules can tell the nodes and ranks of one paste apart.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Sequence
from dataclasses import replace
from itertools import pairwise
from typing import IO, Any

from distdoctor import defaults
from distdoctor.errors import UsageError
from distdoctor.model.logs import CLOSING, PY_SPY_FRAME, RECORD_HEAD, TEST_ROW_START, LogInput, LogLine, stamp_seconds

# A file whose first block holds a NUL byte, or mostly undecodable bytes, is not a log.
_SNIFF_BYTES = 8192


def _decode(data: bytes, name: str) -> str:
    head = data[:_SNIFF_BYTES]
    if b"\0" in head:
        raise UsageError(f"{name} is not a text log (it holds binary data)")
    text = data.decode("utf-8", errors="replace")
    if head and text[: len(head)].count("\ufffd") > len(head) // 4:
        raise UsageError(f"{name} is not a text log (it is not UTF-8 text)")
    return text


def _error_file_lines(data: Any) -> list[str] | None:
    """The text inside torchelastic's error.json: {"message": {"message": ..., "extraInfo": {"py_callstack"},
    "errorCode": N}}; the exit code the agent adds (a signal's, where the child could not write one) becomes an
    "errorCode: N" line."""
    if not isinstance(data, dict) or "message" not in data:
        return None
    message = data["message"]
    if isinstance(message, str):  # errors raised in C++ are recorded as a plain string
        lines = message.splitlines()
        message = data
    elif isinstance(message, dict):
        lines = str(message.get("message", "")).splitlines()
    else:
        return None
    extra = message.get("extraInfo") or data.get("extraInfo")
    if isinstance(extra, dict) and extra.get("py_callstack"):
        lines += str(extra["py_callstack"]).splitlines()
    code = message.get("errorCode", data.get("errorCode"))
    if isinstance(code, int) and not isinstance(code, bool) and code:
        lines.append(f"errorCode: {code}")
    return lines


_ANSI = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])")
# Who printed a line: srun -l's "0: " (" 0: " where tasks reach 10: srun pads the number to the widest) before or
# after an optional timestamp (bracketed, ISO, or syslog's "Mon DD HH:MM:SS host"), then torch's "[rank3]:",
# torchrun's "[default0]:", NCCL's "host:pid:tid [gpu] " (its host; "...-48" where a paste elided it), or pdsh's
# "host: " (a host name with a digit in it: "gpu-node-3: ").
_PREFIX = re.compile(
    r"^(?: {0,4}(?P<task0>\d{1,5}): )?"
    r"(?:\[[^\]]{0,40}\d:\d\d[^\]]{0,20}\]\s*|\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d[.,\d]*(?:Z|[+-]\d\d:?\d\d)?\s+"
    r"|[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d (?P<syslog>[A-Za-z0-9][\w.\-]*) (?=\S+: ))?"
    r"(?:(?P<task>\d{1,5}): )?"
    r"(?:\[(?P<tag>rank\d+|default\d+)\]:?\s?|(?P<host>[A-Za-z0-9.][\w.\-]*):\d+:\d+ \[\d+\] "
    r"|(?P<pdsh>(?!rank\d|default\d|python\d|pip\d|sha\d|md5|utf|x86|v\d|epoch|step|iter|stage|layer|batch|loss)"
    r"[a-z][a-z\-]*\d[\w\-]*(?:\.[\w\-]+)*): )?"
)
# srun -l's task number padded to the widest of the job's (" 3: " beside "12: "): a record, though it starts with a
# space.
_PADDED_TASK = r" {1,4}\d{1,5}: "
_PADDED_TASK_START = re.compile(_PADDED_TASK)
# A continuation that starts a new record rather than continuing the line above.
# (nccl-tests' and rccl-tests' rows, "  8388608  2097152  float  sum ...", are indented records of their own)
# A repr's address ("<function f" above "at 0x7fc9...>'") is a message's rest, where "at x" starts a JS or Java frame.
_NOT_CONTINUATION = re.compile(
    rf"\s*(?:File(?: \"|\s*$)|[\^~]{{3}}|frame #|at (?!0x)|#|\[\d+\]:|\[rank\d+\]:|Traceback|{TEST_ROW_START})"
    rf"|{_PADDED_TASK}"
)
_TRACEBACK_FRAME = re.compile(r"\s*(?:File(?: \"|\s*$)|Traceback \(most recent call last\))")
# A Python traceback frame ('File "x.py", line 12, in f', or faulthandler's without the comma) a paste broke before
# its end, anywhere: inside its path, inside a word, or between words where an editor's wrap took the space.
_SPLIT_FRAME = re.compile(r'File(?:\s+"[^"]*(?:"(?:,(?:\s*l(?:i(?:n(?:e(?:\s+\d*)?)?)?)?)?)?)?)?\s*')
_WHOLE_FRAME = re.compile(r'File "[^"]+", line \d+,? in \S')
# A record of torch's C++ logging, old ("[E ProcessGroupNCCL.cpp:475] ") or glog ("E1203 11:46:39.287 ", bracketed or
# not): it starts a line of its own even right below a line of the wrap width.
_CPP_RECORD = re.compile(r"\[?[IWEF](?:\d{4} \d\d:\d\d:\d\d| [\w.]+\.(?:cpp|cc|hpp|h):\d+\])")
# NCCL's interface list, one "[N]name:address<port>" per line when a paste broke it.
_LIST_ITEM = re.compile(r"\s*\[\d+\][\w.\-]+:\S+<\d+>")
# A terminal wraps at a fixed width; a line of exactly that width that ends mid-word continues on the next one.
_MIN_WRAP_WIDTH = 70
# An editor's wrap breaks at a word, so its longest line may fall short of its width by a long word.
_MIN_WORD_WRAP = 50
# How far short of its width an editor's wrapped line may end: the longest word it moved to the next line.
_WORD_SLACK = 12
# The first characters of a line that may continue the one above (indentation, an NCCL list item).
_MAY_CONTINUE = frozenset(" \t[")
# At most this many physical lines make one logical line.
_MAX_JOINED = 12


def _wrap_width(lines: list[str]) -> int | None:
    """The width a terminal wrapped these lines at: the longest line length, held by at least two lines, where fewer
    lines break at a word short of it (an editor's wrap, whose longest lines are of one length by chance)."""
    longest = max((len(line) for line in lines), default=0)
    at_width = sum(len(line) == longest for line in lines)
    if longest < _MIN_WRAP_WIDTH or at_width < 2:
        return None
    short = longest - _WORD_SLACK
    broken = sum(short <= len(line) < longest and _broke_at_word(line, nxt, longest) for line, nxt in pairwise(lines))
    return None if broken >= at_width else longest


def _broke_at_word(line: str, nxt: str, longest: int) -> bool:
    """Whether an editor wrapping at `longest` broke `line` there: the next line's first word would not have fitted."""
    if not nxt or nxt[0].isspace():
        return False
    word = nxt.find(" ")
    return len(line) + 1 + (word if word >= 0 else len(nxt)) > longest and not _starts_record(nxt)


def _starts_record(text: str) -> bool:
    return _has_prefix(text) or bool(_CPP_RECORD.match(text) or _NOT_CONTINUATION.match(text))


def wrap_cuts(physical: list[str], width: int | None) -> list[int]:
    """The numbers of the lines a terminal or an editor may have wrapped, their rest on the next line, where the reader
    cannot tell: lines of the wrap `width` cut at a space, the one longest line where no second line confirms a width,
    lines an editor broke at a word (the next line's first word would not have fitted), and lines above a rest that
    starts with a comma or a closing bracket."""
    lengths = [len(line) for line in physical]
    longest = width or max(lengths, default=0)
    if longest < _MIN_WORD_WRAP:
        return []
    cuts = []
    for i, n in enumerate(lengths[:-1]):
        if n < _MIN_WORD_WRAP // 2:
            continue  # most lines of a log: too short to have been wrapped
        nxt = physical[i + 1]
        if n == longest >= _MIN_WRAP_WIDTH:
            cut = bool(nxt.strip()) and not _starts_record(nxt)
        else:
            # a rest that starts with a comma or a closing bracket ends a line a wrap of another width cut (a paste
            # wrapped twice): no record starts so
            cut = _broke_at_word(physical[i], nxt, longest) or nxt[:1] in CLOSING
        if cut:
            cuts.append(i + 1)
    return cuts


def _has_prefix(text: str) -> bool:
    m = _PREFIX.match(text)
    return bool(m and m.end())


def _continues(current: str, nxt: str, width: int | None, joined: str, whole: set[str]) -> str | None:
    """How `nxt` joins `current` (the logical line so far: `joined`) when it continues it ("" glued, " " spaced),
    or None when it starts a new line. `whole`: the heads of lines of the width seen to end a record, which another
    line of that head ends too (the last of the ranks' lines)."""
    if not nxt.strip() or not current.strip():
        return None
    if width and len(current) == width and not current[-1].isspace() and not nxt[0].isspace():
        head = current[:RECORD_HEAD]
        if nxt.startswith(head):  # ranks printing one line each, of one length
            whole.add(head)
            return None
        return None if head in whole or _starts_record(nxt) else ""
    # py-spy's frames are one record per line, as a traceback's are; nccl-tests' table rows are indented below its
    # "#" header lines
    if (
        nxt[0].isspace()
        and not current.startswith("#")
        and not _TRACEBACK_FRAME.match(current)
        and not _NOT_CONTINUATION.match(nxt)
        and not PY_SPY_FRAME.match(nxt)
        and not _starts_record(nxt.lstrip())  # a record a paste indented: "    [2023-01-11 13:26:56,988][...]"
        and not ('File "' in joined and _WHOLE_FRAME.search(joined))  # the last piece of a frame a wrap broke
    ):
        return " "
    if _LIST_ITEM.match(nxt) and " : Using" in joined:
        return " "
    return None


# Where a frame broke between two of its words ("line" above "12", "12," above "in f"), not inside one.
_FRAME_WORD_END = re.compile(r"(?:,|\bline|\bFile)$")


def _frame_rest(text: str, nxt: str) -> str | None:
    """`text` with `nxt` joined where `text` ends in a traceback frame broken before its end and `nxt` goes on with
    it; else None."""
    start = _split_frame_start(text)
    if start < 0:
        return None
    head = text[start:]
    if head.count('"') == 1:
        glue = ""  # inside its path: a terminal cut it, or a wrap that breaks a word longer than the width
    elif head[-1].isspace() or nxt[0] in ", ":
        glue = ""
    elif head[-1].isdigit():
        glue = " " if nxt.startswith("in ") else ""
    else:
        glue = " " if _FRAME_WORD_END.search(head) else ""
    joined = text + glue + nxt
    if _WHOLE_FRAME.match(joined, start) or _SPLIT_FRAME.fullmatch(joined, start):
        return joined
    return None


def _split_frame_start(text: str) -> int:
    """Where the traceback frame `text` ends in, broken before its end, starts; -1 where it ends in none."""
    # the last "File" word that starts a frame, looked for from the end (a path may hold the word too)
    at = text.rfind("File")
    for _ in range(3):
        if at < 0:
            return -1
        # a whole frame (" in f" after its path's closing quote) is the usual case, told apart without the regex
        opened = text.find('"', at)
        closed = text.find('"', opened + 1) if opened >= 0 else -1
        whole = closed >= 0 and " in " in text[closed:]
        if not whole and (at == 0 or text[at - 1] in " \t:") and _SPLIT_FRAME.fullmatch(text, at):
            return at
        at = text.rfind("File", 0, at)
    return -1


def logical_lines(physical: list[str], width: int | None) -> list[tuple[int, str, tuple[int, ...]]]:
    """(first line number, text, where pieces of `width` were glued without a space) of each logical line of lines
    without ANSI escapes: wrapped pieces joined, those of `width` (the one a terminal wrapped them at, if any) among
    them."""
    out: list[tuple[int, str, tuple[int, ...]]] = []
    whole: set[str] = set()
    i, n = 0, len(physical)
    while i < n:
        text, start, joined = physical[i], i + 1, 1
        glued: tuple[int, ...] = ()
        while i + 1 < n and joined < _MAX_JOINED:
            nxt = physical[i + 1]
            if nxt and "File" in text and (rest := _frame_rest(text, nxt)) is not None:
                text, i, joined = rest, i + 1, joined + 1
                continue
            if nxt.startswith("WorkNCCL(") and physical[i].rstrip().endswith("operation timeout:"):
                text, i, joined = text.rstrip() + " " + nxt, i + 1, joined + 1  # the watchdog's line, reflowed
                continue
            if not nxt or (nxt[0] not in _MAY_CONTINUE and len(physical[i]) != width):
                break  # the usual line: nothing below can join it
            glue = _continues(physical[i], nxt, width, text, whole)
            if glue is None:
                break
            if glue == "":
                glued += (len(text),)
                text += nxt
            else:
                text = text.rstrip() + " " + nxt.strip()
            i, joined = i + 1, joined + 1
        out.append((start, text, glued))
        i += 1
    return out


def _line(source: str, number: int, text: str, glued: tuple[int, ...] = (), part: str = "") -> LogLine:
    """The line, with the host and tag its prefix names; a line without a host is of its `part` of a paste."""
    # Every prefix starts with "[", a digit, "." (an elided host), a capital ("Dec  3 ", syslog's month) or a letter
    # followed by " [" (NCCL's "host:pid:tid [gpu] ") or ": " (pdsh's "host: "): the regex skips the other lines,
    # indented traceback lines above all.
    head = text[:1]
    if head == " " and _PADDED_TASK_START.match(text):
        head = text.lstrip()[:1]
    if not (
        head == "["
        or head.isdigit()
        or head == "."
        or (head.isalpha() and (" [" in text[:120] or (text[3:4] == " " if head.isupper() else ": " in text[:64])))
    ):
        return LogLine(source, number, text, part, glued_at=glued)
    m = _PREFIX.match(text)
    if not m or not m.end():
        return LogLine(source, number, text, part, glued_at=glued)
    task = m["task"] or m["task0"]
    host = m["host"] or m["pdsh"] or m["syslog"] or (f"task {task}" if task else part)
    return LogLine(source, number, text, host, m["tag"] or "", body_at=m.end(), glued_at=glued)


# A panel's right edge (rich's tracebacks and consoles, Ray's and vLLM's among them): the text inside is wrapped at
# the panel's width and padded to it, so without the edge its lines read as a terminal's cuts.
_EDGES = "│┃║"
_BOX_EDGE = re.compile(rf"[{_EDGES}]\s*$")
_BOX_START = re.compile(rf"^\s*[{_EDGES}] ?")
_BOXED = 2


def _unboxed(lines: list[str]) -> list[str]:
    """The lines of a panel without its edges, the padding to its width kept."""
    return [_BOX_START.sub("", _BOX_EDGE.sub("", line)) for line in lines]


# The first character of a margin every line of a paste may have: a quote's ">", a code block's indentation.
_MARGINS = frozenset("> \t")


def _unquoted(lines: list[str]) -> list[str]:
    """The lines without the margin every one of them has: a quote's "> " (an issue's, a mail's, nested or not) or a
    code block's indentation. A paste's own indentation, a traceback's, stays as it was below that margin."""
    while any(line.startswith(">") for line in lines) and all(
        line.startswith(">") or not line.strip() for line in lines
    ):
        lines = [line[2:] if line.startswith("> ") else line[1:] for line in lines]
    margins = {line[: len(line) - len(line.lstrip())] for line in lines if line.strip()}
    if not margins or "" in margins:
        return lines
    # the whitespace every line starts with, character by character (a tab and spaces mixed are no common margin)
    margin = min(margins, key=len)
    while margin and any(not m.startswith(margin) for m in margins):
        margin = margin[:-1]
    return [line[len(margin) :] for line in lines] if margin else lines


def to_input(text: str, source: str) -> LogInput:
    """Text as numbered logical lines; an error file becomes the lines of its message and traceback."""
    lines = text.splitlines()
    if text.lstrip().startswith("{"):
        try:
            inner = _error_file_lines(json.loads(text))
        except ValueError:
            inner = None
        if inner is not None:
            lines = inner
    if any("\x1b" in line for line in lines):
        lines = [_ANSI.sub("", line) for line in lines]
    # the paste's own margin first, then a panel's edges inside it
    if next((line for line in lines if line.strip()), "")[:1] in _MARGINS:
        lines = _unquoted(lines)
    if any(edge in text for edge in _EDGES) and sum(bool(_BOX_EDGE.search(line)) for line in lines) >= _BOXED:
        lines = _unboxed(lines)
    width = _wrap_width(lines)
    numbered = logical_lines(lines, width)
    parts = _parts(numbered)
    if not parts:
        out = [_line(source, i, t, glued) for i, t, glued in numbered]
    else:
        out, k = [], 0
        part = f"paste part 1 (from line {parts[0]})"
        for i, t, glued in numbered:
            if k + 1 < len(parts) and i >= parts[k + 1]:
                k += 1
                part = f"paste part {k + 1} (from line {parts[k]})"
            out.append(_line(source, i, t, glued, part))
    cuts = wrap_cuts(lines, width)
    # the logical line that ends at a cut, where the reader did not join the rest below to it
    ending = {line.number - 1: k - 1 for k, line in enumerate(out) if k} if cuts else {}
    for cut in cuts:
        if (at := ending.get(cut)) is None:
            continue
        text, piece = out[at].text, lines[cut - 1]
        # an indented piece was joined to the line above it without its indentation
        if text.endswith(piece) or (piece[:1].isspace() and text.endswith(piece.lstrip())):
            out[at] = replace(out[at], may_continue=True)
        elif piece[-1].isspace() and text.endswith(piece.rstrip()):
            # joined with its line above by its indentation, the space the terminal cut at was dropped: restored
            out[at] = replace(out[at], text=text + " ", may_continue=True)
    return LogInput(source, tuple(out))


# Lines of one node come in time order, give or take the interleaving of its processes' output; a timestamp this much
# earlier than the one before starts another node's log pasted below the first.
_BACKWARDS_S = 3


def _parts(numbered: list[tuple[int, str, tuple[int, ...]]]) -> list[int]:
    """Where each node's log starts in a paste of several, told by timestamps that go back in time: the first line
    number of each part, or [] for a paste of one part."""
    starts, last = [], -1
    for number, text, _ in numbered:
        if (now := stamp_seconds(text)) is None:
            continue
        if last >= 0 and now < last - _BACKWARDS_S:
            starts.append(number)
        last = now
    return [1, *starts] if starts else []


# stdin is read in blocks of this size, keeping the last LOG_MAX_BYTES.
_BLOCK_BYTES = 1 << 20


def read_tail(stream: IO[bytes], limit: int = defaults.LOG_MAX_BYTES) -> bytes:
    """The last `limit` bytes of a stream of any length, read through in blocks (memory stays near 2 × limit);
    when the start was dropped, so is the partial line it leaves."""
    kept = bytearray()
    dropped = False
    while block := stream.read(_BLOCK_BYTES):
        kept += block
        if len(kept) > 2 * limit:
            del kept[: len(kept) - limit]
            dropped = True
    if len(kept) > limit:
        del kept[: len(kept) - limit]
        dropped = True
    if dropped:
        cut = kept.find(b"\n")
        del kept[: cut + 1 if 0 <= cut < len(kept) - 1 else 0]
    return bytes(kept)


def _readable_kind(fd: int, name: str) -> bool:
    """True for a regular file (read its tail by seeking), False for a pipe or socket (read through); anything
    else (a terminal, /dev/zero, a disk) is a usage error: it may never end."""
    mode = os.fstat(fd).st_mode
    if stat.S_ISREG(mode):
        return True
    if stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode):
        return False
    raise UsageError(f"{name} is not a log file or a pipe (a device?): give a file, or pipe the log in")


def _read_open(fh: IO[bytes], name: str) -> bytes:
    try:
        fd = fh.fileno()
    except (OSError, ValueError):  # not a file at all (a test's BytesIO): read it through
        return read_tail(fh)
    if _readable_kind(fd, name):
        size = os.fstat(fd).st_size
        if size > defaults.LOG_MAX_BYTES:
            fh.seek(size - defaults.LOG_MAX_BYTES)
        return fh.read(defaults.LOG_MAX_BYTES)  # a file growing while read stays bounded too
    return read_tail(fh)


def read_log(path: str) -> LogInput:
    """One log file (its last LOG_MAX_BYTES); a missing, unreadable or binary file is a usage error."""
    if os.path.isdir(path):
        raise UsageError(f"{path} is a directory: give the log files in it, e.g. {path.rstrip('/')}/*.log")
    try:
        with open(path, "rb") as fh:
            data = _read_open(fh, path)
    except FileNotFoundError:
        raise UsageError(f"no such log file: {path}") from None
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from None
    return to_input(_decode(data, path), os.path.basename(path))


def read_logs(paths: Sequence[str], stdin: IO[bytes]) -> list[LogInput]:
    """Every input in order; `-` (or no path at all) is stdin, which must not be empty. Of a long stream, the last
    LOG_MAX_BYTES are read, as of a long file: the failure is at the end."""
    inputs = []
    for path in paths or ["-"]:
        if path == "-":
            try:
                data = _read_open(stdin, "stdin")
            except OSError as exc:
                raise UsageError(f"cannot read stdin: {exc.strerror or exc}") from None
            if not data.strip():
                raise UsageError("nothing on stdin: pipe a log in (… | distdoctor explain) or name log files")
            inputs.append(to_input(_decode(data, "stdin"), "stdin"))
        else:
            inputs.append(read_log(path))
    return inputs
