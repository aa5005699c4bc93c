"""Die Heinzelmännchen von Köln as a play-tester met it: whole console scripts (the
playground's `--script` with a seed) and what the group is shown. Each test is one
defect they found; the readings behind them are in rules/heinzel/NOTES.md."""

from adapters.console.__main__ import run_script
from tests.fixtures.paths import TRANSCRIPTS

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
    # a beginning of several places, none reachable: none of them is named as "the" one
    out = (await play([*lines, "bob: /go Hohe"], seed=7))[len(before) :]
    assert out == ['[dm:bob] No field beginning "Hohe" can be reached with this move.']
    out = (await play([*lines, "bob: /go Eigelstein"], seed=7))[len(before) :]
    assert out == ["[dm:bob] Eigelstein cannot be reached with this move."]  # a whole name
    out = (await play([*lines, "bob: /go friesen"], seed=7))[len(before) :]
    assert "[group] bob moves to Friesenwall." in out


# seed 11, three players in German: by turn 17 alice has played all three action cards
WITHOUT_CARDS = [
    "alice: /new heinzel",
    "bob: /join",
    "carol: /join",
    "alice: /start",
    "bob: [🎲 Würfeln]",
    "bob: [🛢 Küfer (Fischmarkt)]",
    "carol: [🎲 Würfeln]",
    "carol: [🪚 Zimmermann (Holzmarkt)]",
    "alice: [🕳 Tunnelkarte]",
    "alice: [🕳 St. Kunibert]",
    "bob: [🎲🎲 Zweimal Würfeln]",
    "bob: [🎲 Würfeln]",
    "bob: [Mühlenbach]",
    "bob: [🎲 Würfeln]",
    "bob: [🪚 Zimmermann (Holzmarkt)]",
    "carol: [🏮 Nachtwächterkarte spielen]",
    "carol: [🕳 Tunnelkarte]",
    "carol: [🕳 St. Kunibert]",
    "alice: [🎲 Würfeln]",
    "alice: [Alter Markt]",
    "bob: [🕳 Tunnelkarte]",
    "bob: [🕳 St. Andreas]",
    "carol: [🎲 Würfeln]",
    "carol: [🥨 Bäcker (Weidengasse)]",
    "alice: [🎲 Würfeln]",
    "alice: [Groß St. Martin]",
    "bob: [🎲 Würfeln]",
    "bob: [🥩 Fleischer (Fleischmengergasse)]",
    "carol: [🎲🎲 Zweimal Würfeln]",
    "carol: [🎲 Würfeln]",
    "carol: [Eigelsteintorburg]",
    "carol: [🎲 Würfeln]",
    "carol: [🛢 Küfer (Fischmarkt)]",
    "alice: [🏮 Nachtwächterkarte spielen]",
    "alice: [🎲 Würfeln]",
    "alice: /go Weidengasse",
    "bob: [🎲 Würfeln]",
    "bob: [Gereonswall]",
    "carol: [🎲 Würfeln]",
    "carol: /go Groß St. Martin",
    "alice: [🎲🎲 Zweimal Würfeln]",
    "alice: [🎲 Würfeln]",
    "alice: /go Weckschnapp",
    "alice: [🎲 Würfeln]",
    "alice: [🛢 Küfer (Fischmarkt)]",
    "bob: [🎲 Würfeln]",
    "bob: /go Weidengasse",
    "carol: [🎲 Würfeln]",
    "carol: [🕳 St. Pantaleon]",
    "carol: [Hier bleiben]",
]


async def test_a_player_without_action_cards_is_asked_only_to_roll():
    out = await play(WITHOUT_CARDS, seed=11, lang="de")
    asked = [line for line in out if "ist dran (" in line]
    assert asked[0] == "[group] bob ist dran (Bayenturm): würfeln oder eine Aktionskarte spielen."
    assert asked[-1] == "[group] alice ist dran (Fischmarkt): würfeln."
    assert out[out.index(asked[-1]) + 2] == "[group:buttons] [🎲 Würfeln]"


