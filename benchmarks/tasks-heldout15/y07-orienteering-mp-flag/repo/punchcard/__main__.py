import sys

from punchcard.cli import main

sys.exit(main())
