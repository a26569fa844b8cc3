from dataclasses import dataclass, asdict


@dataclass
class Contact:
    name: str
    email: str
    phone: str = ""

    def to_dict(self):
        return asdict(self)

    @classmethod
    def from_dict(cls, data):
        return cls(name=data["name"], email=data["email"], phone=data.get("phone", ""))
