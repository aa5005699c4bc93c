"""Every kind of refusal of the strict fake Discord, each made by the real discord.py
client breaking the rule through its public API (`channel.send`, `create_thread`,
`interaction.response`, `ui.View`/`Button`/`Select`/`Modal`, `app_commands`): the fake
answers as Discord does (400, code 50035 `Invalid Form Body`, the error tree naming the
field; a late first response 404, code 10062) and records the violation.

Where discord.py refuses to build the request itself, the test says so (discord.py
raises) and proves the fake's check with a raw request of the same shape (aiohttp).

The rules are those of tests/fixtures/discord_spec.py (Discord's OpenAPI schema) and
tests/fixtures/discord_rules.py (what Discord documents in words).
"""

import asyncio
import inspect
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands, ui

from tests.fixtures import discord_rules
from tests.fixtures.fake_discord import APP_ID, CHANNEL, FakeDiscord, connect, disconnect

REGISTER = f"/applications/{APP_ID}/commands"
POST = f"/channels/{CHANNEL}/messages"


@pytest.fixture
async def client(world):
    """A plain discord.py client started against the strict fake (the bot's own is there
    too: its start-up registration broke nothing). Auto-sharded, as the bot's is: only that
    kind asks `/gateway/bot` where the gateway is."""
    made = discord.AutoShardedClient(intents=discord.Intents.none(), application_id=APP_ID)
    running = await connect(world.fake, made, "fake-token")
    yield made
    await disconnect(made, running)


@pytest.fixture
def fake(world) -> FakeDiscord:
    return world.fake


def refusal(fake: FakeDiscord, *path: str | int) -> dict[str, Any]:
    """The one violation recorded, its request marked refused, and the error Discord's
    tree names at `path`: {"code": …, "message": …}."""
    (violation,) = fake.take_violations()
    call = [c for c in fake.calls if c.refused][-1]
    assert (call.method, call.path) == (violation.method, violation.path)
    node = violation.errors
    for key in path:
        assert str(key) in node, (path, violation.errors)
        node = node[str(key)]
    (error,) = node["_errors"]
    return error


def refused_400(e: pytest.ExceptionInfo) -> None:
    """discord.py got Discord's 400 Invalid Form Body, and read its error tree."""
    assert isinstance(e.value, discord.HTTPException)
    assert (e.value.status, e.value.code) == (400, 50035)


async def raw(fake: FakeDiscord, method: str, path: str, body: Any = None, **query: str):
    """A request discord.py would not make: the status and JSON the fake answers."""
    async with (
        aiohttp.ClientSession() as session,
        session.request(
            method,
            fake.base_url + path,
            json=body,
            params=query or None,
            headers={"Authorization": "Bot fake-token"},
        ) as response,
    ):
        return response.status, await response.json()


def invalid_form_body(status: int, answer: dict) -> dict:
    assert status == 400
    assert (answer["code"], answer["message"]) == (50035, "Invalid Form Body")
    return answer["errors"]


async def interaction(
    client: discord.Client, fake: FakeDiscord, payload: dict | None = None
) -> discord.Interaction:
    """An interaction (a button press unless `payload` says another) delivered as the
    gateway would: discord.py's Interaction for it."""
    if payload is None:
        sent = await client.get_partial_messageable(CHANNEL).send("a question")
        payload = fake.press(fake.messages[str(sent.id)], "q", 11, "Alice")
    waiting = asyncio.ensure_future(client.wait_for("interaction", timeout=2))
    await asyncio.sleep(0)
    assert await fake.dispatch("fake-token", "INTERACTION_CREATE", payload)
    return await waiting


# ----- the schema: missing, mistyped and unknown -----------------------------------------------


async def test_a_missing_required_field_is_refused(fake):
    # discord.py's `app_commands.Command` always has a name: raw
    status, answer = await raw(fake, "PUT", REGISTER, [{"description": "no name"}])
    errors = invalid_form_body(status, answer)
    assert errors["0"]["name"]["_errors"][0]["code"] == "BASE_TYPE_REQUIRED"
    assert refusal(fake, 0, "name")["message"] == "This field is required"


