"""Pure functions from facts to findings. No I/O here."""
