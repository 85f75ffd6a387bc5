"""LaunchConfig from flags, launch commands, env vars and schedulers: values and the sources they quote."""

from __future__ import annotations

import pytest

from distdoctor.config import load_config, parse_launch_command
from distdoctor.errors import UsageError
from distdoctor.model import NodeRange, Source


def load(flags=None, command=None, env=None):  # type: ignore[no-untyped-def]
    return load_config(flags or {}, command, env or {})[0]


def test_defaults_are_torchruns_single_node() -> None:
    c = load()
    assert c.nnodes.value == NodeRange(1, 1) and c.nnodes.source == Source("default")
    assert (c.master_addr.value, c.master_port.value) == ("127.0.0.1", 29500)  # type: ignore[union-attr]
    assert c.rdzv_backend.value == "static"


def test_flags_win_over_env_and_remember_their_source() -> None:
    c = load({"master_addr": "10.0.0.1", "nnodes": "1:4"}, env={"MASTER_ADDR": "10.9.9.9", "MASTER_PORT": "1234"})
    assert c.master_addr.value == "10.0.0.1" and c.master_addr.source == Source("flag", "--master-addr")  # type: ignore[union-attr]
    assert c.master_port.value == 1234 and c.master_port.source == Source("env", "MASTER_PORT")  # type: ignore[union-attr]
    assert c.nnodes.value == NodeRange(1, 4)


@pytest.mark.parametrize(
    ("flags", "env", "master"),
    [
        ({}, {}, True),
        ({"nnodes": "2", "node_rank": "1"}, {}, False),
        ({"nnodes": "2"}, {"PET_NODE_RANK": "0"}, True),
        ({"nnodes": "2"}, {"TORCHELASTIC_RUN_ID": "x", "GROUP_RANK": "3"}, False),
    ],
)
def test_node_rank_and_master_port_are_always_set_and_node_rank_0_is_the_master(
    flags: dict[str, str], env: dict[str, str], master: bool
) -> None:
    c = load(flags, env=env)
    assert c.node_rank.value >= 0 and c.master_port.value == 29500
    assert c.is_master is master


def test_multi_node_without_master_has_none() -> None:
    assert load({"nnodes": "2"}).master_addr is None


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        ({"master_port": "abc"}, "--master-port 'abc': expected an integer port from 1 to 65535, e.g. 29500"),
        ({"master_port": "70000"}, "--master-port '70000': expected an integer port"),
        ({"nnodes": "0"}, "--nnodes '0': expected a positive integer N or a range MIN:MAX"),
        ({"nnodes": "4:2"}, "--nnodes '4:2': expected"),
        ({"node_rank": "-1"}, "--node-rank '-1': expected an integer from 0 upwards"),
        ({"nproc_per_node": "many"}, "--nproc-per-node 'many': expected a positive integer, or auto, gpu, cpu"),
    ],
)
def test_bad_flag_is_a_usage_error_naming_flag_and_form(flags: dict[str, str], message: str) -> None:
    with pytest.raises(UsageError) as err:
        load(flags)
    assert err.value.message.startswith(message)
    assert err.value.exit_code == 2


