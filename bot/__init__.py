"""The platform-neutral core, in rooms (arrows down only; pyproject.toml's import-linter
contracts enforce them):

    chat/    the door: the router, typed answers, presses, commands, refusals, the courier
    table/   a chat's table and its game: model, lobby, play, timeouts, fame, and what a
             change says (outbox, keyboards, status, standing messages, button payloads);
             saved.py keeps tables in the store
    store/   the only room that imports redis: versioned writes, keys, outboxes,
             deadlines, mailboxes, the answer log, the connection
    proof/   verifiable games and rolls
    ops/     logs and metrics
    i18n/    the catalogs (locales/) and the one function that reads them

replies.py, the value every room passes on (what to send), sits below them all;
app.py wires a Router for the adapters and verify.py is the command line that checks a
game without trusting the bot.
"""
