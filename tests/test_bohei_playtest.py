"""Bohei as a play-tester met it: whole console scripts (the playground's `--script`
with a seed) and what the group is shown. Each test is one defect they found; the
readings behind them are in rules/bohei/NOTES.md."""

from adapters.console.__main__ import run_script

JOIN = ["anna: /new bohei", "bert: /join", "cora: /join", "anna: /start"]


async def play(lines: list[str], seed: int, lang: str = "en") -> list[str]:
    """What the console prints for `lines`, as `--script FILE --seed N` prints it."""
    out: list[str] = []
    await run_script(lines, seed=seed, lang=lang, write=out.append)
    return [line.split("] ", 1)[-1] for line in out]


async def test_everyone_silent_in_a_challenge_nobody_wins():
    out = await play(
        [*JOIN, "bert: [That's me 🙋]", "bert: [No, thanks]", "bert> [Dice Round]", "@wait 31"],
        seed=3,
    )
    assert "Too slow: bert, cora, anna out." in out
    assert "The challenge ends without a winner." in out
    assert not any("wins the challenge" in line or "reward" in line for line in out)
    assert "▶ cora's turn." in out  # the turn passes on
