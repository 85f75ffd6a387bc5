"""report.schema.json and docs/json.md's reference follow from the types: regenerate with
`python -m distdoctor.render.schema` when a payload changes."""

from __future__ import annotations

import json

from distdoctor.model.report import PAYLOADS
from distdoctor.render.schema import DOCS_PATH, SCHEMA_PATH, build_schema, docs_with_reference, schema_text


def test_the_committed_schema_is_the_one_the_types_give() -> None:
    assert SCHEMA_PATH.read_text(encoding="utf-8") == schema_text(), "run: python -m distdoctor.render.schema"


def test_the_committed_json_docs_are_the_ones_the_types_give() -> None:
    current = DOCS_PATH.read_text(encoding="utf-8")
    assert current == docs_with_reference(current), "run: python -m distdoctor.render.schema"


def test_every_payload_is_in_the_schema_and_the_docs() -> None:
    schema = build_schema()
    docs = DOCS_PATH.read_text(encoding="utf-8")
    for payload in PAYLOADS:
        assert payload.__name__ in schema["$defs"]
        assert f"### {payload.__name__}" in docs
    assert json.dumps(schema["properties"]["schema"]) == '{"enum": ["distdoctor.report/2"]}'
