"""The test bed's fixtures, for its own tests."""

from testbed.fixtures import cluster2, make_cluster, slurm_cluster

__all__ = ["cluster2", "make_cluster", "slurm_cluster"]
