"""anludim: the game's pieces, cards and boards, drawn by code."""
