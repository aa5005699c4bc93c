"""The strict fake Telegram refuses what the Bot API refuses: each kind of refusal made by the
real client library (python-telegram-bot) and answered as Telegram answers it; and every
command menu the bot sets, every scope, both languages, every game, is one Telegram takes."""

import logging
from types import SimpleNamespace

import pytest
from telegram import (
    Bot,
    BotCommand,
    BotCommandScopeAllGroupChats,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InputMediaPhoto,
    WebAppInfo,
)
from telegram.error import BadRequest, EndPointNotFound

from adapters.telegram import menu
from adapters.telegram.calls import Retry
from bot.chat import commands
from bot.i18n import LANGUAGES
from rules import registry
from tests.fixtures.fake_telegram import GROUP, TOKEN, FakeTelegram
from tests.fixtures.telegram_photo import png
from tests.fixtures.telegram_spec import BotApi

# (calls made with do_api_request on purpose: the library would not make them otherwise)
pytestmark = pytest.mark.filterwarnings("ignore::telegram.warnings.PTBUserWarning")


@pytest.fixture
async def bot(fake):
    made = Bot(TOKEN, base_url=fake.base_url, base_file_url=fake.base_file_url)
    async with made:
        yield made


async def refused(fake: FakeTelegram, call, error=BadRequest) -> str:
    """Makes the call, which Telegram must refuse; Telegram's description, taken out of
    the fake's violations (this test broke the rule on purpose)."""
    with pytest.raises(error):
        await call
    (violation,) = fake.violations
    fake.violations.clear()
    return violation.description


def test_the_fake_holds_the_published_spec():
    api = BotApi.load()
    assert api.version == "Bot API 10.1"
    assert {"sendMessage", "setMyCommands", "editMessageMedia"} <= set(api.methods)
    # the limits stated in words, read from the words
    kinds = {limit.name for limits in api.limits.values() for limit in limits}
    assert {
        "sendMessage.text characters",
        "sendPhoto.caption characters",
        "InlineKeyboardButton.callback_data bytes",
        "BotCommand.command characters",
        "BotCommand.command lowercase",
        "BotCommand.description characters",
        "setMyCommands.commands items",
        "sendPhoto.photo photo",
        "InputMediaPhoto.media photo",
        "InlineKeyboardButton.web_app private",
    } <= kinds


# ----- methods, fields, types ---------------------------------------------------------


async def test_an_unknown_method_is_not_found(fake, bot):
    described = await refused(fake, bot.do_api_request("sendMesage"), EndPointNotFound)
    assert described == "Not Found"  # Telegram's 404


async def test_an_unknown_field_is_refused(fake, bot):
    described = await refused(fake, bot.send_message(GROUP, "hi", api_kwargs={"colour": "red"}))
    assert described == 'Bad Request: unknown parameter "colour" of sendMessage (our check)'


async def test_a_missing_required_field_is_refused_in_telegrams_words(fake, bot):
    call = bot.do_api_request("sendMessage", api_kwargs={"chat_id": GROUP})
    assert await refused(fake, call) == "Bad Request: message text is empty"
    call = bot.do_api_request("sendMessage", api_kwargs={"text": "hi"})
    assert await refused(fake, call) == "Bad Request: chat_id is empty"


async def test_a_value_of_the_wrong_type_is_refused(fake, bot):
    call = bot.send_message(GROUP, "hi", message_thread_id="the third")  # an Integer field
    assert "message_thread_id" in await refused(fake, call)


