"""Semantic version parsing and comparison (MAJOR.MINOR.PATCH[-PRE])."""
import functools

PARTS = ("major", "minor", "patch")


def parse_version(text):
    """Split 'v1.4.2-rc1' into (('1', '4', '2'), 'rc1')."""
    text = text.strip().lstrip("v")
    core, _, pre = text.partition("-")
    nums = core.split(".")
    if len(nums) != 3 or not all(n.isdigit() for n in nums):
        raise ValueError("not a version: %r" % text)
    return tuple(nums), pre or None


def compare_versions(a, b):
    """Return -1, 0 or 1 as version a is older than, equal to or newer than b."""
    core_a, pre_a = parse_version(a)
    core_b, pre_b = parse_version(b)
    if core_a != core_b:
        return -1 if core_a < core_b else 1
    # A pre-release sorts before the final release of the same version.
    if pre_a == pre_b:
        return 0
    if pre_a is None:
        return 1
    if pre_b is None:
        return -1
    return -1 if pre_a < pre_b else 1


def latest(versions):
    """The newest version in an iterable of version strings."""
    return max(versions, key=functools.cmp_to_key(compare_versions))


def bump(version, part="patch"):
    """Increment one part of a version and reset the parts after it."""
    core, _ = parse_version(version)
    nums = [int(n) for n in core]
    i = PARTS.index(part)
    nums[i] += 1
    for j in range(i + 1, len(nums)):
        nums[j] = 0
    return ".".join(str(n) for n in nums)
