#!/usr/bin/env python3
"""`herald export --format mf2` checked to render identically (issue #35).

Every table of Herald's own Localizations/ and of a corpus of real apps' tables (the units
corpus-roundtrip.py finds: folders of `.lproj` folders, String Catalogs) is exported as
MessageFormat 2 tables; every key that was converted is rendered with `herald format
--batch` from the original table and from its `.mf2` table, in every localization, with
the arguments a push gives (text: loc-args are strings), plural messages once per sample
whole number in each argument place (together the samples reach every CLDR plural category
of whole numbers). With `--no-isolate` the texts must be the same byte for byte; in the
right-to-left localizations, where both formats isolate arguments, the renders with the default
bidi isolation are compared too, once the isolate characters (U+2066-U+2069) are taken out:
MessageFormat 2 chooses LRI/RLI/FSI by the value's direction where printf-style tables always
write FSI, and it isolates text of unknown direction in left-to-right messages too, by design.

Prints the counts: keys converted, keys refused (grouped by reason), renders compared,
differences (the first few in full); exits 1 on any difference or failed export.

Usage: corpus-mf2.py [--tables DIR]... [--corpus DIR] [--herald PATH] [--show N]
(default: --tables Localizations; what converts and how: Docs/mf2.md, "Converting tables").
"""
import argparse
import importlib.util
import json
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("corpus_roundtrip", HERE / "corpus-roundtrip.py")
roundtrip = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(roundtrip)

# Whole numbers only: the conversion is for counts (a fraction given to `%d` is already a
# warning: printf drops it, MessageFormat 2's :integer rounds it; Docs/mf2.md says so).
# CLDR's first integer samples of each category of every locale (0, 1, 2, 3–4, 5–20, 11,
# 12–14, 21, 22–24, 100, 101, 1000000), and 1000 for grouping.
SAMPLES = ["0", "1", "2", "3", "5", "11", "12", "21", "22", "100", "101", "1000", "1000000"]
# Where both formats isolate arguments (right-to-left localizations), the isolated renders are
# compared too; elsewhere printf-style tables isolate nothing and --no-isolate says it all.
RTL = ("ar", "he", "fa", "ur", "ps", "yi", "ckb", "dv", "sd", "ug")
ISOLATES = re.compile("[\u2066-\u2069]")
REFUSAL = re.compile(r"^(.*?): warning: (.*) not converted to MessageFormat 2: (.*)$")


def reason_class(reason: str) -> str:
    """The reason without what is particular to one key (specifiers, names, numbers)."""
    return re.sub(r"'[^']*'", "'…'", re.sub(r"\([^)]*\)", "(…)", reason))


def icu_arguments(pattern: str):
    """An ICU MessageFormat pattern's argument count (names bind in order of first use,
    numbers by position) and the select keys written in it (tried as arguments too)."""
    names = []
    for m in re.finditer(r"\{\s*([A-Za-z0-9_]+)\s*[,}]", pattern):
        if m.group(1) not in names:
            names.append(m.group(1))
    n = max((int(x) + 1 for x in names), default=0) if names and all(x.isdigit() for x in names) else len(names)
    words = sorted(set(re.findall(r"([A-Za-z_][A-Za-z0-9_]*)\s*\{", pattern)) - {"zero", "one", "two", "few", "many", "other"})
    selected = {m.group(1) for m in re.finditer(r"\{\s*([A-Za-z0-9_]+)\s*,\s*select\s*,", pattern)}
    positions = {names.index(x) if not x.isdigit() or not all(y.isdigit() for y in names) else int(x) for x in selected}
    return min(n, len(roundtrip.BASE)), words, positions


def requests_for(loc, table, key, value):
    if table.endswith(".icu") and isinstance(value, str):
        n, words, selected = icu_arguments(value)
        base = [str(b) for b in roundtrip.BASE[:n]]
        for p in range(n):
            # Numbers in every place; a select's own keys where a select reads the argument.
            for sample in SAMPLES + (words if p in selected else []):
                yield {"key": key, "locale": loc, "table": table, "args": [sample if i == p else base[i] for i in range(n)]}
        if n == 0:
            yield {"key": key, "locale": loc, "table": table, "args": []}
        return
    n = roundtrip.argument_count(value)
    devices, widths = [None], [None]
    if isinstance(value, dict) and "devices" in value:
        devices = sorted(value["devices"].keys())
    if isinstance(value, dict) and "widths" in value:
        widths = sorted(int(w) for w in value["widths"].keys())
    base = [str(b) for b in roundtrip.BASE[:n]]
    arg_sets = [base]
    if isinstance(value, dict) and json.dumps(value).find('"variables"') >= 0:
        arg_sets = []
        for p in range(max(n, 1)):
            for sample in SAMPLES:
                arg_sets.append([sample if i == p else str(roundtrip.BASE[i]) for i in range(max(n, 1))])
    for d in devices:
        for w in widths:
            for args in arg_sets:
                r = {"key": key, "locale": loc, "table": table, "args": args}
                if d:
                    r["device"] = d
                if w is not None:
                    r["width"] = w
                yield r


def mf2_table(table: str) -> str:
    """The name `herald export --format mf2` gives a table's MessageFormat 2 version."""
    return (table[:-4] if table.endswith(".icu") else table) + ".mf2"