async def test_a_mistyped_field_is_refused(fake):
    # discord.py makes `content` a string of whatever it is given: raw
    status, answer = await raw(fake, "POST", POST, {"content": 5})
    assert invalid_form_body(status, answer)["content"]
    assert refusal(fake, "content")["code"] == "BASE_TYPE_BAD_TYPE"


async def test_a_mistyped_path_or_an_unknown_query_is_refused_and_an_unknown_route_not_found(
    fake,
):
    status, answer = await raw(fake, "POST", "/channels/general/messages", {"content": "hi"})
    assert invalid_form_body(status, answer)["channel_id"]
    assert refusal(fake, "channel_id")["code"] == "BASE_TYPE_BAD_VALUE"
    status, answer = await raw(fake, "GET", "/users/@me", bogus="1")
    assert invalid_form_body(status, answer)["bogus"]
    assert refusal(fake, "bogus")["code"] == "UNKNOWN_QUERY"
    status, answer = await raw(fake, "POST", "/channels/1/nonsense", {})
    assert (status, answer["message"]) == (404, "404: Not Found")
    assert refusal(fake)["code"] == "UNKNOWN_ROUTE"


async def test_an_unknown_body_field_is_accepted_as_discord_accepts_it(fake):
    """Discord's schemas leave their objects open (no `additionalProperties: false`):
    a field it does not know is ignored, not refused; so does the fake."""
    status, answer = await raw(fake, "POST", POST, {"content": "hi", "colour": "red"})
    assert status == 200 and answer["content"] == "hi"
    assert fake.violations == []


# ----- messages --------------------------------------------------------------------------------


async def test_content_over_2000_is_refused(client, fake):
    with pytest.raises(discord.HTTPException) as e:
        await client.get_partial_messageable(CHANNEL).send("x" * 2001)
    refused_400(e)
    assert "In content: Must be 2000 or fewer in length." in str(e.value)
    assert refusal(fake, "content")["code"] == "BASE_TYPE_MAX_LENGTH"
    await client.get_partial_messageable(CHANNEL).send("x" * 2000)  # the limit itself holds


async def test_an_empty_message_is_refused(client, fake):
    with pytest.raises(discord.HTTPException) as e:
        await client.get_partial_messageable(CHANNEL).send()
    refused_400(e)
    assert refusal(fake)["code"] == "EMPTY_MESSAGE"


MAX = "BASE_TYPE_MAX_LENGTH"


@pytest.mark.parametrize(
    ("embed", "where", "error"),
    [
        (discord.Embed(title="x" * 257), ["title"], (MAX, "Must be 256 or fewer in length.")),
        (
            discord.Embed(description="x" * 4097),
            ["description"],
            (MAX, "Must be 4096 or fewer in length."),
        ),
        (discord.Embed().set_footer(text="x" * 2049), ["footer"], (MAX, "Must be 2048 or fewer.")),
        (discord.Embed().set_author(name="x" * 257), ["author"], (MAX, "Must be 256 or fewer.")),
        (
            discord.Embed().add_field(name="n", value="x" * 1025),
            ["fields", 0, "value"],
            (MAX, "Must be 1024 or fewer in length."),
        ),
        (
            discord.Embed().add_field(name="", value="v"),
            ["fields", 0, "name"],
            ("BASE_TYPE_BAD_LENGTH", "1-256."),
        ),
    ],
    ids=["title", "description", "footer", "author", "field value", "empty field name"],
)
async def test_an_embed_over_its_limits_is_refused(client, fake, embed, where, error):
    with pytest.raises(discord.HTTPException) as e:
        await client.get_partial_messageable(CHANNEL).send(embed=embed)
    refused_400(e)
    found = refusal(fake, "embeds", 0, *where)
    assert (found["code"], found["message"]) == error


