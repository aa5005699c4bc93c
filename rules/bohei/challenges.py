"""Challenges: a duel (the player picks the opponent, and a neutral judge where the card
needs one) or the whole group by elimination. Replayed until there is one winner (rule
book); a table may choose `ties=N`, after N rounds without one the dice settle it, and a
round nobody in it answers ends it without a winner. The winner may draw up to 2,
discard up to 2, or do nothing.
While a challenge runs, the rule cards are off for everyone in it.

Games: dice (everyone rolls, highest wins), rps (rock-paper-scissors by private message),
race (first to type the word shown, or the word backwards; three wrong tries and you are
out), go (press after "GO"; press before it and you are out), chain (a word chain in
turn; a wrong or repeated word and you are out), guess (closest to a hidden number from
1 to 20, guessed privately), judged (the neutral third decides).
"""

import re

from rules.bohei import deck
from rules.bohei.data import ChallengeCard, card, named
from rules.bohei.data import deck as the_deck
from rules.bohei.model import Challenge, State
from rules.core.errors import RuleError
from rules.core.protocol import Event
from rules.core.rng import Rng
from rules.core.turns import Collect, clockwise

MAX_TRIES = 3
LETTERS = "abdefghiklmnoprstw"  # first letters both languages have plenty of words for
ONE_WORD = re.compile(r"[^\W\d_]{2,}")
# Words one chain holds: a chain that has held this long has no loser in sight (a table
# would start afresh), and each word is kept to refuse its repeat, so a table's size
# would grow with a chain nobody breaks (NOTES.md, "word chain").
CHAIN_WORDS = 50
SIGN_SHOWN = ("✊", "✋", "✌️")
BEATS = {0: 2, 1: 0, 2: 1}  # rock beats scissors, paper beats rock, scissors beat paper


def spec(state: State) -> ChallengeCard:
    assert state.challenge is not None
    c = card(state.challenge.card)
    assert isinstance(c, ChallengeCard)
    return c


def start(state: State, seat: int, instance: str) -> list[Event]:
    c = card(instance)
    assert isinstance(c, ChallengeCard)
    deck.discard(state, seat, instance)
    state.challenges += 1
    events = [Event(key="bohei.challenge_played", params={"seat": seat, **named(instance)})]
    state.phase = "challenge"
    if c.mode == "group":
        seats = clockwise(state.players, seat)
        state.challenge = Challenge(card=c.id, by=seat, stage="play", involved=seats, seats=seats)
        return events + _begin(state)
    state.challenge = Challenge(card=c.id, by=seat, stage="opponent", involved=[seat])
    return events


def choices(state: State) -> list[int]:
    """Whom the player may pick now: an opponent, or a neutral third."""
    ch = state.challenge
    assert ch is not None
    if ch.stage == "opponent":
        return [s for s in range(state.players) if s != ch.by]
    return [s for s in range(state.players) if s not in ch.seats]


def choose(state: State, seat: int, chosen: int) -> list[Event]:
    ch = state.challenge
    assert ch is not None
    if seat != ch.by or ch.stage not in ("opponent", "third"):
        raise RuleError("error.not_prompted")
    if chosen not in choices(state):
        raise RuleError("bohei.error.bad_target")
    if ch.stage == "opponent":
        ch.seats = [ch.by, chosen]
        ch.involved = [ch.by, chosen]
        events = [Event(key="bohei.opponent", params={"seat": ch.by, "other_seat": chosen})]
        if not spec(state).third:
            return events + _begin(state)
        ch.stage = "third"
        if len(choices(state)) > 1:
            return events
        chosen = choices(state)[0]  # three players: the third is obvious
    ch.third = chosen
    ch.involved = [*ch.seats, chosen]
    return [Event(key="bohei.judge", params={"seat": chosen}), *_begin(state)]


def no_opponent(state: State, seat: int) -> list[Event]:
    """No opponent picked in time: a duel with one player has no winner (NOTES.md,
    "silent turns"); the bot pulls nobody into a duel for a player who is not there."""
    ch = state.challenge
    if ch is None or seat != ch.by or ch.stage != "opponent":
        raise RuleError("error.not_prompted")
    return [Event(key="bohei.no_opponent", params={"seat": seat}), *nobody(state)]


