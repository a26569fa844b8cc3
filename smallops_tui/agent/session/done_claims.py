"""What a `done` summary says about files, held against the disk.

A small model's `done` often reports work it did not do: "The .gitignore file was created" with no
.gitignore anywhere, "notes.txt has been updated" over a notes.txt the session never touched. The
person reads the summary at the moment of deciding, so each such claim is said beside it:

- a file name the summary gives that is not in the workspace and never was during the session;
- a file the summary says was changed (created, updated, deleted, …) that the session did not change.

The summary is model output: it is only matched by linear patterns, bounded in length, and names
are compared, never opened. A claim it cannot tie to a file says nothing (a guard flags, it never
blocks, so a miss costs less than a false alarm that teaches the person to skip the flags).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Iterable

SUMMARY_LIMIT = 4_000  # characters of the summary read (a model's summary is a sentence or two)
NAMES_LIMIT = 12  # names reported at most

# Extensions that name a file in any project; the workspace's own extensions are added to them.
FILE_EXTENSIONS = frozenset(
    "py pyi js mjs cjs ts tsx jsx json jsonl md rst txt toml yaml yml cfg ini conf csv tsv html htm css scss "
    "sh bash zsh c h cc cpp hpp rs go java kt rb php pl lua sql xml lock log bak tmp ipynb r swift".split())
# A bare `.name` is a file only when it is one of these (".log" in "files ending in .log" is an extension).
DOT_FILES = frozenset(
    "gitignore gitattributes gitmodules dockerignore editorconfig env envrc npmrc nvmrc prettierrc eslintrc "
    "flake8 pylintrc coveragerc tool-versions pre-commit-config.yaml".split())

# A path-like word: letters, digits, `_ - . /`, ending in `.ext` (a letter first, so 9.0.3 and 1.5 are
# no names). A dotfile (.gitignore, .env) is a name on its own.
_NAME = re.compile(r"(?<![\w./-])(?:[\w.-][\w./-]{0,200})?\.[A-Za-z][A-Za-z0-9]{0,9}(?![\w/-])")
# A claim of change is read in the clause that holds the name: "Fixed calc.py by running test_calc.py"
# says calc.py changed, not test_calc.py.
_CLAUSE_END = re.compile(r"(?<=[.!?;:,])\s+|\n+|\s(?:and|but|by|after|before|while|then|so)\s", re.IGNORECASE)
_CHANGED = re.compile(
    r"\b(?:creat(?:e|es|ed|ing)|add(?:s|ed|ing)?|updat(?:e|es|ed|ing)|chang(?:e|es|ed|ing)|modif(?:y|ies|ied|ying)|"
    r"renam(?:e|es|ed|ing)|mov(?:e|es|ed|ing)|(?:re)?wr(?:ite|ites|ote|itten|iting)|insert(?:s|ed|ing)?|"
    r"remov(?:e|es|ed|ing)|delet(?:e|es|ed|ing)|fix(?:es|ed|ing)?|replac(?:e|es|ed|ing)|append(?:s|ed|ing)?|"
    r"edit(?:s|ed|ing)?|clean(?:s|ed|ing)?)\b", re.IGNORECASE)
_WORD = re.compile(r"[^\W\d_]+")
_FILLER = frozenset("the a an file files folder both also its their too as well".split())
_NEGATED = re.compile(r"\b(?:not|no|never|nothing|already|unchanged|without)\b|n't\b", re.IGNORECASE)


def claims_against_disk(summary: str, before: Iterable[str], created: Iterable[str], modified: Iterable[str],
                        deleted: Iterable[str], exists: Callable[[str], bool]) -> list[str]:
    """One sentence per claim of the summary that the disk does not bear out.

    `before`: the workspace's files at the start of the session; `created`, `modified`, `deleted`:
    its net changes since (relative POSIX paths). `exists`: whether a name is a path in the workspace
    after all (the listings skip tool caches and stop at a bound)."""
    every = set(before) | set(created)
    changed = set(created) | set(modified) | set(deleted)
    by_name: dict[str, set[str]] = {}
    for path in every:
        by_name.setdefault(posixpath.basename(path), set()).add(path)
    extensions = FILE_EXTENSIONS | {posixpath.splitext(path)[1][1:].lower() for path in every}
    missing: list[str] = []
    untouched: list[str] = []
    says_changed = False
    for clause in _CLAUSE_END.split(summary[:SUMMARY_LIMIT]):
        if not _names_only(clause):  # "Removed a.log, b.log and c.log": the names share the verb before
            says_changed = bool(_CHANGED.search(clause)) and not _NEGATED.search(clause)
        named = [(word, _paths_named(word, every, by_name)) for word in _NAME.findall(clause)]
        for word, paths in named:
            if paths:
                continue
            looks_like_a_file = word[1:] in DOT_FILES if word.startswith(".") and "/" not in word \
                else posixpath.splitext(word)[1][1:].lower() in extensions
            if looks_like_a_file and word not in missing and len(missing) < NAMES_LIMIT and not exists(word):
                missing.append(word)
        # "copy.txt was created with the content of source.txt": when one file the clause names
        # changed, its verb may be that file's, so the others are not said to be claimed.
        if says_changed and not any(paths & changed for _, paths in named):
            for _, paths in named:
                if paths and min(paths) not in untouched:
                    untouched.append(min(paths))
    said = [f"the summary names {name}, which is not in the workspace" for name in missing]
    said += [f"the summary says {path} changed, and the session did not change it" for path in untouched[:NAMES_LIMIT]]
    return said


def _paths_named(word: str, every: set[str], by_name: dict[str, set[str]]) -> set[str]:
    """The workspace paths `word` names: itself as a relative path, or a file of its name that it
    ends with or that ends with it (an absolute path, or a name given without its folder)."""
    path = posixpath.normpath(word.lstrip("/"))
    if path in every:
        return {path}
    if "/" not in path:
        return set(by_name.get(path, set()))
    return {p for p in by_name.get(posixpath.basename(path), set()) if path.endswith("/" + p) or p.endswith("/" + path)}


def _names_only(clause: str) -> bool:
    """Whether a clause is nothing but file names (and words like "the file"): a list's next item."""
    rest = _NAME.sub(" ", clause)
    return rest != clause and all(word.lower() in _FILLER for word in _WORD.findall(rest))
