"""AUFRUHR! — the Ruhr mayors' game (work in progress).

No `SPEC` yet: the registry only lists the game once the whole protocol is there.
So far: the map data, the set-up per player count and the election of the Lord Mayor.
"""
