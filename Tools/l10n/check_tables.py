#!/usr/bin/env python3
"""Check Herald's translation tables in Localizations/ (exit status 1 on any problem).

Independent of the generator: it reads the files as shipped.
  * every <lang>.lproj/Localizable.strings with a strict, quote- and escape-aware reader
    (plain `"key" = "value";` entries, comments, only the escapes \\" \\\\ \\n);
  * every Localizable.stringsdict with plistlib, Messages.xcstrings with json;
  * every required locale present, every locale has every key English has;
  * each plural variable / plural variation provides exactly the CLDR 42 cardinal categories
    of its language (CLDR 42's plural rules); English may add Apple's `zero`;
  * format specifiers agree with English per key: same arguments, same conversions
    (`%@` vs `%d` vs `%ld` …), variables with the same argument number and value type, and
    plural forms refer only to their own variable's argument;
  * no empty value; no mixing of positional and sequential specifiers in one string;
  * with --plutil PATH (default: /opt/swift/usr/bin/plutil or `plutil` on PATH, if present),
    Foundation must read every file (`plutil -convert json -o - FILE`) and, for the .strings and
    .stringsdict files, yield exactly what this script read.
Messages are `file:line: message`.
"""
from __future__ import annotations

import argparse
import json
import plistlib
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

REQUIRED = ["en", "de", "fr", "es", "es-MX", "it", "pt-BR", "pt-PT", "nl", "sv", "da", "nb", "fi",
            "pl", "ru", "uk", "cs", "sk", "sl", "hr", "sr", "lt", "lv", "ro", "hu", "el", "tr",
            "ar", "he", "fa", "hi", "bn", "ja", "ko", "zh-Hans", "zh-Hant", "th", "vi", "id",
            "cy", "ga"]

# CLDR 42 / ICU 72 cardinal categories, from CLDR 42's plural rules (by language subtag).
_ONE_OTHER = ("one", "other")
_ROMANCE = ("one", "many", "other")
_SLAVIC = ("one", "few", "many", "other")
CLDR_CARDINALS: dict[str, tuple[str, ...]] = {
    **{lang: _ONE_OTHER for lang in (
        "en", "mr", "de", "nl", "da", "nb", "fi", "et", "is", "af", "el", "tr", "bg", "uz", "eu",
        "gl", "fa", "ur", "ta", "te", "kn", "ml", "pa", "si", "sw", "zu", "am", "sv", "hu", "hy",
        "ne", "fil", "ka", "sq", "az", "kk", "mk", "hi", "bn", "gu")},
    **{lang: _ROMANCE for lang in ("it", "es", "pt", "ca", "fr")},
    **{lang: _SLAVIC for lang in ("pl", "cs", "sk", "ru", "lt", "uk", "be")},
    "ro": ("one", "few", "other"),
    "lv": ("zero", "one", "other"),
    "hr": ("one", "few", "other"), "sr": ("one", "few", "other"), "bs": ("one", "few", "other"),
    "sl": ("one", "two", "few", "other"),
    "ga": ("one", "two", "few", "many", "other"),
    "gd": ("one", "two", "few", "other"),
    "cy": ("zero", "one", "two", "few", "many", "other"),
    "mt": ("one", "two", "few", "many", "other"),
    "he": ("one", "two", "other"),
    "ar": ("zero", "one", "two", "few", "many", "other"),
    **{lang: ("other",) for lang in ("id", "th", "ja", "ko", "zh", "km", "my", "ms", "vi", "lo")},
}
ALL_CATEGORIES = ("zero", "one", "two", "few", "many", "other")

SPEC = re.compile(
    r"%(?:(?P<pos>[1-9][0-9]*)\$)?"
    r"(?:#@(?P<var>[A-Za-z_][A-Za-z0-9_]*)@"
    r"|(?P<flags>[-+ 0#']*)(?P<width>[0-9]+|\*)?(?:\.(?P<prec>[0-9]+|\*))?"
    r"(?P<len>hh|h|ll|l|q|L|z|t|j)?(?P<conv>[@dDiuUxXoOfFeEgGaAcCsSp%]))")
