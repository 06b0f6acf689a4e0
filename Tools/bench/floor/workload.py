#!/usr/bin/env python3
"""Requests for the floor benchmark (Tools/bench/floor.sh), written twice: as JSON
Lines for `herald format --batch` and as tab-separated fields (key, locale,
args…) for the C floor program (Tools/bench/floor/floor.c).

    workload.py mixed N OUT      the four kinds of Tools/bench/floor/Localizations/*/Floor.stringsdict
    workload.py current N OUT    render.sh's requests (Bench.stringsdict: "%#@count@ from %@")
    workload.py kind K N OUT     N requests of one kind (decimal, single, two, named)

writes OUT.jsonl and OUT.tsv. Requests cycle through the 16 locales of render.sh; the
mixed workload changes kind every 16 requests, so each kind meets every locale.
"""
import sys

LOCALES = ["en_US", "de_DE", "fr_FR", "es_ES", "it_IT", "pt_BR", "ru_RU", "pl_PL",
           "cs_CZ", "ar_EG", "he_IL", "ja_JP", "zh_Hans_CN", "cy_GB", "ga_IE", "lt_LT"]
NAMES = ["Ana", "Bartłomiej", "Zoë", "Nguyễn"]
KINDS = ["decimal", "single", "two", "named"]


def args_for(kind, r):
    v = (r * 7919) % 100000
    if kind == "decimal":   # value type f, forms print %.2f: three written decimals, so printf rounds
        return [f"{v // 1000}.{v % 1000:03d}"], []
    if kind == "single":    # value type d
        return [str(v)], []
    if kind == "two":       # value types ld and d in one message
        return [str(v % 120), str((r * 31) % 9)], []
    if kind == "named":     # %@ beside a plural (d)
        return [NAMES[r % 4], str(v % 1000)], [0]
    if kind == "current":   # render.sh: %#@count@ from %@
        return [str(v), NAMES[r % 4]], [1]
    raise SystemExit(f"workload.py: unknown kind {kind}")


def write(requests, out):
    with open(out + ".jsonl", "w", encoding="utf-8") as j, open(out + ".tsv", "w", encoding="utf-8") as t:
        for table, key, locale, args, strings in requests:
            rendered = ",".join(f'"{a}"' if i in strings else a for i, a in enumerate(args))
            j.write(f'{{"key":"{key}","table":"{table}","locale":"{locale}","args":[{rendered}]}}\n')
            t.write("\t".join([key, locale] + args) + "\n")


def main():
    if len(sys.argv) == 5 and sys.argv[1] == "kind":
        kinds, n, out = [sys.argv[2]], int(sys.argv[3]), sys.argv[4]
    elif len(sys.argv) == 4 and sys.argv[1] in ("mixed", "current"):
        kinds = KINDS if sys.argv[1] == "mixed" else ["current"]
        n, out = int(sys.argv[2]), sys.argv[3]
    else:
        raise SystemExit(__doc__)
    requests = []
    for r in range(n):
        kind = kinds[(r // len(LOCALES)) % len(kinds)]
        args, strings = args_for(kind, r)
        table, key = ("Bench", "messages") if kind == "current" else ("Floor", kind)
        requests.append((table, key, LOCALES[r % len(LOCALES)], args, strings))
    write(requests, out)


main()
