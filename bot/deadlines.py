"""Names of scheduled deadlines: `<platform>|<chat>|<kind>|<step>|<extra>`.

The member says everything the firing process needs; the table's step tells it
whether the deadline still matters (a prompt answered meanwhile bumps the step).
"""

from dataclasses import dataclass
from typing import Literal

Kind = Literal["timeout", "remind", "lobby"]
SEP = "|"


@dataclass(frozen=True)
class Deadline:
    platform: str
    chat: str
    kind: Kind
    step: int
    extra: str = ""

    def member(self) -> str:
        return SEP.join([self.platform, self.chat, self.kind, str(self.step), self.extra])

    @staticmethod
    def of_chat(platform: str, chat: str) -> str:
        """A Redis glob matching every deadline of one chat."""
        escaped = "".join("\\" + c if c in "*?[]\\" else c for c in chat)
        return SEP.join([platform, escaped, "*"])

    @classmethod
    def parse(cls, member: str) -> "Deadline":
        platform, chat, kind, step, extra = member.split(SEP, 4)
        if kind not in ("timeout", "remind", "lobby"):
            raise ValueError(member)
        return cls(platform, chat, kind, int(step), extra)  # type: ignore[arg-type]
