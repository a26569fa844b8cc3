import argparse

from .task import Task
from .tasklist import TaskList


def main(argv=None):
    p = argparse.ArgumentParser(prog="tasklog")
    p.add_argument("--file", default="~/.tasklog")
    sub = p.add_subparsers(dest="cmd", required=True)
    add = sub.add_parser("add")
    add.add_argument("line")
    sub.add_parser("list")
    done = sub.add_parser("done")
    done.add_argument("title")
    args = p.parse_args(argv)

    tl = TaskList.load(args.file)
    if args.cmd == "add":
        tl.add(Task.parse("[ ] " + args.line))
    elif args.cmd == "done":
        tl.complete(args.title)
    else:
        for t in tl.pending():
            print(t.format())
    tl.save(args.file)
    return 0
