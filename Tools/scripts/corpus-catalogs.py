#!/usr/bin/env python3
"""Real apps' String Catalogs read, validated, previewed and carried through XLIFF
(the checks that were tests while the catalogs were in the project; the project holds
only tables it wrote, so they run here, over a corpus folder, from CI).

For every `*.xcstrings` in the catalogs folder (each named owner__repository__table, see its
SOURCES.md), with the `herald` given, run as a subprocess:

- `herald export FILE --format json` reads the same keys and values as Python's json
  module reads from the file (the reading below is written without Herald);
- `herald validate FILE` finds no error and no `structure` problem;
- `herald export --format xliff` is well-formed XLIFF 1.2 (xmllint and the project's subset
  schema, when xmllint is installed), and `herald import` of it: into the catalog as it is,
  writes nothing; into the catalog without its translations, brings every one back (the
  same JSON);
- a few facts read off the files by hand: BreadUp's App Shortcuts phrase sets (source language
  es, 2 Spanish and 3 English phrases), Wakey's zh-Hans source language, SolarLens's phrases in
  `herald preview` and through every export.

Usage: corpus-catalogs.py --catalogs DIR [--herald PATH]; exit 1 on any failure.
"""
import argparse
import json
import pathlib
import shutil
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent.parent.parent
failures = []


def check(ok: bool, what: str):
    if not ok:
        failures.append(what)


# --- The catalog as Python's json module reads it, in `herald export --format json`'s shape.

def forms(plural: dict) -> dict:
    return {cat: form["stringUnit"]["value"] for cat, form in plural.items()}


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
    """A key with no localization in the source language serves the key itself there."""
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


