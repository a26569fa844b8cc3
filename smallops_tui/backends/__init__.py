"""Model servers: Ollama native (NDJSON), OpenAI-compatible (SSE). Each yields `StreamEvent`s."""

from .base import BackendFailure, ChatOptions, ModelInfo, StreamEvent, Usage
from .ollama import OllamaBackend
from .openai import OpenAIBackend

__all__ = ["BackendFailure", "ChatOptions", "ModelInfo", "OllamaBackend", "OpenAIBackend", "StreamEvent", "Usage"]
