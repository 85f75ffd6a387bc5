"""What a rank's own code is doing, from its frames: checkpoint save, data loading, compile, tokenisation or
preprocessing, evaluation, I/O wait, or plain user code. Pure: frames in, a phase out."""

from __future__ import annotations

import re
from collections.abc import Sequence

from distdoctor.model.hang import Frame

USER_CODE = "user code"
_STDLIB = re.compile(r"/lib/python3\.\d+/")


def is_torch(frame: Frame) -> bool:
    return frame.short.startswith("torch/") or "/site-packages/torch/" in frame.filename


def is_stdlib(frame: Frame) -> bool:
    return bool(_STDLIB.search(frame.filename)) and "-packages/" not in frame.filename


def is_own(frame: Frame) -> bool:
    """A frame of the program's own code: not torch, not the standard library."""
    return not is_torch(frame) and not is_stdlib(frame)


# (phase, frame-name pattern, file pattern); the innermost frame that matches any of them names the phase.
_PHASES: tuple[tuple[str, re.Pattern[str], re.Pattern[str] | None], ...] = (
    (
        "checkpoint save",
        # Not torch.utils.checkpoint (activation checkpointing runs inside a step): only saves.
        re.compile(
            r"(?i)(?:save|write|dump|persist|upload|store).*(?:checkpoint|ckpt|state|model|weights)|"
            r"^save_file$"
        ),
        re.compile(r"torch/serialization\.py$|torch/distributed/checkpoint/|safetensors/"),
    ),
    (
        "data loading",
        re.compile(r"(?i)^_next_data$|^_get_data$|^_try_get_data$|load_(?:batch|data|shard)|get_batch|next_batch"),
        re.compile(r"torch/utils/data/|/datasets/(?!.*tokeniz)|webdataset/|streaming/"),
    ),
    (
        "compile",
        re.compile(r"(?i)^compile|_compile$|^compile_fx|^codegen"),
        re.compile(r"torch/_dynamo/|torch/_inductor/|torch/_functorch/|triton/"),
    ),
    (
        "tokenisation or preprocessing",
        re.compile(r"(?i)tokeni[sz]|preprocess|encode_batch|build_vocab|prepare_(?:data|dataset)"),
        re.compile(r"tokenizers/|transformers/tokenization|sentencepiece/"),
    ),
    ("evaluation", re.compile(r"(?i)^(?:eval|evaluate|evaluation|validate|validation|run_eval|test_epoch)"), None),
)
_IO = re.compile(
    r"(?:^|/)(?:socket|ssl|selectors|subprocess|shutil|http/client|urllib/request|ftplib)\.py$|"
    r"requests/|urllib3/|boto3/|botocore/|s3fs/|fsspec/|google/cloud/storage/"
)
_IO_NAMES = frozenset({"read", "readinto", "recv", "recv_into", "wait", "select", "poll", "copyfileobj", "communicate"})


def phase_of(frames: Sequence[Frame]) -> str:
    """The phase the innermost telling frame names (frames innermost first); USER_CODE when none tells."""
    for f in frames:
        name = f.name.rsplit(".", 1)[-1]
        for phase, names, files in _PHASES:
            if names.search(name) or (files is not None and files.search(f.short)):
                return phase
    for f in frames:
        if _IO.search(f.short) or (f.name in _IO_NAMES and f.short.startswith(("io", "_pyio"))):
            return "I/O wait"
    return USER_CODE
