"""The scorekeeper: score sheets of games played with real cards, and told rounds."""
