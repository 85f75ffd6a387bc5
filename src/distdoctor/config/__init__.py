"""One LaunchConfig from flags, a launch command, env vars and the scheduler; every value keeps its source."""

from distdoctor.config.launch_command import parse_launch_command
from distdoctor.config.load import load_config

__all__ = ["LaunchCommand", "load_config", "parse_launch_command"]
