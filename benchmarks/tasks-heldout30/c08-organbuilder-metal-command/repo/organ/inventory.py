"""python -m organ.inventory PIPES.csv: pipes per rank, longest first."""
import sys

from organ.pipes import by_rank, load_pipes


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    for rank, pipes in by_rank(load_pipes(argv[0])).items():
        longest = max(pipes, key=lambda p: p.length_mm)
        print("%-18s %3d pipes, longest %s (%d mm)" % (rank, len(pipes), longest.note, longest.length_mm))


if __name__ == "__main__":
    main()
