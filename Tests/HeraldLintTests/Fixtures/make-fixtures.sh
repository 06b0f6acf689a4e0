#!/usr/bin/env bash
# Wrote Tests/HeraldLintTests/Fixtures (run: make-fixtures.sh Tests/HeraldLintTests/Fixtures): bad/<rule>/ triggers <rule>; good/<case>/ has no finding.
set -e
F=${1:?}
rm -rf "$F/bad" "$F/good"; mkdir -p "$F"
w() { mkdir -p "$(dirname "$F/$1")"; cat > "$F/$1"; }
plist_head='<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>'
# sd PATH KEY VALUETYPE then category=value pairs
sd() {
  local path=$1 key=$2 vt=$3; shift 3
  mkdir -p "$(dirname "$F/$path")"
  { echo "$plist_head"
    echo "	<key>$key</key>"
    echo "	<dict>"
    echo "		<key>NSStringLocalizedFormatKey</key>"
    echo "		<string>%#@n@</string>"
    echo "		<key>n</key>"
    echo "		<dict>"
    echo "			<key>NSStringFormatSpecTypeKey</key>"
    echo "			<string>NSStringPluralRuleType</string>"
    if [ "$vt" != "-" ]; then echo "			<key>NSStringFormatValueTypeKey</key>"; echo "			<string>$vt</string>"; fi
    for kv in "$@"; do echo "			<key>${kv%%=*}</key>"; echo "			<string>${kv#*=}</string>"; done
    echo "		</dict>"
    echo "	</dict>"
    echo "</dict>"
    echo "</plist>"; } > "$F/$path"
}
pair() { # pair RULEDIR EN_VALUE DE_VALUE [TABLE]  (one key "k")
  w "$1/en.lproj/${4:-Localizable}.strings" <<<"\"k\" = \"$2\";"
  w "$1/de.lproj/${4:-Localizable}.strings" <<<"\"k\" = \"$3\";"
}

# ---- bad: one tree per rule ----
w bad/syntax/en.lproj/Localizable.strings <<'E'
"hello" = "Hello world";
E
w bad/syntax/de.lproj/Localizable.strings <<'E'
"hello" = "Hallo Welt"
E
w bad/encoding/en.lproj/Localizable.strings <<'E'
"hello" = "Hello world";
E
mkdir -p "$F/bad/encoding/de.lproj"; printf '"hello" = "Gr\xfc\xdfe";\n' > "$F/bad/encoding/de.lproj/Localizable.strings"
w bad/duplicate-key/en.lproj/Localizable.strings <<'E'
"hello" = "Hello";
E
w bad/duplicate-key/de.lproj/Localizable.strings <<'E'
"hello" = "Hallo";
"hello" = "Servus";
E
sd bad/structure/en.lproj/Localizable.stringsdict files d one="%d file" other="%d files"
mkdir -p "$F/bad/structure/de.lproj"
sed 's/%#@n@/%#@count@/' "$F/bad/structure/en.lproj/Localizable.stringsdict" | sed 's/%d files/%d Dateien/; s/%d file</%d Datei</' > "$F/bad/structure/de.lproj/Localizable.stringsdict"
w bad/missing-key/en.lproj/Localizable.strings <<'E'
"hello" = "Hello";
"bye" = "Goodbye";
E
w bad/missing-key/de.lproj/Localizable.strings <<'E'
"hello" = "Hallo";
E
w bad/extra-key/en.lproj/Localizable.strings <<'E'
"hello" = "Hello";
E
w bad/extra-key/de.lproj/Localizable.strings <<'E'
"hello" = "Hallo";
"hello.old" = "Hallo";
E
pair bad/untranslated "Your ticket did not win this time." "Your ticket did not win this time."
pair bad/empty-value "Hello" ""
pair bad/specifier-mismatch "%@ has %d new messages" "%d hat %@ neue Nachrichten"
pair bad/specifier-missing "%1\$@ sent you %2\$@" "%1\$@ hat etwas gesendet"
pair bad/specifier-length "%ld new messages" "%d neue Nachrichten"
pair bad/dangling-percent "Progress: %d%%" "Fortschritt: %d%"
pair bad/invalid-specifier "%1\$@ items" "%1\$@ Dinge %1ημ"
pair bad/accidental-specifier "Save 50%% on %@" "Spare 50% an %@"
pair bad/mixed-positional "%1\$@ and %2\$@" "%1\$@ und %@"
pair bad/bad-position "%1\$@ and %2\$@" "%0\$@ und %2\$@"
pair bad/width-too-large "%d points" "%2000d Punkte"
pair bad/star-width "%d points" "%*d Punkte"
pair bad/bad-variable "%d files" "%#@ Dateien %d"
pair bad/conflicting-types "%1\$@ wins" "%1\$@ gewinnt %1\$d"
pair bad/unusual-length "%f km" "%hf km"
sd bad/plural-missing-other/en.lproj/Localizable.stringsdict files d one="%d file" other="%d files"
sd bad/plural-missing-other/de.lproj/Localizable.stringsdict files d one="%d Datei"
sd bad/variable-unused/en.lproj/Localizable.stringsdict files d one="%d file" other="%d files"
mkdir -p "$F/bad/variable-unused/de.lproj"
sed 's#<key>n</key>#<key>unused</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>d</string><key>other</key><string>%d</string></dict><key>n</key>#; s/%d files/%d Dateien/; s/%d file</%d Datei</' "$F/bad/variable-unused/en.lproj/Localizable.stringsdict" > "$F/bad/variable-unused/de.lproj/Localizable.stringsdict"
sd bad/value-type/en.lproj/Localizable.stringsdict files d one="%d file" other="%d files"
sd bad/value-type/de.lproj/Localizable.stringsdict files @ one="%d Datei" other="%d Dateien"
sd bad/plural-missing-category/en.lproj/Localizable.stringsdict files d one="%d file" other="%d files"
sd bad/plural-missing-category/pl.lproj/Localizable.stringsdict files d one="%d plik" other="%d pliku"
sd bad/plural-unused-category/en.lproj/Localizable.stringsdict files d one="%d file" other="%d files"
sd bad/plural-unused-category/de.lproj/Localizable.stringsdict files d one="%d Datei" few="%d Dateien" other="%d Dateien"
sd bad/plural-same-text/en.lproj/Localizable.stringsdict files d one="%d file" other="%d files"
sd bad/plural-same-text/pl.lproj/Localizable.stringsdict files d one="%d plik" few="%d plik" many="%d plik" other="%d plik"
# variable-nesting: 300 plural variables, more than the 256 expansions the linter reads per message.
{ echo "$plist_head"
  echo "	<key>counts</key>"
  echo "	<dict>"
  echo "		<key>NSStringLocalizedFormatKey</key>"
  printf '		<string>'; for i in $(seq 0 299); do printf '%%#@v%d@ ' "$i"; done; echo '</string>'
  for i in $(seq 0 299); do
    echo "		<key>v$i</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>d</string><key>one</key><string>%d item</string><key>other</key><string>%d items</string></dict>"
  done
  echo "	</dict>"
  echo "</dict>"
  echo "</plist>"; } > "$(mkdir -p "$F/bad/variable-nesting/en.lproj" && echo "$F/bad/variable-nesting/en.lproj/Localizable.stringsdict")"
