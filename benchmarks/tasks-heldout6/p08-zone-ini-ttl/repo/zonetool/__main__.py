"""python -m zonetool [FILE]: print the zone file."""
import sys

from zonetool.render import main

sys.exit(main())
