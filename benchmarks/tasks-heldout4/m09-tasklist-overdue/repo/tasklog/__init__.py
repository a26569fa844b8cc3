from .task import Task
from .tasklist import TaskList

__all__ = ["Task", "TaskList"]
