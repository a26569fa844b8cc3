"""The command line's parser runs at every start (`smallops --help`, `smallops sessions`, ...): it
must not load the core's heavy wings (the risk rules, the session, the log's models), which cost
about 0.25 CPU-s (`smallops --help`: 0.36 CPU-s when it did, 0.11 since). A name module beside
the core (backend_names, lever_names, vocabulary_names, policy_names) is what a parser reads.

Each case runs in a fresh interpreter: what this one has already imported says nothing."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

HEAVY = ("smallops_tui.agent.risk", "smallops_tui.agent.session", "smallops_tui.agent.log",
         "smallops_tui.agent.reply.kinds", "smallops_tui.ui", "textual")


def loaded_after(code: str) -> list[str]:
    probe = f"import sys, json\n{code}\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    return [str(name) for name in json.loads(out.splitlines()[-1])]


@pytest.mark.parametrize("code", [
    "import smallops_tui.cli",
    "from smallops_tui.cli.parser import build_parser; build_parser()",
    "import smallops_tui.agent",  # the core's package: its names load on first use
])
def test_the_parser_loads_no_heavy_wing(code: str) -> None:
    heavy = [name for name in loaded_after(code) if name.startswith(HEAVY)]
    assert heavy == [], f"{code!r} loaded {len(heavy)} heavy modules, e.g. {heavy[:5]}"


def test_the_core_names_still_load_on_use() -> None:
    names = loaded_after("import smallops_tui.agent as core\nassert core.Session.__name__ == 'Session'\n"
                         "assert callable(core.classify)\nassert sorted(dir(core)) == sorted(core.__all__)")
    assert "smallops_tui.agent.session.loop" in names and "smallops_tui.agent.risk.classify" in names


def test_every_public_name_of_the_core_has_a_home() -> None:
    import smallops_tui.agent as core

    missing = [name for name in core.__all__ if getattr(core, name, None) is None]
    assert missing == []
    with pytest.raises(AttributeError):
        core.NoSuchName  # noqa: B018
