"""ANSWER DIFFERS: a task that asks what one call of the project's code returns ("Without changing
anything, what does `order_total([...], coupon="TWOFOR1", delivery=True)` in pizzeria/orders.py
return?"), answered by a `done` whose summary does not hold what that call really returns.

heldout20's r12 answered 3220 where the call returns 2649, and only DONE AFTER FAILURE stood
beside it: NO ANSWER reads whether a value is given, not whether it is the right one. Only running
the call can tell, and the harness can run it as the risk rules let a model run it: the call in
the task is made into `python3 -c "from pkg.mod import f; print(repr(f(...)))"`, which must pass
the same whitelist (risk/workspace_calls.py: the workspace's own function, literal arguments),
and runs in the session's sandbox with the workspace read-only and the network off. Nothing runs
where commands are not sandboxed.

The comparison is lenient: the flag says only what no reading of the summary can square with the
value (a number in pence may be given in pounds, 2649 as 2,649 or 26.49; a value among others is
an answer). A call that prints on its own, a value with no literal form, several calls or an
answer with changed files say nothing here.
"""

from __future__ import annotations

import ast
import math
import re
import shlex
from collections.abc import Iterator
from dataclasses import dataclass

from ..files.project import project_files
from ..files.scanned import text_head
from ..files.workspace import Workspace
from ..risk.workspace_calls import VALUE_TYPES, workspace_call
from ..sandbox.confine import Sandbox
from ..sandbox.runner import run_command
from .answer_checks import ASKS_CALL_RESULT, ASKS_NUMBER
from .task_checks import asks_only

CALL_SECONDS = 10.0
MAX_TASK_CHARS = 4_000
MAX_CALL_CHARS = 600
MAX_OUTPUT_CHARS = 2_000
MAX_LEAVES = 40
SHOWN_VALUE_CHARS = 200
# The question asks what the call returns (its value), not what it prints on its own way.
_ASKS_RETURN = re.compile(r"\b(?:returns?|gives?(?: back)?|evaluates? to|comes? (?:back with|to)|results? in|"
                          r"adds? up to|amounts? to|costs?|charges?)\b",
                          re.IGNORECASE)
_CALL_START = re.compile(r"(?<![\w.])([A-Za-z_]\w*)\(")
_MODULE_FILE = re.compile(r"(?<![\w/.-])((?:[A-Za-z_]\w*/)*[A-Za-z_]\w*)\.py\b")
_DOTTED_MODULE = re.compile(r"(?<![\w/.])([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)(?![\w(])")
_EXCEPTION = re.compile(r"^(\w+(?:Error|Exception|Exit|Interrupt|Warning)|StopIteration)\b(.*)$", re.MULTILINE)
_DECIMAL = re.compile(r"\b(?:Decimal|Fraction)\('([^'\n]+)'\)")
_NUMBER_IN_TEXT = re.compile(r"(?<![\w.])-?\d[\d,]*(?:\.\d+)?|(?<![\w.])-?\.\d+")


@dataclass(frozen=True)
class AskedCall:
    call: str  # the call as the task writes it
    program: str  # what `python3 -c` runs: the call's value, printed as repr

    @property
    def command(self) -> str:
        """The program in double quotes where nothing in it means anything to a shell there: the form a
        model writes itself (heldout24's f12, shown it in single quotes, sent it back with its
        strings' double quotes made single, which ended the shell's quote: refused as HIGH)."""
        if not any(char in self.program for char in '"$`\\!'):
            return f'python3 -c "{self.program}"'
        return "python3 -c " + shlex.quote(self.program)


def asked_call(task: str, workspace: Workspace) -> AskedCall | None:
    """The one call a question-only task asks the value of, made runnable (read-only), or None."""
    if len(task) > MAX_TASK_CHARS or not asks_only(task) or not (ASKS_CALL_RESULT.search(task) or ASKS_NUMBER.search(task)) \
            or not _ASKS_RETURN.search(task):
        return None
    calls = _calls(task)
    if len({call for _, call in calls}) != 1:
        return None  # none, or several: which one the summary answers is not for a pattern to say
    function, call = calls[0]
    values = _value_imports(call)
    written = _single_quoted(call)
    for module in _modules(task, function, workspace):
        program = f"{values}from {module} import {function}; print(repr({written}))"
        if workspace_call(program, workspace):
            return AskedCall(call, program)
    return None


def _single_quoted(call: str) -> str:
    """The call with its strings in single quotes where they hold none (ast.unparse's way), so the
    program fits in a shell's double quotes; as written otherwise."""
    try:
        return ast.unparse(ast.parse(call, mode="eval"))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return call


