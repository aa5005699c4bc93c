"""The bounds of one `/roll`: no input can make the bot slow, flood a chat or crash it."""

MAX_LENGTH = 200  # characters of the whole argument, checked before anything is parsed
MAX_DICE = 1_000  # dice in one expression, exploded ones included; each repeat has its own
MAX_SIDES = 1_000_000
MAX_REPEATS = 20
MAX_DEPTH = 30  # nested parentheses and unary signs together
MAX_NUMBER = 999_999_999  # constants, keep counts and targets: totals stay readable
MAX_NOTE = 40  # characters inside one `[fire]` annotation
