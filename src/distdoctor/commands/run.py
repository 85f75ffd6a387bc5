"""`distdoctor run`: optional preflight, then the job launched unchanged and watched; a verdict when it hangs."""

from __future__ import annotations

import socket
from collections.abc import Callable, Mapping, Sequence

from distdoctor.commands.dump import diagnose
from distdoctor.hang.watch import Stall, Watch, WatchOptions
from distdoctor.model import Report


def preflight(command: Sequence[str], environ: Mapping[str, str]) -> Report:
    """`check --local-only` on the config the launch command gives (a non-torchrun command: env vars only)."""
    from distdoctor.commands.check import CheckOptions, check
    from distdoctor.config import load_config
    from distdoctor.errors import UsageError

    try:
        config, _ = load_config({}, list(command), environ)
    except UsageError:
        # Not a torchrun command line (a script, srun ...): the environment alone says what the job will use.
        config, _ = load_config({}, None, environ)
    report = check(config, environ, CheckOptions(local_only=True))
    return Report("run", report.findings, report.config, report.facts, extra=(("note", "preflight"),))


def verdict(stall: Stall) -> Report:
    """The hang verdict for the job's processes at a stall: `dump`'s diagnosis, with how long it stood."""
    report = diagnose(stall.processes, "run", socket.gethostname())
    note = f"no output and no stack change for {stall.stalled_s:g} s"
    return Report("run", report.findings, extra=(*report.extra, ("note", note), ("stalled_s", stall.stalled_s)))


def run(
    command: Sequence[str],
    options: WatchOptions,
    on_verdict: Callable[[Report], None],
    notify: Callable[[str], None] = lambda _: None,
) -> int:
    """Launch and watch `command`; each stall gives one verdict; the job's exit code."""
    watch = Watch(command, options, lambda stall: on_verdict(verdict(stall)), notify)
    return watch.run()
