"""`related`: the files a task's words point to, for a task that names none (levers/related.py)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.agent.session.levers.opening import MENTIONED_BYTES, mentioned_files
from smallops_tui.agent.session.levers.related import related_order, words

CLOCK = ('def minutes_until(now, departure):\n    """Minutes from now to the departure."""\n'
         "    return departure - now\n")
BOARD = ("from .clock import minutes_until\n\n\ndef render(rows):\n    return '\\n'.join(rows)\n")
README = "# tramboard\n\nA departure board for one tram stop. Run the tests with unittest.\n"


def _project(root: Path, files: dict[str, str | bytes]) -> Workspace:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text)
    return Workspace(root)


def test_words_split_identifiers_and_leave_out_what_every_task_says() -> None:
    assert set(words("Please fix minutes_until in TokenBucket so the file works")) == {
        "minutes_until", "minutes", "until", "tokenbucket", "token", "bucket"}


def test_the_file_that_defines_a_name_the_task_spells_as_code_comes_first(tmp_path: Path) -> None:
    ws = _project(tmp_path, {"README.md": README, "tramboard/board.py": BOARD, "tramboard/clock.py": CLOCK,
                             "tramboard/__init__.py": ""})
    order = related_order("minutes_until() gives -1425 minutes at midnight on the departure board", ws,
                          ws.walk_files(), MENTIONED_BYTES)
    assert order[0] == "tramboard/clock.py"
    assert "tramboard/__init__.py" not in order  # empty: holds none of the words


def test_a_symptom_points_to_the_files_holding_its_rarer_words(tmp_path: Path) -> None:
    ws = _project(tmp_path, {"README.md": README, "tramboard/board.py": BOARD, "tramboard/clock.py": CLOCK,
                             "notes.txt": "shopping: bread, milk\n"})
    order = related_order("The wait shows minutes from the departure, negative after midnight", ws,
                          ws.walk_files(), MENTIONED_BYTES)
    assert order[0] == "tramboard/clock.py" and "notes.txt" not in order


def test_binary_big_and_wordless_files_are_left_out(tmp_path: Path) -> None:
    ws = _project(tmp_path, {"clock.py": CLOCK, "blob.bin": b"minutes\x00departure", "big.py": "minutes = 1\n" * 1000})
    assert related_order("minutes to departure", ws, ws.walk_files(), MENTIONED_BYTES) == ["clock.py"]
    assert related_order("the and of", ws, ws.walk_files(), MENTIONED_BYTES) == []


def test_related_files_follow_the_named_ones_and_only_with_the_lever(tmp_path: Path) -> None:
    ws = _project(tmp_path, {"README.md": README, "tramboard/board.py": BOARD, "tramboard/clock.py": CLOCK})
    task = "In README.md, say that minutes_until counts past midnight"
    assert mentioned_files(task, ws)[1] == ["README.md"]
    assert mentioned_files(task, ws, related=True)[1][:2] == ["README.md", "tramboard/clock.py"]
    assert mentioned_files(task, ws, named=False, related=True)[1][0] == "tramboard/clock.py"


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=300))
def test_any_task_gives_an_order_of_existing_files_each_once(task: str) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as root:
        ws = _project(Path(root), {"README.md": README, "tramboard/board.py": BOARD, "tramboard/clock.py": CLOCK})
        order = related_order(task, ws, ws.walk_files(), MENTIONED_BYTES)
        assert len(order) == len(set(order)) and set(order) <= set(ws.walk_files())


def test_commanded_shows_the_modules_the_quoted_commands_run_after_the_named_files(tmp_path: Path) -> None:
    ws = _project(tmp_path, {"README.md": README, "tramboard/board.py": BOARD, "tramboard/clock.py": CLOCK,
                             "tramboard/__init__.py": "", "tramboard/show/__main__.py": "print(1)\n",
                             "stops.csv": "stop\nHigh St\n"})
    task = ("`python -m tramboard.board stops.csv` shows the wrong minutes, and so does `python -m tramboard.show`; "
            "`python -m tramboard.gone` is no module")
    assert mentioned_files(task, ws)[1] == ["stops.csv"]  # the lever off: only the file it names
    assert mentioned_files(task, ws, commanded=True)[1] == ["stops.csv", "tramboard/board.py", "tramboard/show/__main__.py"]
