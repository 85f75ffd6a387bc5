"""Hung jobs: find the ranks on this node, capture their stacks, watch a job (classification: rules/stacks.py)."""