w bad/catalog-state/Localizable.xcstrings <<'E'
{
  "sourceLanguage" : "en",
  "strings" : {
    "Hello" : {
      "localizations" : {
        "de" : { "stringUnit" : { "state" : "needs_review", "value" : "Hallo" } }
      }
    }
  },
  "version" : "1.0"
}
E
w bad/should-translate/Localizable.xcstrings <<'E'
{
  "sourceLanguage" : "en",
  "strings" : {
    "Herald" : {
      "shouldTranslate" : false,
      "localizations" : {
        "de" : { "stringUnit" : { "state" : "translated", "value" : "Herold" } }
      }
    }
  },
  "version" : "1.0"
}
E
pair bad/render-leftover-specifier "You have %d new messages" "Du hast %#@count@ neue Nachrichten"
pair bad/render-empty "Hello" "   "
w bad/render-icu/en.lproj/Messages.icu.strings <<'E'
"files" = "{0, plural, one {# file} other {# files}}";
E
w bad/render-icu/de.lproj/Messages.icu.strings <<'E'
"files" = "{0, plural, one {# Datei} other {# Dateien}";
E
w bad/mf2/en.lproj/Messages.mf2.strings <<'E'
"files" = ".input {$n :number}\n.match $n\none {{{$n} file}}\n* {{{$n} files}}";
E
w bad/mf2/de.lproj/Messages.mf2.strings <<'E'
"files" = ".input {$n :number}\n.match $n\none {{{$n} Datei}}";
E
pair bad/bidi-control "Hello %@" "Hallo $(printf '\u202e')%@"
long=$(printf 'Lorem ipsum dolor sit amet %.0s' $(seq 1 160))
pair bad/push-payload-size "$long" "$long" Notifications

