"""Files a command line writes and runs in the same line: the script is judged by what it holds.

`printf 'rm -rf src\\n' > t.sh && sh t.sh` hides its commands from rules that read only the
line, so every file the line writes is followed to where the line runs it (a shell or `.` given
the file, `./t.sh`, an interpreter's script, `awk -f`, `sed -f`, make's makefile), whatever the
order or the directory (files are matched by name: fail closed). What the line says the file
holds (echo, printf, a here-document or here-string, through cat or tee; `>` then `>>`; each
way dash and bash read the escapes) is judged as what runs:

- a shell script (or `./t` with a shell's `#!`, or none) as a command line of its own: HIGH when
  that would be HIGH (`shell.written_script`), else the line keeps its level;
- an awk program or sed script as the same awk or sed command given it inline;
- code for another interpreter, a makefile, or a file a tool runs code from (conftest.py under
  pytest, package.json under npm, a Rakefile, a module `python -m` runs): HIGH, as `python3 -c` is;
- a file whose content the line does not show (copied, moved, linked, decoded, unpacked, a
  program's output, a name computed at run time): HIGH, since it cannot be read.

A download run in the same line is `shell.pipe_to_shell` (run_downloads).
"""

from __future__ import annotations

import fnmatch
import os
import shlex
from collections.abc import Iterator
from pathlib import PurePosixPath

from ..files.workspace import PathEscape
from .command_tables import (
    AWK_PROGRAMS, DOWNLOADERS, HARMLESS_TARGETS, INLINE_CODE_OPTIONS, INTERPRETER_VALUE_OPTIONS, INTERPRETERS,
    MOVERS, OUTPUT_OPTIONS,
)
from .options import base_program, operands_of, option_value, short_cluster
from .paths import OPEN_DESCRIPTOR, Context, from_cwd
from .printed_text import MAX_CANDIDATES, Texts, fed_text, joined, printed
from .shell import SHELLS, SimpleCommand
from .shell_wrappers import REPLACEMENT

ANY_NAME = "*"  # the files a writer whose names the line does not show (an archive, `> "$f"`) may write
MAX_EXISTING = 65536  # bytes of a file already here read as the start of what `>>` appends to
SYSTEM_BIN_DIRS = ("/bin/", "/usr/bin/", "/usr/local/bin/", "/sbin/", "/usr/sbin/")
# Programs that unpack files whose names the line does not show, and the words that make them.
_UNPACKERS = {"tar": "x", "bsdtar": "x", "cpio": "i", "ar": "x", "7z": "xe", "7za": "xe", "7zr": "xe", "unrar": "xe"}
_DECOMPRESSORS = frozenset({"gunzip", "unxz", "bunzip2", "unzstd", "unlzma", "uncompress", "unzip"})
_COMPRESSORS = frozenset({"gzip", "xz", "bzip2", "zstd", "lzma"})
# Tools that run code from files in the directory they work in (the recipes of a makefile, a
# conftest.py, package.json's scripts, a build script): a file of these names written by the
# same line is code the tool runs. Names are matched as patterns.
_MAKEFILES = ("GNUmakefile", "makefile", "Makefile")
_PYTEST_FILES = ("conftest.py", "test_*.py", "*_test.py", "pytest.ini", "pyproject.toml", "setup.cfg", "tox.ini")
_NODE_FILES = ("package.json", ".npmrc", ".yarnrc", ".yarnrc.yml", "*.js", "*.mjs", "*.cjs", "*.ts")
TOOL_FILES: dict[str, tuple[str, ...]] = {
    "make": _MAKEFILES, "gmake": _MAKEFILES, "pytest": _PYTEST_FILES, "py.test": _PYTEST_FILES,
    **{name: _NODE_FILES for name in ("npm", "pnpm", "yarn", "bun", "npx")},
    "rake": ("Rakefile", "rakefile", "Rakefile.rb", "*.rake"), "bundle": ("Gemfile", "Rakefile"),
    "just": ("justfile", "Justfile", ".justfile"), "task": ("Taskfile.yml", "Taskfile.yaml"),
    "cmake": ("CMakeLists.txt", "*.cmake"), "meson": ("meson.build",), "ninja": ("build.ninja",),
    "gradle": ("build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts", "gradle.properties"),
    "mvn": ("pom.xml",), "cargo": ("Cargo.toml", "build.rs", "*.rs"), "go": ("*.go", "go.mod"),
    "tox": ("tox.ini", "setup.py", "pyproject.toml"), "nox": ("noxfile.py",), "invoke": ("tasks.py",),
    "inv": ("tasks.py",), "fab": ("fabfile.py",), "pip": ("setup.py", "pyproject.toml", "setup.cfg"),
    "composer": ("composer.json",), "deno": ("deno.json", "deno.jsonc", "*.ts", "*.js"),
}


