"""The generic interpreter: plays and scores any valid ruleset."""
