#!/usr/bin/env python3
"""Sums an smaps dump (Tools/bench/memory/smaps_at_exit.c) by mapped file.

usage: rss_by_mapping.py SMAPS [N]   prints the total and the N largest (default 12)
"""
import collections
import re
import sys

rss = collections.Counter()
name = None
for line in open(sys.argv[1]):
    m = re.match(r'^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$', line)
    if m:
        name = (m.group(1).strip() or '[anonymous]').split('/')[-1]
    elif line.startswith('Rss:') and name is not None:
        rss[name] += int(line.split()[1])
print('  %6.1f MB  resident at exit' % (sum(rss.values()) / 1024))
for what, kb in rss.most_common(int(sys.argv[2]) if len(sys.argv) > 2 else 12):
    print('  %6.1f MB  %s' % (kb / 1024, what))