async def test_embeds_over_6000_in_all_or_more_than_ten_or_25_fields_are_refused(client, fake):
    channel = client.get_partial_messageable(CHANNEL)
    embeds = [discord.Embed(description="x" * 4000), discord.Embed(description="x" * 2001)]
    with pytest.raises(discord.HTTPException) as e:
        await channel.send(embeds=embeds)
    refused_400(e)
    assert refusal(fake, "embeds")["code"] == "MAX_EMBED_SIZE_EXCEEDED"
    many = discord.Embed()
    for i in range(26):
        many.add_field(name=str(i), value="v")
    with pytest.raises(discord.HTTPException) as e:
        await channel.send(embed=many)
    refused_400(e)
    assert refusal(fake, "embeds", 0, "fields")["code"] == "BASE_TYPE_MAX_LENGTH"
    # discord.py refuses to send more than ten embeds itself
    with pytest.raises(ValueError, match="maximum of 10"):
        await channel.send(embeds=[discord.Embed(title="a")] * 11)
    status, answer = await raw(fake, "POST", POST, {"embeds": [{"title": "a"}] * 11})
    assert invalid_form_body(status, answer)["embeds"]
    assert refusal(fake, "embeds")["code"] == "BASE_TYPE_MAX_LENGTH"


async def test_a_thread_name_over_100_is_refused(client, fake):
    pressed = await interaction(client, fake)  # (its channel, with its guild, as the bot's)
    assert isinstance(pressed.channel, discord.TextChannel)
    message = await pressed.channel.send("a table")
    with pytest.raises(discord.HTTPException) as e:
        await pressed.channel.create_thread(name="x" * 101, message=message)
    refused_400(e)
    assert "name" in str(e.value)
    assert refusal(fake, "name")["code"] == "BASE_TYPE_MAX_LENGTH"
    status, answer = await raw(fake, "POST", f"{POST}/{message.id}/threads", {"name": ""})
    assert invalid_form_body(status, answer)["name"]
    assert refusal(fake, "name")["code"] == "BASE_TYPE_MIN_LENGTH"


# ----- components ------------------------------------------------------------------------------


def view(*items: ui.Item) -> ui.View:
    made = ui.View()
    for item in items:
        made.add_item(item)
    return made


@pytest.mark.parametrize(
    ("items", "where", "error"),
    [
        (
            [ui.Button(label="a", custom_id="x" * 101)],
            [0, "components", 0, "custom_id"],
            (MAX, "Must be 100 or fewer in length."),
        ),
        (
            [ui.Button(label="x" * 81, custom_id="a")],
            [0, "components", 0, "label"],
            (MAX, "Must be 80 or fewer in length."),
        ),
        (
            [ui.Button(label="a", custom_id="same"), ui.Button(label="b", custom_id="same")],
            [],
            ("COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated"),
        ),
        (
            [
                ui.Select(
                    custom_id="s",
                    options=[discord.SelectOption(label=str(i)) for i in range(26)],
                )
            ],
            [0, "components", 0, "options"],
            (MAX, "Must be 25 or fewer in length."),
        ),
        # (discord.py leaves out an empty list of options: Discord requires one)
        (
            [ui.Select(custom_id="s", options=[])],
            [0, "components", 0, "options"],
            ("BASE_TYPE_REQUIRED", "This field is required"),
        ),
    ],
    ids=["custom_id 101", "label 81", "duplicate custom_id", "26 select options", "no option"],
)
async def test_a_component_over_its_limits_is_refused(client, fake, items, where, error):
    with pytest.raises(discord.HTTPException) as e:
        await client.get_partial_messageable(CHANNEL).send("pick", view=view(*items))
    refused_400(e)
    found = refusal(fake, "components", *where)
    assert (found["code"], found["message"]) == error


async def test_more_than_five_rows_or_five_buttons_a_row_are_refused(client, fake):
    # discord.py's View lays out at most 5 rows of 5 and refuses more itself
    with pytest.raises(ValueError, match="6 > 5 width"):
        view(*[ui.Button(label=str(i), custom_id=str(i), row=0) for i in range(6)])
    with pytest.raises(ValueError):
        view(*[ui.Button(label=str(i), custom_id=str(i)) for i in range(26)])

    def button(i: int) -> dict:
        return {"type": 2, "style": 1, "label": str(i), "custom_id": str(i)}

    wide = [{"type": 1, "components": [button(i) for i in range(6)]}]
    status, answer = await raw(fake, "POST", POST, {"content": "x", "components": wide})
    assert invalid_form_body(status, answer)["components"]
    error = refusal(fake, "components", 0, "components")
    assert error == {"code": MAX, "message": "Must be 5 or fewer in length."}
    tall = [{"type": 1, "components": [button(i)]} for i in range(6)]
    status, answer = await raw(fake, "POST", POST, {"content": "x", "components": tall})
    assert invalid_form_body(status, answer)["components"]
    assert refusal(fake, "components")["code"] == "BASE_TYPE_MAX_LENGTH"


