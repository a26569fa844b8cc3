"""Hidden code, judged against real shells: every place a shell runs a command substitution.

Each template puts a payload (`rm -rf victim`) in a different spot: parameter expansions of
every operator, arithmetic, here-documents, case words, test operands, for-lists, assignments,
redirection targets, nested quotes, backticks, bash's evaluated subscripts. The line runs under
dash and bash in a scratch directory; whenever the payload really deleted `victim`, the risk
rules must have said HIGH."""

from __future__ import annotations

import itertools
import shutil
import subprocess
from pathlib import Path

import pytest

from smallops_tui.agent import RunCommand, Workspace, classify
from smallops_tui.agent.risk.shell import analyze
from smallops_tui.agent.risk.shell_sites import substitution_sites

PAYLOADS = ("$(rm -rf victim)", "`rm -rf victim`", "$(rm -rf victim; echo 1)")
TEMPLATES = (
    "echo {P}", 'echo "{P}"', "echo '{P}'", "echo \\{P}",
    "echo ${{x:-{P}}}", "echo ${{x:={P}}}", "echo ${{x-{P}}}", "echo ${{x:+{P}}}", "x=1; echo ${{x+{P}}}",
    "echo ${{x:?{P}}}", "echo ${{x#{P}}}", "echo ${{x##{P}}}", "echo ${{x%{P}}}", "echo ${{x%%{P}}}",
    "echo ${{x/{P}/y}}", "echo ${{x//a/{P}}}", "echo ${{x:0:{P}1}}", "echo ${{#{P}}}",
    'echo "${{x:-{P}}}"', "echo \"${{x:-'{P}'}}\"", "echo ${{x:-'{P}'}}", 'echo "${{x:-"{P}"}}"',
    "echo ${{x:-${{y:-{P}}}}}", 'echo "${{x:-"${{y:-{P}}}"}}"',
    "echo $((1+{P}0))", "echo $(( x = {P}1 ))", "echo $(({P}1))", "echo $[{P}1]",
    "cat <<EOF\n{P}\nEOF", "cat <<EOF\n'{P}'\nEOF", "cat <<'EOF'\n{P}\nEOF", 'cat <<"EOF"\n{P}\nEOF',
    "cat <<-EOF\n\t{P}\n\tEOF", "cat <<E\\OF\n{P}\nEOF", "cat <<EOF; echo {P}\nx\nEOF",
    "cat <<EOF\n${{x:-{P}}}\nEOF", "cat <<<{P}", "cat <<<\"{P}\"",
    "case {P} in esac", "case ${{x:-{P}}} in esac", "case x in {P}) ;; esac", "case x in *) echo {P};; esac",
    "[ {P} ]", "[ ${{x:-{P}}} ]", "test ${{x:-{P}}}", "[ -n \"{P}\" ]", "[[ {P} ]]",
    "for i in {P}; do :; done", "for i in ${{x:-{P}}}; do :; done", "for i in a; do echo {P}; done",
    "x={P}", 'x="{P}"', "x=${{y:-{P}}}", "export x={P}", "local x={P}", "readonly x={P}",
    "echo > {P}out", "echo > ${{x:-{P}out}}", "cat < {P}", "echo >> \"{P}out\"",
    'echo "$(echo "{P}")"', "echo \"$(echo '{P}')\"", "echo `echo {P}`", "echo \"`echo '{P}'`\"",
    ": # {P}", ": #{P}", "echo a#{P}",
    "echo $'a' {P}", "echo $'a\\'' {P} '\\''", "echo $'\\'' '{P}'",
    "f() {{ echo {P}; }}; f", "{{ echo {P}; }}", "( echo {P} )", "echo {{a,{P}}}",
    "x='a[{P}]'; echo $((x))", "printf -v 'a[{P}]' x", "[ -v 'a[{P}]' ]", "declare 'a[{P}]=1'",
    "x='{P}'; echo ${{x@P}}", "read x <<< 'a[{P}]'; echo $((x))",
    "echo $(cat <<EOF\n) '{P}'\nEOF\n)", "echo $(case x in x) echo {P};; esac)",
    # Line continuations, which the shell removes before anything else: `$\<newline>(` is `$(`.
    "echo \"$\\\n(rm -rf victim)\"", "echo $\\\n(rm -rf victim)", "echo ${{x:-$\\\n(rm -rf victim)}}",
    "cat <<EOF\n$\\\n(rm -rf victim)\nEOF", "echo \"$\\\n\\\n(rm -rf victim)\"", "echo `r\\\nm -rf victim`",
    "r\\\nm -rf victim", "echo $\\\n{{x:-{P}}}", "cat <\\\n(rm -rf victim)", "echo \"`rm\\\n -rf victim`\"",
)
CASES = sorted({t.format(P=p) for t, p in itertools.product(TEMPLATES, PAYLOADS)})
SHELLS = [s for s in ("dash", "bash") if shutil.which(s)]


