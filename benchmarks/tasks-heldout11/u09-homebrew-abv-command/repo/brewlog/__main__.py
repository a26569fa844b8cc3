import sys

from brewlog.cli import main

sys.exit(main())
