"""The programs that run another command, as data (shell.py reads their words by these tables): wrappers (`sudo`, `env`, `nice`, `timeout`,
`xargs`, `strace`, ...) and runners (`uv run`, `npx`, ...) with the options that take a value, the
options known to take none, the words before the command (a duration, a lock file, a user), the
options that name a file they write, and the options whose value is a command line they run.

shell.py reads through them to the command they run; an option these tables do not know may take
the next word as its value, so both readings are judged.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


MAX_ALTERNATIVES = 4  # other readings of unknown wrapper options judged, per simple command
ASSIGNMENT = re.compile(r"^[A-Za-z_][A-Za-z_0-9]*=")


# Options by which a wrapper acts on another process instead of (or as well as) running a
# command: `strace -p 1`, `prlimit --pid 1 --cpu=1:2`, `chrt -p 99 1`, `ionice -c3 -p 1`.
PROCESS_TARGETING: dict[str, tuple[str, ...]] = {
    "strace": ("-p", "--attach"), "ltrace": ("-p",), "prlimit": ("-p", "--pid"), "chrt": ("-p", "--pid"),
    "taskset": ("-p", "--pid"), "ionice": ("-p", "--pid", "-P", "--pgid", "-u", "--uid"),
}


@dataclass(frozen=True)
class Wrapper:
    """What is known of one wrapper's command line before the command it runs."""

    takes_value: frozenset[str]  # options that take the next word as their value
    flags: frozenset[str] = frozenset()  # options known to take none
    attached: tuple[str, ...] = ()  # options whose value, if any, is attached only (xargs -i{}, nice -10)
    positionals: int = 0  # words before the command: a duration, a priority, a lock file, a user
    outputs: tuple[str, ...] = ()  # options whose value is a file it writes (judged as a redirection)
    shell_string: tuple[str, ...] = ()  # options whose value is a command line it runs
    options_after_positionals: bool = False  # setarch ARCH [options] COMMAND


