"""The client's files, for a workspace (agent/files/editor.py): when the client offers `fs`, what the
model reads and what an edit is previewed against is the editor's text (unsaved edits included),
and an approved edit is written through the editor, exactly the text the preview made.

The workspace reads and writes on worker threads (a large file must not stall the event loop), and
the client answers on the event loop: each call is handed to the loop and waited for there. A read
the client cannot answer (an error, no answer within READ_SECONDS) is read from the disk instead,
and said once; a write it refuses fails the edit with a sentence, and nothing is written behind
the editor's back.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from pathlib import Path

from ..agent.files.workspace import WorkspaceError
from .connection import ClientLink

READ_SECONDS = 60.0
WRITE_SECONDS = 120.0


class ClientFiles:
    """`EditorFiles` over one ACP session's client (the reads and writes it offered)."""

    def __init__(self, link: ClientLink, session_id: str, root: Path, reads: bool, writes: bool,
                 loop: asyncio.AbstractEventLoop, notice: Callable[[str], None]) -> None:
        self.link, self.session_id, self.root = link, session_id, root
        self.reads, self.writes = reads, writes
        self.loop = loop
        self.notice = notice  # a line for the session's log (said on the loop)
        self._loop_thread = threading.get_ident()
        self._said_read = False

    def _on_loop(self) -> bool:
        return threading.get_ident() == self._loop_thread  # waiting here would stop the loop that must answer

    def read(self, rel: str) -> str | None:
        if not self.reads or self._on_loop():
            return None
        call = asyncio.run_coroutine_threadsafe(self.link.read_text_file(self.session_id, str(self.root / rel)),
                                                self.loop)
        try:
            return call.result(READ_SECONDS)
        except Exception as exc:  # noqa: BLE001 — the client's error, a timeout, a gone client: the disk it is
            call.cancel()
            if not self._said_read:
                self._said_read = True
                self.loop.call_soon_threadsafe(self.notice, f"the editor could not give {rel} ({type(exc).__name__}: "
                                               f"{str(exc)[:120]}); files are read from the disk when it cannot")
            return None

    def write(self, rel: str, text: str) -> bool:
        if not self.writes or self._on_loop():
            return False
        call = asyncio.run_coroutine_threadsafe(
            self.link.write_text_file(self.session_id, str(self.root / rel), text), self.loop)
        try:
            call.result(WRITE_SECONDS)
        except Exception as exc:  # noqa: BLE001 — refused or gone: the edit fails, nothing written behind its back
            call.cancel()
            raise WorkspaceError(f"the editor did not write {rel} ({type(exc).__name__}: {str(exc)[:120]}); "
                                 "nothing was written") from None
        return True