# ----- interactions ----------------------------------------------------------------------------


async def test_a_response_over_2000_is_refused(client, fake):
    pressed = await interaction(client, fake)
    with pytest.raises(discord.HTTPException) as e:
        await pressed.response.send_message("x" * 2001, ephemeral=True)
    refused_400(e)
    assert "data.content" in str(e.value)
    assert refusal(fake, "data", "content")["code"] == "BASE_TYPE_MAX_LENGTH"


async def test_a_modal_title_or_label_over_45_is_refused(client, fake):
    modal = ui.Modal(title="x" * 46, custom_id="m")
    modal.add_item(ui.TextInput(label="value", custom_id="value"))
    pressed = await interaction(client, fake)
    with pytest.raises(discord.HTTPException) as e:
        await pressed.response.send_modal(modal)
    refused_400(e)
    assert refusal(fake, "data", "title")["code"] == "BASE_TYPE_MAX_LENGTH"
    modal = ui.Modal(title="Your bid", custom_id="m")
    modal.add_item(ui.TextInput(label="x" * 46, custom_id="value"))
    pressed = await interaction(client, fake)
    with pytest.raises(discord.HTTPException) as e:
        await pressed.response.send_modal(modal)
    refused_400(e)
    error = refusal(fake, "data", "components", 0, "components", 0, "label")
    assert error == {"code": MAX, "message": "Must be 45 or fewer in length."}


async def test_a_first_response_after_three_seconds_is_unknown(client, fake, monkeypatch):
    # The same rule, with a window short enough for a fast test.
    monkeypatch.setattr(discord_rules, "FIRST_RESPONSE", 0.05)
    pressed = await interaction(client, fake)
    await asyncio.sleep(0.1)
    with pytest.raises(discord.NotFound) as e:
        await pressed.response.send_message("too late", ephemeral=True)
    assert (e.value.status, e.value.code) == (404, 10062)
    (violation,) = fake.take_violations()
    assert violation.errors["_errors"][0]["code"] == "LATE"
    # in time, the same response is taken
    pressed = await interaction(client, fake)
    await pressed.response.send_message("in time", ephemeral=True)


# ----- application commands --------------------------------------------------------------------


async def noop(interaction: discord.Interaction) -> None:
    pass


class German(app_commands.Translator):
    """A translator whose German is what the test gives it."""

    def __init__(self, words: dict[str, str]) -> None:
        self.words = words

    async def translate(self, string, locale, context):
        return self.words.get(string.message) if locale is discord.Locale.german else None


@pytest.fixture
def tree(client) -> app_commands.CommandTree:
    return app_commands.CommandTree(client)


async def synced(tree: app_commands.CommandTree, *commands, translator=None):
    """The commands registered as discord.py registers them (one bulk PUT)."""
    tree.clear_commands(guild=None)
    await tree.set_translator(translator)
    for command in commands:
        tree.add_command(command)
    return await tree.sync()


async def test_a_description_over_100_is_refused(tree, fake):
    command = app_commands.Command(name="roll", description="x" * 101, callback=noop)
    with pytest.raises(app_commands.CommandSyncFailure) as e:
        await synced(tree, command)
    refused_400(e)
    assert "description: Must be 100 or fewer in length." in str(e.value)
    assert refusal(fake, 0, "description")["code"] == "BASE_TYPE_MAX_LENGTH"


