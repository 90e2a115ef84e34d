"""guildes: the game's pieces (element badges, mage chips, dice, the Light/Dark track), drawn by code."""
