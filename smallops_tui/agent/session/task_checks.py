"""What the task's own words say must hold at `done`, held against the workspace: generic checks,
not task-specific ones (a person told "done" should not have to find these out).

- STILL THERE: a file the task says to delete, remove, rename or move is still there;
- STILL DEFINED: a name the task says to rename or remove is still in the code (for a rename, the
  new name is also nowhere);
- UNTOUCHED: the task names files to change and none of them changed (a question, or a task that
  says what not to touch, asks for no change), or some did and another it asks to change did not;
- OUT OF SCOPE: a file changed that the task says is not to ("only the README should change",
  "don't touch the code", "without changing the test").

Read from the task's words with plain patterns, bounded (a few names, files of bounded size): a
check that cannot tell says nothing. The session's own NO-OP and DONE WITHOUT CHANGE cover a done
with nothing changed at all.
"""

from __future__ import annotations

import itertools
import posixpath
import re
from collections.abc import Callable, Iterable
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ..files.scanned import is_readme, records_history, scanned_texts, text_head
from ..files.workspace import PathEscape, Workspace
from .project_tests import is_test_path
from .definitions import definitions, may_remove

# Where a name in code lives: a rename's old name left in a changelog or a README is history, not code.
CODE_SUFFIXES = (".py", ".pyi", ".js", ".mjs", ".ts", ".go", ".rs", ".rb", ".java", ".c", ".h", ".cpp", ".sh")

_FILE = r"((?:[\w.-]+/)*[\w-][\w.-]*\.[A-Za-z0-9]+)"
_ARTICLE = r"(?:(?:the|a|an|old|stale|unused|legacy|file|module|script|obsolete|leftover|backup|temporary|dead)\s+){0,3}"
_GONE_VERBS = r"(?:delete|remove|rm|drop|get\s+rid\s+of|rename|move|mv|erase|discard)"
# "Delete compat.py", "remove the file tmp.log and main.py.bak", "rename utils.py to helpers.py"
_GONE_FILE = re.compile(rf"\b{_GONE_VERBS}\s+{_ARTICLE}`?{_FILE}`?((?:\s*(?:,|and)\s*{_ARTICLE}`?{_FILE}`?)*)",
                        re.IGNORECASE)
_IDENT = r"`?([A-Za-z_][A-Za-z0-9_]*)`?(?:\(\))?"
_KIND = r"(?:(?:the|a)\s+)?(?:(?:function|method|class|constant|variable|helper|attribute|field|setting|option|parameter|"\
        r"argument|keyword)\s+)?"
# What a name is, said after it: "rename the `hr` parameter to `hourly_rate`" (heldout18's g04).
_KIND_AFTER = r"(?:\s+(?:function|method|class|constant|variable|helper|attribute|field|parameter|argument|keyword))?"
# "rename get_usr to get_user", "rename the function `get_usr` to `get_user`", "rename `calc_callout`
# in pipework/rates.py to `callout_charge`" (heldout17's h09 said done with nothing renamed, unflagged:
# the place between the names hid the rename)
_PLACE = r"(?:\s+(?:in|from|inside|within|of|on)\s+(?:the\s+)?`?[\w./-]+`?(?:\s+(?:module|file|class|dataclass|namedtuple|enum|model|record|type|package|script))?)?"
_RENAME_NAME = re.compile(rf"\brename\s+{_KIND}{_IDENT}{_KIND_AFTER}{_PLACE}\s+(?:to|into|as)\s+{_IDENT}", re.IGNORECASE)
# "remove the function legacy_export", "delete `old_helper`", "remove the legacy_export function"
_REMOVE_NAME = re.compile(rf"\b(?:remove|delete|drop)\s+{_KIND}{_IDENT}(?:\s+(?:function|method|class|constant))?",
                          re.IGNORECASE)
_QUESTION = re.compile(r"^\s*(?:what|which|where|who|how|why|does|do|is|are|can|list|explain|say|tell|count|"
                       r"find out|describe|summari[sz]e|show)\b|\?\s*$", re.IGNORECASE)
VERBS = r"(?:change|modify|edit|touch|alter|write to|rewrite|update)"
ING = r"(?:changing|modifying|editing|touching|altering|rewriting|updating)"
# Every file: "do not change anything", "without modifying any files", "don't change any." Not
# "without changing any behaviour" (a refactor: `any` before a noun that is no file), nor "anything
# else" or "any other file" (the edit the task asks for is allowed): answering those refused the very
# edit the task wanted (held-out n12, m18). Nor files or anything narrowed after it ("do not change
# any files in tests/", "without changing anything it returns", "any files' names"), unless to the
# whole project ("anything in the repository").
_WHOLE = r"(?:the |this |your |our )?(?:repo|repository|project|codebase|workspace)\b(?!/)"
_CHANGE_NOTHING = re.compile(
    rf"\b(?:do not|don't|never|must not|should not|without) (?:{VERBS}|{ING}) "
    r"(?:(?:anything|any files?|any of the files|the files|files|a single file)\b"
    r"(?!'|\s+(?:else|other|besides|except|but|outside|apart|beyond)\b"
    rf"|\s+(?:in|inside|within|under|below|beneath|from|of|to|for|that|which|whose|it|they|about|related|named|"
    rf"called|matching)\b(?!\s+{_WHOLE}))|any(?=\s*(?:[.,;:!?)]|$)))"
    # Said to the assistant: "no code changes please", "make no edits", "don't make any changes",
    # "without making any changes" (heldout9's s06, a question that said "no code changes please",
    # had its file rewritten). Not a bare "no changes" or "without any changes", which describe
    # what code does ("a --dry-run flag that makes no changes", "exit 0 when there are no changes",
    # "return it without any changes"), nor "no behaviour changes" (a refactor) or "no changes to
    # the tests" (one part of it).
    r"|\b(?:make no|(?:do not|don't|never) make any|without making any)\s+(?:code\s+|file\s+)?"
    r"(?:changes|edits|modifications)(?=\s*(?:please\b|at all\b|[.,;:!?)]|$))"
    r"|\bno (?:code|file) (?:changes|edits|modifications)(?=\s*(?:please\b|at all\b|[.,;:!?)]|$))"
    r"|\bno (?:changes|edits),? please\b"
    # "please don't change any code" (heldout30's c12, a question, was held to DONE WITHOUT CHANGE).
    # Not "without changing any code" (a purpose: "so staff can set it without changing any code"),
    # nor "the code" ("don't change the code, fix the README"), nor any code somewhere or but some.
    rf"|\b(?:do not|don't|never|must not|should not) {VERBS} any code\b"
    r"(?!\s+(?:else|other|besides|except|but|outside|apart|beyond|in|inside|within|under|of|for|that|which)"
    r"\b)(?![^.!?\n]*\b(?:just|only|but|except)\b)",
    re.IGNORECASE)


def says_change_nothing(task: str) -> bool:
    """Whether the task says plainly that no file is to change (a question, most often)."""
    return bool(_CHANGE_NOTHING.search(task))


# Words that ask for a change (or for work that changes files: an install, a build). Read by
# `asks_only` (none may occur) and `verify` (a done with nothing changed is sent back).
CHANGE_WORDS = re.compile(
    r"\b(?:fix|add|rename|remove|delete|create|update|change|move|edit|write|implement|refactor|extract|replace|"
    r"insert|append|bump|set|lower|raise|drop|clean|make|support|convert|modify|alter|rewrite|generate|put|"
    r"document|introduce|adjust|correct|improve|sort|reorder|install|build|compile|commit|save|apply|format|"
    r"split|merge|restore|undo|revert|translate|port|upgrade|downgrade|pin|enable|disable|configure|"
    r"go ahead|do it|do that|do so|fill|complete|finish|handle|validate|check in|tidy|prune|trim|"
    r"get rid of|take care of)\b", re.I)
# A sentence that asks to be told: a question that begins with its question word ("how does the
# cache work", "the tests fail. Why?"), one with its verb first that ends in a question mark ("is this
# thread-safe?"), or one that begins with a word asking for an account ("list the files and say what
# this project does", the README's first command). The word must end there ("report.py is fine"
# begins with a file). A question mark alone asks nothing: a request is put as one ("Could you switch
# the logger to structlog?", "Can the parser accept tabs?"). Read and look at ask only for what
# follows them ("read app.py and explain what it does", not "read the timeout from the environment").
_TOLD = r"(?:what|which|where|who|whose|when|how|why|whether|if)(?![\w.-])"
_ACCOUNT = r"(?:list|explain|describe|summari[sz]e|count|find out)(?![\w.-])"
_SAY = rf"(?:say|tell|show|give|report)(?:\s+(?:me|us|back))?\s+{_TOLD}"
_ASKING = re.compile(
    r"^\W*(?:(?:quick question|please|so|ok|okay|hi|hey|also)\W+)*"
    r"(?:(?:can|could|would|will) you\s+(?:please\s+)?)?"
    r"(?P<ask>(?:what|which|where|who|whose|how|why)(?![\w.-])"
    r"|when\s+(?:is|are|was|were|does|do|did|will|would|can|could|has|have)(?![\w.-])"
    r"|(?:does|do|did|is|are|was|were)(?![\w.-]).*\?\W*$"
    rf"|{_ACCOUNT}|{_SAY}"
    # "Reply with exactly the word READY" (the nine's t1: a right answer stood beside DONE WITHOUT CHANGE)
    r"|(?:reply|respond|answer)(?:\s+only)?\s+with(?![\w.-])(?![^.!?;\n]*\b(?:patch|diff|fix|change|edit|commit)(?:e?s)?\b)"
    rf"|(?:read|look at|look through|go through)(?![\w.-])(?:[^.!?;:\n]|[.!?;:](?=\w))*?\b(?:and|then)\s+(?:then\s+)?"
    rf"(?:{_ACCOUNT}|{_SAY}|reply with(?![\w.-])))", re.I)
