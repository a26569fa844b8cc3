"""What a `done` summary says about files, held against the disk.

A small model's `done` often reports work it did not do: "The .gitignore file was created" with no
.gitignore anywhere, "notes.txt has been updated" over a notes.txt the session never touched. The
person reads the summary at the moment of deciding, so each such claim is said beside it:

- a file the summary says was created, changed or removed that the workspace does not have and
  never had during the session;
- a file it says was changed (created, updated, deleted, …) that the session did not change.

Only plain claims count: a past-tense verb of change directly before the names ("Removed tmp.log
and main.py.bak", "Created the file hello.py"), or after them ("notes.txt has been updated"). A
name said in passing ("fixed the test in test_calc.py", "writes to results.csv", "Node.js") is no
claim. A sentence that also names a file the session did change is not held against the disk
("Replaced 'old.txt' with 'new.txt' in config.json": the change is config.json's), nor is one about
git history. A guard flags and never blocks, so a miss costs less than a false alarm that teaches
the person to skip the flags.

The summary is model output: it is split into words and matched by linear patterns, bounded in
length, and names are compared, never opened.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

SUMMARY_LIMIT = 4_000  # characters of the summary read (a model's summary is a sentence or two)
NAMES_LIMIT = 12  # claims reported at most
WORDS_LIMIT = 200  # distinct words looked up in the workspace at most
SAME_NAME_LIMIT = 500  # files of one name compared with a word given with its folder, at most

# Extensions that name a file in any project; the workspace's own extensions are added to them.
FILE_EXTENSIONS = frozenset(
    "py pyi js mjs cjs ts tsx jsx json jsonl md rst txt toml yaml yml cfg ini conf csv tsv html htm css scss "
    "sh bash zsh bat ps1 c h cc cpp hpp rs go java kt rb php pl lua sql xml lock log bak tmp ipynb r swift "
    "svg png jpg jpeg gif vue dart tf proto".split())
# A bare `.name` is a file only when it is one of these (".log" in "files ending in .log" is an extension).
DOT_FILES = frozenset(
    "gitignore gitattributes gitmodules dockerignore editorconfig env envrc npmrc nvmrc prettierrc eslintrc "
    "flake8 pylintrc coveragerc tool-versions pre-commit-config.yaml".split())
# Files without an extension that are files in any project.
PLAIN_NAMES = frozenset("Makefile Dockerfile Containerfile LICENSE Procfile Gemfile Jenkinsfile Vagrantfile".split())

# A path-like word: letters, digits, `_ - . /`, ending in `.ext` (a letter first, so 9.0.3 and 1.5 are
# no names), or a dotfile.
_NAME = re.compile(r"[\w.-][\w./-]{0,200}\.[A-Za-z][A-Za-z0-9]{0,9}|\.[A-Za-z][\w-]{0,30}")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")
_PUNCTUATION = "`'\"*()[]<>{},;:!?"
_CHANGED = frozenset(
    "created added updated changed modified renamed moved wrote written rewrote rewritten inserted removed "
    "deleted fixed replaced appended edited cleaned emptied overwrote overwritten saved".split())
_GONE = frozenset("renamed moved deleted removed".split())  # what these are said of is no longer there
_MOVED = frozenset(("renamed", "moved"))  # ...and was there before (a deleted file may have been a scratch one)
_FILLER = frozenset("the a an new file files empty both also".split())
# Words after a list's comma that still end it ("Updated a.py, b.py in place"); any other word after
# it means the comma ended a clause ("Edited calc.py, test_calc.py passes").
_AFTER_LIST = frozenset("to in into from with for on at of as by so because since".split())
_AND = frozenset(("and", "&"))
_AUXILIARY = frozenset("was were has have had been is are now successfully also just got being all".split())
_BEING = frozenset("was were been is are got".split())
# What the repository's history says ("the last commit changed app.py") is no claim about this session.
_REPO_HISTORY = re.compile(r"\b(?:commits?|committed|git (?:log|status|diff|show|blame))\b", re.IGNORECASE)
# A summary that says the session changed nothing, held against the disk: "no changes were made"
# unless it goes on to say where ("... to notes.txt"), "already up to date" when the sentence names
# no file (of a named file it may well be true).
_NOTHING_CHANGED = re.compile(
    r"\b(?:no (?:changes?|files?|edits?) (?:were|was|have been|has been|are|is) (?:made|changed|modified|needed|"
    r"necessary|required)|nothing (?:was|has been|needed to be) (?:changed|modified|done))\b(?!\s+(?:to|in|for|of)\b)",
    re.IGNORECASE)
_ALREADY = re.compile(r"\b(?:is|are|were|was) already (?:up[ -]to[ -]date|correct|set|done|in place)\b", re.IGNORECASE)


@dataclass(frozen=True)
class _Named:
    """What a word of the summary names."""

    paths: set[str]  # the workspace's files it names (empty: none of those the session knows)
    on_disk: bool  # named by no file the session knows, but a path on disk all the same (a skipped folder)


@dataclass
class _Workspace:
    """The session's files as the claims are checked against them."""

    every: set[str]  # every file the workspace had during the session (at the start, or created)
    changed: set[str]  # created, modified or deleted
    gone: set[str]  # deleted
    exists: Callable[[str], bool]
    by_name: dict[str, set[str]] = field(default_factory=dict)  # lower-case basename -> paths
    extensions: set[str] = field(default_factory=set)
    looked_up: dict[str, _Named] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for path in self.every:
            self.by_name.setdefault(posixpath.basename(path).lower(), set()).add(path)
            self.extensions.add(posixpath.splitext(path)[1][1:].lower())

    def named(self, word: str) -> _Named | None:
        """What `word` names, once per word (a summary may repeat one many times); None past the
        bound of words looked up, for which nothing is said."""
        if word not in self.looked_up and len(self.looked_up) < WORDS_LIMIT:
            paths = self._paths_named(word)
            self.looked_up[word] = _Named(paths, not paths and self.exists(word))
        return self.looked_up.get(word)

    def _paths_named(self, word: str) -> set[str]:
        """Itself as a relative path; or, given without its folder (or with another case), the files
        of its name; or, given as an absolute path, the file it ends with."""
        absolute = word.startswith("/")
        path = posixpath.normpath(word.lstrip("/"))
        if path in self.every:
            return {path}
        same_name = self.by_name.get(posixpath.basename(path).lower(), set())
        if "/" not in path:
            return set(same_name)
        if len(same_name) > SAME_NAME_LIMIT:  # (20,000 __init__.py: the disk answers, not a scan of them)
            return {path} if self.exists(path) else set()
        return {p for p in same_name if p.lower().endswith("/" + path.lower())
                or (absolute and path.lower().endswith("/" + p.lower()))}

    def is_file_name(self, word: str) -> bool:
        if word in PLAIN_NAMES:
            return True
        if word.startswith(".") and "/" not in word:
            return word[1:] in DOT_FILES
        return posixpath.splitext(word)[1][1:].lower() in FILE_EXTENSIONS | self.extensions


