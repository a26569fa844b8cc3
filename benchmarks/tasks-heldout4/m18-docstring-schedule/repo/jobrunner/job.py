from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Callable, Optional, Tuple


@dataclass(order=True)
class Job:
    next_run: datetime
    seq: int
    func: Callable = field(compare=False)
    repeat: Optional[timedelta] = field(default=None, compare=False)
    tags: Tuple[str, ...] = field(default=(), compare=False)
    runs: int = field(default=0, compare=False)
