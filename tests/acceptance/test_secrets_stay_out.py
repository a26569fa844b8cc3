"""Through the real door: the installed `smallops`, started with API keys in its environment,
runs an approved command that tries every way to print them (env, /proc/*/environ of every
process including the app's guard and TUI, ps e). Neither the screen nor the next request to the
model may carry them."""

from __future__ import annotations

import secrets
from pathlib import Path

import pytest

from ..streams import token_turn
from .conftest import MODEL, ollama_routes
from .terminal import Terminal

# Every ancestor of the command (its shell, the wrapper, the app's TUI and its terminal guard, up
# to the test itself, which was not given the keys), by /proc and by ps; then the command's own env.
PROBE = ("p=$$; while [ \"$p\" -gt 1 ]; do echo \"== $p\"; tr '\\0' '\\n' < /proc/$p/environ | grep -E 'KEY|TOKEN|^PATH'; "
         "ps e -o args= -p $p | grep -o 'PATH=[^ ]*'; p=$(cut -d' ' -f4 /proc/$p/stat); done; "
         "env | grep -E 'KEY|TOKEN'; echo probe-ran")


@pytest.mark.parametrize("sandbox", ["auto", "off"])
def test_a_session_never_hands_the_apps_credentials_to_the_model(sandbox: str, smallops_bin: Path,
                                                                  app_env: dict[str, str], calc_workspace: Path,
                                                                  ollama) -> None:
    key, token = f"sk-{secrets.token_hex(16)}", f"tok-{secrets.token_hex(16)}"
    env = {**app_env, "OPENAI_API_KEY": key, "MY_TOKEN": token}
    turns = [token_turn({"action": "run_command", "command": PROBE}),
             token_turn({"action": "done", "summary": "looked around"})]
    with ollama(ollama_routes(turns)) as server:
        term = Terminal([str(smallops_bin), "run", "look around", "--workspace", str(calc_workspace), "--backend",
                         "ollama", "--url", server.url, "--model", MODEL, "--sandbox", sandbox], env, calc_workspace)
        try:
            term.wait_for(lambda s: "run_command" in s and "y approve" in s, "the command")
            screen = term.approve("SESSION ENDED", "the command's output, the done and the end of the session")
            term.press("q")
            term.wait_exit()
        finally:
            term.kill()
        chats = [request.json() for request in server.requests if request.path == "/api/chat"]
    assert len(chats) == 2
    feedback = chats[1]["messages"][-1]["content"]
    # The probe ran and its output went back whole. Without a sandbox it walked the app's processes
    # and really read their environments (so the blanking is what keeps the keys out); with Landlock
    # alone it walked them and the kernel refused it those files; in a PID namespace of its own (the
    # status bar says `+ns`, or bwrap) the shell is pid 2 under the sandbox's pid 1 and no process
    # of the app is there to walk.
    walked = [line for line in feedback.splitlines() if line.startswith("== ")]
    assert "probe-ran" in feedback, feedback
    if sandbox == "off":
        assert len(walked) >= 4 and feedback.count("PATH=") >= 4, feedback
    elif "+ns" in screen or "sandbox bwrap" in screen:
        assert walked == ["== 2"], feedback
    else:
        assert len(walked) >= 4 and feedback.count("Permission denied") >= 3, feedback
    for secret in (key, token):
        assert secret not in feedback and secret not in screen and secret not in term.raw.decode(errors="replace")
