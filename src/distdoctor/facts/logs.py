"""Read the logs `explain` is given: plain text, torchrun output, torchelastic error files, stdin."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from typing import IO, Any

from distdoctor import defaults
from distdoctor.errors import UsageError
from distdoctor.model.logs import LogInput, LogLine

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
    """The text inside torchelastic's error.json: {"message": {"message": ..., "extraInfo": {"py_callstack"}}}."""
    if not isinstance(data, dict) or "message" not in data:
        return None
    message = data["message"]
    if isinstance(message, str):  # errors raised in C++ are recorded as a plain string
        return message.splitlines()
    if not isinstance(message, dict):
        return None
    lines = str(message.get("message", "")).splitlines()
    extra = message.get("extraInfo")
    if isinstance(extra, dict) and extra.get("py_callstack"):
        lines += str(extra["py_callstack"]).splitlines()
    return lines


def to_input(text: str, source: str) -> LogInput:
    """Text as numbered lines; an error file becomes the lines of its message and traceback."""
    lines = text.splitlines()
    if text.lstrip().startswith("{"):
        try:
            inner = _error_file_lines(json.loads(text))
        except ValueError:
            inner = None
        if inner is not None:
            lines = inner
    return LogInput(source, tuple(LogLine(source, i, t) for i, t in enumerate(lines, start=1)))


def read_log(path: str) -> LogInput:
    """One log file (its last LOG_MAX_BYTES); a missing, unreadable or binary file is a usage error."""
    if os.path.isdir(path):
        raise UsageError(f"{path} is a directory: give the log files in it, e.g. {path.rstrip('/')}/*.log")
    try:
        with open(path, "rb") as fh:
            size = os.fstat(fh.fileno()).st_size
            if size > defaults.LOG_MAX_BYTES:
                fh.seek(size - defaults.LOG_MAX_BYTES)
            data = fh.read()
    except FileNotFoundError:
        raise UsageError(f"no such log file: {path}") from None
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from None
    return to_input(_decode(data, path), os.path.basename(path))


def read_logs(paths: Sequence[str], stdin: IO[bytes]) -> list[LogInput]:
    """Every input in order; `-` (or no path at all) is stdin, which must not be empty."""
    inputs = []
    for path in paths or ["-"]:
        if path == "-":
            data = stdin.read(defaults.LOG_MAX_BYTES)
            if not data.strip():
                raise UsageError("nothing on stdin: pipe a log in (… | distdoctor explain) or name log files")
            inputs.append(to_input(_decode(data, "stdin"), "stdin"))
        else:
            inputs.append(read_log(path))
    return inputs
