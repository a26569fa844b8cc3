from dataclasses import asdict, dataclass, field


@dataclass
class Message:
    to: str
    subject: str
    body: str
    headers: dict = field(default_factory=dict)

    def to_dict(self):
        return asdict(self)

    @classmethod
    def from_dict(cls, data):
        return cls(**data)
