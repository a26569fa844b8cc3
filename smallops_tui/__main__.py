"""`python -m smallops_tui` is the `smallops` command."""

import sys

from .start import main

sys.exit(main())