def judge_written_scripts(commands: list[SimpleCommand], ctx: Context) -> None:
    runs = [(cmd, kind, operand) for cmd in commands for kind, operand in _runs(cmd)]
    files = written_files(commands, ctx) if runs else {}  # most lines run no file: nothing to follow
    for cmd, kind, operand in runs:
        for texts in _matching(files, operand):
            _judge(kind, cmd, operand, texts, ctx)


# -- what the line writes ---------------------------------------------------------------------------

def written_files(commands: list[SimpleCommand], ctx: Context) -> dict[str, Texts]:
    """Every file the line writes, by path, with what it holds (None: the line does not show it).
    A file written twice holds either text (a branch or a loop may decide): both are kept."""
    files: dict[str, Texts] = {}

    def store(path: str, texts: Texts, appends: bool = False) -> None:
        path = os.path.normpath(path)
        if appends:
            files[path] = joined(files[path] if path in files else _existing(path, ctx), texts)
        elif path in files:
            before = files[path]
            union = None if before is None or texts is None else tuple(dict.fromkeys(before + texts))
            files[path] = union if union is not None and len(union) <= MAX_CANDIDATES else None
        else:
            files[path] = texts

    for cmd in commands:
        for redirect in cmd.redirects:
            if not redirect.writes or redirect.target in HARMLESS_TARGETS or OPEN_DESCRIPTOR.fullmatch(redirect.target):
                continue
            stdout = redirect.fd in ("", "1") or redirect.op in ("&>", "&>>", ">&")
            texts = printed(cmd) if stdout else (("",) if printed(cmd) is not None else None)
            store(ANY_NAME if redirect.dynamic else redirect.target, texts if redirect.op != "<>" else None,
                  appends=redirect.op in (">>", "&>>"))
        for path, texts, appends in _program_writes(cmd):
            store(path, texts, appends)
    return files


def _program_writes(cmd: SimpleCommand) -> Iterator[tuple[str, Texts, bool]]:
    """The files a program writes by its words: tee's (what it reads), and those whose content
    the line does not show (a mover's target, an output option, dd's of=, what an archive holds)."""
    program, args = cmd.program, cmd.args
    if program == "tee":
        appends = any(a in ("-a", "--append") or "a" in short_cluster(a) for a in args)
        for k, target in enumerate(args):
            if not target.startswith("-") and target not in HARMLESS_TARGETS:
                yield (ANY_NAME if k in cmd.dynamic_args else target), fed_text(cmd), appends
    elif program in MOVERS:
        operands = operands_of(cmd)
        targets = [option_value(args, k, "-t") or option_value(args, k, "--target-directory") for k in range(len(args))]
        moved_to = next((t for t in targets if t), operands[-1] if len(operands) >= 2 else None)
        if moved_to is not None:
            yield moved_to, None, False
            for source in operands:
                yield os.path.join(moved_to, os.path.basename(source.rstrip("/"))), None, False
    elif program == "dd":
        for arg in args:
            if arg.startswith("of="):
                yield arg[3:], None, False
    if cmd.dynamic_args and program in (*MOVERS, "tee", "dd"):
        yield ANY_NAME, None, False
    for k in range(len(args)):
        for option in OUTPUT_OPTIONS.get(program, ()):
            value = option_value(args, k, option)
            if value:
                yield value, None, False
    if _unpacks(cmd):
        yield ANY_NAME, None, False


