"""Read release headings from a changelog and render the next one."""
import datetime
import re

from relkit.version import bump, latest

HEADING = re.compile(r"^## \[(v?\d+\.\d+\.\d+(?:-[0-9A-Za-z.]+)?)\]", re.M)


def released_versions(changelog_text):
    """Versions named in '## [x.y.z]' headings, in file order."""
    return HEADING.findall(changelog_text)


def next_heading(changelog_text, part="patch", today=None):
    """Heading for the next release, bumped from the newest released version."""
    versions = released_versions(changelog_text)
    current = latest(versions) if versions else "0.0.0"
    day = (today or datetime.date.today()).isoformat()
    return "## [%s] - %s" % (bump(current, part), day)
