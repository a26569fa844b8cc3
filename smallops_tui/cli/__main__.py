"""`python -m smallops_tui.cli` is the `smallops` command."""

import sys

from . import main

sys.exit(main())
