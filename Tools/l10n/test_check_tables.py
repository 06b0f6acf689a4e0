#!/usr/bin/env python3
"""Self-test of check_tables.py: the shipped tables pass, and each planted defect is reported.

Every case copies Localizations/ to a temporary folder, breaks one thing, runs the checker as a
subprocess (without plutil, except where the case is about Foundation) and expects exit status 1
with a message naming the file and the problem. Run: python3 Tools/l10n/test_check_tables.py
"""
from __future__ import annotations

import json
import plistlib
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Callable

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CHECKER = HERE / "check_tables.py"


def run(root: Path, plutil: bool = False) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, str(CHECKER), "--root", str(root)]
    if not plutil:
        cmd.append("--no-plutil")
    return subprocess.run(cmd, capture_output=True, text=True, check=False)


def edit_text(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    if old not in text:
        raise AssertionError(f"{path}: fixture text {old!r} not found")
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def edit_plist(path: Path, change: Callable[[dict], None]) -> None:
    data = plistlib.loads(path.read_bytes())
    change(data)
    path.write_bytes(plistlib.dumps(data, sort_keys=False))


def edit_json(path: Path, change: Callable[[dict], None]) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")


def strings(root: Path, lang: str) -> Path:
    return root / f"{lang}.lproj" / "Localizable.strings"


def sdict(root: Path, lang: str) -> Path:
    return root / f"{lang}.lproj" / "Localizable.stringsdict"


CASES: list[tuple[str, Callable[[Path], None], list[str]]] = [
    ("missing semicolon",
     lambda r: edit_text(strings(r, "fr"), '"reminder.title" = "Rappel";', '"reminder.title" = "Rappel"'),
     ["fr.lproj/Localizable.strings:", "missing ';'"]),
    ("escape other than \\\" \\\\ \\n",
     lambda r: edit_text(strings(r, "de"), '"reminder.title" = "Erinnerung";', '"reminder.title" = "Erin\\tnerung";'),
     ["de.lproj/Localizable.strings:", "escape \\t not allowed"]),
    ("duplicate key",
     lambda r: strings(r, "nl").write_text(strings(r, "nl").read_text(encoding="utf-8")
                                            + '"reminder.title" = "Nog eens";\n', encoding="utf-8"),
     ["nl.lproj/Localizable.strings:", "duplicate key \"reminder.title\""]),
    ("%@ turned into %d",
     lambda r: edit_text(strings(r, "it"), "Combinazione migliore: %@", "Combinazione migliore: %d"),
     ["it.lproj/Localizable.strings:", "lottery.win.best: arguments {1: %d} differ from English {1: %@}"]),
    ("argument dropped",
     lambda r: edit_text(strings(r, "es"), "«%1$@» vence %2$@ (%3$@).", "«%1$@» vence %2$@."),
     ["es.lproj/Localizable.strings:", "reminder.due.body: arguments"]),
    ("stray percent",
     lambda r: edit_text(strings(r, "sv"), "Bästa resultat: %@", "Bästa 50% resultat: %@"),
     ["sv.lproj/Localizable.strings:", "stray '%'"]),
    ("empty value",
     lambda r: edit_text(strings(r, "da"), '"Påmindelse"', '""'),
     ["da.lproj/Localizable.strings:", "reminder.title: empty value"]),
    ("missing key",
     lambda r: edit_text(strings(r, "pl"), '"media.failed" = "Nie udało się wczytać załączonych multimediów.";\n', ""),
     ["pl.lproj/Localizable.strings:", "key media.failed is missing"]),
    ("Russian plural without `few`",
     lambda r: edit_plist(sdict(r, "ru"), lambda d: d["badge.summary"]["count"].pop("few")),
     ["ru.lproj/Localizable.stringsdict:", "missing CLDR categories ['few'] for ru"]),
    ("German plural with `zero` (only English may add it)",
     lambda r: edit_plist(sdict(r, "de"), lambda d: d["lottery.loss.body"]["tickets"].__setitem__("zero", "keinem")),
     ["de.lproj/Localizable.stringsdict:", "categories ['zero'] are not used by de"]),
    ("Japanese plural with `one`",
     lambda r: edit_plist(sdict(r, "ja"), lambda d: d["badge.summary"]["count"].__setitem__("one", "%ld件")),
     ["ja.lproj/Localizable.stringsdict:", "categories ['one'] are not used by ja"]),
    ("form uses another argument",
     lambda r: edit_plist(sdict(r, "cs"), lambda d: d["lottery.win.body"]["winners"].__setitem__("one", "%3$d výherní tiket")),
     ["cs.lproj/Localizable.stringsdict:", "expected its own argument 2 as %d"]),
    ("value type changed",
     lambda r: edit_plist(sdict(r, "el"), lambda d: d["badge.summary"]["count"].__setitem__("NSStringFormatValueTypeKey", "d")),
     ["el.lproj/Localizable.stringsdict:", "value type 'd', English 'ld'"]),
    ("mixed positional and sequential",
     lambda r: edit_plist(sdict(r, "hu"), lambda d: d["lottery.win.body"].__setitem__(
         "NSStringLocalizedFormatKey", "Nyereményed: %1$@ – %#@tickets@ szelvényből %2$#@winners@ nyert.")),
     ["hu.lproj/Localizable.stringsdict:", "mixes positional and sequential"]),
    ("stringsdict without DOCTYPE",
     lambda r: sdict(r, "fi").write_bytes(b"\n".join(
         line for line in sdict(r, "fi").read_bytes().split(b"\n") if not line.startswith(b"<!DOCTYPE"))),
     ["fi.lproj/Localizable.stringsdict:2:", "DOCTYPE"]),
    ("catalog state not translated",
     lambda r: edit_json(r / "Messages.xcstrings", lambda d: d["strings"]["message.title"]["localizations"]["ko"]
                         ["stringUnit"].__setitem__("state", "new")),
     ["Messages.xcstrings:", "message.title [ko]: state is 'new'"]),
    ("catalog plural missing Arabic `two`",
     lambda r: edit_json(r / "Messages.xcstrings", lambda d: d["strings"]["message.unread"]["localizations"]["ar"]
                         ["variations"]["plural"].pop("two")),
     ["Messages.xcstrings:", "missing CLDR categories ['two'] for ar"]),
    ("catalog substitution with wrong argNum",
     lambda r: edit_json(r / "Messages.xcstrings", lambda d: d["strings"]["message.attachments"]["localizations"]["sl"]
                         ["substitutions"]["files"].__setitem__("argNum", 2)),
     ["Messages.xcstrings:", "argNum is 2"]),
    ("required locale missing",
     lambda r: shutil.rmtree(r / "ga.lproj"),
     ["ga.lproj:1:", "required locale ga is missing"]),
]


def main() -> int:
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        clean = Path(tmp) / "clean"
        shutil.copytree(ROOT / "Localizations", clean)
        result = run(clean, plutil=shutil.which("plutil") is not None or Path("/opt/swift/usr/bin/plutil").exists())
        if result.returncode != 0:
            print(f"FAIL shipped tables: checker exit {result.returncode}\n{result.stderr}")
            failures += 1
        else:
            print("ok   shipped tables pass")
        for index, (name, breaker, expected) in enumerate(CASES):
            root = Path(tmp) / f"case{index}"
            shutil.copytree(ROOT / "Localizations", root)
            breaker(root)
            result = run(root)
            lines = result.stderr.splitlines()
            hit = any(all(part in line for part in expected) for line in lines)
            if result.returncode == 1 and hit:
                print(f"ok   {name}")
            else:
                failures += 1
                print(f"FAIL {name}: exit {result.returncode}, wanted a line with {expected}\n{result.stderr}")
    print(f"{len(CASES) + 1 - failures}/{len(CASES) + 1} passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
