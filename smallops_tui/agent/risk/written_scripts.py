"""Files a command line writes and runs in the same line: the script is judged by what it holds.

`printf 'rm -rf src\\n' > t.sh && sh t.sh` hides its commands from rules that read only the
line, so every file the line writes is followed to where the line runs it (a shell or `.` given
the file, `./t.sh`, an interpreter's script, `awk -f`, `sed -f`, make's makefile: which file each
command runs is read by the line judge, classify.py, so that a line that runs none never comes
here), whatever the order or the directory (files are matched by name: fail closed). What the line says the file
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
from .command_risk import base_program, from_cwd, operands_of, option_value, short_cluster
from .command_tables import DOWNLOADERS, HARMLESS_TARGETS, INTERPRETERS, MOVERS, OPEN_DESCRIPTOR, OUTPUT_OPTIONS
from .judging import Context
from .printed_text import MAX_CANDIDATES, Texts, fed_text, joined, printed
from .shell import SHELLS, SimpleCommand
from .shell_wrappers import REPLACEMENT

ANY_NAME = "*"  # the files a writer whose names the line does not show (an archive, `> "$f"`) may write
MAX_EXISTING = 65536  # bytes of a file already here read as the start of what `>>` appends to
# Programs that unpack files whose names the line does not show, and the words that make them.
_UNPACKERS = {"tar": "x", "bsdtar": "x", "cpio": "i", "ar": "x", "7z": "xe", "7za": "xe", "7zr": "xe", "unrar": "xe"}
_DECOMPRESSORS = frozenset({"gunzip", "unxz", "bunzip2", "unzstd", "unlzma", "uncompress", "unzip"})
_COMPRESSORS = frozenset({"gzip", "xz", "bzip2", "zstd", "lzma"})
# Every program written_files finds writing a file by its words (_program_writes): with a
# redirection that writes, all the ways a line writes one here. A line with neither writes no
# file it could run (the line judge asks before it reads what the line runs).
WRITING_PROGRAMS = (frozenset({"tee", "dd"}) | MOVERS | frozenset(OUTPUT_OPTIONS) | frozenset(_UNPACKERS)
                    | _DECOMPRESSORS | _COMPRESSORS)


def judge_written_scripts(runs: list[tuple[SimpleCommand, str, str]], commands: list[SimpleCommand],
                          ctx: Context) -> None:
    """`runs`: each command that runs a file, how ("shell", "exec", "code", "awk", "sed", "tool")
    and the file (the line judge reads these, classify.py); judged against what the line writes."""
    files = written_files(commands, ctx)
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
        if found.level == "HIGH":  # its first reason is the first rule at that level
            ctx.found.add("shell.written_script", f"{operand} holds: {found.reasons[0]}")
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
            ctx.found.add("shell.pipe_to_shell", f"{cmd.text} runs what was downloaded")
