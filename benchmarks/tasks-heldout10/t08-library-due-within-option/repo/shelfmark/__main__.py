import sys

from shelfmark.cli import main

sys.exit(main())
