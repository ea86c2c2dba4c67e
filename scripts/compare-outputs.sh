#!/bin/sh
# Shows that two builds write the same bytes: standard output and standard error of every
# output format, on one thread and on two, with --check and --errors json too, over the
# fixtures and over generated corpora of every input format (with the exporters' quirks,
# photos and duplicates). For a change meant to leave behaviour alone:
#
#   git stash; make build; cp .build/release/vcf2birthdays /tmp/before; git stash pop; make build
#   scripts/compare-outputs.sh /tmp/before .build/release/vcf2birthdays [PEOPLE]
#
# A diagnostic's "code" in --errors json is left out of the comparison (builds before codes had none).
set -eu
before=$1
after=$2
people=${3:-20000}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT INT TERM
here=$(cd "$(dirname "$0")/.." && pwd)

for format in vcard21 vcard3 vcard4 google-csv outlook-csv; do
    case $format in *csv) ext=csv ;; *) ext=vcf ;; esac
    python3 "$here/scripts/gen_corpus.py" --people "$people" --seed 7 --format "$format" --quirks \
        --photos 2 --duplicates 2 --out "$dir/corpus-$format.$ext"
done
inputs="$here/Fixtures $here/Fixtures/realworld $here/Fixtures/csv"
for f in "$dir"/corpus-*; do inputs="$inputs $f"; done

differences=0
run() {  # run NAME ARGS...: both builds, the same arguments
    name=$1
    shift
    "$before" "$@" > "$dir/before.out" 2> "$dir/before.err" && b=0 || b=$?
    "$after" "$@" > "$dir/after.out" 2> "$dir/after.err" && a=0 || a=$?
    sed -i 's/"code":"[a-z0-9-]*",//' "$dir/before.err" "$dir/after.err"
    if [ "$a" != "$b" ] || ! cmp -s "$dir/before.out" "$dir/after.out" || ! cmp -s "$dir/before.err" "$dir/after.err"; then
        echo "DIFFERENT: $name (exit $b, $a)"
        diff "$dir/before.err" "$dir/after.err" | head -5 || true
        cmp "$dir/before.out" "$dir/after.out" || true
        differences=$((differences + 1))
    fi
}

count=0
for input in $inputs; do
    for threads in 1 2; do
        common="--today 2026-11-22 --locale sv --threads $threads"
        for to in list tsv json csv google-csv outlook-csv ics vcard3 vcard4; do
            run "$input --to $to --threads $threads" $common --to "$to" --all "$input"
            count=$((count + 1))
        done
        run "$input --sort first --within 60 --errors json" $common --sort first --within 60 --errors json "$input"
        run "$input --check" $common --check "$input"
        count=$((count + 2))
    done
done
echo "$count runs compared, $differences different"
[ "$differences" -eq 0 ]
