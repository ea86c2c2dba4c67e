#!/bin/sh
# Builds the Debian package of what `make install PREFIX=/usr` installs (the program,
# libVCPhone.so, the man page, the bash, zsh and fish completions) into
# .build/vcf2birthdays_VERSION_ARCH.deb. Its Depends are the packages that hold the libraries the
# program and libVCPhone.so are linked to (as dpkg-shlibdeps finds them, at least the version
# built with); libcurl, loaded only to read from servers, is recommended. Usage: scripts/make-deb.sh GIT-DESCRIBE
set -eu
described=${1:-unknown}
# A Debian version starts with a digit: a tag v1.2 is 1.2; without a tag, 0~git.HASH.
case "$described" in
    v[0-9]*) version=$(printf '%s' "${described#v}" | tr -- '-' '+') ;;
    [0-9]*.*) version=$(printf '%s' "$described" | tr -- '-' '+') ;;
    *) version="0~git.$(printf '%s' "$described" | tr -- '-' '.')" ;;
esac
arch=$(dpkg --print-architecture)
root=.build/deb/root
rm -rf .build/deb
mkdir -p "$root/DEBIAN"
make --no-print-directory install DESTDIR="$PWD/$root" PREFIX=/usr >/dev/null
gzip -9n "$root/usr/share/man/man1/vcf2birthdays.1"  # man pages are compressed in a package

# The package of each library linked (NEEDED, not what those need in turn), found by the path
# the dynamic linker resolves it to.
depends=""
for elf in "$root/usr/bin/vcf2birthdays" "$root/usr/lib/vcf2birthdays/libVCPhone.so"; do
    needed=$(readelf -d "$elf" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
    for lib in $(ldd "$elf" | awk -v needed=" $(echo $needed) " '$3 ~ /^\// && index(needed, " " $1 " ") { print $3 }'); do
        package=$(dpkg -S "$lib" 2>/dev/null || dpkg -S "$(readlink -f "$lib")" 2>/dev/null \
            || dpkg -S "/usr$lib" 2>/dev/null || dpkg -S "${lib#/usr}" 2>/dev/null || true)
        package=${package%%:*}
        [ -n "$package" ] || { echo "make-deb: no package holds $lib" >&2; exit 1; }
        case " $depends " in *" $package "*) continue ;; esac
        depends="$depends $package"
    done
done
fields=""
for package in $depends; do
    upstream=$(dpkg-query -W -f='${Version}' "$package" | sed 's/-[^-]*$//')
    fields="${fields:+$fields, }$package (>= $upstream)"
done

cat > "$root/DEBIAN/control" <<CONTROL
Package: vcf2birthdays
Version: $version
Architecture: $arch
Maintainer: vcf2birthdays developers <vcf2birthdays@example.org>
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $fields
Recommends: libcurl4
Section: utils
Priority: optional
Homepage: https://example.org/vcf2birthdays
Description: birthday list and converter for vCard, CSV and LDIF contacts
 Reads contacts as phones, Apple Contacts, Google, Outlook, Thunderbird and
 Nextcloud export them (vCard 2.1, 3.0 and 4.0, CSV, LDIF) and prints everyone's
 birthday sorted by name in the language's alphabet, or writes a calendar of
 yearly birthday events, or converts the contacts to TSV, JSON, CSV, LDIF or
 vCard 3.0/4.0, one file per item for CalDAV and CardDAV servers too.
CONTROL
out=".build/vcf2birthdays_${version}_${arch}.deb"
dpkg-deb --root-owner-group --build "$root" "$out" >/dev/null
echo "$out"
