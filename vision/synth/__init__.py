"""Synthetic training data for the card recogniser (data-generation time only)."""
