"""Archive, patch and format tools that replace or delete files here without a diff.

Unpacking an archive or applying a patch writes whatever the archive or patch holds over the
files here (`tar -xf`, `unzip -o`, `7z x -y`, `cpio -iu`, `ar x`, `patch`; git's own are
checks/git.py's); a compressor told to `-f` replaces what is there; some tools delete (`zip
-d/-m`, `tar --remove-files/--delete`, `7z d`, `ar d`) or rewrite in place (`dos2unix`,
`mogrify`, `qpdf --replace-input`); tar's create modes write the archive `-f` names; and a last
operand or output option names the file a converter writes (`convert in out`, `sox`, `ffmpeg
-y`, `iconv -o`, `openssl -out`, `pandoc -o`).
A tool that only lists, tests, prints to its output or keeps what is there stays MEDIUM.
"""

from __future__ import annotations

from .command_risk import has_option, matches_long, operands_of, option_value, short_cluster, write_target
from .command_tables import HARMLESS_TARGETS
from .judging import Context
from .shell import SimpleCommand


def _unpacks(ctx: Context, what: str) -> None:
    ctx.found.add("shell.unpacks_over", what)


def judge_tar_create(cmd: SimpleCommand, ctx: Context) -> None:
    """tar's create modes (c, r, u, A) write the archive named by -f (`tar cf notes.txt x`)."""
    args = cmd.args
    if not args:
        return
    old_style = not args[0].startswith("-")
    letters = args[0] if old_style else "".join(short_cluster(a) for a in args)
    long_modes = any(matches_long(a, o) for a in args for o in ("--create", "--append", "--update", "--concatenate"))
    if not (set(letters) & set("cruA") or long_modes):
        return
    archive = None
    if old_style and "f" in args[0]:
        archive = args[1] if len(args) > 1 else None
    for k in range(len(args)):
        archive = archive or option_value(args, k, "-f") or option_value(args, k, "--file")
    if archive and archive not in HARMLESS_TARGETS:
        write_target(archive, ctx, "shell.output_overwrite", dynamic=args.index(archive) in cmd.dynamic_args
                      if archive in args else False)


def judge_tar(cmd: SimpleCommand, ctx: Context) -> None:
    args = cmd.args
    if not args:
        return
    old_style = not args[0].startswith("-")
    letters = args[0] if old_style else "".join(short_cluster(a) for a in args if not a.startswith("--"))
    if has_option(args, "--remove-files"):
        ctx.found.add("shell.delete", "tar --remove-files deletes the files it archives")
    if has_option(args, "--delete"):
        ctx.found.add("shell.delete", "tar --delete deletes members of the archive in place")
    extracting = "x" in letters or has_option(args, "--extract", "--get")
    keeps = has_option(args, "--keep-old-files", "--skip-old-files", "--to-stdout", "--to-command", letters="kO") or \
        (old_style and set(args[0]) & set("kO"))
    if extracting and not keeps:
        _unpacks(ctx, f"tar {' '.join(args)[:60]}: extracts over the files here")


def judge_unzip(cmd: SimpleCommand, ctx: Context) -> None:
    args = cmd.args
    listing = has_option(args, letters="lvtZpcz") or has_option(args, "-Z")
    if not listing and has_option(args, letters="o"):
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
    if has_option(cmd.args, "--extract", letters="i") and has_option(cmd.args, "--unconditional", letters="u"):
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
    if has_option(args, "--delete", letters="d"):
        ctx.found.add("shell.delete", "zip -d deletes entries of the archive in place")
    if has_option(args, "--move", "--filesync", letters="m") or "-FS" in args:
        ctx.found.add("shell.delete", "zip -m deletes the files it archives (-FS: entries not on disk)")


COMPRESSORS = frozenset({"gzip", "gunzip", "bzip2", "bunzip2", "xz", "unxz", "lzma", "unlzma", "zstd", "unzstd",
                         "zstdmt", "lz4", "brotli", "compress", "uncompress", "pigz", "unpigz", "lzip", "lzop",
                         "pbzip2", "pixz", "plzip"})


def judge_compressor(cmd: SimpleCommand, ctx: Context) -> None:
    args = cmd.args
    to_output = has_option(args, "--stdout", "--to-stdout", "--test", "--list", letters="ctl")
    if not to_output and has_option(args, "--force", letters="f"):
        ctx.found.add("shell.output_overwrite", f"{cmd.program} -f replaces a file that is there")


def judge_patch(cmd: SimpleCommand, ctx: Context) -> None:
    args = cmd.args
    if has_option(args, "--dry-run", "--output", letters="o") or any(a.startswith("-o") for a in args):
        return
    _unpacks(ctx, "patch changes the files the patch names, in place")


IN_PLACE = frozenset({"dos2unix", "unix2dos", "mac2unix", "unix2mac", "mogrify"})


def judge_in_place(cmd: SimpleCommand, ctx: Context) -> None:
    """Converters that rewrite the files they are given (dos2unix without -n, mogrify)."""
    if cmd.program != "mogrify" and has_option(cmd.args, "--newfile", letters="n"):
        return
    if operands_of(cmd):
        ctx.found.add("shell.in_place_edit", f"{cmd.program} rewrites {', '.join(operands_of(cmd))[:60]} in place")


# Converters whose last operand is the file they write.
LAST_OPERAND_OUTPUT = frozenset({"convert", "magick", "sox", "qpdf", "lz4"})


def judge_last_operand_output(cmd: SimpleCommand, ctx: Context) -> None:
    operands = [a for a in operands_of(cmd) if a != "-"]
    if cmd.program == "qpdf" and has_option(cmd.args, "--replace-input"):
        ctx.found.add("shell.in_place_edit", "qpdf --replace-input rewrites its input")
        return
    if cmd.program == "lz4" and not has_option(cmd.args, "--force", letters="f"):
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
    **{name: judge_in_place for name in IN_PLACE},
    **{name: judge_last_operand_output for name in LAST_OPERAND_OUTPUT}, "ffmpeg": judge_ffmpeg, "pdftk": judge_pdftk,
}
ARCHIVE_WRITERS = {"tar": judge_tar_create}  # judged before the programs' other judges (the order findings are listed in)
