#!/usr/bin/env python3
"""Checks one HTTP answer of herald serve against Docs/openapi.json.

Usage: check-openapi-response.py OPENAPI METHOD PATH STATUS CONTENT-TYPE < body

The route, the status and the content type must be documented; a JSON body must match the
documented schema (an NDJSON body: every line). Exit 0 when it does, 1 with the reasons when
it does not. Used by the HeraldServiceTests (python3-jsonschema).
"""
import json
import sys

import jsonschema


def main():
    spec_path, method, path, status, content_type = sys.argv[1:6]
    spec = json.load(open(spec_path, encoding="utf-8"))
    operation = spec["paths"].get(path, {}).get(method.lower())
    if operation is None:
        sys.exit(f"{method} {path} is not in the document")
    response = operation["responses"].get(status)
    if response is None:
        sys.exit(f"{method} {path} answered {status}, which the document does not list")
    media = content_type.split(";")[0].strip()
    content = response.get("content", {})
    documented = next((name for name in content if name.split(";")[0] == media), None)
    if documented is None:
        sys.exit(f"{method} {path} {status}: content type {media} is not documented ({', '.join(content) or 'none'})")
    schema = dict(content[documented].get("schema", {}))
    schema["components"] = spec["components"]
    body = sys.stdin.buffer.read().decode("utf-8")
    if media in ("application/json", "application/sarif+json"):
        documents = [json.loads(body)]
    elif media == "application/x-ndjson":
        documents = [json.loads(line) for line in body.splitlines() if line.strip()]
    else:
        documents = [body]
    validator = jsonschema.Draft202012Validator(schema)
    problems = []
    for number, document in enumerate(documents, 1):
        for error in validator.iter_errors(document):
            problems.append(f"document {number}, at /{'/'.join(map(str, error.absolute_path))}: {error.message}")
    if problems:
        sys.exit("\n".join(problems[:20]))


if __name__ == "__main__":
    main()
