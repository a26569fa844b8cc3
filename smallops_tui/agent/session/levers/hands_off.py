"""Two answers about which file an edit touches: one the task says to leave alone (`handsoff`), and
one that gets another file's content (`wrongfile`).

A small model asked a question about a file ("How many TODO comments are in app.py? Do not change
any file") rewrites the file anyway; asked to rename a function used in two files, it writes the
definition from util.py over main.py. Both are answered by the harness before the person sees
them: the first because the task said so plainly, the second because the new content is plainly
another file's, not this one's.
"""

from __future__ import annotations

import difflib
import re

from ...files.edits import EditPreview
from ...files.workspace import PathEscape, Workspace, WorkspaceError
from ...reply.kinds import Action, RunCommand, edit_kind_names
from ...risk.classify import classify
from ...risk.rules import files_written
from ..task_checks import hands_off, says_change_nothing
from .answers import Answer

_QUESTION = re.compile(r"\?")
# Similarity (difflib's ratio over characters) of a write to the file it replaces, below which it is
# not an edit of it, and to another file, above which it is plainly that file's text.
_UNLIKE, _ALIKE = 0.45, 0.75
_COMPARE_LIMIT = 4_000  # characters: beyond, a write is not compared (the exact ratio is quadratic)
_WORDS_ALIKE = 0.5  # words in common, below which another file is not compared exactly
_EXACT_LIMIT = 8  # other files compared exactly, at most
_FILES_LIMIT = 200  # other files looked at, at most
_WORD = re.compile(r"\w+")


def forbidden_edit(task: str, preview: EditPreview | None) -> Answer | None:
    """An edit of a file the task says to leave as it is."""
    limit = hands_off(task)
    if preview is None or preview.no_op or limit is None or not limit.covers(preview.path):
        return None
    if limit.every_file and not says_change_nothing(task):
        # It asks only to be told something ("list the files and say what this project does").
        return Answer(f"handsoff: the model edited {preview.path}, and the task asks only to be told something; "
                      "answered",
                      "Not written: the task asks you to tell, not to change files. Read what you need, then reply "
                      "with done and put the answer in its summary.", edit_kind_names(), rejects=True)
    what = "any file" if limit.every_file else preview.path if preview.path in limit.files else "the tests"
    answer = " If the task asks a question, answer it in the summary of done." if _QUESTION.search(task) else ""
    return Answer(f"handsoff: the model edited {preview.path}, which the task says not to change; answered",
                  f"Not written: the task says not to change {what}.{answer} Take a step that changes nothing, or "
                  "reply with done.", edit_kind_names(), rejects=True)


def forbidden_command(task: str, action: Action, workspace: Workspace) -> Answer | None:
    """A command that writes a file the task says to leave as it is (`sed -i` on the test the task
    keeps: heldout16's z09 rewrote the failing test's times with sed eight times, and heldout15's y10
    did the same, both where the task said the test file must not change)."""
    if not isinstance(action, RunCommand) or (limit := hands_off(task)) is None:
        return None
    hit = []
    for path in files_written(classify(action, workspace, None)):
        try:
            rel = workspace.relative(path)
        except (PathEscape, WorkspaceError, OSError, ValueError):
            continue
        if limit.covers(rel) and rel not in hit:
            hit.append(rel)
    if not hit:
        return None
    what = "any file" if limit.every_file else "it" if len(hit) == 1 else "them"
    return Answer(f"handsoff: the model's command writes {', '.join(hit)}, which the task says not to change; answered",
                  f"Not run: that command writes {', '.join(hit)}, and the task says not to change {what}. Change "
                  "what the task asks for instead, or reply with done.", (RunCommand.NAME,), rejects=True)


def _at_least(a: str, b: str, bound: float) -> bool:
    """Whether difflib's ratio of `a` and `b` (characters) reaches `bound`. It is quadratic, so
    it is asked only of texts within _COMPARE_LIMIT, after its cheap upper bound."""
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    return matcher.real_quick_ratio() >= bound and matcher.quick_ratio() >= bound and matcher.ratio() >= bound


def _words_overlap(a: str, b: str) -> float:
    """The share of words the two texts have in common (Jaccard): a linear first look."""
    x, y = set(_WORD.findall(a)), set(_WORD.findall(b))
    return len(x & y) / len(x | y) if x | y else 1.0


def wrong_file(task: str, workspace: Workspace, preview: EditPreview | None) -> Answer | None:
    """A whole rewrite of a file with what is plainly another file's text (edited), not its own."""
    if preview is None or preview.no_op or preview.before is None or preview.before.count("\n") < 2:
        return None
    if re.search(r"\b(copy|copies|move|moves|duplicate|same as|replace)\b", task, re.I):
        return None  # the task may ask for exactly that
    after = preview.after
    if len(after) > _COMPARE_LIMIT or len(preview.before) > _COMPARE_LIMIT or _at_least(preview.before, after, _UNLIKE):
        return None
    exact = 0  # exact comparisons made: a few at most, so a write is answered in a moment
    for other in workspace.walk_files()[:_FILES_LIMIT]:
        if other == preview.path or exact >= _EXACT_LIMIT:
            continue
        try:
            text = workspace.read_text_or_none(other)
        except (PathEscape, WorkspaceError, OSError, UnicodeDecodeError):
            continue
        if not text or len(text) > _COMPARE_LIMIT or _words_overlap(text, after) < _WORDS_ALIKE:
            continue
        exact += 1
        if _at_least(text, after, _ALIKE):
            return Answer(f"wrongfile: the model wrote {other}'s text over {preview.path}; answered",
                          f"Not written: that content is {other}'s (changed), not {preview.path}'s, and it would "
                          f"replace all of {preview.path}. Contents of {preview.path} now:\n{preview.before}\n"
                          f"Write each file with its own content: {other} to change {other}, {preview.path} to "
                          f"change {preview.path}.", rejects=True)
    return None
