"""python -m pond.score SURVEY.csv POND: the pond's biodiversity score."""
import sys

from pond.survey import load_survey

# Species that only live in clean water count three points, any other one.
INDICATORS = {"great crested newt", "water scorpion", "stonefly nymph", "caddisfly larva"}


def species_seen(records, pond):
    """Distinct species (any case) with a confirmed record in the pond."""
    return {r.species.lower() for r in records if r.pond == pond and r.confirmed and r.count > 0}


def site_score(records, pond):
    return sum(3 if s in INDICATORS else 1 for s in species_seen(records, pond))


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    records = load_survey(argv[0])
    pond = argv[1]
    print("%s: %d species, score %d" % (pond, len(species_seen(records, pond)), site_score(records, pond)))


if __name__ == "__main__":
    main()
