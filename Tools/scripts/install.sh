#!/usr/bin/env bash
# Builds and installs Herald's shipping binaries under a prefix (Docs/install.md):
#
#   Tools/scripts/install.sh --prefix DIR [--debug]
#
#   DIR/bin/herald, DIR/bin/herald-net          side by side: herald runs herald-net beside itself
#   DIR/bin/herald-server                       what `herald serve` runs
#   DIR/bin/herald-worker                       herald db|enqueue|worker|campaign run it
#   DIR/bin/herald-sourcekeys                   what `herald validate --sources` runs
#   DIR/bin/herald-mcp                          what `herald mcp` runs
#   DIR/share/bash-completion/completions/      herald, herald-net
#   DIR/share/zsh/site-functions/               _herald, _herald-net
#   DIR/share/fish/vendor_completions.d/        herald.fish, herald-net.fish
#   DIR/share/man/man1/                         herald.1, herald.render.1, … herald-net.1, …
#
# The binaries come from Tools/scripts/build-release.sh (the shipping build, ~4 min cold);
# --debug installs the debug build instead (swift build, reusing the test build), for the
# tests and for trying an install quickly. Completions are what argument-parser generates
# (`--generate-completion-script`); man pages come from argument-parser's generate-manual
# tool, the one its generate-manual plugin runs. The tool is built and run here directly on
# the installed binaries: the plugin would first rebuild every product of the package in its
# own configuration and scratch folder.
set -euo pipefail
cd "$(dirname "$0")/../.."

usage() { echo "usage: Tools/scripts/install.sh --prefix DIR [--debug]" >&2; exit 2; }
prefix=""
debug=0
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) [ $# -ge 2 ] || usage; prefix=$2; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    --debug) debug=1; shift ;;
    -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install: unknown argument '$1'" >&2; usage ;;
  esac
done
[ -n "$prefix" ] || usage
mkdir -p "$prefix"
prefix=$(cd "$prefix" && pwd)

if [ "$debug" = 1 ]; then
  swift build --product herald >&2
  swift build --product herald-net >&2
  swift build --product herald-sourcekeys >&2
  swift build --product herald-mcp >&2
  swift build --product herald-server >&2
  swift build --product herald-worker >&2
  built=$(swift build --show-bin-path)
else
  herald_path=$(Tools/scripts/build-release.sh)   # a failed build stops the script here
  built=$(dirname "$herald_path")
fi
swift build --product generate-manual >&2
manual_tool="$(swift build --show-bin-path)/generate-manual"

bin="$prefix/bin"
mkdir -p "$bin"
# herald runs the others beside itself: herald-net (media, receipts), herald-server
# (`herald serve`, Docs/service.md), herald-worker (campaigns, Docs/campaigns.md),
# herald-sourcekeys (`herald validate --sources`: the Swift code's lookups), herald-mcp (`herald mcp`).
for tool in herald herald-net herald-server herald-worker herald-sourcekeys herald-mcp; do
  install -m 0755 "$built/$tool" "$bin/$tool"
done

bash_dir="$prefix/share/bash-completion/completions"
zsh_dir="$prefix/share/zsh/site-functions"
fish_dir="$prefix/share/fish/vendor_completions.d"
man_dir="$prefix/share/man/man1"
mkdir -p "$bash_dir" "$zsh_dir" "$fish_dir" "$man_dir"
for tool in herald herald-net; do
  "$bin/$tool" --generate-completion-script bash > "$bash_dir/$tool"
  "$bin/$tool" --generate-completion-script zsh > "$zsh_dir/_$tool"
  "$bin/$tool" --generate-completion-script fish > "$fish_dir/$tool.fish"
  "$manual_tool" "$bin/$tool" --multi-page --output-directory "$man_dir" >&2
done
"$bin/herald-worker" --generate-completion-script bash > "$bash_dir/herald-worker"
"$bin/herald-worker" --generate-completion-script zsh > "$zsh_dir/_herald-worker"
"$bin/herald-worker" --generate-completion-script fish > "$fish_dir/herald-worker.fish"
"$manual_tool" "$bin/herald-worker" --multi-page --output-directory "$man_dir" >&2

echo "installed $("$bin/herald" --version) in $bin" >&2
echo "$bin/herald"