def _begin(state: State) -> list[Event]:
    """A (new) round among the seats still in."""
    ch = state.challenge
    assert ch is not None
    c = spec(state)
    rng = Rng(state.rng)
    ch.stage = "play"
    ch.entrants = list(ch.seats)
    ch.answers = Collect(asked=tuple(ch.seats))
    ch.tries = {}
    params: dict[str, object] = {"round": ch.round, "seats": list(ch.seats)}
    match c.game:
        case "race":
            ch.word = rng.below(len(the_deck().words))
            de, en = the_deck().words[ch.word]
            params |= {"word": {"de": de, "en": en}}
        case "guess":
            ch.target = rng.randint(1, 20)
        case "go":
            low, high = sorted((state.options.go_min, state.options.go_max))
            ch.go_after = rng.randint(low, high)
            ch.stage = "ready"
        case "chain":
            ch.letter = rng.choice(LETTERS)
            ch.used = []
            ch.chain_turn = ch.seats[0]
            params |= {"letter": ch.letter.upper(), "seat": ch.chain_turn}
    state.rng = rng.state
    key = f"bohei.round_{c.game}" + (
        "_reverse" if c.game == "race" and c.variant == "reverse" else ""
    )
    return [Event(key=key, params=params)]


def roll(state: State, seat: int) -> list[Event]:
    ch = _playing(state, seat, "dice")
    rng = Rng(state.rng)
    value = rng.randint(1, 6)
    state.rng = rng.state
    ch.answers = ch.answers.answer(seat, value)
    events = [Event(key="bohei.rolled", params={"seat": seat, "value": value})]
    if ch.answers.complete:
        top = max(ch.answers.answers.values())
        events += _decide(state, [s for s, v in ch.answers.answers.items() if v == top])
    return events


def sign(state: State, seat: int, value: int) -> list[Event]:
    ch = _playing(state, seat, "rps")
    ch.answers = ch.answers.answer(seat, value)
    events = [Event(key="bohei.sign_taken", params={"seat": seat})]
    if ch.answers.complete:
        (a, x), (b, y) = sorted(ch.answers.answers.items())
        events.append(
            Event(
                key="bohei.signs",
                params={
                    "seat": a,
                    "shown": SIGN_SHOWN[x],
                    "other_seat": b,
                    "other_shown": SIGN_SHOWN[y],
                },
            )
        )
        winners = [a, b] if x == y else [a] if BEATS[x] == y else [b]
        events += _decide(state, winners)
    return events


def guess(state: State, seat: int, number: int) -> list[Event]:
    if typed_with(state) != "guess":
        raise RuleError("bohei.error.no_guess_challenge")
    ch = _playing(state, seat, "guess")
    if not 1 <= number <= 20:
        raise RuleError("error.number_min" if number < 1 else "error.number_max", min=1, max=20)
    ch.answers = ch.answers.answer(seat, number)
    events = [Event(key="bohei.guess_taken", params={"seat": seat})]
    if ch.answers.complete:
        guesses = dict(sorted(ch.answers.answers.items()))
        events.append(
            Event(
                key="bohei.guesses",
                params={
                    "target": ch.target,
                    "guessed": [f"{g}" for g in guesses.values()],
                    "guesser_seats": list(guesses),
                },
            )
        )
        best = min(abs(g - ch.target) for g in guesses.values())
        events += _decide(state, [s for s, g in guesses.items() if abs(g - ch.target) == best])
    return events


