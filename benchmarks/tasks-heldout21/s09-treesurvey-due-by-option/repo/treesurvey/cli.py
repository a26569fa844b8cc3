"""List the tree register: python -m treesurvey.cli REGISTER [options]."""
import argparse
import sys

from treesurvey.trees import in_ward, load, next_inspection, sort_trees


def tree_line(tree):
    return "%-6s %-18s %-16s %-6s next %s" % (tree.tree_id, tree.street, tree.species, tree.risk,
                                               next_inspection(tree).isoformat())


def build_parser():
    parser = argparse.ArgumentParser(prog="treesurvey", description="List the street tree register.")
    parser.add_argument("register", help="the register CSV file")
    parser.add_argument("--ward", help="only trees in this ward")
    parser.add_argument("--sort", choices=["id", "next"], default="id",
                        help="order by tree id (default) or next inspection date")
    return parser


def main(argv=None):
    args = build_parser().parse_args(argv)
    trees = load(args.register)
    if args.ward:
        trees = in_ward(trees, args.ward)
    trees = sort_trees(trees, args.sort)
    for tree in trees:
        print(tree_line(tree))
    print("%d tree%s" % (len(trees), "" if len(trees) == 1 else "s"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
