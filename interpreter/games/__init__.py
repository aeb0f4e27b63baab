"""The play kinds, one package each: everything particular to one way of playing the cards
(its rules, phases, play engine, record codec, scorekeeper part, bots, screen and OpenSpiel game)."""
