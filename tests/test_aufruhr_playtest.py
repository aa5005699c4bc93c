"""AUFRUHR! as a play-tester met it: console scripts (the playground's `--script` with a
seed) and what the players are shown. Each test is one defect they found; the readings
behind them are in rules/aufruhr/NOTES.md."""

from adapters.console.__main__ import run_script
from tests.test_aufruhr_chat import ELECT_BEN, START


async def play(lines: list[str], seed: int = 1, lang: str = "en") -> list[str]:
    """What the console prints for `lines`, as `--script FILE --seed N` prints it."""
    out: list[str] = []
    await run_script(lines, seed=seed, lang=lang, write=out.append)
    return out


def after(out: list[str], line: str) -> list[str]:
    """The lines printed after the last `line`."""
    return out[len(out) - out[::-1].index(line) :]


async def test_a_folder_no_longer_offers_the_tokens_and_scandal_already_in_it():
    """anna's three ★ go in one by one: with the last her buttons come anew without
    [Put in ★]; cem's scandal goes in: no token nor scandal button is left for him (both
    would be refused), and /hand asks him with the same buttons."""
    out = await play(
        [
            *START,
            *ELECT_BEN,
            "anna> [Put in ★]",
            "anna> [Put in ★]",
            "anna> [Put in ★]",
            "cem> [Scandal instead]",
            "cem> /hand",
        ]
    )
    two = after(out, "[dm:anna] Your folder so far — demand: —; inside: ★ ★.")
    assert not two[0].startswith("[dm:anna:buttons]")  # a ★ is left: nothing new
    three = after(out, "[dm:anna] Your folder so far — demand: —; inside: ★ ★ ★.")
    assert three[0] == (
        "[dm:anna:buttons] [No folder] [Demand: 40 for me] [Demand: 30 for me]"
        " [Demand: 20 for me] [Demand: 10 for me] [Put in ★★] [Put in ★★★] [Scandal instead]"
        " [Hand over]"
    )
    cem = (
        "[dm:cem:buttons] [No folder] [Demand: 40 for me] [Demand: 30 for me]"
        " [Demand: 20 for me] [Demand: 10 for me] [Hand over]"
    )
    assert after(out, "[dm:cem] Your folder so far — demand: —; inside: the scandal.")[0] == cem
    assert out[-1] == cem  # /hand: the folder question again, as it stands
