"""UNFOUNDED: a question asking for a number the project's code works out, answered with no look at
that code.

heldout30's c11 asked "what biodiversity score does Long Pond get from the survey in survey.csv?"
of a project whose `site_score` (pond/score.py) works the score out. The model grepped survey.csv
for one species and said "0"; a number was given, so NO ANSWER was silent, and no call was quoted
for ANSWER DIFFERS to run. What a person would notice is where the number came from: neither the
function nor its file was read, and nothing of the project was run.

The code the question is about is read from its words: a function or method of the project (not a
test) with a part of its name that the question uses ("score" in `site_score`). Any read of such a
function's file, a file the task names (shown at the opening), or any Python command run counts as
a look; so the flag says only that there was none. The steps are read from the session's history,
whose keys are parsed, never evaluated as code.
"""

from __future__ import annotations

import ast
import posixpath
import re
from collections.abc import Iterable, Mapping

from .answer_checks import MAX_TASK_CHARS, asks_number, file_names
from .definitions import functions_and_methods, module_name, python_tree
from .docs_checks import defined_names
from .script_run import script_and_args
from .project_tests import is_test_path
from .task_checks import asks_only, clause_around

MIN_WORD = 4
MIN_OPTION_WORDS = 2  # a one-word option (`--output`, `--format`, `--metric`) is too common a word to read as stated
SHOWN = 3  # functions named in the flag
# Words of a question that say nothing about which code works the number out.
_PLAIN = frozenset("""what which when where does from with that this there their have will would should could
about into only just need number figure value total count many much give gives tell change changing anything
file files code please quick question committee want know main""".split())


def unfounded(task: str, steps: Iterable[tuple[str, str]], code: Mapping[str, str], summary: str = "",
              settings: Iterable[str] = ()) -> str | None:
    """What UNFOUNDED says, or None. `steps`: (action, key) of each step the session ran (guards'
    StepRecord); `code`: the project's Python files (path -> text); `settings`: the texts of its
    configuration files, where a number given may be set rather than worked out (a port)."""
    if len(task) > MAX_TASK_CHARS or not asks_only(task) or not asks_number(task):
        return None
    words = {word.lower() for word in re.findall(rf"[A-Za-z]{{{MIN_WORD},}}", task)} - _PLAIN
    about: dict[str, str] = {}
    for rel, text in code.items():
        tree = None if is_test_path(rel) else python_tree(text)
        for name, _, _ in functions_and_methods(tree) if tree is not None else ():
            if set(name.rsplit(".", 1)[-1].lower().split("_")) & words:
                about.setdefault(name, rel)
    files = set(about.values())
    spellings = set(file_names(files))  # how a step may name them: path, own name, dotted module
    if not about or any(re.search(rf"(?<![\w/.-]){re.escape(spelled)}(?![\w-])", task) for spelled in spellings):
        return None  # no code the question names a part of; or a file the opening showed
    numbers = {n for n in re.findall(r"\d[\d.,]*\d", summary)}
    if numbers and any(re.search(rf"(?<![\d.]){re.escape(n)}(?![\d])", text) for n in numbers for text in settings):
        return None  # a number set in a configuration file ("the port the server listens on")
    for action, key in steps:
        fields = _fields(key)
        if action == "read_file" and _names_one(fields.get("path", ""), spellings):
            return None
        if action == "run_command" and _looks(fields.get("command", ""), spellings):
            return None
    shown = ", ".join(f"{name} ({rel})" for name, rel in sorted(about.items())[:SHOWN])
    return f"no step read or ran the code that works the number out: {shown}"


# Commands that only look at text: a run of them that names none of the code is no look at it.
_INSPECTING = frozenset("grep egrep fgrep rg cat head tail awk sed wc sort uniq cut ls find echo less more tr column "
                        "nl file stat du printf".split())


def _names_one(path: str, spellings: set[str]) -> bool:
    normal = posixpath.normpath(path)
    return any(normal == spelled or normal.endswith("/" + spelled) for spelled in spellings)


