"""Die Heinzelmännchen von Köln as a play-tester met it: whole console scripts (the
playground's `--script` with a seed) and what the group is shown. Each test is one
defect they found; the readings behind them are in rules/heinzel/NOTES.md."""

from adapters.console.__main__ import run_script

JOIN = ["alice: /new heinzel", "bob: /join", "alice: /start"]


async def play(lines: list[str], seed: int, lang: str = "en") -> list[str]:
    """What the console prints for `lines`, as `--script FILE --seed N` prints it."""
    out: list[str] = []
    await run_script(lines, seed=seed, lang=lang, write=out.append)
    return out


async def test_go_by_a_place_beginning_never_walks_to_a_field_of_another_name():
    # seed 7: alice rolls 6 to the Dom, bob rolls 4 from Ulrepforte; Friesenwall is
    # offered (its link runs Hahnentorburg–St. Gereon), the Hahnentorburg is not
    lines = [*JOIN, "alice: [🎲 Roll]", "alice: /go Dom", "bob: [🎲 Roll]"]
    before = await play(lines, seed=7)
    assert any("[Friesenwall]" in line and "Hahnentorburg" not in line for line in before)
    out = (await play([*lines, "bob: /go Hahnentor"], seed=7))[len(before) :]
    assert out == ["[dm:bob] Hahnentorburg cannot be reached with this move."]
    out = (await play([*lines, "bob: /go Waid"], seed=7))[len(before) :]
    assert out == ["[dm:bob] Waidmarkt cannot be reached with this move."]
    out = (await play([*lines, "bob: /go friesen"], seed=7))[len(before) :]
    assert "[group] bob moves to Friesenwall." in out
