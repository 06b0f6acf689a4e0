#!/usr/bin/env python3
"""Measures each `herald validate` rule's precision on real apps' tables.

    Tools/lint-precision/precision.py [--corpus DIR] [--herald BIN] [--show] [--app NAME] [--labels DIR]

For each app of the corpus (each folder of DIR, the real apps' tables CI keeps beside
the checkout; `catalogs` counts as one app), runs `herald validate --format json` on it,
draws a sample of up to SAMPLE (30) findings per rule — the findings ordered by a
SHA-256 of the seed and the finding's id, so the draw is fixed and a finding that
disappears lets the next one in without reshuffling the rest — and matches the sample
with the labels in labels/<app>.tsv (one line per finding: id, right|wrong, a one-line
reason). Prints each rule's precision per app (right / labelled in the sample) and lists
sampled findings that have no label. --show prints those unlabelled findings with the
lines they point at, for labelling.

Rules that are off by default (`herald validate --list-rules` says `off`: their precision
was under 95 %) are turned on for the measurement (a configuration naming them, given with
--config), so their figures stay known; they are marked "off" in the table.

Exit 1 when a rule on by default is under 95 % on an app, 0 otherwise; unlabelled findings are listed but do not fail the
run unless --require-labels.
"""
import argparse, hashlib, json, os, subprocess, sys

SEED = "herald-lint-precision-1"
SAMPLE = 30
THRESHOLD = 0.95
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def finding_ids(diagnostics, app_dir):
    """Stable ids: rule|file:line:column|locale|key, with #n when several share them."""
    seen = {}
    out = []
    for d in diagnostics:
        rel = os.path.relpath(d["file"], app_dir) if d.get("file") else ""
        base = "%s|%s:%s:%s|%s|%s" % (d["rule"], rel, d.get("line", 0), d.get("column", 0), d.get("locale", ""), d.get("key", ""))
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.append((base if n == 0 else "%s#%d" % (base, n), d))
    return out


def sample(findings):
    by_rule = {}
    for fid, d in findings:
        by_rule.setdefault(d["rule"], []).append((fid, d))
    for rule, xs in by_rule.items():
        xs.sort(key=lambda x: hashlib.sha256((SEED + x[0]).encode()).hexdigest())
        by_rule[rule] = (len(xs), xs[:SAMPLE])
    return by_rule


def load_labels(app, directory):
    path = os.path.join(directory, app + ".tsv")
    labels = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                line = line.rstrip("\n")
                if not line or line.startswith("#"):
                    continue
                parts = line.split("\t")
                if len(parts) < 3 or parts[1] not in ("right", "wrong"):
                    sys.exit("%s:%d: expected id<TAB>right|wrong<TAB>reason" % (path, n))
                labels[parts[0]] = (parts[1], parts[2])
    return labels


def show(d):
    print("   ", d["message"][:400])
    try:
        with open(d["file"], encoding="utf-8", errors="replace") as f:
            lines = f.readlines()
        ln = int(d.get("line", 1))
        for i in range(max(0, ln - 1), min(len(lines), ln + 2)):
            print("    %d: %s" % (i + 1, lines[i].rstrip()[:300]))
    except (OSError, ValueError):
        pass


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", default=os.path.join(ROOT, "..", "shared", "corpus"))
    ap.add_argument("--herald", default=None)
    ap.add_argument("--app", action="append")
    ap.add_argument("--show", action="store_true")
    ap.add_argument("--labels", default=os.path.join(HERE, "labels"),
                    help="folder of <app>.tsv label files (labels/before: the rules as they were before issue 30)")
    ap.add_argument("--require-labels", action="store_true")
    args = ap.parse_args()
    herald = args.herald
    if herald is None:
        bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
        herald = os.path.join(bin_path, "herald")
    off_rules = []
    for line in subprocess.run([herald, "validate", "--list-rules"], capture_output=True, text=True).stdout.splitlines():
        parts = line.split()
        if len(parts) >= 2 and parts[1] == "off":
            off_rules.append(parts[0])
    config_args = []
    if off_rules:
        import tempfile
        cfg = tempfile.NamedTemporaryFile("w", suffix=".json", delete=False)
        json.dump({"rules": {r: "warning" for r in off_rules}}, cfg)
        cfg.close()
        config_args = ["--config", cfg.name]
    apps = args.app or sorted(a for a in os.listdir(args.corpus) if os.path.isdir(os.path.join(args.corpus, a)))
    failing, unlabelled_total = [], 0
    rows = []
    for app in apps:
        app_dir = os.path.realpath(os.path.join(args.corpus, app))
        # A folder of String Catalogs from different apps (catalogs/): each is validated on
        # its own, with its own source language, as its app would be.
        files = sorted(f for f in os.listdir(app_dir) if f.endswith(".xcstrings"))
        targets = [os.path.join(app_dir, f) for f in files] if files else [app_dir]
        diagnostics = []
        for target in targets:
            run = subprocess.run([herald, "validate", "--format", "json"] + config_args + [target], capture_output=True, text=True)
            if run.returncode not in (0, 1):
                sys.exit("%s: herald validate exited %d: %s" % (app, run.returncode, run.stderr[:500]))
            diagnostics += json.loads(run.stdout)["diagnostics"]
        labels = load_labels(app, args.labels)
        for rule, (total, picked) in sorted(sample(finding_ids(diagnostics, app_dir)).items()):
            right = wrong = 0
            missing = []
            for fid, d in picked:
                if fid in labels:
                    if labels[fid][0] == "right":
                        right += 1
                    else:
                        wrong += 1
                else:
                    missing.append((fid, d))
            labelled = right + wrong
            precision = right / labelled if labelled else None
            rows.append((app, rule, total, len(picked), labelled, precision))
            if precision is not None and precision < THRESHOLD and rule not in off_rules:
                failing.append((app, rule, precision))
            unlabelled_total += len(missing)
            for fid, d in missing:
                print("unlabelled: %s\t%s" % (app, fid))
                if args.show:
                    show(d)
    print()
    print("%-32s %-28s %8s %7s %9s %9s" % ("app", "rule", "findings", "sampled", "labelled", "precision"))
    for app, rule, total, picked, labelled, precision in rows:
        p = "-" if precision is None else "%.0f%%" % (100 * precision)
        print("%-32s %-28s %8d %7d %9d %9s%s" % (app, rule, total, picked, labelled, p, "  (off by default)" if rule in off_rules else ""))
    if unlabelled_total:
        print("\n%d sampled finding(s) have no label (listed above)" % unlabelled_total)
    for app, rule, precision in failing:
        print("FAIL: %s on %s: %.0f%% < 95%%" % (rule, app, 100 * precision))
    if failing or (args.require_labels and unlabelled_total):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
