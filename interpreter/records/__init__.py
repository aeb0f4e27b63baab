"""Game records: reading, writing and replaying them, and safe file writes."""