def word(state: State, seat: int, text: str) -> list[Event]:
    ch = state.challenge
    if ch is None or typed_with(state) != "word":
        raise RuleError("bohei.error.no_word_challenge")
    if seat not in ch.seats:
        raise RuleError("error.not_prompted")
    if spec(state).game == "chain":
        return _chain(state, seat, text.strip())
    de, en = the_deck().words[ch.word]
    wanted = {de.casefold(), en.casefold()}
    if spec(state).variant == "reverse":
        wanted = {w[::-1] for w in wanted}
    if text.strip().casefold() in wanted:
        return [Event(key="bohei.typed_right", params={"seat": seat}), *_win(state, seat)]
    ch.tries[seat] = ch.tries.get(seat, 0) + 1
    if ch.tries[seat] < MAX_TRIES:
        return [
            Event(
                key="bohei.typed_wrong", params={"seat": seat, "left": MAX_TRIES - ch.tries[seat]}
            )
        ]
    return [Event(key="bohei.out_of_tries", params={"seat": seat}), *_out(state, seat)]


def _chain(state: State, seat: int, text: str) -> list[Event]:
    ch = state.challenge
    assert ch is not None
    if seat != ch.chain_turn:
        raise RuleError("bohei.error.not_your_word")
    folded = text.casefold()
    if not ONE_WORD.fullmatch(text) or not folded.startswith(ch.letter) or folded in ch.used:
        return [
            Event(key="bohei.chain_broken", params={"seat": seat, "letter": ch.letter.upper()}),
            *_out(state, seat),
        ]
    ch.used.append(folded)
    if len(ch.used) >= CHAIN_WORDS:  # unbroken: a new round, a new letter
        told = Event(key="bohei.chain_held", params={"count": CHAIN_WORDS})
        return [told, *_replay(state, list(ch.seats))]
    ch.letter = folded[-1]
    ch.chain_turn = _after(ch.seats, seat)
    return []  # the next player is asked by the chain's prompt


def _after(seats: list[int], seat: int) -> int:
    return seats[(seats.index(seat) + 1) % len(seats)]


def press(state: State, seat: int) -> list[Event]:
    ch = state.challenge
    if ch is None or seat not in ch.seats or spec(state).game != "go":
        raise RuleError("error.not_prompted")
    if ch.stage == "go":
        return [Event(key="bohei.pressed_first", params={"seat": seat}), *_win(state, seat)]
    return [Event(key="bohei.false_start", params={"seat": seat}), *_out(state, seat)]


def go_signal(state: State) -> list[Event]:
    ch = state.challenge
    if ch is None or ch.stage != "ready":
        raise RuleError("error.not_prompted")
    ch.stage = "go"
    return []  # "GO!" is the ready prompt's timeout line, then the press prompt


def judge(state: State, seat: int, winner: int | None) -> list[Event]:
    ch = state.challenge
    if ch is None or seat != ch.third:
        raise RuleError("error.not_prompted")
    if winner is not None and winner not in ch.seats:
        raise RuleError("bohei.error.bad_target")
    if winner is None:
        return [
            Event(key="bohei.judged_tie", params={"seat": seat}),
            *_replay(state, list(ch.seats)),
        ]
    return [
        Event(key="bohei.judged", params={"seat": seat, "winner_seat": winner}),
        *_win(state, winner),
    ]


def toss(state: State, seat: int) -> list[Event]:
    ch = state.challenge
    if ch is None or seat != ch.third:
        raise RuleError("error.not_prompted")
    rng = Rng(state.rng)
    winner = rng.choice(ch.seats)
    state.rng = rng.state
    return [Event(key="bohei.tossed", params={"seat": winner}), *_win(state, winner)]


def typed_with(state: State) -> str | None:
    """The command the running challenge's move is typed with (`/word`, `/guess`), if
    any: a word for a race or a chain, a number for a guess."""
    ch = state.challenge
    if ch is None or ch.stage in ("opponent", "third"):
        return None
    return {"race": "word", "chain": "word", "guess": "guess"}.get(spec(state).game)


def asked(state: State) -> tuple[int, ...]:
    """Whom the challenge's move waits for now (its prompt's seats, prompts.py)."""
    ch = state.challenge
    assert ch is not None
    match spec(state).game:
        case "race" | "go":
            return tuple(ch.seats)  # everyone still in, at once
        case "chain":
            return (ch.chain_turn,)
        case "judged":
            return () if ch.third is None else (ch.third,)
    return ch.answers.waiting  # dice, rps, guess: each answers once


