"""The store's failure, for the rooms above it, which never import redis themselves: a
command that did not get its answer (Redis out of reach, timed out, refused) raises a
RedisError. (What a table's write did when it failed is bot/store/write_outcome.py's.)"""

from redis.exceptions import RedisError

__all__ = ["RedisError"]
