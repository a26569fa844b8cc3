"""Commands that do under the command shell something other than what the model means.

Models write bash; approved commands run with /bin/sh, dash on Debian and Ubuntu, whose `echo`
takes no option but `-n`: `echo -e '\\n' >> file.txt` appends a line "-e " and the model, shown
the command's exit code 0, says done (the nine's r6, with the opening's fact about dash in its
prompt). Answered before it runs, with what to use instead.
"""

from __future__ import annotations

import re
import shlex

from ...reply.kinds import Action, RunCommand
from ...sandbox.confine import COMMAND_SHELL, shell_is_dash
from .answers import Answer

# Where a simple command starts: the beginning, or after a separator, an opening group or a keyword.
_STARTS = frozenset({";", "&&", "||", "|", "&", "(", "{", "then", "do", "else", "elif", "if", "while", "until", "!"})
# Words before the command word that leave it dash's builtin echo: `command echo`, `X=1 echo`.
_ASSIGNMENT = re.compile(r"[A-Za-z_]\w*=.*", re.DOTALL)
# An echo option word dash prints as text: every one but -n (bash's -e, -E and their mixes).
_ECHO_OPTION = re.compile(r"-[neE]+")
# A `#` that starts a word starts a comment, to the end of its line (one inside a word does not).
_COMMENT = re.compile(r"(?:^|(?<=[\s;&|()]))#[^\n]*")


def _words(command: str) -> list[str]:
    lexer = shlex.shlex(_COMMENT.sub("", command).replace("\n", " ; "), posix=True, punctuation_chars=";&|(){}!")
    lexer.whitespace_split = True
    lexer.commenters = ""  # comments went above: shlex's would take every `#` and all lines after it
    try:
        return list(lexer)
    except ValueError:  # an unclosed quote: the shell will say so itself
        return []


def echo_option_printed(command: str) -> str | None:
    """The option word of an `echo` in `command` that dash would print rather than obey. Not looked
    for in a command with a here-document: its body is text (a bash script being written), not
    commands, and the lines are not told apart here."""
    if "<<" in command:
        return None
    words = _words(command)
    for k in range(len(words)):
        if k and words[k - 1] not in _STARTS:
            continue
        at = k
        while at < len(words) and (words[at] == "command" or _ASSIGNMENT.fullmatch(words[at])):
            at += 1
        if at + 1 >= len(words) or words[at] != "echo":
            continue
        options = words[at + 1:at + 3]
        if options[:1] == ["-n"]:
            options = options[1:]  # dash obeys -n, and prints the word after it
        if options and _ECHO_OPTION.fullmatch(options[0]) and options[0] != "-n":
            return options[0]
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
