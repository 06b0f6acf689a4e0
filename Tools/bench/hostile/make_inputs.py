#!/usr/bin/env python3
"""Writes the worst-shaped inputs of issue-style hostile testing, each about SIZE bytes:

  strings-many-keys.strings        one line of many "k" = "v"; pairs
  strings-huge-string.strings      one string of SIZE bytes
  strings-specifiers.strings       one string of many numbered specifiers (%1$@ … %N$@)
  stringsdict-huge-string.xml      a .stringsdict (XML plist) whose one value is SIZE bytes
  stringsdict-specifiers.xml       a .stringsdict whose plural form is SIZE bytes of %@
  stringsdict-specifiers-d.xml     the same form of %d
  strings-objects.strings          one .strings value of SIZE bytes of %@
  stringsdict-deep.xml             <dict> nested as deep as SIZE allows
  stringsdict-shared.bplist        a binary plist whose one string is referenced by every key
  stringsdict-plural-nest.xml      plural variables nested through their forms (for the linter)
  xcstrings-many-keys.xcstrings    a one-line String Catalog with many keys
  xcstrings-deep.xcstrings         a String Catalog nested as deep as SIZE allows
  xliff-many-units.xliff           a one-line XLIFF of many trans-units (for herald import)
  xliff-huge-string.xliff          an XLIFF whose one target is SIZE bytes of text and entities
  xliff-deep.xliff                 <group> nested as deep as SIZE allows
  payload-many-keys.json           a one-line APNs payload with many custom keys
  batch-many-keys.jsonl            render --batch lines, each a payload with many custom keys
  format-batch-many-keys.jsonl     format --batch lines with many unknown members

Usage: make_inputs.py OUT_DIR [SIZE]   (SIZE in bytes, default 4 MiB)
       make_inputs.py --seeds Tools/fuzz/corpus   (the same shapes at 16 KiB: */hostile-*)
"""
import json
import os
import struct
import sys


def strings_many_keys(size):
    parts, n, k = [], 0, 0
    while n < size:
        p = '"k%d"="v";' % k
        parts.append(p)
        n += len(p)
        k += 1
    return ''.join(parts).encode()


def strings_huge_string(size):
    return ('"k" = "' + 'x' * (size - 10) + '";\n').encode()


def numbered_specifiers(size):
    parts, n, k = [], 0, 1
    while n < size:
        p = '%%%d$@ ' % k
        parts.append(p)
        n += len(p)
        k += 1
    return ''.join(parts)


def strings_specifiers(size):
    return ('"k" = "' + numbered_specifiers(size - 10) + '";\n').encode()


PLIST_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n'


def stringsdict_huge_string(size):
    return (PLIST_HEAD + '<dict><key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>'
            '<key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>'
            '<key>NSStringFormatValueTypeKey</key><string>d</string><key>one</key><string>one</string>'
            '<key>other</key><string>' + 'x' * size + '</string></dict></dict></dict></plist>\n').encode()


