"""A note after a package's module was run as a script: how to run it, or call it, as the package's.

A small model that wants to try a function runs its file: `python gymdesk/billing.py first_invoice
basic 26`. Python then runs the file outside its package, so a relative import fails ("attempted
relative import with no known parent package") or the package's own name is not importable
("No module named 'gymdesk'"); and a file with no code of its own for its arguments prints nothing,
its function never called. heldout8's r06 (three arms) and r09 spent their turns so. A person
would say how to run it: as the module (`python3 -m gymdesk.billing`), or by importing the
function and printing what it returns, which this note spells out with the model's own arguments.

The script is read through the workspace (confined, bounded) and parsed, never run or imported.
"""

from __future__ import annotations

import ast
import json
import re
import shlex

from ..files.workspace import Workspace, WorkspaceError
from ..risk.workspace_calls import workspace_call

_PYTHON = re.compile(r"(?:.*/)?python(?:3(?:\.\d+)?)?")
_NO_PACKAGE = "attempted relative import with no known parent package"
_NOT_FOUND = re.compile(r"No module named '([A-Za-z_][\w.]*)'")
_SCRIPT_BYTES = 200_000  # a larger file is not parsed for the note
SIGNATURE_CHARS = 80  # of one function's parameters, in the note


def script_and_args(command: str) -> tuple[str, str | None, list[str], bool] | None:
    """`python3 pkg/mod.py a b` -> ('pkg/mod.py', 'pkg.mod', ['a', 'b']); `python3 -m pkg.mod a` ->
    ('pkg/mod.py', 'pkg.mod', ['a']), and whether it ran as a module; the module is None for a
    path that names none. None for any other shape (a pipe, a `cd`, another option: the note
    would guess)."""
    try:
        words = shlex.split(command)
    except ValueError:
        return None
    if len(words) < 2 or not _PYTHON.fullmatch(words[0]):
        return None
    if any(word in {"|", "&&", "||", ";", ">", ">>", "<"} for word in words):
        return None
    if words[1] == "-m" and len(words) > 2:
        parts = words[2].split(".")
        if len(parts) < 2 or not all(part.isidentifier() for part in parts):
            return None
        return "/".join(parts) + ".py", words[2], words[3:], True
    if not words[1].endswith(".py"):
        return None
    script = words[1].removeprefix("./")
    parts = script.removesuffix(".py").split("/")
    module = ".".join(parts) if all(part.isidentifier() for part in parts) else None
    return script, module, words[2:], False


def _at_top_level(workspace: Workspace, module: str) -> bool:
    """Whether the module Python could not find is the workspace's own (a package or a file at its
    top level): run from a subfolder, a script does not have the top level on its import path
    (`python tests/test_rates.py` and its `from kennel import rates`)."""
    top = module.split(".")[0]
    try:
        return workspace.is_dir(top) or workspace.is_file(f"{top}.py")
    except (WorkspaceError, OSError, ValueError):  # PathEscape is a ValueError: a name too long, a link out
        return False


