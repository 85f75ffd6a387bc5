"""The ranges the model knows, as msgspec constraints: checked whenever data is decoded (a frame from the wire, a
report read back, a recorded fixture), never when a producer builds a value."""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta

# Larger than any real duration (31 years); also what keeps inf and NaN out (NaN fails every comparison).
MAX_SECONDS = 1e9
MAX_FINITE = 1e300

Port = Annotated[int, Meta(ge=1, le=65535, description="a TCP port, 1..65535")]
# A port read from a process's environment (0: unset or unusable, as torch would find it).
AnyPort = Annotated[int, Meta(ge=0, le=65535)]
Rank = Annotated[int, Meta(ge=0, description="a rank, node_rank or index, from 0")]
Count = Annotated[int, Meta(ge=0)]
PositiveCount = Annotated[int, Meta(ge=1)]
Pid = Annotated[int, Meta(ge=0)]
Seconds = Annotated[float, Meta(ge=0, le=MAX_SECONDS, description="seconds, finite")]
NonNegative = Annotated[float, Meta(ge=0, le=MAX_FINITE)]
Finite = Annotated[float, Meta(ge=-MAX_FINITE, le=MAX_FINITE)]
