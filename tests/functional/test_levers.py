"""Harness levers: what each one changes in what the model is sent, seen in the real requests a
server receives (the replay server keeps connections alive, like Ollama)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
import shutil
from pathlib import Path
from typing import Any

import pytest

from smallops_tui.agent.log.json_value import JsonValue
from smallops_tui.agent.reply.actions import vocabulary_schema
from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.backends import OllamaBackend
from smallops_tui.bench.harness import TASKS_DIR, BenchSetup, load_tasks
from smallops_tui.lever_names import GRAMMAR_LEVERS, LEVERS, parse_levers
from smallops_tui.agent.session.levers import CAP_CEILING, CAP_FLOOR, chat_options, file_tree, guidance, paths_schema, task_cap
from smallops_tui.agent.session.levers.opening import EXAMPLE
from smallops_tui.bench.parallel import run_bench

from ..replay_server import ReplayServer, Reply, SeenRequest
from ..streams import turn
from smallops_tui.agent.log.events import ActionProposed
from ..typed import of

MODEL = "qwen2.5-coder:1.5b"


def _alternative(schema: Mapping[str, Any], action: str) -> dict[str, Any] | None:
    return next((a for a in schema["oneOf"] if a["properties"]["action"]["const"] == action), None)


def _the_alternative(schema: Mapping[str, Any], action: str) -> dict[str, Any]:
    """The schema's alternative for `action`, which must be there."""
    alternative = _alternative(schema, action)
    assert alternative is not None, f"no {action} in the schema"
    return alternative


def test_lever_names_parse_to_one_order_and_unknown_ones_are_a_sentence() -> None:
    assert parse_levers("cap,tree") == ("tree", "cap")
    assert parse_levers("all") == tuple(LEVERS) and parse_levers("none") == () and parse_levers("") == ()
    with pytest.raises(ValueError, match="unknown lever magic"):
        parse_levers("tree,magic")


def test_the_file_tree_is_bounded(tmp_path: Path) -> None:
    for i in range(45):
        (tmp_path / f"f{i:02}.txt").write_text("x")
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "HEAD").write_text("ref")
    tree = file_tree(Workspace(tmp_path), limit=40)
    assert tree.startswith("Files in the project (45):\n- f00.txt\n")
    assert "- f39.txt\n- … and 5 more files" in tree and "f40.txt" not in tree and ".git" not in tree


def test_the_per_turn_schema_names_what_exists(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "app.py").write_text("x")
    (tmp_path / "README.md").write_text("x")
    schema = paths_schema("seed", Workspace(tmp_path))
    assert _the_alternative(schema, "read_file")["properties"]["path"] == {"type": "string", "enum": ["README.md", "src/app.py"]}
    assert _the_alternative(schema, "list_dir")["properties"]["path"] == {"type": "string", "enum": [".", "src"]}
    existing, new = _the_alternative(schema, "write_file")["properties"]["path"]["anyOf"]
    assert existing["enum"] == ["README.md", "src/app.py"]
    for path, allowed in [("copy.txt", True), ("src/new.py", True), ("lib/new.py", False), ("../x.py", False),
                          ("src/", False), ("/etc/passwd", False)]:
        assert bool(re.fullmatch(new["pattern"].strip("^$"), path)) is allowed, path
    assert _alternative(schema, "run_command") == _alternative(vocabulary_schema("seed"), "run_command")
    extended = paths_schema("extended", Workspace(tmp_path))
    assert _the_alternative(extended, "replace_lines")["properties"]["path"]["enum"] == ["README.md", "src/app.py"]


def test_an_action_with_nothing_new_to_see_goes_and_a_seen_path_stays_among_others(tmp_path: Path) -> None:
    """`fresh` leaves read_file (list_dir) out when everything was read (listed); a single seen path
    stays in the grammar among the others (left out, the model's wish to read it again came out as a
    read of a neighbouring file), and a read of it is answered instead (seen_again)."""
    (tmp_path / "a.py").write_text("x")
    (tmp_path / "b.py").write_text("x")
    schema = paths_schema("seed", Workspace(tmp_path), narrow=True, fresh=True, done_reads=frozenset({"a.py"}),
                          done_lists=frozenset({"."}))
    assert _the_alternative(schema, "read_file")["properties"]["path"]["enum"] == ["a.py", "b.py"]
    assert _alternative(schema, "list_dir") is None
    both = paths_schema("seed", Workspace(tmp_path), narrow=False, fresh=True, done_reads=frozenset({"a.py", "b.py"}))
    assert _alternative(both, "read_file") is None
    assert _the_alternative(both, "write_file")["properties"]["path"] == {"type": "string"}  # not narrowed


def test_a_read_of_what_was_seen_is_answered_and_the_next_turn_cannot_read() -> None:
    from smallops_tui.agent.reply.actions import ListDir, ReadFile
    from smallops_tui.agent.session.levers.answers import seen_again

    answer = seen_again(ReadFile(action="read_file", path="./a.py"), frozenset({"a.py"}), frozenset())
    assert answer is not None and answer.skip_next == ("read_file",)
    assert "already read a.py" in answer.text and answer.note.startswith("fresh:")
    assert seen_again(ReadFile(action="read_file", path="b.py"), frozenset({"a.py"}), frozenset()) is None
    assert seen_again(ListDir(action="list_dir", path=""), frozenset(), frozenset({"."})) is not None


def test_the_cap_is_sized_to_the_largest_file_and_bounded(tmp_path: Path) -> None:
    (tmp_path / "small.txt").write_text("x" * 30)
    assert task_cap(Workspace(tmp_path)) == CAP_FLOOR
    (tmp_path / "mid.py").write_text("x" * 900)
    assert task_cap(Workspace(tmp_path)) == 2 * 900 // 3 + 96
    (tmp_path / "big.py").write_text("x" * 100_000)
    assert task_cap(Workspace(tmp_path)) == CAP_CEILING
    assert chat_options(("cap",), Workspace(tmp_path), {"temperature": 0.0}) == {"temperature": 0.0,
                                                                                  "num_predict": CAP_CEILING}
    assert chat_options((), Workspace(tmp_path), {"temperature": 0.0}) == {"temperature": 0.0}


