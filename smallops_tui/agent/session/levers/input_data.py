"""`inputdata`: an edit of a data file the program reads, where the task asks to change what the
program does and not the data, is answered instead of proposed.

Asked why a command's output is wrong, a small model doctors the input until the output looks
right: heldout31's i01 (`python -m snails.league heats.csv` shows whole-number averages) ran
`sed -i` on heats.csv to change a heat's figures; heldout30's c04 (fixtures.csv saved from Excel
crashes the table) and c05 (ducks after a LOST one never show up) rewrote fixtures.csv and
race2024.csv, twice each. The bug stays in the code, and any other file of that kind still shows
it. The model is told the file is the program's input and which code reads it.

Fails open: a file the task names in a sentence asking for a change, or a task that asks for a
change of rows, entries, records or data in words, is left to the model, and so is a file the
project's code and commands do not read (source.txt of a copy task).

Off by default: a review found it refusing data edits a task asks for in other words ("heat 2 was
typed as 130 instead of 13, please correct that", "bump the version to 1.3.0", "food is 5% since
April" in rates.csv, a word to add to banned_words.txt), and on heldout32 it spoke once (aa03),
after which the model wrote a new file instead: no pass bought (docs/bench.md).
"""

from __future__ import annotations

import posixpath
import re

from ...files.edits import EditPreview
from ...files.scanned import text_head
from ..project_tests import is_test_path
from ...files.workspace import PathEscape, Workspace, WorkspaceError
from ...reply.kinds import Action, RunCommand, edit_kind_names
from ...risk.classify import classify
from ...risk.rules import files_written
from ..task_checks import about_code, asked_to_change, asks_only, says_change_nothing
from ..answer_checks import MAX_TASK_CHARS
from .answers import Answer
from .call_hint import project_code
from ..code_reach import CodeIndex, imported_files
from ..definitions import module_files

# What a program reads as data. `.log` is what one writes; `.json` is as often settings as data.
INPUT_SUFFIXES = (".csv", ".tsv", ".dat", ".jsonl", ".txt")
# Text files that are not a program's input, whatever their suffix.
_NOT_INPUT = re.compile(r"(?:requirements|constraints|readme|licen[cs]e|changelog|changes|notes|todo|authors|"
                        r"copying|news|history|manifest)[\w.-]*$", re.IGNORECASE)
# A change of the data asked for in words ("add Priya's Wednesday to the records", "fix the typo in
# the data file", "drop the duplicate rows"): the model may well be right to edit it.
_DATA_CHANGE = re.compile(
    r"\b(?:add|append|insert|remove|delete|drop|change|update|correct|fix|edit|clean|tidy|sort|convert|rewrite|"
    r"replace|fill|strip|trim|dedupe|deduplicate|re-?save|reformat)\w*\b[^.!?\n]{0,60}?"
    r"\b(?:rows?|entr(?:y|ies)|records?|lines?\s+(?:of|in)\s+(?:the\s+)?(?:data|file|csv)|data|columns?|"
    r"spreadsheet|csv|typos?)\b", re.IGNORECASE)
# What the program does, in a person's words: the task is about the program's behaviour, not the facts
# its data holds ("Priya's Saturday shift should start at 7:30 now" is a change of rota.csv; "the
# results stop short: any duck after a LOST one never shows up" is a fault of the reader).
_BEHAVIOUR = re.compile(r"\b(?:shows|show(?:s|ed|ing)?\s+up|showing|prints?|printed|printing|comes?\s+out|came\s+out|"
                        r"output|crash\w*|dies|died|errors?|traceback|exception|report|option|flag|argument|"
                        r"(?:gets?|got)\s+it\s+wrong|says)\b|--[a-z]", re.IGNORECASE)
_READ_LIMIT = 40  # code files looked at for the program's readers of a data file, at most


