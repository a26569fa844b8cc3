"""`smallops config` with no argument, through the installed `smallops`: every setting in force,
its value, and where it came from (default, the config file, SMALLOPS_<NAME>, OLLAMA_HOST); a bad
value is one sentence naming where it came from. (It was a usage error.)"""

from __future__ import annotations

import subprocess
from pathlib import Path

from smallops_tui.config import Settings


def config(smallops: Path, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(smallops), "config"], env=env, cwd=cwd, capture_output=True, text=True, timeout=60)


def test_config_shows_each_setting_and_its_source(smallops_bin, app_env, calc_workspace, tmp_path) -> None:
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "config.toml").write_text('model = "qwen3:1.7b"\nstep_cap = 12\n')
    env = dict(app_env, SMALLOPS_APPROVAL="auto-low", OLLAMA_HOST="127.0.0.1:11500")
    done = config(smallops_bin, env, calc_workspace)
    assert done.returncode == 0, done.stderr
    rows = {line.split()[0]: line.split(None, 2)[1:] for line in done.stdout.splitlines()[3:]
            if line and line.split()[0] in Settings.model_fields}
    assert set(rows) == set(Settings.model_fields)  # every setting, none left out
    assert rows["model"] == ["qwen3:1.7b", "config file"] and rows["step_cap"] == ["12", "config file"]
    assert rows["approval"] == ["auto-low", "SMALLOPS_APPROVAL"]
    assert rows["url"] == ["127.0.0.1:11500", "OLLAMA_HOST (for Ollama)"]
    assert rows["backend"] == ["auto", "default"] and rows["constrained"] == ["yes", "default"]
    assert done.stdout.startswith(f"config file: {tmp_path / 'config' / 'config.toml'}\n")


def test_a_bad_setting_is_one_sentence(smallops_bin, app_env, calc_workspace) -> None:
    done = config(smallops_bin, dict(app_env, SMALLOPS_STEP_CAP="many"), calc_workspace)
    assert done.returncode == 2 and "Traceback" not in done.stderr and done.stderr.count("\n") == 1
    assert done.stderr.startswith("smallops config: environment (SMALLOPS_*): step_cap:")
