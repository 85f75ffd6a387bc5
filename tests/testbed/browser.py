"""Headless Chromium for the HTML report tests: the rendered DOM, and a screenshot kept as a CI artifact."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest

BROWSER_TIMEOUT_S = 90
ARTIFACTS = Path(os.environ.get("DISTDOCTOR_ARTIFACTS") or Path(__file__).resolve().parents[1] / "artifacts")


def chromium() -> str:
    """The chromium binary, or skip the test saying why."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if not found:
        pytest.skip("chromium is not installed (Debian package `chromium`)")
    return found


@dataclass(frozen=True)
class Rendered:
    dom: str
    screenshot: Path

    def count(self, pattern: str) -> int:
        return len(re.findall(pattern, self.dom))

    def text(self) -> str:
        """The DOM's text with tags dropped: what a reader sees."""
        return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", self.dom))


def _argv(binary: str, profile: str) -> list[str]:
    return [
        binary,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--no-first-run",
        "--disable-dev-shm-usage",
        f"--user-data-dir={profile}",
    ]


def render(html: Path, name: str, *, width: int = 1280, height: int = 2000) -> Rendered:
    """Load the file in headless Chromium: its DOM after rendering, and a PNG screenshot under ARTIFACTS."""
    binary = chromium()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shot = ARTIFACTS / f"{name}.png"
    url = html.resolve().as_uri()
    with tempfile.TemporaryDirectory(prefix="dd-chromium-") as profile:
        dom = subprocess.run(
            [*_argv(binary, profile), "--dump-dom", url],
            capture_output=True,
            text=True,
            timeout=BROWSER_TIMEOUT_S,
            check=True,
        ).stdout
        subprocess.run(
            [*_argv(binary, profile), f"--screenshot={shot}", f"--window-size={width},{height}", url],
            capture_output=True,
            timeout=BROWSER_TIMEOUT_S,
            check=True,
        )
    assert "<html" in dom[:200] and dom.rstrip().endswith("</html>"), dom[:200]
    assert shot.stat().st_size > 1000
    return Rendered(dom, shot)
