"""Sending an issue to every subscriber.

A transport is any object with send(to, subject, body) that raises
ConnectionError when the mail server does not answer. Each message is tried
up to ATTEMPTS times, RETRY_WAIT seconds apart.

    python -m parishmag.send SETTINGS ISSUE SUBSCRIBERS [--dry-run]
"""
import sys
import time

ATTEMPTS = 3
RETRY_WAIT = 2.0


class PrintTransport:
    """Prints what would be sent, for --dry-run."""

    def send(self, to, subject, body):
        print("to %s: %s (%d characters)" % (to, subject, len(body)))


def send_one(transport, to, subject, body):
    """True if the message went, False after ATTEMPTS failed tries."""
    for attempt in range(1, ATTEMPTS + 1):
        try:
            transport.send(to, subject, body)
            return True
        except ConnectionError:
            if attempt < ATTEMPTS:
                time.sleep(RETRY_WAIT)
    return False


def send_issue(subscribers, issue, transport, settings):
    """Send `issue` (title, body) to everyone; return (sent, failed) lists."""
    title, body = issue
    subject = "%s %s" % (settings["subject_prefix"], title)
    sent, failed = [], []
    for to in subscribers:
        (sent if send_one(transport, to, subject, body) else failed).append(to)
    return sent, failed


def main(argv=None):
    from parishmag.settings import load_settings
    argv = sys.argv[1:] if argv is None else argv
    dry = "--dry-run" in argv
    args = [a for a in argv if a != "--dry-run"]
    if len(args) != 3 or not dry:
        print("usage: python -m parishmag.send SETTINGS ISSUE SUBSCRIBERS --dry-run", file=sys.stderr)
        return 2
    settings = load_settings(args[0])
    with open(args[1], encoding="utf-8") as f:
        title, _, body = f.read().partition("\n")
    with open(args[2], encoding="utf-8") as f:
        subscribers = [line.strip() for line in f if "@" in line]
    sent, failed = send_issue(subscribers, (title.strip(), body), PrintTransport(), settings)
    print("%d sent, %d failed" % (len(sent), len(failed)))
    return 0 if not failed else 1


if __name__ == "__main__":
    sys.exit(main())
