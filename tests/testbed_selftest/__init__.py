"""Tests of the namespace and Slurm test bed itself."""
