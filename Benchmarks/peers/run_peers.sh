#!/usr/bin/env bash
# Runs Rill and the peers (rich Live, an aider-style rich window, Textual's MarkdownStream,
# Streamdown) under a 100×40 pseudo-terminal on the same documents at the same token rate,
# and prints CPU seconds and bytes written (see README.md beside this script).
#
#   Benchmarks/peers/run_peers.sh [driver options]      e.g. --rate 50 --docs answer-rust-ownership.md
#
# Environment:
#   RILL=PATH     a release-built rill to use; otherwise this script builds one
#                 (swift build -c release --product rill, scratch path $RILL_SCRATCH or .build)
#   PYTHON=EXE    the Python that makes the virtual environment (default: python3)
#   RATE, DOCS, TOOLS   defaults for --rate, --docs, --tools
# The virtual environment lives in Benchmarks/peers/.venv (git-ignored); delete it to start over.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
venv="$here/.venv"
python="${PYTHON:-python3}"

# 1. The throwaway virtual environment with the pinned peers.
stamp="$venv/.requirements"
if [[ ! -x "$venv/bin/python" ]] || ! cmp -s "$here/requirements.txt" "$stamp"; then
    echo "peers: making $venv with the pinned peers" >&2
    rm -rf "$venv"
    "$python" -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-input \
        -r "$here/requirements.txt"
    cp "$here/requirements.txt" "$stamp"
fi

# 2. Rill, release-built.
if [[ -z "${RILL:-}" ]]; then
    scratch="${RILL_SCRATCH:-$repo/.build}"
    echo "peers: building rill (release) in $scratch" >&2
    (cd "$repo" && swift build -c release --product rill --scratch-path "$scratch" >&2)
    RILL="$(cd "$repo" && swift build -c release --product rill --scratch-path "$scratch" --show-bin-path)/rill"
fi
export RILL

# 3. The driver.
exec "$venv/bin/python" "$here/peers_bench.py" --rill "$RILL" "$@"