async def test_after_a_lost_duel_the_board_names_the_loser_who_must_answer():
    # seed 1 (tests/transcripts/heinzel_4p.txt): in carol's turn bob loses the duel at
    # the Holzmarkt and is asked whether to play his Nachtwächter card
    lines = [
        "alice: /new heinzel youngest=4",
        "bob: /join",
        "carol: /join",
        "dave: /join",
        "alice: /start",
        "dave: [🎲 Roll]",
        "dave: [🥨 Baker (Weidengasse)]",
        "alice: [🎲 Roll]",
        "alice: [🥨 Baker (Weidengasse)]",
        "dave: [🏮 Play the night watchman]",
        "bob: [🎲 Roll]",
        "bob: [🪚 Carpenter (Holzmarkt)]",
        "carol: [🎲 Roll]",
        "carol: [🪚 Carpenter (Holzmarkt)]",
    ]
    out = await play(lines, seed=1)
    lost = next(i for i, line in enumerate(out) if line.startswith("[group] bob lost"))
    assert out[lost + 1] == "[group] ⏳ Waiting for bob · 300 s left"
    assert "[group] To play: bob" in out[lost:]
    assert "[group] To play: carol" not in out[lost:]


async def test_who_becomes_schneiders_weib_is_told_so_for_any_player():
    # seed 11, three players in German: bob is the first at the Schneider; "bob war als
    # Erste beim Schneider" was the feminine ordinal for any player
    lines = [*WITHOUT_CARDS, "alice: [🎲 Würfeln]", "alice: [St. Severin]"]
    lines += ["bob: [🎲 Würfeln]", "bob: /go St. Ursula"]
    lines += ["carol: [🎲 Würfeln]", "carol: [🥩 Fleischer (Fleischmengergasse)]"]
    lines += ["alice: [🎲 Würfeln]", "alice: [🪚 Zimmermann (Holzmarkt)]"]
    lines += ["bob: [🎲 Würfeln]", "bob: /go Dom"]
    out = await play(lines, seed=11, lang="de")
    weib = (
        "[group] bob ist zuerst beim Schneider und wird Schneiders Weib: ab dem nächsten Zug"
        " wird nach jedem Zug eine Erbsenkarte gezogen."
    )
    assert weib in out


def test_a_shop_entered_again_says_why_no_card_comes():
    # a move ends at every shop; a second visit pays nothing, and the group was told only
    # "carol moves to Fleischmengergasse." (a play-tester's seed 3 game, turn 21)
    from bot.table.outbox import Outbox
    from rules.heinzel import SPEC
    from rules.heinzel.board import board
    from rules.heinzel.model import Go, Options

    state = SPEC.setup(2, Options(), 7)
    here = next(f.index for f in board().fields if f.name == "St. Aposteln")
    state.pos[0], state.turn_from, state.phase, state.roll = here, here, "move", 1
    state.taken[0] = {"fleischer": 1}
    state, events = SPEC.apply(state, 0, Go(to="Fleischmengergasse"))
    for lang, said in (
        ("en", "alice has helped the Butcher already: no second point card."),
        ("de", "alice hat dem Fleischer schon geholfen: keine zweite Punktekarte."),
    ):
        told = Outbox(lang=lang, names=["alice", "bob"], game="heinzel")
        assert [told.text(e.key, **e.params) for e in events][1] == said
    assert state.taken[0] == {"fleischer": 1} and state.turn == 1


async def test_equal_points_on_different_places_are_explained():
    # tests/transcripts/heinzel_4p.txt ends "2. dave – 12 points", "3. alice – 12 points"
    # with no word why dave is ahead (the rule book: who reached the Schneider first)
    script = TRANSCRIPTS / "heinzel_4p.txt"
    out = await play(script.read_text().splitlines(), seed=1)
    why = "[group] dave ranks ahead of alice: equal points (12), but dave reached the Tailor first."
    assert out.index(why) < out.index("[group] 3. alice – 12 points")
    assert sum("ranks ahead" in line for line in out) == 1


async def test_the_rules_say_how_the_youngest_begins():
    # the rule book: "Der jüngste Spieler beginnt"; the bot cannot know ages and had the
    # opener begin, with the option that says otherwise named nowhere a player looks
    for lang, said in (("en", "/new heinzel youngest=2"), ("de", "/new heinzel youngest=2")):
        out = await play(["alice: /rules heinzel"], seed=1, lang=lang)
        assert said in out[0]
    out = await play(["alice: /rules heinzel"], seed=1, lang="de")
    assert "Der Jüngste beginnt" in out[0]


