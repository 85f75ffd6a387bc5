"""The shared secret of a run, as one value that never shows itself.

It is resolved once at the command line (config/secret.py) and handed to gather/'s Channel, which alone reads it
to sign and verify frames. Everything else holds it opaquely: a repr, a str, a traceback's locals, a log line or a
report print a placeholder, never the value.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass, field

_SHOWN = "Secret('***')"


@dataclass(frozen=True, eq=False)
class Secret:
    """Bytes that sign a run's frames; `reveal()` is the one way to read them (the channel, the ssh fan-out's stdin)."""

    _value: bytes = field(repr=False)

    def __post_init__(self) -> None:
        # An empty secret would sign with a key anyone knows: callers mean "no secret" and pass None instead.
        if not self._value:
            raise ValueError("a Secret cannot be empty")

    @classmethod
    def from_text(cls, text: str | None) -> Secret | None:
        """The secret a user typed (flag, env, stdin); None for none or an empty one, as before this type existed."""
        return cls(text.encode()) if text else None

    def reveal(self) -> bytes:
        return self._value

    def __repr__(self) -> str:
        return _SHOWN

    def __str__(self) -> str:
        return _SHOWN

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Secret) and hmac.compare_digest(self._value, other._value)

    def __hash__(self) -> int:
        return hash(Secret)  # equal secrets must hash alike; the value itself is not hashed into a visible number
