"""The protocol every game speaks: prompts, events, views, errors, PRNG."""
