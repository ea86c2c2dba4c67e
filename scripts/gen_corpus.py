#!/usr/bin/env python3
"""Writes a corpus of synthetic contacts, the same bytes for the same arguments, and a manifest
of what each person must become.

    python3 scripts/gen_corpus.py --people 100000 --seed 1 --format vcard3 --quirks --out c.vcf \
        [--manifest m.jsonl] [--photos 5] [--duplicates 2] [--no-quirk splitfold ...]

Formats: vcard21, vcard3, vcard4, google-csv, outlook-csv. Every person is made up (names from
short lists of given and family names in several languages, numbers from reserved ranges,
example.com addresses). --quirks adds what real clients write: for vCard, folds that split a
UTF-8 sequence (splitfold), Apple's year-less birthdays (omityear), item groups with
X-ABLabel (groups), lower-case property names (lowercase), quoted-printable notes with soft
line breaks in 2.1 (qp), birthdays without a year (noyear), and for CSV multi-line quoted
addresses (multiline) and several values in one cell (multivalue); --no-quirk leaves one out.
--photos N gives N percent of vCard people an embedded JPEG-like photo; --duplicates N repeats N
percent of people later in the file with small differences (for duplicate detection).

The manifest has one JSON object per person, in file order: familyName, givenName and birthday
as `vcf2birthdays --to json` writes them, and `duplicateOf`, the index of the person repeated.
Standard library only; Python 3.8 or later.
"""
import argparse
import base64
import json
import random
import sys

GIVEN = ["Anna", "Åsa", "Björn", "Chen", "Dara", "Émile", "Fatima", "Göran", "Hana", "Ingrid", "Jürgen", "Kofi",
         "Léa", "Mateo", "Nadia", "Olu", "Priya", "Quentin", "Rania", "Søren", "Tomasz", "Ulla", "Vera", "Wei",
         "Ximena", "Yusuf", "Zoë", "Łukasz", "Ñuño", "Ярослав", "花子", "太郎"]
FAMILY = ["Andersson", "Öberg", "Berg", "Chowdhury", "Dubois", "Eriksson", "Fernández", "García", "Haddad",
          "Ivanova", "Jensen", "Kowalski", "Lindqvist", "Müller", "Nakamura", "Okafor", "Pérez", "Quist",
          "Rossi", "Schröder", "Tanaka", "Újvári", "Van der Meer", "Wiśniewski", "Xu", "Yılmaz", "Żak",
          "Петров", "佐藤", "陳"]
STREETS = ["Storgatan", "Hauptstraße", "Rue de la Paix", "Calle Mayor", "Main Street", "Ulica Długa"]
CITIES = [("Uppsala", "753 20", "Sverige"), ("Köln", "50667", "Deutschland"), ("Lyon", "69002", "France"),
          ("Sevilla", "41001", "España"), ("Springfield", "62701", "USA"), ("Gdańsk", "80-001", "Polska")]
QUIRKS = ["splitfold", "omityear", "groups", "lowercase", "qp", "noyear", "multiline", "multivalue"]


class Person:
    def __init__(self, rnd, index, quirks):
        self.given = rnd.choice(GIVEN)
        self.family = rnd.choice(FAMILY)
        self.month = rnd.randint(1, 12)
        self.day = rnd.randint(1, 28 if self.month == 2 else 30)
        self.year = None if ("noyear" in quirks and rnd.random() < 0.15) else rnd.randint(1930, 2015)
        self.has_birthday = rnd.random() < 0.9
        self.email = f"{ascii_of(self.given)}.{ascii_of(self.family)}.{index}@example.com"
        self.phone = f"+1 555 01{index % 100:02d} {index % 10000:04d}"
        street, (city, code, country) = rnd.choice(STREETS), rnd.choice(CITIES)
        self.address = (f"{street} {rnd.randint(1, 99)}", city, code, country)
        self.note = rnd.choice(["", "", "Met at the conference, 2019.", "Likes blueberries; not raspberries.",
                                "Neighbour — has a dog called “Rex”."])
        self.photo = None
        self.duplicate_of = None

    def birthday(self):
        if not self.has_birthday:
            return None
        return (f"{self.year:04d}" if self.year else "-") + f"-{self.month:02d}-{self.day:02d}"

    def manifest(self):
        entry = {"familyName": self.family, "givenName": self.given}
        if self.birthday():
            entry["birthday"] = self.birthday()
        if self.duplicate_of is not None:
            entry["duplicateOf"] = self.duplicate_of
        return entry


