"""How a training script takes its local rank, read with `ast`: the script is parsed, never run."""

from __future__ import annotations

import ast
import os
import re

from distdoctor.model.facts import ScriptFacts

_LOCAL_RANK_FLAG = re.compile(r"--local[-_]rank")


def script_facts_from_source(path: str, source: str) -> ScriptFacts:
    """The local-rank options of every add_argument call, and any use of the string "LOCAL_RANK"."""
    try:
        tree = ast.parse(source, filename=path)
    except SyntaxError as exc:
        return ScriptFacts(path, error=f"not valid Python (line {exc.lineno})")
    flags: list[str] = []
    reads_env = False
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "add_argument":
            for arg in node.args:
                if (
                    isinstance(arg, ast.Constant)
                    and isinstance(arg.value, str)
                    and _LOCAL_RANK_FLAG.fullmatch(arg.value)
                ):
                    flags.append(arg.value)
        elif isinstance(node, ast.Constant) and node.value == "LOCAL_RANK":
            reads_env = True
    return ScriptFacts(path, tuple(dict.fromkeys(flags)), reads_env)


def read_script(script: str, cwd: str) -> ScriptFacts:
    """The script named in a launch command, relative to `cwd`; unreadable scripts say why."""
    path = script if os.path.isabs(script) else os.path.join(cwd, script)
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            source = fh.read()
    except OSError as exc:
        return ScriptFacts(script, error=exc.strerror or str(exc))
    return script_facts_from_source(script, source)