# A sentence that tells how things are ("A family has asked what the trek would cost."): it begins
# with its subject, not with a verb that could ask for work ("Switch them to logging").
_TELLING = re.compile(r"^\W*(?:a|an|the|this|that|these|those|my|our|your|its|their|i|i'm|we|we're|it|it's|there|"
                      r"there's|some|one|each|every|here|here's)(?![\w.-])", re.I)
# What makes a sentence that tells an instruction: it speaks to the assistant ("your job is to speed
# it up"), says please ("a speed-up, please"), or names what is to be done ("the goal: a speed-up").
_INSTRUCTING = re.compile(r"\byou(?:rs?|'ve|'re|'ll|'d)?\b|\bplease\b|\bis\s+to\s+[a-z]"
                          r"|\b(?:goal|task|job|aim|plan|request|todo|next step)s?\b", re.I)
# A condition ("when the user passes --quiet, suppress output"): what follows its comma must ask or tell.
_CONDITION = re.compile(r"^\W*(?:when|if|after|since|once|unless|before|given|according to)(?![\w.-])[^,]*,", re.I)
# What makes a sentence that asks or tells a request: a wish or a duty ("it should return None",
# "I want them to pass"), a suggestion or a polite request put as a question ("why don't we cache
# it?", "how about an enum?", "is it possible to speed it up?", "do you mind switching it to async?",
# "could we ...", "how do I speed it up?", "where's the leak, and can it be plugged?", "which parts
# could use pathlib?", "which tests fail once you've switched to pathlib?"), or how things are to be
# from now on ("... instead", "too", "by default").
_WANTING = re.compile(
    r"\b(?:can|could|would|will|shall|should|might|may|must)(?:n't|\s+not)?\s+(?:we|you|i|someone|somebody)\b"
    r"|\b(?:we|you|i|someone|somebody)(?:'d|'ll|\s+(?:could|would|might|can|will|shall))\b"
    r"|\b(?:don't|do not|didn't|did not)\s+(?:we|you)\b|\bhow\s+(?:do|does)\s+(?:i|we|one)\b|\bhow\s+to\b"
    r"|\b(?:do|did|would|will|are|were)\s+you\s+(?:think|mind|want|like|prefer|fancy|reckon|feel|be able|able)\b"
    r"|\b(?:should|shouldn't|must|mustn't|ought|needs?|needed|wants?|wanted|wish|hope|prefer|would like|has to|"
    r"have to|had better|supposed to|expected to|mind|could|might|suggest|recommend|propose|consider)\b"
    r"|\bcan\s+(?:it|this|that|these|those|they)\s+(?:be|go|run|get)\b|\bcan\s+be\s+\w+ed\b"
    r"|\bwhy not\b|\b(?:how|what) about\b|\bwhat if\b|\blet'?s\b|\blet (?:me|us|it|them)\b|\bany chance\b|\bfeel free\b"
    r"|\b(?:is|are|was|would|will|isn't|wouldn't)\s+(?:it|there|this|that)\s+(?:be\s+)?(?:any\s+|a\s+)?"
    r"(?:possible|way|ways|chance|worth|better|best|feasible|okay|ok|fine|alright|wise|nicer|cleaner|simpler|"
    r"easier|faster|safer|preferable)\b|\bways?\s+to\b|\bwould\s+it\s+take\b|\ban\s+option\b"
    r"|\b(?:good|bad|better|best|great)\s+idea\b|\bwould\s+be\s+(?:good|nice|great|better|best|ideal|helpful|useful|"
    r"preferable|cleaner|simpler)\b|\btime\s+(?:for|to)\b|\b(?:stop|stops|stopping|keeps?|keeping|prevents?|"
    r"preventing)\s+(?:us|you|me)\b"
    r"|\b(?:after|once|when|if|before|until|unless|as soon as)\s+(?:(?:you|we)(?:'ve|'re|'ll)?\b|[a-z]+ing\b)"
    r"|\b(?:instead|anymore|any more|no longer|by default|rather than|from now on)\b|\b(?:too|as well)\s*(?:[.,)!?]|$)",
    re.I)
# A second verb joined to the first, with its object ("explain the bug and patch it", "read app.py and
# patch calc.py", "... and hook up logging", "... and switch to pathlib", "explain how it works, then
# speed it up") or, after "then", ending the sentence ("find out why it fails, then repair."; not "the
# difference between parse and load"): the word after the joint is no word of grammar, no word asking
# for an account or looking ("... then read calc.py"), and no verb telling what something does
# ("reads", "crashed").
_GRAMMAR = (r"(?:the|a|an|it|its|they|them|their|this|that|these|those|we|you|i|he|she|my|our|your|all|some|any|each|"
            r"every|both|no|not|also|then|so|and|or|but|please|just|maybe|perhaps|what|which|where|who|whose|when|how|"
            r"why|whether|if|is|are|was|were|be|been|has|have|had|does|do|did|can|could|would|will|should|may|might|"
            r"must|in|on|at|to|from|with|by|for|of|about|into|over|under|between|after|before|since|because|until|"
            r"unless|while|as|than|like|there|here|say|tell|show|give|list|explain|describe|summari[sz]e|count|"
            r"report|reply|answer|read|look|see|open|inspect|examine|study)")
_JOINED = (r"\s*(?:(?:just|simply|also|please|then|maybe|quickly)\s+){0,3}"
           rf"(?!{_GRAMMAR}\b)(?![a-z]*(?:[^s\W]s|[^e\W]ed)\b)[a-z][\w-]*")
_THEN_DO = re.compile(
    rf"(?:[,&+|\u2013\u2014]|\s[-/]\s|\b(?:and|then|so|but|or|plus)\b){_JOINED}\s+(?:(?:up|down|out|off|away|back)\b|"
    r"to\s|(?:(?:in|on|over|through|around|with)\s+)?(?:(?:it|them|this|that|these|those|the|a|an|its|their|all|every|each|"
    r"any|some|my|our|your|both)\b|`|[\w./-]+\.[A-Za-z]\w*\b|\w+\(\)))"
    rf"|(?:[,&+|\u2013\u2014]\s*|\s[-/]\s*|\b)(?:then|so)\b{_JOINED}\s*(?:[.!?]|$)", re.I)
# Where an account would be written down ("describe the flag in the README", "list the options in
# docs/cli.md", "explain it in a comment", "describe each option in the help"): a change, however it
# begins.
_WRITTEN_DOWN = re.compile(r"\b(?:in|into|to)\s+(?:the\s+|a\s+|its\s+)?(?:readme|changelog|docs?\b|docstrings?|"
                           r"comments?|(?:--)?help\b|usage\b|[\w./-]+\.(?:md|rst|txt|toml|cfg|ini|json|ya?ml))",
                           re.I)


# A name in code is no request, whatever its word: "what does `add` return?", "what does add(2, 3)
# give?", "what does the function add in math.py return?", "what does add in math.py return?", "what
# does --fix do?". Masked before the task's words are searched for a change.
_CODE_NAME = re.compile(r"`[^`\n]*`|\b[A-Za-z_]\w*(?=\()|\b(?:function|method|class|command|option|flag)\s+[A-Za-z_]\w*"
                        rf"|\b[A-Za-z_]\w*(?=\s+in\s+`?{_FILE}(?![\w/-]))|(?<![\w-])--?[A-Za-z][\w-]*", re.I)


def _asks_or_tells(sentence: str, condition: bool = True) -> tuple[bool, bool]:
    """(asks, asks or tells) of one sentence, read strictly (see `asks_only`)."""
    if (asked := _ASKING.search(sentence)) is not None:
        at = asked.start("ask")
        plain = not _WANTING.search(sentence, at) and not _THEN_DO.search(sentence, at)
        return plain, plain
    if condition and (cond := _CONDITION.search(sentence)) is not None:
        if _WANTING.search(sentence, 0, cond.end()):
            return False, False
        return _asks_or_tells(sentence[cond.end():].strip(), condition=False)
    return False, bool(_TELLING.search(sentence)) and not _WANTING.search(sentence) \
        and not _INSTRUCTING.search(sentence) and not _THEN_DO.search(sentence)