def _looks(command: str, spellings: set[str]) -> bool:
    """Whether a command looks at the code: it names it, or runs anything but text tools."""
    if any(spelled in command for spelled in spellings):
        return True
    programs = [segment.split()[0].rsplit("/", 1)[-1] for segment in re.split(r"\|\|?|&&|;", command) if segment.split()]
    return any(program not in _INSPECTING for program in programs)


# An option's words said only to be set aside ("not on both sides", "rather than one side"), or said
# of something as it is ("our prices include VAT already", "any format is fine").
_SET_ASIDE = re.compile(r"\b(?:not|no|without|never|except|excluding|instead\s+of|rather\s+than|n't)\W+(?:\w+\W+){0,3}$",
                        re.IGNORECASE)
# A command that may run the script with what no reading of its words can see: a pipe, a chain, `-c`.
_RUN_ANOTHER_WAY = re.compile(r"[|;&]|\s-c\s")
_AS_IT_IS = re.compile(r"\b(?:already|as\s+always|is\s+fine|are\s+fine|any)\b", re.IGNORECASE)


def option_left_out(task: str, steps: Iterable[tuple[str, str]], code: Mapping[str, str]) -> str | None:
    """What LEFT OUT says, or None: a question whose words state a condition one of the project's
    commands takes as an option ("gilded on both sides" and `--both-sides`), answered after runs of
    that command that all left the option out. heldout31's i11 asked how many leaves of gold a sign
    "gilded on both sides of the board" needs; the model ran `python -m signs.leaf 'THE RED LION'
    300`, whose output said "one side: … 73 leaves", and answered 73 (146 with `--both-sides`).
    An option counts as stated where its words (two or more) come in the task in order, not just
    after a word that sets them aside ("not", "rather than") and not in a clause that says it is so
    already. A run counts as passing it with any short option or a prefix of it (argparse's); any
    other command that names the script (a pipe, a `python -c`) leaves the question open."""
    if len(task) > MAX_TASK_CHARS or not asks_only(task):
        return None
    runs: dict[str, list[list[str]]] = {}
    commands = [_fields(key).get("command", "") for action, key in steps if action == "run_command"]
    for command in commands:
        parsed = script_and_args(command)
        if parsed is not None and parsed[0] in code:
            runs.setdefault(parsed[0], []).append(parsed[2])
    for script, arg_lists in sorted(runs.items()):
        module = module_name(script) or script
        if any(script_and_args(command) is None and _RUN_ANOTHER_WAY.search(command)
               and (module in command or script in command) for command in commands):
            continue  # run another way too: what it was given is not for this reading to say
        for option in [name for name in defined_names(code[script]) if name.startswith("--")]:
            words = [word for word in re.split(r"[-_]+", option.lstrip("-")) if word]
            if len(words) < MIN_OPTION_WORDS:
                continue
            said = re.search(r"(?<![\w-])-{0,2}" + r"[\s_-]+".join(map(re.escape, words)) + r"(?!\w)", task, re.IGNORECASE)
            if said is None or _SET_ASIDE.search(task[max(0, said.start() - 60):said.start()]) \
                    or _AS_IT_IS.search(clause_around(task, said.start(), said.end())):
                continue
            if any(arg == option or arg.startswith(option + "=") or (arg.startswith("-") and not arg.startswith("--"))
                   or (len(arg) > 3 and arg.startswith("--") and option.startswith(arg.split("=")[0]))
                   for args in arg_lists for arg in args):
                continue
            command = f"python -m {module}" if module_name(script) else f"python {script}"
            return (f"the task speaks of \"{said.group().strip()}\", and no run of `{command}` passed {option} "
                    f"({len(arg_lists)} run{'s' if len(arg_lists) != 1 else ''} without it)")
    return None


def _fields(key: str) -> dict[str, str]:
    """A step's key (guards.data_key: the repr of its sorted fields) read back as data."""
    try:
        items = ast.literal_eval(key)
    except (ValueError, SyntaxError, RecursionError, MemoryError, TypeError):
        return {}
    if not isinstance(items, list):
        return {}
    return {k: v for k, v in (item for item in items if isinstance(item, tuple) and len(item) == 2)
            if isinstance(k, str) and isinstance(v, str)}
