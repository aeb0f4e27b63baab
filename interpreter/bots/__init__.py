"""Bots: players that choose an action for a seat. ``make_bot("random")``, ``bot_names()``."""

from .base import Bot, bot_names, is_bot, make_bot, register

register("ismcts", "hachihachi.interpreter.bots.ismcts:IsmctsBot")

__all__ = ["Bot", "bot_names", "is_bot", "make_bot", "register"]
