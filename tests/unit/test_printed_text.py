"""What echo and printf print, as the rules read it, against what dash and bash really print.

risk/checks/shell_builtins.py reads `echo` and `printf` the way each shell does (dash's echo decodes
escapes, bash's needs -e; bash's printf knows `\\xHH` and `\\uHHHH`), so that a script a line
writes is judged by the text it really holds. Here generated echo and printf lines run under the
real dash and bash: what each prints must be one of the readings the rules consider.
"""

from __future__ import annotations

import shlex
import shutil
import subprocess

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from smallops_tui.agent.risk.checks.shell_builtins import printed
from smallops_tui.agent.risk.shell import analyze

SHELLS = [shell for shell in ("dash", "bash") if shutil.which(shell)]
# Escapes, octal and hex digits kept below 0o200 (so each escape is one byte, one character),
# conversions and plain text.
PIECES = st.sampled_from(["a", "rm", " ", "-rf", "src", "\\", "\\\\", "\\n", "\\t", "\\0", "\\1", "\\10", "\\101",
                          "\\0101", "\\x4", "\\x41", "\\u41", "\\u0072", "\\c", "\\e", "\\q", "%s", "%b", "%%", "%d", "0", "1", "7", "x",
                          "'", '"', "-n", "-e", "-E"])
TEXT = st.lists(PIECES, min_size=1, max_size=8).map("".join)


def _real(shell: str, line: str) -> str:
    done = subprocess.run([shell, "-c", line], capture_output=True, timeout=10, env={"PATH": "/usr/bin:/bin",
                                                                                    "LC_ALL": "C.UTF-8"})
    return done.stdout.decode("utf-8", errors="surrogateescape")


def _readings(line: str) -> tuple[str, ...] | None:
    return printed(analyze(line).commands[0])


@pytest.mark.skipif(not SHELLS, reason="neither dash nor bash is installed")
@settings(max_examples=150, deadline=None)
@given(words=st.lists(TEXT, min_size=1, max_size=3), program=st.sampled_from(["echo", "printf", "printf --"]))
def test_what_echo_and_printf_print_is_among_the_readings(words: list[str], program: str) -> None:
    line = f"{program} {' '.join(shlex.quote(w) for w in words)}"
    readings = _readings(line)
    if readings is None:
        return  # a conversion the rules do not read: the written file counts as unknown (HIGH)
    for shell in SHELLS:
        assert _real(shell, line) in readings, (shell, line, readings)


@pytest.mark.skipif(not SHELLS, reason="neither dash nor bash is installed")
@pytest.mark.parametrize("line", [
    "echo 'rm\\040-rf src'", "echo -e 'rm\\x20-rf src'", "echo -e 'r\\u006d -rf src'", "printf 'rm\\x20-rf'",
    "printf '\\u0072m'", "printf '%b' 'rm\\040-rf'", "printf '%s %s\\n' a b c", "printf '%5s|%-3s|' ab c",
    "echo -n x", "echo 'a\\cb'", "printf '%b' 'a\\cb'", "printf 'a\\cb'",
])
def test_the_shells_differences_are_each_a_reading(line: str) -> None:
    readings = _readings(line)
    assert readings is not None
    for shell in SHELLS:
        assert _real(shell, line) in readings, (shell, line, readings)
