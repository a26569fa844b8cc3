"""Today's weigh-in sheet and the line-up for the flying displays."""
import sys

from falconry.birds import BirdRecord, load_birds

DISPLAYS = ["11:30", "14:00", "15:30"]
BIRDS_PER_DISPLAY = 3


def check_bird(bird):
    if not isinstance(bird, BirdRecord):
        raise TypeError("expected a BirdRecord, got %r" % (bird,))
    return bird


def weigh_in_sheet(birds):
    lines = []
    for bird in sorted(map(check_bird, birds), key=lambda b: b.name):
        status = "flies" if bird.ready_to_fly() else "rests (+%dg)" % bird.over_by()
        lines.append("%-10s %-20s %5dg  feed %3dg  %s" % (bird.name, bird.species, bird.weight_g,
                                                         bird.ration_g(), status))
    return lines


def line_up(birds):
    """{display time: [names]}; ready birds in turn, a bird flies at most once a day,
    and each display gets no more than one eagle."""
    ready = [b for b in map(check_bird, birds) if b.ready_to_fly()]
    slots = {t: [] for t in DISPLAYS}
    eagles = {t: False for t in DISPLAYS}
    i = 0
    for bird in ready:
        for _ in DISPLAYS:
            t = DISPLAYS[i % len(DISPLAYS)]
            i += 1
            if len(slots[t]) < BIRDS_PER_DISPLAY and not (bird.kind == "eagle" and eagles[t]):
                slots[t].append(bird.name)
                eagles[t] = eagles[t] or bird.kind == "eagle"
                break
    return slots


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    with open(args[0], encoding="utf-8") as fh:
        birds = load_birds(fh.read())
    print("\n".join(weigh_in_sheet(birds)))
    for time, names in line_up(birds).items():
        print("%s: %s" % (time, ", ".join(names) or "-"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
