"""Two minor items of issue 20: a write onto a file smallops reads as binary (UTF-16) is flagged
before approval, never silent; and a rewrite does not keep a setuid or setgid bit (an undo puts
the file back as it was, bits and all)."""

from __future__ import annotations

import os
import stat

from smallops_tui.agent import WriteFile
from smallops_tui.agent.files.edits import try_preview
from smallops_tui.agent.session.guards import SessionHistory, check_guards


def test_a_write_onto_utf16_text_is_flagged_not_silent(workspace) -> None:
    (workspace.root / "notes.txt").write_bytes("hello\r\n".encode("utf-16"))
    action = WriteFile(path="notes.txt", content="hello\n")
    flags = check_guards(action, workspace, SessionHistory({}), try_preview(action, workspace)[0])
    [flag] = [f for f in flags if f.kind == "replaces_binary"]
    assert "UTF-16 text" in flag.message and flag.label == "REPLACES BINARY"
    plain = WriteFile(path="main.py", content="print(1)\n")
    assert not [f for f in check_guards(plain, workspace, SessionHistory({}), try_preview(plain, workspace)[0])
                if f.kind == "replaces_binary"]


def test_a_rewrite_drops_the_setuid_bit_and_undo_puts_it_back(workspace) -> None:
    target = workspace.root / "tool.sh"
    target.write_text("#!/bin/sh\necho old\n")
    os.chmod(target, 0o6755)
    workspace.write_text("tool.sh", "#!/bin/sh\necho new\n")
    assert stat.S_IMODE(target.stat().st_mode) == 0o755
    workspace.undo()
    assert stat.S_IMODE(target.stat().st_mode) == 0o6755 and target.read_text().endswith("old\n")