def asks_only(task: str) -> bool:
    """Whether the task only asks to be told something: it says to change nothing, or no word in it
    asks for a change and each sentence either asks (a question, "list the files and say what this
    project does", "explain how the cache is invalidated") or tells how things are. Read strictly,
    as a task it misread would be offered no edit: "describe the flag in the README", "why is it
    slow? Speed it up.", "Switch them to logging.", "Could you switch the logger to structlog?", "What
    does parse() return? It should return None." and "Explain the bug and patch it." are not."""
    if says_change_nothing(task):
        return True
    if len(task) > 4_000 or CHANGE_WORDS.search(_CODE_NAME.sub("NAME", task)) or _WRITTEN_DOWN.search(task):
        return False
    read = [_asks_or_tells(s.strip()) for s in _sentences(task)]
    return any(asks for asks, _ in read) and all(either for _, either in read)


# What the task says not to change, beside every file: files it names ("don't change service.py"),
# and the tests. The one reading for `handsoff` (an edit of such a file is answered), `verify` and
# the checks at done (UNTOUCHED, OUT OF SCOPE).
_ONE = re.compile(rf"\b(?:do not|don't|never|must not|without) (?:{VERBS}|{ING}) (?:the file )?[`'\"]?"
                  r"([\w./-]+\.\w+)[`'\"]?", re.I)
# The tests: "leave the test itself as it is", "don't touch the tests", "without changing any test"
# (held-out p01: asked to fix the code a failing test names and to leave the test as it is, the model
# rewrote the test).
_TESTS = re.compile(rf"\b(?:(?:do not|don't|never|must not|should not|without) (?:{VERBS}|{ING}) "
                    r"(?:the |any |a |its |their |those )?(?:unit ?)?tests?\b"
                    r"|leave (?:the |its |their |those )?(?:unit ?)?tests? (?:(?:itself|themselves|file|files) )?"
                    r"(?:as (?:it is|they are)|unchanged|alone|untouched)"
                    r"|\btests? (?:files? )?(?:must|should|may) not (?:be )?(?:change|edit|touch|modif)\w*)"
                    # "fix the code rather than the test" (heldout7's q01, after its run)
                    r"|\b(?:rather than|not|instead of) (?:the |its |their )?(?:unit ?)?tests?\b(?! (?:pass|fail|run))",
                    re.I)
_LEAVE = re.compile(r"\bleave [`'\"]?([\w./-]+\.\w+)[`'\"]? (?:as it is|unchanged|alone|untouched)", re.I)


@dataclass(frozen=True)
class HandsOff:
    every_file: bool
    files: frozenset[str]
    tests: bool = False  # the project's test files (test_*.py, *_test.py, anything in a tests/ folder)

    def covers(self, path: str) -> bool:
        path = posixpath.normpath(path)
        return self.every_file or path in self.files or (
            self.tests and is_test_path(path))


def hands_off(task: str) -> HandsOff | None:
    """What the task says not to change (every file, the tests, or files it names), None when it says
    nothing."""
    every = asks_only(task)
    files = frozenset(posixpath.normpath(m.group(1)) for pattern in (_ONE, _LEAVE) for m in pattern.finditer(task))
    tests = bool(_TESTS.search(task))
    return HandsOff(every, files, tests) if every or files or tests else None


# Words that look like identifiers after "remove" but are not names in code.
_NOT_NAMES = frozenset({"the", "a", "an", "all", "any", "it", "them", "this", "that", "these", "those", "every", "each",
                        "unused", "dead", "debug", "print", "prints", "comment", "comments", "line", "lines", "file",
                        "files", "code", "function", "functions", "import", "imports", "trailing", "blank", "duplicate",
                        "old", "legacy", "stale", "extra", "whitespace", "spaces", "tabs", "todo", "todos"})


@dataclass(frozen=True)
class TaskFinding:
    kind: Literal["still_there", "still_defined", "untouched", "out_of_scope"]
    text: str


def spelled_files(text: str) -> list[str]:
    """The file paths a text spells out (`cellar/blending.py`, `README.md`)."""
    return re.findall(rf"(?<![\w./-]){_FILE}(?![\w/-])", text)


# "The old scoring module (regatta/oldscoring.py) isn't used any more. Please remove it." (heldout21's
# s05): the file is named in one sentence as unused, and the next says to remove "it". Read only so:
# in "There's a debug print in app.py. Please remove it." it is the print.
_UNUSED = re.compile(r"\b(?:is\s*n[o']t|is\s+not|are\s*n[o']t|no\s+longer)\s+(?:used|needed|imported|called)\b|\bunused\b"
                     r"|\bobsolete\b|\bdead\s+code\b|\bnot\s+needed\b|\bredundant\b", re.IGNORECASE)
_A_FILE = re.compile(r"\b(?:module|file|script)s?\b", re.IGNORECASE)
_A_PART = re.compile(r"\b(?:function|helper|class|method|line|print|comment|constant|variable|import|option|flag|"
                     r"test|section|key|setting|field|parameter|argument)s?\b", re.IGNORECASE)
_REMOVE_IT = re.compile(rf"^\W*(?:(?:please|so|just|can\s+you|could\s+you)\s+)*(?:{_GONE_VERBS})\s+(?:it|that|them)\b",
                        re.IGNORECASE)


# What may follow a file the task removes, for the file itself to go: the clause's end, another item
# of a list, or words of how or why ("remove old.py from the repo", "delete it entirely, nothing uses
# it"); not a part of it ("main.py's unused import", "the settings.py DEBUG flag", "the README.md
# badges"), the file from something ("utils.py from the imports") or a condition ("if nothing is left").
_GONE_END = re.compile(r"`?(?:\s*(?:[.,;:!?)]|$)|\s+(?:and|or|too|also|as\s+well|entirely|completely|altogether|"
                       r"for\s+good|since|because|now|outright|—|–|-|(?:along|together)\s+with|with\s+(?:its|their|the)|"
                       r"to|into|as|under|from\s+(?:the|this|our)\s+(?:repo|repository|project|folder|directory|codebase|"
                       r"tree|workspace|package)\b)\b)", re.IGNORECASE)
# A file the task keeps: "don't delete utils.py; just remove …", "do not remove settings.py, only …".
_KEPT_BEFORE_VERB = re.compile(r"\b(?:don't|do\s+not|never|no\s+need\s+to|not|without|instead\s+of)\s+(?:\w+\s+)?$",
                               re.IGNORECASE)


def files_to_be_gone(task: str) -> list[str]:
    """The files the task says to delete, remove, rename or move (their old names)."""
    gone: list[str] = []
    for match in _GONE_FILE.finditer(task):
        if not _GONE_END.match(task, match.end(1) if not match.group(2) else match.end()) \
                or _KEPT_BEFORE_VERB.search(task[max(0, match.start() - 40):match.start()]):
            continue  # a part of the file goes ("main.py's import", "the settings.py DEBUG flag"), or it stays
        gone.append(match.group(1))
        gone.extend(f for f in spelled_files(match.group(2) or ""))
    sentences = _sentences(task)
    for sentence in sentences:
        gone.extend(_listed_with(sentence))
    for before, sentence in itertools.pairwise(sentences):
        named = spelled_files(before)
        if len(named) == 1 and _UNUSED.search(before) and _REMOVE_IT.search(sentence) \
                and _A_FILE.search(before) and not _A_PART.search(before):
            gone.append(named[0])
    return list(dict.fromkeys(gone))


# A command removed by its module ("remove the deprecated `python -m yachts.oldlist` command", "Remove
# python -m tools.sync."): its file goes. Only an article or a word of age before it, and no word
# after it that makes it a part of something else ("the `python -m rope.order` line of the README").
_GONE_COMMAND = re.compile(rf"\b{_GONE_VERBS}\s+{_ARTICLE}(?:deprecated\s+|old\s+)?`?python3?\s+-m\s+"
                           r"([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)`?(?![\w`]|\.\w|`?\s+(?:line|example|call|usage|output|section|"
                           r"entry|mention|docs?)\b)", re.IGNORECASE)
# What else a removal of a file or command takes with it, listed right after it: "… together with
# its test, the old fleet.txt, and …" (heldout31's i10 kit: fleet.txt and the command's module kept,
# unflagged). Not "as well as" or "plus": those list other files a change reaches ("rename total in
# cart.py as well as invoice.py").
_WITH_IT = re.compile(r"\b(?:together|along)\s+with\b", re.IGNORECASE)
# A file named as where a part goes from ("remove the print from app.py"), or one kept: not gone.
_PART_OF = re.compile(r"\b(?:from|in|of|inside|within|into|to|at|on|keep|keeping|leave|leaving|except|but|not)\s+"
                      rf"{_ARTICLE}`?$", re.IGNORECASE)
_ITS_TESTS = re.compile(r"\b(?:its|their|the)\s+(?:unit\s+)?tests?\b", re.IGNORECASE)
_LOOK_BACK = 60  # characters before a listed file read for what it is (a list of thousands stays linear)