@pytest.mark.parametrize(
    "argv",
    [
        [
            "torchrun",
            "--nnodes=2",
            "--nproc_per_node=4",
            "--node_rank=1",
            "--master_addr=10.0.0.1",
            "--master_port=29501",
            "train.py",
            "--lr",
            "0.1",
        ],
        [
            "torchrun",
            "--nnodes",
            "2",
            "--nproc-per-node",
            "4",
            "--node-rank",
            "1",
            "--master-addr",
            "10.0.0.1",
            "--master-port",
            "29501",
            "train.py",
            "--lr",
            "0.1",
        ],
        [
            "python3",
            "-u",
            "-m",
            "torch.distributed.run",
            "--nnodes=2",
            "--nproc-per-node=4",
            "--node-rank=1",
            "--master-addr=10.0.0.1",
            "--master-port=29501",
            "train.py",
            "--lr",
            "0.1",
        ],
        [
            "/usr/bin/python",
            "-m",
            "torch.distributed.launch",
            "--nproc_per_node=4",
            "--nnodes=2",
            "--node_rank=1",
            "--master_addr=10.0.0.1",
            "--master_port=29501",
            "--use_env",
            "train.py",
            "--lr",
            "0.1",
        ],
    ],
    ids=["torchrun-underscore", "torchrun-dash", "python-m-run", "launch-use-env"],
)
def test_launch_commands(argv: list[str]) -> None:
    c, launch = load_config({}, argv, {"MASTER_ADDR": "10.9.9.9"})
    assert launch and launch.script == "train.py" and launch.script_args == ("--lr", "0.1")
    assert (c.nnodes.value, c.node_rank.value, c.nproc_per_node.value) == (NodeRange(2, 2), 1, 4)  # type: ignore[union-attr]
    assert (c.master_addr.value, c.master_port.value) == ("10.0.0.1", 29501)  # type: ignore[union-attr]
    assert c.master_addr.source.kind == "command"  # type: ignore[union-attr]
    assert c.launcher == launch.launcher
    assert c.use_env == ("--use_env" in argv)


def test_torchrun_ignores_master_addr_from_env_and_says_so() -> None:
    c = load(command=["torchrun", "--nnodes=2", "--node-rank=1", "train.py"], env={"MASTER_ADDR": "10.0.0.1"})
    assert c.master_addr.value == "127.0.0.1" and c.master_addr.source == Source("default")  # type: ignore[union-attr]
    assert any("MASTER_ADDR from the environment is ignored by torchrun" in n for n in c.notes)


def test_pet_variables_are_torchruns_fallbacks() -> None:
    c = load(command=["torchrun", "train.py"], env={"PET_NNODES": "3", "PET_MASTER_ADDR": "10.0.0.5"})
    assert c.nnodes.value == NodeRange(3, 3) and c.master_addr.value == "10.0.0.5"  # type: ignore[union-attr]


def test_standalone_and_c10d_endpoint() -> None:
    c = load(command=["torchrun", "--standalone", "--nproc-per-node=2", "t.py"])
    assert c.nnodes.value == NodeRange(1, 1) and c.rdzv_backend.value == "c10d"
    c = load(command=["torchrun", "--nnodes=1:4", "--rdzv-backend=c10d", "--rdzv-endpoint=head:29400", "t.py"])
    assert (c.master_addr.value, c.master_port.value) == ("head", 29400)  # type: ignore[union-attr]
    assert c.master_addr.source == Source("command", "--rdzv-endpoint")  # type: ignore[union-attr]


def test_env_words_before_the_launcher() -> None:
    c = load(command=["env", "MASTER_PORT=29600", "torchrun", "--nnodes=2", "--master-addr=10.0.0.1", "t.py"])
    assert c.master_port.value == 29600 and c.master_port.source == Source("command", "MASTER_PORT")  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["deepspeed", "train.py"], "not a launch command distdoctor can read"),
        (["python", "train.py"], "not a launch command distdoctor can read"),
        (["torchrun", "--nnodes"], "cannot read the launch command: argument --nnodes"),
        (["torchrun", "--nnodes=zero", "t.py"], "--nnodes 'zero' in the launch command: expected"),
        (["MASTER_ADDR=x"], "the launch command after -- is empty"),
    ],
)
def test_unreadable_launch_command_is_a_usage_error(argv: list[str], message: str) -> None:
    with pytest.raises(UsageError) as err:
        parse_launch_command(argv)
    assert message in err.value.message


