"""Rule files: card notation, loading, validation and the frozen rule model."""