def claims_against_disk(summary: str, before: Iterable[str], created: Iterable[str], modified: Iterable[str],
                        deleted: Iterable[str], exists: Callable[[str], bool]) -> list[str]:
    """One sentence per claim of the summary that the disk does not bear out.

    `before`: the workspace's files at the start of the session; `created`, `modified`, `deleted`:
    its net changes since (relative POSIX paths). `exists`: whether a name is a path in the workspace
    after all (the listings skip tool caches and stop at a bound)."""
    made, gone = set(created), set(deleted)
    workspace = _Workspace(set(before) | made, made | set(modified) | gone, gone, exists)
    said: dict[str, None] = {}  # (a dict: each sentence once, in order)
    for sentence in _SENTENCE_END.split(summary[:SUMMARY_LIMIT]):
        if _REPO_HISTORY.search(sentence):
            continue
        words = [_word(raw) for raw in sentence.split()]
        names = [word if _is_name(word) else None for word, _ in words]
        found = {i: workspace.named(name) for i, name in enumerate(names) if name is not None}
        names_a_file = any(named is not None and named.paths for named in found.values())
        if (workspace.changed and len(said) < NAMES_LIMIT
                and (_NOTHING_CHANGED.search(sentence) or (_ALREADY.search(sentence) and not names_a_file))):
            changed = sorted(workspace.changed)
            more = f" and {len(changed) - 3} more" if len(changed) > 3 else ""
            said[f"the summary says nothing was changed, and {', '.join(changed[:3])}{more} changed"] = None
        changed_here = {i for i, named in found.items() if named is not None and named.paths & workspace.changed}
        for verb, group in _claims(words, names):
            if verb not in _GONE and changed_here - set(group):
                continue  # the sentence names a change elsewhere: the verb may be about that one
            for i in group:
                claim = _claim(verb, names[i] or "", found.get(i), workspace)
                if claim is not None and len(said) < NAMES_LIMIT:
                    said[claim] = None
    return list(said)


