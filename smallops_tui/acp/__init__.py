"""A second door to the supervised session: the Agent Client Protocol (ACP), JSON-RPC 2.0 on stdio,
for Zed, Toad and other ACP clients (`smallops acp`; docs/acp.md).

The core is the same as the app's: the session loop, risk rules, guards, sandbox and byte-exact
writes all run here, in smallops. The client only shows and answers: reasoning streams to it as
thought chunks, each proposal reaches it as a tool call and a permission request with its risk
and diff, and nothing runs until it answers. Its `fs/` and `terminal/` methods are never used.
This package imports the core and the SDK (`acp`), never Textual.

- framing.py: the frames on stdio, checked line by line (hostile input gets JSON-RPC errors)
- connection.py: the SDK's router with readable errors, and the calls made of the client
- inputs.py: the workspace (cwd) and the task (prompt) a client sends, checked
- agent.py: initialize, session/new, session/prompt, session/cancel
- decider.py: the client as the session's Decider (permission requests; HIGH asks twice)
- tool_calls.py, updates.py: proposals as tool calls; events as session/update notifications
- server.py: the process: private stdio, signals, the end of a connection
"""
