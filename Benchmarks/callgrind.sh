#!/bin/sh
# Instruction counts (valgrind --tool=callgrind) of one-shot and streamed runs of rill-bench:
# they repeat exactly on a busy machine, where CPU times do not. Prints, per input, the
# instructions of a one-shot parse + layout and of streaming at each chunk size, and their
# ratio. Each figure is a warm run, as the timed medians are: the instructions of two runs in
# one process less those of one, so neither the making of the inputs nor the first run's
# one-time costs (the Swift runtime instantiating type metadata, about 1.3 M instructions) count.
#
#   Benchmarks/callgrind.sh                       answer-rust-ownership, chunks 4 16 64
#   Benchmarks/callgrind.sh code-block-100k 16    another input (a name rill-bench knows)
#   Benchmarks/callgrind.sh answer-regex-explained 16 fps   fps: coalesced at 60 frames per second
set -eu
cd "$(dirname "$0")/.."
input=${1:-answer-rust-ownership}
[ $# -gt 0 ] && shift
chunks=${*:-4 16 64}
command -v valgrind >/dev/null || { apt-get update -qq && apt-get install -y -qq valgrind >/dev/null; }
swift build -c release --product rill-bench >/dev/null
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# A copy without debug information: valgrind 3.19 (Debian 12) cannot read the DWARF 5 the
# toolchain writes and gives up; the symbol table, which the counts and names need, stays.
objcopy --strip-debug "$(swift build -c release --show-bin-path)/rill-bench" "$out/rill-bench"
bench=$out/rill-bench

count() {  # chunk repeats → instructions executed by rill-bench --profile $input --chunk $1 --repeat $2
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$out/cg" "$bench" --profile "$input" --chunk "$1" --repeat "$2" >/dev/null 2>"$out/log"
    sed -n 's/^summary: *//p' "$out/cg"
}
instructions() {  # chunk → instructions of one warm run
    echo $(( $(count "$1" 2) - $(count "$1" 1) ))
}
one=$(instructions 0)
printf '%-28s %14s %8s\n' "$input" instructions "÷ one-shot"
printf '%-28s %14d %8s\n' "one-shot" "$one" "1.00"
for chunk in $chunks; do
    n=$(instructions "$chunk")
    label="streamed, $chunk-byte chunks"
    [ "$chunk" = fps ] && label="coalesced at 60 fps"
    printf '%-28s %14d %8s\n' "$label" "$n" "$(awk "BEGIN { printf \"%.2f\", $n / $one }")"
done
