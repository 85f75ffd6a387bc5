"""The layers of DESIGN.md hold: data flows config -> facts -> rules -> render, all speaking model/.

The imports are read with ast (nothing is imported to find them), so a function-level import counts as much as a
top-level one: a lazy import still puts the arrow in the code.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "distdoctor"

# The pure layers: decisions and presentation over data, never gathering it.
PURE = ("rules", "render", "catalogue", "model")
PRODUCERS = ("config", "facts", "gather", "hang", "smoke", "commands")
IO_MODULES = ("socket", "subprocess", "asyncio", "psutil", "selectors", "ssl", "signal")
# model/ is the floor: it may lean on these and on itself only.
MODEL_MAY_IMPORT = ("model", "errors", "defaults")


def _package_of(path: Path, root: Path) -> str:
    rel = path.relative_to(root)
    return rel.parts[0] if len(rel.parts) > 1 else rel.stem


def _imports(path: Path, root: Path) -> list[tuple[int, str]]:
    """(line, absolute module) of every import in one file, relative ones resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    here = ["distdoctor", *path.relative_to(root).with_suffix("").parts]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([*here[: len(here) - node.level], *([base] if base else [])])
            found.append((node.lineno, base))
            # `from distdoctor import defaults` names a module, not an attribute
            if base == "distdoctor":
                found += [(node.lineno, f"distdoctor.{alias.name}") for alias in node.names]
    return found


def _edges(root: Path) -> list[tuple[str, str, str, int]]:
    """(importing package, imported package or top-level module, file, line), one per import statement."""
    edges = []
    for path in sorted(root.rglob("*.py")):
        pkg = _package_of(path, root)
        for line, module in _imports(path, root):
            parts = module.split(".")
            if parts[0] == "distdoctor" and len(parts) > 1:
                target = parts[1]
            elif parts[0] != "distdoctor":
                target = "!" + parts[0]  # outside the package
            else:
                continue
            if target != pkg:
                edges.append((pkg, target, str(path.relative_to(root)), line))
    return edges


def violations(root: Path = PACKAGE) -> list[str]:
    """Every arrow against the flow, as `file:line: a -> b (why)`."""
    bad = []
    for pkg, target, where, line in _edges(root):
        module = target.lstrip("!")
        if pkg in PURE and target in PRODUCERS:
            bad.append(f"{where}:{line}: {pkg} -> {target} (a pure layer imports a producer)")
        if pkg in PURE and target.startswith("!") and module in IO_MODULES:
            bad.append(f"{where}:{line}: {pkg} -> {module} (a pure layer does I/O)")
        if pkg == "facts" and target == "rules":
            bad.append(f"{where}:{line}: facts -> rules (a gatherer decides)")
        if pkg == "model" and not target.startswith("!") and target not in MODEL_MAY_IMPORT:
            bad.append(f"{where}:{line}: model -> {target} (model/ is the floor)")
    return bad


def package_cycles(root: Path = PACKAGE) -> list[list[str]]:
    """Cycles among distdoctor's packages (depth-first search over the package graph)."""
    graph: dict[str, set[str]] = defaultdict(set)
    for pkg, target, _, _ in _edges(root):
        if not target.startswith("!"):
            graph[pkg].add(target)
    cycles: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the stack, 2: done
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                cycles.append([*stack[stack.index(nxt) :], nxt])
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    return cycles


def test_no_import_runs_against_the_flow() -> None:
    assert violations() == []


def test_no_package_cycle() -> None:
    assert package_cycles() == []


def test_the_walk_sees_an_arrow_against_the_flow(tmp_path: Path) -> None:
    """The checker itself: a planted rules -> hang import, an I/O import in render and a facts <-> rules cycle."""
    for pkg in ("rules", "render", "facts", "hang"):
        (tmp_path / pkg).mkdir()
        (tmp_path / pkg / "__init__.py").write_text("")
    (tmp_path / "rules" / "bad.py").write_text("from distdoctor.hang.stacks import dump_all\n")
    (tmp_path / "render" / "bad.py").write_text("def f():\n    import subprocess\n")
    (tmp_path / "facts" / "bad.py").write_text("from ..rules import bad\n")
    (tmp_path / "hang" / "x.py").write_text("from distdoctor.facts import bad\n")
    found = violations(tmp_path)
    assert any("rules -> hang" in v for v in found)
    assert any("render -> subprocess" in v for v in found)
    assert any("facts -> rules" in v for v in found)
    assert ["facts", "rules", "hang", "facts"] in package_cycles(tmp_path)


@pytest.mark.parametrize("module", ["distdoctor.rules.lint", "distdoctor.rules.stacks", "distdoctor.render.text"])
def test_importing_a_pure_module_loads_no_io_module(module: str) -> None:
    code = f"import sys, json, {module}; print(json.dumps(sorted(sys.modules)))"
    loaded = set(json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True, check=True).stdout))
    assert loaded.isdisjoint({"socket", "subprocess", "asyncio", "psutil", "distdoctor.gather", "distdoctor.hang"})
