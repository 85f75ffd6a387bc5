"""Every timeout and limit distdoctor uses, with its unit; --help shows them."""

from __future__ import annotations

# torchrun's own defaults, so a check probes exactly what torch will use.
MASTER_PORT = 29500
MASTER_ADDR_SINGLE_NODE = "127.0.0.1"

# A TCP probe to MASTER_ADDR:MASTER_PORT. Long enough for a congested link, short enough that a DROP
# firewall (which would hold torch for ~130 s per connect) shows up in seconds.
PROBE_TIMEOUT_S = 3.0

# nvidia-smi can hang on a wedged driver: never wait on it for long.
NVIDIA_SMI_TIMEOUT_S = 5.0

# Ports below this need root (or CAP_NET_BIND_SERVICE) to bind.
PRIVILEGED_PORT_LIMIT = 1024
