import sys

from catchlog.cli import main

sys.exit(main())