def _claim(verb: str, name: str, named: _Named | None, workspace: _Workspace) -> str | None:
    """What the disk says against `verb` said of `name`, or None when it bears it out (or cannot tell)."""
    if named is None or named.on_disk:
        return None
    missing = not named.paths and workspace.is_file_name(name)
    if verb in _GONE:
        # "Deleted notes.txt", "Renamed a.txt to b.txt": the file itself must be gone (the new name
        # is a change elsewhere in the sentence, and that is expected). A deleted file that was never
        # listed may have been a scratch file of the session's own.
        if named.paths and not named.paths & workspace.gone:
            return f"the summary says {min(named.paths)} was {verb}, and it is still there"
        return f"the summary names {name}, which is not in the workspace" if missing and verb in _MOVED else None
    if missing:
        return f"the summary names {name}, which is not in the workspace"
    if named.paths and not named.paths & workspace.changed:
        return f"the summary says {min(named.paths)} changed, and the session did not change it"
    return None


def _word(raw: str) -> tuple[str, bool]:
    """A word without the punctuation around it, and whether a list goes on after it (a comma)."""
    word = raw.strip(_PUNCTUATION)
    word = word[:-1] if word.endswith(".") and not word.endswith("..") else word  # a full stop
    return word, raw.rstrip("`'\"*)]>").endswith(",")


def _is_name(word: str) -> bool:
    return word in PLAIN_NAMES or _NAME.fullmatch(word) is not None


def _claims(words: list[tuple[str, bool]], names: list[str | None]) -> list[tuple[str, list[int]]]:
    """Each verb of change with the names it is said of (as word positions): after it ("Removed
    a.log, b.log and the file c.log") or before it ("a.log and b.log were removed"). Removed or moved
    *from* something ("Removed debug.log from .gitignore") is said of that other thing."""
    groups: list[tuple[str, list[int]]] = []
    lowered = [word.lower() for word, _ in words]
    for i, word in enumerate(lowered):
        if word not in _CHANGED:
            continue
        after = _names_after(i + 1, lowered, words, names)
        if after and not (word in _GONE and max(after) + 1 < len(lowered) and lowered[max(after) + 1] == "from"):
            groups.append((word, after))
        elif not after and word not in _GONE and (inside := _file_of_part(i + 1, lowered, words, names)) is not None:
            groups.append((word, [inside]))
        j = i - 1
        while j >= 0 and lowered[j] in _AUXILIARY:
            j -= 1
        if j < i - 1 and any(lowered[k] in _BEING for k in range(j + 1, i)):
            j -= 1 if j >= 0 and lowered[j] == "file" else 0
            before = _names_before(j, lowered, words, names)
            if before:
                groups.append((word, before))
    return groups


def _names_after(j: int, lowered: list[str], words: list[tuple[str, bool]], names: list[str | None]) -> list[int]:
    found: list[int] = []
    by_comma = False
    while True:
        while j < len(lowered) and lowered[j] in _FILLER:
            j += 1
        if j >= len(lowered) or names[j] is None:
            return found
        if not words[j][1] and j + 1 < len(lowered) and names[j + 1] is None and _CODE_WORD.fullmatch(words[j + 1][0]):
            return found  # "Moved the tally.py parse_fleece_kg into weights.py": the file names whose code
        found.append(j)
        if words[j][1]:  # "a.log, b.log"
            by_comma, j = True, j + 1
        elif j + 1 < len(lowered) and lowered[j + 1] in _AND:
            by_comma, j = False, j + 2
        else:
            if by_comma and j + 1 < len(lowered) and lowered[j + 1] not in _AFTER_LIST:
                found.pop()  # "Edited calc.py, test_calc.py passes": the comma ended the clause
            return found


