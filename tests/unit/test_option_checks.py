"""UNREAD OPTION: an argparse option the session added that no code reads (heldout19's q06)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from smallops_tui.agent.session.option_checks import unread_options

CLI = '''import argparse

from carboot.stalls import items, line


def main(argv=None):
    parser = argparse.ArgumentParser(prog="carboot")
    parser.add_argument("--stall", help="only this seller's stall")
{added}    args = parser.parse_args(argv)
    found = items(args.stall{passed})
    for item in found:
        print(line(item))
    return 0
'''
STALLS = '''def items(stall=None, max_price=None):
    return []


def line(item):
    return str(item)
'''


def _findings(added: str, passed: str = "", stalls: str = STALLS) -> list[str]:
    before = {"carboot/cli.py": CLI.format(added="", passed="")}
    after = {"carboot/cli.py": CLI.format(added=added, passed=passed)}
    return unread_options(before, after, [*after.items(), ("carboot/stalls.py", stalls)])


def test_an_option_parsed_and_never_read_is_flagged() -> None:
    """q06's end state: the option is there, its value goes nowhere."""
    found = _findings('    parser.add_argument("--max-price", type=float, help="at or under")\n')
    assert len(found) == 1 and "--max-price" in found[0] and "args.max_price" in found[0]


def test_an_option_read_is_not_flagged() -> None:
    added = '    parser.add_argument("--max-price", type=float)\n'
    assert _findings(added, passed=", max_price=args.max_price") == []
    assert _findings(added, passed=", getattr(args, 'max_price')") == []
    assert _findings(added, passed=", **vars(args)") == []  # the whole namespace: anything may be read
    assert _findings('    parser.add_argument("-m", "--max-price", dest="ceiling")\n', passed=", args.ceiling") == []
    assert _findings('    parser.add_argument("limit", type=int)\n', passed=", args.limit") == []


def test_a_read_in_another_module_counts() -> None:
    stalls = STALLS + "\n\ndef run(args):\n    return items(args.stall, args.max_price)\n"
    assert _findings('    parser.add_argument("--max-price", type=float)\n', stalls=stalls) == []


def test_a_destination_is_named_as_argparse_names_it() -> None:
    found = _findings('    parser.add_argument("-m", "--max-price", dest="ceiling")\n')
    assert found and "args.ceiling" in found[0] and "--max-price" in found[0]
    found = _findings('    parser.add_argument("-q")\n')
    assert found and "args.q" in found[0]


def test_options_there_at_the_start_and_argparse_s_own_are_not_judged() -> None:
    before = {"cli.py": 'import argparse\np = argparse.ArgumentParser()\np.add_argument("--old")\n'}
    after = {"cli.py": before["cli.py"] + 'p.add_argument("--version", action="version", version="1")\n'}
    assert unread_options(before, after, after.items()) == []  # --old was unread before the session too


def test_a_new_file_s_options_are_all_new() -> None:
    after = {"tool.py": 'import argparse\np = argparse.ArgumentParser()\np.add_argument("--dry-run", action="store_true")\n'
                        "a = p.parse_args()\n"}
    assert "--dry-run" in unread_options({}, after, after.items())[0]


def test_code_that_does_not_parse_is_not_judged() -> None:
    after = {"carboot/cli.py": 'parser.add_argument("--x"\n'}
    assert unread_options({"carboot/cli.py": "x = 1\n"}, after, after.items()) == []


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_any_text_is_read_without_error(text: str) -> None:
    unread_options({"a.py": text}, {"a.py": text + "\nparser.add_argument('--x')\n"}, [("a.py", text)])