def _listed_with(sentence: str) -> list[str]:
    """The files a sentence that removes a file or a command takes with it: the command's module, the
    files listed after "together with" or "along with" that follows it directly (no other verb
    between), and, where it says "its test", the removed module's test file (tests/test_<name>.py,
    as the project may hold it)."""
    commands = list(_GONE_COMMAND.finditer(sentence))
    removed = commands or list(_GONE_FILE.finditer(sentence))
    found = [match.group(1).replace(".", "/") + ".py" for match in commands]
    if not removed:
        return found
    listed = _WITH_IT.search(sentence, removed[0].end())
    if listed is None or _ASKS_CHANGE.search(sentence[removed[0].end():listed.start()]):
        return found
    # "… along with everything that uses or mentions it (the CLI, its tests, the README)": what
    # uses it changes, it does not go (heldout7's q10).
    tail = re.split(r"\b(?:every|any)(?:thing|where|one)\b|\ball\s+(?:that|which|the\s+code)\b", sentence[listed.end():],
                    maxsplit=1, flags=re.IGNORECASE)[0]
    found += [m.group(1) for m in re.finditer(rf"(?<![\w./-]){_FILE}(?![\w/-])", tail)
              if not _PART_OF.search(tail[max(0, m.start() - _LOOK_BACK):m.start()])]
    if _ITS_TESTS.search(tail):
        modules = [m.group(1).replace(".", "/") + ".py" for m in commands] + \
                  [m.group(1) for m in removed if not commands and m.group(1).endswith(".py")]
        for module in modules:
            stem = posixpath.basename(module)[:-3]
            found += [f"tests/test_{stem}.py", f"test/test_{stem}.py", f"test_{stem}.py", f"tests/{stem}_test.py"]
    return found


def still_there(task: str, existed: Callable[[str], bool], exists: Callable[[str], bool]) -> list[TaskFinding]:
    found = []
    for rel in files_to_be_gone(task):
        if existed(rel) and exists(rel):
            found.append(TaskFinding("still_there", f"{rel}, which the task says to delete, rename or move, is still there"))
    return found


def _code_like(name: str, spelled: str) -> bool:
    """A plain word is a name in code only when it looks like one (snake_case, camelCase, ALL_CAPS,
    backticked, called) or the task says what it is ("the function calc"): "rename the project to
    minicalc" is about prose."""
    return ("_" in name or "`" in spelled or "()" in spelled or re.search(r"[a-z][A-Z]", name) is not None
            or (name.isupper() and len(name) > 1)
            or re.search(r"\b(?:function|method|class|constant|variable|parameter|argument)\b", spelled, re.IGNORECASE)
            is not None)


# "it" for the one name in code the sentence before names: "price_job() in letterpress/pricing.py
# has been deprecated for ages. Please remove it …", "… so STEAM_SECS in hats/blocking.py needs to go
# from 30 to 45. While you're at it, rename it STEAM_SECONDS" (heldout25's j06, heldout26's l02).
_REMOVE_PRONOUN = re.compile(r"^\W*(?:(?:please|so|just|and|then|also|can\s+you|could\s+you)\s+)*(?:remove|delete|drop)\s+"
                             r"(?:it|that)\b", re.IGNORECASE)
_RENAME_PRONOUN = re.compile(r"\brename\s+(?:it|that)\s+(?:(?:to|as)\s+)?(?:`([A-Za-z_]\w*)`|([A-Za-z_]\w*)(?![\w\"'.]))",
                             re.IGNORECASE)
# Names of formats and files written in capitals are no names in code ("The JSON that … prints").
_ACRONYMS = frozenset({"JSON", "CSV", "TSV", "HTML", "XML", "URL", "API", "CLI", "README", "TOML", "YAML", "INI",
                       "PDF", "SQL", "HTTP", "HTTPS", "UTF", "ASCII", "CI", "OK", "TODO", "ID", "UI"})
_NAME_IN_CODE = re.compile(r"`([A-Za-z_]\w*)(?:\(\))?`|(?<![\w./-])([A-Za-z_]\w*)\(\)|(?<![\w./-])([A-Za-z_]\w*)(?![\w./-])")


def _one_name(sentence: str) -> str | None:
    """The one name in code a sentence names (written as code: backticked, called, snake_case,
    camelCase, ALL_CAPS), not a file; None for none or several."""
    names = []
    for match in _NAME_IN_CODE.finditer(sentence):
        name = next(group for group in match.groups() if group)
        if name.lower() in _NOT_NAMES or name in _ACRONYMS or not _code_like(name, match.group(0)) or len(name) < 2:
            continue
        names.append(name)
    names = list(dict.fromkeys(names))
    return names[0] if len(names) == 1 else None


def _pronoun_names(task: str) -> list[tuple[str, str | None]]:
    """(old name, new name or None) for "remove it" / "rename it NEW" after a sentence naming one name."""
    found: list[tuple[str, str | None]] = []
    for before, sentence in itertools.pairwise(_sentences(task)):
        renamed = _RENAME_PRONOUN.search(sentence)
        if not renamed and not _REMOVE_PRONOUN.search(sentence):
            continue
        old = _one_name(before)
        if old is None:
            continue
        new = (renamed.group(1) or renamed.group(2)) if renamed else None
        if renamed and new is None:
            continue  # renamed to a quoted string (a key, a label): not a name in code
        if new is not None and (new.lower() in _NOT_NAMES or new.lower() in ("to", "as") or new == old):
            continue
        found.append((old, new))
    return found


def names_to_be_gone(task: str) -> list[tuple[str, str | None]]:
    """(old name, new name or None) the task says to rename or remove, as identifiers."""
    found: list[tuple[str, str | None]] = [(old, new) for new, old in code_renames(task)[0].items()]
    found += [pair for pair in _pronoun_names(task) if pair[0] not in {old for old, _ in found}]
    renamed = {old for old, _ in found}
    for match in _REMOVE_NAME.finditer(task):
        name = match.group(1)
        if name.lower() in _NOT_NAMES or name in renamed:
            continue
        tail = task[match.end(): match.end() + 1]
        if tail == "." and re.match(r"\.[A-Za-z0-9]", task[match.end(): match.end() + 2]):
            continue  # a file name (compat.py), not a name in code
        if not _code_like(name, match.group(0)):
            continue
        quoted = task[match.start(1) - 1:match.start(1)] == "`"
        if quoted and " " in task[match.start(1):(task.find("`", match.start(1)) + 1 or len(task))]:
            continue  # a command quoted whole ("remove the `python -m tools.sync` command"), not a name
        found.append((name, None))
    return found[:6]


def code_renames(task: str) -> tuple[dict[str, str], str]:
    """({new name: old name} of the renames of names in code the task asks for, the task with those
    renames blanked out): what else it asks can then be read on its own ("rename a to b and drop c")."""
    renames: dict[str, str] = {}
    rest = task
    for match in _RENAME_NAME.finditer(task):
        old, new = match.group(1), match.group(2)
        if old.lower() in _NOT_NAMES or new.lower() in _NOT_NAMES or not _code_like(old, match.group(0)):
            continue
        renames[new] = old
        rest = rest[:match.start()] + " " * (match.end() - match.start()) + rest[match.end():]
    return renames, rest


# A command-line option the task asks to remove: "Remove the `--legacy` flag", "Take the `--fax`
# option out of `python -m rope.order`" (heldout30's c10 kit: only the README changed, unflagged).
# "remove the --fax option", "take out the live exchange-rate feature (`--live` on `python -m trip.money`)"
# (heldout32's aa10 kit: the README alone changed, --live still declared, unflagged).
_REMOVE_OPTION = re.compile(
    r"\b(?:remove|delete|drop|retire|get rid of|take\s+out|take\s+away)\s+(?:(?:the|its|our|that|this)\s+)?"
    r"(?:(?:dead|old|unused|obsolete|legacy|deprecated)\s+)?"
    r"(?:(?:[\w-]+\s+){0,3}(?:feature|option|flag|switch|mode|support)\s*\(\s*)?`?(--[A-Za-z][\w-]*)`?"
    r"|\btake\s+(?:(?:the|its|our|that|this)\s+)?`?(--[A-Za-z][\w-]*)`?\s+(?:(?:option|flag|switch)\s+)?out\b",
    re.IGNORECASE)


_FROM_DOCS = re.compile(r"[^.!?\n]{0,40}?\bfrom\s+(?:the\s+)?(?:readme|docs?|documentation|usage|example|help)\b",
                       re.IGNORECASE)
_OPTION_STAYS = re.compile(r"\b(?:option|flag|switch)\s+(?:itself\s+)?(?:stays|remains|is kept|should stay)\b", re.IGNORECASE)


