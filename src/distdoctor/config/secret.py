"""The run's shared secret, resolved once: --secret-stdin, else --secret, else DISTDOCTOR_SECRET.

This is the only place that reads the value from the user; every command then holds a `Secret` (model/secret.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import IO

from distdoctor.errors import UsageError
from distdoctor.model.secret import Secret

ENV_VAR = "DISTDOCTOR_SECRET"


def resolve_secret(flag: str | None, environ: Mapping[str, str], stdin: IO[str] | None = None) -> Secret | None:
    """The secret from stdin's first line (when stdin is given), the --secret flag, or the environment; else None.

    Stdin is how `check --hosts` hands the secret to each host: argv shows in `ps` on the host and in findings.
    """
    if stdin is not None:
        if flag is not None:
            raise UsageError("give --secret or --secret-stdin, not both")
        line = stdin.readline().rstrip("\r\n")
        if not line:
            raise UsageError("--secret-stdin: nothing on stdin", "pipe the secret in, one line")
        return Secret.from_text(line)
    return Secret.from_text(flag if flag is not None else environ.get(ENV_VAR))
