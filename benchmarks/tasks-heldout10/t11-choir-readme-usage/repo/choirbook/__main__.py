import sys

from choirbook.cli import main

sys.exit(main())
