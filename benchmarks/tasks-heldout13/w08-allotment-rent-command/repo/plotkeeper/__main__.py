import sys

from plotkeeper.cli import main

sys.exit(main())
