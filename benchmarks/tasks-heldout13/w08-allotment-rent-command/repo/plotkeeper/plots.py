"""Reading the plot register."""
import csv


class Plot:
    def __init__(self, plot, holder, size_m2):
        self.plot = plot
        self.holder = holder
        self.size_m2 = size_m2


def load_plots(path):
    with open(path, newline="", encoding="utf-8") as fh:
        return [Plot(row["plot"], row["holder"], int(row["size_m2"])) for row in csv.DictReader(fh)]


def held_by(plots, holder):
    return [p for p in plots if p.holder.lower() == holder.lower()]
