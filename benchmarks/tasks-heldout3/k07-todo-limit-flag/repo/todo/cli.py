"""Command-line interface: add, list, done."""
import argparse

from . import store


def build_parser():
    parser = argparse.ArgumentParser(prog="todo")
    parser.add_argument("--file", default="todo.json", help="task file (default: todo.json)")
    sub = parser.add_subparsers(dest="command", required=True)

    add = sub.add_parser("add", help="add a task")
    add.add_argument("title")

    lst = sub.add_parser("list", help="show tasks")
    lst.add_argument("--all", action="store_true", help="include finished tasks")

    done = sub.add_parser("done", help="mark a task finished")
    done.add_argument("id", type=int)
    return parser


def cmd_add(args):
    tasks = store.load(args.file)
    task = {"id": store.next_id(tasks), "title": args.title, "done": False}
    tasks.append(task)
    store.save(args.file, tasks)
    print(f"added {task['id']}: {task['title']}")
    return 0


def cmd_list(args):
    tasks = store.load(args.file)
    shown = [t for t in tasks if args.all or not t["done"]]
    for t in shown:
        mark = "x" if t["done"] else " "
        print(f"[{mark}] {t['id']}: {t['title']}")
    return 0


def cmd_done(args):
    tasks = store.load(args.file)
    for t in tasks:
        if t["id"] == args.id:
            t["done"] = True
            store.save(args.file, tasks)
            return 0
    print(f"no task {args.id}")
    return 1


def main(argv=None):
    args = build_parser().parse_args(argv)
    handlers = {"add": cmd_add, "list": cmd_list, "done": cmd_done}
    return handlers[args.command](args)
