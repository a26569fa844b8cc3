"""Daily min/max report."""


def daily_min_max(raw_by_bench):
    """{bench: [fahrenheit, ...]} -> {bench: (min C, max C)}."""
    result = {}
    for bench, values in raw_by_bench.items():
        temps = [round((f - 32) * 5 / 9, 1) for f in values]
        result[bench] = (min(temps), max(temps))
    return result


def render(raw_by_bench):
    lines = ["bench      min C   max C"]
    for bench, (lo, hi) in sorted(daily_min_max(raw_by_bench).items()):
        lines.append("%-8s %7.1f %7.1f" % (bench, lo, hi))
    return "\n".join(lines)