def _unpacks(cmd: SimpleCommand) -> bool:
    """Whether the command unpacks files whose names the line does not show."""
    program, args = cmd.program, cmd.args
    if program in _DECOMPRESSORS:
        return not any(a in ("-l", "-t", "-v", "-Z", "-p", "-c", "--list", "--test", "--stdout") for a in args)
    if program in _COMPRESSORS:
        return any(a in ("-d", "--decompress") or "d" in short_cluster(a) for a in args)
    letters = _UNPACKERS.get(program)
    if letters is None or not args:
        return False
    words = [args[0].lstrip("-")] + [short_cluster(a) for a in args[1:]]
    return any(set(letters) & set(word) for word in words) or any(a in ("--extract", "--get") for a in args)


def _existing(path: str, ctx: Context) -> Texts:
    """What a file already here holds, as the start of what `>>` appends to (None: unreadable)."""
    try:
        target = ctx.workspace.resolve(from_cwd(path, ctx))
    except PathEscape:
        return None
    if not target.exists():
        return ("",)
    try:
        if not target.is_file() or target.stat().st_size > MAX_EXISTING:
            return None
        return (target.read_text(encoding="utf-8"),)
    except (OSError, UnicodeDecodeError):
        return None


# -- what the line runs -------------------------------------------------------------------------------

def _runs(cmd: SimpleCommand) -> Iterator[tuple[str, str]]:
    """The files `cmd` runs, with how: "shell", "exec" (by path: its `#!` decides), "code" (another
    interpreter's script), "awk", "sed", "tool" (a name or pattern of the files it runs code from)."""
    if not cmd.argv:
        return
    program = base_program(cmd.program)
    if {"xargs", "parallel"} & set(cmd.via) and (program in INTERPRETERS or program in ("make", "gmake")):
        yield ("shell" if program in SHELLS else "code"), REPLACEMENT  # the script is named on its input
    if cmd.argv[0] == REPLACEMENT or ("/" in cmd.argv[0] and not cmd.argv[0].startswith(SYSTEM_BIN_DIRS)):
        yield "exec", cmd.argv[0]  # ./t.sh, or find -exec {} (whatever find names)
    elif program in SHELLS and not cmd.inline:
        yield from _script_operand(cmd, "shell", frozenset({"-o", "+o", "-O", "+O", "--rcfile", "--init-file"}))
    elif program in (".", "source") and cmd.args:
        yield "shell", cmd.args[0]
    elif program in AWK_PROGRAMS or program in ("sed", "gsed"):
        kind = "sed" if program in ("sed", "gsed") else "awk"
        for k in range(len(cmd.args)):
            script = option_value(cmd.args, k, "-f") or option_value(cmd.args, k, "--file")
            if script:
                yield kind, script
    elif program in TOOL_FILES:  # make's -f names its makefile
        named = [v for k in range(len(cmd.args)) for o in ("-f", "--file", "--makefile")
                 if program in ("make", "gmake") and (v := option_value(cmd.args, k, o))]
        for name in named or TOOL_FILES[program]:
            yield "tool", name
    elif program == "python" and (module := _python_module(cmd.args)):
        for name in TOOL_FILES["pytest"] if module == "pytest" else (module.replace(".", "/") + ".py", "__main__.py"):
            yield "code", name
    elif program in INTERPRETERS and not cmd.inline and not any(a in INLINE_CODE_OPTIONS.get(program, ()) or a == "-m"
                                                                 for a in cmd.args):
        yield from _script_operand(cmd, "code", INTERPRETER_VALUE_OPTIONS.get(program, frozenset()))


def _python_module(args: list[str]) -> str:
    """The module of `python -m MODULE` (`-mMODULE` too), "" when it runs none."""
    for k, arg in enumerate(args):
        if arg == "-m":
            return args[k + 1] if k + 1 < len(args) else ""
        if arg.startswith("-m") and not arg.startswith("--"):
            return arg[2:]
        if not arg.startswith("-"):
            return ""
    return ""


def _script_operand(cmd: SimpleCommand, kind: str, value_options: frozenset[str]) -> Iterator[tuple[str, str]]:
    """The script an interpreter reads: its first operand, or the file its input is redirected from."""
    args = cmd.args
    k = 0
    while k < len(args):
        arg = args[k]
        if arg == "--":
            if k + 1 < len(args):
                yield kind, args[k + 1]
            return
        if arg == "-s" or arg == "-":
            break  # it reads its standard input: a pipe or here-document is fed_interpreter's, a file is below
        if arg in ("--rcfile", "--init-file") and k + 1 < len(args):
            yield kind, args[k + 1]  # bash reads and runs it first
        if arg.startswith(("-", "+")):
            k += 2 if arg in value_options else 1
            continue
        yield kind, arg
        return
    for redirect in cmd.redirects:
        if redirect.op == "<" and redirect.fd in ("", "0"):
            yield kind, redirect.target