def test_the_workspace_facts_say_only_what_is_true(tmp_path: Path) -> None:
    from smallops_tui.agent.session.levers.opening import workspace_facts

    bash, dash = tmp_path / "bin" / "sh", tmp_path / "bin" / "dash"  # /bin/sh as a link to dash, or bash itself
    bash.parent.mkdir()
    bash.write_text("")
    dash.write_text("")
    (tmp_path / "bin" / "sh-dash").symlink_to(dash)
    ws = tmp_path / "ws"
    ws.mkdir()
    assert workspace_facts(Workspace(ws), network=False, shell=str(bash)) == (
        "\nThe project is not a git repository. Commands have no network access.")
    assert workspace_facts(Workspace(ws), network=True, shell=str(tmp_path / "bin" / "sh-dash")) == (
        "\nThe project is not a git repository. Commands run with /bin/sh, which is dash here: its echo has no -e "
        "(use printf).")
    (ws / ".git").mkdir()
    assert workspace_facts(Workspace(ws), network=True, shell=str(bash)) == ""


def test_guidance_names_what_exists(tmp_path: Path) -> None:
    from smallops_tui.agent.session.guards import GuardFlag

    (tmp_path / "math.js").write_text("x")
    text = guidance([GuardFlag("repeat", "the same action was tried at step 1 and failed", step=1)], Workspace(tmp_path))
    assert "already done at step 1" in text and text.endswith("The files that exist: math.js.")
    assert guidance([], Workspace(tmp_path)) == ""


async def _requests(levers: tuple[str, ...], turns: list, task: str, tmp_path: Path) -> tuple[list[SeenRequest], dict]:
    async with ReplayServer({"/api/chat": list(turns)}) as server:
        async with OllamaBackend(server.url, MODEL) as backend:
            setup = BenchSetup(backend, "ollama", server.url, MODEL, {}, policy="approve-all", step_cap=len(turns),
                               wall_cap=30, levers=levers, options={"temperature": 0.0, "seed": 0})
            [record] = await run_bench(load_tasks([task]), setup, 1, tmp_path / "out.jsonl", tmp_path / "logs")
    return [r for r in server.requests if r.path == "/api/chat"], record


async def test_without_levers_the_requests_are_a_plain_sessions(tmp_path: Path) -> None:
    turns = [turn({"action": "read_file", "path": "math.js"}), turn({"action": "done", "summary": "add"})]
    requests, record = await _requests((), turns, "t2-read", tmp_path)
    first = requests[0].json()
    assert first["format"] == vocabulary_schema("seed")
    assert "Files in the project" not in first["messages"][1]["content"]
    assert EXAMPLE.strip() not in first["messages"][0]["content"]
    assert "num_predict" not in first["options"] and record["serving"]["levers"] == []


