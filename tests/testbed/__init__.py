"""Test bed: recorded facts, and real multi-node clusters on network namespaces (netns) with Slurm (slurm)."""
