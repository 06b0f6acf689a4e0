#!/usr/bin/env python3
"""The conversions' differential check over real apps' tables (issue #29).

For every table of a corpus of real apps' tables (a folder of apps, each holding its
`.lproj` folders and String Catalogs anywhere below it), every key in every localization
is rendered with `herald format --batch`, for plural messages once per sample number in
each argument place, from:

  orig      the tables as the app ships them;
  catalog   `herald export --format xcstrings` of them (for an app's String Catalog:
            `herald export --format strings`, its `.lproj` files);
  back      that converted again the other way (`.strings`/`.stringsdict` again, or a
            String Catalog again);
  xliff     the tables with every translation removed, then `herald import`ed again from
            `herald export --format xliff` of the original (each translation comes back
            through XLIFF alone).

Each render (its text, or its error) must be the original's. The script prints the counts
and every difference (the first few in full), and exits 1 when there is any difference or a
conversion fails. It runs the `herald` it is given as a subprocess: what a user runs.

Usage: corpus-roundtrip.py --corpus DIR [--herald PATH] [--keep DIR] [--show N]
(what the conversions guarantee: Docs/string-catalogs.md, "Conversions").
"""
import argparse
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time

# Sample numbers: together they reach every plural category of every CLDR locale
# (CLDR's first integer and decimal samples of each category: 0, 1, 2, 3–4, 5–20, 11,
# 12–14, 21, 22–24, 100, 101, 1000000 and their fractions); each is given as written,
# so 1.0 is a decimal with one fraction digit.
SAMPLES = ["0", "1", "2", "3", "4", "5", "7", "11", "12", "15", "21", "22", "25", "100", "101", "102",
           "1000000", "0.0", "0.1", "0.5", "1.0", "1.1", "1.5", "2.5", "10.1"]
# The other arguments: distinct, so an argument read from the wrong place shows.
BASE = [31, 42, 53, 64, 75, 86, 97, 108, 119]

SPEC = re.compile(r"%(?:(\d+)\$)?[-+ 0'#]*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|h|ll|l|q|L|z|t|j)?(#@[^@%]*@|[@dDiuUxXoOfFeEgGaAcCsSp])")


def argument_count(value) -> int:
    """How many arguments a message may read: more than it reads is harmless."""
    texts = []

    def walk(v):
        if isinstance(v, str):
            texts.append(v)
        elif isinstance(v, dict):
            for x in v.values():
                walk(x)
        elif isinstance(v, list):
            texts.extend(x for x in v if isinstance(x, str))

    walk(value)
    top = 0
    for t in texts:
        t = t.replace("%%", "")
        seq = 0
        for m in SPEC.finditer(t):
            if m.group(1):
                top = max(top, int(m.group(1)))
            else:
                seq += 1
        top = max(top, seq)
    if isinstance(value, dict) and "variables" in value:
        top += 1  # a form reads from its variable's argument on
    return min(max(top, 0), len(BASE))


def requests_for(loc: str, table: str, key: str, value):
    """The format requests of one key in one localization."""
    n = argument_count(value)
    devices = [None]
    widths = [None]
    if isinstance(value, dict) and "devices" in value:
        devices = sorted(value["devices"].keys())
    if isinstance(value, dict) and "widths" in value:
        widths = sorted(int(w) for w in value["widths"].keys())
    plural = isinstance(value, dict) and json.dumps(value).find('"variables"') >= 0
    arg_sets = [BASE[:n]]
    if plural:
        arg_sets = []
        for p in range(max(n, 1)):
            for sample in SAMPLES:
                arg_sets.append([("sample", sample) if i == p else BASE[i] for i in range(max(n, 1))])
    for d in devices:
        for w in widths:
            for args in arg_sets:
                yield {"key": key, "locale": loc, "table": table, "args": args, "device": d, "width": w}


def encode(req) -> str:
    """One JSON line; a sample number is written as the sample says (1.0 stays 1.0)."""
    parts = [f'"key":{json.dumps(req["key"], ensure_ascii=False)}', f'"locale":{json.dumps(req["locale"])}',
             f'"table":{json.dumps(req["table"], ensure_ascii=False)}']
    args = []
    for a in req["args"]:
        args.append(a[1] if isinstance(a, tuple) else json.dumps(a))
    parts.append('"args":[' + ",".join(args) + "]")
    if req["device"]:
        parts.append(f'"device":{json.dumps(req["device"])}')
    if req["width"] is not None:
        parts.append(f'"width":{req["width"]}')
    return "{" + ",".join(parts) + "}"