async def test_each_lever_shows_in_the_requests(tmp_path: Path) -> None:
    turns = [turn({"action": "list_dir", "path": "nowhere"}), turn({"action": "read_file", "path": "math.js"}),
             turn({"action": "read_file", "path": "math.js"}), turn({"action": "done", "summary": "add"})]
    requests, record = await _requests(tuple(LEVERS), turns, "t2-read", tmp_path)
    bodies = [r.json() for r in requests]
    system, task = bodies[0]["messages"][0]["content"], bodies[0]["messages"][1]["content"]
    assert system.endswith(EXAMPLE)  # example (plan's rule is not there: Ollama's grammar cannot allow a plan)
    assert "Files in the project (1):\n- math.js\nThe project is not a git repository. Commands have no network " \
        "access." in task  # tree, and what is true of the workspace (no .git here, the bench's network is off)
    assert task.endswith("Contents of math.js (3 lines):\nexport function add(a, b) {\n  return a + b;\n}\n")  # mentioned
    # handsoff: the task asks only to be told (read and reply with a name), so no edit is offered; the
    # schema of existing paths (`paths`) is tested on its own above.
    assert _alternative(bodies[0]["format"], "write_file") is None
    assert _alternative(bodies[0]["format"], "list_dir") is None  # fresh: the opening listed the only folder
    assert _alternative(bodies[0]["format"], "read_file") is None  # fresh: math.js was shown at the start
    size = (TASKS_DIR / "t2-read" / "repo" / "math.js").stat().st_size
    assert all(b["options"]["num_predict"] == max(CAP_FLOOR, 2 * size // 3 + 96) for b in bodies)  # cap
    assert record["serving"]["options"]["num_predict"] == bodies[0]["options"]["num_predict"]
    # guidance: the missing path at step 1 is answered with what exists, with the result
    assert "Note: nowhere does not exist" in bodies[1]["messages"][-1]["content"]
    assert "The files that exist: math.js." in bodies[1]["messages"][-1]["content"]
    # The second turn read it anyway (a server need not obey the schema): math.js was shown at the start,
    # so fresh answers the read itself (and the third one too), and no read is proposed.
    assert "You have already read math.js" in bodies[2]["messages"][-1]["content"]
    assert "You have already read math.js" in bodies[3]["messages"][-1]["content"]
    assert record["status"] == "passed" and record["serving"]["levers"] == list(LEVERS), (record["end"], record["log"])
    assert record["serving"]["levers_in_force"] == [n for n in LEVERS if n not in GRAMMAR_LEVERS]


async def test_fresh_gives_a_read_back_once_the_workspace_changes(tmp_path: Path) -> None:
    turns = [turn({"action": "read_file", "path": "file.txt"}),
             turn({"action": "write_file", "path": "file.txt", "content": "hello\n\n"}),
             turn({"action": "done", "summary": "added"})]
    requests, _ = await _requests(("fresh",), turns, "r6-blank-line", tmp_path)
    schemas = [r.json()["format"] for r in requests]
    assert _alternative(schemas[0], "read_file") is not None
    assert _alternative(schemas[1], "read_file") is None  # the one file was read: nothing new to see
    assert _alternative(schemas[2], "read_file") is not None  # the write changed it


# -- the levers the harness answers itself: what the model hears, and that nothing was proposed ------

async def _session(levers: tuple[str, ...], turns: list, task: str, tmp_path: Path, policy: str = "approve-all",
                   tasks_dir: Path = TASKS_DIR, vocabulary: str = "seed"):
    """The requests the server saw, the bench record, and the run's events (from its log)."""
    from smallops_tui.agent import read_log

    async with ReplayServer({"/api/chat": list(turns)}) as server:
        async with OllamaBackend(server.url, MODEL) as backend:
            setup = BenchSetup(backend, "ollama", server.url, MODEL, {}, policy=policy, step_cap=len(turns),
                               wall_cap=30, levers=levers, options={"temperature": 0.0, "seed": 0},
                               vocabulary=vocabulary)
            [record] = await run_bench(load_tasks([task], tasks_dir, trusted=True), setup, 1, tmp_path / "out.jsonl", tmp_path / "logs")
    requests = [r.json() for r in server.requests if r.path == "/api/chat"]
    return requests, record, read_log(record["log"]).events


def _told(request: dict) -> str:
    return request["messages"][-1]["content"]


def _proposed(events: Iterable[object]) -> list[JsonValue]:
    return [e.action["action"] for e in of(events, ActionProposed)]


async def test_mentioned_files_open_the_task_and_count_as_read(tmp_path: Path) -> None:
    # readfirst would answer a write over an unread file; main.py was shown at the start, so it is proposed.
    fixed = 'name = input("name? ") if False else "world"\n# greet the user\nprint("hello, " + name)\n'
    turns = [turn({"action": "write_file", "path": "main.py", "content": fixed}), turn({"action": "done", "summary": "ok"})]
    requests, record, events = await _session(("mentioned", "readfirst"), turns, "r1-insert-comment", tmp_path)
    assert 'Contents of main.py (2 lines):\nname = input("name? ")' in requests[0]["messages"][1]["content"]
    assert _proposed(events) == ["write_file", "done"] and record["status"] == "passed"


async def test_a_write_over_an_unread_file_is_answered_with_the_file(tmp_path: Path) -> None:
    turns = [turn({"action": "write_file", "path": "file.txt", "content": "\n"}),
             turn({"action": "write_file", "path": "file.txt", "content": "hello\n\n"}),
             turn({"action": "done", "summary": "added"})]
    requests, record, events = await _session(("readfirst",), turns, "r6-blank-line", tmp_path)
    assert "You have not read file.txt since it last changed, so nothing was written" in _told(requests[1])
    assert "Contents of file.txt (1 lines):\nhello\n" in _told(requests[1])
    assert _proposed(events) == ["write_file", "done"]  # the blind write never reached the person
    assert any(e.type == "notice" and e.text.startswith("readfirst:") for e in events)
    assert record["status"] == "passed"


async def test_a_file_shown_in_an_answer_is_cut_as_a_read_is(tmp_path: Path) -> None:
    """A new user in a released package (idna's 33 KB core.py): readfirst sent the whole file, and the
    conversation no longer fitted the embedded model's window at step 2. An answer is cut as a read."""
    from smallops_tui.agent.session.prompts import MAX_FEEDBACK_CHARS

    tasks = tmp_path / "tasks"
    shutil.copytree(TASKS_DIR / "r6-blank-line", tasks / "r6-blank-line")
    big = "".join(f"line {n:05d} of a long module\n" for n in range(4000))  # ~112 KB
    (tasks / "r6-blank-line" / "repo" / "file.txt").write_text(big)
    turns = [turn({"action": "write_file", "path": "file.txt", "content": "\n"}),
             turn({"action": "read_file", "path": "file.txt"}), turn({"action": "done", "summary": "no"})]
    requests, _, events = await _session(("readfirst",), turns, "r6-blank-line", tmp_path, tasks_dir=tasks)
    told = _told(requests[1])
    assert "You have not read file.txt since it last changed" in told and "Now write the whole new content" in told
    assert "characters omitted" in told and len(told) < MAX_FEEDBACK_CHARS + 200
    assert "line 00000 of a long module" in told and "line 03999 of a long module" in told
    # The read that follows sends the lines the answer left out, from the one it cut through.
    last_shown = max(int(n) for n in re.findall(r"line (\d{5}) of", told.split("characters omitted")[0]))
    read = _told(requests[2])
    heading = re.match(r"Contents of file.txt, lines (\d+)–", read)
    assert heading is not None and "the part your earlier read" in read
    first = int(heading.group(1))  # counted from 1: "line 00000" is line 1
    assert first in (last_shown + 2, last_shown + 3)  # the next line, or the one after it when the cut went through it
    assert read.split("\n")[1] == f"line {first - 1:05d} of a long module"


async def test_a_file_cut_on_reading_is_sent_whole_by_the_reads_that_follow(tmp_path: Path) -> None:
    """A read of a file past the feedback limit sends its head and tail. The model could never see the
    middle: read_file takes no line range, and `fresh` answered the second read "already read" (a new
    user's session in idna's source, core.py). Each read that follows sends the next lines left out;
    once every line was sent, `fresh` answers as before."""
    tasks = tmp_path / "tasks"
    shutil.copytree(TASKS_DIR / "r6-blank-line", tasks / "r6-blank-line")
    lines = [f"line {n:05d} of a long module\n" for n in range(1000)]  # 28 KB: the first read cuts ~16 KB
    (tasks / "r6-blank-line" / "repo" / "file.txt").write_text("".join(lines))
    read = turn({"action": "read_file", "path": "file.txt"})
    turns = [read, read, turn({"action": "read_file", "path": "./file.txt"}), read, turn({"action": "done", "summary": "no"})]
    requests, _, events = await _session(("fresh",), turns, "r6-blank-line", tmp_path, tasks_dir=tasks)
    first, second, third, fourth = (_told(r) for r in requests[1:5])
    assert "characters omitted" in first
    # The model is told which lines it was not sent, and how to be sent them.
    assert re.search(r"Contents of file.txt \(1,000 lines; lines \d+–\d+ are left out here: read_file it again to be "
                     r"sent them\)", first), first[:200]
    sent = set(re.findall(r"line (\d{5}) of", first))
    for told in (second, third):
        assert "the part your earlier read of it left out" in told and "characters omitted" not in told
        sent |= set(re.findall(r"line (\d{5}) of", told))
    assert "lines" in second and "still left out, come with the next read" in second
    assert "you have seen every line of it" in third
    assert sent == {f"{n:05d}" for n in range(1000)}
    assert "You have already read file.txt" in fourth
    assert _proposed(events) == ["read_file", "read_file", "read_file", "done"]  # the fourth read was answered


async def test_a_file_the_model_wrote_is_known_after_other_files_change(tmp_path: Path) -> None:
    """The nine's r5: counter.py written, then test_counter.py, then counter.py once more; the file
    was byte for byte what the model wrote, so its write is proposed, not answered with a reading."""
    counter = "def increment(n):\n    return n + 1\n"
    turns = [turn({"action": "write_file", "path": "counter.py", "content": counter}),
             turn({"action": "write_file", "path": "test_counter.py", "content": "import counter\n"}),
             turn({"action": "write_file", "path": "counter.py", "content": counter + "\n# done\n"}),
             turn({"action": "run_command", "command": "echo '# more' >> counter.py"}),
             turn({"action": "write_file", "path": "counter.py", "content": counter}),
             turn({"action": "done", "summary": "made"})]
    requests, _, events = await _session(("readfirst",), turns, "r5-counter", tmp_path)
    assert _proposed(events) == ["write_file", "write_file", "write_file", "run_command", "done"]
    # The command changed counter.py behind the model's back: that write is answered with the file.
    assert "You have not read counter.py since it last changed" in _told(requests[5])
    assert "You have not read" not in _told(requests[3])


async def test_a_write_that_changes_nothing_is_answered_and_the_next_turn_cannot_write(tmp_path: Path) -> None:
    same = (TASKS_DIR / "r6-blank-line" / "repo" / "file.txt").read_text()
    turns = [turn({"action": "read_file", "path": "file.txt"}),
             turn({"action": "write_file", "path": "file.txt", "content": same}),
             turn({"action": "done", "summary": "nothing to do"})]
    requests, _, events = await _session(("noop",), turns, "r6-blank-line", tmp_path)
    assert "already holds exactly that content: nothing was written" in _told(requests[2])
    assert _alternative(requests[2]["format"], "write_file") is None  # one turn without writing
    assert _alternative(requests[1]["format"], "write_file") is not None
    assert _proposed(events) == ["read_file", "done"]


async def test_an_edit_made_again_is_answered_with_the_file_as_it_is(tmp_path: Path) -> None:
    insert = {"action": "insert_lines", "path": "main.py", "after": 1, "content": "# greet the user"}
    above = {"action": "insert_lines", "path": "main.py", "after": 2, "content": "# greet the user"}
    turns = [turn(insert), turn(insert), turn(above), turn({"action": "done", "summary": "inserted"})]
    async with ReplayServer({"/api/chat": turns}) as server:
        async with OllamaBackend(server.url, MODEL) as backend:
            setup = BenchSetup(backend, "ollama", server.url, MODEL, {}, policy="approve-all", step_cap=4, wall_cap=30,
                               vocabulary="extended", levers=("again",), options={"temperature": 0.0})
            [record] = await run_bench(load_tasks(["r1-insert-comment"]), setup, 1, tmp_path / "o.jsonl", tmp_path / "l")
    requests = [r.json() for r in server.requests if r.path == "/api/chat"]
    assert "You made this change at step 1, so it was not made again" in _told(requests[2])
    assert "You made this change already: the lines it adds are there" in _told(requests[3])  # beside its copy
    assert record["status"] == "passed"  # one comment, directly above the print line


async def test_next_tells_the_model_after_an_applied_change_that_it_may_say_done(tmp_path: Path) -> None:
    from smallops_tui.agent.session.levers.answers import NEXT_STEP

    fixed = {"action": "write_file", "path": "math.py", "content": "def add(a, b):\n    return a + b\n"}
    turns = [turn({"action": "read_file", "path": "math.py"}), turn(fixed), turn({"action": "done", "summary": "fixed"})]
    with_next, record, _ = await _session(("next",), turns, "r3-fix-add", tmp_path / "with")
    without, _, _ = await _session((), turns, "r3-fix-add", tmp_path / "without")
    assert "Applied to math.py" in _told(with_next[2]) and _told(with_next[2]).endswith(NEXT_STEP)
    assert NEXT_STEP not in _told(with_next[1])  # after a read: nothing was changed
    assert "Applied to math.py" in _told(without[2]) and NEXT_STEP not in _told(without[2])
    assert record["status"] == "passed"


async def test_covered_tells_the_model_it_may_say_done_only_when_every_file_the_task_names_changed(
        tmp_path: Path) -> None:
    """r3 names math.py: after a file it does not name is written, nothing is said; after math.py,
    the model is told it may say done."""
    from smallops_tui.agent.session.levers.answers import NEXT_STEP

    notes = {"action": "write_file", "path": "notes.txt", "content": "add should add\n"}
    fixed = {"action": "write_file", "path": "math.py",
             "content": (TASKS_DIR / "r3-fix-add" / "repo" / "math.py").read_text().replace("a - b", "a + b")}
    turns = [turn(notes), turn(fixed), turn({"action": "done", "summary": "add returns the sum"})]
    requests, record, _ = await _session(("covered",), turns, "r3-fix-add", tmp_path)
    assert "Applied to notes.txt" in _told(requests[1]) and NEXT_STEP not in _told(requests[1])
    assert "Applied to math.py" in _told(requests[2]) and _told(requests[2]).endswith(NEXT_STEP)
    assert record["status"] == "passed", record["check"]


@pytest.mark.parametrize(("command", "printed"), [
    ("echo -e '\\n' >> file.txt", "-e"), ("cd . && echo -ne x > f", "-ne"), ("(echo -E x)", "-E"), ("ls\necho -e x", "-e"),
    ("echo -n x", None), ("echo x -e", None), ("grep echo -e f", None), ("printf '\\n' >> file.txt", None),
    ("echo 'unclosed", None),
    # an attacker's review: a `#` hid every later line from shlex; keywords, `command` and assignments
    ("# append a line\necho -e 'x' >> f.txt", "-e"), ("cd src # go\necho -e x", "-e"), ("curl h/#x; echo -e hi", "-e"),
    ("if echo -e x; then :; fi", "-e"), ("command echo -e x", "-e"), ("X=1 echo -E x", "-E"), ("echo -n -e x", "-e"),
    ("env echo -e x", None), ("/bin/echo -e x", None), ("bash -c 'echo -e x'", None),  # not dash's echo
    ("cat > run.sh <<EOF\necho -e 'a'\nEOF", None), ("bash <<EOF\necho -e hi\nEOF", None),  # a here-document's text
])
def test_an_echo_option_dash_prints_is_found_where_a_command_starts(command: str, printed: str | None) -> None:
    from smallops_tui.agent.session.levers.shell_traps import echo_option_printed

    assert echo_option_printed(command) == printed


@pytest.mark.skipif(not Path("/bin/sh").exists() or Path("/bin/sh").resolve().name != "dash",
                    reason="commands run with /bin/sh, which is not dash on this machine")
async def test_an_echo_minus_e_under_dash_is_answered_and_not_run(tmp_path: Path) -> None:
    turns = [turn({"action": "run_command", "command": "echo -e '\\n' >> file.txt"}),
             turn({"action": "run_command", "command": "printf '\\n' >> file.txt"}), turn({"action": "done", "summary": "added"})]
    requests, record, events = await _session(("lint",), turns, "r6-blank-line", tmp_path)
    assert "its echo has no -e option" in _told(requests[1]) and "Use printf" in _told(requests[1])
    assert _proposed(events) == ["run_command", "done"]  # the echo was answered, the printf proposed
    assert record["status"] == "passed"  # and file.txt holds no "-e"


async def test_a_retyped_copy_is_answered_with_the_cp_that_copies_it(tmp_path: Path) -> None:
    retyped = "Line one of the source.\n\tTabbed line, trailing spaces\nLast line without a newline"
    turns = [turn({"action": "write_file", "path": "copy.txt", "content": retyped}),
             turn({"action": "run_command", "command": "cp source.txt copy.txt"}),
             turn({"action": "done", "summary": "copied"})]
    requests, record, events = await _session(("nearcopy",), turns, "r2-copy-file", tmp_path)
    assert "That is source.txt retyped, and not exactly" in _told(requests[1])
    assert "use run_command: cp source.txt copy.txt" in _told(requests[1])
    assert _proposed(events) == ["run_command", "done"] and record["status"] == "passed"


async def test_an_edit_that_breaks_python_is_answered_with_the_error(tmp_path: Path) -> None:
    broken = "def add(a, b):\nreturn a + b\n"
    fixed = (TASKS_DIR / "r3-fix-add" / "repo" / "math.py").read_text().replace("a - b", "a + b")
    turns = [turn({"action": "write_file", "path": "math.py", "content": broken}),
             turn({"action": "write_file", "path": "math.py", "content": fixed}),
             turn({"action": "done", "summary": "fixed"})]
    requests, record, events = await _session(("lint",), turns, "r3-fix-add", tmp_path)
    assert "That edit would break math.py: line 2: expected an indented block" in _told(requests[1])
    assert "Line 2 of what you sent reads:\nreturn a + b\n" in _told(requests[1])
    assert _proposed(events) == ["write_file", "done"] and record["status"] == "passed"


async def test_a_description_sent_as_a_files_content_is_answered_with_the_file(tmp_path: Path) -> None:
    """heldout9's s01 and heldout8's r11: "Updated parse_line function to handle commas ..." as the
    content of a Python file, five times. The model is told it sent a description, not code, and
    shown the file to send back whole."""
    source = (TASKS_DIR / "r3-fix-add" / "repo" / "math.py").read_text()
    turns = [turn({"action": "write_file", "path": "math.py", "content": "Updated add function to add, not subtract."}),
             turn({"action": "write_file", "path": "math.py", "content": source.replace("a - b", "a + b")}),
             turn({"action": "done", "summary": "fixed"})]
    requests, record, events = await _session(("lint",), turns, "r3-fix-add", tmp_path)
    told = _told(requests[1])
    assert "Not written: that content is a description of the change ('Updated add function" in told
    assert f"so content must be the file's complete new text: every line of it, with your change made. " \
           f"Contents of math.py now:\n{source}" in told
    assert _proposed(events) == ["write_file", "done"] and record["status"] == "passed"


@pytest.mark.parametrize("path, content", [("queue.json", "[]"), ("ports.json", "[8080, 8081]"), ("setup.cfg", "[metadata]")])
def test_a_file_s_own_bracketed_text_is_no_placeholder(path: str, content: str, tmp_path: Path) -> None:
    """An attacker's review: `[]` is a JSON file's text, `[metadata]` an INI file's, not "[...]"."""
    from smallops_tui.agent.files.edits import preview_edit
    from smallops_tui.agent.files.workspace import Workspace
    from smallops_tui.agent.reply.kinds import WriteFile
    from smallops_tui.agent.session.levers.answers import broken_edit

    (tmp_path / path).write_text("[1]\n" if path.endswith(".json") else "[tool]\n")
    workspace = Workspace(tmp_path)
    assert broken_edit(workspace, preview_edit(WriteFile(path=path, content=content), workspace), True, True) is None


@pytest.mark.parametrize("placeholder", ["...", "<the whole file>"])
async def test_a_placeholder_sent_as_a_files_content_is_answered_with_the_file(placeholder: str, tmp_path: Path) -> None:
    """heldout12's v01: "..." as the content of a Python file parses (Ellipsis), and `dropped` told
    the model it removed every definition; it is a placeholder, answered as one, before `dropped`."""
    source = (TASKS_DIR / "r3-fix-add" / "repo" / "math.py").read_text()
    turns = [turn({"action": "write_file", "path": "math.py", "content": placeholder}),
             turn({"action": "write_file", "path": "math.py", "content": source.replace("a - b", "a + b")}),
             turn({"action": "done", "summary": "fixed"})]
    requests, record, events = await _session(("lint", "dropped"), turns, "r3-fix-add", tmp_path)
    told = _told(requests[1])
    assert f"Not written: that content is a placeholder ({placeholder!r}), not code." in told
    assert f"Contents of math.py now:\n{source}" in told and "removes" not in told
    assert _proposed(events) == ["write_file", "done"] and record["status"] == "passed"


@pytest.mark.parametrize("content, is_description", [
    ("Updated parse_line function to handle commas as thousands separators.", True),
    ("Added the `--json` option to the list command.", True),
    ("...", True), ("…", True), ("<the new code>", True),
    ("x = (1,", False),  # broken code, not a sentence
    ("def parse(text:\n    return text", False),  # two lines: a file, however broken
    ("Fix", False),  # one word
    # broken code, not a sentence (an attacker's review)
    ("from .core import (parse_line, format_cents, main", False),
    ('print "Updated the parse_line function"', False),
    ('raise ValueError, "bad input value here"', False),
    ("word " * 100, False),  # too long for a sentence about a change
])
def test_what_reads_as_a_description_rather_than_a_file(content: str, is_description: bool) -> None:
    from smallops_tui.agent.session.levers.answers import described

    assert described(content) is is_description


async def test_an_action_proposed_again_after_a_rejection_is_answered(tmp_path: Path) -> None:
    turns = [turn({"action": "run_command", "command": "rm -rf ."}), turn({"action": "run_command", "command": "rm -rf ."}),
             turn({"action": "done", "summary": "gave up"})]
    requests, _, events = await _session(("rejected",), turns, "r4-cleanup", tmp_path, policy="approve-non-high")
    assert "You proposed this exact action at step 1 and it was rejected" in _told(requests[2])
    assert _alternative(requests[2]["format"], "run_command") is None  # one turn without it
    assert _proposed(events) == ["run_command", "done"]


@pytest.mark.parametrize("levers", [("rejected", "unstick"), ("rejected",)])
async def test_after_a_repeated_rejected_action_the_next_reply_is_sampled(levers: tuple[str, ...], tmp_path: Path) -> None:
    """unstick: the request after a repeat goes at 0.7 with the seed kept (reproducible), then back to 0."""
    rm = {"action": "run_command", "command": "rm -rf ."}
    turns = [turn(rm), turn(rm), turn({"action": "list_dir", "path": "."}), turn({"action": "done", "summary": "gave up"})]
    requests, _, _ = await _session(levers, turns, "r4-cleanup", tmp_path, policy="approve-non-high")
    temperatures = [r["options"]["temperature"] for r in requests]
    assert temperatures == ([0.0, 0.0, 0.7, 0.0] if "unstick" in levers else [0.0] * 4)
    assert {r["options"]["seed"] for r in requests} == {0}


@pytest.mark.parametrize("levers", [("again", "settle"), ("again",)])
async def test_after_an_edit_sent_again_the_next_turn_may_only_say_done(levers: tuple[str, ...], tmp_path: Path) -> None:
    """settle: the nine's t3 made its edit at step 1, sent it again, and wandered to the step cap.
    The turn after an edit sent again offers only done; the turn after that, everything again."""
    math = (TASKS_DIR / "t3-subtract" / "repo" / "math.js").read_text()
    edited = math + "\nexport function subtract(a, b) {\n  return a - b;\n}\n"
    write = turn({"action": "write_file", "path": "math.js", "content": edited})
    turns = [write, write, turn({"action": "done", "summary": "Added subtract."})]
    requests, record, _ = await _session(levers, turns, "t3-subtract", tmp_path)
    offered = [{a["properties"]["action"]["const"] for a in r["format"]["oneOf"]} for r in requests]
    settled = "settle" in levers
    assert offered[2] == ({"done"} if settled else {"read_file", "list_dir", "run_command", "done"}), offered
    assert record["status"] == "passed", record["check"]


@pytest.mark.parametrize("levers", [("again", "settle", "plan"), ("again", "plan"), ("again", "settle")])
async def test_a_settled_turn_has_no_plan(levers: tuple[str, ...], tmp_path: Path) -> None:
    """settle: the turn that may only say done has no plan (a plan chooses the action, and there is
    one); the nine's settled summaries spent about 190 answer tokens planning it. The turn after it
    plans again, and without settle no turn loses its plan."""
    from smallops_tui.agent.reply.kinds import WriteFile
    from smallops_tui.agent.session.guards import SessionHistory, action_key
    from smallops_tui.agent.session.levers.part import Levers
    from smallops_tui.agent.session.loop import SessionConfig

    edited = "export function add(a, b) {\n  return a + b;\n}\n"
    (tmp_path / "math.js").write_text(edited)
    write = WriteFile(path="math.js", content=edited)
    part = Levers(SessionConfig(task="Add subtract to math.js.", levers=levers), Workspace(tmp_path))
    part.memory.edits_made[action_key(write)] = 1  # made at step 1, as the file now says
    assert await part.answer(write, 2, SessionHistory(baseline={})) is not None  # `again` answers it
    settled = "settle" in levers and "plan" in levers
    assert part.turn_options(3) == ({"plan": 0} if settled else {})
    assert part.turn_options(4) == {}


async def test_an_answered_edit_sent_again_unchanged_counts_as_rejected_and_a_shown_file_as_read(tmp_path: Path) -> None:
    """An answer that refuses the action (lint here) makes the same action, sent again, a rejected
    one; an answer that shows the file (readfirst) makes the next write over it a proposal."""
    broken = "def add(a, b):\nreturn a + b\n"
    fixed = (TASKS_DIR / "r3-fix-add" / "repo" / "math.py").read_text().replace("a - b", "a + b")
    turns = [*[turn({"action": "write_file", "path": "math.py", "content": broken})] * 3,
             turn({"action": "write_file", "path": "math.py", "content": fixed}),
             turn({"action": "done", "summary": "fixed"})]
    requests, record, events = await _session(("readfirst", "lint", "rejected"), turns, "r3-fix-add", tmp_path)
    assert "You have not read math.py since it last changed" in _told(requests[1])  # shown: it counts as read
    assert "That edit would break math.py" in _told(requests[2])
    assert "You proposed this exact action at step 2 and it was rejected (That edit would break math.py" in _told(requests[3])
    assert _proposed(events) == ["write_file", "done"] and record["status"] == "passed"


def test_plan_is_in_force_only_where_the_backend_can_allow_it(tmp_path: Path) -> None:
    """The plan needs a grammar that allows text before the action (the embedded backend's); with
    a server's schema the model could not follow the rule, so it is left out, and the log says so."""
    from smallops_tui.agent.session.loop import SessionConfig
    from smallops_tui.backends.embedded import EmbeddedBackend
    from smallops_tui.session_setup import with_levers

    from smallops_tui.agent.session.guards import SessionHistory
    from smallops_tui.agent.session.levers.opening import FENCED_RULE
    from smallops_tui.agent.session.levers.part import Levers
    from smallops_tui.agent.session.levers.schema import PLAN_CHARS, PLAN_TOKENS

    (tmp_path / "a.py").write_text("x = 1\n")
    config = SessionConfig(task="t", levers=("cap", "plan", "fenced"))
    embedded = with_levers(config, Workspace(tmp_path), EmbeddedBackend(model_path=tmp_path / "any.gguf"))
    assert embedded.levers == ("cap", "plan", "fenced") and embedded.chat_options["plan"] == PLAN_CHARS
    assert embedded.chat_options["num_predict"] == CAP_FLOOR + PLAN_TOKENS and embedded.chat_options["fenced"] is True
    messages = [{"role": "system", "content": "S"}, {"role": "user", "content": "T"}]
    Levers(embedded, Workspace(tmp_path)).opening(messages, SessionHistory(baseline={}))
    assert FENCED_RULE in messages[0]["content"]  # the model is told the form its grammar now asks for
    served = with_levers(config, Workspace(tmp_path), OllamaBackend("http://127.0.0.1:9", MODEL))
    assert served.levers == ("cap",) and "plan" not in served.chat_options and "fenced" not in served.chat_options


async def test_an_insertion_away_from_the_tasks_place_is_answered_with_the_numbered_file(tmp_path: Path) -> None:
    turns = [turn({"action": "write_file", "path": "file.txt", "content": "\nhello\n"}),
             turn({"action": "write_file", "path": "file.txt", "content": "hello\n\n"}),
             turn({"action": "done", "summary": "added a blank line at the end"})]
    requests, record, events = await _session(("placement",), turns, "r6-blank-line", tmp_path)
    told = _told(requests[1])
    assert "Not written: the task asks for new lines at the end of the file, that is after line 1, the last; they were added above line 1" in told
    assert "   1| hello" in told
    assert _proposed(events) == ["write_file", "done"] and record["status"] == "passed"
    assert not record["done_flags"]


def test_default_names_the_kept_set_alone_or_in_a_list() -> None:
    from smallops_tui.lever_names import DEFAULT_LEVERS

    kept = parse_levers(DEFAULT_LEVERS)
    assert parse_levers("default") == kept and "placement" in kept and "cap" not in kept
    assert parse_levers("default,cap") == parse_levers(DEFAULT_LEVERS + ",cap")
    assert set(parse_levers("example,default")) == set(kept) | {"example"}


async def test_a_refused_narrowed_schema_falls_back_to_the_plain_one_and_says_so(tmp_path: Path) -> None:
    """Never a dead end: a server (or llama.cpp) that refuses the turn's narrowed schema before any
    token is asked again at once with the plain action schema; the proposal carries a repair that
    says so, the log a notice, and the session goes on to pass."""
    refused = Reply("ollama_server_error.json", split="whole")
    turns = [refused, turn({"action": "read_file", "path": "math.js"}), refused,
             turn({"action": "done", "summary": "add returns a + b"})]
    requests, record = await _requests(("paths",), turns, "t2-read", tmp_path)
    bodies = [r.json() for r in requests]
    assert len(bodies) == 4
    assert _the_alternative(bodies[0]["format"], "read_file")["properties"]["path"]["enum"] == ["math.js"]  # narrowed
    assert bodies[1]["format"] == vocabulary_schema("seed")  # the plain one, at once, in the same step
    assert bodies[1]["messages"] == bodies[0]["messages"]
    assert record["status"] == "passed", record
    events = [json.loads(line) for line in Path(record["log"]).read_text(encoding="utf-8").splitlines()[1:]]
    notices = [e["text"] for e in events if e["type"] == "notice" and "narrowed schema was refused" in e["text"]]
    assert len(notices) == 2 and "system memory" in notices[0]
    proposed = [e for e in events if e["type"] == "action_proposed"]
    assert [r["kind"] for r in proposed[0]["repairs"]] == ["loose_schema"]
    assert not [e for e in events if e["type"] == "backend_error"]


async def test_an_error_under_the_plain_schema_is_not_retried_on_its_own(tmp_path: Path) -> None:
    """The control: without narrowing, the schema sent is already the plain one, so the error is the
    person's (here the bench's policy) to retry or stop, logged as a backend error, with no notice."""
    turns = [Reply("ollama_server_error.json", split="whole"), turn({"action": "done", "summary": "x"})]
    requests, record = await _requests((), turns, "t2-read", tmp_path)
    events = [json.loads(line) for line in Path(record["log"]).read_text(encoding="utf-8").splitlines()[1:]]
    assert [e["kind"] for e in events if e["type"] == "backend_error"] == ["http_error"]
    assert not [e for e in events if e["type"] == "notice" and "narrowed" in e["text"]]
    assert [r.json()["format"] for r in requests] == [vocabulary_schema("seed")] * 2


def test_a_new_file_the_task_names_written_in_another_folder_is_answered_with_the_tasks_path() -> None:
    """In a real project the model wrote the task's counter.py as src/counter.py, beside the project's
    own sources; a folder the task mentions, or the task's own spelling, is left alone."""
    from smallops_tui.agent.files.edits import EditPreview
    from smallops_tui.agent.session.levers.keep import named_elsewhere

    def new(path: str) -> EditPreview:
        return EditPreview(path=path, before=None, after="x\n", diff=Workspace.diff(None, "x\n", path))

    answer = named_elsewhere("Create counter.py with increment(n), then test_counter.py", new("src/counter.py"))
    assert answer is not None and answer.rejects and answer.text.endswith("Write it where the task says: counter.py.")
    assert named_elsewhere("Create counter.py", new("counter.py")) is None
    assert named_elsewhere("add test_x.py in tests", new("tests/test_x.py")) is None
    assert named_elsewhere("add tests/test_x.py", new("tests/test_x.py")) is None
    assert named_elsewhere("write notes", new("docs/notes.md")) is None


def test_shortplan_gives_the_plan_less_room_and_a_one_sentence_rule(tmp_path: Path) -> None:
    from smallops_tui.agent.session.levers.schema import PLAN_CHARS, SHORT_PLAN_CHARS

    (tmp_path / "a.py").write_text("x = 1\n")
    workspace = Workspace(tmp_path)
    long_plan = chat_options(("plan", "cap"), workspace)
    short_plan = chat_options(("plan", "cap", "shortplan"), workspace)
    assert (long_plan["plan"], short_plan["plan"]) == (PLAN_CHARS, SHORT_PLAN_CHARS)
    assert isinstance(long_plan["num_predict"], int) and isinstance(short_plan["num_predict"], int)
    assert short_plan["num_predict"] < long_plan["num_predict"]
    assert "plan" not in chat_options(("shortplan",), workspace)  # nothing to shorten without a plan


async def test_a_fix_that_takes_out_a_line_the_session_itself_put_there_is_not_misplaced(tmp_path: Path) -> None:
    """The nine's r6 with `ran`: `echo -e` under dash wrote `-e`, the model saw the diff and wrote
    the file as the task wants; placement judged the fix against the file as it then was and
    refused it ("removes a line that was there"). Judged against the file as the session found it,
    the fix is the task's own edit."""
    turns = [turn({"action": "run_command", "command": "printf -- '-e \\n\\n' >> file.txt"}),
             turn({"action": "read_file", "path": "file.txt"}),
             turn({"action": "write_file", "path": "file.txt", "content": "hello\n\n"}),
             turn({"action": "done", "summary": "added a blank line at the end"})]
    requests, record, events = await _session(("placement",), turns, "r6-blank-line", tmp_path)
    assert "Not written" not in _told(requests[3])
    assert _proposed(events) == ["run_command", "read_file", "write_file", "done"] and record["status"] == "passed"


async def test_an_edit_of_the_data_a_faulty_command_reads_is_answered_with_its_readers(tmp_path: Path) -> None:
    """heldout31's i01 (`python -m snails.league heats.csv` shows whole-number averages): the model ran
    `sed -i` on heats.csv to change a heat's figures. `inputdata` answers it with the code that reads
    the file; the fix of snails/stats.py that follows is proposed and passes."""
    tasks_dir = Path(__file__).resolve().parents[2] / "benchmarks" / "tasks-heldout31"
    task = "i01-snailrace-average-speed"
    fixed = (tasks_dir / task / "repo" / "snails" / "stats.py").read_text().replace("//", "/")
    turns = [turn({"action": "run_command", "command": "sed -i 's/Slimer,24,120/Slimer,12,120/g' heats.csv"}),
             turn({"action": "write_file", "path": "snails/stats.py", "content": fixed}),
             turn({"action": "done", "summary": "averages are exact now"})]
    requests, record, events = await _session(("inputdata",), turns, task, tmp_path, tasks_dir=tasks_dir)
    assert "Not run: heats.csv is the data the program reads" in _told(requests[1])
    assert "snails/stats.py" in _told(requests[1])
    assert _proposed(events) == ["write_file", "done"] and record["status"] == "passed", record["check"]
