"""llama-cpp-python's own OpenAI-compatible server, as the acceptance tests and benchmarks start it.

    python tests/acceptance/llama_server.py --model FILE.gguf --host 127.0.0.1 --port N [server options]

Exactly `python -m llama_cpp.server`, with two changes, both the way smallops runs its embedded
model: the model loads with llama.cpp's extra buffer types off, because on CPUs advertising Intel
AMX the repacked weights crash in ggml_backend_amx_mul_mat (ggml-org/llama.cpp#20824); and
OpenMP's threads wait passively unless OMP_WAIT_POLICY says otherwise (spinning threads starve each
other on a shared 2-core machine). It must be set before llama.cpp's OpenMP runtime starts.

`serving(model, log, *options)` starts it on 127.0.0.1 and a free port and waits until it answers.
"""

from __future__ import annotations

import contextlib
import os
import runpy
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from smallops_tui.backends.embedded_worker import extra_buffers

SCRIPT = Path(__file__).resolve()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def serving(model: Path, log: IO[bytes], *options: str, seconds: float = 180.0) -> Iterator[tuple[str, int]]:
    """The server with `model` on a free port, once it answers: (url, pid). RuntimeError, with the
    end of its log, if it exits first or does not answer within `seconds`; it is stopped on exit."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = subprocess.Popen([sys.executable, str(SCRIPT), "--model", str(model), "--host", "127.0.0.1",
                               "--port", str(port), *options], stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + seconds
        while True:
            if server.poll() is not None:
                log.flush()
                log.seek(0)
                raise RuntimeError(f"llama-cpp-python's server exited ({server.returncode}): "
                                   f"{log.read()[-2000:].decode(errors='replace')}")
            try:
                with urllib.request.urlopen(url + "/v1/models", timeout=2) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"llama-cpp-python's server did not answer within {seconds:g} s")
            time.sleep(0.2)
        yield url, server.pid
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


if __name__ == "__main__":
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")  # before llama.cpp (and its OpenMP) loads
    sys.argv[0] = "llama_cpp.server"
    with extra_buffers(False):
        runpy.run_module("llama_cpp.server", run_name="__main__", alter_sys=True)
