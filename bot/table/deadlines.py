"""Names of scheduled deadlines: `<platform>|<chat>|<kind>|<step>|<extra>`.

The member says everything the firing process needs; the table's step tells it
whether the deadline still matters (a prompt answered meanwhile bumps the step).
"""

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from bot.table.model import Table

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


def of_step(table: "Table") -> list[str]:
    """The timeout and the reminder of the table's current step (bot/table/play.py)."""
    # (Deadline(…).member() spelled out: each command asks twice, before and after)
    chat, rest = (
        f"{table.platform}{SEP}{table.chat}{SEP}",
        f"{SEP}{table.step}{SEP}{table.step_token}",
    )
    return [f"{chat}timeout{rest}", f"{chat}remind{rest}"]


def of_lobby(table: "Table") -> str:
    """The expiry of the table's open lobby (bot/table/lobby.py)."""
    return Deadline(table.platform, table.chat, "lobby", 0, repr(table.opened_at)).member()


def of_table(table: "Table") -> set[str]:
    """Every deadline the table as it is now may have scheduled (not all are: a step
    without a deadline has no timeout). One the table had before a change and has no
    longer belongs to a step that has passed: it is removed with the change
    (router.Router._transact), instead of lingering in the sorted set until it comes due
    and finds nothing to do."""
    if table.status == "lobby":
        return {of_lobby(table)}
    if table.status == "playing" and table.step_token:
        return set(of_step(table))
    return set()


def what_of_table_reads(table: "Table") -> tuple[object, ...]:
    """Everything `of_table` reads of a table: while this is the same, so are its
    deadlines (the router asks `of_table` again after a change only if it is not: most
    answers leave the step as it was)."""
    return (table.platform, table.chat, table.status, table.step, table.step_token, table.opened_at)
