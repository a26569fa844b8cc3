"""Where each backend's context window comes from — the number the context alarm measures against.

- Ollama: the `num_ctx` in effect is, in Ollama's order (server/routes.go `modelOptions`,
  `usesAutomaticNumCtx`): the request's `options.num_ctx` (smallops sends one when `num_ctx` is
  set), else the model's Modelfile `num_ctx` (`/api/show` `parameters`), else the server's
  `OLLAMA_CONTEXT_LENGTH`, else a default from the GPU's memory: 4,096 tokens below 24 GiB of VRAM,
  32,768 up to 48 GiB, 262,144 above (server/routes.go, docs/context-length.mdx). The client cannot
  see the environment or the VRAM, so when the model is loaded, `/api/ps` `context_length` (the
  runner's `num_ctx`) is taken as the truth; otherwise 4,096 is assumed and the source says so. No
  window exceeds what the model was trained for (`/api/show` `model_info.<arch>.context_length`:
  Ollama caps `num_ctx` there too, server/sched.go `effectiveContext`).
- llama.cpp's server: `/props` `default_generation_settings.n_ctx` (the context of one slot).
- the embedded model: the `n_ctx` it is loaded with.
- `--context N` overrides any of these (and is the only source for other servers).
"""

from __future__ import annotations

from ..agent.session.context import ContextWindow

OLLAMA_DEFAULT_NUM_CTX = 4096  # below 24 GiB of VRAM (server/routes.go); larger GPUs get more


def ollama_window(num_ctx_sent: int | None, modelfile_num_ctx: int | None, loaded_context: int | None,
                  trained: int | None) -> ContextWindow:
    """The num_ctx in effect for an Ollama model, and why (see the module's docstring)."""
    if num_ctx_sent:
        tokens, source = num_ctx_sent, "num_ctx sent with each request"
    elif loaded_context:
        tokens, source = loaded_context, "Ollama /api/ps: the model as loaded"
    elif modelfile_num_ctx:
        tokens, source = modelfile_num_ctx, "the model's Modelfile num_ctx (/api/show)"
    else:
        tokens, source = OLLAMA_DEFAULT_NUM_CTX, ("Ollama's default num_ctx, assumed (more on GPUs of 24 GiB+ or "
                                                  "with OLLAMA_CONTEXT_LENGTH; --context N to say)")
    if trained and tokens > trained:
        tokens, source = trained, f"{source}, capped at the model's trained context (/api/show)"
    return ContextWindow(tokens, source)


def llama_cpp_window(props: dict[str, object]) -> ContextWindow | None:
    """llama.cpp's `/props`, or None when it does not say (another server, a wrong type)."""
    settings = props.get("default_generation_settings")
    n_ctx = settings.get("n_ctx") if isinstance(settings, dict) else None
    if isinstance(n_ctx, int) and not isinstance(n_ctx, bool) and n_ctx > 0:
        return ContextWindow(n_ctx, "llama.cpp /props n_ctx")
    return None