def _literal(word: str) -> str:
    """An argument as Python source: a number as it is, anything else as a string."""
    return word if re.fullmatch(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?", word) else json.dumps(word)


def _reads_its_arguments(tree: ast.Module) -> bool:
    """Whether the file has code of its own to run (`if __name__ ...`) or reads sys.argv/argparse."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id == "__name__":
            return True
        if isinstance(node, ast.Attribute) and node.attr in {"argv", "ArgumentParser"}:
            return True
    return False


def _functions(tree: ast.Module) -> set[str]:
    return {node.name for node in tree.body if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)}


def _parse(workspace: Workspace, script: str) -> ast.Module | None:
    try:
        data, size = workspace.read_head(script, _SCRIPT_BYTES)
        if size > _SCRIPT_BYTES:
            return None  # judged on a part, the note could be wrong
        return ast.parse(data.decode("utf-8", errors="replace"))
    except (WorkspaceError, OSError, SyntaxError, ValueError, RecursionError, MemoryError):
        return None  # hostile or broken code gets no note


def _signature(function: ast.FunctionDef | ast.AsyncFunctionDef) -> str:
    arguments = function.args
    names = [a.arg for a in arguments.posonlyargs + arguments.args]
    names += [f"*{arguments.vararg.arg}"] if arguments.vararg else []
    names += [a.arg for a in arguments.kwonlyargs]
    names += [f"**{arguments.kwarg.arg}"] if arguments.kwarg else []
    shown = ", ".join(names)
    return f"{function.name}({shown if len(shown) <= SIGNATURE_CHARS else shown[:SIGNATURE_CHARS] + ' …'})"


def _call_command(module: str, function: str, args: str) -> str:
    """The shell command that imports `function` and prints what it returns, quoted for the shell
    (an argument holding `$`, a backtick or a quote is not expanded)."""
    return "python3 -c " + _quoted(f"from {module} import {function}; print({function}({args}))")


def _quoted(program: str) -> str:
    """The program as one shell word: in double quotes where nothing in it is special there (a small
    model copies `"...['a', 'b']..."` back whole; `'"'"'` it mangles), else as shlex quotes it."""
    if not any(c in program for c in '"$`\\!\n'):
        return f'"{program}"'
    return shlex.quote(program)


def _called_nothing(script: str, module: str, tree: ast.Module) -> str:
    """The note for a module that only defines functions, run: nothing was called (heldout9's s06
    ran `python3 -m clubelo.ratings` three times and read its silence as an answer)."""
    functions = list({node.name: node for node in tree.body if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
                      and not node.name.startswith("_")}.values())
    if not functions:
        return ""
    shown = ", ".join(_signature(function) for function in functions[:4])
    return (f"\nNote: {script} only defines functions ({shown}{', ...' if len(functions) > 4 else ''}) and has no "
            f"code that runs them, so running it called nothing and printed nothing. To see what one returns, "
            f"import it and print it, with the values you mean: `{_call_command(module, functions[0].name, '...')}`.")


# `python pkg/mod.py f([1, 2], x=True)`: a call written after the script, as if the script would
# make it (heldout20's r12, five times: dash read the `(` as its own syntax and ran nothing).
_CALL_AFTER_SCRIPT = re.compile(r"\s*python(?:3(?:\.\d+)?)?\s+(?:\./)?([\w./-]+\.py)\s+(.+?)\s*", re.DOTALL)


def _call_after_script(command: str, workspace: Workspace) -> str:
    """The note for a Python call given to a script as its words: the call, made the way the risk
    rules let run (read-only: risk/workspace_calls.py), when the call is one of the script's own
    functions with literal arguments; "" otherwise."""
    match = _CALL_AFTER_SCRIPT.fullmatch(command)
    if match is None:
        return ""
    script, call = match.groups()
    parts = script.removesuffix(".py").split("/")
    try:
        expression = ast.parse(call, mode="eval").body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return ""
    if not (isinstance(expression, ast.Call) and isinstance(expression.func, ast.Name)) \
            or not all(part.isidentifier() for part in parts):
        return ""
    module, function = ".".join(parts), expression.func.id
    program = f"from {module} import {function}; print({call})"
    if not workspace_call(program, workspace):
        return ""
    return (f"\nNote: a script is not given a call to make: the shell reads its brackets as its own syntax, "
            f"and Python would not call {function} anyway. Import it and print what it returns: "
            f"`python3 -c {_quoted(program)}` (it runs with the files read-only).")


def script_note(command: str, exit_code: int | None, output: str, workspace: Workspace) -> str:
    """The note for a command that ran a package's module as a script and did not do what it
    meant; "" for any other command."""
    if exit_code != 0 and (said := _call_after_script(command, workspace)):
        return said
    shape = script_and_args(command)
    if shape is None:
        return ""
    script, module, args, as_module = shape
    if module is None:
        return ""
    missing = _NOT_FOUND.search(output)
    import_failed = _NO_PACKAGE in output or (missing is not None and _at_top_level(workspace, missing.group(1)))
    tree = _parse(workspace, script)
    call = ""
    if tree is not None and args and args[0] in _functions(tree) and not any("`" in arg for arg in args):
        command = _call_command(module, args[0], ", ".join(map(_literal, args[1:])))
        call = f"; to call one of its functions, import it and print what it returns: `{command}`"
    if import_failed and not as_module and "/" in script:  # a top-level file has the top level on its path
        return (f"\nNote: Python ran {script} as a script, so the workspace's top level was not on its import "
                f"path and its imports of the project fail. Run it from the top level as a module: "
                f"`python3 -m {module}`{call}.")
    if exit_code != 0 or output.strip() or tree is None or _reads_its_arguments(tree):
        return ""  # it printed something: code of its own ran
    if call:
        return (f"\nNote: {script} has no code that reads its arguments, so running it called nothing "
                f"({args[0]} was not called){call}.")
    return _called_nothing(script, module, tree)