# ---- good: near misses that must stay silent (strict) ----
# %@ against %1$@, reordered positions, "OK" left as is, percent text that is no format.
w good/positions/en.lproj/Localizable.strings <<'E'
"sent" = "%@ sent %@";
"ok" = "OK";
"battery" = "Battery at 100%";
"score" = "Score of %1$@: %2$d";
"sale" = "100% off";
"share" = "Share 100% of the files";
E
w good/positions/de.lproj/Localizable.strings <<'E'
"sent" = "%2$@ von %1$@";
"ok" = "OK";
"battery" = "Akku bei 100 %";
"score" = "%2$d Punkte für %1$@";
"sale" = "100 % los";
"share" = "100 % hinzufügen, 100 % löschen";
E
# Apple's zero for integers in English and German, Polish with every category,
# Hungarian keeping the noun after numbers, Czech without the fractions-only 'many'.
sd good/plurals/en.lproj/Localizable.stringsdict files d zero="No files" one="%d file" other="%d files"
sd good/plurals/de.lproj/Localizable.stringsdict files d zero="Keine Dateien" one="%d Datei" other="%d Dateien"
sd good/plurals/pl.lproj/Localizable.stringsdict files d one="%d plik" few="%d pliki" many="%d plików" other="%d pliku"
sd good/plurals/hu.lproj/Localizable.stringsdict files d one="%d fájl" other="%d fájl"
sd good/plurals/cs.lproj/Localizable.stringsdict files ld one="%ld soubor" few="%ld soubory" other="%ld souborů"
sd good/plurals/ar.lproj/Localizable.stringsdict files d zero="لا ملفات" one="ملف واحد" two="ملفان" few="%d ملفات" many="%d ملفًا" other="%d ملف"
sd good/plurals/ja.lproj/Localizable.stringsdict files d other="%d 件のファイル"
# es-MX overrides one key of es: the rest comes from es, not missing.
w good/regional/en.lproj/Localizable.strings <<'E'
"hello" = "Hello";
"car" = "Car";
E
w good/regional/es.lproj/Localizable.strings <<'E'
"hello" = "Hola";
"car" = "Coche";
E
w good/regional/es-MX.lproj/Localizable.strings <<'E'
"car" = "Carro";
E
# A String Catalog: translated units, a do-not-translate key, substitutions.
w good/catalog/Localizable.xcstrings <<'E'
{
  "sourceLanguage" : "en",
  "strings" : {
    "Herald" : {
      "shouldTranslate" : false
    },
    "%lld new messages" : {
      "localizations" : {
        "en" : { "variations" : { "plural" : {
          "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld new message" } },
          "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld new messages" } } } } },
        "de" : { "variations" : { "plural" : {
          "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld neue Nachricht" } },
          "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld neue Nachrichten" } } } } }
      }
    },
    "%@ shared %lld photos" : {
      "localizations" : {
        "en" : { "stringUnit" : { "state" : "translated", "value" : "%1$@ shared %2$#@photos@" },
          "substitutions" : { "photos" : { "argNum" : 2, "formatSpecifier" : "lld", "variations" : { "plural" : {
            "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg photo" } },
            "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg photos" } } } } } } },
        "de" : { "stringUnit" : { "state" : "translated", "value" : "%1$@ hat %#@photos@ geteilt" },
          "substitutions" : { "photos" : { "argNum" : 2, "formatSpecifier" : "lld", "variations" : { "plural" : {
            "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg Foto" } },
            "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg Fotos" } } } } } } }
      }
    }
  },
  "version" : "1.0"
}
E
# Two bundles: the widget's keys are not compared with the app's.
w good/bundles/App/en.lproj/Localizable.strings <<'E'
"hello" = "Hello";
E
w good/bundles/App/de.lproj/Localizable.strings <<'E'
"hello" = "Hallo";
E
w good/bundles/Widget/en.lproj/Localizable.strings <<'E'
"widget.title" = "Today";
E
w good/bundles/Widget/de.lproj/Localizable.strings <<'E'
"widget.title" = "Heute";
E
# Base as the source, a right-to-left translation with balanced isolates, an ICU table.
w good/base/Base.lproj/Localizable.strings <<'E'
"greeting" = "Hello %@";
E
w good/base/he.lproj/Localizable.strings <<'E'
"greeting" = "שלום ⁨%@⁩";
E
w good/base/Base.lproj/Messages.icu.strings <<'E'
"files" = "{0, plural, one {# file} other {# files}}";
E
w good/base/he.lproj/Messages.icu.strings <<'E'
"files" = "{0, plural, one {קובץ אחד} two {שני קבצים} other {# קבצים}}";
E
# A long paragraph in a table that is not about notifications: no push budget.
pair good/not-a-notification "$long" "$(printf 'Lorem ipsum dolor sit amet, auf Deutsch %.0s' $(seq 1 160))"
# A bundle that ships only a translation (an extension with hy.lproj alone): checked, one missing-source.
w bad/missing-source/hy.lproj/Localizable.strings <<'E'
"greeting" = "Բարեւ %@";
E
# Russian 'one' is 1, 21, 31, 101… (CLDR: v = 0 and i % 10 = 1 and i % 100 != 11): "ваш билет" is wrong for 21.
sd bad/plural-count-omitted/en.lproj/Localizable.stringsdict tickets d one="your ticket" other="your %d tickets"
sd bad/plural-count-omitted/ru.lproj/Localizable.stringsdict tickets d one="ваш билет" few="ваши %d билета" many="ваши %d билетов" other="ваши %d билета"
# A form printing the other variable's count: %2$ld inside the variable of argument 1.
for lang in en de; do
  if [ $lang = en ]; then a1="%ld apple"; a2="%ld apples"; b1="%ld pear"; b2="%ld pears"; f="%#@a@ and %#@b@"
  else a1="%2\$ld Apfel"; a2="%ld Äpfel"; b1="%ld Birne"; b2="%ld Birnen"; f="%#@a@ und %#@b@"; fi
  w bad/plural-form-argument/$lang.lproj/Localizable.stringsdict <<E