async def test_a_german_description_over_100_or_a_german_name_in_capitals_is_refused(tree, fake):
    command = app_commands.Command(name="roll", description="Roll dice", callback=noop)
    with pytest.raises(app_commands.CommandSyncFailure) as e:
        await synced(tree, command, translator=German({"Roll dice": "Ü" * 101}))
    refused_400(e)
    error = refusal(fake, 0, "description_localizations", "de")
    assert error["message"] == "Must be 100 or fewer in length."
    command = app_commands.Command(name="roll", description="Roll dice", callback=noop)
    with pytest.raises(app_commands.CommandSyncFailure) as e:
        await synced(tree, command, translator=German({"roll": "Würfeln"}))
    refused_400(e)
    error = refusal(fake, 0, "name_localizations", "de")
    assert error["code"] == "APPLICATION_COMMAND_INVALID_NAME"


async def test_a_command_name_in_capitals_or_with_a_space_is_refused(fake):
    # discord.py checks a command's own name itself
    for name in ("Roll", "roll dice"):
        with pytest.raises(ValueError, match="lower-case"):
            app_commands.Command(name=name, description="d", callback=noop)
        body = [{"name": name, "description": "d", "type": 1}]
        status, answer = await raw(fake, "PUT", REGISTER, body)
        assert invalid_form_body(status, answer)["0"]["name"]
        error = refusal(fake, 0, "name")
        assert (
            error["code"] == "APPLICATION_COMMAND_INVALID_NAME" and repr(name) in error["message"]
        )


async def test_more_than_25_choices_or_options_are_refused(client, tree, fake):
    @app_commands.command(name="pick", description="d")
    @app_commands.choices(v=[app_commands.Choice(name=str(i), value=str(i)) for i in range(26)])
    async def pick(interaction: discord.Interaction, v: str) -> None:
        pass

    with pytest.raises(app_commands.CommandSyncFailure) as e:
        await synced(tree, pick)
    refused_400(e)
    assert refusal(fake, 0, "options", 0, "choices")["code"] == "BASE_TYPE_MAX_LENGTH"

    # 26 parameters: discord.py builds and sends them, and the fake refuses the options
    # (discord.py's CommandSyncFailure cannot word an error on the list itself, so the
    # registration goes through its HTTP client, as `CommandTree.sync` sends it).
    async def wide(interaction: discord.Interaction, **words: str) -> None:
        pass

    kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
    params = [inspect.Parameter("interaction", kind, annotation=discord.Interaction)]
    params += [inspect.Parameter(f"p{i}", kind, annotation=str) for i in range(26)]
    wide.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    command = app_commands.Command(name="wide", description="d", callback=wide)
    with pytest.raises(discord.HTTPException) as e:
        await client.http.bulk_upsert_global_commands(APP_ID, payload=[command.to_dict(tree)])
    refused_400(e)
    assert refusal(fake, 0, "options")["code"] == "BASE_TYPE_MAX_LENGTH"


async def test_a_command_over_4000_in_all_or_a_choice_name_over_100_is_refused(tree, fake):
    long = [app_commands.Choice(name=f"{i:02}" + "x" * 98, value="v" * 100) for i in range(25)]

    @app_commands.command(name="big", description="d")
    @app_commands.choices(v=long)
    async def big(interaction: discord.Interaction, v: str) -> None:
        pass

    with pytest.raises(app_commands.CommandSyncFailure) as e:
        await synced(tree, big)
    refused_400(e)
    assert refusal(fake, 0) == {
        "code": "APPLICATION_COMMAND_TOO_LARGE",
        "message": "Command exceeds maximum size (4000)",
    }

    @app_commands.command(name="pick", description="d")
    @app_commands.choices(v=[app_commands.Choice(name="x" * 101, value="a")])
    async def pick(interaction: discord.Interaction, v: str) -> None:
        pass

    with pytest.raises(app_commands.CommandSyncFailure) as e:
        await synced(tree, pick)
    refused_400(e)
    assert refusal(fake, 0, "options", 0, "choices", 0, "name")["code"] == MAX


def command(name: str, *options: dict) -> dict:
    return {"name": name, "description": "d", "type": 1, "options": list(options)}


def option(name: str, **more: Any) -> dict:
    return {"name": name, "description": "d", "type": 3} | more


