"""The library a rank crashed in, read from the backtrace a signal handler printed under its signal line. Pure.

UCX's handler (HPC-X, every NGC container) prints "Caught signal 11 (Segmentation fault ...)" and a backtrace of
"N  /path/libx.so(+0x..) [0x..]" frames: its own frames first (libucs), then the kernel's signal trampoline
(linux-vdso's __kernel_rt_sigreturn, or libc's or libpthread's __restore_rt, shown as a bare offset), then the frame
that faulted. Naming that frame's library tells a crash in the network stack from one in CUDA's or a container's
library, which the signal alone does not.
"""

from __future__ import annotations

import re

from distdoctor.model.logs import LogInput, LogLine

# A frame of UCX's unsymbolised backtrace: "  4  /usr/local/cuda/lib64/libnvrtc.so.12.8.61(+0x935000) [0x4001..]".
_FRAME = re.compile(r"^\s*\d+\s+(?P<path>/?[\w.\-/]*?(?P<lib>[\w.\-]+\.so[\w.\-]*))\((?P<symbol>[^)]*)\)\s*\[0x")
# The handler's own library, and the kernel's trampoline back from the handler.
_HANDLER = re.compile(r"libucs\.so")
_TRAMPOLINE = re.compile(r"sigreturn|__restore_rt")
_BARE_LIBC = re.compile(r"^lib(?:c|pthread)\.so")
# How far below the signal line its backtrace may reach.
BACKTRACE_LINES = 40


def _faulting(frames: list[tuple[str, str, LogLine]]) -> tuple[str, LogLine] | None:
    """The first frame past the handler's frames and the trampoline, as (library, line)."""
    rest = [f for f in frames if not _HANDLER.search(f[0])]
    if rest and (_TRAMPOLINE.search(rest[0][1]) or (_BARE_LIBC.match(rest[0][0]) and rest[0][1].startswith("+"))):
        rest = rest[1:]
    return (rest[0][0], rest[0][2]) if rest else None


def crashed_in(log: LogInput, signal_line: LogLine) -> tuple[str, LogLine] | None:
    """The library of the frame that faulted, in the backtrace below the signal line, and that frame's line."""
    i = log.index_of(signal_line.number) + 1
    frames = []
    for line in log.lines[i : i + BACKTRACE_LINES]:
        text = line.text[line.body_at :]
        if m := _FRAME.match(text):
            frames.append((m["lib"], m["symbol"], line))
        elif frames:
            break  # the backtrace ended
    return _faulting(frames) if frames else None