async def test_nested_objects_are_checked_field_by_field(fake, bot):
    # a keyboard button of no kind (InlineKeyboardButton: "exactly one of the fields")
    keyboard = {"inline_keyboard": [[{"text": "Go"}]]}
    call = bot.send_message(GROUP, "hi", api_kwargs={"reply_markup": keyboard})
    assert "InlineKeyboardButton: exactly one" in await refused(fake, call)
    # a button's label of the wrong type, deep inside
    keyboard = {"inline_keyboard": [[{"text": 7, "callback_data": "x"}]]}
    call = bot.send_message(GROUP, "hi", api_kwargs={"reply_markup": keyboard})
    assert 'field "text"' in await refused(fake, call)
    # a command without its description, as Telegram words it
    call = bot.do_api_request("setMyCommands", api_kwargs={"commands": [{"command": "roll"}]})
    described = await refused(fake, call)
    assert described == "Bad Request: can't parse BotCommand: Can't find field \"description\""
    # a scope: no such type, and a chat scope without its chat
    for scope in ({"type": "everyone"}, {"type": "chat"}):
        call = bot.set_my_commands([BotCommand("roll", "Roll")], api_kwargs={"scope": scope})
        assert "BotCommandScope" in await refused(fake, call)


# ----- the limits stated in words -----------------------------------------------------


async def test_text_is_1_to_4096_utf16_units_after_the_html_is_parsed(fake, bot):
    await bot.send_message(GROUP, "x" * 4096)
    await bot.send_message(GROUP, f"<b>{'x' * 4096}</b>", parse_mode="HTML")  # tags are free
    await bot.send_message(GROUP, "&lt;" * 4096, parse_mode="HTML")  # so is an entity's length
    assert await refused(fake, bot.send_message(GROUP, "x" * 4097)) == (
        "Bad Request: message is too long"
    )
    # an emoji is two UTF-16 units: 2049 of them are 4098
    assert "too long" in await refused(fake, bot.send_message(GROUP, "🎲" * 2049))
    for empty in ("<b></b>", "   "):
        call = bot.send_message(GROUP, empty, parse_mode="HTML")
        assert await refused(fake, call) == "Bad Request: message text is empty"
    sent = await bot.send_message(GROUP, "x")
    call = bot.edit_message_text("x" * 4097, chat_id=GROUP, message_id=sent.message_id)
    assert await refused(fake, call) == "Bad Request: message is too long"
    assert not fake.violations


async def test_a_caption_is_0_to_1024_units_for_a_photo_and_its_edit(fake, bot):
    await bot.send_photo(GROUP, png(), caption="x" * 1024)
    call = bot.send_photo(GROUP, png(), caption="x" * 1025)
    assert await refused(fake, call) == "Bad Request: message caption is too long"
    sent = await bot.send_photo(GROUP, png())
    media = InputMediaPhoto(png(), caption="<i>" + "x" * 1025 + "</i>", parse_mode="HTML")
    call = bot.edit_message_media(media, chat_id=GROUP, message_id=sent.message_id)
    assert await refused(fake, call) == "Bad Request: message caption is too long"


async def test_callback_data_is_1_to_64_bytes(fake, bot):
    def keyboard(data: str) -> InlineKeyboardMarkup:
        return InlineKeyboardMarkup([[InlineKeyboardButton("Go", callback_data=data)]])

    await bot.send_message(GROUP, "hi", reply_markup=keyboard("x" * 64))
    for data in ("x" * 65, "ä" * 33):  # 33 characters, but 66 bytes
        call = bot.send_message(GROUP, "hi", reply_markup=keyboard(data))
        assert await refused(fake, call) == "Bad Request: BUTTON_DATA_INVALID"


async def test_a_web_app_button_only_in_a_private_chat(fake, bot):
    # "Available only in private chats between a user and the bot."
    app = InlineKeyboardMarkup(
        [[InlineKeyboardButton("Board", web_app=WebAppInfo("https://example.org/tg"))]]
    )
    await bot.send_message(11, "hi", reply_markup=app)  # a user's private chat
    sent = await bot.send_message(GROUP, "hi")
    call = bot.send_message(GROUP, "hi", reply_markup=app)
    assert await refused(fake, call) == "Bad Request: BUTTON_TYPE_INVALID"
    call = bot.edit_message_reply_markup(GROUP, sent.message_id, reply_markup=app)
    assert await refused(fake, call) == "Bad Request: BUTTON_TYPE_INVALID"
    url = InlineKeyboardMarkup([[InlineKeyboardButton("Board", url="https://t.me/b/a")]])
    await bot.send_message(GROUP, "hi", reply_markup=url)  # the direct link is fine there


