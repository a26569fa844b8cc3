"""llama-cpp-python's own OpenAI-compatible server, as the acceptance tests start it.

    python tests/acceptance/llama_server.py --model FILE.gguf --host 127.0.0.1 --port N [server options]

Exactly `python -m llama_cpp.server`, with two changes, both the way smallops runs its embedded
model: the model loads with llama.cpp's extra buffer types off, because on CPUs advertising Intel
AMX the repacked weights crash in ggml_backend_amx_mul_mat (ggml-org/llama.cpp#20824); and
OpenMP's threads wait passively unless OMP_WAIT_POLICY says otherwise (spinning threads starve each
other on a shared 2-core machine). It must be set before llama.cpp's OpenMP runtime starts.
"""

import os
import runpy
import sys

os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

from smallops_tui.backends.embedded_worker import extra_buffers

if __name__ == "__main__":
    sys.argv[0] = "llama_cpp.server"
    with extra_buffers(False):
        runpy.run_module("llama_cpp.server", run_name="__main__", alter_sys=True)