$plist_head
<key>fruit</key>
<dict>
<key>NSStringLocalizedFormatKey</key><string>$f</string>
<key>a</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>ld</string><key>one</key><string>$a1</string><key>other</key><string>$a2</string></dict>
<key>b</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>ld</string><key>one</key><string>$b1</string><key>other</key><string>$b2</string></dict>
</dict>
</dict>
</plist>
E
done
# App Shortcuts phrases: a parameter the shortcut does not have, a phrase without the app's name.
w bad/phrase-placeholder/AppShortcuts.xcstrings <<'E'
{
  "sourceLanguage" : "en",
  "strings" : {
    "Show ${item} in ${applicationName}" : {
      "extractionState" : "extracted_with_value",
      "localizations" : {
        "de" : {
          "stringSet" : {
            "state" : "translated",
            "values" : [
              "Zeige ${ding} in ${applicationName}",
              "Zeige ${item}"
            ]
          }
        },
        "en" : {
          "stringSet" : {
            "state" : "translated",
            "values" : [
              "Show ${item} in ${applicationName}",
              "Open ${item} with ${applicationName}"
            ]
          }
        }
      }
    }
  },
  "version" : "1.1"
}
E
# A clean App Shortcuts catalog: every phrase names the app, the same parameters in every language.
w good/phrases/AppShortcuts.xcstrings <<'E'
{
  "sourceLanguage" : "en",
  "strings" : {
    "Show ${item} in ${applicationName}" : {
      "extractionState" : "extracted_with_value",
      "localizations" : {
        "de" : {
          "stringSet" : {
            "state" : "translated",
            "values" : [
              "Zeige ${item} in ${applicationName}",
              "Öffne ${applicationName}"
            ]
          }
        },
        "en" : {
          "stringSet" : {
            "state" : "translated",
            "values" : [
              "Show ${item} in ${applicationName}",
              "Open ${item} with ${applicationName}",
              "Open ${applicationName}"
            ]
          }
        }
      }
    }
  },
  "version" : "1.1"
}
E

# ---- issue 34: plural candidates and source/translation parity ----
pair bad/plural-candidate "%d tickets left" "Noch %d Lose"
pair bad/punctuation-parity "Logged in as:" "Angemeldet als"
pair bad/whitespace-parity "Hello" "Hallo "
pair bad/number-parity "Up to 5 devices" "Bis zu fünf Geräte"
pair bad/address-parity "Write to help@example.com for help" "Schreiben Sie uns für Hilfe"
pair bad/markup-parity "Read the [guide](https://example.com/guide)" "Lies die [Anleitung] (https://example.com/guide)"
pair bad/bracket-parity "Reachable (HTTP %ld)" "Erreichbar (HTTP) %ld)"

# ---- issue 34: script typography ----
w bad/cjk-punctuation/en.lproj/Localizable.strings <<<'"k" = "Settings will be reset, and this device removed.";'
w bad/cjk-punctuation/zh-Hans.lproj/Localizable.strings <<<'"k" = "设置将被重置, 此设备将被移除。";'
w bad/french-spacing/en.lproj/Localizable.strings <<<'"k" = "Are you sure?";'
w bad/french-spacing/fr.lproj/Localizable.strings <<<'"k" = "Êtes-vous sûr?";'
w bad/arabic-punctuation/en.lproj/Localizable.strings <<<'"k" = "Are you sure?";'
w bad/arabic-punctuation/ar.lproj/Localizable.strings <<<'"k" = "هل أنت متأكد?";'
w bad/greek-question-mark/en.lproj/Localizable.strings <<<'"k" = "Are you sure?";'
w bad/greek-question-mark/el.lproj/Localizable.strings <<<'"k" = "Είστε σίγουροι?";'

# ---- issue 34: identical text (term-kept, term-translation and length-limit need a configuration: ConfiguredTextRuleTests) ----
pair bad/same-as-source "Settings" "Settings"

# ---- issue 34: grammar agreement ----
pair bad/inflection "You have ^[%lld ticket](inflect: true)" "Du hast ^[%lld Los](inflect: yes)"