async def test_a_command_menu_entry_within_telegrams_rules(fake, bot):
    await bot.set_my_commands([BotCommand("a_1" + "x" * 29, "d" * 256)])  # 32, 256: the most
    for name in ("snøl", "Roll", "x" * 33, "roll-dice", ""):
        call = bot.set_my_commands([BotCommand(name, "Roll dice")])
        assert await refused(fake, call) == "Bad Request: BOT_COMMAND_INVALID", name
    call = bot.set_my_commands([BotCommand("roll", "")])
    assert await refused(fake, call) == "Bad Request: command description must be non-empty"
    call = bot.set_my_commands([BotCommand("roll", "d" * 257)])
    assert await refused(fake, call) == "Bad Request: BOT_COMMAND_DESCRIPTION_INVALID"
    call = bot.set_my_commands([BotCommand(f"c{n}", "Do it") for n in range(101)])
    assert await refused(fake, call) == "Bad Request: BOT_COMMANDS_TOO_MUCH"


async def test_html_only_with_the_tags_telegram_allows_well_nested(fake, bot):
    every_tag = (
        "<b>b</b><strong>s</strong><i>i</i><em>e</em><u>u</u><ins>n</ins><s>s</s>"
        '<strike>k</strike><del>d</del><span class="tg-spoiler">p</span>'
        '<tg-spoiler>t</tg-spoiler><a href="https://example.org/?a=1&amp;b=2">a</a>'
        '<code>c</code><pre>p</pre><pre><code class="language-python">x = 1</code></pre>'
        "<blockquote>q</blockquote><blockquote expandable>more</blockquote>"
        '<tg-emoji emoji-id="5368324170671202286">👍</tg-emoji>'
        "<b>bold <i>italic bold <s>struck <u>all</u></s></i></b>"
        "&lt;&gt;&amp;&quot;&#128512;&#x1F600;"
    )
    await bot.send_message(GROUP, every_tag, parse_mode="HTML")
    refusals = {
        "<p>x</p>": 'Unsupported start tag "p" at byte offset 0',
        "ä <h1>x</h1>": 'Unsupported start tag "h1" at byte offset 3',  # bytes, not characters
        "<span>x</span>": 'Tag "span" must have class "tg-spoiler" at byte offset 0',
        "<b>x": 'Can\'t find end tag corresponding to start tag "b"',
        "<b><i>x</b></i>": 'Unmatched end tag at byte offset 7, expected "</i>", found "</b>"',
        "x</b>": "Unexpected end tag at byte offset 1",
        "<b": "Unclosed start tag at byte offset 0",
        "a < b": 'Unsupported start tag "" at byte offset 2',
        "Tom & Jerry": '"&" that begins no supported HTML entity at byte offset 4',
        "&nbsp;": '"&" that begins no supported HTML entity at byte offset 0',
        "2 > 1": '">" outside a tag at byte offset 2',
    }
    for text, reason in refusals.items():
        described = await refused(fake, bot.send_message(GROUP, text, parse_mode="HTML"))
        assert described.startswith(f"Bad Request: can't parse entities: {reason}"), described


async def test_a_photo_within_telegrams_size_and_proportions(fake, bot):
    await bot.send_photo(GROUP, png(2000, 100))  # a ratio of 20: the most
    for photo in (png(5001, 5000), png(2100, 100)):  # past 10000 in total; a ratio of 21
        call = bot.send_photo(GROUP, photo)
        assert await refused(fake, call) == "Bad Request: PHOTO_INVALID_DIMENSIONS"
    call = bot.send_photo(GROUP, b"GIF89a not a photo we sent")
    assert await refused(fake, call) == "Bad Request: IMAGE_PROCESS_FAILED"
    call = bot.send_photo(GROUP, png() + bytes(10 * 1024 * 1024))
    assert await refused(fake, call) == "Bad Request: file is too big"


