#!/bin/sh
# The code one frame runs: how many distinct 64-byte lines of machine code (and 4 KB pages) a
# frame of the engine plus the live view executes, counted by valgrind --tool=callgrind on
# single frames of a streamed run. In a terminal a frame follows a sleep, and after a sleep the
# caches are cold: a frame then costs about what it takes to fetch its code and data again,
# several times its hot cost (`rill-bench --paced`), so this, not the instruction count, is
# what a frame under a model's pace is made of.
#
#   Benchmarks/footprint.sh                                  answer-rust-ownership, 8-byte pieces, 5 frames
#   Benchmarks/footprint.sh answer-postgres-migration 16     another input, 16-byte pieces
#   Benchmarks/footprint.sh answer-rust-ownership 8 300      frame 300 only, with its costliest functions
set -eu
cd "$(dirname "$0")/.."
input=${1:-answer-rust-ownership}
chunk=${2:-8}
[ $# -gt 2 ] && shift 2 || set --
frames=${*:-100 200 300 400 500}
command -v valgrind >/dev/null || { apt-get update -qq && apt-get install -y -qq valgrind >/dev/null; }
command -v python3 >/dev/null || { apt-get update -qq && apt-get install -y -qq python3 >/dev/null; }
swift build -c release --product rill-bench >/dev/null
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# A copy without debug information: valgrind 3.19 (Debian 12) cannot read the DWARF 5 the
# toolchain writes and gives up; the symbol table, which the counts and names need, stays.
objcopy --strip-debug "$(swift build -c release --show-bin-path)/rill-bench" "$out/rill-bench"
bench=$out/rill-bench

top=0
[ "$(echo $frames | wc -w)" = 1 ] && top=25
printf '%s, %s-byte pieces\n' "$input" "$chunk"
printf '%6s %12s %10s %8s %7s   %s\n' frame instructions "code KB" lines pages "by object (KB)"
for frame in $frames; do
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --toggle-collect='*footprintFrame*' \
        --dump-instr=yes --compress-pos=no --compress-strings=no --callgrind-out-file="$out/cg" \
        "$bench" --footprint "$input" --chunk "$chunk" --frames "$frame" >"$out/frame" 2>"$out/log"
    python3 - "$out/cg" "$frame" "$top" "$out/frame" <<'EOF'
import collections, sys
# Each cost line of a callgrind dump made with --dump-instr=yes is "address line cost"; the line
# after "calls=" is the inclusive cost of a call, not an instruction of the caller's own.
path, frame, top, what = sys.argv[1], sys.argv[2], int(sys.argv[3]), open(sys.argv[4]).read().strip()
obj = fn = None
by_object = collections.defaultdict(set)
by_function = collections.defaultdict(set)
instructions = 0
after_call = False
for line in open(path):
    if line.startswith("ob="):
        obj = line[3:].strip().rsplit("/", 1)[-1]
    elif line.startswith("fn="):
        fn = line[3:].strip()
    elif line.startswith("calls="):
        after_call = True
    elif line.startswith("0x"):
        if not after_call:
            fields = line.split()
            address = int(fields[0], 16)
            instructions += int(fields[-1])
            by_object[obj].add(address >> 6)
            by_function[(obj, fn)].add(address >> 6)
        after_call = False
lines = sum(len(s) for s in by_object.values())
pages = sum(len({a >> 6 for a in s}) for s in by_object.values())
objects = ", ".join(f"{o} {len(s) * 64 / 1024:.1f}" for o, s in sorted(by_object.items(), key=lambda kv: -len(kv[1])))
print(f"{frame:>6} {instructions:>12,} {lines * 64 / 1024:>10.1f} {lines:>8} {pages:>7}   {objects}")
print(f"       {what}")
if top:
    print(f"costliest functions of frame {frame} in lines of code:")
    for (o, f), s in sorted(by_function.items(), key=lambda kv: -len(kv[1]))[:top]:
        print(f"  {len(s):5} {o[:16]:16} {f[:120]}")
EOF
done