def stripped(v):
    """Herald's export names the argument and type of a `variations.plural`, which the
    reading above does not guess: left out of the comparison."""
    if isinstance(v, dict):
        if v.get("format") == "%#@plural@" and "plural" in v.get("variables", {}):
            v = json.loads(json.dumps(v))
            v["variables"]["plural"].pop("type", None)
            v["variables"]["plural"].pop("argNum", None)
        if "devices" in v:
            v = dict(v, devices={d: stripped(m) for d, m in v["devices"].items()})
    return v


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--catalogs", required=True, help="a folder of real apps' String Catalogs")
    ap.add_argument("--herald", default=str(HERE / ".build" / "debug" / "herald"))
    a = ap.parse_args()
    folder = pathlib.Path(a.catalogs)
    files = sorted(folder.glob("*.xcstrings"))
    check(len(files) >= 12, f"{len(files)} catalogs in {folder}, expected at least 12")

    def herald(*args, ok=True):
        r = subprocess.run([a.herald, *args], capture_output=True, text=True)
        if ok and r.returncode != 0:
            failures.append(f"herald {' '.join(args)} exited {r.returncode}: {r.stderr.strip()[:500]}")
        return r

    work = pathlib.Path(tempfile.mkdtemp(prefix="herald-catalogs-"))
    xliffs = []
    try:
        for i, f in enumerate(files):
            name = f.name
            table = f.stem
            # Reading.
            got = json.loads(herald("export", str(f), "--format", "json").stdout or "{}")
            got = {loc: {k: stripped(v) for k, v in tables.get(table, {}).items()} for loc, tables in got.items()}
            want = read(f)
            check(json.dumps(got, sort_keys=True) == json.dumps(want, sort_keys=True), f"{name}: Herald's reading differs from the JSON's")
            # Validation.
            r = herald("validate", str(f), ok=False)
            check(": error: " not in r.stdout and "[structure]" not in r.stdout, f"{name}: validate: {r.stdout[:500]}")
            # XLIFF both ways.
            d = work / f"{i:02d}"
            (d / "tables").mkdir(parents=True)
            shutil.copyfile(f, d / "tables" / name)
            doc = json.loads(f.read_text(encoding="utf-8"))
            herald("export", str(d / "tables"), "--format", "xliff", "--output", str(d / "xliff"))
            docs = [p for p in sorted((d / "xliff").glob("*.xliff")) if "<file " in p.read_text(encoding="utf-8")]
            if not docs:
                # Only the source language: its own document.
                r = herald("export", str(d / "tables"), "--format", "xliff", "--language", doc["sourceLanguage"])
                (d / "xliff" / "source.xliff").write_text(r.stdout, encoding="utf-8")
                docs = [d / "xliff" / "source.xliff"]
            xliffs += docs
            same = herald("import", *map(str, docs), "--tables", str(d / "tables"))
            check("; would write 0 files" in same.stderr or "; wrote 0 files" in same.stderr, f"{name}: import into itself wrote: {same.stderr[-300:]}")
            for entry in doc["strings"].values():
                if entry.get("shouldTranslate") is False:
                    continue  # not exported: kept as it is
                locs = entry.get("localizations")
                if isinstance(locs, dict):
                    for lang in [l for l in locs if l != doc["sourceLanguage"]]:
                        del locs[lang]
            (d / "tables" / name).write_text(json.dumps(doc, ensure_ascii=False, indent=2, separators=(",", " : ")) + "\n", encoding="utf-8")
            herald("import", *map(str, docs), "--tables", str(d / "tables"))
            back = json.loads((d / "tables" / name).read_text(encoding="utf-8"))
            check(back == json.loads(f.read_text(encoding="utf-8")), f"{name}: the catalog did not come back from its XLIFF")

        xmllint = shutil.which("xmllint")
        schema = HERE / "Tests/HeraldTablesTests/Fixtures/xliff/xliff-core-1.2-subset.xsd"
        if xmllint and xliffs:
            r = subprocess.run([xmllint, "--noout", "--schema", str(schema), *map(str, xliffs)], capture_output=True, text=True)
            check(r.returncode == 0, f"xmllint: {r.stderr[-800:]}")
        elif not xmllint:
            print("corpus-catalogs: xmllint not installed, XLIFF schema check skipped", file=sys.stderr)

        # Facts read off the files by hand.
        bread = folder / "jlezcanof__BreadUp__AppShortcuts.xcstrings"
        if bread.exists():
            j = json.loads(herald("export", str(bread), "--format", "json").stdout or "{}")
            key = "Obtiene una receta en ${applicationName}"
            es = j.get("es", {}).get(bread.stem, {}).get(key, {})
            check(es.get("phrases") == ["Obtiene una receta en ${applicationName}", "Busca una receta a partir del nombre en ${applicationName}"], f"BreadUp es phrases: {es}")
            check(len(j.get("en", {}).get(bread.stem, {}).get(key, {}).get("phrases", [])) == 3, "BreadUp: 3 English phrases")
            cat = json.loads(herald("export", str(bread), "--format", "xcstrings").stdout or "{}")
            check(cat.get("sourceLanguage") == "es" and cat.get("version") == "1.2", "BreadUp: source language es, version 1.2")
            loc = cat.get("strings", {}).get(key, {})
            check(loc.get("extractionState") == "extracted_with_value" and loc["localizations"]["es"]["stringSet"]["state"] == "new", f"BreadUp states: {loc}")
        wakey = folder / "CofficLab__Wakey__Localizable.xcstrings"
        if wakey.exists():
            def fmt(locale, key):
                return herald("format", "--tables", str(folder), "--table", wakey.stem, "--key", key, "--locale", locale).stdout
            check(fmt("zh-Hans", "允许系统休眠") == "允许系统休眠\n", "Wakey: a zh-Hans key serves itself in zh-Hans")
            check(fmt("en", "允许系统休眠") == "Allow System Sleep\n", "Wakey: English as written")
            cat = json.loads(herald("export", str(wakey), "--format", "xcstrings").stdout or "{}")
            check(cat.get("sourceLanguage") == "zh-Hans", "Wakey: source language zh-Hans")
            check(cat.get("strings", {}).get("关于", {}).get("extractionState") == "stale", "Wakey: 关于 is stale")
        solar = folder / "mduu__SolarLens__AppShortcuts.xcstrings"
        if solar.exists():
            d = work / "solar"
            d.mkdir()
            shutil.copyfile(solar, d / "AppShortcuts.xcstrings")
            r = herald("preview", "--format", "json", "--tables", str(d), "--locales", "en,de")
            items = json.loads(r.stdout or "{}").get("locales", [])
            shortcut = [x for x in items if x.get("example") == "phrases:AppShortcuts/Is any car charging in ${applicationName}"]

            def phrases(locale):
                return [x["payload"]["aps"]["alert"]["body"] for x in shortcut if x.get("locale") == locale]
            check(phrases("en") == ["Is any car charging in ${applicationName}", "Does any car currently charge in ${applicationName}",
                                    "Is any car currently charging in ${applicationName}"], f"SolarLens preview en: {phrases('en')}")
            check(len(phrases("de")) == 4 and phrases("de")[0] == "Lädt ein Auto in ${applicationName}", f"SolarLens preview de: {phrases('de')}")
            j = json.loads(herald("export", str(solar), "--format", "json").stdout or "{}")
            check(len(j.get("it", {}).get(solar.stem, {}).get("Is any car charging in ${applicationName}", {}).get("phrases", [])) == 3, "SolarLens: 3 Italian phrases")
            cat = json.loads(herald("export", str(solar), "--format", "xcstrings").stdout or "{}")
            charge = cat.get("strings", {}).get("Set charging mode to ${chargingMode} in ${applicationName}", {})
            check(charge.get("localizations", {}).get("de", {}).get("stringSet", {}).get("values", [None])[0] == "Setze Lademodus auf  ${chargingMode} in ${applicationName}", "SolarLens: de phrase kept")
            check(charge.get("extractionState") == "extracted_with_value", "SolarLens: extractionState kept")
            r = herald("export", str(solar), "--format", "strings", "--output", str(d / "lproj"))
            check("App Shortcuts phrase set" in r.stderr, f"SolarLens: .strings export says a phrase set is left out: {r.stderr[:300]}")
    finally:
        shutil.rmtree(work, ignore_errors=True)

    print(f"corpus-catalogs: {len(files)} catalogs read, validated, previewed and carried through XLIFF: {len(failures)} failures")
    for f in failures:
        print("  " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
