"""The part of Discord's OpenAPI specification the bot's requests are held to.

Reads the whole `specs/openapi.json` of discord/discord-api-spec on stdin and writes, on
stdout, the operations of the routes listed below (without their responses: the fake
checks what the bot sends, not what Discord answers) with every schema they reach
through `$ref`, Discord's error shape (`ErrorResponse`), and the objects the fake gateway
sends inside its events (a message, a guild and its member), which the gateway's own
documentation names but the specification has only as REST responses. A route the bot
starts to use is added here, and the file made again (tests/data/discord_api/README.md
says how).
"""

import json
import sys
from typing import Any

# Every route the Discord adapter calls (tests/fixtures/fake_discord.py serves them).
ROUTES = (
    "/applications/{application_id}/commands",
    "/applications/{application_id}/guilds/{guild_id}/commands",
    "/interactions/{interaction_id}/{interaction_token}/callback",
    "/webhooks/{webhook_id}/{webhook_token}",
    "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
    "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
    "/users/@me",
    "/users/@me/channels",
    "/oauth2/applications/@me",
    "/gateway/bot",
    "/channels/{channel_id}/messages",
    "/channels/{channel_id}/messages/{message_id}",
    "/channels/{channel_id}/messages/{message_id}/threads",
)
# Discord's error shape, and the objects inside the gateway events the fake sends
# (MESSAGE_CREATE: a message, its author's member; GUILD_CREATE: a guild).
KEPT = ("ErrorResponse", "MessageResponse", "GuildMemberResponse", "GuildResponse")


def _refs(node: Any) -> set[str]:
    if isinstance(node, dict):
        found = {node["$ref"].rsplit("/", 1)[1]} if "$ref" in node else set()
        return found.union(*(_refs(v) for v in node.values()))
    if isinstance(node, list):
        return set().union(*(_refs(v) for v in node))
    return set()


def _without_responses(operation: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in operation.items() if k != "responses"}


def extract(spec: dict[str, Any]) -> dict[str, Any]:
    paths = {}
    for route in ROUTES:
        item = spec["paths"][route]
        paths[route] = {
            method: _without_responses(op) if isinstance(op, dict) else op
            for method, op in item.items()
        }
    schemas = spec["components"]["schemas"]
    wanted, todo = set(), _refs(paths) | set(KEPT)
    while todo:
        name = todo.pop()
        wanted.add(name)
        todo |= _refs(schemas[name]) - wanted
    return {
        "openapi": spec["openapi"],
        "info": spec["info"],
        "servers": spec["servers"],
        "paths": paths,
        "components": {"schemas": {name: schemas[name] for name in sorted(wanted)}},
    }


if __name__ == "__main__":
    json.dump(extract(json.load(sys.stdin)), sys.stdout, indent=1, sort_keys=True)
    sys.stdout.write("\n")