def _mentions(text: str, name: str) -> bool:
    return re.search(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", text) is not None


def _command_lines(text: str, name: str) -> list[str]:
    """The lines of `text` that run Python with `name` among their words (`python -m snails.league
    heats.csv`)."""
    return [line.strip(" `$>\t") for line in text.splitlines()
            if re.search(r"\bpython3?\b", line) and _mentions(line, name)]


def _module_file(command: str, code: dict[str, str]) -> str | None:
    """The project file a quoted command runs: `python -m pkg.mod` -> pkg/mod.py (or its package's
    __main__.py), `python tool.py` -> tool.py."""
    found = re.search(r"\bpython3?\s+(?:-m\s+([\w.]+)|([\w./-]+\.py))", command)
    if found is None:
        return None
    if found.group(2):
        return posixpath.normpath(found.group(2)) if posixpath.normpath(found.group(2)) in code else None
    return next((rel for rel in module_files(found.group(1)) if rel in code), None)


def readers(rel: str, task: str, workspace: Workspace) -> list[str]:
    """The project's code that reads the data file `rel`: modules naming it in their text, and the
    modules of the commands the task or the README runs on it, then the project modules those
    import (where the fault may well be). Empty: nothing reads it that shows."""
    name = posixpath.basename(rel)
    code = project_code(workspace)
    found = [path for path in list(code)[:_READ_LIMIT] if not is_test_path(path) and _mentions(code[path], name)]
    readme = text_head(workspace, "README.md") or ""
    for command in _command_lines(task, name) + _command_lines(readme, name):
        module = _module_file(command, code)
        if module is not None and module not in found:
            found.append(module)
    index = CodeIndex.of(code)
    for path in list(found):
        found += [module for module in imported_files(path, index) if module not in found]
    return found


def about_program(task: str) -> bool:
    """Whether the task speaks of the program: its code, a command, or what it does."""
    return about_code(task) or _BEHAVIOUR.search(task) is not None


def is_unasked_input(task: str, rel: str) -> bool:
    """Whether `rel` is a data file by its name that the task, as its words go, does not ask to
    change (the program's reading of it is judged apart: `readers`)."""
    name = posixpath.basename(rel)
    if len(task) > MAX_TASK_CHARS or not rel.lower().endswith(INPUT_SUFFIXES) or _NOT_INPUT.match(name) \
            or is_test_path(rel):
        return False
    if asks_only(task) or says_change_nothing(task) or _DATA_CHANGE.search(task) or not about_program(task):
        return False  # a question is `handsoff`'s; a change of data in words may mean this file
    return not (asked_to_change(task, rel) or (name != rel and asked_to_change(task, name)))


def _answer(rel: str, code: list[str], how: str) -> Answer:
    where = ", ".join(code[:5])
    return Answer(f"inputdata: the model's {how} {rel}, the data the program reads, which the task does not ask to "
                  "change; answered",
                  f"Not {'run' if how == 'command writes' else 'written'}: {rel} is the data the program reads, and "
                  f"the task asks to change what the program does, not its data (an edit of the data changes this "
                  f"one file, not the program). Change the code that reads it instead: {where}. Read what you have not "
                  "seen, then edit it.", edit_kind_names() + (RunCommand.NAME,), rejects=True)


def input_edited(task: str, action: Action, preview: EditPreview | None, workspace: Workspace,
                 existed: set[str]) -> Answer | None:
    """An edit (or a command writing) of a data file that was there at the start, that the
    project's code reads and the task does not ask to change."""
    if preview is not None and not preview.no_op:
        targets, how = [preview.path], "edit of"
    elif isinstance(action, RunCommand):
        targets, how = [], "command writes"
        for path in files_written(classify(action, workspace, None)):
            try:
                targets.append(workspace.relative(path))
            except (PathEscape, WorkspaceError, OSError, ValueError):
                continue
    else:
        return None
    for rel in targets:
        rel = posixpath.normpath(rel)
        if rel in existed and is_unasked_input(task, rel) and (code := readers(rel, task, workspace)):
            return _answer(rel, code, how)
    return None
