"""A board drawn with the bot's label, which the renderers remember lines by (bot/table/play.py
`board_label`, render/boards.py `told`, each renderer's remembered lines), says what a
board drawn afresh says, at every step of whole games and in both languages: nothing a
step changed is shown as it was, nor one language's line in the other."""

import gc

import pytest

from bot.table import outbox, play
from bot.table.outbox import Outbox
from render import boards
from rules import registry
from rules.core.errors import RuleError
from tests.fixtures.chat import Chat
from tests.fixtures.conformance import Seeded, candidate_actions

NAMES = ["alice", "bob", "carol", "dave", "erin", "frank"]


def afresh(out: Outbox):
    """`out.text` as a new function, whose lines nobody remembers: neither the renderers
    (a label they have not met) nor the outbox (its messages made anew each time)."""

    def label(key: str, **params):
        outbox._texts.clear()
        return out.text(key, **params)

    return label


@pytest.mark.parametrize(
    ("game", "players"), [("aufruhr", 6), ("einsistkeins", 4), ("einsistkeins_karten", 5)]
)
def test_a_board_of_remembered_lines_is_the_board_drawn_afresh(game: str, players: int) -> None:
    spec = registry.get(game)
    assert spec is not None
    outs = [Outbox(lang=lang, game=game, names=NAMES[:players]) for lang in ("en", "de")]
    draw = Seeded(11)
    state = spec.setup(players, spec.options(), 11)
    boards_seen = set()
    for step in range(5000):
        if spec.outcome(state) is not None:
            break
        view = spec.public_view(state)
        out = outs[step % 2]
        drawn = boards.board_text(game, view, out.names, afresh(out))
        remembered = boards.board_text(game, view, out.names, play.board_label(out))
        assert remembered == drawn, f"step {step}"
        boards_seen.add(drawn)
        prompt = draw.choice([p for p in spec.prompts(state) if not p.standing])
        answer = candidate_actions(prompt, draw)
        try:
            state, _ = spec.apply(state, draw.choice(prompt.seats), spec.parse_action(answer))
        except RuleError:
            continue
    assert spec.outcome(state) is not None
    assert len(boards_seen) > 20  # (a whole game: the boards changed as it went)


def test_a_project_changing_hands_is_shown_with_its_new_owners() -> None:
    """(A project's owners change rarely in a game: a random one may never show it.)"""
    spec = registry.get("aufruhr")
    assert spec is not None
    view = spec.public_view(spec.setup(4, spec.options(), 3))
    out = Outbox(lang="en", game="aufruhr", names=NAMES[:4])
    first = boards.board_text("aufruhr", view, out.names, play.board_label(out))
    p = view.projects[0]
    others = tuple(s for s in range(4) if s not in p.owners)[:1]
    moved = p.model_copy(update={"owners": others})
    view = view.model_copy(update={"projects": (moved, *view.projects[1:])})
    remembered = boards.board_text("aufruhr", view, out.names, play.board_label(out))
    assert remembered == boards.board_text(
        "aufruhr", view, out.names, lambda k, **q: out.text(k, **q)
    )
    assert remembered != first


@pytest.mark.parametrize("game", ["einsistkeins", "einsistkeins_karten", "aufruhr"])
async def test_a_hand_shown_leaves_no_outbox_behind(redis, game: str) -> None:
    """The renderers remember lines by label: a private view drawn with a command's own
    `out.text` would keep that command's outbox (its replies, its pictures) alive in
    their memos, one more for every /hand — it is drawn with the bot's shared label."""
    chat = Chat.make(redis)
    await chat.say(f"anna: /new {game}", "ben: /join", "cem: /join", "dora: /join", "anna: /start")
    await chat.say("ben: /hand")  # (the first one makes the shared label)
    gc.collect()
    before = sum(isinstance(o, Outbox) for o in gc.get_objects())
    for _ in range(20):
        assert (await chat.say("ben: /hand"))[0].startswith("[dm:ben]")
    gc.collect()
    assert sum(isinstance(o, Outbox) for o in gc.get_objects()) <= before