def options_left(task: str, workspace: Workspace, files: list[str]) -> list[TaskFinding]:
    """STILL DEFINED for an option the task asks to remove that the code, outside its tests, still
    declares (`add_argument("--fax", …)`, `click.option("--fax")`), unless only its mention in the
    docs is to go or the task keeps the option."""
    wanted = list(dict.fromkeys(m.group(1) or m.group(2) for m in _REMOVE_OPTION.finditer(task)
                                if not _FROM_DOCS.match(task, m.end())))[:4]
    if not wanted or _OPTION_STAYS.search(task):
        return []
    texts = list(code_sources(workspace, [rel for rel in files if not is_test_path(rel)]))
    found = []
    for option in wanted:
        # Declared, not merely spelled: `if "--fax" in argv: sys.exit("--fax was removed")` is the removal.
        declared = re.compile(rf"""(?:add_argument|add_option|option|Option)\((?:[^)]*?,\s*)?["']{re.escape(option)}["']""")
        where = [rel for rel, text in texts if declared.search(text)]
        if where:
            found.append(TaskFinding("still_defined", f"{option}, which the task says is to be removed, is still in {_some(where)}"))
    return found


def code_sources(workspace: Workspace, files: Iterable[str]) -> Iterable[tuple[str, str]]:
    """(path, text) of the first SCANNED_FILES (files/scanned.py) code files among `files` (their heads), unreadable ones
    skipped. Code files are picked before the bound, so a tree of many other files does not hide them
    (shared with kept_checks.py, where a file not read would make its definitions look gone)."""
    return scanned_texts(workspace, (f for f in files if f.endswith(CODE_SUFFIXES)))


def _documents(workspace: Workspace, files: Iterable[str]) -> Iterable[tuple[str, str]]:
    """(path, text) of the documentation among `files` (README and .md/.rst/.txt/.adoc files), the
    history files left out: a rename half done in the README's examples is half done (heldout22's
    e03 kit: `BirdRecord` renamed in the code and the tests, the README example left)."""
    return scanned_texts(workspace, (rel for rel in files if (rel.lower().endswith(_DOCS_SUFFIXES) or is_readme(rel))
                                     and not records_history(rel)))


_RECORDS_CHANGE = re.compile(r"\b(?:was|were|has been|have been|got)\s+(?:removed|deleted|dropped|renamed|replaced)\b"
                             r"|\b(?:formerly|previously|used to be|no longer)\b", re.IGNORECASE)


def _named_unrecorded(pattern: re.Pattern[str], text: str) -> bool:
    """Whether a line names the name, other than one recording its change (with the next line: a
    docstring's sentence runs on)."""
    lines = text.splitlines()
    return any(pattern.search(line) and not _RECORDS_CHANGE.search(" ".join(lines[at:at + 2]))
               for at, line in enumerate(lines))


_DATA_COLUMNS = re.compile(r"\bcolumns?\b|\bheaders?\b|\.(?:csv|tsv)\b", re.IGNORECASE)


def still_defined(task: str, workspace: Workspace, files: list[str]) -> list[TaskFinding]:
    wanted = names_to_be_gone(task)
    if not wanted:
        return []
    texts = list(code_sources(workspace, files))
    # A rename: its old name in the documentation is left over too.
    documents = list(_documents(workspace, files)) if any(new for _, new in wanted) else []
    found = []
    for old, new in wanted:
        pattern = re.compile(rf"(?<![\w.]){re.escape(old)}(?!\w)")
        # A line that records the change names the old name rightly ("(The deprecated price_job() was
        # removed in 1.9.)", a right answer of heldout25's j06 kit).
        # A renamed field's old name as a data key (`r['wt']`, `row.get("wt")`) is the data's column,
        # which the task does not rename (a review: the CSV keeps its "wt" header).
        keyed = re.compile(rf"""(?:\[\s*|\.get\(\s*)(["']){re.escape(old)}\1""") if new else None
        where = [rel for rel, text in texts
                 if _named_unrecorded(pattern, keyed.sub("", text) if keyed is not None else text)]
        # In a document, a line that names the new name beside the old records the rename ("`Raptor`
        # (called `BirdRecord` before 2.0)", a right answer of heldout22's e03 kit); one that speaks of
        # a data file's columns names the column.
        where += [rel for rel, text in (documents if new else [])
                  if any(pattern.search(line) and (new is None or new not in line) and not _DATA_COLUMNS.search(line)
                         for line in text.splitlines())]
        if where:
            verb = "renamed" if new else "removed"
            places = ", ".join(where[:3]) + (f" and {len(where) - 3} more" if len(where) > 3 else "")
            found.append(TaskFinding("still_defined", f"{old}, which the task says is to be {verb}, is still in {places}"))
        elif new and not any(re.search(rf"(?<![\w.]){re.escape(new)}(?!\w)", text) for _, text in texts):
            found.append(TaskFinding("still_defined", f"{new}, the task's new name for {old}, is nowhere in the code"))
    return found


# Words before a file that make it where something comes from, not a file to change: "copy the
# header from a.py", "the same way as cli.py", "to match settings.py".
_SOURCE_BEFORE = re.compile(
    r"\b(?:from|like|cop(?:y|ies|ying)|match(?:es|ing)?|same (?:as|way as)|based on|according to|mirror(?:s|ing)?|"
    r"in sync with|reads?)\s+(?:[\w`'\"()-]+\s+){0,5}[`'\"]?$", re.IGNORECASE)
# Words before a file that make it one the program reads, or one to keep working as it is: "always
# reads batches.csv", "keep using batches.csv", "our existing lost_property.csv" (heldout24's kit).
_KEPT_BEFORE = re.compile(r"\b(?:reads?|keeps? (?:on )?using|existing|fall(?:s|ing)? back (?:on|to))\s+"
                          r"(?:[\w`'\"()-]+\s+){0,3}[`'\"]?$", re.IGNORECASE)
# A command the task quotes, up to a file it names on the same line: the file is the command's
# argument, what it reads ("The stock list from `python -m modelrail.stock stock.csv` puts …",
# heldout25's j01 kit: three right answers flagged UNTOUCHED for the CSV, a flag verify sends back).
_COMMAND_BEFORE = re.compile(r"(?:^|[\s`'\"(])(?:python3?|py|uv run|pipx run|\.?/?[\w./-]+\.(?:py|sh))"
                             r"(?:[ \t]+-m[ \t]+[\w.]+)?(?:[ \t]+(?:-[^\s`'\"]*|[^\s`'\"]*[./=\d][^\s`'\"]*)){0,6}[ \t]+$",
                             re.IGNORECASE)  # options and paths between, not words ("… data.csv and fix …")
_DOCS_SUFFIXES = (".md", ".rst", ".txt", ".adoc")


def _naming(rel: str) -> re.Pattern[str]:
    """`rel` spelled out in a text as a whole path (not the tail of a longer one)."""
    return re.compile(rf"(?<![\w./-]){re.escape(rel)}(?![\w/-])")


def _as_source(task: str, rel: str) -> bool:
    """Whether the task names `rel` as a source each time it names it."""
    places = [m.start() for m in _naming(rel).finditer(task)]
    return bool(places) and all(_SOURCE_BEFORE.search(task[max(0, at - 80):at]) for at in places)


def _as_kept(task: str, rel: str) -> bool:
    """Whether the task names `rel` each time as a file the program reads or one to keep as it is."""
    places = [m.start() for m in _naming(rel).finditer(task)]
    return bool(places) and all(_KEPT_BEFORE.search(task[max(0, at - 60):at]) for at in places)


def _as_argument(task: str, rel: str) -> bool:
    """Whether the task names `rel`, a file that is not code, each time as an argument of a command
    it quotes (`python -m modelrail.stock stock.csv`)."""
    if rel.endswith(CODE_SUFFIXES):
        return False  # `python fix.py` names the script: it may well be the file to change
    places = [m.start() for m in _naming(rel).finditer(task)]
    return bool(places) and all(_COMMAND_BEFORE.search(task[task.rfind("\n", 0, at) + 1:at]) for at in places)


def _reference_only(changed: set[str], left: list[str]) -> bool:
    """Only documentation or tests changed, and the files left alone are code: a task to document
    or test code names that code to be read ("the Usage section no longer matches cli.py")."""
    return all(rel.endswith(_DOCS_SUFFIXES) or is_test_path(rel) for rel in changed) \
        and all(rel.endswith(CODE_SUFFIXES) and not is_test_path(rel) for rel in left)


# A sentence that asks for a change: the files it names are to change ("room_rolls() in rooms.py
# should accept the same argument"); one that only tells ("harvests.csv has two September takes")
# names a file as evidence.
_ASKS_CHANGE = re.compile(
    r"\b(?:please|should|must|needs? to|has to|add|update|change|set|make|fix|edit|rename|move|remove|delete|write|"
    r"create|put|insert|replace|raise|lower|bump|document|describe|mention|explain|accept|pass|extend|convert|switch|"
    r"use)\b",
    re.IGNORECASE)
_SENTENCE = re.compile(r"(?:[^.!?;:\n]|[.!?;:](?=\w))+(?:[.!?;:]|\n|$)")