def render(herald, tables, requests, isolate):
    lines = [json.dumps(r, ensure_ascii=False) for r in requests]
    args = ["format", "--tables", tables, "--batch", "-"] + ([] if isolate else ["--no-isolate"])
    r = subprocess.run([herald, *args], input="\n".join(lines) + "\n", capture_output=True, text=True)
    out = r.stdout.splitlines()
    if len(out) != len(lines):
        raise RuntimeError(f"format --batch over {tables} answered {len(out)} of {len(lines)} lines: {r.stderr.strip()[:500]}")
    results = []
    for line in out:
        o = json.loads(line)
        results.append(("text", o["text"]) if "text" in o else ("error", re.sub(r"^line \d+: ", "", o.get("error", ""))))
    return results


def check_unit(herald, name, kind, source, work, report):
    orig = work / "orig"
    roundtrip.copy_unit(kind, source, orig)
    run = lambda args: subprocess.run([herald, *args], capture_output=True, text=True)
    r = run(["export", str(orig), "--format", "json"])
    if r.returncode != 0:
        raise RuntimeError(f"{name}: export json exited {r.returncode}: {r.stderr.strip()[:500]}")
    exported = json.loads(r.stdout)
    mf2 = work / "mf2"
    r = run(["export", str(orig), "--format", "mf2", "--output", str(mf2)])
    if r.returncode != 0:
        raise RuntimeError(f"{name}: export mf2 exited {r.returncode}: {r.stderr.strip()[:500]}")
    for line in r.stderr.splitlines():
        m = REFUSAL.match(line)
        if m:
            report["refused"] += 1
            c = reason_class(m.group(3))
            report["reasons"][c] = report["reasons"].get(c, 0) + 1
            place = m.group(1).replace(str(orig) + "/", "")
            report["refusal_examples"].setdefault(c, f"{name}: {place}: {m.group(2)}: {m.group(3)}")
    converted = json.loads(run(["export", str(mf2), "--format", "json"]).stdout) if mf2.exists() else {}
    requests, mf2_requests = [], []
    for loc in sorted(exported):
        for table in sorted(exported[loc]):
            keys = converted.get(loc, {}).get(mf2_table(table), {})
            report["converted"] += len(keys)
            for key in exported[loc][table]:
                if key not in keys:
                    continue
                for req in requests_for(loc, table, key, exported[loc][table][key]):
                    requests.append(req)
                    mf2_requests.append(dict(req, table=mf2_table(table)))
    report["units"] += 1
    if not requests:
        return
    rtl = [i for i, r in enumerate(requests) if r["locale"].split("-")[0].split("_")[0] in RTL]
    for isolate in (False, True):
        picked = rtl if isolate else range(len(requests))
        if not picked:
            continue
        want = render(herald, str(orig), [requests[i] for i in picked], isolate)
        got = render(herald, str(mf2), [mf2_requests[i] for i in picked], isolate)
        report["compared"] += len(picked)
        for req, w, g in zip([requests[i] for i in picked], want, got):
            same = w == g if not isolate else (w[0], ISOLATES.sub("", w[1])) == (g[0], ISOLATES.sub("", g[1]))
            if not same:
                report["differences"].append((name, "isolated" if isolate else "--no-isolate", json.dumps(req, ensure_ascii=False), w, g))


def main() -> int:
    here = HERE.parent.parent
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", action="append", help="a folder of tables (repeatable; default Localizations)")
    ap.add_argument("--corpus", help="a folder of apps' tables (.lproj folders, String Catalogs)")
    ap.add_argument("--herald", default=str(here / ".build" / "debug" / "herald"))
    ap.add_argument("--show", type=int, default=20, help="differences shown in full")
    a = ap.parse_args()
    roots = [pathlib.Path(t) for t in (a.tables or [str(here / "Localizations")])]
    if a.corpus:
        roots.append(pathlib.Path(a.corpus))
    for root in roots:
        if not root.is_dir():
            print(f"corpus-mf2: no folder at {root}", file=sys.stderr)
            return 2
    report = {"units": 0, "converted": 0, "refused": 0, "reasons": {}, "refusal_examples": {}, "compared": 0,
              "differences": [], "failures": []}
    started = time.monotonic()
    base = pathlib.Path(tempfile.mkdtemp(prefix="herald-mf2-"))
    try:
        i = 0
        for root in roots:
            for name, kind, source in roundtrip.units(root):
                try:
                    check_unit(a.herald, f"{root.name}/{name}", kind, source, base / f"{i:03d}", report)
                except RuntimeError as e:
                    report["failures"].append(str(e))
                i += 1
    finally:
        shutil.rmtree(base, ignore_errors=True)
    diffs = report["differences"]
    print(f"corpus-mf2: {report['units']} table folders and catalogs, {report['converted']} messages converted, "
          f"{report['refused']} refused, {report['compared']} renders compared, {len(diffs)} differences, "
          f"{len(report['failures'])} exports failed, {time.monotonic() - started:.0f} s")
    for why, n in sorted(report["reasons"].items(), key=lambda x: -x[1]):
        print(f"  refused {n}: {why}\n    e.g. {report['refusal_examples'][why]}")
    for f in report["failures"]:
        print("  failed: " + f)
    for name, mode, line, w, g in diffs[:a.show]:
        print(f"  {mode} {name}: {line}\n    original: {w}\n    mf2:      {g}")
    return 1 if diffs or report["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
