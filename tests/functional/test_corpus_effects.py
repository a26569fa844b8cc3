"""The corpus's dangerous commands really do what their level says, under dash and under bash.

Each entry of tests/data/commands.json and commands_issue30.json with a `confirm` runs for real
in a scratch copy of the test workspace (with what its `setup` names: archives, a patch, a
repository, a secret and a local server to send it to, a process of this test's own, a
repository outside the workspace whose configuration runs a program), and its `effect` is
checked: what it deletes or changes, the marker its code creates, the secret the server
receives, that the server was reached at all, the setuid bits left, the limits or priority of
the other process; a harmless one changes nothing. A corpus that says HIGH for commands that do
nothing would prove nothing: this is the proof that they do. A tool this machine lacks skips
its entries, saying which; an entry that holds for one shell only names it (`shells`).
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import os
import shutil
import stat
import subprocess
import tarfile
import threading
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from ..conftest import WORKSPACE_FILES, load, make_files

CONFIRMED = [c for name in ("commands.json", "commands_issue30.json") for c in load(name) if "confirm" in c]
SHELLS = ("dash", "bash")
ARCHIVED = "print('from the archive')\n"
SECRET = "X-Secret: s3cr3t-" + hashlib.sha256(b"issue 20").hexdigest()[:12]
PATCH = """--- a/main.py
+++ b/main.py
@@ -1,5 +1,5 @@
 def add(a, b):
-    return a - b
+    return a + b
 
 
 print(add(2, 3))
