"""Turn a Report into what the user reads: rich text, JSON, HTML."""
