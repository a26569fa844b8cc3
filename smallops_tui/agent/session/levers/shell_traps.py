"""Commands that do under the command shell something other than what the model means.

Models write bash; approved commands run with /bin/sh, dash on Debian and Ubuntu, whose `echo`
takes no option but `-n`: `echo -e '\\n' >> file.txt` appends a line "-e " and the model, shown
the command's exit code 0, says done (the nine's r6, with the opening's fact about dash in its
prompt). Answered before it runs, with what to use instead.
"""

from __future__ import annotations

import os
import re
import shlex

from ...reply.kinds import Action, RunCommand
from ...sandbox.confine import COMMAND_SHELL
from .answers import Answer

# Where a simple command starts: the beginning, or after a separator or an opening group.
_STARTS = frozenset({";", "&&", "||", "|", "&", "(", "{", "\n", "then", "do", "else", "!"})
# An echo option word dash prints as text: every one but -n (bash's -e, -E and their mixes).
_ECHO_OPTION = re.compile(r"-[neE]+")


def shell_is_dash(shell: str = COMMAND_SHELL) -> bool:
    return os.path.basename(os.path.realpath(shell)) == "dash"


def _words(command: str) -> list[str]:
    lexer = shlex.shlex(command.replace("\n", " ; "), posix=True, punctuation_chars=";&|(){}!")
    lexer.whitespace_split = True
    try:
        return list(lexer)
    except ValueError:  # an unclosed quote: the shell will say so itself
        return []


def echo_option_printed(command: str) -> str | None:
    """The option word of an `echo` in `command` that dash would print rather than obey."""
    words = _words(command)
    for k, word in enumerate(words[:-1]):
        starts = k == 0 or words[k - 1] in _STARTS
        option = words[k + 1]
        if starts and word == "echo" and _ECHO_OPTION.fullmatch(option) and option != "-n":
            return option
    return None


def dash_echo(action: Action, shell: str = COMMAND_SHELL) -> Answer | None:
    if not isinstance(action, RunCommand) or not shell_is_dash(shell):
        return None
    option = echo_option_printed(action.command)
    if option is None:
        return None
    return Answer(f"lint: the command's `echo {option}` would print {option} under dash; answered without a proposal",
                  f"Not run: commands run with /bin/sh, which is dash here, and its echo has no {option} option: it "
                  f"would write \"{option}\" into the output. Use printf instead (printf '\\n' >> file.txt appends one "
                  "line break).", rejects=True)
