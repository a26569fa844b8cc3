"""A stand-in for the embedded model's worker process: it speaks the worker's protocol with no
model behind it, and misbehaves on request, the way native code can.

    python tests/stand_in_worker.py [--crash-on load|generate] [--once MARKER] [--hang] [--tokens N] [--plan TEXT]
                                    [--answer JSON]

--crash-on: kill itself with SIGSEGV at that point (after streaming two tokens, for generate).
--once MARKER: crash only if the file MARKER does not exist yet, and create it (so a retry works).
--hang: never answer a generate request.
--plan TEXT: where the request allows a plan (the `plan` lever), write <think>TEXT</think> before the action.
Otherwise it answers each generate with a fixed `list_dir` action (--answer: another), a few characters a token.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
from pathlib import Path

ANSWER = '{"action": "list_dir", "path": "."}'


def send(message: dict) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def crash_now(marker: str | None) -> bool:
    if marker is None:
        return True
    if Path(marker).exists():
        return False
    Path(marker).write_text("crashed once\n")
    return True


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--crash-on", choices=["load", "generate"])
    parser.add_argument("--once", metavar="MARKER")
    parser.add_argument("--hang", action="store_true")
    parser.add_argument("--plan", default="")
    # (a listing of `.` at step 1 is answered by the `fresh` lever, not asked: a test that needs
    # the person asked proposes another action)
    parser.add_argument("--answer", default=ANSWER)
    args = parser.parse_args()
    print(f"stand-in worker {os.getpid()} started, OMP_WAIT_POLICY={os.environ.get('OMP_WAIT_POLICY')}",
          file=sys.stderr, flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        op = request.get("op")
        if op == "load":
            print(f"load: shipped={request.get('shipped')} threads={request.get('threads')} "
                  f"grammar_path={request.get('grammar_path')}",
                  file=sys.stderr, flush=True)
            if args.crash_on == "load" and crash_now(args.once):
                os.kill(os.getpid(), signal.SIGSEGV)
            send({"event": "loaded", "seconds": 0.01, "path": "stand-in.gguf"})
        elif op == "generate":
            if args.hang:
                continue
            request_id = request["id"]
            answer = f"<think>{args.plan}</think>{args.answer}" if args.plan and request.get("plan") else args.answer
            pieces = [answer[i:i + 4] for i in range(0, len(answer), 4)]
            for n, piece in enumerate(pieces):
                if n == 2 and args.crash_on == "generate" and crash_now(args.once):
                    os.kill(os.getpid(), signal.SIGSEGV)
                send({"event": "token", "id": request_id, "text": piece})
            send({"event": "done", "id": request_id, "finish_reason": "stop", "tokens": len(pieces), "seconds": 0.1})


if __name__ == "__main__":
    main()