@pytest.mark.parametrize(
    ("body", "where", "code"),
    [
        # discord.py: CommandAlreadyRegistered
        ([command("roll"), command("roll")], [1, "name"], "APPLICATION_COMMANDS_DUPLICATE_NAME"),
        # discord.py: CommandLimitReached at 100
        ([command(f"c{i}") for i in range(101)], [], MAX),
        # not to be written in Python: a parameter without a default after one with
        (
            [command("go", option("a"), option("b", required=True))],
            [0, "options", 1, "required"],
            "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
        ),
        # nor two parameters of one name
        (
            [command("go", option("a"), option("a"))],
            [0, "options", 1, "name"],
            "APPLICATION_COMMAND_OPTIONS_DUPLICATE_NAME",
        ),
        # discord.py: `Range[int, 10, 1]` is a TypeError
        (
            [command("go", option("n", type=4, min_value=10, max_value=1))],
            [0, "options", 0, "min_value"],
            "NUMBER_TYPE_MAX",
        ),
    ],
    ids=["duplicate name", "101 commands", "required late", "option twice", "min>max"],
)
async def test_commands_discord_py_will_not_build_are_refused(fake, body, where, code):
    status, answer = await raw(fake, "PUT", REGISTER, body)
    assert invalid_form_body(status, answer)
    assert refusal(fake, *where)["code"] == code


async def test_discord_py_refuses_those_commands_itself(tree):
    tree.add_command(app_commands.Command(name="roll", description="d", callback=noop))
    with pytest.raises(app_commands.CommandAlreadyRegistered):
        tree.add_command(app_commands.Command(name="roll", description="d", callback=noop))
    with pytest.raises(app_commands.CommandLimitReached):
        for i in range(100):
            tree.add_command(app_commands.Command(name=f"c{i}", description="d", callback=noop))
    with pytest.raises(TypeError, match="minimum cannot be larger than maximum"):
        app_commands.Range[int, 10, 1]


async def test_autocomplete_beside_choices_is_refused(tree, fake):
    @app_commands.command(name="go", description="d")
    @app_commands.choices(where=[app_commands.Choice(name="Bank", value="bank")])
    async def go(interaction: discord.Interaction, where: str) -> None:
        pass

    @go.autocomplete("where")
    async def places(interaction: discord.Interaction, typed: str) -> list:
        return []

    with pytest.raises(app_commands.CommandSyncFailure) as e:
        await synced(tree, go)
    refused_400(e)
    assert refusal(fake, 0, "options", 0, "autocomplete")["code"] == "BASE_TYPE_CHOICES"


async def test_a_button_without_custom_id_or_url_or_a_select_beside_a_button_is_refused(fake):
    # discord.py gives every button a custom_id and a select a row of its own
    button = {"type": 2, "style": 1, "label": "ok"}
    status, answer = await raw(
        fake, "POST", POST, {"content": "x", "components": [{"type": 1, "components": [button]}]}
    )
    assert invalid_form_body(status, answer)
    assert refusal(fake, "components", 0, "components", 0)["code"] == "BUTTON_COMPONENT_INVALID"
    select = {"type": 3, "custom_id": "s", "options": [{"label": "a", "value": "a"}]}
    row = {"type": 1, "components": [button | {"custom_id": "b"}, select]}
    status, answer = await raw(fake, "POST", POST, {"content": "x", "components": [row]})
    assert invalid_form_body(status, answer)
    error = refusal(fake, "components", 0, "components")
    assert error["code"] == "COMPONENT_LAYOUT_WIDTH_EXCEEDED"


async def test_every_message_route_holds_content_to_2000(client, fake):
    """The follow-up, the edited response and an edited post are held as a new post is."""
    channel = client.get_partial_messageable(CHANNEL)
    posted = await channel.send("a post")
    with pytest.raises(discord.HTTPException) as e:
        await posted.edit(content="x" * 2001)
    refused_400(e)
    assert refusal(fake, "content")["code"] == MAX
    pressed = await interaction(client, fake)
    await pressed.response.defer(ephemeral=True, thinking=True)
    with pytest.raises(discord.HTTPException) as e:
        await pressed.edit_original_response(content="x" * 2001)
    refused_400(e)
    assert refusal(fake, "content")["code"] == MAX
    with pytest.raises(discord.HTTPException) as e:
        await pressed.followup.send("x" * 2001, ephemeral=True)
    refused_400(e)
    assert refusal(fake, "content")["code"] == MAX
    pressed = await interaction(client, fake)
    with pytest.raises(discord.HTTPException) as e:
        await pressed.response.edit_message(content="x" * 2001)
    refused_400(e)
    assert refusal(fake, "data", "content")["code"] == MAX


