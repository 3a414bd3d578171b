#!/bin/sh
# Instruction counts (valgrind --tool=callgrind) of one-shot and streamed runs of rill-bench:
# they repeat exactly on a busy machine, where CPU times do not. Prints, per input, the
# instructions of a one-shot parse + layout and of streaming at each chunk size, and their
# ratio; the cost of making the inputs (a run that measures nothing) is subtracted from each.
#
#   Benchmarks/callgrind.sh                       answer-rust-ownership, chunks 4 16 64
#   Benchmarks/callgrind.sh code-block-100k 16    another input (a name rill-bench knows)
set -eu
cd "$(dirname "$0")/.."
input=${1:-answer-rust-ownership}
[ $# -gt 0 ] && shift
chunks=${*:-4 16 64}
command -v valgrind >/dev/null || { apt-get update -qq && apt-get install -y -qq valgrind >/dev/null; }
swift build -c release --product rill-bench >/dev/null
bench=$(swift build -c release --show-bin-path)/rill-bench
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

instructions() {  # chunk → instructions executed by rill-bench --profile $input --chunk $1
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$out/cg" "$bench" --profile "$input" --chunk "$1" >/dev/null 2>"$out/log"
    sed -n 's/^summary: *//p' "$out/cg"
}
floor=$(instructions -1)
one=$(( $(instructions 0) - floor ))
printf '%-28s %14s %8s\n' "$input" instructions "÷ one-shot"
printf '%-28s %14d %8s\n' "one-shot" "$one" "1.00"
for chunk in $chunks; do
    n=$(( $(instructions "$chunk") - floor ))
    printf '%-28s %14d %8s\n' "streamed, $chunk-byte chunks" "$n" "$(awk "BEGIN { printf \"%.2f\", $n / $one }")"
done