def _matching(files: dict[str, Texts], operand: str) -> Iterator[Texts]:
    """What each written file the operand may name holds: by name, whichever directory; every
    file for a name computed at run time, and any name for a writer that does not show its names."""
    name = os.path.basename(os.path.normpath(operand))
    for path, texts in files.items():
        if path == ANY_NAME or "$" in operand or operand == REPLACEMENT or fnmatch.fnmatchcase(os.path.basename(path),
                                                                                                name):
            yield texts


def _judge(kind: str, cmd: SimpleCommand, operand: str, texts: Texts, ctx: Context) -> None:
    if texts is None:
        ctx.found.add("shell.written_script", f"{operand}: written by this line, and what it holds cannot be read")
        return
    for text in texts:
        how = _shebang_kind(text) if kind == "exec" else kind
        if how == "shell":
            found = ctx.judge_line(text)
        elif how in ("awk", "sed"):
            found = ctx.judge_line(_inline_line(cmd, operand, text, "-e" if how == "sed" else ""))
        elif text.strip():
            ctx.found.add("shell.written_script", f"{operand}: code this line writes for {cmd.program} (a script, a "
                                                  "makefile, a file the tool runs code from, or a `#!` interpreter's), "
                                                  "which the rules cannot judge")
            return
        else:
            continue
        if found.level() == "HIGH":
            ctx.found.add("shell.written_script", f"{operand} holds: {found.top_reason()}")
            return


def _shebang_kind(text: str) -> str:
    """How `./file` runs: a `#!` naming a shell, or none (the calling shell reads it), is a shell."""
    if not text.startswith("#!"):
        return "shell"
    words = text[2:].split("\n", 1)[0].split()
    names = [PurePosixPath(w).name for w in words[:2]]
    interpreter = names[1] if names[:1] == ["env"] and len(names) > 1 else (names[0] if names else "")
    return "shell" if base_program(interpreter) in SHELLS else "code"


def _inline_line(cmd: SimpleCommand, operand: str, text: str, option: str) -> str:
    """`awk -f prog.awk data` as `awk 'PROGRAM' data`, `sed -f s.sed f` as `sed -e 'SCRIPT' f`."""
    words: list[str] = []
    skip = False
    for arg in cmd.argv:
        if skip:
            skip = False
            words += [option, text] if option else [text]
        elif arg in ("-f", "--file"):
            skip = True
        elif arg in (f"-f{operand}", f"--file={operand}"):
            words += [option, text] if option else [text]
        else:
            words.append(arg)
    return shlex.join(words)


# -- downloads ----------------------------------------------------------------------------------------

def run_downloads(commands: list[SimpleCommand], ctx: Context) -> None:
    """`curl URL > x.sh && sh x.sh`, `wget URL/x.sh; ./x.sh`: code from the network, run."""
    downloaded: set[str] = set()
    for cmd in commands:
        program = base_program(cmd.program)
        if program in DOWNLOADERS:
            downloaded.update(os.path.normpath(r.target) for r in cmd.redirects if r.writes)
            for k in range(len(cmd.args)):
                for option in ("-o", "--output", "-O", "--output-document"):
                    value = option_value(cmd.args, k, option)
                    if value:
                        downloaded.add(os.path.normpath(value))
            urls = [a for a in cmd.args if "://" in a]
            if program == "wget" or "-O" in cmd.args or "--remote-name" in cmd.args:
                downloaded.update(os.path.basename(u.rstrip("/")) for u in urls if os.path.basename(u.rstrip("/")))
            continue
        if not downloaded or not cmd.argv:
            continue
        run = [cmd.argv[0]] + ([a for a in cmd.args if not a.startswith("-")][:1] if program in INTERPRETERS else [])
        if any(os.path.normpath(word) in downloaded for word in run):
            ctx.found.add("shell.pipe_to_shell", f"{cmd.text()} runs what was downloaded")
