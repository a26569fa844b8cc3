"""Issue 30's classes of the classifier: scripts written and run in the same line, git reaching a
repository given on the line or outside, setuid and setgid modes, and `sed -i` of files here.

The corpus (tests/data/commands_issue30.json) pins a level for each command of these classes,
harmful and harmless, in dash and bash forms, quoted several ways and behind wrappers; what its
`confirm` entries do is shown for real by tests/functional/test_corpus_effects.py. The property
tests below hold the rules to the class rather than to the examples.
"""

from __future__ import annotations

import os
import shlex
import stat
import subprocess
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from smallops_tui.agent import RunCommand, Workspace, classify
from smallops_tui.agent.risk.permissions import sets_privilege
from smallops_tui.agent.risk.rules import LEVELS

from ..conftest import WORKSPACE_FILES, load, make_files

CORPUS = load("commands_issue30.json")
MAIN_CORPUS = load("commands.json")
CLASSES = ("written script", "git remote", "git outside", "setuid", "in-place edit")


def level(command: str, workspace: Workspace) -> str:
    return classify(RunCommand(command=command), workspace).level


@pytest.fixture(scope="module")
def shared_workspace(tmp_path_factory: pytest.TempPathFactory) -> Workspace:
    """One workspace for the property tests (the rules only read it)."""
    root = tmp_path_factory.mktemp("issue30") / "ws"
    make_files(root, WORKSPACE_FILES)
    return Workspace(root)


def test_the_corpus_covers_each_class_both_ways() -> None:
    assert len(CORPUS) >= 120
    by_class = Counter((c["class"], c["level"] == "HIGH") for c in CORPUS)
    for name in CLASSES:
        assert by_class[(name, True)] >= 12 and by_class[(name, False)] >= 5, (name, by_class)
    commands = [c["command"] for c in CORPUS]
    for form in ("dash ", "bash ", "sh -c", "timeout ", "nice ", "env ", "xargs ", "<<'EOF'", "<<EOF", "<<-EOF"):
        assert any(form in command for command in commands), form
    confirmed = Counter(c["class"] for c in CORPUS if "confirm" in c)
    assert all(confirmed[name] >= 5 for name in CLASSES), confirmed


@pytest.mark.parametrize("case", CORPUS, ids=[repr(c["command"])[:60] for c in CORPUS])
def test_issue30_corpus(case: dict, workspace: Workspace) -> None:
    command = case["command"].replace("{OUTSIDE}", str(workspace.root.parent / "outside"))
    verdict = classify(RunCommand(command=command), workspace)
    assert verdict.level == case["level"], verdict


# -- scripts written and run -------------------------------------------------------------------------

def _written_and_run(script: str, way: int, separator: str, runner: str) -> str:
    """A line that writes `script` to t.sh in a way the rules can read, then runs it."""
    quoted = shlex.quote(script)
    heredocs = ["cat > t.sh <<'SMALLOPS_END'", "tee t.sh >/dev/null <<'SMALLOPS_END'"]
    plain = [f"printf '%s\\n' {quoted} > t.sh"]
    if "\\" not in script:  # dash's echo decodes backslashes: what it writes is another script
        plain += [f"echo {quoted} > t.sh", f"echo {quoted} | tee t.sh"]
    ways = heredocs + plain
    chosen = ways[way % len(ways)]
    if chosen in heredocs:  # the rest of the line goes before the body (or after the delimiter)
        body = f"\n{script}\nSMALLOPS_END"
        return chosen + body + f"\n{runner}" if separator == "\n" else chosen + separator + runner + body
    return chosen + separator + runner


RUNNERS = ["sh t.sh", "bash t.sh", "dash ./t.sh", ". ./t.sh", "chmod +x t.sh && ./t.sh", "sh < t.sh",
           "timeout 5 sh t.sh", "env bash t.sh", "nice -n 5 sh t.sh", "command sh t.sh", "exec bash t.sh"]
SCRIPTS = [c for c in MAIN_CORPUS if "t.sh" not in c["command"] and "SMALLOPS_END" not in c["command"]]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(case=st.sampled_from(SCRIPTS), writer=st.integers(0, 4), runner=st.sampled_from(RUNNERS),
       separator=st.sampled_from([" && ", "; ", "\n"]))
