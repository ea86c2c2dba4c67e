#!/bin/sh
# The files of our sources that hold unsafe code: those the compiler's strict memory safety
# check (-strict-memory-safety, SE-0458) warns of (pointers, C calls that take them, unchecked
# spans), and those whose unsafe code is marked as that check asks (`unsafe` expressions, `@safe`
# and `@unsafe` declarations, `nonisolated(unsafe)`), which it then accepts. It builds
# the package once more into .build/census (a debug build from scratch: a few minutes) and compares the
# files with the list in scripts/unsafe-census.txt, which may only shrink (#40 item 7's aim is
# at most eight): a file not on the list fails, and so does a listed file found clean (take it
# off, so that the list stays the count). UNSAFE_CENSUS_UPDATE=1 writes the list as found.
set -eu
cd "$(dirname "$0")/.."
log=.build/census.log
mkdir -p .build
# Built afresh: an incremental build would say nothing of the files it did not compile again.
rm -rf .build/census
swift build --build-path .build/census -Xswiftc -strict-memory-safety >"$log" 2>&1 || { tail -20 "$log"; exit 1; }
warned=$(grep -E "^$(pwd)/Sources/.*: warning: .*\[#StrictMemorySafety\]" "$log" | sed "s|^$(pwd)/Sources/||; s|:.*||" | sort -u)
sites=$(grep -E "^$(pwd)/Sources/.*\[#StrictMemorySafety\]" "$log" | sort -u | grep -c . || true)
# Marked: the lines with the marks, their string literals and comment lines aside.
marked=$(grep -rnE --include='*.swift' '(^|[^[:alnum:]_])(@?unsafe|@safe)([^[:alnum:]_]|$)' Sources | sed 's/"[^"]*"//g' \
    | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' \
    | grep -E ':.*((^|[^[:alnum:]_@])unsafe [^[:space:]]|@unsafe|@safe|nonisolated\(unsafe\))' | sed 's|^Sources/||; s|:.*||' | sort -u)
found=$(printf '%s\n%s\n' "$warned" "$marked" | grep . | sort -u)
count=$(printf '%s\n' "$found" | grep -c . || true)
echo "unsafe code: $count files; $sites places unmarked (strict memory safety's warnings) in $(printf '%s\n' "$warned" | grep -c . || true) of them"
if [ "${UNSAFE_CENSUS_UPDATE:-}" = 1 ]; then
    printf '%s\n' "$found" > scripts/unsafe-census.txt
    echo "scripts/unsafe-census.txt written"
    exit 0
fi
[ -f scripts/unsafe-census.txt ] || { echo "no scripts/unsafe-census.txt: UNSAFE_CENSUS_UPDATE=1 writes it"; exit 1; }
new=$(printf '%s\n' "$found" | grep -vxF -f scripts/unsafe-census.txt || true)
gone=$(grep -vxF -f /dev/stdin scripts/unsafe-census.txt <<EOF2 || true
$found
EOF2
)
[ -z "$gone" ] || { echo "clean now, take off scripts/unsafe-census.txt:"; printf '  %s\n' $gone; }
[ -z "$new" ] || { echo "unsafe code in files not on scripts/unsafe-census.txt:"; printf '  %s\n' $new; }
[ -z "$gone$new" ]
