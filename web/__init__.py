"""The browser pages (``hachi serve``): a table to play with friends and bots, a scorekeeper for
games played with real cards, and a replay viewer. Needs the optional extra ``[web]``."""
