"""`distdoctor smoke`: the job's real launcher and backend, real collectives checked and timed, one verdict."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from distdoctor.errors import UsageError
from distdoctor.facts.nvidia import gather_gpus
from distdoctor.model import LaunchConfig, Report
from distdoctor.model.fields import option
from distdoctor.model.report import SmokeData
from distdoctor.model.smoke import SmokeEvent, SmokeRun, SmokeSink
from distdoctor.rules.smoke import bandwidth_table, smoke_findings
from distdoctor.smoke.launch import in_place_env, run_torchrun, under_launcher
from distdoctor.smoke.settings import SmokeSettings


def _ignore(event: SmokeEvent) -> None:
    pass


def choose_backend(requested: str | None, environ: Mapping[str, str]) -> str:
    """nccl where this node sees a GPU, else gloo; an explicit nccl without a GPU is a usage error."""
    gpus, _ = gather_gpus(environ)
    if requested in (None, "auto"):
        return "nccl" if gpus else "gloo"
    if requested == "nccl" and not gpus:
        raise UsageError("--backend nccl needs a GPU, and none is visible on this node", "use --backend gloo")
    return requested


def _require_static_flags(config: LaunchConfig) -> None:
    """A static rendezvous across nodes needs node_rank and MASTER_ADDR: torchrun's defaults (0, 127.0.0.1) would
    make every node a node_rank 0 of its own and hang; say so now rather than after the timeout."""
    if not config.nnodes.value.multi_node or config.rdzv_backend.value not in ("static", ""):
        return
    for name, value in ((option("node_rank"), config.node_rank), (option("master_addr"), config.master_addr)):
        if value is None or value.source.kind == "default":
            raise UsageError(
                f"a static rendezvous over {config.nnodes.value} nodes needs {name}",
                f"pass {name} (or set it in the environment, or run under srun/mpirun)",
            )


@dataclass(frozen=True)
class SmokeOutcome:
    """The report, and whether this process should print it (one rank per node does)."""

    report: Report
    show: bool


def smoke(
    config: LaunchConfig,
    environ: Mapping[str, str],
    settings: SmokeSettings,
    on_event: SmokeSink = _ignore,
) -> SmokeOutcome:
    """Run the smoke ranks under torchrun (or in place, when this process is already one rank) and judge them."""
    if under_launcher(config, environ):
        from distdoctor.smoke.rank import run_rank

        env = in_place_env(config, environ)
        # One rank's steps make the live line: the first rank of this node.
        run = run_rank(env, settings, out_dir=None, on_event=on_event if env.get("LOCAL_RANK") == "0" else None)
        if run is None:
            return SmokeOutcome(Report(command="smoke", findings=(), config=config), show=False)
    else:
        _require_static_flags(config)
        run = run_torchrun(config, settings, environ, on_event)
    return SmokeOutcome(report(run, config, settings), show=True)


def report(run: SmokeRun, config: LaunchConfig | None, settings: SmokeSettings) -> Report:
    """A smoke run as a Report: findings, the nccl-tests style table and every rank's steps."""
    findings = smoke_findings(run, settings.min_busbw_gbps)
    note = ""
    if run.local_node_rank is not None and run.ranks:
        note = "rank 0's verdict did not reach this node: only this node's ranks are shown"
    data = SmokeData(run, bandwidth_table(run), note)
    return Report(command="smoke", findings=tuple(findings), config=config, data=data)