# Wrappers looked through to the command they run, with the options that take a separate value.
_OPTION_ARGS: dict[str, set[str]] = {
    "sudo": {"-u", "-g", "-C", "-h", "-p", "-U", "-r", "-t", "-D", "-R", "-T"},
    "doas": {"-u", "-C"},
    "nice": {"-n", "--adjustment"},
    "ionice": {"-c", "-n", "-p", "--class", "--classdata"},
    "chrt": set(),
    "taskset": set(),
    "timeout": {"-s", "-k", "--signal", "--kill-after"},
    # GNU xargs: -i, -e and -l take an optional *attached* value only (-i is -I{}).
    "xargs": {"-n", "-I", "-P", "-L", "-d", "-a", "-E", "-s", "--max-args", "--max-procs", "--delimiter",
              "--arg-file", "--max-chars", "--process-slot-var"},
    "parallel": {"-j", "-n", "-I", "-S", "--jobs"},
    "env": {"-u", "-C", "-S", "--unset", "--chdir", "--split-string"},
    "stdbuf": {"-i", "-o", "-e"},
    "watch": {"-n", "-d", "--interval"},
    "setsid": set(),
    "flock": {"-w", "-E", "--timeout", "--conflict-exit-code"},
    "command": set(),
    "exec": {"-a"},
    "nohup": set(),
    "time": {"-f", "-o", "--format", "--output"},
    "builtin": set(),
    "chronic": set(),
    "unbuffer": set(),
    "busybox": set(),
    "toybox": set(),
    "torsocks": set(),
    "proxychains": {"-f"},
    "proxychains4": {"-f"},
    "catchsegv": set(),
    "strace": {"-o", "-e", "-p", "-s", "-u", "-E"},
    "ltrace": {"-o", "-e", "-p", "-s", "-u"},
    "valgrind": set(),
    "faketime": set(),
    "firejail": set(),
    "rlwrap": set(),
    "prlimit": {"-p", "--pid", "-o", "--output"},
    "eatmydata": set(),
    "nocache": set(),
    "fakeroot": {"-l", "--lib", "--faked", "-s", "-i"},
    "numactl": {"-C", "-N", "-m", "-p", "-i", "-P", "--cpunodebind", "--membind", "--preferred", "--interleave",
                "--physcpubind"},
    "dbus-run-session": {"--config-file", "--dbus-daemon"},
    "xvfb-run": {"-n", "-s", "-f", "-e", "-p", "--server-num", "--server-args", "--auth-file", "--error-file"},
    "gosu": set(),
    "su-exec": set(),
    "chpst": {"-u", "-U", "-b", "-e", "-/", "-n", "-l", "-L", "-m", "-d", "-o", "-p", "-f", "-c", "-r", "-t"},
    # setarch ARCH [options] COMMAND, and its aliases that imply the architecture.
    **{name: set() for name in ("setarch", "linux32", "linux64", "i386", "x86_64", "uname26", "i686", "ppc32",
                                "ppc64", "s390", "s390x", "sparc32", "sparc64", "mips", "mips64", "arm", "aarch64")},
    # The dynamic loader runs the program it is given (`/lib64/ld-linux-x86-64.so.2 /bin/rm -rf src`).
    "ld.so": {"--library-path", "--preload", "--audit", "--argv0", "--inhibit-rpath", "--glibc-hwcaps-prefix",
              "--glibc-hwcaps-mask"},
    "cgexec": {"-g"},
    "trickle": {"-u", "-d", "-w", "-t", "-l", "-n"},
    "torify": set(), "tsocks": set(), "proxify": set(),
    "systemd-inhibit": {"--what", "--who", "--why", "--mode"},
    "dbus-launch": {"--config-file", "--autolaunch"},
    "schedtool": {"-a", "-p", "-n", "-e"},
    "runcon": {"-u", "-r", "-t", "-l", "--user", "--role", "--type", "--range"},
    "nix-shell": {"-p", "--packages", "-I", "--arg", "--argstr", "-A", "--attr"},
    "entr": set(),
    "ifne": set(),
    "sem": {"-j", "--jobs", "--id"},
    # Runners (see RUNNERS), named with their subcommand.
    **{runner: {"--with", "-w", "--python", "-p", "--package", "--env-file", "--directory", "--project", "--extra",
                "--group", "--index", "--index-url", "--from", "-n", "--name", "--prefix", "-e", "--env",
                "--spec", "--filter", "-C", "--dir", "--cwd"}
       for runner in ("uv run", "uvx", "poetry run", "pipenv run", "pdm run", "hatch run", "rye run", "pixi run",
                      "conda run", "mamba run", "micromamba run", "bundle exec", "npm exec", "npm x", "pnpm exec",
                      "pnpm dlx", "yarn exec", "yarn dlx", "npx", "bunx", "pipx run", "direnv exec")},
}
# Programs that set up an environment (and may install packages from the network) and then run a
# command: the runner itself is judged (not read-only), and so is the command it runs.
RUNNERS: dict[str, frozenset[str]] = {
    "uv": frozenset({"run"}), "uvx": frozenset(), "poetry": frozenset({"run"}), "pipenv": frozenset({"run"}),
    "pdm": frozenset({"run"}), "hatch": frozenset({"run"}), "rye": frozenset({"run"}), "pixi": frozenset({"run"}),
    "conda": frozenset({"run"}), "mamba": frozenset({"run"}), "micromamba": frozenset({"run"}),
    "bundle": frozenset({"exec"}), "npm": frozenset({"exec", "x"}), "pnpm": frozenset({"exec", "dlx"}),
    "yarn": frozenset({"exec", "dlx"}), "npx": frozenset(), "bunx": frozenset(), "pipx": frozenset({"run"}),
    "direnv": frozenset({"exec"}),
}


# Wrapper options known to take no separate value; an option in neither table may take one.
_SETARCH_FLAGS = ("-v -R -F -Z -L -X -B -I -S -T -3 --verbose --addr-no-randomize --fdpic-funcptrs --mmap-page-zero "
                  "--addr-compat-layout --read-implies-exec --32bit --short-inode --whole-seconds --sticky-timeouts "
                  "--3gb --4gb --uname-2.6")
