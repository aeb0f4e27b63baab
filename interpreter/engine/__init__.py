"""The engine: game state, actions, events, views, the phases of a round, and the interface and
registry of play kinds. It names no play kind."""