"""
GIT_ENV = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@e", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@e"}


def _setup(name: str, root: Path) -> None:
    if name == "archive":
        with tarfile.open(root / "x.tar", "w") as tar, tarfile.open(root / "x.tgz", "w:gz") as tgz:
            for archive in (tar, tgz):
                info = tarfile.TarInfo("main.py")
                info.size = len(ARCHIVED)
                archive.addfile(info, io.BytesIO(ARCHIVED.encode()))
        with zipfile.ZipFile(root / "x.zip", "w") as z:
            z.writestr("main.py", ARCHIVED)
    elif name == "patch":
        (root / "x.patch").write_text(PATCH)
    elif name == "gz":
        (root / "notes.txt.gz").write_bytes(gzip.compress(b"from the gz\n"))
        (root / "main.py.gz").write_bytes(gzip.compress(b"old\n"))
    elif name == "json":
        (root / "x.json").write_text('{"b": 1, "a": 2}\n')
    elif name == "secret":
        (root / "secret.txt").write_text(SECRET + "\n")  # a header line, for curl -H @file
        (root / "token.txt").write_text(SECRET.split(": ")[1] + "\n")  # a word, for wget -i
        (root / "cfg").write_text('data = "@secret.txt"\n')
    elif name == "repo":
        for args in (["init", "-q"], ["add", "."], ["commit", "-qm", "init"]):
            subprocess.run(["git", *args], cwd=root, check=True, capture_output=True,
                           env={**os.environ, **GIT_ENV, "GIT_CONFIG_GLOBAL": "/dev/null"})
        (root / "main.py").write_text((root / "main.py").read_text() + "# uncommitted work\n")
    elif name == "package":
        (root / "package.json").write_text('{"name": "x", "version": "1.0.0"}\n')
    elif name == "conftest":
        (root / "conftest.py").write_text("open('pwned', 'w').close()\n")
    elif name == "makefile":
        (root / "Makefile").write_text("all:\n\t$(CC) src\n")
    elif name == "outside repo":
        _outside_repository(root.parent / "outside", root.parent / "outside-ran")


def _outside_repository(outside: Path, marker: Path) -> None:
    """A repository beside the workspace whose configuration runs a program under `git status`
    (an fsmonitor), and a plain one in it to clone."""
    env = {**os.environ, **GIT_ENV, "GIT_CONFIG_GLOBAL": "/dev/null"}
    for repository in (outside, outside / "repo"):
        repository.mkdir(parents=True, exist_ok=True)
        (repository / "f.txt").write_text("outside\n")
        for args in (["init", "-q"], ["add", "f.txt"], ["commit", "-qm", "init"]):
            subprocess.run(["git", *args], cwd=repository, check=True, capture_output=True, env=env)
    hook = outside / "monitor.sh"
    hook.write_text(f"touch {marker}\n")
    subprocess.run(["git", "config", "core.fsmonitor", f"sh {hook}; false"], cwd=outside, check=True, env=env)


class _Recorder(BaseHTTPRequestHandler):
    seen: list[bytes] = []

    def _record(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        self.seen.append(self.requestline.encode() + b"\n" + bytes(self.headers) + self.rfile.read(length))
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    do_GET = do_POST = do_PUT = _record

    def log_message(self, *args: object) -> None:
        pass


@contextmanager
def _server() -> Iterator[tuple[str, list[bytes]]]:
    """A local HTTP server on port 0 that keeps every request it gets."""
    seen: list[bytes] = []
    handler = type("Recorder", (_Recorder,), {"seen": seen})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"127.0.0.1:{server.server_address[1]}", seen
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def _victim() -> Iterator[int]:
    """A process of the test's own, outside the command's tree, for it to reach."""
    process = subprocess.Popen(["sleep", "300"])
    try:
        yield process.pid
    finally:
        process.kill()
        process.wait()


def _files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()
            and ".git" not in p.parts}


def _nofile_limit(pid: int) -> str:
    line = next(line for line in Path(f"/proc/{pid}/limits").read_text().splitlines() if "open files" in line)
    return line.split()[3]


@pytest.mark.parametrize("shell", SHELLS)
@pytest.mark.parametrize("case", CONFIRMED, ids=[repr(c["command"])[:60] for c in CONFIRMED])
def test_a_corpus_command_does_what_its_level_says(case: dict, shell: str, tmp_path: Path) -> None:
    confirm = case["confirm"]
    missing = [tool for tool in [shell, *confirm["tools"]] if shutil.which(tool) is None and not Path(tool).exists()]
    if missing:
        pytest.skip(f"not installed here: {', '.join(missing)}")
    if shell not in confirm.get("shells", SHELLS):
        pytest.skip(f"{shell} reads this line otherwise; confirmed under {', '.join(confirm['shells'])}")
    root = tmp_path / "ws"
    make_files(root, WORKSPACE_FILES)
    for name in confirm["setup"]:
        _setup(name, root)
    command = case["command"]
    before = _files(root)
    with _server() as (address, seen), _victim() as pid:
        command = command.replace("127.0.0.1:9", address).replace("{PID}", str(pid)).replace(
            "{OUTSIDE}", str(tmp_path / "outside"))
        nice_before = os.getpriority(os.PRIO_PROCESS, pid)
        # SHELL is set as a person's login sets it: make's $(shell ...) and != run an empty program
        # ("make: -c: No such file or directory") where SHELL is unset, as in the project's CI.
        env = {**os.environ, "HOME": str(tmp_path), "NO_PROXY": "*", "GIT_CONFIG_GLOBAL": "/dev/null",
               "SHELL": shutil.which(shell) or shell}
        for key in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY"):
            env.pop(key, None)
        done = subprocess.run([shell, "-c", command], cwd=root, stdin=subprocess.DEVNULL, capture_output=True,
                              timeout=120, env=env)
        said = (done.stdout + done.stderr).decode(errors="replace")[-600:]
        effect, paths = confirm["effect"], confirm["paths"]
        if effect == "deletes":
            assert not any((root / p).exists() for p in paths), said
        elif effect == "changes":
            assert all(not (root / p).exists() or (root / p).read_bytes() != before[p] for p in paths), said
        elif effect == "creates":
            assert all((root / p).exists() for p in paths), said
        elif effect == "sends":
            assert any(SECRET.split(": ")[1].encode() in request for request in seen), (said, seen)
        elif effect == "contacts":
            assert seen, said
        elif effect == "setuid":
            assert all((root / p).stat().st_mode & (stat.S_ISUID | stat.S_ISGID) for p in paths), said
        elif effect == "limits":
            assert _nofile_limit(pid) == "7", said
        elif effect == "renices":
            assert os.getpriority(os.PRIO_PROCESS, pid) != nice_before, said
        elif effect == "nothing":  # (git config --get of a name not set exits 1)
            assert _files(root) == before and done.returncode in (0, 1), said
        else:
            raise AssertionError(f"unknown effect {effect!r}")


def test_the_confirmations_cover_each_class_of_the_issue() -> None:
    """Most of issue 20's dangerous commands are confirmed by effect, and the harmless ones too."""
    by_class: dict[str, int] = {}
    for case in CONFIRMED:
        by_class[case["class"]] = by_class.get(case["class"], 0) + 1
    for name in ("inline code", "fed interpreter", "unread wrapper", "destructive", "exfiltration", "reach outside",
                 "read-only"):
        assert by_class.get(name, 0) >= 2, by_class
    assert all(json.dumps(c["confirm"]["effect"]) for c in CONFIRMED)
