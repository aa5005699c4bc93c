"""Bohei's transitions: setup, one dispatch over the actions, timeouts, the outcome.

After every action `settle` runs the machinery that needs no decision: open the next
reaction window, note who just reached 7 cards (the Bohei call), and move to the next
turn once nothing is pending. Phases never import each other; this module chains them.
"""

from rules.bohei import (
    actions,
    challenges,
    deck,
    hands,
    reactions,
    refusals,
    rules_board,
    turn,
    violations,
    winning,
)
from rules.bohei.data import instances
from rules.bohei.model import (
    HAND_START,
    Action,
    Answer,
    CallBohei,
    CastVote,
    Chat,
    ChooseRule,
    ChooseSeat,
    ChooseSlot,
    Claim,
    Discard,
    DrawChoice,
    Forfeit,
    Foul,
    GoSignal,
    Guess,
    Judge,
    MissBohei,
    NoChoice,
    NoStarter,
    Options,
    PlayCard,
    Press,
    React,
    Reward,
    Roll,
    Sign,
    State,
    Toss,
    Word,
)
from rules.bohei.prompts import prompts
from rules.core.errors import RuleError
from rules.core.protocol import Event, Outcome, Prompt, Secrets
from rules.core.rng import Rng
from rules.core.turns import clockwise, next_seat

# Actions only a deadline produces, and the prompts (by id prefix) whose deadline it is.
TIMEOUT_ONLY: dict[type, tuple[str, ...]] = {
    NoStarter: ("starter",),
    MissBohei: ("bohei:",),
    GoSignal: ("ch:",),
    Toss: ("ch:",),
    Forfeit: ("ch:",),
    NoChoice: ("turn:", "ch:"),  # a target, an opponent
}


def setup(players: int, options: Options, seed: int) -> State:
    rng = Rng.from_seed(seed)
    pile = deck.shuffled_deal(instances(), rng)
    hands = [[pile.pop() for _ in range(HAND_START)] for _ in range(players)]
    return State(players=players, options=options, rng=rng.state, draw=pile, hands=hands)


def _accepts(state: State, seat: int, action: object) -> bool:
    """Whether a prompt asking `seat` now takes an action of this kind."""
    for p in prompts(state):
        if seat not in p.seats:
            continue
        kinds = {type(o.action) for o in p.options}
        if p.input is not None:
            kinds.add(type(p.input.action))
        prefixes = TIMEOUT_ONLY.get(type(action), ())
        if type(action) in kinds or (p.id.startswith(prefixes) and p.deadline):
            return True
    return False


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    if not _accepts(state, seat, action):
        raise refusals.refusal(state, seat, action) or RuleError("error.not_prompted")
    state = state.model_copy(deep=True)  # never touch the caller's state
    before = [list(h) for h in state.hands]
    events = _dispatch(state, seat, action)
    events += settle(state)
    return state, events + hands.changes(before, state)


def opening(state: State) -> list[Event]:
    """As the game begins: each player's dealt cards, privately."""
    return hands.dealt(state)


def _dispatch(state: State, seat: int, action: Action) -> list[Event]:
    match action:
        case Claim():
            return [Event(key="bohei.starter", params={"seat": seat}), *turn.begin(state, seat)]
        case NoStarter():  # (the timeout line has said so: nobody is named as owning up)
            return turn.begin(state, 0)
        case DrawChoice(take=take):
            return turn.draw_choice(state, seat, take)
        case ChooseRule(card=c):
            return rules_board.choose(state, seat, c)
        case ChooseSlot(slot=slot):
            return rules_board.put(state, slot)
        case PlayCard(card=c):
            return turn.play(state, seat, c)
        case ChooseSeat(seat=chosen):
            if state.phase == "target":
                return actions.target(state, seat, chosen)
            return challenges.choose(state, seat, chosen)
        case NoChoice():
            if state.phase == "target":
                return actions.no_target(state, seat)
            return challenges.no_opponent(state, seat)
        case Answer(yes=yes):
            return actions.answer(state, seat, yes)
        case React(choice=choice):
            return reactions.react(state, seat, choice)
        case Discard(card=c):
            return reactions.discard(state, seat, c)
        case CallBohei():
            return winning.call(state, seat)
        case MissBohei():
            return winning.miss(state, seat)
        case Chat(text=text):
            checked = [r for r in rules_board.active(state) if rules_board.checked(state, r)]
            return violations.chat(state, seat, text, checked)
        case Foul(text=text):
            active = rules_board.active(state)
            watched = [r for r in active if not rules_board.checked(state, r)]
            return violations.foul(state, seat, text, active, watched)
        case CastVote(yes=yes):
            return violations.vote(state, seat, yes)
        case Roll():
            return challenges.roll(state, seat)
        case Sign(sign=s):
            return challenges.sign(state, seat, s)
        case Guess(number=n):
            return challenges.guess(state, seat, n)
        case Word(text=text):
            return challenges.word(state, seat, text)
        case Press():
            return challenges.press(state, seat)
        case GoSignal():
            return challenges.go_signal(state)
        case Judge(winner=winner):
            return challenges.judge(state, seat, winner)
        case Toss():
            return challenges.toss(state, seat)
        case Forfeit():
            return challenges.forfeit(state, seat)
        case Reward(delta=delta):
            return challenges.reward(state, seat, delta)
    raise RuleError("error.not_now")