# ----- our menus, every one ------------------------------------------------------------


def named(call: dict) -> dict[str, str]:
    return {c["command"]: c["description"] for c in call["commands"]}


async def test_every_menu_of_every_scope_language_and_game_is_one_telegram_takes(fake, bot):
    await menu.register(bot)
    poster = SimpleNamespace(bot=bot, retry=Retry(backoff=0))
    games = [g.id for g in registry.all_games()]
    for game in games:
        for lang in LANGUAGES:
            await menu.for_chat(poster, GROUP, game, lang)
    assert not fake.violations
    general = fake.done("setMyCommands")[:4]
    assert {(m["scope"]["type"], m.get("language_code")) for m in general} == {
        ("all_group_chats", None),
        ("all_private_chats", None),
        ("all_group_chats", "de"),
        ("all_private_chats", "de"),
    }
    chats = fake.done("setMyCommands")[4:]
    assert len(chats) == len(games) * len(LANGUAGES)
    for call in general + chats:
        assert "snøl" not in named(call)
    # /snøl is offered as /snol in every general menu, and in the Tube's own
    assert all("snol" in named(m) for m in general)
    tube = [m for m in chats if "where" in named(m)]
    assert tube and all(named(m)["snol"].startswith(("Referee", "Schiedsrichter")) for m in tube)
    every_verb = {v.name for v in commands.verbs()} - {"snøl"}
    assert every_verb <= set(named(general[0]))  # nothing else was left out


async def test_an_entry_telegram_would_refuse_is_left_out_with_an_error(
    fake, bot, monkeypatch, caplog
):
    verbs = commands.verbs()
    bad = commands.Verb("x!y", "cmd.move")
    monkeypatch.setattr(commands, "verbs", lambda: [*verbs, bad])
    with caplog.at_level(logging.ERROR, logger="adapters.telegram.menu"):
        await menu.register(bot)
    assert not fake.violations  # the bot asked for nothing Telegram refuses
    assert len(fake.done("setMyCommands")) == 4  # every menu set …
    assert all("x!y" not in named(m) and "roll" in named(m) for m in fake.done("setMyCommands"))
    errors = [r.getMessage() for r in caplog.records if r.levelno == logging.ERROR]
    assert len(errors) == 4  # … each without the entry, which is named with its field
    assert all("leaves out /x!y: its command 'x!y' is not 1-32 of a-z" in e for e in errors)


async def test_a_menu_telegram_refuses_all_the_same_is_set_without_what_it_refuses(
    fake, bot, monkeypatch, caplog
):
    """Should Telegram refuse an entry our own check let through (its rules changed), the
    entries it refuses are found and left out, not the whole menu."""
    monkeypatch.setattr(menu, "checked", lambda entries, what: entries)
    scope = BotCommandScopeAllGroupChats()
    entries = [BotCommand("roll", "Roll"), BotCommand("Bad", "Oops"), BotCommand("help", "Help")]

    async def set_menu(chosen):
        await bot.set_my_commands(chosen, scope=scope)

    with caplog.at_level(logging.ERROR, logger="adapters.telegram.menu"):
        await menu.put(set_menu, entries, "en all_group_chats")
    assert {v.description for v in fake.violations} == {"Bad Request: BOT_COMMAND_INVALID"}
    fake.violations.clear()
    assert named(fake.done("setMyCommands")[-1]) == {"roll": "Roll", "help": "Help"}
    # found by halves: the menu, [roll], [Bad, help], [Bad], [help], then the menu without it
    assert [len(c["commands"]) for c in fake.called("setMyCommands")] == [3, 1, 2, 1, 1, 2]
    errors = [r.getMessage() for r in caplog.records if r.levelno == logging.ERROR]
    assert errors[0] == "Telegram refused the en all_group_chats command menu: Bot_command_invalid"
    assert "leaves out /Bad (description 'Oops'): Telegram refuses it" in errors[-1]
