"""Hypothesis-made frames that pass the framing layer (a valid length, valid JSON), sent to a live node 0 (the real
CLI): it survives every one and still gives the honest nodes their correct verdict."""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adversarial.forge import RawPeer, cluster, forged_report, frame, names
from distdoctor.gather.wire import TYPES

pytestmark = pytest.mark.timeout(240)

_text = st.text(max_size=12) | st.sampled_from(["\ud800", "\x1b[31m", "node_rank", "-1", "NaN", "report"])
_json = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70) | st.floats() | _text,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_text, inner, max_size=4),
    max_leaves=16,
)


def _mutated(seed: int, value: Any) -> Any:
    """An honest report with one value somewhere inside replaced."""
    body = forged_report(1, 3, "10.0.0.1", 29500, hostname="fuzzed")
    rng = random.Random(seed)
    node: Any = body
    for _ in range(rng.randint(1, 5)):
        if isinstance(node, dict) and node:
            key = rng.choice(sorted(node))
            if not isinstance(node[key], (dict, list)) or rng.random() < 0.3:
                node[key] = value
                return body
            node = node[key]
        elif isinstance(node, list) and node:
            i = rng.randrange(len(node))
            if not isinstance(node[i], (dict, list)):
                node[i] = value
                return body
            node = node[i]
    return body


_bodies = _json | st.builds(_mutated, st.integers(0, 2**32), _json)
_frames = st.fixed_dictionaries(
    {"v": st.sampled_from([1, 1, 1, 2]), "type": st.sampled_from(sorted(TYPES)), "body": _bodies},
    optional={"mac": st.text(max_size=70), "seq": _json, "cn": _json},
)


def test_hypothesis_frames_do_not_stop_node_0_or_fool_it() -> None:
    with cluster(2, wait_s=60) as c:
        node0 = c.start(0)

        @settings(max_examples=150, deadline=None, database=None, suppress_health_check=list(HealthCheck))
        @given(_frames)
        def attack(obj: dict[str, Any]) -> None:
            data = json.dumps(obj).encode()  # Python writes NaN/Infinity too: json.loads on node 0 reads them
            with contextlib.suppress(OSError):
                peer = RawPeer(c.addr, c.port, timeout_s=5)
                peer.read()
                peer.send(frame(data))
                peer.close()
            assert node0.proc.poll() is None, node0.proc.communicate()[1][-3000:]

        attack()
        worker = c.start(1)
        master, got = node0.finish(), worker.finish()
    for report in (master, got):
        assert "node-missing" not in names(report)
        assert report["data"]["complete"]
    assert [n["label"].split(" (")[0] for n in master["data"]["nodes"]] == ["node_rank 0", "node_rank 1"]
