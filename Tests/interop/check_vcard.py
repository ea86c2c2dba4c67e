#!/usr/bin/env python3
"""Reads vcf2birthdays' vCard 2.1, 3.0 and 4.0 output with a real third-party parser (vobject)
and checks it against the tool's own JSON of the same input: every card there, its FN, its name
parts and its birthday intact; no physical line over 75 octets (76 for 2.1's quoted-printable,
soft line break included, or a 2.1 line that is all name and parameters); no UTF-8 sequence split by a fold; CRLF line ends. Works on any
input, including ones the tests have never seen.

vobject reads 2.1 with 3.0's text rules, where a bare comma separates values (it keeps the
first); 2.1 has no such escape and writes commas bare (as Android does), so for 2.1 a text is
compared up to its first comma.

usage: check_vcard.py BINARY INPUT...
Prints one line per failed check and a closing 'N passed, N failed' line; exit 1 on failure.
"""
import datetime
import json
import re
import subprocess
import sys

import vobject
from checks import check, finish

BINARY, INPUTS = sys.argv[1], sys.argv[2:]


def run(*args):
    return subprocess.run([BINARY, "-q", *args], capture_output=True, check=False).stdout


def date_of(text):
    """The vCard date forms as YYYY-MM-DD or --MM-DD (what our JSON says); None for others
    and for days that do not exist."""
    text = text.strip()
    m = re.fullmatch(r"--(\d\d)-?(\d\d)", text) or re.fullmatch(r"(?:1604|0000)-?(\d\d)-?(\d\d)", text)
    if m:
        return f"--{m[1]}-{m[2]}" if valid(2000, m[1], m[2]) else None
    m = re.fullmatch(r"(\d{4})-?(\d\d)-?(\d\d)(?:[Tt ].*)?", text)
    if m:
        return f"{m[1]}-{m[2]}-{m[3]}" if valid(m[1], m[2], m[3]) else None
    return None


def valid(year, month, day):
    try:
        datetime.date(int(year), int(month), int(day))
        return True
    except ValueError:
        return False


def joined(part):
    if isinstance(part, list):
        return " ".join(p.strip() for p in part if p.strip())
    return part.strip()


for path in INPUTS:
    people = [json.loads(line) for line in run("--to", "json", path).decode().splitlines()]
    for target in ("vcard21", "vcard3", "vcard4"):
        v21 = target == "vcard21"

        def same(theirs, ours):
            return theirs == (ours.split(",")[0] if v21 else ours)

        raw = run("--to", target, path)
        where = f"{path} --to {target}"
        physical = raw.split(b"\r\n")
        check(physical[-1] == b"" and b"\n" not in b"".join(physical[:-1]).replace(b"\r\n", b""),
              f"{where}: every line ends in CRLF")
        # In 2.1 a property's name and parameters cannot be folded (its folds keep the space):
        # a line whose head alone passes the limit is all head, then a soft line break.
        too_long = [i + 1 for i, line in enumerate(physical) if len(line) > (76 if v21 and line.endswith(b"=") else 75)
                    and not (v21 and line.endswith(b":=") and b":" not in line[:-2])]
        check(not too_long, f"{where}: lines over 75 octets: {too_long[:5]}")
        split = []
        for i, line in enumerate(physical):
            try:
                line.decode("utf-8")
            except UnicodeDecodeError:
                split.append(i + 1)
        check(not split, f"{where}: lines that are not UTF-8 by themselves (split sequence): {split[:5]}")
        try:
            cards = list(vobject.readComponents(raw.decode("utf-8"), validate=target == "vcard3", allowQP=v21))
        except Exception as error:  # noqa: BLE001 - any parser failure is a failed check
            check(False, f"{where}: vobject cannot read it: {error}")
            continue
        check(len(cards) == len(people), f"{where}: {len(cards)} cards for {len(people)} people")
        for index, (card, person) in enumerate(zip(cards, people)):
            who = f"{where}: card {index + 1}"
            check(card.version.value == {"vcard21": "2.1", "vcard3": "3.0"}.get(target, "4.0"), f"{who}: VERSION")
            check(same(card.fn.value, person.get("formattedName", "")), f"{who}: FN {card.fn.value!r}")
            name = card.n.value
            check(same(joined(name.family), person.get("familyName", "")), f"{who}: family name {name.family!r}")
            check(same(joined(name.given), person.get("givenName", "")), f"{who}: given name {name.given!r}")
            bday = card.contents.get("bday", [None])[0]
            if "birthday" in person:
                check(bday is not None and date_of(bday.value) == person["birthday"],
                      f"{who}: birthday {bday and bday.value!r} for {person['birthday']}")
            else:
                # A birthday of another calendar keeps its CALSCALE: no Gregorian date to a reader.
                other = bday is not None and any(v.lower() != "gregorian" for v in bday.params.get("CALSCALE", []))
                check(bday is None or other or date_of(bday.value) is None, f"{who}: unexpected birthday {bday and bday.value!r}")
                if "calendarBirthday" in person:
                    check(other or "x-altbday" in card.contents, f"{who}: the calendar birthday is kept")

finish()
