"""A secret prompt's buttons, made once for all its seats: each seat still sees exactly
the options not hidden from it, in rows, and presses that name its own step and option."""

import pytest

from bot.table import buttons, keyboards
from bot.table.model import Seat, Table
from bot.table.outbox import Outbox
from rules.core.protocol import Option, Prompt
from tests.games.auktion.model import Bid

USERS = ["u0", "u1", "u2", "u3"]


def asked(hidden: dict[int, tuple[int, ...]], options: int = 6) -> dict[str, list[list[str]]]:
    """Each user's private keyboard (as button labels, row by row) for one secret prompt
    to all four seats, option i hidden from the seats `hidden[i]`."""
    seats = [Seat(user=u, name=u.upper()) for u in USERS]
    table = Table(platform="console", chat="g", seats=seats, step_token="7.ab")
    prompt = Prompt(
        id="vote",
        seats=(0, 1, 2, 3),
        key="k",
        secret=True,
        options=tuple(
            Option(label=f"o{i}", literal=True, action=Bid(amount=i), hidden_from=hidden.get(i, ()))
            for i in range(options)
        ),
    )
    out = Outbox(lang="en")
    keyboards.post_prompts(table, [prompt], out)
    for user in USERS:
        for row in out.private_buttons[user]:
            for b in row:  # every button names the step and its own option
                assert buttons.decode(b.data) == buttons.Press("g", "7.ab", 0, int(b.label[1:]))
    return {u: [[b.label for b in row] for row in out.private_buttons[u]] for u in USERS}


def test_nothing_hidden_every_seat_sees_every_option_in_rows_of_four():
    rows = [["o0", "o1", "o2", "o3"], ["o4", "o5"]]
    assert asked({}) == {u: rows for u in USERS}


def test_a_ballot_does_not_offer_the_voter_himself():
    got = asked({i: (i,) for i in range(4)}, options=4)
    assert got == {
        "u0": [["o1", "o2", "o3"]],
        "u1": [["o0", "o2", "o3"]],
        "u2": [["o0", "o1", "o3"]],
        "u3": [["o0", "o1", "o2"]],
    }


def test_seats_hidden_the_same_options_see_the_same_rows_the_others_theirs():
    got = asked({0: (1, 2), 5: (3,)})
    assert got["u0"] == [["o0", "o1", "o2", "o3"], ["o4", "o5"]]
    assert got["u1"] == got["u2"] == [["o1", "o2", "o3", "o4"], ["o5"]]
    assert got["u3"] == [["o0", "o1", "o2", "o3"], ["o4"]]


def test_options_encoded_at_once_are_those_encoded_one_by_one():
    assert buttons.encode_options("telegram:-100", "12.3f", 1, 3) == [
        buttons.encode("telegram:-100", "12.3f", 1, i) for i in range(3)
    ]
    assert buttons.encode_options("g", "1.x", 0, 0) == []
    with pytest.raises(ValueError, match="too long"):  # Telegram's 64 bytes, as one by one
        buttons.encode_options("c" * 50, "12.3f", 0, 11)  # (the 11th is "0.10")
    with pytest.raises(ValueError, match="too long"):  # counted in bytes, not characters
        buttons.encode("ü" * 28, "1.x", 0, 0)
    assert len(buttons.encode("ü" * 10, "1.x", 0, 0)) < buttons.MAX_BYTES


@pytest.mark.parametrize(
    "lang, seats, said",
    [
        ("en", (2,), "Secret answer: the question went to U2 privately."),
        ("de", (2,), "Geheime Antwort: die Frage ging privat an U2."),
        ("en", (0, 1), "Secret answers: the question went to each of you privately."),
    ],
)
def test_the_group_is_told_whom_a_secret_question_went_to(lang, seats, said):
    # One seat choosing a card privately was told "… went to each of you privately".
    seated = [Seat(user=u, name=u.upper()) for u in USERS]
    table = Table(platform="console", chat="g", seats=seated, step_token="7.ab")
    options = (Option(label="o", literal=True, action=Bid(amount=1)),)
    prompt = Prompt(id="card", seats=seats, key="k", secret=True, options=options)
    out = Outbox(lang=lang, names=[u.upper() for u in USERS])
    keyboards.post_prompts(table, [prompt], out)
    assert out.group_lines == [said]


def _ask(seat: int, owed: int, secret: bool = True) -> Prompt:
    options = tuple(Option(label=f"c{i}", literal=True, action=Bid(amount=i)) for i in range(3))
    return Prompt(
        id=f"discard:{seat}:{owed}", seats=(seat,), key="k", secret=secret, options=options
    )


def test_an_unchanged_private_question_stands_across_steps_and_its_buttons_answer():
    """Seat 0 answers and the step changes; seat 1's question is as it was: not sent
    again, its buttons (step 7.ab, prompt 1) answer it where it stands now (0), also a
    step later; seat 0's changed question is sent anew."""
    seats = [Seat(user=u, name=u.upper()) for u in USERS]
    table = Table(platform="console", chat="g", seats=seats, step_token="7.ab")
    keyboards.carry(table, [_ask(0, 2), _ask(1, 2)], [_ask(1, 2), _ask(0, 1)])
    assert set(table.carried) == {1}
    out = Outbox(lang="en")
    keyboards.post_prompts(table, [_ask(1, 2), _ask(0, 1)], out, table.carried)
    assert set(out.private) == {"u0"}
    table.step_token = "8.cd"
    assert keyboards.carried_index(table, "u1", "7.ab", 1) == 0
    assert keyboards.carried_index(table, "u0", "7.ab", 0) is None  # changed since: outdated
    assert keyboards.carried_index(table, "u0", "8.cd", 1) == 1  # this step's own
    keyboards.carry(table, [_ask(1, 2), _ask(0, 1)], [_ask(1, 2)])  # seat 0 is done
    table.step_token = "9.ef"
    assert keyboards.carried_index(table, "u1", "7.ab", 1) == 0
    assert keyboards.carried_index(table, "u1", "8.cd", 0) is None  # never sent to u1
    keyboards.carry(table, [_ask(1, 2)], [_ask(1, 1)])  # changed: asked anew
    assert table.carried == {}
    # a public question is the group's: nothing private to carry
    keyboards.carry(table, [_ask(2, 1, secret=False)], [_ask(2, 1, secret=False)])
    assert table.carried == {}
