"""What the first request costs in a real tree, and what each turn's schema costs, for trees of 50,
500, 5,000 and 50,000 files (a released package's shape: sources, tests, docs, `.github/`,
`.vscode/`, a virtual environment and build output that `.gitignore` and the walk leave out).

    python benchmarks/bench_opening.py [--sizes 50,500,5000,50000] [--task "..."]

Prints, per size: the opening's tokens (system and task message as the default levers build them,
counted by the default model's own tokenizer, a vocab-only load; the chat template adds a few
tokens per message), the listing's lines, and per turn: the seconds to build the narrowed schema,
to convert it to a grammar, and for llama.cpp to parse it, with the grammar's size. The ratio is to
the 50-file tree. Asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

from _common import TREE  # noqa: F401 — puts the measured checkout on sys.path

from smallops_tui.agent.files.workspace import Workspace
from smallops_tui.agent.reply.backend import Backend
from smallops_tui.agent.session.config import SessionConfig
from smallops_tui.agent.session.levers import Levers, paths_schema
from smallops_tui.agent.session.loop import Session
from smallops_tui.agent.session.policy import ScriptedPolicy
from smallops_tui.lever_names import DEFAULT_LEVERS, parse_levers

TASK = "list the files and say what this project does"


class _NoModel:
    model = "none"

    def stream_chat(self, messages: list[dict[str, str]], **options: object):  # noqa: ANN201 — never called
        raise RuntimeError("the benchmark builds the opening only")


def make_tree(root: Path, files: int) -> None:
    """A project of about `files` files: a package in folders of 25, tests, docs, .github, .vscode,
    and, left out of the listing, a venv, build output and a .gitignore'd folder."""
    (root / ".github" / "workflows").mkdir(parents=True)
    (root / ".github" / "workflows" / "ci.yml").write_text("on: push\n")
    (root / ".vscode").mkdir()
    (root / ".vscode" / "settings.json").write_text("{}\n")
    (root / "README.md").write_text("# tool\n\nA small tool.\n")
    (root / "pyproject.toml").write_text("[project]\nname = 'tool'\n")
    (root / ".gitignore").write_text("*.log\ncache/\n")
    for extra in ("venv/lib/site.py", "build/lib/tool.py", "cache/blob.bin", "run.log"):
        (root / extra).parent.mkdir(parents=True, exist_ok=True)
        (root / extra).write_text("x\n")
    (root / "venv" / "pyvenv.cfg").write_text("home = /usr\n")
    made = 5
    index = 0
    while made < files:
        kind = ("tool", "tests", "docs")[index % 3] if files > 50 else "tool"
        folder = root / kind / f"part{index // 75}" / f"group{index // 25 % 3}" if files > 500 else root / kind
        folder.mkdir(parents=True, exist_ok=True)
        suffix = {"tool": ".py", "tests": ".py", "docs": ".md"}[kind]
        name = f"test_m{index}{suffix}" if kind == "tests" else f"m{index}{suffix}"
        (folder / name).write_text(f"# {name}\n")
        made += 1
        index += 1


def _tokenizer():  # noqa: ANN202 — llama_cpp's object
    from llama_cpp import Llama

    from smallops_tui.backends.model_file import ensure_model_file
    from smallops_tui.backends.shipped_models import DEFAULT_MODEL, SHIPPED_MODELS

    path = ensure_model_file(SHIPPED_MODELS[DEFAULT_MODEL])
    return Llama(model_path=str(path), vocab_only=True, verbose=False)


def _grammar_parse_seconds(llm, grammar: str) -> float:  # noqa: ANN001
    import llama_cpp

    started = time.perf_counter()
    sampler = llama_cpp.llama_sampler_init_grammar(llm._model.vocab, grammar.encode(), b"root")
    seconds = time.perf_counter() - started
    if not sampler:
        raise SystemExit("llama.cpp refused the grammar")
    llama_cpp.llama_sampler_free(sampler)
    return seconds


def measure(size: int, task: str, llm) -> dict[str, float]:  # noqa: ANN001
    from smallops_tui.backends.grammar_sampler import json_grammar

    root = Path(tempfile.mkdtemp(prefix=f"smallops-opening-{size}-"))
    try:
        make_tree(root, size)
        workspace = Workspace(root)
        backend: Backend = _NoModel()  # type: ignore[assignment]
        config = SessionConfig(task=task, levers=parse_levers(DEFAULT_LEVERS), sandbox="off")
        started = time.perf_counter()
        session = Session(backend, workspace, config, ScriptedPolicy(), levers=Levers(config, workspace))
        opening_seconds = time.perf_counter() - started
        tokens = sum(len(llm.tokenize(m["content"].encode(), add_bos=False, special=False)) for m in session.messages[:2])
        listing = session.messages[1]["content"].split("Files in the project", 1)[-1].count("\n- ")
        started = time.perf_counter()
        schema = paths_schema("seed", workspace, True, True, frozenset(), frozenset())
        schema_seconds = time.perf_counter() - started
        started = time.perf_counter()
        grammar = json_grammar(json.dumps(schema), 400)
        convert_seconds = time.perf_counter() - started
        return {"files": len(workspace.walk_files()), "tokens": tokens, "listing": listing,
                "opening_s": opening_seconds, "schema_s": schema_seconds, "convert_s": convert_seconds,
                "parse_s": _grammar_parse_seconds(llm, grammar), "grammar_chars": len(grammar)}
    finally:
        shutil.rmtree(root, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="50,500,5000,50000")
    parser.add_argument("--task", default=TASK)
    args = parser.parse_args()
    llm = _tokenizer()
    rows = [measure(int(size), args.task, llm) for size in args.sizes.split(",")]
    print(f"task: {args.task!r}; tokens by the default model's tokenizer (system + task message)")
    print(f"{'files':>7} {'tokens':>7} {'listed':>6} {'opening s':>9} {'schema s':>9} {'convert s':>9} "
          f"{'parse s':>8} {'grammar':>8} {'turn ×50':>8}")
    base = rows[0]["schema_s"] + rows[0]["convert_s"] + rows[0]["parse_s"]
    for row in rows:
        turn = row["schema_s"] + row["convert_s"] + row["parse_s"]
        print(f"{row['files']:>7,.0f} {row['tokens']:>7,.0f} {row['listing']:>6.0f} {row['opening_s']:>9.3f} "
              f"{row['schema_s']:>9.3f} {row['convert_s']:>9.3f} {row['parse_s']:>8.4f} {row['grammar_chars']:>8,.0f} "
              f"{turn / base:>8.1f}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