def stringsdict_specifiers(size):
    # Issue 31 item 14: a plural form of SIZE bytes of %@ (every render reads each argument:
    # the set of arguments past the 64th was copied on each read, quadratic).
    return (PLIST_HEAD + '<dict><key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>'
            '<key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>'
            '<key>NSStringFormatValueTypeKey</key><string>d</string><key>one</key><string>%@</string>'
            '<key>other</key><string>' + '%@' * (size // 2) + '</string></dict></dict></dict></plist>\n').encode()


def stringsdict_specifiers_d(size):
    # The same form of %d: every specifier is a localized number (a formatter per render).
    return stringsdict_specifiers(size).replace(b'%@%@', b'%d%d')


def strings_objects(size):
    # One .strings value of SIZE bytes of %@ (sequential: the linter renders every one).
    return ('"k" = "' + '%@' * (size // 2) + '";\n').encode()


def stringsdict_deep(size):
    depth = size // 30
    return (PLIST_HEAD + '<dict><key>k</key>' * depth + '<string>x</string>' + '</dict>' * depth + '</plist>\n').encode()


def bplist_shared(size):
    """A dictionary of many distinct keys whose values are one shared string."""
    value = 'x' * (size // 4)
    # Per key: a 4-byte key ref, a 4-byte value ref, an 8-byte offset and the key object (~8).
    keys = max(1, (size - len(value)) // 25)
    refsize = 4
    objects = []

    def marker(t, count):
        if count < 15:
            return bytes([t << 4 | count])
        return bytes([t << 4 | 0x0F, 0x13]) + struct.pack('>Q', count)

    def ascii(s):
        return marker(0x5, len(s)) + s.encode()

    d = marker(0xD, keys)
    d += b''.join(struct.pack('>I', 2 + k) for k in range(keys))
    d += struct.pack('>I', 1) * keys
    objects = [d, ascii(value)] + [ascii('k%d' % k) for k in range(keys)]
    out = bytearray(b'bplist00')
    offsets = []
    for o in objects:
        offsets.append(len(out))
        out += o
    table = len(out)
    for o in offsets:
        out += struct.pack('>Q', o)
    out += bytes([0, 0, 0, 0, 0, 0, 8, refsize]) + struct.pack('>QQQ', len(objects), 0, table)
    return bytes(out)


def stringsdict_plural_nest(size):
    """Variables v0 … vN, each of six forms naming the next: explored naively, 6^N paths."""
    forms = ['zero', 'one', 'two', 'few', 'many', 'other']
    body, n, level = [], 0, 0
    while True:
        nxt = '%%#@v%d@' % (level + 1)
        var = ('<key>v%d</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>'
               '<key>NSStringFormatValueTypeKey</key><string>d</string>' % level
               + ''.join('<key>%s</key><string>%s %%d %s</string>' % (f, f, nxt) for f in forms) + '</dict>')
        if n + len(var) > size - 400:
            break
        body.append(var)
        n += len(var)
        level += 1
    # The last level's forms name a variable that does not exist: make it plain.
    last = level
    body.append('<key>v%d</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>'
                '<key>NSStringFormatValueTypeKey</key><string>d</string><key>one</key><string>one</string>'
                '<key>other</key><string>%%d other</string></dict>' % last)
    return (PLIST_HEAD + '<dict><key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@v0@</string>'
            + ''.join(body) + '</dict></dict></plist>\n').encode()


def many_members(size, prefix='c'):
    members, n, k = [], 0, 0
    while n < size:
        m = '"%s%d":1' % (prefix, k)
        members.append(m)
        n += len(m) + 1
        k += 1
    return ','.join(members)


def xcstrings_many_keys(size):
    members, n, k = [], 0, 0
    unit = '{"localizations":{"de":{"stringUnit":{"state":"translated","value":"v"}}}}'
    while n < size:
        m = '"k%d":%s' % (k, unit)
        members.append(m)
        n += len(m) + 1
        k += 1
    return ('{"sourceLanguage":"en","version":"1.0","strings":{' + ','.join(members) + '}}').encode()


def xcstrings_deep(size):
    depth = size // 2
    return ('{"sourceLanguage":"en","strings":{"k":' + '[' * depth + ']' * depth + '}}').encode()


XLIFF_HEAD = ('<?xml version="1.0" encoding="UTF-8"?><xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">'
              '<file original="en.lproj/Localizable.strings" source-language="en" target-language="de" datatype="plaintext"><body>')
XLIFF_TAIL = '</body></file></xliff>\n'


def xliff_many_units(size):
    units, n, k = [], len(XLIFF_HEAD) + len(XLIFF_TAIL), 0
    while n < size:
        u = '<trans-unit id="k%d"><source>s</source><target>t</target></trans-unit>' % k
        units.append(u)
        n += len(u)
        k += 1
    return (XLIFF_HEAD + ''.join(units) + XLIFF_TAIL).encode()


def xliff_huge_string(size):
    unit = '<trans-unit id="k"><source>s</source><target>%s</target></trans-unit>'
    room = size - len(XLIFF_HEAD) - len(XLIFF_TAIL) - len(unit)
    text = ('a&amp;b&#x202E;&lt;' * (room // 19 + 1))[:room]
    text = text[:text.rfind(';') + 1]
    return (XLIFF_HEAD + unit % text + XLIFF_TAIL).encode()


def xliff_deep(size):
    depth = (size - len(XLIFF_HEAD) - len(XLIFF_TAIL)) // len('<group></group>')
    return (XLIFF_HEAD + '<group>' * depth + '</group>' * depth + XLIFF_TAIL).encode()


def payload_many_keys(size):
    return ('{"aps":{"alert":{"title":"t","body":"b"},"mutable-content":1},' + many_members(size - 80) + '}').encode()


def batch_many_keys(size, line_size):
    lines, n, i = [], 0, 0
    while n < size:
        payload = payload_many_keys(line_size - 60).decode()
        line = '{"id":%d,"locale":"en","payload":%s}' % (i, payload)
        lines.append(line)
        n += len(line) + 1
        i += 1
    return ('\n'.join(lines) + '\n').encode()


def format_batch_many_keys(size, line_size):
    lines, n = [], 0
    while n < size:
        line = '{"key":"greeting","locale":"en",' + many_members(line_size - 40, 'x') + '}'
        lines.append(line)
        n += len(line) + 1
    return ('\n'.join(lines) + '\n').encode()


def shapes(size):
    # Batch lines stay under the 1 MiB line limit, so every line is read and answered.
    line = min(size, 1000 * 1000)
    return {
        'strings-many-keys.strings': strings_many_keys(size),
        'strings-huge-string.strings': strings_huge_string(size),
        'strings-specifiers.strings': strings_specifiers(size),
        'stringsdict-huge-string.xml': stringsdict_huge_string(size),
        'stringsdict-deep.xml': stringsdict_deep(size),
        'stringsdict-shared.bplist': bplist_shared(size),
        'stringsdict-plural-nest.xml': stringsdict_plural_nest(size),
        'stringsdict-specifiers.xml': stringsdict_specifiers(size),
        'stringsdict-specifiers-d.xml': stringsdict_specifiers_d(size),
        'strings-objects.strings': strings_objects(size),
        'xcstrings-many-keys.xcstrings': xcstrings_many_keys(size),
        'xcstrings-deep.xcstrings': xcstrings_deep(size),
        'xliff-many-units.xliff': xliff_many_units(size),
        'xliff-huge-string.xliff': xliff_huge_string(size),
        'xliff-deep.xliff': xliff_deep(size),
        'payload-many-keys.json': payload_many_keys(size),
        'batch-many-keys.jsonl': batch_many_keys(size, line),
        'format-batch-many-keys.jsonl': format_batch_many_keys(size, line),
    }


def write_seeds(corpus, size=16 << 10):
    """The same shapes, small, as seeds of the libFuzzer harnesses (each under 64 KiB)."""
    sh = shapes(size)
    small_line = size // 2
    seeds = {
        'fuzz-strings': ['strings-many-keys.strings', 'strings-huge-string.strings', 'strings-specifiers.strings',
                         'stringsdict-shared.bplist'],
        'fuzz-stringsdict': ['stringsdict-huge-string.xml', 'stringsdict-deep.xml', 'stringsdict-plural-nest.xml',
                             'stringsdict-shared.bplist'],
        'fuzz-xcstrings': ['xcstrings-many-keys.xcstrings', 'xcstrings-deep.xcstrings'],
        'fuzz-xliff': ['xliff-many-units.xliff', 'xliff-huge-string.xliff', 'xliff-deep.xliff'],
        'fuzz-payload': ['payload-many-keys.json'],
        'fuzz-stage': ['payload-many-keys.json'],
    }
    for harness, names in seeds.items():
        for name in names:
            with open(os.path.join(corpus, harness, 'hostile-' + name), 'wb') as f:
                f.write(sh[name])
    with open(os.path.join(corpus, 'fuzz-json-reader', 'hostile-format-batch-line.json'), 'wb') as f:
        f.write(format_batch_many_keys(small_line, small_line).split(b'\n')[0])
    with open(os.path.join(corpus, 'fuzz-format', 'hostile-numbered-specifiers.txt'), 'wb') as f:
        f.write(numbered_specifiers(size).encode())


def main():
    if sys.argv[1] == '--seeds':
        write_seeds(sys.argv[2])
        return
    out = sys.argv[1]
    size = int(sys.argv[2]) if len(sys.argv) > 2 else 4 << 20
    os.makedirs(out, exist_ok=True)
    for name, data in shapes(size).items():
        with open(os.path.join(out, name), 'wb') as f:
            f.write(data)


if __name__ == '__main__':
    main()
