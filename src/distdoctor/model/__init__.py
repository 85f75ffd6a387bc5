"""The data that crosses distdoctor's layers. Every layer imports its types from here; this package imports
nothing of distdoctor's but itself and defaults.

config      LaunchConfig and its sourced values, a launch command as read, the config layers
fields      the one table of torchrun's fields: flag spellings, variables, parser and accepted form; the parsers
facts       one node's measurements (NodeFacts) and a training script's local-rank use
devices     below the network: /dev/shm, memlock, RDMA ports and GIDs, the GPUs' fabric, the NCCL that will load
findings    Finding and its severities
nodes       what nodes exchange while gathering (NodeReport, PairProbe), an ssh run (RemoteRun)
report      Report, what a command hands to render/, and its typed payload per command (CheckData, ...)
hang        processes of a running job, their stacks and states, flight-recorder analysis
smoke       a smoke run's results and progress events
progress    check's gathering events, for the live view
logs        log inputs for explain
codec       model types to JSON and back with msgspec, validated on decode (constraints: ranges the model knows)
secret      the run's shared secret, a value that never prints itself
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from distdoctor.model.config import InvalidValue as InvalidValue
    from distdoctor.model.config import LaunchConfig as LaunchConfig
    from distdoctor.model.config import NodeRange as NodeRange
    from distdoctor.model.config import Source as Source
    from distdoctor.model.config import Sourced as Sourced
    from distdoctor.model.config import SourceKind as SourceKind
    from distdoctor.model.facts import Gpu as Gpu
    from distdoctor.model.facts import Interface as Interface
    from distdoctor.model.facts import Library as Library
    from distdoctor.model.facts import NodeFacts as NodeFacts
    from distdoctor.model.facts import Pick as Pick
    from distdoctor.model.facts import PortBind as PortBind
    from distdoctor.model.facts import Probe as Probe
    from distdoctor.model.facts import ProbeOutcome as ProbeOutcome
    from distdoctor.model.facts import ProcessInfo as ProcessInfo
    from distdoctor.model.facts import Resolution as Resolution
    from distdoctor.model.facts import Route as Route
    from distdoctor.model.facts import Versions as Versions
    from distdoctor.model.findings import SEVERITIES as SEVERITIES
    from distdoctor.model.findings import Finding as Finding
    from distdoctor.model.findings import Severity as Severity
    from distdoctor.model.nodes import Endpoint as Endpoint
    from distdoctor.model.nodes import NodeReport as NodeReport
    from distdoctor.model.nodes import PairProbe as PairProbe
    from distdoctor.model.nodes import PayloadOutcome as PayloadOutcome
    from distdoctor.model.report import Report as Report

# `distdoctor --help` reads model/fields.py alone: the rest loads on first use, not with the package.
_WHERE = {
    "Endpoint": "distdoctor.model.nodes",
    "Finding": "distdoctor.model.findings",
    "Gpu": "distdoctor.model.facts",
    "Interface": "distdoctor.model.facts",
    "InvalidValue": "distdoctor.model.config",
    "LaunchConfig": "distdoctor.model.config",
    "Library": "distdoctor.model.facts",
    "NodeFacts": "distdoctor.model.facts",
    "NodeRange": "distdoctor.model.config",
    "NodeReport": "distdoctor.model.nodes",
    "PairProbe": "distdoctor.model.nodes",
    "PayloadOutcome": "distdoctor.model.nodes",
    "Pick": "distdoctor.model.facts",
    "PortBind": "distdoctor.model.facts",
    "Probe": "distdoctor.model.facts",
    "ProbeOutcome": "distdoctor.model.facts",
    "ProcessInfo": "distdoctor.model.facts",
    "Report": "distdoctor.model.report",
    "Resolution": "distdoctor.model.facts",
    "Route": "distdoctor.model.facts",
    "SEVERITIES": "distdoctor.model.findings",
    "Severity": "distdoctor.model.findings",
    "Source": "distdoctor.model.config",
    "SourceKind": "distdoctor.model.config",
    "Sourced": "distdoctor.model.config",
    "Versions": "distdoctor.model.facts",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(_WHERE[name]), name)
