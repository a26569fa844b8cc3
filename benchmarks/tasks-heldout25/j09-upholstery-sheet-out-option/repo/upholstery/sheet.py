"""Print the workshop's job sheet.

    python -m upholstery.sheet JOBS [--status open|done|all]

Shows open jobs unless --status says otherwise, then the fabric they need.
"""
import argparse
import sys

from upholstery.jobs import fabric_needed, read_jobs


def print_sheet(jobs, status):
    print("Job sheet: %s jobs (%d)" % (status, len(jobs)))
    for j in jobs:
        print("  %-6s %s  %-18s %-22s %-20s %4.1f m" % (j.ref, j.due.isoformat(), j.customer, j.piece,
                                                        j.fabric, j.metres))
    print("Fabric needed:")
    for fabric, metres in sorted(fabric_needed(jobs).items()):
        print("  %-20s %5.1f m" % (fabric, metres))


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m upholstery.sheet")
    parser.add_argument("jobs")
    parser.add_argument("--status", choices=["open", "done", "all"], default="open")
    args = parser.parse_args(argv)
    jobs = read_jobs(args.jobs)
    if args.status != "all":
        jobs = [j for j in jobs if j.status == args.status]
    print_sheet(jobs, args.status)
    return 0


if __name__ == "__main__":
    sys.exit(main())
