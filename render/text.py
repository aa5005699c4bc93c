"""Text snapshots: monospace blocks that fit a chat message and a terminal."""

TELEGRAM_LIMIT = 4096
DISCORD_LIMIT = 2000
SNAPSHOT_LIMIT = 1800  # a board leaves room for its title inside Discord's 2,000


def columns(rows: list[list[str]], right: set[int] = frozenset()) -> list[str]:  # type: ignore[assignment]
    """Rows of cells aligned in columns (the columns in `right` aligned right)."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))] if rows else []
    lines = []
    for row in rows:
        cells = [
            c.rjust(widths[i]) if i in right else c.ljust(widths[i]) for i, c in enumerate(row)
        ]
        lines.append("  ".join(cells).rstrip())
    return lines


def fit(lines: list[str], limit: int = SNAPSHOT_LIMIT, more: str = "…") -> str:
    """Join lines, dropping whole lines from the end past `limit` characters."""
    room = limit - len(more) - 1
    if sum(map(len, lines)) + len(lines) <= room:  # (most boards: every line fits)
        return "\n".join(lines)
    out, used = [], 0
    for line in lines:
        if used + len(line) + 1 > room:
            out.append(more)
            break
        out.append(line)
        used += len(line) + 1
    return "\n".join(out)