def test_under_torchrun_values_are_torchruns() -> None:
    env = {
        "TORCHELASTIC_RUN_ID": "x",
        "WORLD_SIZE": "4",
        "RANK": "3",
        "LOCAL_RANK": "1",
        "LOCAL_WORLD_SIZE": "2",
        "GROUP_RANK": "1",
        "MASTER_ADDR": "10.0.0.1",
        "MASTER_PORT": "29500",
    }
    c = load(env=env)
    assert c.rank.source == Source("torchrun", "RANK") and c.node_rank.value == 1  # type: ignore[union-attr]
    assert c.nproc_per_node.value == 2  # type: ignore[union-attr]


def test_bad_env_value_is_kept_for_a_finding_not_raised() -> None:
    c = load(env={"MASTER_PORT": "port"})
    (bad,) = c.invalid
    assert (bad.name, bad.raw, bad.source) == ("MASTER_PORT", "port", Source("env", "MASTER_PORT"))
    assert c.master_port.value == 29500  # type: ignore[union-attr]


# Variables as TESTBED.md recorded them from a real srun task on the namespace Slurm cluster.
SLURM_TASK = {
    "SLURM_JOB_ID": "7",
    "SLURM_PROCID": "1",
    "SLURM_NTASKS": "2",
    "SLURM_NODEID": "1",
    "SLURM_LOCALID": "0",
    "SLURM_JOB_NODELIST": "node[1-2]",
    "SLURM_JOB_NUM_NODES": "2",
}


def test_slurm() -> None:
    c = load(env=SLURM_TASK)
    assert c.scheduler == "slurm"
    assert (c.nnodes.value, c.node_rank.value, c.master_addr.value) == (NodeRange(2, 2), 1, "node1")  # type: ignore[union-attr]
    assert c.master_addr.source == Source("slurm", "SLURM_JOB_NODELIST")  # type: ignore[union-attr]
    assert c.master_port.value == 29500 and c.master_port.source == Source("default")  # type: ignore[union-attr]
    assert c.rank.value == 1 and c.rank.source.kind == "slurm"  # type: ignore[union-attr]


def test_slurm_master_addr_from_env_wins() -> None:
    c = load(env={**SLURM_TASK, "MASTER_ADDR": "10.2.0.1", "SLURM_JOB_NODELIST": "gpu[07,09-12]"})
    assert c.master_addr.value == "10.2.0.1"  # type: ignore[union-attr]
    assert load(env={**SLURM_TASK, "SLURM_JOB_NODELIST": "gpu[07,09-12]"}).master_addr.value == "gpu07"  # type: ignore[union-attr]


def test_openmpi() -> None:
    env = {
        "OMPI_COMM_WORLD_RANK": "1",
        "OMPI_COMM_WORLD_SIZE": "2",
        "OMPI_COMM_WORLD_LOCAL_RANK": "0",
        "OMPI_COMM_WORLD_LOCAL_SIZE": "1",
        "MASTER_ADDR": "10.0.0.1",
    }
    c = load(env=env)
    assert c.scheduler == "openmpi"
    assert (c.nnodes.value, c.node_rank.value, c.rank.value, c.world_size.value) == (NodeRange(2, 2), 1, 1, 2)  # type: ignore[union-attr]
    assert c.node_rank.source.kind == "openmpi"  # type: ignore[union-attr]


def test_pytorchjob_counts_pods_and_says_which_reading() -> None:
    env = {
        "KUBERNETES_SERVICE_HOST": "10.96.0.1",
        "MASTER_ADDR": "job-master-0",
        "MASTER_PORT": "23456",
        "WORLD_SIZE": "3",
        "RANK": "2",
        "PYTHONUNBUFFERED": "0",
    }
    c = load(env=env)
    assert c.scheduler == "pytorchjob"
    assert (c.nnodes.value, c.node_rank.value) == (NodeRange(3, 3), 2)  # type: ignore[union-attr]
    assert c.nnodes.source == Source("pytorchjob", "WORLD_SIZE")
    assert c.world_size is None and c.rank is None
    assert any("number of pods" in n for n in c.notes)
