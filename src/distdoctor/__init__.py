"""distdoctor: why a multi-node PyTorch job hangs or dies at start-up, which node is to blame, and the fix."""

__version__ = "0.1.0"
