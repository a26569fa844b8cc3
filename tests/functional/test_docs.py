"""The README and its picture: the README stays short and its links lead to files in the repository
(mkdocs checks the links inside docs/, not the README's), and docs/make_screenshot.py still draws
the screen from its fixture session through the real app."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
LINK = re.compile(r"\]\(([^)\s]+)\)")


def test_the_readme_is_read_in_five_minutes() -> None:
    assert len(README.read_text(encoding="utf-8").splitlines()) <= 250


def test_every_link_of_the_readme_leads_to_a_file_in_the_repository() -> None:
    targets = [t for t in LINK.findall(README.read_text(encoding="utf-8")) if "://" not in t]
    assert any(t.startswith("docs/") for t in targets)
    missing = [t for t in targets if not (ROOT / t.split("#")[0]).is_file()]
    assert missing == []


def test_the_screenshot_script_draws_the_screen_from_the_fixture_session(tmp_path: Path) -> None:
    out = tmp_path / "screen.svg"
    done = subprocess.run([sys.executable, str(ROOT / "docs" / "make_screenshot.py"), "--out", str(out)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    svg = out.read_text(encoding="utf-8").replace("&#160;", " ")
    assert svg.startswith("<svg")
    # step 2 of fix-add-clean.jsonl waits for the person: its risk, its rule, the diff and the keys
    for shown in ("MEDIUM", "step 2 · write_file", "edit.control_flow", "main.py  +1 -1", "y: approve"):
        assert shown in svg, shown