# A test file named as what is to pass ("fix slugify so that the tests in tests/test_slug.py pass").
_TO_PASS = re.compile(r"\b(?:pass(?:es|ing)?|fail(?:s|ing|ed)?|succeed(?:s|ing)?|green|break(?:s|ing)?)\b", re.IGNORECASE)


def asked_to_change(task: str, rel: str) -> bool:
    """Whether a sentence of the task that names `rel` asks for a change of it: the sentence's first
    file, in a sentence that asks for a change, or a later one with a verb of change just before
    it ("… and document it in README.md"), not one named as input ("… with the prices listed in
    supplier.csv"). Of a test file, not only that it pass."""
    pattern = _naming(rel)
    test = is_test_path(rel)
    for sentence in _sentences(task):
        found = pattern.search(sentence)
        if not found or not _ASKS_CHANGE.search(sentence) or (test and _TO_PASS.search(sentence)):
            continue
        first = re.search(rf"(?<![\w./-]){_FILE}(?![\w/-])", sentence)
        if (first is not None and first.start() == found.start()) \
                or _ASKS_CHANGE.search(" ".join(sentence[:found.start()].split()[-4:])):
            return True
    return False


def _sentences(task: str) -> list[str]:
    """The task's sentences and clauses (a colon or semicolon ends one); a file's dot (rolls.py) ends none."""
    return [m.group(0) for m in _SENTENCE.finditer(task) if m.group(0).strip()]


# A task that asks for tests of a file it names ("Nothing tests the express surcharge in
# pressing/prices.py. Please add tests for it"): the tests are what changes, not the file.
_ASKS_FOR_TESTS = re.compile(r"\b(?:add|write|create|cover\s+it\s+with|needs?)\s+(?:(?:a|an|some|more|unit|new|the)\s+)*"
                             r"(?:unit)?tests?\b(?!\s*(?:command|target|script|step|job|runner|workflow|dependenc|extra|"
                             r"requirement|data|fixture|environment|config|settings|section))", re.IGNORECASE)


def missing_tests(task: str, changed: set[str]) -> list[TaskFinding]:
    """The task asks for tests, something changed, and no test file did: the code may be right, the
    tests asked for are not there (heldout17's h11 kit: `cords()` added, "and add a unittest for it
    to tests/test_volume.py" left undone, under a done that no check spoke to)."""
    if not changed or any(is_test_path(rel) for rel in changed) or not _ASKS_FOR_TESTS.search(task) \
            or _QUESTION.search(task) or says_change_nothing(task):
        return []
    return [TaskFinding("untouched", "the task asks for tests, and no test file changed or was made")]


# Where a value is, said of a file in passing: "A hedgehog at or over the release weight in
# rescue.ini should be on the release list" (heldout29's kit: every right answer fixed the code and
# was flagged UNTOUCHED for rescue.ini). A verb of change before it asks for it ("set the limit in
# config.ini to 5"); "the default in settings.ini should be 5" is read so too, and goes unflagged.
_LOCATED = re.compile(r"\b(?:in|from)\s+[`'\"]?$", re.IGNORECASE)

# What is kept in one place: one of the files the task names is that place, and stays as it was
# ("TOKEN_PENCE is set separately in fest/pricelist.py and fest/takings.py … define it in one place
# only and have both modules use that": heldout29's kit, a right answer importing it from pricelist.py).
_ONE_PLACE = re.compile(r"\b(?:in\s+one\s+place|one\s+(?:single\s+)?(?:copy|place|home|definition)|single\s+"
                        r"(?:copy|place|definition|source)|only\s+once|de-?duplicate)\b", re.IGNORECASE)


def _as_location(task: str, rel: str) -> bool:
    """Whether every sentence naming a (non-code) file names it as where something is ("the release
    weight in rescue.ini"), with no verb of change before it in the sentence."""
    pattern = _naming(rel)
    found_any = False
    for sentence in _sentences(task):
        for found in pattern.finditer(sentence):
            found_any = True
            before = sentence[:found.start()]
            if not _LOCATED.search(before) or _ASKS_CHANGE.search(before):
                return False
    return found_any


def untouched(task: str, existed: Callable[[str], bool], changed: set[str],
              asked: frozenset[str] = frozenset()) -> list[TaskFinding]:
    """None of the files the task names changed; or some did and others it names, which the
    session had, did not (heldout12's v02: rolls_needed() in rolls.py got the new argument, and
    room_rolls() in rooms.py, which "should accept the same argument and pass it on", did not).
    `asked`: files another reading of the task found it asks to change (`readme_spelled`)."""
    if _QUESTION.search(task) or says_change_nothing(task):
        return []
    gone = set(files_to_be_gone(task))  # STILL THERE speaks for those
    spelled = set(spelled_files(task))
    # A test the task keeps as it is is the one to pass, not one to change (heldout8's r08,
    # heldout9's s08, heldout10's t09: "without changing the test", whose reference solutions
    # UNTOUCHED had flagged).
    limit = hands_off(task)
    kept = limit is not None and limit.tests
    named = [rel for rel in dict.fromkeys(spelled_files(task))
             if existed(rel) and rel not in gone and not (kept and is_test_path(rel))]
    if not named or not changed:
        return []  # nothing named, or nothing changed (DONE WITHOUT CHANGE)
    if not changed & (spelled - gone):  # a file gone, as asked, is STILL THERE's to judge
        if _ASKS_FOR_TESTS.search(task) and any(is_test_path(rel) for rel in changed):
            return []  # the file named is what the new tests are about (heldout19's q09)
        # A file named only as what is read or kept working is no file to change (heldout24's kit:
        # "always reads batches.csv … keep using batches.csv", "our existing lost_property.csv has
        # to keep working": four right answers flagged, and sent back to the model by `verify`).
        # A data file (not code) counts where a sentence asks for it to change: one named as evidence
        # ("… doesn't list our dance on the 31st, even though it's in dances.csv. Please fix it.",
        # heldout26's l05 kit: all three right answers, which fixed the code, were flagged).
        to_change = [rel for rel in named if not _as_kept(task, rel) and not _as_argument(task, rel)
                     and (rel.endswith(CODE_SUFFIXES) or rel in asked
                                                         or (asked_to_change(task, rel) and not _as_location(task, rel)))]
        if not to_change:
            return []
        return [TaskFinding("untouched", f"none of the files the task names ({', '.join(to_change[:4])}) changed")]
    touched = [rel for rel in named if rel in changed]
    left = [rel for rel in named if rel not in changed and not _as_source(task, rel) and not _as_argument(task, rel)
            and (rel in asked or asked_to_change(task, rel))]
    if not touched or not left or _reference_only(changed, left) or _ONE_PLACE.search(task):
        return []
    return [TaskFinding("untouched", f"{', '.join(left[:4])}, which the task names, did not change "
                                     f"(of the files it names, only {', '.join(touched[:4])} did)")]


# Words that ask for work beyond the files a task names ("and update every caller", "everywhere it's
# used", "add tests"): the named files changed say nothing then of the task being complete.
_BEYOND_NAMED = re.compile(r"\b(?:every\w*|all|each|any|callers?|usages?|uses|used|wherever|throughout|other|"
                           r"tests?|docs?|documentation|also|too|then)\b", re.IGNORECASE)


def named_files_done(task: str, baseline_paths: set[str], changed: set[str]) -> bool:
    """Whether the task names the files it is about and each has changed: at least one code file
    among them, all there at the start (a file it names that is not there may be one it says must
    not appear), none read as a source or kept, and no word asking for work beyond them, for
    moving, removing or replacing, or for files to go. Read strictly, as the model is then told the
    task may be complete: an attacker's review found "in cli.py and loader.py" read as cli.py only,
    and "document it in README.md" done with the README alone, in a first version."""
    if asks_only(task) or says_change_nothing(task) or files_to_be_gone(task) or may_remove(task) \
            or _BEYOND_NAMED.search(task):
        return False
    limit = hands_off(task)
    named = [rel for rel in dict.fromkeys(spelled_files(task))
             if not (limit is not None and limit.covers(rel)) and not _as_source(task, rel)]
    if not named or not all(rel in baseline_paths for rel in named):
        return False
    if not any(rel.endswith(CODE_SUFFIXES) and not is_test_path(rel) for rel in named):
        return False
    return all(rel in changed for rel in named)


# OUT OF SCOPE: what the task says may change, held against what did. "Only the README should
# change" with scoring.py edited (heldout12's v12, whose done said "The README.md now describes
# …" over an untouched README); "don't touch the code" (heldout11's u12); a failing test to make
# pass "without changing the test" with the test edited (the cheat a grader cannot see).
_ONLY = re.compile(
    r"\bonly (?:the |a |its |your )?(?P<what>[\w./-]+)(?: files?| section)? (?:should|may|can|must|is to|are to|"
    r"needs? to|has to|is allowed to)\s+(?:be )?(?:change[ds]?|edit(?:ed)?|touch(?:ed)?|modif(?:y|ied)|updated?)\b"
    r"|\b(?:change|edit|touch|modify|update) only (?:the |a |its )?(?P<other>[\w./-]+)", re.IGNORECASE)
