"""The running game as a live web page (issue 42): a Telegram Mini App, or a seat's signed
link elsewhere. It shows the public board and a seat's own view and questions, and sends
every answer through the router exactly as a button press; the platform's own process
then tells the chat (from its durable outbox). Any number of web processes may serve
any table: they read tables and their versions from Redis and keep nothing themselves.
"""
