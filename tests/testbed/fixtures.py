"""pytest fixtures for the namespace test bed; import them into a conftest.py to use them."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from testbed import netns, slurm
from testbed.netns import Cluster
from testbed.slurm import SlurmCluster


@pytest.fixture
def make_cluster() -> Iterator[Callable[..., Cluster]]:
    """make_cluster(n, prefix=None): a started Cluster, torn down after the test; skips where none can be built."""
    if reason := netns.available():
        pytest.skip(reason)
    clusters: list[Cluster] = []

    def make(n: int = 2, *, prefix: str | None = None) -> Cluster:
        cluster = Cluster(n, prefix=prefix)
        clusters.append(cluster)
        cluster.start()
        return cluster

    try:
        yield make
    finally:
        for cluster in clusters:
            cluster.close()


@pytest.fixture
def cluster2(make_cluster: Callable[..., Cluster]) -> Cluster:
    """A started two-node cluster."""
    return make_cluster(2)


@pytest.fixture(scope="module")
def slurm_cluster() -> Iterator[SlurmCluster]:
    """A ready three-node Slurm cluster shared by a module's tests (start-up costs ~1 s)."""
    if reason := slurm.available():
        pytest.skip(reason)
    with SlurmCluster(3) as cluster:
        yield cluster