class Herald:
    def __init__(self, path: str):
        self.path = path

    def run(self, args, stdin=None):
        return subprocess.run([self.path, *args], input=stdin, capture_output=True, text=True)

    def must(self, args, what):
        r = self.run(args)
        if r.returncode != 0:
            raise RuntimeError(f"{what}: herald {' '.join(args)} exited {r.returncode}: {r.stderr.strip()[:2000]}")
        return r

    def render(self, tables: str, lines) -> list:
        r = self.run(["format", "--tables", tables, "--batch", "-"], stdin="\n".join(lines) + "\n")
        out = r.stdout.splitlines()
        if len(out) != len(lines):
            raise RuntimeError(f"format --batch over {tables} answered {len(out)} of {len(lines)} lines: {r.stderr.strip()[:500]}")
        results = []
        for line in out:
            o = json.loads(line)
            results.append(("text", o["text"]) if "text" in o else ("error", re.sub(r"^line \d+: ", "", o.get("error", ""))))
        return results


def units(corpus: pathlib.Path):
    """(name, kind, source): each folder holding `.lproj` folders of `.strings`/
    `.stringsdict` files, and each String Catalog, is one unit."""
    roots = set()
    for lproj in sorted(corpus.rglob("*.lproj")):
        if any(f.suffix in (".strings", ".stringsdict") for f in lproj.iterdir() if f.is_file()):
            roots.add(lproj.parent)
    for root in sorted(roots):
        yield str(root.relative_to(corpus)), "lproj", root
    for cat in sorted(corpus.rglob("*.xcstrings")):
        yield str(cat.relative_to(corpus)), "xcstrings", cat


def copy_unit(kind: str, source: pathlib.Path, dest: pathlib.Path):
    dest.mkdir(parents=True)
    if kind == "xcstrings":
        shutil.copyfile(source, dest / source.name)
        return
    for lproj in source.glob("*.lproj"):
        files = [f for f in lproj.iterdir() if f.is_file() and f.suffix in (".strings", ".stringsdict")]
        if files:
            (dest / lproj.name).mkdir()
            for f in files:
                shutil.copyfile(f, dest / lproj.name / f.name)


def strip_translations(kind: str, folder: pathlib.Path, development: str):
    """Every translation removed: what import must bring back from XLIFF alone."""
    if kind == "lproj":
        for lproj in folder.glob("*.lproj"):
            if lproj.name != development + ".lproj":
                shutil.rmtree(lproj)
        return
    for cat in folder.glob("*.xcstrings"):
        doc = json.loads(cat.read_text(encoding="utf-8"))
        source = doc.get("sourceLanguage", development)
        for entry in doc.get("strings", {}).values():
            if entry.get("shouldTranslate") is False:
                continue  # not exported ("Don't Translate"): kept as it is
            locs = entry.get("localizations")
            if isinstance(locs, dict):
                for lang in [l for l in locs if l != source]:
                    del locs[lang]
        cat.write_text(json.dumps(doc, ensure_ascii=False, indent=2, separators=(",", " : ")) + "\n", encoding="utf-8")


def explained(variant: str, req, value, exported, development):
    """Why a render may differ, when the target format cannot hold what the table says
    (each documented in Docs/string-catalogs.md and Docs/xliff.md); None otherwise."""
    if isinstance(value, dict) and "phrases" in json.dumps(value) and variant in ("lproj", "back"):
        return "App Shortcuts phrase set: .strings/.stringsdict cannot hold one"
    if variant == "xliff" and development is not None:
        source = exported.get(development, {}).get(req["table"], {})
        if req["key"] not in source:
            return "XLIFF: a translation of a key the development language does not have (no source to translate)"
        if isinstance(value, dict) and ("widths" in value or "devices" in value) and req["table"] in exported.get(development, {}):
            return "XLIFF: .stringsdict width and device variants are not exported"
    return None


