"""The coordinator: the server on node_rank 0, its clients, and the mesh probes between nodes."""
