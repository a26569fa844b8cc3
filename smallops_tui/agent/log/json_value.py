"""JSON as the core holds it: what a model's reply, a log line or a server's answer decodes to.

`JsonValue` is pydantic's recursive alias (null, booleans, numbers, strings, lists and objects
of them), so a pydantic field typed with it validates what it holds instead of accepting any
Python object; `JsonObject` is one decoded object. Both are hostile input until parsed into the
core's own types (actions, events).
"""

from __future__ import annotations

from pydantic import JsonValue

__all__ = ["JsonObject", "JsonValue"]

JsonObject = dict[str, JsonValue]