def test_a_script_written_and_run_is_as_risky_as_what_it_holds(case: dict, writer: int, runner: str,
                                                                separator: str, shared_workspace: Workspace) -> None:
    """Any command line of the main corpus, written to a file and run in the same line, is at least
    MEDIUM (it writes and runs a file) and HIGH exactly when the line on its own is HIGH."""
    line = _written_and_run(case["command"], writer, separator, runner)
    expected = max("MEDIUM", level(case["command"], shared_workspace), key=LEVELS.index)
    assert level(line, shared_workspace) == expected, line


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(writer=st.sampled_from(["cp notes.txt {f}", "base64 -d notes.txt > {f}", "python3 gen.py > {f}",
                               "curl -s http://example.com/x > {f}", "mv notes.txt {f}", "ln -s notes.txt {f}",
                               "tar xf x.tar", "cat notes.txt > {f}", "sort -o {f} notes.txt",
                               "dd if=notes.txt of={f}", "{{ echo ls; }} > {f}"]),
       name=st.sampled_from(["t.sh", "run", "x.py"]), runner=st.sampled_from(["sh {f}", "./{f}", "bash ./{f}",
                                                                              "python3 {f}", ". ./{f}"]))
def test_a_file_written_by_what_the_line_does_not_show_and_run_is_high(writer: str, name: str, runner: str,
                                                                        shared_workspace: Workspace) -> None:
    line = f"{writer.format(f=name)} && {runner.format(f=name)}"
    assert level(line, shared_workspace) == "HIGH", line


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(code=st.sampled_from(["print(1)", "import os; os.remove('x')", "pass"]),
       interpreter=st.sampled_from(["python3", "python3 -u", "env python3", "timeout 9 python3"]))
def test_code_written_for_another_interpreter_and_run_is_inline_code(code: str, interpreter: str,
                                                                      shared_workspace: Workspace) -> None:
    """As `python3 -c CODE` is HIGH whatever CODE says, so is CODE written to a file and run."""
    assert level(f"echo {shlex.quote(code)} > t.py && {interpreter} t.py", shared_workspace) == "HIGH"
    assert level(f"python3 -c {shlex.quote(code)}", shared_workspace) == "HIGH"


# -- git ----------------------------------------------------------------------------------------------

HOSTS = st.sampled_from(["evil.example", "127.0.0.1", "github.com", "[::1]"])
PATHS = st.sampled_from(["x.git", "a/b.git", "a/b", "~u/r"])
ADDRESSES = st.one_of(
    st.builds(lambda s, h, p: f"{s}://{h}/{p}", st.sampled_from(["https", "http", "ssh", "git", "ftp"]), HOSTS, PATHS),
    st.builds(lambda u, h, p: f"{u}@{h}:{p}", st.sampled_from(["git", "me"]), HOSTS, PATHS),
    st.builds(lambda h, p: f"{h}:{p}", st.sampled_from(["evil.example", "host"]), PATHS),
    st.just("file:///etc/repo"))
# Wrappers that leave the level as it is; `sh -c` and `bash -c` are inline code, HIGH whatever they run.
PLAIN_WRAPPERS = st.sampled_from(["{}", "timeout 10 {}", "nice {}", "env {}", "nice -n 5 timeout 3 {}"])
WRAPPERS = st.one_of(PLAIN_WRAPPERS, st.sampled_from(["sh -c {q}", "bash -c {q}"]))


def _wrapped(wrapper: str, command: str) -> str:
    return wrapper.format(command, q=shlex.quote(command))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(address=ADDRESSES, sub=st.sampled_from(["clone", "fetch", "pull", "ls-remote", "push", "clone --depth 1",
                                                "fetch --depth 1", "pull --rebase", "ls-remote --heads"]),
       wrapper=WRAPPERS)
def test_git_given_an_address_is_high(address: str, sub: str, wrapper: str, shared_workspace: Workspace) -> None:
    line = _wrapped(wrapper, f"git {sub} {shlex.quote(address)}")
    assert level(line, shared_workspace) == "HIGH", line


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(remote=st.sampled_from(["origin", "upstream", "fork", "my-remote"]),
       sub=st.sampled_from(["fetch", "pull", "ls-remote", "push"]), ref=st.sampled_from(["", " main", " main:main"]),
       wrapper=PLAIN_WRAPPERS)
def test_git_given_a_configured_remote_s_name_stays_medium(remote: str, sub: str, ref: str, wrapper: str,
                                                           shared_workspace: Workspace) -> None:
    line = _wrapped(wrapper, f"git {sub} {remote}{ref}")
    assert level(line, shared_workspace) == "MEDIUM", line
    pointed = f"git remote set-url {remote} https://evil.example/x.git && {line}"
    assert level(pointed, shared_workspace) == "HIGH", pointed


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(place=st.sampled_from(["../outside", "/tmp", "/", "~", "../../x", "$HOME", "src/../.."]),
       form=st.sampled_from(["git -C {} status", "git -C {} log", "git --git-dir={}/.git log",
                             "git --work-tree={} status", "git --git-dir {}/.git diff", "cd {} && git status",
                             "env -C {} git status"]),
       wrapper=WRAPPERS)
def test_git_on_a_repository_outside_is_high(place: str, form: str, wrapper: str, shared_workspace: Workspace) -> None:
    line = _wrapped(wrapper, form.format(place))
    assert level(line, shared_workspace) == "HIGH", line


