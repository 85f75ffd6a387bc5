"""Run one command on many hosts at once with the system's ssh (BatchMode: never a prompt), output captured.

The run's secret, if any, goes to each host on ssh's stdin, never in the command: argv shows in `ps` on both ends
and, when a host fails, in the finding that quotes its command.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shlex
import signal
import time
from collections.abc import Callable, Sequence

from distdoctor.model.nodes import RemoteRun
from distdoctor.model.secret import Secret

# Longest stderr line read whole (asyncio's default is 64 KiB); stdout, the JSON report, is read to its end at once.
LINE_LIMIT_BYTES = 1 << 20
# A line of secret fits any pipe buffer; this only bounds a pathological ssh that never reads its stdin.
FEED_TIMEOUT_S = 5.0


def ssh_argv(host: str, command: Sequence[str], options: Sequence[str], connect_timeout_s: float) -> list[str]:
    """`ssh [-o OPT ...] -o BatchMode=yes -o ConnectTimeout=N HOST 'command'`; the command is quoted for the shell."""
    # ssh keeps the first value it is given for an option: the user's -o come first, so theirs win.
    argv = ["ssh"]
    for option in options:
        argv += ["-o", option]
    argv += ["-o", "BatchMode=yes", "-o", f"ConnectTimeout={max(1, round(connect_timeout_s))}"]
    return [*argv, "--", host, shlex.join(command)]


async def _pump(stream: asyncio.StreamReader | None, host: str, on_line: Callable[[str, str], None]) -> str:
    """Read a stream to its end; every line also goes to on_line, so the user sees each node live."""
    lines = []
    while stream is not None and (raw := await stream.readline()):
        line = raw.decode("utf-8", "replace").rstrip("\n")
        lines.append(line)
        on_line(host, line)
    return "\n".join(lines)


async def _one(
    host: str,
    command: Sequence[str],
    options: Sequence[str],
    connect_timeout_s: float,
    deadline_s: float,
    on_line: Callable[[str, str], None],
    secret: Secret | None,
) -> RemoteRun:
    start = time.monotonic()
    proc = await asyncio.create_subprocess_exec(
        *ssh_argv(host, command, options, connect_timeout_s),
        stdin=asyncio.subprocess.PIPE if secret is not None else asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        start_new_session=True,  # its own group: the deadline kills ssh and anything it started
        limit=LINE_LIMIT_BYTES,
    )
    assert proc.stdout is not None
    if proc.stdin is not None and secret is not None:
        await _feed(proc.stdin, secret)
    out = asyncio.ensure_future(proc.stdout.read())
    err = asyncio.ensure_future(_pump(proc.stderr, host, on_line))
    code: int | None
    try:
        code = await asyncio.wait_for(proc.wait(), deadline_s)
    except asyncio.TimeoutError:
        code = None
    finally:
        if proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            await proc.wait()
    stdout, stderr = (await out).decode("utf-8", "replace"), await err
    return RemoteRun(host, shlex.join(command), code, stdout, stderr, time.monotonic() - start)


async def _feed(stdin: asyncio.StreamWriter, secret: Secret) -> None:
    """The secret as one line on the remote command's stdin, then EOF; a command that never reads it is no error."""
    try:
        stdin.write(secret.reveal() + b"\n")
        await asyncio.wait_for(stdin.drain(), FEED_TIMEOUT_S)
    except (ConnectionError, OSError, asyncio.TimeoutError):
        pass  # ssh or the remote command ended first: its exit and stderr say why
    finally:
        stdin.close()


async def run_on_hosts(
    commands: Sequence[tuple[str, Sequence[str]]],
    options: Sequence[str],
    connect_timeout_s: float,
    deadline_s: float,
    on_line: Callable[[str, str], None],
    secret: Secret | None = None,
) -> list[RemoteRun]:
    """Every (host, command) at once, the secret (if any) fed on stdin; each run ends or is killed at deadline_s."""
    runs = (_one(host, command, options, connect_timeout_s, deadline_s, on_line, secret) for host, command in commands)
    return list(await asyncio.gather(*runs))
