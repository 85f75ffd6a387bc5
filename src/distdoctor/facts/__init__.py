"""Facts on this node: what is measured, never judged (rules/ judges)."""

from distdoctor.facts.node import gather_node_facts

__all__ = ["gather_node_facts"]
