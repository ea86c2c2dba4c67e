#!/usr/bin/env python3
"""Reads vcf2birthdays' iCalendar output with real third-party parsers (icalendar, dateutil)
and checks what a calendar would do with it; and has libical (Debian's libical-dev, through
ical_check.c) check every calendar against RFC 5545's and iTIP's restrictions.

usage: check_ics.py BINARY FIXTURES_DIR
Prints one line per failed check and a closing 'N passed, N failed' line; exit 1 on failure.
"""
import datetime
import json
import os
import subprocess
import sys
import tempfile

import icalendar
from checks import check, finish, libical_checker
from dateutil.rrule import rrulestr

BINARY, FIXTURES = sys.argv[1], sys.argv[2]


def run(*args):
    return subprocess.run([BINARY, *args], capture_output=True, check=False).stdout


def libical_errors(checker, raw, directory):
    """What libical says is wrong with the calendar (empty: nothing)."""
    path = os.path.join(directory, "calendar.ics")
    with open(path, "wb") as f:
        f.write(raw)
    result = subprocess.run([checker, path], capture_output=True, text=True)
    return result.stdout.strip() + (f" (exit {result.returncode})" if result.returncode not in (0, 1) else "")


def occurrences(event, year):
    start = event.decoded("DTSTART")
    start = datetime.datetime(start.year, start.month, start.day)
    rule = rrulestr(event["RRULE"].to_ical().decode(), dtstart=start)
    return [d.date() for d in rule.between(datetime.datetime(year, 1, 1), datetime.datetime(year, 12, 31, 23, 59), inc=True)]


inputs = [f"{FIXTURES}/{name}" for name in ("apple-contacts.vcf", "google-contacts.vcf", "android-2.1.vcf",
                                             "nextcloud-4.0.vcf", "csv/google-contacts.csv",
                                             "csv/outlook-windows-1252.csv", "csv/thunderbird.csv")]
for path in inputs:
    raw = run("--to", "ics", "--today", "2026-11-22", path)
    check(raw == run("--to", "ics", "--today", "2026-11-22", path), f"{path}: same input gives the same bytes")
    check(all(len(line) <= 75 for line in raw.split(b"\r\n")), f"{path}: no line longer than 75 octets")
    check(raw.endswith(b"END:VCALENDAR\r\n") and b"\n" not in raw.replace(b"\r\n", b""), f"{path}: CRLF line ends")
    calendar = icalendar.Calendar.from_ical(raw)
    events = [c for c in calendar.walk("VEVENT")]
    people = [json.loads(line) for line in run("--to", "json", path).splitlines()]
    with_birthday = [p for p in people if "birthday" in p]
    check(len(events) == len(with_birthday), f"{path}: {len(events)} events for {len(with_birthday)} birthdays")
    uids = [str(e["UID"]) for e in events]
    check(len(set(uids)) == len(uids), f"{path}: every UID is unique")
    for event, person in zip(events, with_birthday):
        month, day = int(person["birthday"][-5:-3]), int(person["birthday"][-2:])
        check(str(event["SUMMARY"]).startswith("Birthday: "), f"{path}: summary of {event['SUMMARY']}")
        check(event["TRANSP"] == "TRANSPARENT", f"{path}: transparent")
        for year in (2027, 2028):
            dates = occurrences(event, year)
            expected = datetime.date(year, month, day) if (month, day) != (2, 29) or year == 2028 else datetime.date(year, 2, 28)
            check(dates == [expected], f"{path}: {event['SUMMARY']} occurs once in {year} on {expected}, not {dates}")

# 29 February, both policies, through a real recurrence expansion.
leap = f"{FIXTURES}/apple-contacts.vcf"
for policy, common in (("feb28", datetime.date(2027, 2, 28)), ("mar1", datetime.date(2027, 3, 1))):
    calendar = icalendar.Calendar.from_ical(run("--to", "ics", "--feb29", policy, leap))
    event = next(e for e in calendar.walk("VEVENT") if "Öberg" in str(e["SUMMARY"]))
    check(occurrences(event, 2027) == [common], f"--feb29 {policy}: 2027 on {common}")
    check(occurrences(event, 2028) == [datetime.date(2028, 2, 29)], f"--feb29 {policy}: 2028 on 29 February")

# Reminders, anniversaries and Apple's labelled dates.
calendar = icalendar.Calendar.from_ical(run("--to", "ics", "--anniversaries", "--remind", "7", leap))
summaries = [str(e["SUMMARY"]) for e in calendar.walk("VEVENT")]
check("Anniversary: Åsa Öberg" in summaries, "the anniversary has an event")
check("Graduation: Örjan Ahlström" in summaries, "Apple's labelled date has an event")
alarms = [a for a in calendar.walk("VALARM")]
check(len(alarms) == len(summaries) and all(a.decoded("TRIGGER") == -datetime.timedelta(days=7) for a in alarms),
      "every event has an alarm 7 days before")
# Reminders at a time of day: a relative trigger on an all-day event counts from the start of its day
# where the user is (RFC 5545 §3.8.6.3); expanded with dateutil, each alarm rings at the time asked
# before every occurrence, in common and in leap years.
calendar = icalendar.Calendar.from_ical(run("--to", "ics", "--remind", "7@09:00,0@08:30", "--remind", "1", leap))
for event in calendar.walk("VEVENT"):
    triggers = [a.decoded("TRIGGER") for a in event.walk("VALARM")]
    for year in (2027, 2028):
        day = occurrences(event, year)[0]
        midnight = datetime.datetime(day.year, day.month, day.day)
        rings = [midnight + t for t in triggers]
        wanted = [midnight - datetime.timedelta(days=7) + datetime.timedelta(hours=9),
                  midnight + datetime.timedelta(hours=8, minutes=30), midnight - datetime.timedelta(days=1)]
        check(rings == wanted, f"{event['SUMMARY']} {year}: alarms at {rings}, wanted {wanted}")
# The birthday UIDs do not change when anniversaries are added: a re-import updates them.
plain = {str(e["UID"]) for e in icalendar.Calendar.from_ical(run("--to", "ics", leap)).walk("VEVENT")}
check(plain <= {str(e["UID"]) for e in calendar.walk("VEVENT")}, "birthday UIDs are the same with --anniversaries")

# libical: every calendar we write passes its RFC 5545 and iTIP restriction checks (a file for
# importing has no METHOD: METHOD:PUBLISH would need an ORGANIZER in every event).
with tempfile.TemporaryDirectory() as scratch:
    checker = libical_checker(scratch)
    bad = b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nMETHOD:PUBLISH\r\nBEGIN:VEVENT\r\nUID:1\r\n" \
          b"DTSTAMP:20260101T000000Z\r\nDTSTART;VALUE=DATE:20260101\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    check("ORGANIZER" in libical_errors(checker, bad, scratch), "libical's check finds a PUBLISH without ORGANIZER")
    for path in inputs + [leap]:
        for options in ([], ["--anniversaries", "--remind", "7"], ["--years", "3", "--title", "{name} turns {age}"],
                        ["--remind", "7@09:00,0@08:00"]):
            raw = run("--to", "ics", "--today", "2026-11-22", *options, path)
            errors = libical_errors(checker, raw, scratch)
            check(raw.startswith(b"BEGIN:VCALENDAR") and errors == "", f"{path} {' '.join(options)}: libical says {errors}")

finish("ics interop: ")
