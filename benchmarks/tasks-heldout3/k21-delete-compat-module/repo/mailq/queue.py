import json
import uuid
from pathlib import Path

from .message import Message


class MailQueue:
    def __init__(self, spool_dir):
        self.spool = Path(spool_dir)
        self.spool.mkdir(parents=True, exist_ok=True)

    def put(self, message):
        name = f"{uuid.uuid4().hex}.json"
        (self.spool / name).write_text(json.dumps(message.to_dict()), encoding="utf-8")
        return name

    def pending(self):
        return sorted(p.name for p in self.spool.glob("*.json"))

    def flush(self, send):
        """Call send(message) for each queued message; remove it once sent."""
        sent = 0
        for name in self.pending():
            path = self.spool / name
            send(Message.from_dict(json.loads(path.read_text(encoding="utf-8"))))
            path.unlink()
            sent += 1
        return sent
