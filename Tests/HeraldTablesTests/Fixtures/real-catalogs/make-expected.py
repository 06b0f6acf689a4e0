#!/usr/bin/env python3
"""Writes expected.json: what each String Catalog in this folder holds, read
with Python's json module alone (not with Herald), in the shape of
`herald export --format json`:

    {"<file>": {"<localization>": {"<key>": VALUE}}}

VALUE is the string of a string unit; {"phrases": [...]} for an App Shortcuts
stringSet; {"devices": {"<device>": VALUE}} for device variations;
{"format": "...", "variables": {...}} for plurals. A `variations.plural`
becomes the format "%#@plural@" with one variable "plural" holding its forms
(Herald also records the argument it reads, which this script does not guess;
the test leaves that out). Substitutions keep their argNum and formatSpecifier
("type"). A key with no localization in the source language serves the key
itself there, as Foundation does for a catalog entry without a value.

Run it after changing a fixture: python3 make-expected.py
"""
import json
import pathlib

HERE = pathlib.Path(__file__).resolve().parent


def forms(plural: dict) -> dict:
    out = {}
    for cat, form in plural.items():
        if "stringUnit" not in form:
            raise SystemExit(f"form {cat} without a stringUnit: not handled by this script")
        out[cat] = form["stringUnit"]["value"]
    return out


def value(loc: dict):
    subs = {}
    for name, s in loc.get("substitutions", {}).items():
        v = {"type": s["formatSpecifier"], "argNum": s["argNum"]}
        v.update(forms(s["variations"]["plural"]))
        subs[name] = v
    if "stringUnit" in loc:
        text = loc["stringUnit"]["value"]
        return {"format": text, "variables": subs} if subs else text
    if "stringSet" in loc:
        return {"phrases": list(loc["stringSet"]["values"])}
    variations = loc["variations"]
    if "plural" in variations:
        subs["plural"] = forms(variations["plural"])
        return {"format": "%#@plural@", "variables": subs}
    return {"devices": {d: value(v) for d, v in variations["device"].items()}}


def read(path: pathlib.Path) -> dict:
    doc = json.loads(path.read_text(encoding="utf-8"))
    source = doc["sourceLanguage"]
    out: dict = {}
    for key, entry in doc["strings"].items():
        locs = entry.get("localizations", {})
        for lang, loc in locs.items():
            out.setdefault(lang, {})[key] = value(loc)
        if source not in locs:
            out.setdefault(source, {})[key] = key
    return out


def main() -> None:
    expected = {p.name: read(p) for p in sorted(HERE.glob("*.xcstrings"))}
    (HERE / "expected.json").write_text(json.dumps(expected, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
