"""Archive, patch and format tools that replace or delete files here without a diff.

Unpacking an archive or applying a patch writes whatever the archive or patch holds over the
files here (`tar -xf`, `unzip -o`, `7z x -y`, `cpio -iu`, `ar x`, `git apply`, `git am`,
`patch`); a compressor told to `-f` replaces what is there; some tools delete (`zip -d/-m`,
`tar --remove-files/--delete`, `7z d`, `ar d`) or rewrite in place (`dos2unix`, `mogrify`,
`git merge-file`, `qpdf --replace-input`); `git checkout-index -f` and `git read-tree -u`
throw away uncommitted work; and a last operand or output option names the file a converter
writes (`convert in out`, `sox`, `ffmpeg -y`, `iconv -o`, `openssl -out`, `pandoc -o`).
A tool that only lists, tests, prints to its output or keeps what is there stays MEDIUM.
"""

from __future__ import annotations

from .command_tables import HARMLESS_TARGETS
from .options import matches_long, operands_of, option_value, short_cluster
from .paths import Context, write_target
from .shell import SimpleCommand


def _has(args: list[str], *options: str, letters: str = "") -> bool:
    """Whether any of `options` (long ones by prefix too) or a short cluster holding one of
    `letters` is among `args`."""
    for arg in args:
        if arg == "--":
            return False
        if any(arg == o or (o.startswith("--") and matches_long(arg, o)) for o in options):
            return True
        if letters and any(c in short_cluster(arg) for c in letters):
            return True
    return False


def _unpacks(ctx: Context, what: str) -> None:
    ctx.found.add("shell.unpacks_over", what)


def judge_tar(cmd: SimpleCommand, ctx: Context) -> None:
    args = cmd.args
    if not args:
        return
    old_style = not args[0].startswith("-")
    letters = args[0] if old_style else "".join(short_cluster(a) for a in args if not a.startswith("--"))
    if _has(args, "--remove-files"):
        ctx.found.add("shell.delete", "tar --remove-files deletes the files it archives")
    if _has(args, "--delete"):
        ctx.found.add("shell.delete", "tar --delete deletes members of the archive in place")
    extracting = "x" in letters or _has(args, "--extract", "--get")
    keeps = _has(args, "--keep-old-files", "--skip-old-files", "--to-stdout", "--to-command", letters="kO") or \
        (old_style and set(args[0]) & set("kO"))
    if extracting and not keeps:
        _unpacks(ctx, f"tar {' '.join(args)[:60]}: extracts over the files here")


def judge_unzip(cmd: SimpleCommand, ctx: Context) -> None:
    args = cmd.args
    listing = _has(args, letters="lvtZpcz") or _has(args, "-Z")
    if not listing and _has(args, letters="o"):
        _unpacks(ctx, "unzip -o extracts over the files here without asking")


def judge_7z(cmd: SimpleCommand, ctx: Context) -> None:
    operands = operands_of(cmd)
    command = operands[0] if operands else ""
    if command == "d":
        ctx.found.add("shell.delete", f"{cmd.program} d deletes members of the archive in place")
    elif command in ("x", "e"):
        keeps = any(a in ("-aos", "-aou", "-aot", "-so") for a in cmd.args)
        if not keeps:
            _unpacks(ctx, f"{cmd.program} {command} extracts over the files here")


def judge_unrar(cmd: SimpleCommand, ctx: Context) -> None:
    operands = operands_of(cmd)
    if operands[:1] in (["x"], ["e"]) and "-o-" not in cmd.args:
        _unpacks(ctx, f"unrar {operands[0]} extracts over the files here")


def judge_cpio(cmd: SimpleCommand, ctx: Context) -> None:
    if _has(cmd.args, "--extract", letters="i") and _has(cmd.args, "--unconditional", letters="u"):
        _unpacks(ctx, "cpio -iu extracts over the files here, newer ones too")


def judge_ar(cmd: SimpleCommand, ctx: Context) -> None:
    key = cmd.args[0].lstrip("-") if cmd.args else ""
    operation = next((c for c in key if c in "dmpqrstx"), "")  # the rest of the key are modifiers
    if operation == "x":
        _unpacks(ctx, "ar x extracts the members over the files here")
    elif operation == "d":
        ctx.found.add("shell.delete", "ar d deletes members of the archive in place")


def judge_zip(cmd: SimpleCommand, ctx: Context) -> None:
    args = cmd.args
    if _has(args, "--delete", letters="d"):
        ctx.found.add("shell.delete", "zip -d deletes entries of the archive in place")
    if _has(args, "--move", "--filesync", letters="m") or "-FS" in args:
        ctx.found.add("shell.delete", "zip -m deletes the files it archives (-FS: entries not on disk)")


COMPRESSORS = frozenset({"gzip", "gunzip", "bzip2", "bunzip2", "xz", "unxz", "lzma", "unlzma", "zstd", "unzstd",
                         "zstdmt", "lz4", "brotli", "compress", "uncompress", "pigz", "unpigz", "lzip", "lzop",
                         "pbzip2", "pixz", "plzip"})