_CODE = r"(?:the |any |its |your )?(?:package |python |source |application |app )?code"
_CODE_KEPT = re.compile(
    rf"\b(?:(?:don't|do not|never|not to) (?:touch|change|edit|modify) {_CODE}\b"
    rf"|without (?:touching|changing|editing|modifying) {_CODE}\b|\bno code changes?\b"
    rf"|\b{_CODE} (?:must|should|may|need|needs|does|do|will) ?n[o']t (?:need to |have to )?(?:be )?(?:change|edit|touch|modif)\w*"
    rf"|\b{_CODE} (?:shouldn't|mustn't|won't|doesn't|don't|needn't) (?:need to |have to )?(?:be )?(?:change|edit|touch|modif)\w*"
    rf"|\bleave {_CODE} (?:alone|as it is|unchanged)"
    r"|\b(?:shouldn't|should not|won't|will not) need (?:any )?code changes?)", re.IGNORECASE)


# What the change is for, not a limit on it: "move it into settings.json ... so the warehouse manager
# can change it without touching the code" (heldout28's a07 kit: every right answer, which had to
# change the code, was OUT OF SCOPE).
_PURPOSE = re.compile(r"\b(?:so|so\s+that|in\s+order\s+that)\s+[^.;!?\n]*?\b(?:can|could|may|might|will\s+be\s+able\s+to)\b"
                      r"[^.;!?\n]*", re.IGNORECASE)


def _allowed_by_only(what: str) -> Callable[[str], bool] | None:
    """Which files "only WHAT should change" allows; None for a word it cannot be sure of."""
    word = what.strip(".").lower()
    if word in ("readme", "readmes"):
        return lambda rel: rel.rsplit("/", 1)[-1].lower().startswith("readme")
    if word in ("docs", "documentation", "doc"):
        return lambda rel: rel.lower().endswith(_DOCS_SUFFIXES) or rel.startswith("docs/")
    if word in ("test", "tests"):
        return is_test_path
    if re.fullmatch(_FILE, what):
        return lambda rel: rel == what or rel.rsplit("/", 1)[-1] == what.rsplit("/", 1)[-1]
    return None


def out_of_scope(task: str, changed: set[str]) -> list[TaskFinding]:
    """Files that changed although the task says they are not to."""
    found: list[TaskFinding] = []
    for match in _ONLY.finditer(task):
        what = match.group("what") or match.group("other")
        allowed = _allowed_by_only(what)
        outside = sorted(rel for rel in changed if allowed is not None and not allowed(rel))
        if outside:
            found.append(TaskFinding("out_of_scope", f"the task says only {what} should change, and "
                                                     f"{_some(outside)} changed"))
            break
    if not found and _CODE_KEPT.search(_PURPOSE.sub(" ", task)):
        # Tests are not "the code" here: a task that adds tests says "don't change the package code".
        code = sorted(rel for rel in changed if rel.endswith(CODE_SUFFIXES) and not is_test_path(rel))
        if code:
            found.append(TaskFinding("out_of_scope", f"the task says the code is not to change, and {_some(code)} "
                                                     f"changed"))
    limit = hands_off(task)
    if changed and ((limit is not None and limit.every_file) or says_change_nothing(task)):
        # A question answered with a file changed on the way (heldout21's s12 and heldout22's e12
        # kits: the right number, and a comment appended to the module asked about).
        return [TaskFinding("out_of_scope", f"the task asks only for an answer, with nothing changed, and "
                                            f"{_some(sorted(changed))} changed")]
    if limit is None or limit.every_file:
        return found
    for name in sorted(limit.files):
        kept = _allowed_by_only(name)  # the file, or one of its name ("don't change service.py itself")
        hit = sorted(rel for rel in changed if kept is not None and kept(rel))
        if hit:
            found.append(TaskFinding("out_of_scope", f"the task says not to change {name}, and {_some(hit)} changed"))
    tests = sorted(rel for rel in changed if is_test_path(rel))
    if tests and limit.tests:
        found.append(TaskFinding("out_of_scope", f"the task keeps the tests as they are, and {_some(tests)} changed"))
    return found


def _some(paths: list[str]) -> str:
    return ", ".join(paths[:4]) + (f" and {len(paths) - 4} more" if len(paths) > 4 else "")


# Records a program reads, and what says a task is about the program: a command it quotes, a
# module, a name in code.
_DATA_SUFFIXES = (".csv", ".tsv", ".dat", ".jsonl", ".log")
_ABOUT_CODE = re.compile(r"\bpython3?\s+(?:-m\s+)?[\w./-]+|(?<![\w/.-])[\w/.-]+\.py\b|\b[A-Za-z_]\w*\(\)"
                         r"|\b[a-z]+_[a-z0-9_]+\b|\b(?:reader|parser|function|script|program|command|code)\b",
                         re.IGNORECASE)


def about_code(task: str) -> bool:
    """Whether the task quotes a command, names code, or speaks of the reader, a function, the program."""
    return _ABOUT_CODE.search(task) is not None


# Words that ask for a data file to be made: a file the task does not name, made so, is no evidence
# edited ("export the totals to a CSV", "write a report file").
_MAKES_FILE = re.compile(r"\b(?:create|write|save|export|generate|produce|output|dump|add)\b", re.IGNORECASE)


def only_data_changed(task: str, changed: set[str], code_names: frozenset[str] = frozenset(),
                      existed: Callable[[str], bool] = lambda rel: True) -> list[TaskFinding]:
    """UNTOUCHED: the task is about the program (it quotes a command, names code or the reader, or
    names a class or function the project's code defines: `code_names`), and the session changed
    only data files, none of which a sentence asks to change, or documents a task that speaks of
    none may want (`_unasked_docs`): the evidence was edited, or the fix told of, not the
    program (heldout26's l01 stripped the comment lines out of plants.csv for "make the plant
    reader skip those comment lines", and l05 deleted the 31 May row of dances.csv for a diary that
    left it out; heldout28's a10, asked to "carry the club through as a field on Runner", wrote a
    results.csv of its own; each said done, unflagged). A data file the task does not name counts
    only where the task asks for no file to be made, and so does a file the session made."""
    named_code = sorted(name for name in code_names if re.search(rf"(?<![\w.]){re.escape(name)}(?![\w])", task))
    # A README (a changelog) is read by people, never by the program: changed alone, for a task that
    # speaks of no document, it tells of a fix whatever the task's words (heldout30's c03, c05 describe
    # only what the program prints).
    told_only = bool(changed) and all(_DOC_NAMES.match(rel.rsplit("/", 1)[-1]) for rel in changed)
    if not changed or asks_only(task) or says_change_nothing(task) \
            or not (_ABOUT_CODE.search(task) or named_code or told_only):
        return []
    named = set(spelled_files(task))
    makes = _MAKES_FILE.search(task) is not None
    def evidence(rel: str) -> bool:
        if not rel.endswith(_DATA_SUFFIXES) or (makes and not existed(rel)):
            return False
        return not asked_to_change(task, rel) if rel in named else not makes

    if not all(evidence(rel) or _unasked_docs(task, rel) for rel in changed):
        return []
    if all(_unasked_docs(task, rel) for rel in changed):
        said = "documents the task does not ask to change"
    elif all(rel in named for rel in changed):
        said = "data the task names and does not ask to change"
    else:
        said = "data"
    about = f" (the task is about {', '.join(named_code[:3])})" if named_code else ""
    return [TaskFinding("untouched", f"only {', '.join(sorted(changed)[:4])} changed: {said}; no code "
                                     f"changed{about}")]


# A document: a fix of the program told of in the README instead of made (heldout30's kit: a README
# line saying the dates are read day first, the code as it was, was flagged by nothing). A task that
# speaks of documents at all may want that.
_DOC_SUFFIXES = (".md", ".rst", ".adoc")
_DOC_NAMES = re.compile(r"(?:readme|changelog|changes|history|news)(?:\.(?:md|rst|txt|adoc|markdown))?$", re.IGNORECASE)
# Words that ask for a document's change in other words ("the install instructions say pip", "the
# typo on the front page", "a CI badge").
_SPEAKS_OF_DOCS = re.compile(r"\b(?:readme|docs?|document(?:s|ed|ing|ation)?|changelog|manual|usage|docstrings?|"
                             r"comments?|notes?|help|instructions?|install(?:ation|ing)?|typos?|badges?|"
                             r"intro(?:duction)?|sections?|pages?|wording|spelling|headings?|titles?|links?|"
                             r"licen[cs]e|examples?|guides?|tutorial|faq|description|describes?|explain\w*|mention\w*)\b"
                             r"|\.(?:md|rst|txt|adoc)\b", re.IGNORECASE)


