"""croupier's composition root: CLI, store and (later) the Flask dashboard."""