async def test_autocomplete_over_25_choices_or_100_characters_is_refused(client, fake):
    def typed() -> dict:
        return fake.autocomplete("go", "where", "k", 11)

    choices = [app_commands.Choice(name=f"Place {i}", value=str(i)) for i in range(26)]
    asked = await interaction(client, fake, typed())
    with pytest.raises(discord.HTTPException) as e:
        await asked.response.autocomplete(choices)
    refused_400(e)
    assert refusal(fake, "data", "choices")["code"] == MAX
    asked = await interaction(client, fake, typed())
    with pytest.raises(discord.HTTPException) as e:
        await asked.response.autocomplete([app_commands.Choice(name="x" * 101, value="x")])
    refused_400(e)
    assert refusal(fake, "data", "choices", 0, "name")["code"] == MAX
    asked = await interaction(client, fake, typed())
    with pytest.raises(discord.HTTPException) as e:
        await asked.response.autocomplete([app_commands.Choice(name="x", value="x" * 101)])
    refused_400(e)
    assert refusal(fake, "data", "choices", 0, "value")["code"] == MAX


async def test_a_modal_without_a_field_is_refused_and_six_discord_py_will_not_build(client, fake):
    pressed = await interaction(client, fake)
    with pytest.raises(discord.HTTPException) as e:
        await pressed.response.send_modal(ui.Modal(title="Your bid", custom_id="m"))
    refused_400(e)
    assert refusal(fake, "data", "components") == {
        "code": "BASE_TYPE_MIN_LENGTH",
        "message": "Must be 1 or more in length.",
    }
    modal = ui.Modal(title="Your bid", custom_id="m")
    for i in range(5):
        modal.add_item(ui.TextInput(label=str(i), custom_id=str(i)))
    with pytest.raises(ValueError, match="maximum number of children"):
        modal.add_item(ui.TextInput(label="6", custom_id="6"))

    def field(i: int) -> dict:
        return {
            "type": 1,
            "components": [{"type": 4, "custom_id": str(i), "label": "a", "style": 1}],
        }

    asked = fake.interaction(3, {"custom_id": "q", "component_type": 2}, 11, "Alice")
    data = {"custom_id": "m", "title": "Your bid", "components": [field(i) for i in range(6)]}
    status, answer = await raw(
        fake,
        "POST",
        f"/interactions/{asked['id']}/{asked['token']}/callback",
        {"type": 9, "data": data},
    )
    assert invalid_form_body(status, answer)["data"]["components"]
    error = refusal(fake, "data", "components")
    assert error == {"code": "BASE_TYPE_BAD_LENGTH", "message": "Must be 1-5 in length."}


async def test_a_modal_field_s_custom_id_over_100_is_refused(client, fake):
    modal = ui.Modal(title="Your bid", custom_id="m")
    modal.add_item(ui.TextInput(label="value", custom_id="x" * 101))
    pressed = await interaction(client, fake)
    with pytest.raises(discord.HTTPException) as e:
        await pressed.response.send_modal(modal)
    refused_400(e)
    error = refusal(fake, "data", "components", 0, "components", 0, "custom_id")
    assert error["code"] == MAX


async def test_a_number_beyond_its_bounds_is_refused(client, fake):
    pressed = await interaction(client, fake)
    message = await pressed.channel.send("a table")
    with pytest.raises(discord.HTTPException) as e:
        await pressed.channel.create_thread(name="t", message=message, slowmode_delay=21601)
    refused_400(e)
    assert refusal(fake, "rate_limit_per_user") == {
        "code": "NUMBER_TYPE_MAX",
        "message": "Must be less than or equal to 21600.",
    }
