"""EINS IST KEINS — the Hanover pub crawl: board game (1–4) and card game (2–5).

Shared pub data: `pubs.py` (data/pubs.json); shared win rules: `wins.py`.
Readings of the rule book: NOTES.md.
"""
