#!/usr/bin/env python3
"""Which external packages each library product of Herald links, from the package graph
(`swift package describe --type json`). Fails when a light product (tables, renderer,
linter) would drag swift-crypto or GRDB into a client that only wanted it."""
import json
import subprocess
import sys

LIGHT = {"HeraldTableFormats", "HeraldTables", "HeraldTableInterchange", "HeraldRender", "HeraldLint"}
HEAVY = {"Crypto", "GRDB"}

graph = json.loads(subprocess.run(
    ["swift", "package", "describe", "--type", "json"], check=True, capture_output=True, text=True).stdout)
targets = {t["name"]: t for t in graph["targets"]}


def closure(names):
    seen, todo = set(), list(names)
    while todo:
        name = todo.pop()
        if name in seen or name not in targets:
            continue
        seen.add(name)
        todo += targets[name].get("target_dependencies", [])
    return seen


failed = False
for product in graph["products"]:
    if "library" not in product["type"]:
        continue
    modules = closure(product["targets"])
    external = sorted({p for m in modules for p in targets[m].get("product_dependencies", [])})
    print(f"{product['name']}: {len(modules)} modules; links {', '.join(external) or 'no other package'}")
    if product["name"] in LIGHT and HEAVY & set(external):
        print(f"  error: {product['name']} must not link {', '.join(sorted(HEAVY & set(external)))}", file=sys.stderr)
        failed = True
sys.exit(1 if failed else 0)
