"""`distdoctor smoke`, the torch side: real collectives under the real launcher.

Only rank.py and collectives.py import torch, and only the ranks (or a parent reading torchrun's store) load them.
"""