def _value_imports(call: str) -> str:
    """The imports of the standard library's value types the call's arguments are written with
    (`date(2025, 5, 3)`: "from datetime import date; ")."""
    try:
        used = {node.func.id for node in ast.walk(ast.parse(call, mode="eval"))
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return ""
    return "".join(f"from {module} import {', '.join(sorted(used & names))}; "
                   for module, names in VALUE_TYPES.items() if used & names)


def _calls(task: str) -> list[tuple[str, str]]:
    """(function, call text) for each outermost call in the task that parses as a call of a plain
    name (`date(2025, 5, 3)` inside `hire_quote(...)` is an argument, not a call asked about)."""
    found = []
    inside = -1  # where the last call found ends
    for match in _CALL_START.finditer(task):
        if match.start() <= inside:
            continue
        end = _closing(task, match.end() - 1)
        if end is None or end - match.start() > MAX_CALL_CHARS:
            continue
        text = task[match.start():end + 1]
        try:
            node = ast.parse(text, mode="eval").body
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and (node.args or node.keywords):
            found.append((match.group(1), text))
            inside = end
    return found


def _closing(text: str, opening: int) -> int | None:
    """Where the bracket at `opening` closes, skipping brackets inside quoted strings."""
    depth, quote, index = 0, "", opening
    while index < len(text) and index - opening <= MAX_CALL_CHARS:
        char = text[index]
        if quote:
            if char == "\\":
                index += 1
            elif char == quote:
                quote = ""
        elif char in "\"'":
            quote = char
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
            if depth == 0:
                return index
        index += 1
    return None


def _modules(task: str, function: str, workspace: Workspace) -> Iterator[str]:
    """The modules that may hold `function`: the files and dotted modules the task names, then, only
    if none of those will do, the one module of the project that defines it (the whitelist judges
    each). Lazy: the project's modules are read only when the task names none that holds it."""
    named = [m.group(1).replace("/", ".") for m in _MODULE_FILE.finditer(task)]
    named += [m.group(1) for m in _DOTTED_MODULE.finditer(task)]
    yield from dict.fromkeys(named)
    every = [rel.removesuffix(".py").replace("/", ".") for rel in project_files(workspace).files
             if rel.endswith(".py") and not rel.endswith("__init__.py")]
    holding = [module for module in every if module not in named and _defines(workspace, module, function)]
    if len(holding) == 1:
        yield holding[0]


def _defines(workspace: Workspace, module: str, function: str) -> bool:
    text = text_head(workspace, module.replace(".", "/") + ".py")
    return text is not None and re.search(rf"^def {re.escape(function)}\(", text, re.MULTILINE) is not None


async def run_asked(asked: AskedCall, workspace: Workspace, sandbox: Sandbox) -> tuple[int | None, str] | None:
    """(exit code, output) of the call, run read-only in the sandbox; None where nothing is confined, or the network is not blocked."""
    read_only = sandbox.read_only_workspace()
    if not read_only.network_denied:
        return None  # code nobody approved runs only where the kernel keeps it off the network too
    result = await run_command(asked.command, workspace.root, timeout=CALL_SECONDS,
                               output_cap=MAX_OUTPUT_CHARS, sandbox=read_only)
    if result.timed_out or result.cancelled or result.truncated:
        return None
    return result.exit_code, result.output


def answer_differs(asked: AskedCall, exit_code: int | None, output: str, summary: str) -> str | None:
    """What ANSWER DIFFERS says, or None: the summary holds nothing that the call's real outcome fits."""
    lines = [line for line in output.strip().splitlines() if line.strip()]
    if exit_code != 0:
        raised = _EXCEPTION.findall(output)
        if not raised:
            return None
        name, rest = raised[-1]
        if re.search(rf"\b{re.escape(name)}\b|\brais|\berror\b|\bexception\b|\bfails?\b|\bcrash", summary, re.I):
            return None
        return f"running {_shown(asked.call)} (read-only) raises {_shown(name + rest)}; the summary does not say so"
    if len(lines) != 1:
        return None  # the function printed on its own: its output is part of the answer
    shown = lines[0]
    try:
        value = ast.literal_eval(_DECIMAL.sub(r"\1", shown))
    except (SyntaxError, ValueError, RecursionError, MemoryError, TypeError):
        return None
    if _fits(value, summary):
        return None
    return f"running {_shown(asked.call)} (read-only) returns {_shown(shown)}; the summary does not give that value"


def _shown(text: str) -> str:
    return text if len(text) <= SHOWN_VALUE_CHARS else text[:SHOWN_VALUE_CHARS] + " …"


def _fits(value: object, summary: str) -> bool:
    """Whether some reading of the summary gives `value` (or, for a container, any of its parts)."""
    if isinstance(value, bool):
        opposite = "false" if value else "true"
        said = re.search(rf"\b{value!s}\b", summary, re.I)
        return bool(said) or not re.search(rf"\b{opposite}\b", summary, re.I)
    if value is None:
        return re.search(r"\b(?:none|null|nothing|no value|empty)\b", summary, re.I) is not None
    if isinstance(value, int | float):
        return _number_said(float(value), summary)
    if isinstance(value, str):
        return _text_said(value, summary)
    if isinstance(value, bytes):
        return _text_said(value.decode("utf-8", "replace"), summary)
    if isinstance(value, list | tuple | set | frozenset | dict):
        leaves = _leaves(value)
        if not leaves:
            return re.search(r"\bempty\b|\[\]|\{\}|\(\)|\bnothing\b|\bno\b|\bnone\b|\bzero\b", summary, re.I) is not None
        return any(_fits(leaf, summary) for leaf in leaves if not isinstance(leaf, bool) and leaf is not None) \
            or all(isinstance(leaf, bool) or leaf is None for leaf in leaves)
    return True  # complex numbers and the like: not read here


def _leaves(value: object) -> list[object]:
    found: list[object] = []
    stack = [value]
    while stack and len(found) < MAX_LEAVES:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend([*item.values(), *item.keys()])
        elif isinstance(item, list | tuple | set | frozenset):
            stack.extend(item)
        else:
            found.append(item)
    return found


def _number_said(value: float, summary: str) -> bool:
    if value == 0 and re.search(r"\b(?:zero|nothing|none|no)\b", summary, re.I):
        return True
    for token in _NUMBER_IN_TEXT.findall(summary):
        plain = token.replace(",", "") if re.fullmatch(r"-?\d{1,3}(?:,\d{3})+(?:\.\d+)?", token) else token.split(",")[0]
        try:
            said = float(plain)
        except ValueError:
            continue
        places = len(plain.split(".", 1)[1]) if "." in plain else 0
        # the value as said, or rounded to the places said, or in pounds for pence (or a percentage)
        half_step = 0.5 * 10.0 ** -places * (1 + 1e-9)  # 26.485 said as 26.49 (or 26.48)
        if any(abs(candidate - said) <= half_step or math.isclose(candidate, said, rel_tol=1e-9)
               for candidate in (value, value / 100, value * 100)):
            return True
        if abs(said) == abs(value) and said != 0:
            return True  # the sign said in words ("a loss of 12")
    return any(math.isclose(said, value) for said in _worded_numbers(summary))


_UNITS = {word: n for n, word in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen".split())}
_TENS = {word: 10 * n for n, word in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split(), 2)}
_SCALES = {"hundred": 100, "thousand": 1_000, "million": 1_000_000}
_WORDED = re.compile(r"\b(?:%s)(?:[\s-]+(?:and[\s-]+)?(?:%s))*\b" % (("|".join([*_UNITS, *_TENS, *_SCALES]),) * 2),
                     re.IGNORECASE)


def _worded_numbers(summary: str) -> list[float]:
    """Numbers written in words ("thirty-five", "two hundred and twelve")."""
    found = []
    for match in _WORDED.finditer(summary):
        total, current = 0, 0
        for word in re.split(r"[\s-]+", match.group(0).lower()):
            if word in _UNITS or word in _TENS:
                current += _UNITS.get(word, 0) + _TENS.get(word, 0)
            elif word == "hundred":
                current = max(current, 1) * 100
            elif word in _SCALES:
                total, current = total + max(current, 1) * _SCALES[word], 0
        found.append(float(total + current))
    return found


def _text_said(value: str, summary: str) -> bool:
    wanted = " ".join(value.split()).casefold()
    if not wanted or wanted in " ".join(summary.split()).casefold():
        return True
    numbers = _NUMBER_IN_TEXT.findall(value)
    # a formatted amount ("£26.49", "1,250 kg") said as its number
    return len(numbers) == 1 and len(value) <= 40 and _number_said(_as_float(numbers[0]), summary)


def _as_float(token: str) -> float:
    try:
        return float(token.replace(",", ""))
    except ValueError:
        return math.nan
