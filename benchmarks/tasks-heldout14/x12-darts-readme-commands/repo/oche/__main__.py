import sys

from oche.cli import main

sys.exit(main())