def _unasked_docs(task: str, rel: str) -> bool:
    name = rel.rsplit("/", 1)[-1]
    return (rel.endswith(_DOC_SUFFIXES) or _DOC_NAMES.match(name) is not None) and not _SPEAKS_OF_DOCS.search(task)


def _all_data(changed: set[str]) -> bool:
    return bool(changed) and all(rel.endswith(_DATA_SUFFIXES) or rel.endswith(_DOC_SUFFIXES) for rel in changed)


# "the README" as what to change, by its word rather than its file name: after a verb of change
# ("update the README"), as where something goes ("mention the option in the README", "add the
# command to the README"), in a list of what a change reaches ("including the tests and the
# README", "(package, tests, README)"), or as what should change ("only the README should change").
# Not as a source: "as described in the README", "follow the README", "what the README says".
_README = r"(?P<readme>readme)(?![\w/-]|\.\w)"
_README_TARGETS = tuple(re.compile(pattern, re.IGNORECASE) for pattern in (
    rf"\b(?:update|edit|change|fix|rewrite|correct|amend|extend|bring|tidy|refresh|adjust|revise)\s+(?:the\s+|our\s+|its\s+)?{_README}",
    rf"\b(?:mention|document|describe|explain|note|list|add|put|write|record)\b[^.;:!?\n]{{0,80}}?"
    rf"\b(?:in|to|into)\s+(?:the\s+|our\s+)?{_README}",
    rf"\b(?:its|the|their)\s+mentions?\s+in\s+the\s+{_README}",
    rf"(?<![\w./-]){_README}\s+mention\b",
    rf"(?:the\s+)?{_README}\s+(?:should|must|needs?\s+to|has\s+to)\s+(?:change|say|mention|list|show|document|describe|"
    rf"tell|explain|be\s+updated)",
))
# "Rename it everywhere, including the README", "(code, tests, README)", "README included": the README
# is in a change's reach, and has something to change only where it names what the task changes.
_README_IN_REACH = tuple(re.compile(pattern, re.IGNORECASE) for pattern in (
    rf"\b(?:including|everywhere|throughout|whole\s+project)\b[^.;!?\n]{{0,80}}?\b(?:and\s+)?(?:the\s+)?{_README}",
    rf"\((?:[^()]{{0,80}}?,\s*)?(?:and\s+)?(?:the\s+)?{_README}\s*\)",
    rf"(?<![\w./-]){_README}\s+(?:included|too|as\s+well)\b",
))
# The README as a source ("as described in the README", "the option we promised in the README"), or
# kept out of the change ("don't update the README yet", "we'll fix the README ourselves", "update the
# README if it mentions faxing"): read in the README's own clause.
_README_NOT_ASKED = re.compile(
    r"\b(?:as|described|explained|documented|shown|given|listed|specified|written|wrote|said|says|shows|mentioned|"
    r"stated|according|promised|noted|already|following|like|per|from|we|we'd|we've|i've|don't|do\s+not|no\s+need|"
    r"needn't|not|never|yet|ourselves|myself|someone|later|if|unless|whether|has|have|to-?do|which\s+is)\b", re.IGNORECASE)
_CLAUSE_END = re.compile(r"[,;:.!?()]|\s(?:and|but|then|so)\s|\s[-–—]+\s", re.IGNORECASE)
# What a task changes, as code spells it: `calc_total`, --fax, yachts.oldlist, CamelCase.
_CODE_WORD = re.compile(r"`([^`\n]{2,60})`|(--[\w-]{2,})|\b([a-z]+_[a-z0-9_]+|[A-Z][a-z]+[A-Z]\w*|[a-z]\w*\.[a-z]\w*)\b"
                        r"|\b([A-Z]\w+)\s+class\b|\bclass\s+([A-Z]\w+)")


def clause_around(task: str, at: int, end: int) -> str:
    """The clause of the task around its text at `at`..`end` (a punctuation mark, a dash or a joining
    word parts clauses): where a word is read for what is said of it."""
    starts = [m.end() for m in _CLAUSE_END.finditer(task, 0, at)]
    after = _CLAUSE_END.search(task, end)
    return task[(starts[-1] if starts else 0):(after.start() if after else len(task))]


def readme_spelled(task: str, files: Iterable[str], readme_text: str | None = None) -> tuple[str, frozenset[str]]:
    """The task with "the README", where it is asked to change, spelled as the project's one
    top-level README file ("mention the option in the README" names README.md as a file to change:
    heldout30's c06 and c08 kits, whose code-only answers no check flagged). Unchanged where the
    project has no such file, or several, or the README's clause names it as a source or keeps it
    out of the change; and where the README is only in a change's reach ("everywhere, including the
    README"), unless `readme_text` (its text) names what the task changes. With it, the README file
    where it was so spelled (a file the task asks to change)."""
    readmes = [rel for rel in files if "/" not in rel and "." in rel and is_readme(rel)]
    if len(readmes) != 1:
        return task, frozenset()
    named = {next(group for group in m.groups() if group).strip("`") for m in _CODE_WORD.finditer(task)}
    reached = readme_text is not None and any(
        re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", readme_text) for name in named if len(name) > 2)
    matches = [m for pattern in _README_TARGETS for m in pattern.finditer(task)]
    if reached:
        matches += [m for pattern in _README_IN_REACH for m in pattern.finditer(task)]
    spans = sorted({m.span("readme") for m in matches
                    if not _README_NOT_ASKED.search(clause_around(task, *m.span("readme")))}, reverse=True)
    for start, end in spans:
        task = task[:start] + readmes[0] + task[end:]
    return task, frozenset(readmes[:1] if spans else ())


# A task that keeps its change to the documents: "only the README should change", "leave the code alone".
_DOCS_ONLY = re.compile(r"\bonly\s+(?:the\s+)?(?:readme|docs?|documentation)\b|\b(?:leave|don'?t\s+touch|do\s+not\s+touch|"
                        r"without\s+(?:changing|touching))\s+(?:the\s+)?(?:code|program|package)", re.IGNORECASE)


_WANTS = re.compile(r"\b(?:i|we)(?:'d|\s+would)?\s+(?:want|need|like)\b", re.IGNORECASE)


def readme_only(task: str, changed: set[str], readme_asked: frozenset[str]) -> list[TaskFinding]:
    """UNTOUCHED: the task asks first for a change of the program (it quotes a command or names code
    in its first sentence, which speaks of no document) and then for a README line, and only
    documents changed: the README asked for is the second thing, not the task (heldout31's i08 kit:
    "… like `python -m lavender.pay mon.csv tue.csv` … Put an example in the README.", the README
    alone changed, unflagged)."""
    if not readme_asked or not changed or _DOCS_ONLY.search(task) or asks_only(task) \
            or not all(_DOC_NAMES.match(rel.rsplit("/", 1)[-1]) for rel in changed):
        return []
    first = next(iter(_sentences(task)), "")
    # A first sentence that tells of the program as it is ("`python -m parade.route` has a --date
    # option now. Document it in the README.") makes the README the task.
    if not _ABOUT_CODE.search(first) or _SPEAKS_OF_DOCS.search(first) \
            or not (_ASKS_CHANGE.search(first) or _WANTS.search(first)):
        return []
    return [TaskFinding("untouched", f"only {', '.join(sorted(changed)[:4])} changed: the task asks for the README "
                                     "after a change of the program, and no code changed")]


def code_names_of(workspace: Workspace, files: Iterable[str]) -> frozenset[str]:
    """The classes and functions the workspace's Python defines (definitions.py's reading), names
    of four letters or more (a task naming `Runner` names the code), bounded."""
    names: set[str] = set()
    for _, text in scanned_texts(workspace, [rel for rel in files if rel.endswith(".py") and not is_test_path(rel)]):
        names.update(name for name in definitions(text) if len(name) >= 4)
    return frozenset(names)


def task_findings(task: str, workspace: Workspace, baseline_paths: set[str], created: Sequence[str],
                  modified: Sequence[str], deleted: Sequence[str]) -> list[TaskFinding]:
    """Every finding for a `done` in this workspace (see the module's docstring)."""
    def existed(rel: str) -> bool:
        return rel in baseline_paths

    def exists(rel: str) -> bool:
        try:
            return workspace.resolve(rel).exists()
        except (PathEscape, OSError):
            return False

    files = sorted((baseline_paths - set(deleted)) | set(created))
    changed = set(created) | set(modified) | set(deleted)
    readme = next((rel for rel in baseline_paths if "/" not in rel and is_readme(rel)), None)
    readme_task, readme_asked = readme_spelled(task, baseline_paths, text_head(workspace, readme) if readme else None)
    return [*still_there(task, existed, exists), *still_defined(task, workspace, files),
            *options_left(task, workspace, files),
            *(untouched(task, existed, changed) or untouched(readme_task, existed, changed, readme_asked)
              or readme_only(task, changed, readme_asked) or only_data_changed(
                task, changed, code_names_of(workspace, files) if _all_data(changed) else frozenset(), existed)),
            *missing_tests(task, changed),
            *out_of_scope(task, changed)]
