#!/usr/bin/env python3
"""Checks JSON documents against one of Herald's JSON Schemas (Docs/schemas/) with the
`jsonschema` package (Debian: python3-jsonschema), draft 2020-12.

    check-json-schema.py SCHEMA [--lines] [--expect-invalid] FILE...   (- is standard input)

--lines: every non-blank line of a file is one document (JSON Lines).
--expect-invalid: every document must be REJECTED (checks that the schema can fail).
Prints one line per document that does not come out as expected, then a summary.
Exit 0 when every document came out as expected, 1 otherwise, 2 for a usage error,
3 when the jsonschema package is not installed.
"""
import json
import sys

try:
    import jsonschema
except ImportError:
    print("check-json-schema: python3's jsonschema package is not installed "
          "(apt-get install python3-jsonschema)", file=sys.stderr)
    sys.exit(3)


def documents(path, lines):
    text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
    if not lines:
        yield path, json.loads(text)
        return
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip():
            yield f"{path}:{number}", json.loads(line)


def main(argv):
    args = [a for a in argv if not a.startswith("--")]
    flags = {a for a in argv if a.startswith("--")}
    unknown = flags - {"--lines", "--expect-invalid"}
    if unknown or len(args) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    with open(args[0], encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker())
    expect_valid = "--expect-invalid" not in flags
    checked = failed = 0
    for path in args[1:]:
        for where, document in documents(path, "--lines" in flags):
            checked += 1
            errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
            if expect_valid and errors:
                failed += 1
                for e in errors[:3]:
                    pointer = "/" + "/".join(str(p) for p in e.absolute_path)
                    print(f"{where}: {pointer}: {e.message}")
            elif not expect_valid and not errors:
                failed += 1
                print(f"{where}: accepted, but it should have been rejected")
    print(f"{checked - failed} passed, {failed} failed ({args[0]})")
    return 1 if failed or not checked else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