def check_unit(herald: Herald, name: str, kind: str, source: pathlib.Path, work: pathlib.Path, report):
    orig = work / "orig"
    copy_unit(kind, source, orig)
    exported = json.loads(herald.must(["export", str(orig), "--format", "json"], f"{name}: export json").stdout)
    requests = []
    for loc in sorted(exported):
        for table in sorted(exported[loc]):
            for key in sorted(exported[loc][table]):
                requests.extend(requests_for(loc, table, key, exported[loc][table][key]))
    lines = [encode(r) for r in requests]
    values = [exported[r["locale"]][r["table"]][r["key"]] for r in requests]
    if not lines:
        return
    variants = {}
    conv, back = work / "catalog", work / "back"
    if kind == "lproj":
        herald.must(["export", str(orig), "--format", "xcstrings", "--output", str(conv)], f"{name}: export xcstrings")
        herald.must(["export", str(conv), "--format", "strings", "--output", str(back)], f"{name}: catalog back to strings")
    else:
        herald.must(["export", str(orig), "--format", "strings", "--output", str(conv)], f"{name}: export strings")
        herald.must(["export", str(conv), "--format", "xcstrings", "--output", str(back)], f"{name}: strings back to a catalog")
    variants["catalog" if kind == "lproj" else "lproj"] = conv
    variants["back"] = back
    xliff, trip = work / "xliff", work / "trip"
    herald.must(["export", str(orig), "--format", "xliff", "--output", str(xliff)], f"{name}: export xliff")
    docs = [d for d in sorted(xliff.glob("*.xliff")) if "<file " in d.read_text(encoding="utf-8")]
    if not docs:
        # No table of the development language: XLIFF has no source text to carry.
        report["no_xliff"].append(name)
    else:
        development = re.search(r'source-language="([^"]+)"', docs[0].read_text(encoding="utf-8")).group(1)
        copy_unit(kind, source, trip)
        strip_translations(kind, trip, development)
        # One language at a time: a language import refuses does not hold back the others.
        for doc in docs:
            r = herald.run(["import", str(doc), "--tables", str(trip)])
            if r.returncode != 0:
                errors = [l for l in r.stderr.splitlines() if ": error: " in l]
                report["failures"].append(f"{name}: import {doc.name} refused: " + " | ".join(errors[:3]))
        variants["xliff"] = trip
        report["development"][name] = development
    want = herald.render(str(orig), lines)
    report["units"] += 1
    report["requests"] += len(lines)
    for variant, folder in variants.items():
        got = herald.render(str(folder), lines)
        report["compared"][variant] = report["compared"].get(variant, 0) + len(lines)
        for req, value, line, w, g in zip(requests, values, lines, want, got):
            if w != g:
                why = explained(variant, req, value, exported, report["development"].get(name))
                if why:
                    report["explained"][why] = report["explained"].get(why, 0) + 1
                else:
                    report["differences"].append((name, variant, line, w, g))


def main() -> int:
    here = pathlib.Path(__file__).resolve().parent.parent.parent
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--corpus", required=True, help="a folder of apps' tables (.lproj folders, String Catalogs)")
    ap.add_argument("--herald", default=str(here / ".build" / "debug" / "herald"))
    ap.add_argument("--keep", help="keep the converted tables in this folder")
    ap.add_argument("--show", type=int, default=20, help="differences shown in full")
    a = ap.parse_args()
    corpus = pathlib.Path(a.corpus)
    if not corpus.is_dir():
        print(f"corpus-roundtrip: no corpus at {corpus}", file=sys.stderr)
        return 2
    herald = Herald(a.herald)
    report = {"units": 0, "requests": 0, "compared": {}, "differences": [], "failures": [], "no_xliff": [],
              "explained": {}, "development": {}}
    started = time.monotonic()
    base = pathlib.Path(a.keep) if a.keep else pathlib.Path(tempfile.mkdtemp(prefix="herald-roundtrip-"))
    try:
        for i, (name, kind, source) in enumerate(units(corpus)):
            work = base / f"{i:03d}"
            if work.exists():
                shutil.rmtree(work)
            try:
                check_unit(herald, name, kind, source, work, report)
            except RuntimeError as e:
                report["failures"].append(str(e))
    finally:
        if not a.keep:
            shutil.rmtree(base, ignore_errors=True)
    diffs = report["differences"]
    total = sum(report["compared"].values())
    by_variant = {v: sum(1 for d in diffs if d[1] == v) for v in report["compared"]}
    print(f"corpus-roundtrip: {report['units']} table folders and catalogs, {report['requests']} renders each, "
          f"{total} renders compared ({', '.join(f'{v} {n}' for v, n in sorted(report['compared'].items()))}), "
          f"{sum(report['explained'].values())} explained, {len(diffs)} differences ({', '.join(f'{v} {n}' for v, n in sorted(by_variant.items()))}), "
          f"{len(report['failures'])} conversions failed, {time.monotonic() - started:.0f} s")
    for why, n in sorted(report["explained"].items()):
        print(f"  explained: {n} renders: {why}")
    if report["no_xliff"]:
        print(f"  no XLIFF round trip (nothing to translate: no development-language table, or no other language): {', '.join(report['no_xliff'])}")
    for f in report["failures"]:
        print("  failed: " + f)
    for name, variant, line, w, g in diffs[:a.show]:
        print(f"  {variant} {name}: {line}\n    original: {w}\n    {variant}: {g}")
    return 1 if diffs or report["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
