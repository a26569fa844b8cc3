"""Model servers: Ollama native (NDJSON), OpenAI-compatible (SSE), and the embedded model.

Each yields `StreamEvent`s from `stream_chat`, says what it is with `info()` (a `BackendInfo`),
and raises `DiscoveryError` (a sentence) when listing or checking models fails.
"""

from .base import BackendFailure, BackendInfo, ChatOptions, ModelInfo, StreamEvent, Usage
from .factory import make_backend
from .http import DiscoveryError
from .ollama import OllamaBackend
from .openai import OpenAIBackend
from .protocol import backend_info

__all__ = ["BackendFailure", "BackendInfo", "ChatOptions", "DiscoveryError", "ModelInfo", "OllamaBackend",
           "OpenAIBackend", "StreamEvent", "Usage", "backend_info", "make_backend"]