def ascii_of(name):
    out = "".join(c for c in name.lower() if c.isascii() and c.isalnum())
    return out or "person"


def escape(text):
    return text.replace("\\", "\\\\").replace(",", "\\,").replace(";", "\\;").replace("\n", "\\n")


def fold(line, rnd, quirks, width=75):
    """Folds a content line at `width` octets; with splitfold, now and then inside a UTF-8 sequence."""
    data = line.encode("utf-8")
    if len(data) <= width:
        return data
    parts, start = [], 0
    while start < len(data):
        end = min(len(data), start + (width if start == 0 else width - 1))
        if "splitfold" not in quirks or rnd.random() < 0.5:
            while end < len(data) and (data[end] & 0xC0) == 0x80:  # not inside a character
                end -= 1
        parts.append(data[start:end])
        start = end
    return b"\r\n ".join(parts)


def qp(text):
    """Quoted-printable (RFC 2045) of UTF-8 text, with soft line breaks every 70 characters."""
    out, line = [], ""
    for byte in text.encode("utf-8"):
        piece = chr(byte) if 33 <= byte <= 126 and byte != 61 else f"={byte:02X}"
        if len(line) + len(piece) > 70:
            out.append(line + "=")
            line = ""
        line += piece
    out.append(line)
    return "\r\n".join(out)


def vcard(person, version, rnd, quirks, index):
    lines = []

    def add(name, value, params="", raw=False):
        if "lowercase" in quirks and rnd.random() < 0.1:
            name = name.lower()
        line = f"{name}{params}:{value}"
        lines.append(line.encode("utf-8") if raw else fold(line, rnd, quirks))

    lines.append(b"BEGIN:VCARD")
    lines.append(f"VERSION:{ {'vcard21': '2.1', 'vcard3': '3.0', 'vcard4': '4.0'}[version] }".replace(" ", "").encode())
    n = f"{escape(person.family)};{escape(person.given)};;;"
    fn = f"{person.given} {person.family}"
    if version == "vcard21":
        ascii_name = all(ord(c) < 128 for c in n)
        add("N", n, "" if ascii_name else ";CHARSET=UTF-8")
        add("FN", escape(fn), "" if fn.isascii() else ";CHARSET=UTF-8")
    else:
        add("N", n)
        add("FN", escape(fn))
    if person.has_birthday:
        month_day = f"{person.month:02d}-{person.day:02d}"
        if person.year is None:
            if version == "vcard3" and "omityear" in quirks:
                add("BDAY", f"1604-{month_day}", ";X-APPLE-OMIT-YEAR=1604")
            elif version == "vcard4":
                add("BDAY", f"--{month_day.replace('-', '')}")
            else:
                add("BDAY", f"--{month_day}")
        else:
            add("BDAY", f"{person.year:04d}-{month_day}" if version != "vcard4" or rnd.random() < 0.5
                else f"{person.year:04d}{month_day.replace('-', '')}")
    if version == "vcard3" and "groups" in quirks and rnd.random() < 0.3:
        add("item1.EMAIL", person.email, ";type=INTERNET")
        add("item1.X-ABLabel", "_$!<Other>!$_")
    else:
        add("EMAIL", person.email, ";INTERNET" if version == "vcard21" else ";TYPE=home")
    add("TEL", person.phone, ";CELL" if version == "vcard21" else ";TYPE=cell")
    street, city, code, country = person.address
    adr = f";;{escape(street)};{escape(city)};;{escape(code)};{escape(country)}"
    add("ADR", adr, ";HOME;CHARSET=UTF-8" if version == "vcard21" else ";TYPE=home")
    if person.note:
        if version == "vcard21" and "qp" in quirks:
            add("NOTE", qp(person.note), ";ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8", raw=True)
        else:
            add("NOTE", escape(person.note), ";CHARSET=UTF-8" if version == "vcard21" else "")
    add("UID", f"urn:uuid:00000000-0000-4000-8000-{index:012d}")
    if person.photo:
        data = base64.b64encode(person.photo).decode()
        if version == "vcard4":
            add("PHOTO", "data:image/jpeg;base64," + data)
        elif version == "vcard3":
            add("PHOTO", data, ";ENCODING=b;TYPE=JPEG")
        else:  # 2.1: base64 lines, ended by a blank line
            chunks = [data[i:i + 72] for i in range(0, len(data), 72)]
            lines.append(("PHOTO;ENCODING=BASE64;TYPE=JPEG:" + chunks[0]).encode())
            lines.extend((" " + c).encode() for c in chunks[1:])
            lines.append(b"")
    lines.append(b"END:VCARD")
    return b"\r\n".join(lines) + b"\r\n"


