"""Secret-looking values out of the command lines and variables `run`'s relay serves to other nodes.

Applied always, with or without --secret: a token passed as an argument (`--hf-token=...`, `--password x`,
`API_KEY=...`) must not reach whoever can ask node 0.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable

from distdoctor.model.hang import DistProcess, ProcessState

REDACTED = "***"
# Words that make an option or a variable secret-looking, as part of its name (--hf-token, DB_PASSWORD, --api-key).
_WORDS = r"(token|passw(or)?d|passwd|secret|key|credential|auth|cookie|session)"
# `--name=value` and `NAME=value` with a secret-looking name.
_ASSIGNED = re.compile(rf"^(-{{0,2}}[\w.-]*{_WORDS}[\w.-]*=).*$", re.IGNORECASE)
# `--name value`: the next argument is the value (only for the words that never name a flag without a value).
_FLAG = re.compile(r"^--?[\w.-]*(token|passw(or)?d|passwd|secret|credential)[\w.-]*$", re.IGNORECASE)
# user:password@ in a URL.
_URL_PASSWORD = re.compile(r"(://[^/@:\s]+:)[^/@\s]+@")


def redact_args(args: Iterable[str]) -> tuple[str, ...]:
    """A command line with the values of secret-looking options and assignments replaced."""
    out: list[str] = []
    hide_next = False
    for arg in args:
        if hide_next:
            out.append(REDACTED)
            hide_next = False
            continue
        matched = _ASSIGNED.match(arg)
        if matched:
            out.append(matched.group(1) + REDACTED)
            continue
        hide_next = bool(_FLAG.match(arg))
        out.append(_URL_PASSWORD.sub(rf"\g<1>{REDACTED}@", arg))
    return tuple(out)


def redact_env(env: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    return tuple((k, REDACTED if re.search(_WORDS, k, re.IGNORECASE) else v) for k, v in env)


def redact_process(p: DistProcess) -> DistProcess:
    return dataclasses.replace(p, cmdline=redact_args(p.cmdline), env=redact_env(p.env))


def redact_states(states: Iterable[ProcessState]) -> list[ProcessState]:
    """States as the relay serves them: every process's command line and variables redacted."""
    return [dataclasses.replace(s, process=redact_process(s.process)) for s in states]
