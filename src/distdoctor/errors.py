"""The errors distdoctor raises for user mistakes.

DistDoctorError      a user mistake: a message and the fix; the CLI prints both, no traceback, exit 1
 └── UsageError      bad command-line input (a flag, a launch command): one line, exit 2

Everything distdoctor *diagnoses* is a Finding (model.py), never an exception.
"""

from __future__ import annotations


class DistDoctorError(Exception):
    """A user mistake, with the fix to offer."""

    exit_code = 1

    def __init__(self, message: str, fix: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.fix = fix


class UsageError(DistDoctorError):
    """Bad input on the command line: names the flag and the accepted form."""

    exit_code = 2
