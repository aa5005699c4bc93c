"""bench.chat_flow: its wait measure (from a player's answer to the last group call it
caused), and what its text-board figures are of."""

from bench.chat_flow import PHOTO, TEXT, percentiles, telegram_game, waits


def test_a_wait_ends_at_the_last_group_call_before_the_next_answer():
    # answered at 10 (calls at 10.5 and 12), at 20 (nothing in the group), at 30 (31)
    assert waits([10.0, 20.0, 30.0], [12.0, 10.5, 31.0]) == [2.0, 1.0]


def test_calls_after_the_last_answer_are_its_result():
    assert waits([5.0], [5.0, 9.0]) == [4.0]


def test_percentiles_stay_within_what_was_measured():
    values = [float(v) for v in range(1, 101)]
    median, p99 = percentiles(values)
    assert median == 50.5
    assert 99.0 <= p99 <= 100.0
    assert percentiles([3.0]) == (3.0, 3.0)


async def test_the_text_board_figures_are_of_a_chat_that_refuses_photos():
    # (the test game: a round's bids and protests, on the model clock, in a second)
    text = await telegram_game("auktion", 3, "rounds=1", TEXT)
    photo = await telegram_game("auktion", 3, "rounds=1", PHOTO)
    assert text.board == TEXT and text.decisions > 0
    assert text.uploaded == 0 and any("<pre>" in shown for _, _, shown in text.calls)
    assert photo.uploaded > 0  # (the same game with its board as a picture)