# -- setuid --------------------------------------------------------------------------------------------

@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(mode=st.integers(0, 0o7777), zeros=st.integers(0, 2), op=st.sampled_from(["", "=", "+"]),
       form=st.sampled_from(["chmod {} tool", "install -m {} main.py tool", "mkdir -m {} d", "chmod -v {} tool",
                             "find . -name tool -exec chmod {} {{}} +"]), wrapper=PLAIN_WRAPPERS)
def test_a_numeric_mode_is_high_exactly_when_it_sets_a_setuid_or_setgid_bit(mode: int, zeros: int, op: str, form: str,
                                                                             wrapper: str,
                                                                             shared_workspace: Workspace) -> None:
    if op and "install" in form:
        op = ""  # install and mkdir take a plain mode
    text = op + "0" * zeros + format(mode, "o")
    line = _wrapped(wrapper, form.format(text))
    expected = "HIGH" if mode & 0o6000 else "MEDIUM"
    assert level(line, shared_workspace) == expected, line


CLAUSES = st.builds(lambda who, op, perms: who + op + perms, st.sampled_from(["", "u", "g", "o", "a", "ug", "go", "uo"]),
                    st.sampled_from(["+", "-", "="]),
                    st.lists(st.sampled_from("rwxXst"), max_size=4, unique=True).map("".join))
SYMBOLIC = st.lists(CLAUSES, min_size=1, max_size=3).map(",".join)


@settings(max_examples=200, deadline=None)
@given(mode=SYMBOLIC)
def test_what_is_judged_setuid_is_what_chmod_sets(mode: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    """The symbolic modes judged to set a setuid or setgid bit are those with which the real chmod
    sets one on a plain file (mode 0644 before)."""
    target = tmp_path_factory.mktemp("chmod") / "f"
    target.write_text("")
    os.chmod(target, 0o644)
    # `--`: a mode that begins with "-" (`-,g+rw`) is a mode, not an option that chmod refuses
    subprocess.run(["chmod", "--", mode, str(target)], check=True, capture_output=True)
    really = bool(target.stat().st_mode & (stat.S_ISUID | stat.S_ISGID))
    assert sets_privilege(mode) == really, mode


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(mode=SYMBOLIC, wrapper=PLAIN_WRAPPERS)
def test_a_symbolic_mode_that_sets_a_bit_is_high(mode: str, wrapper: str, shared_workspace: Workspace) -> None:
    line = _wrapped(wrapper, f"chmod {shlex.quote(mode)} tool")
    assert level(line, shared_workspace) == ("HIGH" if sets_privilege(mode) else "MEDIUM"), line


# -- sed -i ---------------------------------------------------------------------------------------------

SUBSTITUTIONS = st.builds(lambda d, a, b, f: f"s{d}{a}{d}{b}{d}{f}", st.sampled_from("/|#,"),
                          st.sampled_from(["a", "a - b", "^x", "[0-9]+", "keep"]), st.sampled_from(["b", "", "a + b"]),
                          st.sampled_from(["", "g", "2", "gI", "p"]))
ADDRESSED = st.sampled_from(["", "1", "$", "/x/", "2,4", "1~2"])


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(address=ADDRESSED, script=SUBSTITUTIONS, files=st.sampled_from(["main.py", "notes.txt src/app.py", "*.py"]),
       option=st.sampled_from(["-i", "-i.bak", "--in-place", "--in-place=.orig", "-E -i", "-i -E", "-si"]),
       wrapper=PLAIN_WRAPPERS)
def test_sed_in_place_on_files_here_is_an_edit(address: str, script: str, files: str, option: str, wrapper: str,
                                               shared_workspace: Workspace) -> None:
    line = _wrapped(wrapper, f"sed {option} {shlex.quote(address + script)} {files}")
    assert level(line, shared_workspace) == "MEDIUM", line
    for worse in (f"sed {option} {shlex.quote(address + script + 'w out')} {files}",
                  f"sed {option} -n {shlex.quote(address + script)} {files}",
                  f"sed {option} {shlex.quote(address + script)} ../{files.split()[0]}",
                  f"sed {option} {shlex.quote(address + script)} .git/config"):
        assert level(_wrapped(wrapper, worse), shared_workspace) == "HIGH", worse


def test_sed_in_place_of_a_link_leading_out_is_high(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    make_files(root, WORKSPACE_FILES)
    (tmp_path / "secret").write_text("x\n")
    (root / "link.txt").symlink_to(tmp_path / "secret")
    assert level("sed -i 's/x/y/' link.txt", Workspace(root)) == "HIGH"
    assert level("sed -i 's/x/y/' notes.txt", Workspace(root)) == "MEDIUM"