_WRAPPER_FLAGS: dict[str, frozenset[str]] = {name: frozenset(flags.split()) for name, flags in {
    **{name: _SETARCH_FLAGS for name in ("setarch", "linux32", "linux64", "i386", "x86_64", "uname26", "i686", "ppc32",
                                         "ppc64", "s390", "s390x", "sparc32", "sparc64", "mips", "mips64", "arm",
                                         "aarch64")},
    "ld.so": "--verify --list --inhibit-cache --list-tunables --list-diagnostics",
    "entr": "-a -c -cc -d -n -p -r -s -z", "ifne": "-n",
    "xargs": "-0 -r -t -p -x -o -i -e -l --null --no-run-if-empty --verbose --interactive --exit --open-tty",
    "timeout": "-v --verbose --foreground --preserve-status",
    "env": "-i -0 -v - --ignore-environment --null --debug --default-signal --ignore-signal --block-signal "
           "--list-signal-handling",
    "setsid": "-c -f -w --ctty --fork --wait", "nohup": "", "stdbuf": "", "command": "-p",
    "exec": "-c -l", "time": "-p -v -a -q --verbose --append --quiet --portability",
    "ionice": "-t --ignore", "nice": "",
    "flock": "-s -x -n -u -o -F --shared --exclusive --nonblock --nb --unlock --close --no-fork --verbose",
    "strace": "-c -C -d -D -DD -f -ff -F -h -i -k -n -q -qq -r -t -tt -ttt -T -v -V -w -x -xx -y -yy -z -Z",
    "ltrace": "-b -c -C -d -f -h -i -r -S -t -tt -ttt -T -V",
    "taskset": "-a -p --all-tasks --pid -c --cpu-list", "chrt": "-a -b -d -e -f -i -m -o -r -R -v --all-tasks "
    "--batch --deadline --fifo --idle --max --other --rr --reset-on-fork --verbose",
    "watch": "-b -c -d -e -g -p -t -x -w -C --beep --color --differences --errexit --chgexit --precise "
             "--no-title --exec --no-wrap --no-color",
}.items()}
# xargs's -i, -e and -l take an optional value, attached only (-i{}, -lN).
_OPTIONAL_ATTACHED = {"xargs": ("-i", "-e", "-l"), "nice": ("-",)}
PRIVILEGED = frozenset({"sudo", "doas", "su", "pkexec", "run0", "runuser", "sg"})
# Wrapper options that write a file: judged as a redirection of the command they wrap.
_WRAPPER_OUTPUTS = {"strace": ("-o",), "ltrace": ("-o",), "time": ("-o", "--output")}
# Programs that run each of their operands as a shell command line.
RUNS_ARGUMENTS = frozenset({"hyperfine", "pee"})
# Options whose value a program runs as a shell command line (looked through as one).
SHELL_STRING_OPTIONS: dict[str, tuple[str, ...]] = {
    "script": ("-c", "--command"), "flock": ("-c", "--command"), "su": ("-c", "--command"),
    "runuser": ("-c", "--command"), "sg": ("-c",), "expect": ("-c",),
    "npx": ("-c", "--call"), "npm exec": ("-c", "--call"), "npm x": ("-c", "--call"),
    "nix-shell": ("--run", "--command"), "entr": ("-s",),
}

# Wrappers that run their command as another user; those not in _OPTION_ARGS take these values.
_PRIVILEGE_VALUES = {"-u", "-g", "-c", "--command"}
# Wrappers with one word before the command: a duration, a priority or cpu mask, a lock file, a user, a directory.
_ONE_POSITIONAL = frozenset({"timeout", "chrt", "taskset", "flock", "gosu", "su-exec", "direnv exec", "setarch"})
# The dynamic loader, by any of its names: ld.so, ld-linux-x86-64.so.2, ld-musl-x86_64.so.1, ld64.so.2.
LOADER = re.compile(r"ld(?:-linux[\w.-]*|-musl[\w.-]*|64)?\.so(?:\.\d+)*")


WRAPPERS: dict[str, Wrapper] = {
    name: Wrapper(frozenset(_OPTION_ARGS.get(name, _PRIVILEGE_VALUES)), _WRAPPER_FLAGS.get(name, frozenset()),
                  _OPTIONAL_ATTACHED.get(name, ()), 1 if name in _ONE_POSITIONAL else 0,
                  _WRAPPER_OUTPUTS.get(name, ()), SHELL_STRING_OPTIONS.get(name, ()), name == "setarch")
    for name in sorted(set(_OPTION_ARGS) | PRIVILEGED)
}
# The replacement string a wrapper puts each input into (`xargs -I{}`, `find -exec ... {}`): a
# shell's -c string holding it runs whatever the input holds (a file name `$(rm -rf src)`).
REPLACEMENT = "{}"
