"""The table of torchrun's fields: every reader takes its spellings and its parser from it, and none spells its own.

A bad value is refused by the same parser wherever it comes from: a usage error when the user typed it (a flag, the
launch command line), a finding when the node's environment holds it.
"""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from distdoctor.commands.fanout import Host, remote_command
from distdoctor.config import load_config, parse_launch_command
from distdoctor.config.environment import layer_from_env
from distdoctor.errors import UsageError
from distdoctor.model import LaunchConfig, Source
from distdoctor.model.fields import FIELDS, FLAGS, TABLE, Field
from distdoctor.smoke.launch import in_place_env

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "distdoctor"

# One value each field's parser takes, and one it refuses (None: the field takes any text).
GOOD = {
    "nnodes": "2",
    "node_rank": "1",
    "nproc_per_node": "4",
    "master_addr": "10.0.0.1",
    "master_port": "29600",
    "rdzv_backend": "c10d",
    "rdzv_endpoint": "10.0.0.1:29400",
    "rdzv_id": "job7",
    "world_size": "8",
    "rank": "3",
    "local_rank": "1",
    "local_world_size": "4",
}
BAD = {
    "nnodes": "0",
    "node_rank": "-1",
    "nproc_per_node": "many",
    "master_port": "70000",
    "world_size": "0",
    "rank": "-2",
    "local_rank": "x",
    "local_world_size": "0",
}
REFUSING = [f for f in TABLE if f.name in BAD]


def test_the_table_covers_exactly_the_sourced_fields_of_launch_config() -> None:
    sourced = {f.name for f in dataclasses.fields(LaunchConfig) if str(f.type).startswith("Sourced[")}
    assert set(FIELDS) == sourced == set(GOOD)


def test_rows_spell_torchruns_flags_and_variables() -> None:
    row = {f.name: f for f in TABLE}
    assert row["master_port"].spellings == ("--master-port", "--master_port")
    assert row["nnodes"].spellings == ("--nnodes",)
    assert (row["master_port"].env, row["master_port"].pet) == ("MASTER_PORT", "PET_MASTER_PORT")
    assert row["node_rank"].worker_env == "GROUP_RANK"
    assert all(f.help for f in FLAGS) and not any(f.pet for f in TABLE if not f.flag)


@pytest.mark.parametrize("row", FLAGS, ids=lambda f: f.name)
def test_the_launch_line_reads_every_spelling_of_every_flag(row: Field) -> None:
    for spelling in row.spellings:
        command = parse_launch_command(["torchrun", f"{spelling}={GOOD[row.name]}", "train.py"])
        value = command.layer.values[row.name]
        assert value.value == row.parse(GOOD[row.name]) and value.source == Source("command", row.option)
        assert command.script == "train.py"


@pytest.mark.parametrize("row", TABLE, ids=lambda f: f.name)
def test_the_environment_reads_torchs_variable_and_torchruns_pet(row: Field) -> None:
    for var in (row.env, row.pet):
        if var:
            layer = layer_from_env({var: GOOD[row.name]})
            assert layer.values[row.name].value == row.parse(GOOD[row.name])
            assert layer.values[row.name].source == Source("env", var)


@pytest.mark.parametrize("row", [f for f in REFUSING if f.flag], ids=lambda f: f.name)
def test_a_typed_value_is_refused_by_the_tables_parser_as_a_usage_error(row: Field) -> None:
    bad, expected = BAD[row.name], f"expected {row.form}"
    with pytest.raises(UsageError) as flag:
        load_config({row.name: bad}, None, {})
    assert flag.value.message == f"{row.option} {bad!r}: {expected}"
    with pytest.raises(UsageError) as line:
        load_config({}, ["torchrun", row.option, bad, "train.py"], {})
    assert line.value.message == f"{row.option} {bad!r} in the launch command: {expected}"
    if row.env:  # MASTER_PORT=70000 torchrun ...: typed on the line like the flag, refused like it
        with pytest.raises(UsageError) as word:
            load_config({}, [f"{row.env}={bad}", "torchrun", "train.py"], {})
        assert word.value.message == f"{row.env} {bad!r} in the launch command: {expected}"
        assert word.value.exit_code == flag.value.exit_code == line.value.exit_code == 2


@pytest.mark.parametrize("row", REFUSING, ids=lambda f: f.name)
def test_the_same_value_in_the_environment_is_kept_for_a_finding(row: Field) -> None:
    for var in (row.env, row.pet):
        if var:
            config, _ = load_config({}, None, {var: BAD[row.name]})
            (invalid,) = config.invalid
            assert (invalid.name, invalid.raw, invalid.expected) == (var, BAD[row.name], row.form)


def test_the_fan_out_writes_each_flag_in_the_tables_spelling() -> None:
    hosts = (Host("a", 0), Host("b", 1))
    flags = {f.name: GOOD[f.name] for f in FLAGS if f.name != "node_rank"}
    argv = remote_command(hosts[1], hosts, flags, [], "distdoctor")
    given = {row.name: argv[argv.index(row.option) + 1] for row in FLAGS}
    assert given == {**flags, "node_rank": "1"}


def test_smoke_in_place_hands_each_field_to_its_variable() -> None:
    config, _ = load_config({"nnodes": "2", "node_rank": "1", "master_addr": "10.0.0.1"}, None, {})
    env = in_place_env(config, {})
    assert (env["GROUP_RANK"], env["MASTER_ADDR"], env["MASTER_PORT"]) == ("1", "10.0.0.1", "29500")


def _string_collections(path: Path) -> list[tuple[int, set[str]]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        items = node.elts if isinstance(node, ast.Tuple | ast.List | ast.Set) else []
        if isinstance(node, ast.Dict):
            items = [k for k in node.keys if k is not None]
        words = {e.value for e in items if isinstance(e, ast.Constant) and isinstance(e.value, str)}
        found.append((node.lineno if hasattr(node, "lineno") else 0, words))
    return found


def _spellings() -> set[str]:
    """torchrun's flags in every form code could write them: field name, both spellings, bare dash name, PET_."""
    return {s for f in FLAGS for s in (f.name, *f.spellings, f.option.removeprefix("--"), f.pet)}


def test_no_module_but_the_table_lists_torchruns_fields() -> None:
    """A literal list, tuple, set or dict naming three or more of torchrun's flags (in any form) is a second table.

    (Lists of environment variables, such as the ones a rank's identity is read from, are about processes.)"""
    spelled = _spellings()
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.relative_to(PACKAGE).as_posix() == "model/fields.py":
            continue
        for line, words in _string_collections(path):
            if len(words & spelled) >= 3:
                offenders.append(f"{path.relative_to(PACKAGE)}:{line}: {sorted(words & spelled)}")
    assert not offenders, "\n".join(offenders)


def test_no_module_but_the_table_spells_a_flag() -> None:
    """`--master-port` and `PET_MASTER_PORT` as code: a message may still name a flag inside its sentence."""
    spelled = {s for f in FLAGS for s in (*f.spellings, f.pet)}
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.relative_to(PACKAGE).as_posix() == "model/fields.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                head = node.value.partition("=")[0]
                if node.value in spelled or (head in spelled and node.value.startswith("-")):
                    offenders.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: {node.value!r}")
    assert not offenders, "\n".join(offenders)