def judge_compressor(cmd: SimpleCommand, ctx: Context) -> None:
    args = cmd.args
    to_output = _has(args, "--stdout", "--to-stdout", "--test", "--list", letters="ctl")
    if not to_output and _has(args, "--force", letters="f"):
        ctx.found.add("shell.output_overwrite", f"{cmd.program} -f replaces a file that is there")


def judge_patch(cmd: SimpleCommand, ctx: Context) -> None:
    args = cmd.args
    if _has(args, "--dry-run", "--output", letters="o") or any(a.startswith("-o") for a in args):
        return
    _unpacks(ctx, "patch changes the files the patch names, in place")


def judge_git(cmd: SimpleCommand, ctx: Context) -> None:
    """git's subcommands that write over the working tree: apply, am, checkout-index -f,
    read-tree -u, merge-file; and those that write a file named in an option."""
    args = cmd.args
    sub, rest = (args[0], args[1:]) if args else ("", [])
    if sub == "apply":
        only_looks = _has(rest, "--check", "--stat", "--numstat", "--summary") and not _has(rest, "--apply")
        if not only_looks and not _has(rest, "--cached"):
            _unpacks(ctx, "git apply changes the files the patch names, in place")
    elif sub == "am":
        _unpacks(ctx, "git am applies patches to the files here and commits them")
    elif sub == "checkout-index" and _has(rest, "--force", letters="f"):
        ctx.found.add("shell.git_discard", "git checkout-index -f writes the index's files over the working tree")
    elif sub == "read-tree" and _has(rest, letters="u") and (_has(rest, "--reset", letters="m")):
        ctx.found.add("shell.git_discard", "git read-tree -u replaces files in the working tree")
    elif sub == "merge-file" and not _has(rest, "--stdout", letters="p"):
        ctx.found.add("shell.in_place_edit", "git merge-file writes the merge into its first file")
    elif sub in ("archive", "bundle"):
        outputs = [v for k in range(len(rest)) for v in [option_value(rest, k, "-o"), option_value(rest, k, "--output")]
                   if v is not None]
        if sub == "bundle" and rest[:1] == ["create"] and len(rest) > 1:
            outputs.append(rest[1])
        for target in outputs:
            if target not in HARMLESS_TARGETS:
                write_target(target, ctx, "shell.output_overwrite")


IN_PLACE = frozenset({"dos2unix", "unix2dos", "mac2unix", "unix2mac", "mogrify"})


def judge_in_place(cmd: SimpleCommand, ctx: Context) -> None:
    """Converters that rewrite the files they are given (dos2unix without -n, mogrify)."""
    if cmd.program != "mogrify" and _has(cmd.args, "--newfile", letters="n"):
        return
    if operands_of(cmd):
        ctx.found.add("shell.in_place_edit", f"{cmd.program} rewrites {', '.join(operands_of(cmd))[:60]} in place")


# Converters whose last operand is the file they write.
LAST_OPERAND_OUTPUT = frozenset({"convert", "magick", "sox", "qpdf", "lz4"})


def judge_last_operand_output(cmd: SimpleCommand, ctx: Context) -> None:
    operands = [a for a in operands_of(cmd) if a != "-"]
    if cmd.program == "qpdf" and _has(cmd.args, "--replace-input"):
        ctx.found.add("shell.in_place_edit", "qpdf --replace-input rewrites its input")
        return
    if cmd.program == "lz4" and not _has(cmd.args, "--force", letters="f"):
        return  # lz4 asks before it replaces a file
    if len(operands) >= 2:
        write_target(operands[-1], ctx, "shell.output_overwrite", reads=tuple(operands[:-1]))


def judge_ffmpeg(cmd: SimpleCommand, ctx: Context) -> None:
    """ffmpeg writes its last operand; with -y it replaces one that is there (without, it asks)."""
    if "-y" not in cmd.args:
        return
    args, outputs, k = cmd.args, [], 0
    while k < len(args):
        if args[k].startswith("-"):
            k += 2 if args[k] not in ("-y", "-n", "-hide_banner", "-nostdin") else 1
            continue
        outputs.append(args[k])
        k += 1
    if outputs:
        write_target(outputs[-1], ctx, "shell.output_overwrite")


def judge_pdftk(cmd: SimpleCommand, ctx: Context) -> None:
    args = cmd.args
    if "output" in args and args.index("output") + 1 < len(args):
        write_target(args[args.index("output") + 1], ctx, "shell.output_overwrite",
                     reads=tuple(args[: args.index("output")]))


JUDGES = {
    "tar": judge_tar, "bsdtar": judge_tar, "gtar": judge_tar, "unzip": judge_unzip,
    **{name: judge_7z for name in ("7z", "7za", "7zr", "7zz")}, "unrar": judge_unrar, "cpio": judge_cpio,
    "ar": judge_ar, "zip": judge_zip, **{name: judge_compressor for name in COMPRESSORS}, "patch": judge_patch,
    "git": judge_git, **{name: judge_in_place for name in IN_PLACE},
    **{name: judge_last_operand_output for name in LAST_OPERAND_OUTPUT}, "ffmpeg": judge_ffmpeg, "pdftk": judge_pdftk,
}
