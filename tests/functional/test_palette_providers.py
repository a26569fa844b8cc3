"""The command palette's providers (Pilot, a live session against the replaying server): typing
finds themes (applied and saved), the server's models (switched for the next request, logged) and
the workspace's files (shown read-only in the diff pane, literally, confined to the workspace);
names from files, servers and themes are drawn as plain text."""

from __future__ import annotations

from textual.command import CommandList, CommandPalette

from smallops_tui.ui import file_peek

from ..harness import diff_pane, run_app, toast_texts
from ..replay_server import Reply
from ..streams import turn
from ..waiting import wait_for
from smallops_tui.agent.log.events import ModelSwitched
from ..typed import live_screen, panes_of, plain, session_of

LIST = {"action": "list_dir", "path": "."}
WRITE = {"action": "write_file", "path": "notes.txt", "content": "new\n"}
DONE = {"action": "done", "summary": "looked"}


def options(app) -> list[str]:
    found = app.screen.query(CommandList) if isinstance(app.screen, CommandPalette) else None
    if not found:  # (no palette, or one not yet drawn)
        return []
    commands = found.first()
    return [plain(commands.get_option_at_index(i).prompt) for i in range(commands.option_count)]


async def search(h, typed: str, first: str) -> list[str]:
    """Open the palette, type `typed`, wait until the best hit starts with `first`."""
    await h.pilot.press("ctrl+p")
    await wait_for(h.pilot, lambda: isinstance(h.app.screen, CommandPalette), "the command palette")
    await h.pilot.press(*typed)
    await wait_for(h.pilot, lambda: options(h.app) and options(h.app)[0].startswith(first), f"{first!r} first")
    return options(h.app)


async def test_a_theme_found_by_typing_is_applied_and_saved(workspace, tmp_path) -> None:
    chosen: list[str] = []
    async with run_app([turn(LIST), turn(DONE)], workspace, tmp_path, on_theme_change=chosen.append) as h:
        await h.proposal(1)
        listed = await search(h, "theme smallops-solar", "theme: smallops-solarized")
        assert [hit for hit in listed if hit.startswith("theme: ")][:1] == [
            "theme: smallops-solarized\nuse this theme (saved to config.toml)"]
        await h.pilot.press("enter")
        await wait_for(h.pilot, lambda: h.app.theme == "smallops-solarized", "the theme applied")
        assert chosen == ["smallops-solarized"]  # saved (run passes save_setting here)
        assert live_screen(h.app).awaiting_decision  # nothing was decided on the way


async def test_a_model_found_by_typing_is_switched_to(workspace, tmp_path) -> None:
    ps = Reply("ollama_version.json", body=b'{"models": [{"name": "llama3.2:1b"}]}')
    routes = {"/api/tags": [Reply("ollama_tags.json")], "/api/ps": [ps]}
    async with run_app([turn(LIST), turn(DONE)], workspace, tmp_path, routes=routes) as h:
        await h.proposal(1)
        listed = await search(h, "model llama", "model: llama3.2:1b")
        assert not any(hit.startswith("model: qwen") for hit in listed)
        assert "1.2B · Q8_0 · llama" in listed[0]  # what the server says of it, on the help line
        await h.pilot.press("enter")
        await wait_for(h.pilot, lambda: h.events(ModelSwitched), "the switch")
        assert session_of(h.app).controls.model == "llama3.2:1b"
        assert any("model: llama3.2:1b from the next request" in t for t in toast_texts(h.app))


async def test_no_model_is_offered_once_the_session_has_ended(workspace, tmp_path) -> None:
    routes = {"/api/tags": [Reply("ollama_tags.json")]}
    async with run_app([turn(DONE)], workspace, tmp_path, routes=routes) as h:
        await h.proposal(1)
        await wait_for(h.pilot, lambda: live_screen(h.app).armed, "arming")
        await h.pilot.press("y")
        await h.ended()
        listed = await search(h, "theme", "Theme")  # the palette works; the models are not in it
        await h.pilot.press("backspace", "backspace", "backspace", "backspace", "backspace", *"model")
        await wait_for(h.pilot, lambda: options(h.app) != listed, "the new search")
        assert not any(hit.startswith("model: ") for hit in options(h.app))
        assert not any(request.path == "/api/tags" for request in h.server.requests)


