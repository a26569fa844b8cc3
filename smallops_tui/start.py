"""The `smallops` command's first module: the garbage collector is held off while the program's
modules load, then the command line (cli/) takes over.

Start-up makes objects that live as long as the process: some 900 modules' functions, classes and
constants. Every collection the allocations trigger on the way walks them all again: about 40 ms
of the CPU to the first frame (benchmarks/bench_startup.py). The collector is back on as soon as
the command is known not to start the app (cli.main), or once the app's first frame is drawn, when
everything alive by then is moved out of its reach for good (ui/app.py, gc.freeze).
"""

from __future__ import annotations

import gc


def main() -> int:
    gc.disable()
    # (imported here, for start-up: after the collector is held off, so the imports run without it)
    from .cli import main as command_line

    return command_line()
