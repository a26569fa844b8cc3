"""The program checkers: one per program (or family) whose options and operands need more than a
`READ_ONLY` table entry to read. Each answers True only when the invocation is positively
read-only, and adds the findings that make it riskier.
"""

from __future__ import annotations

from ..command_tables import AWK_PROGRAMS
from ..judging import Checker
from .awk import check_awk
from .find import check_find
from .git import check_git
from .sed import check_sed
from .shell_builtins import (
    DIRECTORY_CHANGERS, check_command_lookup, check_directory_change, check_export, check_ps, check_variable_setter,
)

CHECKERS: dict[str, Checker] = {
    "git": check_git, "sed": check_sed, "gsed": check_sed, "find": check_find,
    **{name: check_awk for name in AWK_PROGRAMS},
    **{name: check_directory_change for name in DIRECTORY_CHANGERS},
    "command": check_command_lookup, "ps": check_ps,
    **{name: check_variable_setter for name in ("read", "printf", "mapfile", "readarray", "getopts", "unset")},
    **{name: check_export for name in ("export", "declare", "typeset", "local", "readonly")},
}