# A part of a file changed, said with the file after it: "I changed the `most` setting in
# walkies/plan.py from 10 to 5" (heldout32's aa12, a question: nothing had changed, unflagged). A few
# words of a noun phrase, then in/inside/within and the file; not a participle between ("fixed the bug
# described in README.md"), a preposition ("added a test for the parser in app.py": the file is the
# parser's), nor a word that says nothing changed.
_PART_WORDS = 4
_IN_FILE = frozenset(("in", "inside", "within"))
_NOT_A_PART = re.compile(r"\w+ed|nothing|none|no|not|never|anything|described|shown|mentioned|listed|said|given|"
                         r"written|seen|found|for|of|to|from|about|on|with|by|at|that|which|where", re.IGNORECASE)


def _file_of_part(j: int, lowered: list[str], words: list[tuple[str, bool]], names: list[str | None]) -> int | None:
    """The position of the file named after a part of it that a verb of change is said of, or None."""
    for k in range(j, min(j + _PART_WORDS + 2, len(lowered))):
        if lowered[k] in _IN_FILE:
            m = k + 1
            while m < len(lowered) and lowered[m] in _FILLER:
                m += 1
            return m if k > j and m < len(lowered) and names[m] is not None else None
        if names[k] is not None or words[k][1] or _NOT_A_PART.fullmatch(lowered[k]):
            return None  # a file first (the usual claim), a list's comma, a participle or a denial
    return None


# A name in code after a file's name makes the file's name say whose it is (heldout28's kit: "Moved
# the tally.py parse_fleece_kg into shear/weights.py" was read as tally.py moved, and still there).
_CODE_WORD = re.compile(r"[A-Za-z_]\w*_\w*(?:\(\))?|[A-Za-z_]\w*\(\)|[a-z]+[A-Z]\w*")


def _names_before(j: int, lowered: list[str], words: list[tuple[str, bool]], names: list[str | None]) -> list[int]:
    found: list[int] = []
    while j >= 0 and names[j] is not None:
        found.append(j)
        j -= 1
        while j >= 0 and lowered[j] in _FILLER:
            j -= 1
        if j >= 0 and lowered[j] in _AND:
            j -= 1
        elif not (j >= 0 and words[j][1]):
            break
        while j >= 0 and lowered[j] in _FILLER:
            j -= 1
    return found[::-1]  # in the summary's order


# "The CSV column `where` has been renamed to `location`", "Renamed get_usr to get_user".
_RENAMED = re.compile(
    r"`?([A-Za-z_][\w-]{0,80})`?\s+(?:has\s+been\s+|have\s+been\s+|was\s+|were\s+|is\s+now\s+|is\s+)?renamed\s+(?:to|as|into)\s+"
    r"`?([A-Za-z_][\w-]{0,80})`?(?![\w/-]|\.\w)"
    r"|\brenamed\s+(?:the\s+(?:[\w-]+\s+){0,2})?`?([A-Za-z_][\w-]{0,80})`?\s+(?:to|as|into)\s+`?([A-Za-z_][\w-]{0,80})`?(?![\w/-]|\.\w)",
    re.IGNORECASE)
_NOT_RENAMED_NAMES = frozenset({"it", "them", "this", "that", "the", "a", "an", "file", "function", "column", "class"})


def renamed_not_on_disk(summary: str, changed_texts: Iterable[str]) -> list[str]:
    """One sentence per rename the summary claims ("`where` has been renamed to `location`") whose new
    name no file the session changed holds. heldout24's f05: the header renamed and put back, the
    reader never changed, and "The CSV column `where` has been renamed to `location` in
    lost_property.csv" stood unflagged (the file had changed: another of its lines)."""
    texts = list(changed_texts)
    said = []
    for match in _RENAMED.finditer(summary[:SUMMARY_LIMIT]):
        old, new = (match.group(1), match.group(2)) if match.group(1) else (match.group(3), match.group(4))
        if new.lower() in _NOT_RENAMED_NAMES or old.lower() in _NOT_RENAMED_NAMES or old == new:
            continue
        word = re.compile(rf"(?<![\w-]){re.escape(new)}(?![\w-])")
        if not any(word.search(text) for text in texts):
            said.append(f"the summary says {old} was renamed to {new}, and no file that changed holds {new}")
    return said[:NAMES_LIMIT]
