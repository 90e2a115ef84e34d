"""Ambre's table: the card-keeper and scene console."""
