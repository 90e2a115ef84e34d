"""The nine phases of a turn, plus set-up; each module runs one phase as a generator."""
