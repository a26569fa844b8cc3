"""Environment variables by what setting one does: some make programs run other code (or load it),
some only change how output looks, and some values are inert whatever the name. The shell reader
(a `for PATH in ...` loop assigns PATH) and the judge both read them; they sit below both.
"""

from __future__ import annotations

import re

# Environment variables that make programs run other code (or load it) when set for a command.
CODE_VARIABLES = re.compile(
    r"^(LD_\w+|BASH_ENV|ENV|PROMPT_COMMAND|PS4|SHELLOPTS|BASHOPTS|IFS|PATH|CDPATH|GIT_\w+|\w*PAGER|\w*EDITOR|VISUAL"
    r"|BROWSER|SSH_ASKPASS|SUDO_ASKPASS|\w*_ASKPASS|PYTHON\w*|PERL5\w*|PERLLIB|RUBY\w*|NODE_\w+|JAVA_TOOL_OPTIONS"
    r"|_JAVA_OPTIONS|JDK_JAVA_OPTIONS|LESSOPEN|LESSCLOSE|MANOPT|NPM_CONFIG_\w+|PIP_\w+|MAKEFLAGS|MFLAGS|CC|CXX"
    r"|LUA_\w+|TCLLIBPATH|GCONV_PATH|LOCPATH|MALLOC_\w+|GLIBC_TUNABLES|HOSTALIASES|RESOLV_\w+|XDG_CONFIG_\w+|HOME"
    r"|ZDOTDIR|INPUTRC|TMUX\w*|SHELL)$", re.IGNORECASE)
# Variables that only change how output looks: setting them keeps a command LOW.
HARMLESS_VARIABLES = re.compile(r"^(LC_\w+|LANG|LANGUAGE|TZ|COLUMNS|LINES|NO_COLOR|CLICOLOR\w*|TERM|GREP_COLORS?"
                                r"|FORCE_COLOR)$")
# Assignments that are safe because the value is inert whatever the name: GIT_PAGER=cat and the like.
INERT_VALUES = frozenset({"cat", "", "0", "1", "true", "false"})