def forfeit(state: State, seat: int) -> list[Event]:
    """Silent when the deadline passed: out of the challenge. When everyone still in
    was asked, all of them are silent at this deadline: nobody is left standing, and
    nobody played to tie with (NOTES.md, "all silent")."""
    ch = state.challenge
    if ch is None or seat not in ch.seats:
        raise RuleError("error.not_prompted")
    if set(ch.seats) <= set(asked(state)):
        return nobody(state)
    return [Event(key="bohei.silent_out", params={"seat": seat}), *_out(state, seat)]


def _playing(state: State, seat: int, game: str) -> Challenge:
    ch = state.challenge
    if ch is None or spec(state).game != game or seat not in ch.answers.waiting:
        raise RuleError("error.not_prompted")
    return ch


def _out(state: State, seat: int) -> list[Event]:
    """`seat` leaves the challenge; the last one in wins, nobody left means a replay."""
    ch = state.challenge
    assert ch is not None
    ch.seats = [s for s in ch.seats if s != seat]
    answers = {s: v for s, v in ch.answers.answers.items() if s != seat}
    ch.answers = Collect(asked=tuple(s for s in ch.answers.asked if s != seat), answers=answers)
    if len(ch.seats) == 1:
        return _win(state, ch.seats[0])
    if not ch.seats:
        return _replay(state, list(ch.entrants))
    if spec(state).game == "chain" and ch.chain_turn == seat:
        ch.chain_turn = next(s for s in clockwise(state.players, seat) if s in ch.seats)
        return []
    if ch.answers.asked and ch.answers.complete and spec(state).game in ("dice", "guess"):
        best = _best(state)
        return _decide(state, best)
    return []


def _best(state: State) -> list[int]:
    ch = state.challenge
    assert ch is not None
    values = ch.answers.answers
    if spec(state).game == "dice":
        top = max(values.values())
        return [s for s, v in values.items() if v == top]
    near = min(abs(v - ch.target) for v in values.values())
    return [s for s, v in values.items() if abs(v - ch.target) == near]


def _decide(state: State, winners: list[int]) -> list[Event]:
    if len(winners) == 1:
        return _win(state, winners[0])
    return [
        Event(key="bohei.tie", params={"seats": sorted(winners)}),
        *_replay(state, sorted(winners)),
    ]


def _replay(state: State, seats: list[int]) -> list[Event]:
    ch = state.challenge
    assert ch is not None
    ch.seats = seats
    ch.round += 1
    bound = state.options.ties
    if not bound or ch.round <= bound:
        return _begin(state)
    # Settled by dice (the table chose `ties`): rolled for everyone still in until one is highest.
    rng = Rng(state.rng)
    events = []
    while True:
        rolls = {s: rng.randint(1, 6) for s in seats}
        events.append(
            Event(
                key="bohei.dice_off",
                params={
                    "rolls": [f"{v}" for v in rolls.values()],
                    "roller_seats": list(rolls),
                    "rounds": bound,
                },
            )
        )
        top = max(rolls.values())
        seats = [s for s, v in rolls.items() if v == top]
        if len(seats) == 1:
            break
    state.rng = rng.state
    return events + _win(state, seats[0])


def _win(state: State, seat: int) -> list[Event]:
    state.challenge = None
    state.reward = seat
    state.phase = "reward"
    return [Event(key="bohei.challenge_won", params={"seat": seat})]


def nobody(state: State) -> list[Event]:
    state.challenge = None
    state.phase = "end"
    return [Event(key="bohei.challenge_void")]


def reward(state: State, seat: int, delta: int) -> list[Event]:
    if state.reward != seat:
        raise RuleError("error.not_prompted")
    state.reward = None
    state.phase = "end"
    if delta > 0:
        return deck.draw(state, seat, delta)
    if delta < 0:
        owed = min(-delta, len(state.hands[seat]))
        if owed:
            state.owed[seat] = state.owed.get(seat, 0) + owed
        return [Event(key="bohei.reward_discard", params={"seat": seat, "count": -delta})]
    return [Event(key="bohei.reward_nothing", params={"seat": seat})]
