import os

from .task import Task


class TaskList:
    def __init__(self, tasks=None):
        self.tasks = list(tasks or [])

    @classmethod
    def load(cls, path):
        path = os.path.expanduser(path)
        if not os.path.exists(path):
            return cls()
        with open(path, encoding="utf-8") as fh:
            return cls(Task.parse(line) for line in fh if line.strip())

    def save(self, path):
        with open(os.path.expanduser(path), "w", encoding="utf-8") as fh:
            for t in self.tasks:
                fh.write(t.format() + "\n")

    def add(self, task):
        self.tasks.append(task)
        return task

    def complete(self, title):
        for t in self.tasks:
            if t.title == title and not t.done:
                t.done = True
                return t
        raise KeyError(title)

    def pending(self):
        return [t for t in self.tasks if not t.done]

    def by_tag(self, tag):
        return [t for t in self.tasks if tag in t.tags]