async def test_start_refuses_a_youngest_past_the_players():
    # `youngest=3` with two players was taken silently and the opener began
    lines = ["alice: /new heinzel youngest=3", "bob: /join", "alice: /start"]
    for lang, said in (
        (
            "en",
            "[group] youngest=3 names nobody: 2 players are seated. More can /join,"
            " or /abort and open the table again with youngest=1 to 2.",
        ),
        (
            "de",
            "[group] youngest=3 nennt niemanden: 2 Spieler sitzen am Tisch. Weitere können"
            " /join sagen, oder /abort und den Tisch neu eröffnen mit youngest=1 bis 2.",
        ),
    ):
        out = await play(lines, seed=1, lang=lang)
        assert out[-1] == said
    # nothing started: a third player sits down, and then the game begins
    out = await play([*lines, "carol: /join", "alice: /start"], seed=1)
    assert "[group] carol sits down (3/4)." in out
    assert "[group] The Heinzelmännchen of Cologne begins! At the table: alice, bob, carol." in out


async def test_a_typed_move_shows_the_choice_not_everyone_has_answered():
    # seed 7: alice rolls 6 and types /go Dom; her status message ended "✓ Everyone has
    # answered." after her own move; bob's typed place is the name of no button
    for lang, roll, tailor in (
        ("en", "🎲 Roll", "🧵 Tailor (Dom)"),
        ("de", "🎲 Würfeln", "🧵 Schneider (Dom)"),
    ):
        lines = [*JOIN, f"alice: [{roll}]", "alice: /go Dom", f"bob: [{roll}]", "bob: /go friesen"]
        out = await play(lines, seed=7, lang=lang)
        assert f"[group:edit] ✓ alice: {tailor}" in out
        assert "[group:edit] ✓ bob: Friesenwall" in out
        assert not any("Everyone has answered" in line or "Alle haben" in line for line in out)


def test_go_suggests_every_field_a_roll_may_reach():
    # Discord completes /go from SPEC.choices("fields"): only the named places were
    # offered, none of the walking fields that half the buttons name
    from rules.heinzel import SPEC
    from rules.heinzel.board import board

    offered = SPEC.choices("fields")
    assert {"Friesenwall", "Hohe Straße 1", "Hohe Straße 2", "Severinstraße"} <= set(offered)
    assert sorted(offered) == sorted(f.name for f in board().fields)


async def test_the_second_roll_of_zweimal_wuerfeln_may_be_left_out():
    # seed 4: bob plays Zweimal Würfeln, rolls 5 and enters the Fleischer's shop; the rule
    # book gives him "das Recht" to roll twice: he may stay in the shop
    lines = ["alice: /new heinzel youngest=2", "bob: /join", "alice: /start"]
    lines += ["bob: [🎲🎲 Roll twice]", "bob: [🎲 Roll]", "bob: [🥩 Butcher (Fleischmengergasse)]"]
    out = await play([*lines, "bob: [No second roll]"], seed=4)
    asked = out.index("[group:edit] bob may roll once more (Fleischmengergasse).")
    assert out[asked + 2] == "[group:buttons] [🎲 Roll] [No second roll]"
    told = out.index("[group] bob does without the second roll.")
    assert out[told + 1] == "[group] alice's turn (Weckschnapp): roll or play an action card."


async def test_go_finds_a_place_typed_without_umlauts_or_dots():
    # seed 7: alice rolls 6 from Weckschnapp, Mühlenbach among the fields; an English
    # keyboard writes "Muehlenbach" or "Muhlenbach", and many leave out the dot of "St."
    lines = [*JOIN, "alice: [🎲 Roll]"]
    for typed in ("Muehlenbach", "muhlenbach", "Mühlen"):
        out = await play([*lines, f"alice: /go {typed}"], seed=7)
        assert "[group] alice moves to Mühlenbach." in out, typed
    lines += ["alice: /go Dom", "bob: [🎲 Roll]", "bob: /go St Aposteln"]
    assert "[group] bob moves to St. Aposteln." in await play(lines, seed=7)


async def test_table_talk_of_the_player_asked_is_no_move():
    # Anything bob wrote while asked where to go was read as a place: "good luck" got a
    # private "No field is called …" on every message. Plain talk that is no answer is
    # none of the bot's business; plain text that is one still moves, `/go` still refuses.
    lines = [*JOIN, "alice: [🎲 Roll]", "alice: /go Dom", "bob: [🎲 Roll]"]
    before = await play(lines, seed=7)
    for talk in ("good luck, alice!", "hello", "Eigelstein"):  # (Eigelstein: out of reach)
        assert (await play([*lines, f"bob: {talk}"], seed=7))[len(before) :] == []
    out = (await play([*lines, "bob: hello", "bob: friesen"], seed=7))[len(before) :]
    assert "[group] bob moves to Friesenwall." in out
    out = (await play([*lines, "bob: /go hello"], seed=7))[len(before) :]
    assert out == ['[dm:bob] No field is called "hello".']
