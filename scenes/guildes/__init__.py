"""guildes: the game's table and its panels (drawn from views only)."""
