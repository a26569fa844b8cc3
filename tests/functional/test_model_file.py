"""A shipped model's file: assembled once from part packages read as data, checked by size and
sha256 before the worker may open it, assembled again when it changed, refused when its parts are
not the pinned ones. Real files, real packages on sys.path (whose code must never run)."""

from __future__ import annotations

import asyncio
import hashlib
import os
from pathlib import Path

import pytest

from smallops_tui.backends import shipped_models
from smallops_tui.backends.embedded import EmbeddedBackend, EmbeddedUnavailable
from smallops_tui.backends.model_file import ModelRefused, ensure_model_file
from smallops_tui.backends.shipped_models import DataPart, ShippedModel, model_path

PIECES = [os.urandom(300_000), os.urandom(300_000), os.urandom(123_457)]


def _packages(root: Path, prefix: str, pieces: list[bytes]) -> list[DataPart]:
    """Part packages whose __init__ would raise if anything imported them."""
    parts = []
    for n, piece in enumerate(pieces, 1):
        package = root / f"{prefix}{n}"
        (package / "data").mkdir(parents=True)
        (package / "__init__.py").write_text("raise RuntimeError('a model part package was imported')\n")
        (package / "data" / f"part{n:02d}.bin").write_bytes(piece)
        parts.append(DataPart(f"{prefix}{n}", f"data/part{n:02d}.bin"))
    return parts


@pytest.fixture
def model(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ShippedModel:
    site = tmp_path / "site"
    prefix = f"smallops_test_part_{os.getpid()}_{abs(hash(str(tmp_path))) % 10_000}_"
    parts = _packages(site, prefix, PIECES)
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setenv("SMALLOPS_MODELS_DIR", str(tmp_path / "data" / "models"))
    whole = b"".join(PIECES)
    return ShippedModel(name="test-model", distributions=(f"{prefix}N==1.0",), parts=tuple(parts),
                        file_name="test-model.gguf", size=len(whole), sha256=hashlib.sha256(whole).hexdigest(),
                        chat_format=None, quantization="Q4_K_M", description="a test model", provenance="the test")


class Seen:
    def __init__(self) -> None:
        self.calls: list[tuple[str, int, int]] = []

    def __call__(self, what: str, done: int, total: int) -> None:
        self.calls.append((what, done, total))


def _flip_one_byte(path: Path, offset: int = 1000) -> None:
    data = bytearray(path.read_bytes())
    data[offset] ^= 0x01
    path.write_bytes(bytes(data))


def test_parts_are_assembled_once_into_the_data_dir_with_progress(model: ShippedModel, tmp_path: Path) -> None:
    seen = Seen()
    path = ensure_model_file(model, seen)
    assert path == tmp_path / "data" / "models" / "test-model.gguf"
    assert path.read_bytes() == b"".join(PIECES)
    assert seen.calls[-1][1:] == (model.size, model.size) and "assembling" in seen.calls[-1][0]
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".partial")]
    again = Seen()
    assert ensure_model_file(model, again) == path
    assert again.calls == []  # the stamp matched: not even hashed again


def test_an_assembled_file_that_changed_is_never_used_but_assembled_again(model: ShippedModel) -> None:
    path = ensure_model_file(model)
    _flip_one_byte(path)
    seen = Seen()
    assert ensure_model_file(model, seen) == path
    assert path.read_bytes() == b"".join(PIECES)
    assert any("assembling again (the file had changed)" in what for what, _, _ in seen.calls)


def test_a_part_with_one_byte_changed_is_refused_in_one_sentence(model: ShippedModel) -> None:
    broken = shipped_models.part_path(model.parts[1])
    assert broken is not None
    _flip_one_byte(broken)
    with pytest.raises(ModelRefused) as refused:
        ensure_model_file(model)
    message = str(refused.value)
    assert "not the pinned ones" in message and "pip install --force-reinstall" in message and "\n" not in message
    target = model_path(model)
    assert not target.exists() and not [p for p in target.parent.iterdir() if p.name.endswith(".partial")]


def test_a_missing_part_names_the_package_and_the_install(model: ShippedModel) -> None:
    missing = shipped_models.part_path(model.parts[2])
    assert missing is not None
    missing.unlink()
    with pytest.raises(ModelRefused, match=rf"1 of its 3 packages missing, e\.g\. {model.parts[2].package}"):
        ensure_model_file(model)


def test_a_single_file_model_that_changed_is_refused(model: ShippedModel, monkeypatch: pytest.MonkeyPatch) -> None:
    single = ShippedModel(name="single", distributions=("x==1",), parts=model.parts[:1], file_name="single.gguf",
                          size=len(PIECES[0]), sha256=hashlib.sha256(PIECES[0]).hexdigest(), chat_format=None,
                          quantization="Q4_1", description="", provenance="")
    assert ensure_model_file(single) == shipped_models.part_path(single.parts[0])
    path = shipped_models.part_path(single.parts[0])
    assert path is not None
    _flip_one_byte(path)
    with pytest.raises(ModelRefused, match="does not match its pinned size and sha256"):
        ensure_model_file(single)


def test_the_worker_is_never_started_on_a_model_that_fails_its_check(model: ShippedModel,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """llama.cpp parses a GGUF natively: a file that fails the hash must not reach it at all."""
    pytest.importorskip("llama_cpp")
    monkeypatch.delenv("SMALLOPS_EMBEDDED_WORKER", raising=False)
    monkeypatch.setitem(shipped_models.SHIPPED_MODELS, model.name, model)
    broken = shipped_models.part_path(model.parts[0])
    assert broken is not None
    _flip_one_byte(broken)
    backend = EmbeddedBackend(model=model.name)
    with pytest.raises(EmbeddedUnavailable, match="not the pinned ones"):
        asyncio.run(backend.load())
    assert backend._worker is None


# -- issue 30: the stamp is what was hashed, and the file loaded is the descriptor checked ----------

def test_a_file_changed_while_it_was_hashed_is_not_stamped(model: ShippedModel) -> None:
    """The stamp records the file as it was read (its descriptor's stat before and after): a write
    in the middle leaves no stamp, and the next start hashes again and finds the change."""
    from smallops_tui.backends.model_file import _stamp_path, verified

    path = ensure_model_file(model)
    _stamp_path(model).unlink()
    original = path.read_bytes()

    def write_midway(what: str, done: int, total: int) -> None:
        with open(path, "r+b") as f:  # the same inode: what was read is the old bytes
            f.seek(10)
            f.write(b"\xff")

    assert not verified(model, path, write_midway)
    assert not _stamp_path(model).exists()
    seen = Seen()
    assert not verified(model, path, seen)  # hashed again, and refused
    assert seen.calls and path.read_bytes() != original


def test_the_descriptor_checked_is_the_file_read_whatever_the_name_holds_after(model: ShippedModel) -> None:
    from smallops_tui.backends.model_file import open_model_file

    path, fd = open_model_file(model)
    try:
        swapped = path.with_name("swapped")
        swapped.write_bytes(b"GGUF not the checked model")
        os.replace(swapped, path)  # a swap after the check
        assert path.read_bytes() == b"GGUF not the checked model"  # the control: the name leads elsewhere
        assert Path(f"/proc/self/fd/{fd}").read_bytes() == b"".join(PIECES)
    finally:
        os.close(fd)

