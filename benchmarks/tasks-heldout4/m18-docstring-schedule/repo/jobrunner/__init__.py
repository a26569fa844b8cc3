from .scheduler import Job, Scheduler

__all__ = ["Job", "Scheduler"]