def csv_cell(text):
    if any(c in text for c in ",\"\r\n"):
        return '"' + text.replace('"', '""') + '"'
    return text


GOOGLE = ["First Name", "Middle Name", "Last Name", "Birthday", "Notes", "Labels", "E-mail 1 - Label",
          "E-mail 1 - Value", "Phone 1 - Label", "Phone 1 - Value", "Address 1 - Label", "Address 1 - Formatted",
          "Address 1 - Street", "Address 1 - City", "Address 1 - Postal Code", "Address 1 - Country"]
OUTLOOK = ["Title", "First Name", "Middle Name", "Last Name", "Suffix", "Company", "Home Street", "Home City",
           "Home Postal Code", "Home Country/Region", "Mobile Phone", "Birthday", "Categories", "E-mail Address",
           "E-mail Type", "E-mail Display Name", "Notes"]


def google_row(p, rnd, quirks):
    street, city, code, country = p.address
    formatted = f"{street}\n{code} {city}\n{country}" if "multiline" in quirks else f"{street}, {code} {city}"
    email = p.email + (" ::: " + p.email.replace("@", ".alt@") if "multivalue" in quirks and rnd.random() < 0.2 else "")
    return [p.given, "", p.family, p.birthday() or "", p.note, "* myContacts", "* Home", email, "Mobile", p.phone,
            "Home", formatted, street, city, code, country]


def outlook_row(p, rnd, quirks):
    street, city, code, country = p.address
    birthday = "0/0/00" if not p.has_birthday else f"{p.month}/{p.day}/{p.year or 1604}"
    return ["", p.given, "", p.family, "", "", street, city, code, country, p.phone, birthday, "Friends",
            p.email, "SMTP", f"{p.given} {p.family} ({p.email})", p.note]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--people", type=int, required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--format", required=True, choices=["vcard21", "vcard3", "vcard4", "google-csv", "outlook-csv"])
    parser.add_argument("--quirks", action="store_true")
    parser.add_argument("--no-quirk", action="append", default=[], choices=QUIRKS)
    parser.add_argument("--photos", type=float, default=0, help="percent of vCard people with a photo")
    parser.add_argument("--duplicates", type=float, default=0, help="percent of people repeated later")
    parser.add_argument("--out", required=True)
    parser.add_argument("--manifest")
    args = parser.parse_args()

    quirks = set(QUIRKS if args.quirks else []) - set(args.no_quirk)
    rnd = random.Random(args.seed)
    people = []
    for i in range(args.people):
        if people and rnd.random() * 100 < args.duplicates:
            original = rnd.randrange(len(people))
            twin = Person(rnd, i, quirks)
            source = people[original]
            twin.given, twin.family, twin.month, twin.day, twin.year, twin.has_birthday = (
                source.given, source.family, source.month, source.day, source.year, source.has_birthday)
            twin.email = source.email.upper() if rnd.random() < 0.5 else source.email
            twin.duplicate_of = original
            people.append(twin)
            continue
        person = Person(rnd, i, quirks)
        if args.format.startswith("vcard") and rnd.random() * 100 < args.photos:
            size = rnd.randint(300, 3000)
            person.photo = bytes([0xFF, 0xD8, 0xFF, 0xE0]) + bytes(rnd.getrandbits(8) for _ in range(size)) + bytes([0xFF, 0xD9])
        people.append(person)

    with open(args.out, "wb") as out:
        if args.format.startswith("vcard"):
            for i, p in enumerate(people):
                out.write(vcard(p, args.format, rnd, quirks, i))
        else:
            header, row = (GOOGLE, google_row) if args.format == "google-csv" else (OUTLOOK, outlook_row)
            out.write((",".join(header) + "\r\n").encode())
            for p in people:
                out.write((",".join(csv_cell(c) for c in row(p, rnd, quirks)) + "\r\n").encode("utf-8"))
    if args.manifest:
        with open(args.manifest, "w", encoding="utf-8") as m:
            for p in people:
                m.write(json.dumps(p.manifest(), ensure_ascii=False) + "\n")


if __name__ == "__main__":
    sys.exit(main())
