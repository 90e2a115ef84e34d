"""Ambre's drawables: Tarot cards drawn by code."""