ARG = "%arg"


class Problems:
    """Collects `file:line: message` lines."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def add(self, path: Path, line: int, message: str) -> None:
        self.lines.append(f"{rel(path)}:{line}: {message}")


def rel(path: Path) -> str:
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


def categories_for(lang: str) -> tuple[str, ...] | None:
    return CLDR_CARDINALS.get(lang.split("-")[0].split("_")[0])


# ---------------------------------------------------------------- .strings (strict reader)

class StringsSyntaxError(Exception):
    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line


@dataclass
class StringsEntry:
    key: str
    value: str
    line: int


def read_strings(text: str) -> list[StringsEntry]:
    """Parse plain `"key" = "value";` entries; comments and whitespace between them."""
    entries: list[StringsEntry] = []
    i, line, n = 0, 1, len(text)

    def skip_space() -> None:
        nonlocal i, line
        while i < n:
            ch = text[i]
            if ch == "\n":
                line += 1
                i += 1
            elif ch in " \t\r":
                i += 1
            elif text.startswith("//", i):
                end = text.find("\n", i)
                i = n if end < 0 else end
            elif text.startswith("/*", i):
                end = text.find("*/", i + 2)
                if end < 0:
                    raise StringsSyntaxError(line, "unterminated /* comment")
                line += text.count("\n", i, end)
                i = end + 2
            else:
                return

    def quoted(what: str) -> tuple[str, int]:
        nonlocal i, line
        if i >= n or text[i] != '"':
            found = "end of file" if i >= n else repr(text[i])
            raise StringsSyntaxError(line, f"expected a double-quoted {what}, found {found}")
        start_line = line
        i += 1
        out: list[str] = []
        while True:
            if i >= n:
                raise StringsSyntaxError(start_line, f"unterminated {what} string")
            ch = text[i]
            if ch == '"':
                i += 1
                return "".join(out), start_line
            if ch == "\n":
                raise StringsSyntaxError(line, f"raw line break inside {what}; write \\n")
            if ch == "\\":
                if i + 1 >= n:
                    raise StringsSyntaxError(line, "backslash at end of file")
                esc = text[i + 1]
                if esc == '"':
                    out.append('"')
                elif esc == "\\":
                    out.append("\\")
                elif esc == "n":
                    out.append("\n")
                else:
                    raise StringsSyntaxError(line, f"escape \\{esc} not allowed (only \\\" \\\\ \\n)")
                i += 2
                continue
            out.append(ch)
            i += 1

    skip_space()
    while i < n:
        key, key_line = quoted("key")
        skip_space()
        if i >= n or text[i] != "=":
            raise StringsSyntaxError(line, f"expected '=' after key \"{key}\"")
        i += 1
        skip_space()
        value, _ = quoted("value")
        skip_space()
        if i >= n or text[i] != ";":
            raise StringsSyntaxError(line, f"missing ';' after the value of \"{key}\"")
        i += 1
        entries.append(StringsEntry(key, value, key_line))
        skip_space()
    return entries


# ---------------------------------------------------------------- messages and specifiers

@dataclass
class Variable:
    name: str
    arg: int
    value_type: str
    forms: dict[str, str]


@dataclass
class Message:
    """One key in one locale: a format string plus its plural variables."""
    key: str
    path: Path
    line: int
    format: str
    variables: dict[str, Variable] = field(default_factory=dict)
    plural_forms: dict[str, str] | None = None     # xcstrings `variations.plural` of the whole text
    plural_arg_type: str | None = None


def specifiers(text: str) -> list[re.Match[str]]:
    return [m for m in SPEC.finditer(text) if m.group("conv") != "%"]


def stray_percent(text: str, allow_arg: bool) -> bool:
    """A '%' that starts no valid specifier."""
    cleaned = text.replace(ARG, "") if allow_arg else text
    covered = set()
    for m in SPEC.finditer(cleaned):
        covered.update(range(m.start(), m.end()))
    return any(ch == "%" and idx not in covered for idx, ch in enumerate(cleaned))


def conversion(m: re.Match[str]) -> str:
    return (m.group("len") or "") + m.group("conv")


def signature(msg: Message, problems: Problems) -> dict[int, str]:
    """Argument number -> conversion (variables as '#<valuetype>') for the format string."""
    sig: dict[int, str] = {}
    specs = specifiers(msg.format)
    positional = [m for m in specs if m.group("pos")]
    if positional and len(positional) != len(specs):
        problems.add(msg.path, msg.line, f"{msg.key}: mixes positional and sequential specifiers")
    next_arg = 1
    for m in specs:
        arg = int(m.group("pos")) if m.group("pos") else next_arg
        next_arg += 1
        if m.group("var"):
            var = msg.variables.get(m.group("var"))
            if var is None:
                problems.add(msg.path, msg.line, f"{msg.key}: variable %#@{m.group('var')}@ is not defined")
                continue
            var.arg = arg
            kind = "#" + var.value_type
        else:
            kind = conversion(m)
        if arg in sig and sig[arg] != kind:
            problems.add(msg.path, msg.line, f"{msg.key}: argument {arg} used as {sig[arg]} and {kind}")
        sig[arg] = kind
    return sig


def check_forms(msg: Message, where: str, forms: dict[str, str], own_arg: int, own_type: str,
                allow_arg: bool, problems: Problems) -> None:
    for cat, text in forms.items():
        if not text.strip():
            problems.add(msg.path, msg.line, f"{msg.key}: {where} `{cat}` is empty")
        if stray_percent(text, allow_arg):
            problems.add(msg.path, msg.line, f"{msg.key}: {where} `{cat}` has a stray '%': {text!r}")
        if not allow_arg and ARG in text:
            problems.add(msg.path, msg.line, f"{msg.key}: {where} `{cat}` uses %arg outside a substitution")
        for m in specifiers(text.replace(ARG, "") if allow_arg else text):
            if m.group("var"):
                problems.add(msg.path, msg.line, f"{msg.key}: {where} `{cat}` nests a variable")
                continue
            arg = int(m.group("pos")) if m.group("pos") else own_arg
            if arg != own_arg or conversion(m) != own_type:
                problems.add(msg.path, msg.line,
                             f"{msg.key}: {where} `{cat}` has {m.group(0)}; expected its own argument "
                             f"{own_arg} as %{own_type}")


def check_categories(msg: Message, lang: str, where: str, present: list[str], problems: Problems) -> None:
    expected = categories_for(lang)
    if expected is None:
        problems.add(msg.path, msg.line, f"{msg.key}: no CLDR 42 category list known for '{lang}'")
        return
    unknown = [c for c in present if c not in ALL_CATEGORIES]
    allowed = set(expected) | ({"zero"} if lang == "en" else set())
    missing = [c for c in expected if c not in present]
    extra = [c for c in present if c in ALL_CATEGORIES and c not in allowed]
    if unknown:
        problems.add(msg.path, msg.line, f"{msg.key}: {where}: unknown plural keys {unknown}")
    if missing:
        problems.add(msg.path, msg.line, f"{msg.key}: {where}: missing CLDR categories {missing} for {lang} "
                                         f"(needs {list(expected)})")
    if extra:
        problems.add(msg.path, msg.line, f"{msg.key}: {where}: categories {extra} are not used by {lang} "
                                         f"(CLDR 42: {list(expected)})")


def compare(msg: Message, lang: str, ref: Message | None, problems: Problems) -> None:
    """Everything checkable within one locale, then parity with English."""
    if not msg.format.strip() and msg.plural_forms is None:
        problems.add(msg.path, msg.line, f"{msg.key}: empty value")
    if stray_percent(msg.format, allow_arg=False):
        problems.add(msg.path, msg.line, f"{msg.key}: stray '%' in {msg.format!r}")
    sig = signature(msg, problems)
    for var in msg.variables.values():
        if f"@{var.name}@" not in msg.format:
            problems.add(msg.path, msg.line, f"{msg.key}: variable `{var.name}` is defined but never used")
        check_categories(msg, lang, f"variable `{var.name}`", list(var.forms), problems)
        check_forms(msg, f"variable `{var.name}`", var.forms, var.arg, var.value_type,
                    allow_arg=msg.path.suffix == ".xcstrings", problems=problems)
    if msg.plural_forms is not None:
        check_categories(msg, lang, "plural variation", list(msg.plural_forms), problems)
        for cat, text in msg.plural_forms.items():
            if not text.strip():
                problems.add(msg.path, msg.line, f"{msg.key}: plural `{cat}` is empty")
            if stray_percent(text, allow_arg=False):
                problems.add(msg.path, msg.line, f"{msg.key}: plural `{cat}` has a stray '%'")
    if ref is None:
        return
    ref_sig = signature(ref, Problems())
    if sig != ref_sig:
        problems.add(msg.path, msg.line, f"{msg.key}: arguments {describe(sig)} differ from English {describe(ref_sig)}")
    for name, ref_var in ref.variables.items():
        var = msg.variables.get(name)
        if var is None:
            problems.add(msg.path, msg.line, f"{msg.key}: variable `{name}` missing (English has it)")
        elif var.value_type != ref_var.value_type:
            problems.add(msg.path, msg.line, f"{msg.key}: variable `{name}` value type {var.value_type!r}, "
                                             f"English {ref_var.value_type!r}")
    for name in msg.variables:
        if name not in ref.variables:
            problems.add(msg.path, msg.line, f"{msg.key}: variable `{name}` not in English")
    if (msg.plural_forms is None) != (ref.plural_forms is None):
        problems.add(msg.path, msg.line, f"{msg.key}: plural variation present in one of this locale and English only")
    elif msg.plural_forms is not None and ref.plural_forms is not None:
        ref_specs = plural_signature(ref.plural_forms)
        mine = plural_signature(msg.plural_forms)
        if not mine <= ref_specs or not mine:
            problems.add(msg.path, msg.line, f"{msg.key}: plural specifiers {sorted(mine)} differ from English "
                                             f"{sorted(ref_specs)}")


def plural_signature(forms: dict[str, str]) -> set[tuple[int, str]]:
    out: set[tuple[int, str]] = set()
    for text in forms.values():
        seq = 1
        for m in specifiers(text):
            out.add((int(m.group("pos")) if m.group("pos") else seq, conversion(m)))
            seq += 1
    return out


def describe(sig: dict[int, str]) -> str:
    return "{" + ", ".join(f"{k}: %{v}" for k, v in sorted(sig.items())) + "}"


# ---------------------------------------------------------------- readers per format

def line_of(text: str, needle: str, start: int = 0) -> int:
    at = text.find(needle, start)
    return 1 if at < 0 else text.count("\n", 0, at) + 1


def load_strings(path: Path, problems: Problems) -> dict[str, Message] | None:
    raw = path.read_bytes()
    if raw.startswith(b"\xef\xbb\xbf"):
        problems.add(path, 1, "UTF-8 byte-order mark; write plain UTF-8")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        problems.add(path, raw.count(b"\n", 0, error.start) + 1, f"not UTF-8: {error.reason}")
        return None
    try:
        entries = read_strings(text)
    except StringsSyntaxError as error:
        problems.add(path, error.line, str(error))
        return None
    out: dict[str, Message] = {}
    first_line: dict[str, int] = {}
    for entry in entries:
        if entry.key in first_line:
            problems.add(path, entry.line, f"duplicate key \"{entry.key}\" (first on line {first_line[entry.key]})")
        else:
            first_line[entry.key] = entry.line
        if not entry.key:
            problems.add(path, entry.line, "empty key")
        out[entry.key] = Message(entry.key, path, entry.line, entry.value)  # last one wins, as in CF
    return out


def load_stringsdict(path: Path, problems: Problems) -> dict[str, Message] | None:
    raw = path.read_bytes()
    text = raw.decode("utf-8", errors="replace")
    if not text.startswith('<?xml version="1.0" encoding="UTF-8"?>'):
        problems.add(path, 1, "missing the XML header <?xml version=\"1.0\" encoding=\"UTF-8\"?>")
    if "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\"" not in text:
        problems.add(path, 2, "missing the Apple plist DOCTYPE")
    try:
        root = plistlib.loads(raw)
    except Exception as error:  # plistlib raises several types on bad XML
        problems.add(path, 1, f"not a readable property list: {error}")
        return None
    if not isinstance(root, dict):
        problems.add(path, 1, "top level is not a dictionary")
        return None
    out: dict[str, Message] = {}
    for key, entry in root.items():
        line = line_of(text, f"<key>{xml_escape(key)}</key>")
        if not isinstance(entry, dict):
            problems.add(path, line, f"{key}: entry is not a dictionary")
            continue
        fmt = entry.get("NSStringLocalizedFormatKey")
        if not isinstance(fmt, str):
            problems.add(path, line, f"{key}: NSStringLocalizedFormatKey missing or not a string")
            continue
        msg = Message(key, path, line, fmt)
        for name, var in entry.items():
            if name == "NSStringLocalizedFormatKey":
                continue
            if not isinstance(var, dict):
                problems.add(path, line, f"{key}: variable `{name}` is not a dictionary")
                continue
            if var.get("NSStringFormatSpecTypeKey") != "NSStringPluralRuleType":
                problems.add(path, line, f"{key}: variable `{name}` is not an NSStringPluralRuleType")
            value_type = var.get("NSStringFormatValueTypeKey")
            if not isinstance(value_type, str) or not re.fullmatch(r"(hh|h|ll|l|q|z|t|j)?[dDiuUxXoO]|[fFeEgG]", value_type):
                problems.add(path, line, f"{key}: variable `{name}` has a bad NSStringFormatValueTypeKey {value_type!r}")
                value_type = "?"
            forms = {}
            for cat, text_value in var.items():
                if cat in ("NSStringFormatSpecTypeKey", "NSStringFormatValueTypeKey"):
                    continue
                if not isinstance(text_value, str):
                    problems.add(path, line, f"{key}: variable `{name}` category `{cat}` is not a string")
                    continue
                forms[cat] = text_value
            if "other" not in forms:
                problems.add(path, line, f"{key}: variable `{name}` lacks the required `other`")
            msg.variables[name] = Variable(name, 0, value_type, forms)
        out[key] = msg
    return out


def xml_escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def unit_value(node: object) -> tuple[str | None, str | None]:
    """(value, problem) of {"stringUnit": {"state": "translated", "value": …}}."""
    if not isinstance(node, dict) or not isinstance(node.get("stringUnit"), dict):
        return None, "no stringUnit"
    su = node["stringUnit"]
    if su.get("state") != "translated":
        return None, f"state is {su.get('state')!r}, not 'translated'"
    value = su.get("value")
    if not isinstance(value, str):
        return None, "value missing"
    return value, None


def load_xcstrings(path: Path, problems: Problems) -> dict[str, dict[str, Message]]:
    """locale -> key -> Message."""
    text = path.read_text(encoding="utf-8")
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as error:
        problems.add(path, error.lineno, f"not JSON: {error.msg}")
        return {}
    if doc.get("sourceLanguage") != "en":
        problems.add(path, 1, "sourceLanguage must be \"en\"")
    if doc.get("version") != "1.0":
        problems.add(path, 1, "version must be \"1.0\"")
    out: dict[str, dict[str, Message]] = {}
    for key, entry in (doc.get("strings") or {}).items():
        key_line = line_of(text, json.dumps(key, ensure_ascii=False) + " :")
        for lang, loc in (entry.get("localizations") or {}).items():
            line = line_of(text, json.dumps(lang) + " :", text.find(json.dumps(key, ensure_ascii=False) + " :"))
            if "variations" in loc:
                plural = (loc["variations"] or {}).get("plural")
                if not isinstance(plural, dict) or set(loc["variations"]) != {"plural"}:
                    problems.add(path, line, f"{key} [{lang}]: only plural variations are expected here")
                    continue
                forms = {}
                for cat, node in plural.items():
                    value, problem = unit_value(node)
                    if problem:
                        problems.add(path, line, f"{key} [{lang}] plural `{cat}`: {problem}")
                    else:
                        forms[cat] = value
                msg = Message(key, path, line, "", plural_forms=forms)
            else:
                value, problem = unit_value(loc)
                if problem:
                    problems.add(path, line, f"{key} [{lang}]: {problem}")
                    continue
                msg = Message(key, path, line, value)
                for name, sub in (loc.get("substitutions") or {}).items():
                    arg = sub.get("argNum")
                    spec = sub.get("formatSpecifier")
                    plural = ((sub.get("variations") or {}).get("plural"))
                    if not isinstance(arg, int) or arg < 1 or not isinstance(spec, str) or not isinstance(plural, dict):
                        problems.add(path, line, f"{key} [{lang}]: substitution `{name}` needs argNum, "
                                                 "formatSpecifier and variations.plural")
                        continue
                    forms = {}
                    for cat, node in plural.items():
                        fv, problem = unit_value(node)
                        if problem:
                            problems.add(path, line, f"{key} [{lang}] substitution `{name}` `{cat}`: {problem}")
                        else:
                            forms[cat] = fv
                    var = Variable(name, arg, spec, forms)
                    msg.variables[name] = var
            out.setdefault(lang, {})[key] = msg
        if not entry.get("localizations"):
            problems.add(path, key_line, f"{key}: no localizations")
    # The substitution's argNum is authoritative; the text uses %#@name@ without a position.
    return out


def check_xcstrings_args(msgs: dict[str, dict[str, Message]], problems: Problems) -> None:
    for lang, table in msgs.items():
        for msg in table.values():
            declared = {v.name: v.arg for v in msg.variables.values()}
            sig_probe = Message(msg.key, msg.path, msg.line, msg.format,
                                {n: Variable(n, 0, v.value_type, {}) for n, v in msg.variables.items()})
            signature(sig_probe, Problems())
            for name, var in sig_probe.variables.items():
                if var.arg and var.arg != declared[name]:
                    problems.add(msg.path, msg.line, f"{msg.key} [{lang}]: %#@{name}@ sits at argument "
                                                     f"{var.arg} but argNum is {declared[name]}")


# ---------------------------------------------------------------- Foundation cross-check

def plutil_json(plutil: str, path: Path) -> tuple[object | None, str | None]:
    run = subprocess.run([plutil, "-convert", "json", "-o", "-", str(path)],
                         capture_output=True, text=True, check=False)
    if run.returncode != 0:
        return None, (run.stderr or run.stdout).strip()
    try:
        return json.loads(run.stdout), None
    except json.JSONDecodeError as error:
        return None, f"plutil printed unreadable JSON: {error}"


def foundation_check(plutil: str, path: Path, expected: object, problems: Problems) -> None:
    got, error = plutil_json(plutil, path)
    if error:
        problems.add(path, 1, f"Foundation (plutil) cannot read the file: {error}")
    elif expected is not None and got != expected:
        problems.add(path, 1, "Foundation (plutil) reads different content than the strict reader")
    if path.suffix != ".xcstrings":
        lint = subprocess.run([plutil, "-lint", str(path)], capture_output=True, text=True, check=False)
        if lint.returncode != 0:
            problems.add(path, 1, f"plutil -lint: {(lint.stdout + lint.stderr).strip()}")


# ---------------------------------------------------------------- main

def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT / "Localizations")
    parser.add_argument("--plutil", default=None, help="plutil binary (default: auto-detect)")
    parser.add_argument("--no-plutil", action="store_true", help="skip the Foundation cross-check")
    args = parser.parse_args()
    plutil = None
    if not args.no_plutil:
        plutil = args.plutil or (
            "/opt/swift/usr/bin/plutil" if Path("/opt/swift/usr/bin/plutil").exists() else shutil.which("plutil"))

    problems = Problems()
    root: Path = args.root
    langs = sorted(p.name[:-len(".lproj")] for p in root.glob("*.lproj") if p.is_dir())
    for lang in REQUIRED:
        if lang not in langs:
            problems.add(root / f"{lang}.lproj", 1, f"required locale {lang} is missing")
    if "en" not in langs:
        print("\n".join(problems.lines), file=sys.stderr)
        return 1

    tables: dict[str, dict[str, Message]] = {}
    unreadable: set[str] = set()  # locales with a file that failed to parse: skip missing-key noise
    for lang in langs:
        if categories_for(lang) is None:
            problems.add(root / f"{lang}.lproj", 1, f"no CLDR 42 category list known for '{lang}'")
        merged: dict[str, Message] = {}
        strings_path = root / f"{lang}.lproj" / "Localizable.strings"
        dict_path = root / f"{lang}.lproj" / "Localizable.stringsdict"
        for path, loader in ((strings_path, load_strings), (dict_path, load_stringsdict)):
            if not path.exists():
                problems.add(path, 1, "file is missing")
                continue
            loaded = loader(path, problems)
            if loaded is None:
                unreadable.add(lang)
                if plutil:
                    foundation_check(plutil, path, None, problems)
                continue
            for key, msg in loaded.items():
                if key in merged:
                    problems.add(path, msg.line, f"{key}: defined in both Localizable.strings and .stringsdict")
                merged[key] = msg
            if plutil:
                expected: object
                if loader is load_strings:
                    expected = {k: m.format for k, m in loaded.items()}
                else:
                    expected = plistlib.loads(path.read_bytes())
                foundation_check(plutil, path, expected, problems)
        tables[lang] = merged

    xc_path = root / "Messages.xcstrings"
    catalog: dict[str, dict[str, Message]] = {}
    if xc_path.exists():
        catalog = load_xcstrings(xc_path, problems)
        check_xcstrings_args(catalog, problems)
        if plutil:
            foundation_check(plutil, xc_path, json.loads(xc_path.read_text(encoding="utf-8")), problems)
    else:
        problems.add(xc_path, 1, "file is missing")

    for source in (tables, catalog):
        english = source.get("en", {})
        expected_langs = langs
        for lang in expected_langs:
            table = source.get(lang)
            where = xc_path if source is catalog else root / f"{lang}.lproj" / "Localizable.strings"
            if table is None:
                problems.add(where, 1, f"locale {lang} has no entries")
                continue
            for key in english:
                if key not in table and not (source is tables and lang in unreadable):
                    problems.add(where, 1, f"{lang}: key {key} is missing")
            for key, msg in table.items():
                ref = english.get(key)
                if ref is None and lang != "en":
                    problems.add(msg.path, msg.line, f"{key}: not an English key")
                compare(msg, lang, ref if lang != "en" else None, problems)

    if problems.lines:
        print("\n".join(problems.lines), file=sys.stderr)
        print(f"{len(problems.lines)} problem(s)", file=sys.stderr)
        return 1
    count = sum(len(t) for t in tables.values()) + sum(len(t) for t in catalog.values())
    print(f"OK: {len(langs)} locales, {count} entries checked"
          + (f", Foundation cross-check with {plutil}" if plutil else ", no plutil cross-check"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