async def test_a_file_is_shown_read_only_and_literally_in_the_diff_pane(workspace, tmp_path) -> None:
    hostile = "[red]not red[/red] [link=http://x]x[/link]\n\x1b[31mESC\x1b[0m \u202eRLO\n"
    (workspace.root / "hostile.txt").write_text(hostile)
    before = (workspace.root / "hostile.txt").read_bytes()
    async with run_app([turn(WRITE), turn(DONE)], workspace, tmp_path) as h:
        await h.proposal(1)
        proposal_rows = diff_pane(h.app)
        await search(h, "file hostile", "file: hostile.txt")
        await h.pilot.press("enter")
        await wait_for(h.pilot, lambda: (title := panes_of(h.app).diff.border_title) is not None and title.startswith("file"),
                       "the file shown")
        rows = diff_pane(h.app)
        assert rows[0].startswith("hostile.txt  (read-only, ")
        assert rows[1] == "[red]not red[/red] [link=http://x]x[/link]"  # markup shown, not applied
        assert "\x1b" not in "".join(rows) and "\u202e" not in "".join(rows)
        assert "ESC" in rows[2] and rows[2] != "ESC RLO"  # the escape and the override made visible
        assert panes_of(h.app).diff.border_title == "file (read-only): hostile.txt"
        assert live_screen(h.app).awaiting_decision and (workspace.root / "hostile.txt").read_bytes() == before
        await search(h, "show the proposal", "Show the proposal")
        await h.pilot.press("enter")
        await wait_for(h.pilot, lambda: panes_of(h.app).diff.border_title == "diff", "the proposal's diff back")
        assert diff_pane(h.app) == proposal_rows


async def test_a_path_out_of_the_workspace_is_refused_with_a_sentence(workspace, tmp_path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("do not show\n")
    (workspace.root / "link.txt").symlink_to(secret)
    async with run_app([turn(WRITE), turn(DONE)], workspace, tmp_path) as h:
        await h.proposal(1)
        proposal_rows = diff_pane(h.app)
        for path in ("../secret.txt", str(secret), "link.txt"):
            file_peek.show_file(h.app.main, path)

            def refused(path: str = path) -> bool:
                return any(t.startswith(f"{path} cannot be shown: ") for t in toast_texts(h.app))

            await wait_for(h.pilot, refused, f"{path} refused")
        assert diff_pane(h.app) == proposal_rows and panes_of(h.app).diff.border_title == "diff"
        assert not any("do not show" in row for row in diff_pane(h.app))


async def test_the_next_step_brings_its_own_diff_back(workspace, tmp_path) -> None:
    async with run_app([turn(LIST), turn(WRITE), turn(DONE)], workspace, tmp_path) as h:
        await h.proposal(1)
        first = next(path for path in workspace.walk_files())
        file_peek.show_file(h.app.main, first)
        await wait_for(h.pilot, lambda: panes_of(h.app).diff.border_title != "diff", "the file shown")
        await wait_for(h.pilot, lambda: live_screen(h.app).armed, "arming")
        await h.pilot.press("y")
        await h.proposal(2)
        assert panes_of(h.app).diff.border_title == "diff"
        assert any("notes.txt" in row for row in diff_pane(h.app))


async def test_a_models_name_in_markup_is_shown_as_it_is(workspace, tmp_path) -> None:
    tags = (b'{"models":[{"name":"[b]bold[/b]:1b","details":{"family":"[red]fam","parameter_size":"1B"}},'
            b'{"name":"test-model","details":{}}]}')
    routes = {"/api/tags": [Reply("ollama_tags.json", body=tags)] * 2}
    async with run_app([turn(LIST), turn(DONE)], workspace, tmp_path, routes=routes) as h:
        await h.proposal(1)
        listed = await search(h, "model bold", "model: [b]bold[/b]:1b")  # the provider
        assert "1B · [red]fam" in listed[0]
        await h.pilot.press("escape")
        await wait_for(h.pilot, lambda: not isinstance(h.app.screen, CommandPalette), "the palette closed")
        live_screen(h.app).steering.choose_model()  # "Switch model", the existing door
        await wait_for(h.pilot, lambda: any(o.startswith("[b]bold[/b]:1b") for o in options(h.app)), "the list")
        assert any("1B · [red]fam" in o for o in options(h.app))
