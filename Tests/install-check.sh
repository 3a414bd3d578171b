#!/bin/sh
# make install-check: checks an installed rill the way a machine without Swift would run it.
#
#   Tests/install-check.sh PREFIX     (PREFIX/bin/rill and PREFIX/share/man/man1/rill.1)
#
# First, without privileges: the binary's RUNPATH holds no toolchain directory, it needs no
# Swift runtime library (libswiftCore, Foundation, Dispatch: -static-stdlib put them inside),
# and every library it needs resolves. Then, in a private mount namespace with the toolchain's
# directory hidden under an empty tmpfs and LD_LIBRARY_PATH unset, from a directory outside
# the checkout: `rill --version` prints the version in the sources, and rill renders markdown
# and a model API's stream. That second part is skipped, saying why, only where no mount
# namespace can be made (a container without CAP_SYS_ADMIN nor user namespaces).
set -eu

prefix=$(cd "${1:?usage: $0 PREFIX}" && pwd)
root=$(cd "$(dirname "$0")/.." && pwd)
binary=$prefix/bin/rill
manual=$prefix/share/man/man1/rill.1
fail() { echo "install-check: FAILED: $*" >&2; exit 1; }

[ -x "$binary" ] || fail "$binary is not installed"
head -n 1 "$manual" 2>/dev/null | grep -q '^\.TH RILL 1' || fail "$manual is not installed"
version=$(sed -n 's/.*static let version = "\(.*\)".*/\1/p' "$root/Sources/RillCLI/RillCommand.swift")
[ -n "$version" ] || fail "no version found in Sources/RillCLI/RillCommand.swift"

# The toolchain: the directory above usr/lib/swift, or the runtime's own directories when
# that is a system directory (a toolchain installed in /usr).
info=$(${SWIFT:-swift} -print-target-info)
resources=$(printf '%s\n' "$info" | sed -n 's/.*"runtimeResourcePath": *"\([^"]*\)".*/\1/p')
runtime=$(printf '%s\n' "$info" | sed -n '/"runtimeLibraryPaths"/,/]/s/^ *"\([^"]*\)",\{0,1\}$/\1/p')
toolchain=${resources%/usr/lib/swift}
case "$toolchain" in
    "" | / | /usr | /usr/local | "$resources") hidden=$runtime ;;
    *) hidden=$toolchain ;;
esac
[ -n "$hidden" ] || fail "cannot tell where the Swift toolchain is (swift -print-target-info)"

dynamic=$(readelf -d "$binary") || fail "readelf cannot read $binary"
runpath=$(printf '%s\n' "$dynamic" | sed -n 's/.*(R[UN]*PATH).*\[\(.*\)\]/\1/p')
needed=$(printf '%s\n' "$dynamic" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
for entry in $(printf '%s' "$runpath" | tr ':' ' '); do
    for directory in $hidden; do
        case "$entry" in "$directory" | "$directory"/*) fail "RUNPATH $runpath points into the toolchain ($directory)" ;; esac
    done
done
for library in $needed; do
    case "$library" in
        libswift* | libFoundation* | lib_Foundation* | libdispatch* | libBlocksRuntime*)
            fail "$binary needs the Swift runtime library $library (needs: $needed)" ;;
    esac
done
if ldd "$binary" | grep 'not found'; then fail "libraries of $binary are missing"; fi
echo "install-check: $binary needs $needed(RUNPATH: ${runpath:-none})"

# The run with the toolchain hidden, from a directory outside the checkout.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fixtures=$root/Tests/RillTests/Input/ModelStream/Fixtures
cp "$fixtures/anthropic-messages.sse" "$fixtures/anthropic-messages.md" "$work/"
if unshare -m --propagation private true 2>/dev/null; then
    namespace="unshare -m --propagation private"
elif unshare -r -m --propagation private true 2>/dev/null; then
    namespace="unshare -r -m --propagation private"
else
    reason=$(unshare -m true 2>&1 || true)
    echo "install-check: SKIPPED the run with the toolchain hidden: no private mount namespace here" \
         "(unshare -m: ${reason:-failed}); the checks of the binary above passed"
    exit 0
fi
# shellcheck disable=SC2016 # expanded by the inner shell
env -u LD_LIBRARY_PATH HIDDEN="$hidden" WORK="$work" BIN="$prefix/bin" VERSION="$version" \
    $namespace sh -euc '
    for directory in $HIDDEN; do mount -t tmpfs -o size=64k,mode=0755 rill-install-check "$directory"; done
    for directory in $HIDDEN; do
        [ -z "$(ls -A "$directory")" ] || { echo "install-check: FAILED: $directory is not hidden" >&2; exit 1; }
    done
    cd "$WORK"
    export PATH="$BIN:/usr/bin:/bin"
    if command -v swift >/dev/null; then echo "install-check: FAILED: swift is still on the PATH" >&2; exit 1; fi
    printed=$(rill --version) || { echo "install-check: FAILED: rill does not run with $HIDDEN hidden" >&2; exit 1; }
    [ "$printed" = "rill $VERSION" ] || { echo "install-check: FAILED: rill --version printed \"$printed\"" >&2; exit 1; }
    printf "# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n" | rill --color always --width 40 >/dev/null
    rill --format plain anthropic-messages.sse >decoded.txt
    rill --format plain anthropic-messages.md >expected.txt
    cmp -s decoded.txt expected.txt || { echo "install-check: FAILED: the decoded stream renders differently" >&2; exit 1; }
    echo "install-check: rill --version printed \"$printed\" from $PWD with $HIDDEN hidden"
'