def _runs_payload(shell: str, line: str, where: Path) -> bool:
    victim = where / "victim"
    victim.mkdir(exist_ok=True)
    (victim / "keep.txt").write_text("x")
    subprocess.run([shell, "-c", line], cwd=where, stdin=subprocess.DEVNULL, capture_output=True, timeout=10)
    return not victim.exists()


@pytest.mark.parametrize("line", CASES, ids=[repr(c)[:60] for c in CASES])
def test_a_payload_that_runs_is_never_below_high(line: str, tmp_path: Path) -> None:
    workspace = Workspace(tmp_path)
    verdict = classify(RunCommand(command=line), workspace)
    ran = [shell for shell in SHELLS if _runs_payload(shell, line, tmp_path)]
    if ran:
        assert verdict.level == "HIGH", (ran, verdict)


def test_the_corpus_has_payloads_that_really_run_under_both_shells(tmp_path: Path) -> None:
    """The differential test means something only if most templates really execute."""
    ran = sum(_runs_payload("dash", line, tmp_path) for line in CASES[:60])
    assert ran >= 30


@pytest.mark.parametrize("line,sites", [
    ("echo '$(x)'", 0), ("echo \"$(x)\"", 1), ("echo ${a:-'$(x)'}", 1), ("cat <<'E'\n$(x)\nE", 0),
    ("cat <<E\n'$(x)'\nE", 1), (": # $(x)", 0), ("echo \\$(x)", 0), ("echo $'\\'' $(x) '", 1),
    ("echo `a` $(b) <(c)", 3), ("awk '{print $(NF)}'", 0), ("echo 'unterminated $(x)", 1),
])
def test_the_raw_scan_errs_towards_more_sites(line: str, sites: int) -> None:
    assert len(substitution_sites(line)) == sites, substitution_sites(line)


def test_the_lexer_accounts_for_what_it_looks_through() -> None:
    for line in ("echo ${x:-$(a)} $((1+$(b))) `c` \"$(d)\"", "cat <<E\n$(e)\nE", "case $(f) in esac"):
        analysis = analyze(line)
        assert not analysis.hidden, analysis.hidden
    assert analyze("echo $'a\\' $(rm -rf src) '").hidden  # bash and dash disagree: fail closed


# The second adversarial round: the payload is a plain command, hidden by how the line is read
# (a carriage return before `#`, a here-document behind /dev/fd/3, a wrapper option that takes
# the next word, bash's hash -p, a variable evaluated as a subscript). Whenever it really runs
# under dash or bash, the rules must have said HIGH.
DIRECT_CASES = (
    "echo hi\r#; rm -rf victim", "ls\r#&& rm -rf victim", "true\r# || rm -rf victim",
    ". /dev/fd/3 3<<EOF\nrm -rf victim\nEOF", "sh /dev/fd/3 3<<EOF\nrm -rf victim\nEOF",
    "python3 /dev/fd/3 3<<EOF\nimport shutil; shutil.rmtree('victim')\nEOF",
    "strace -f -P ls rm -rf victim", "strace -P ls rm -rf victim", "hash -p /bin/rm ls; ls -r victim",
    "coproc NAME { rm -rf victim; }; wait", "timeout 5 rm -rf victim",
    "echo 'BEGIN{system(\"rm -rf victim\")}' | awk -f /dev/stdin",
    "awk -f /dev/fd/3 3<<EOF\nBEGIN{system(\"rm -rf victim\")}\nEOF",
    "sqlite3 :memory: '.shell rm -rf victim'", "echo '.system rm -rf victim' | sqlite3 :memory:",
    "printf 'all:\\n\\t@true\\n' > Makefile; make --eval='x:=$(shell rm -rf victim)'",
    "echo '1e rm -rf victim' | sed -f /dev/stdin /dev/null", "echo x | sed -f - /dev/null <<EOF\n1e rm -rf victim\nEOF",
    "nice -n 1 rm -rf victim", "eatmydata rm -rf victim", "prlimit --nofile=64 rm -rf victim",
    "read x <<< 'a[$(rm -rf victim)]'; echo ${HOME:x}",
    "printf '%s\\n' 'a[$(rm -rf victim)]' > f; read -r x < f; set -- a b; echo ${@:x}",
    "printf '%s\\n' 'a[$(rm -rf victim)]' > f; read -r x < f; arr=(1 2); echo ${arr[@]:x}",
)


