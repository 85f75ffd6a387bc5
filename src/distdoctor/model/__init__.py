"""The data that crosses distdoctor's layers. Every layer imports its types from here; this package imports
nothing of distdoctor's but itself and defaults.

config      LaunchConfig and its sourced values, a launch command as read, the config layers
fields      the one table of torchrun's fields: flag spellings, variables, parser and accepted form; the parsers
facts       one node's measurements (NodeFacts) and a training script's local-rank use
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

from distdoctor.model.config import (
    InvalidValue,
    LaunchConfig,
    NodeRange,
    Source,
    Sourced,
    SourceKind,
)
from distdoctor.model.facts import (
    Gpu,
    Interface,
    NodeFacts,
    PortBind,
    Probe,
    ProbeOutcome,
    ProcessInfo,
    Resolution,
    Route,
    Versions,
)
from distdoctor.model.findings import SEVERITIES, Finding, Severity
from distdoctor.model.nodes import Endpoint, NodeReport, PairProbe
from distdoctor.model.report import Report

__all__ = [
    "SEVERITIES",
    "Endpoint",
    "Finding",
    "Gpu",
    "Interface",
    "InvalidValue",
    "LaunchConfig",
    "NodeFacts",
    "NodeRange",
    "NodeReport",
    "PairProbe",
    "PortBind",
    "Probe",
    "ProbeOutcome",
    "ProcessInfo",
    "Report",
    "Resolution",
    "Route",
    "Severity",
    "Source",
    "SourceKind",
    "Sourced",
    "Versions",
]
