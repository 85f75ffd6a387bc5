"""How long an HTML report of a large cluster takes to write and to render in headless Chromium.

    python bench/html_render.py [--nodes 8 64 1024 4096]

Each size is a check verdict from the real rules over simulated nodes (tests/testbed/simulated.py: one node
firewalled, one on another torch). Prints the time to render the HTML in Python, its size, and Chromium's time to
load and lay it out (--dump-dom, and a screenshot) next to Chromium on an empty page, against the 5 s target.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# The simulated verdict lives with the test bed; the bench reuses it rather than a copy.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from distdoctor.render.html import render_html
from testbed.simulated import big_check_report

TARGET_S = 5.0
TARGET_NODES = 1024


def chromium_s(binary: str, html: Path, *, screenshot: Path | None = None) -> float:
    """Wall time of one headless Chromium load of the file (start-up included)."""
    with tempfile.TemporaryDirectory(prefix="dd-bench-") as profile:
        argv = [binary, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
        argv += ["--no-first-run", f"--user-data-dir={profile}"]
        argv += [f"--screenshot={screenshot}", "--window-size=1280,2000"] if screenshot else ["--dump-dom"]
        start = time.perf_counter()
        subprocess.run([*argv, html.as_uri()], capture_output=True, check=True, timeout=120)
        return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, nargs="+", default=[8, 64, 1024, 4096])
    args = parser.parse_args()
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    if not binary:
        print("chromium is not installed (Debian package `chromium`)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="dd-bench-html-") as tmp:
        folder = Path(tmp)
        empty = folder / "empty.html"
        empty.write_text("<!DOCTYPE html><html><body></body></html>")
        base_dom, base_shot = chromium_s(binary, empty), chromium_s(binary, empty, screenshot=folder / "empty.png")
        print(f"chromium on an empty page: dump-dom {base_dom:.2f} s, screenshot {base_shot:.2f} s")
        print(f"{'nodes':>6} {'python render':>14} {'size':>9} {'dump-dom':>9} {'screenshot':>11} {'vs empty':>9}")
        verdicts = []
        for n in args.nodes:
            report = big_check_report(n)
            start = time.perf_counter()
            html = render_html(report, "en")  # type: ignore[arg-type]
            py_s = time.perf_counter() - start
            path = folder / f"check-{n}.html"
            path.write_text(html)
            dom_s = chromium_s(binary, path)
            shot_s = chromium_s(binary, path, screenshot=folder / f"check-{n}.png")
            total = py_s + max(dom_s, shot_s)
            print(f"{n:>6} {py_s:>12.3f} s {len(html) / 1024:>6.0f} KB {dom_s:>7.2f} s {shot_s:>9.2f} s "
                  f"{shot_s / base_shot:>8.2f}x")  # fmt: skip
            if n == TARGET_NODES:
                verdicts.append(f"{n} nodes: written and rendered in {total:.2f} s (target < {TARGET_S:.0f} s): "
                                + ("met" if total < TARGET_S else "MISSED"))  # fmt: skip
        for line in verdicts:
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
