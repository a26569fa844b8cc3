"""The harness levers' names (what `--levers` takes in `run` and `bench`, and the `levers` setting),
without importing the core: the command line's parser needs them on every start. What each does is
in agent/session/levers.py; the default is the set kept by measurement (docs/bench.md)."""

from __future__ import annotations

LEVERS: dict[str, str] = {
    "tree": "the workspace's file tree in the first prompt",
    "paths": "a per-turn schema of existing paths",
    "example": "a one-shot example in the system prompt",
    "guidance": "after REPEAT or MISSING PATH, feedback naming what exists",
    "cap": "a token cap per action sized to the task",
    "fresh": "a read or listing of what was seen and has not changed is answered; with nothing new to see, reads are left out",
    "plan": "a short plan inside <think>...</think> before each action (where the backend's grammar allows it: embedded)",
    "mentioned": "the small files the task names are shown in the first message",
    "commanded": "the modules the commands a task quotes run (python -m pkg.mod: pkg/mod.py) are shown in the first "
                 "message (after the files it names)",
    "related": "the small files holding the task's rarer words are shown in the first message (after those it names)",
    "inputdata": "an edit of a data file the program reads (a CSV a command is run on), where the task asks to change "
                 "what the program does and not the data, is answered with the code that reads it, not proposed",
    "readfirst": "a write over a file not seen since it changed is answered with the file instead",
    "noop": "a write that changes nothing is answered by the harness, not proposed",
    "again": "an edit the model already made (or one adding lines beside their copies) is answered, not proposed",
    "next": "after an approved change, the model is told to reply with done if the task is now complete",
    "covered": "after an approved change that leaves every file the task names changed (one of them code, all there at "
               "the start, and no word asking for more), the model is told it may reply with done (next, said only then)",
    "settle": "with again, the turn after the model re-sends an edit it already made may only say done (with no plan)",
    "nearcopy": "a file retyped from another with its spaces lost is answered with the cp that copies it",
    "lint": "an edit that leaves Python or JSON unparsable, or Python using names nothing defines, is answered with "
            "the error, not proposed; so is an echo -e where commands run with dash (it would print the -e)",
    "rejected": "an action proposed again after it was rejected is answered by the harness, not shown again",
    "placement": "an edit that puts new lines elsewhere than the one place the task names is answered, not proposed",
    "handsoff": "an edit of a file the task says not to change is answered, not proposed",
    "wrongfile": "a rewrite of a file with another file's text is answered, not proposed",
    "rename": "a new file written where the task renames another file to it is answered with the mv",
    "remove": "an edit of a file the task says to delete is answered with the rm of the files it deletes",
    "where": "a new file the task names, written in a folder the task does not mention, is answered with the task's path",
    "dropped": "an edit that removes a definition the task does not name is answered, not proposed",
    "merge": "a whole-file write of a Python file holding only some of its definitions or constants (or of a JSON "
             "file holding only some of its keys, an INI or TOML file only some of its sections) puts them in place, "
             "the rest kept; a definition renamed as the task asks goes where the old one was",
    "mergeconfig": "merge for configuration files only: a whole-file write of a JSON file holding only some of its "
                   "keys, or of an INI or TOML file only some of its sections, puts them in place, the rest kept",
    "mergedocs": "a whole-file write of a Markdown file holding only some of its sections (## headings) puts them in "
                 "place, the rest kept: a changed section replaces its namesake, a new one goes at the end (a "
                 "changelog's version on top)",
    "form": "a whole-file write keeps the file's final newline and JSON layout, and reads line breaks sent as \\n",
    "shortplan": "with plan, the plan is at most 160 characters (instead of 250)",
    "fenced": "a write's content follows its JSON as a ``` block, code as it is (where the backend's grammar allows it: embedded)",
    "tests": "after each approved change, the project's tests run in the sandbox and the model is told what they say",
    "importable": "commands run with the workspace's top level on PYTHONPATH, so a test file run directly imports the project",
    "rerun": "a command run again with no file changed since it ran is answered with what it printed then",
    "ran": "after a command that may write, the model is told which files it changed, with their diffs, or that it changed none",
    "asked": "a question about what one call of the project returns opens with that call as a command that runs read-only",
    "verify": "a done the checks at done refute is sent back to the model with what they found (twice a session at most)",
    "why": "a rejected action's feedback says what the risk rules found (a whole-file wipe: that write_file replaces the whole file)",
    "callhint": "after a command whose Python error is about how the project's code was called or imported, the model "
                "is told that code's signature and the project's calls of it (or what the module defines)",
    "unstick": "after the model shows it is stuck (a rejected action repeated, a reply stopped in a loop, a failed reply or any action sent again with nothing changed), its next reply is sampled (temperature 0.7, the session's seed)",
}
# Levers that need a grammar allowing free text outside the JSON: left out (and the log says so)
# where the backend cannot say that (a server's JSON schema).
GRAMMAR_LEVERS = frozenset({"plan", "fenced"})
NO_LEVERS = "none"
DEFAULT_NAME = "default"  # a word for the default set, in a list too: `default,example`
# Every session's default (run, rerun, acp): the levers kept by measurement on the nine bench tasks
# with the embedded default model (docs/bench.md has the lever table). `plan` takes effect only where
# the backend's grammar can allow it (the embedded model); elsewhere it is left out and the log says so.
DEFAULT_LEVERS = ("tree,paths,guidance,fresh,plan,mentioned,readfirst,noop,again,settle,covered,nearcopy,lint,rejected,"
                  "placement,handsoff,wrongfile,rename,remove,where,dropped,mergeconfig,form,why,ran,callhint,verify,asked,unstick")
# The bench adds `cap`: answer tokens sized to the task's files, so a runaway reply is cut in seconds
# rather than at the wall-clock cap. Not in a session's default: it would also cut a long file a
# model means to write.
BENCH_LEVERS = DEFAULT_NAME + ",cap"


def parse_levers(text: str | None) -> tuple[str, ...]:
    """`tree,paths` -> ('tree', 'paths'); `all`; `default` (alone or in a list: `default,example`);
    `none` (or empty) -> (); ValueError names an unknown one."""
    if text is None or text.strip() in ("", NO_LEVERS):
        return ()
    names = [n.strip() for n in text.split(",") if n.strip()]
    if names == ["all"]:
        return tuple(LEVERS)
    if DEFAULT_NAME in names:
        names = [n for n in names if n != DEFAULT_NAME] + DEFAULT_LEVERS.split(",")
    unknown = [n for n in names if n not in LEVERS]
    if unknown:
        raise ValueError(f"unknown lever {', '.join(unknown)}; levers: {', '.join(LEVERS)}, default, all, none")
    return tuple(n for n in LEVERS if n in names)  # one canonical order, so records group