@pytest.mark.parametrize("line", DIRECT_CASES, ids=[repr(c)[:60] for c in DIRECT_CASES])
def test_a_hidden_plain_command_that_runs_is_never_below_high(line: str, tmp_path: Path) -> None:
    test_a_payload_that_runs_is_never_below_high(line, tmp_path)


def test_the_direct_cases_really_run(tmp_path: Path) -> None:
    assert sum(_runs_payload("dash", line, tmp_path) for line in DIRECT_CASES) >= 8


# Reads outside the workspace that looked like reads inside it: whenever the line, run under dash
# or bash in the workspace, prints the secret that sits beside the workspace, it must not be LOW.
OUTSIDE_READS = (
    "grep -r TOPSECRET .*", "grep -r TOPSECRET .?", "cat .[.]/secret", "cat {..,x}/secret",
    "cat /dev/fd/../cwd/../secret", "file -m../secret main.py", "grep -hf../secret -o -e . main.py",
    "ps -axe", "ps -e -x", "cat /proc/self/../self/cwd/../secret",
)


@pytest.mark.parametrize("line", OUTSIDE_READS, ids=[repr(c)[:60] for c in OUTSIDE_READS])
def test_a_line_that_prints_what_is_outside_is_not_low(line: str, tmp_path: Path) -> None:
    (tmp_path / "secret").write_text("TOPSECRET\n")
    root = tmp_path / "ws"
    root.mkdir()
    (root / "main.py").write_text("print(1)\n")
    verdict = classify(RunCommand(command=line), Workspace(root))
    env = {"PATH": "/usr/bin:/bin", "LEAK": "TOPSECRET"}  # ps e prints other processes' environments
    sleeper = subprocess.Popen(["sleep", "30"], env=env)
    try:
        leaked = [shell for shell in SHELLS if "TOPSECRET" in subprocess.run(
            [shell, "-c", line], cwd=root, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True, errors="replace", timeout=10, env=env).stdout]  # the model is sent both streams
    finally:
        sleeper.kill()
        sleeper.wait()
    if leaked:
        assert verdict.level != "LOW", (leaked, verdict)


@pytest.mark.parametrize("line", ["PATH= ls", "unset PATH; ls", "export PATH=; ls", "env PATH= ls"])
def test_an_empty_path_runs_the_workspace_s_own_program_and_is_high(line: str, tmp_path: Path) -> None:
    """An empty or unset PATH is the current directory to dash and bash: `ls` runs ./ls."""
    (tmp_path / "ls").write_text("#!/bin/sh\necho RAN-THE-WORKSPACE-LS\n")
    (tmp_path / "ls").chmod(0o755)
    verdict = classify(RunCommand(command=line), Workspace(tmp_path))
    ran = [shell for shell in SHELLS if "RAN-THE-WORKSPACE-LS" in subprocess.run(
        [shell, "-c", line], cwd=tmp_path, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=10,
        env={"PATH": "/usr/bin:/bin"}).stdout]
    assert ran, "the shells here do not search the current directory for an empty PATH"
    assert verdict.level == "HIGH", (ran, verdict)
