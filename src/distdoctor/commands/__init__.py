"""One function per command: orchestrates config -> facts -> rules and returns a frozen Report."""