def settle(state: State) -> list[Event]:
    """What follows by itself: windows open, sevens are noted, the turn passes on."""
    events: list[Event] = []
    for _ in range(state.players + 2):
        events += reactions.open_next(state)
        events += winning.note_sevens(state)
        if state.phase in ("over", "starter") or reactions.blocking(state):
            break
        if state.phase == "rule" and not rules_board.rule_cards(state, state.turn):
            state.phase = "play"
        if state.phase != "end":
            break
        following = next_seat(state.players, state.turn)
        if following in state.bohei_open:
            break  # the table waits a moment for the next player's call
        events += turn.next_turn(state)
    return events


def timeout(state: State, prompt: Prompt, seat: int) -> Action:
    """Silence: the starter is the first seat; no call is a missed call; no vote is a
    no; a window taken as it is; the first card discarded; no answer is a no. In a turn
    (NOTES.md, "silent turns"): no card drawn, the first rule card held activated (it is
    mandatory) on the first slot offered, nothing played, nobody targeted, no reward.
    In a challenge: no opponent ends it, the judge is the next free seat clockwise, "GO"
    comes at the ready stage's deadline, a silent judge is a coin toss, anyone else
    silent is out."""
    kind = prompt.id.split(":")[0]
    match kind:
        case "starter":
            return NoStarter()
        case "bohei":
            return MissBohei()
        case "vote":
            return CastVote(yes=False)
        case "react":
            return React(choice="accept")
        case "discard":
            return Discard(card=state.hands[seat][0])
        case "turn":
            return _silent_turn(state, seat)
        case "ch":
            ch = state.challenge
            if ch is not None and ch.stage == "opponent":
                return NoChoice()
            if ch is not None and ch.stage == "third":
                free = challenges.choices(state)
                return ChooseSeat(
                    seat=next(s for s in clockwise(state.players, ch.by) if s in free)
                )
            if ch is not None and ch.stage == "ready":
                return GoSignal()
            if ch is not None and seat == ch.third:
                return Toss()
            return Forfeit()
    return Answer(yes=False)


def _silent_turn(state: State, seat: int) -> Action:
    """What a silent player's turn does: nothing a player may choose is chosen for them
    (no draw, no card played, no victim, no reward); only the mandatory rule card goes
    down: the first one held, an ordinary rule before the extension, the closing card
    last (what changes the board for good is not done in an absent player's name unless
    nothing else is held), on the first slot offered."""
    match state.phase:
        case "question":
            return Answer(yes=False)
        case "rule":
            return ChooseRule(card=rules_board.mildest(rules_board.rule_cards(state, seat)))
        case "slot":
            return ChooseSlot(slot=rules_board.slot_choices(state)[0])
        case "play":
            return PlayCard(card=None)
        case "target":
            return NoChoice()
        case "reward":
            return Reward(delta=0)
    return DrawChoice(take=False)


def outcome(state: State) -> Outcome | None:
    if state.winner is None:
        return None
    if state.closed:  # closing time: ranked by how close each came to 7 cards
        by = {s: winning.distance(state, s) for s in range(state.players)}
        return Outcome(
            ranking=tuple(tuple(s for s in by if by[s] == d) for d in sorted(set(by.values())))
        )
    rest = tuple(s for s in range(state.players) if s != state.winner)
    return Outcome(ranking=((state.winner,), rest) if rest else ((state.winner,),))


def secrets(state: State) -> Secrets:
    """Hands are private (their sizes public); a rock-paper-scissors sign or a guess is
    secret until all are in."""
    out: dict[int, dict[str, object]] = {s: {"hand": list(h)} for s, h in enumerate(state.hands)}
    ch = state.challenge
    if (
        ch is not None
        and not ch.answers.complete
        and challenges.spec(state).game in ("rps", "guess")
    ):
        for s, v in ch.answers.answers.items():
            out[s]["sign" if challenges.spec(state).game == "rps" else "guess"] = v
    return out


def invariants(state: State) -> None:
    """Every card is in exactly one place; nobody owes more discards than cards held."""
    placed = [
        *state.draw,
        *state.discard,
        *(c for h in state.hands for c in h),
        *(s.rule for s in state.slots if s.rule),
        *(s.closed_by for s in state.slots if s.closed_by),
        *([state.extension] if state.extension else []),
        *([state.placing] if state.placing else []),
    ]
    assert sorted(placed) == sorted(instances()), "a card is lost or doubled"
    assert all(0 < n <= len(state.hands[s]) for s, n in state.owed.items()), state.owed
    assert sum(1 for s in state.slots if s.rule) <= len(state.slots)
