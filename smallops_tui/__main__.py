"""`python -m smallops_tui` is the `smallops` command."""

import sys

from .cli import main

sys.exit(main())
