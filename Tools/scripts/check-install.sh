#!/usr/bin/env bash
# Runs Tools/scripts/install.sh --debug into a temporary prefix and checks what it installed:
# herald and its helpers side by side, bash/zsh/fish completions, man1 pages, and that the
# installed binaries run. The debug build reuses the test build, so this takes seconds after `swift test`.
set -euo pipefail
cd "$(dirname "$0")/../.."
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
Tools/scripts/install.sh --debug --prefix "$prefix" >/dev/null
fail() { echo "check-install: $*" >&2; exit 1; }
for f in bin/herald bin/herald-net bin/herald-sourcekeys \
  share/bash-completion/completions/herald share/bash-completion/completions/herald-net \
  share/zsh/site-functions/_herald share/zsh/site-functions/_herald-net \
  share/fish/vendor_completions.d/herald.fish share/fish/vendor_completions.d/herald-net.fish \
  share/man/man1/herald.1 share/man/man1/herald.render.1 share/man/man1/herald-net.1; do
  [ -s "$prefix/$f" ] || fail "$f is missing or empty"
done
grep -q 'render' "$prefix/share/bash-completion/completions/herald" || fail "the bash completion does not offer render"
grep -q '^\.Dt HERALD' "$prefix/share/man/man1/herald.1" || fail "herald.1 is not a man page"
version=$("$prefix/bin/herald" --version)
case "$version" in "herald "*" (ICU "*", CLDR "*")") ;; *) fail "unexpected --version: $version" ;; esac
"$prefix/bin/herald-net" --help >/dev/null || fail "the installed herald-net does not run"
[ -x "$prefix/bin/herald-server" ] || fail "bin/herald-server is missing"
"$prefix/bin/herald" serve --help | grep -- '--tables' >/dev/null || fail "herald serve does not run the installed herald-server"
(cd "$prefix" && bin/herald examples --output ex >/dev/null && bin/herald format --key lottery.loss.body --locale en --arg 2 >/dev/null) \
  || fail "the installed herald does not run"
# herald-worker (campaigns, #17): installed beside herald, with completions and man pages, and herald runs it.
for f in bin/herald-worker share/bash-completion/completions/herald-worker share/man/man1/herald-worker.1; do
  [ -s "$prefix/$f" ] || fail "$f is missing or empty"
done
"$prefix/bin/herald" worker --help >/dev/null || fail "the installed herald does not run herald-worker"
# herald-sourcekeys: `herald validate --sources` runs the one installed beside herald.
mkdir -p "$prefix/app/code" "$prefix/app/tables/en.lproj"
printf 'let t = Text("hello.title")\n' > "$prefix/app/code/View.swift"
printf '"hello.title" = "Hello";\n' > "$prefix/app/tables/en.lproj/Localizable.strings"
"$prefix/bin/herald" validate --sources "$prefix/app/code" "$prefix/app/tables" | grep '; code: 1 lookup in 1 Swift file$' >/dev/null \
  || fail "the installed herald does not run herald-sourcekeys"
# herald-mcp (`herald mcp`, #36): installed beside herald, and herald runs it.
"$prefix/bin/herald" mcp --help | grep -- '--tables' >/dev/null || fail "herald mcp does not run the installed herald-mcp"
echo "check-install: ok ($version, $(find "$prefix/share/man/man1" -name '*.1' | wc -l) man pages)"
