"""The secret is resolved in one place: --secret-stdin, else --secret, else DISTDOCTOR_SECRET; empty means none."""

from __future__ import annotations

import io

import pytest

from distdoctor.config.secret import resolve_secret
from distdoctor.errors import UsageError
from distdoctor.model.secret import Secret


@pytest.mark.parametrize(
    ("flag", "environ", "stdin", "expected"),
    [
        (None, {}, None, None),
        ("", {"DISTDOCTOR_SECRET": "env"}, None, None),  # an empty flag turns the secret off, as click's did
        (None, {"DISTDOCTOR_SECRET": ""}, None, None),
        (None, {"DISTDOCTOR_SECRET": "env"}, None, b"env"),
        ("flag", {"DISTDOCTOR_SECRET": "env"}, None, b"flag"),
        (None, {"DISTDOCTOR_SECRET": "env"}, "piped\n", b"piped"),
        (None, {}, "piped\r\nnext line\n", b"piped"),
    ],
)
def test_where_the_secret_comes_from(
    flag: str | None, environ: dict[str, str], stdin: str | None, expected: bytes | None
) -> None:
    secret = resolve_secret(flag, environ, io.StringIO(stdin) if stdin is not None else None)
    assert (secret.reveal() if secret else None) == expected


@pytest.mark.parametrize(("flag", "stdin", "says"), [("x", "y\n", "not both"), (None, "", "nothing on stdin")])
def test_bad_secret_input_is_a_usage_error(flag: str | None, stdin: str, says: str) -> None:
    with pytest.raises(UsageError, match=says):
        resolve_secret(flag, {}, io.StringIO(stdin))


def test_a_secret_never_shows_its_value() -> None:
    secret = Secret(b"CANARY-5f1e0c")
    assert "CANARY" not in f"{secret} {secret!r} {[secret]} { ({'s': secret}) }"
    with pytest.raises(ValueError):
        Secret(b"")
