"""The pipeline: a kit built from a game, reused where nothing changed, drawn in batches, published whole."""
