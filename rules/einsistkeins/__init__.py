"""EINS IST KEINS — the Hanover pub crawl: two games in one box, sharing their pubs.

- `board/`: the board game (game id `einsistkeins`, 1–4 players);
- `cards/`: the card game (game id `einsistkeins_karten`, 2–5 players);
- shared: the 50 pub cards and Café Safran (`pubs.py`, `data/pubs.json`), the win rules
  both games use (`wins.py`), the message catalogs of both (`locales/`, keys
  `einsistkeins.…` and `einsistkeins_karten.…`) and the readings of the rule book
  (NOTES.md).
"""

from rules.einsistkeins.board import BOARD_GAME
from rules.einsistkeins.cards import CARD_GAME

SPECS = (CARD_GAME, BOARD_GAME)
