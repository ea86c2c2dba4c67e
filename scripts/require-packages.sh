#!/bin/sh
# Makes sure the Debian packages the build or the tests need are installed.
#   scripts/require-packages.sh build   ICU headers (libicu-dev), libphonenumber (libphonenumber-dev) and pkg-config
#   scripts/require-packages.sh test    the above, plus mandoc (man page lint), python3, libical
#                                       (libical-dev, whose checks the interop tests run), abook
#                                       (whose vCard import checks --for abook), and the
#                                       Python readers the interop tests use (icalendar, dateutil, vobject;
#                                       convertdate, lunardate, pyluach to check other calendars)
#   scripts/require-packages.sh instructions   the build's, plus valgrind (callgrind) and python3
# Installs what is missing with apt-get (as root) and pip; otherwise says exactly what to run.
set -eu

missing=""
command -v pkg-config >/dev/null 2>&1 || missing="$missing pkg-config"
pkg-config --exists icu-i18n 2>/dev/null || missing="$missing libicu-dev"
[ -f /usr/include/phonenumbers/phonenumberutil.h ] || missing="$missing libphonenumber-dev"
if [ "${1:-build}" = test ]; then
    command -v mandoc >/dev/null 2>&1 || missing="$missing mandoc"
    command -v python3 >/dev/null 2>&1 || missing="$missing python3"
    pkg-config --exists libical 2>/dev/null || missing="$missing libical-dev"
    command -v abook >/dev/null 2>&1 || missing="$missing abook"
fi
if [ "${1:-build}" = instructions ]; then
    command -v valgrind >/dev/null 2>&1 || missing="$missing valgrind"
    command -v strip >/dev/null 2>&1 || missing="$missing binutils"
    command -v python3 >/dev/null 2>&1 || missing="$missing python3"
fi
if [ -n "$missing" ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "installing:$missing"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
    else
        echo "missing packages:$missing" >&2
        echo "install them with:  sudo apt-get install -y$missing" >&2
        exit 1
    fi
fi

if [ "${1:-build}" = test ] && ! python3 -c 'import icalendar, dateutil, vobject, convertdate, lunardate, pyluach' 2>/dev/null; then
    echo "installing: icalendar python-dateutil vobject convertdate lunardate pyluach (pip)"
    python3 -m pip install --quiet --disable-pip-version-check icalendar python-dateutil vobject convertdate lunardate pyluach 2>&1 | grep -v "^WARNING: Running pip as" || true
    python3 -c 'import icalendar, dateutil, vobject, convertdate, lunardate, pyluach' || {
        echo "install them with:  python3 -m pip install icalendar python-dateutil vobject convertdate lunardate pyluach" >&2
        exit 1
    }
fi
