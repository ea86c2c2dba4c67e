#!/usr/bin/env python3
"""The birthday calendar and the address book on a real server, end to end (make test-integration).

Installs Radicale (a CalDAV/CardDAV server) and vdirsyncer (the sync tool) from PyPI into a virtual
environment under .build/, starts Radicale on 127.0.0.1 on a free port with a temporary storage
folder, and checks, reading the server back over CalDAV/CardDAV with REPORT requests:

1. `--to ics --vdir DIR`, then `vdirsyncer discover` and `sync`, puts every event on the server;
2. the same contacts again, synced again, upload nothing;
3. one changed birthday uploads exactly one event; a removed contact deletes its event;
4. the same for `--to vcard4 --vdir` into an address book, and the cards on the server read back
   through the tool give the same people (`--to json`).

The server is stopped at the end whatever happens; a server that does not start fails the test
within 30 seconds.  Usage: scripts/integration_test.py BINARY
"""
import base64
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.path.join(ROOT, ".build", "integration-venv")
PACKAGES = ["radicale>=3.1,<4", "vdirsyncer>=0.19,<0.22", "xandikos>=0.2", "cryptography"]
USER, PASSWORD = "test", "secret"
DAV = {"D": "DAV:", "C": "urn:ietf:params:xml:ns:caldav", "A": "urn:ietf:params:xml:ns:carddav"}


def fail(message):
    print("integration test: FAILED: " + message, file=sys.stderr)
    sys.exit(1)


def check(condition, message, detail=""):
    if not condition:
        fail(message + (": " + detail if detail else ""))
    print("  ok: " + message)


def venv_tool(name):
    return os.path.join(VENV, "bin", name)


def install():
    # The packages installed are written beside them: a new one in the list installs again.
    marker = os.path.join(VENV, "packages.txt")
    wanted = "\n".join(PACKAGES) + "\n"
    if not os.path.exists(marker) or open(marker).read() != wanted:
        print("installing " + ", ".join(PACKAGES) + " into " + VENV)
        subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
        subprocess.run([venv_tool("pip"), "install", "--quiet", "--disable-pip-version-check"] + PACKAGES, check=True)
        with open(marker, "w") as f:
            f.write(wanted)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def request(method, url, body=None, depth=None, content_type="application/xml; charset=utf-8"):
    headers = {"Authorization": "Basic " + base64.b64encode(f"{USER}:{PASSWORD}".encode()).decode()}
    if body is not None:
        headers["Content-Type"] = content_type
    if depth is not None:
        headers["Depth"] = depth
    req = urllib.request.Request(url, data=body.encode() if body else None, method=method, headers=headers)
    with urllib.request.urlopen(req, timeout=120) as response:
        return response.status, response.read().decode()


def start_server(storage, port):
    log = open(os.path.join(storage, "radicale.log"), "w")
    # A real password: the netrc file and --password-command are checked by the server.
    users = os.path.join(storage, "users")
    with open(users, "w") as f:
        f.write("%s:%s\n" % (USER, PASSWORD))
    server = subprocess.Popen([venv_tool("radicale"), "--server-hosts", f"127.0.0.1:{port}",
                               "--storage-filesystem-folder", os.path.join(storage, "collections"),
                               "--auth-type", "htpasswd", "--auth-htpasswd-filename", users,
                               "--auth-htpasswd-encryption", "plain", "--rights-type", "owner_only",
                               "--logging-level", "warning"], stdout=log, stderr=subprocess.STDOUT)
    deadline = time.time() + 30
    while time.time() < deadline:
        if server.poll() is not None:
            log.flush()
            fail("Radicale exited at start (status %d): %s" % (server.returncode, open(log.name).read()[-2000:]))
        try:
            request("PROPFIND", f"http://127.0.0.1:{port}/{USER}/", depth="0")
            return server
        except (urllib.error.URLError, ConnectionError, OSError):
            time.sleep(0.2)
    server.kill()
    fail("Radicale did not answer on 127.0.0.1:%d within 30 seconds" % port)


def make_collections(base):
    request("MKCALENDAR", base + "birthdays/")
    request("MKCOL", base + "contacts/", """<?xml version="1.0" encoding="utf-8"?>
<D:mkcol xmlns:D="DAV:" xmlns:A="urn:ietf:params:xml:ns:carddav"><D:set><D:prop>
<D:resourcetype><D:collection/><A:addressbook/></D:resourcetype></D:prop></D:set></D:mkcol>""")


def report(url, calendar):
    """The collection's items as the server has them: {href: (etag, data)}, by a REPORT."""
    if calendar:
        body = """<?xml version="1.0" encoding="utf-8"?>
<C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
<D:prop><D:getetag/><C:calendar-data/></D:prop>
<C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT"/></C:comp-filter></C:filter>
</C:calendar-query>"""
        data_tag = "{urn:ietf:params:xml:ns:caldav}calendar-data"
    else:
        body = """<?xml version="1.0" encoding="utf-8"?>
<A:addressbook-query xmlns:D="DAV:" xmlns:A="urn:ietf:params:xml:ns:carddav">
<D:prop><D:getetag/><A:address-data/></D:prop>
</A:addressbook-query>"""
        data_tag = "{urn:ietf:params:xml:ns:carddav}address-data"
    status, text = request("REPORT", url, body, depth="1")
    if status != 207:
        fail("REPORT on %s answered %d, not 207 Multi-Status" % (url, status))
    items = {}
    for response in ET.fromstring(text).findall("D:response", DAV):
        href = response.find("D:href", DAV).text
        etag = response.find(".//D:getetag", DAV)
        data = response.find(".//" + data_tag)
        if etag is not None and data is not None and data.text:
            items[href] = (etag.text, data.text)
    return items


def write_config(work, base):
    config = os.path.join(work, "vdirsyncer.conf")
    pairs = []
    for name, kind, ext in [("birthdays", "caldav", ".ics"), ("contacts", "carddav", ".vcf")]:
        pairs.append(f"""
[pair {name}]
a = "{name}_local"
b = "{name}_remote"
collections = null
conflict_resolution = "a wins"

[storage {name}_local]
type = "filesystem"
path = "{work}/{name}/"
fileext = "{ext}"

[storage {name}_remote]
type = "{kind}"
url = "{base}{name}/"
username = "{USER}"
password = "{PASSWORD}"
""")
    with open(config, "w") as f:
        f.write(f'[general]\nstatus_path = "{work}/status/"\n' + "".join(pairs))
    return config


def contacts(count, changed=None, removed=None):
    """Synthetic vCard 3.0 people, each with a UID and a birthday."""
    cards = []
    for i in range(count):
        if i == removed:
            continue
        day = 1 + i % 28
        year = 1950 + i % 70
        if i == changed:
            day = 1 + (day % 27)
        cards.append("BEGIN:VCARD\r\nVERSION:3.0\r\n"
                     f"UID:person-{i:03d}@example.org\r\nFN:Person {i:03d} Example\r\nN:Example;Person {i:03d};;;\r\n"
                     f"EMAIL;TYPE=home:person{i}@example.org\r\nBDAY:{year}-{1 + i % 12:02d}-{day:02d}\r\n"
                     f"NOTE:Synthetic person {i}\\, for the integration test\r\nEND:VCARD\r\n")
    return "".join(cards)


def sync(config, name):
    result = subprocess.run([venv_tool("vdirsyncer"), "-c", config, "-v", "INFO", "sync", name],
                            capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        fail("vdirsyncer sync %s: %s" % (name, result.stdout + result.stderr))
    return result.stdout + result.stderr


def uploads(log):
    """How many items vdirsyncer wrote to the server: uploads and updates."""
    return len(re.findall(r"Copying \((?:uploading|updating)\) item", log))


def deletions(log):
    return len(re.findall(r"Deleting item", log))


def tool(binary, *arguments, stdin=None, env=None):
    result = subprocess.run([binary, "--today", "2026-11-22"] + list(arguments), input=stdin, capture_output=True,
                            text=True, timeout=600, env=env)
    if result.returncode != 0:
        fail("vcf2birthdays %s exited %d: %s" % (" ".join(arguments), result.returncode, result.stderr))
    return result

def start_xandikos(work, port, tls=False):
    """Xandikos, the second server: its default principal /user/ with a calendar and an address
    book; with `tls`, over https with a certificate of its own making (in work/xandikos-state/certs)."""
    log = open(os.path.join(work, "xandikos.log"), "a")
    server = subprocess.Popen([venv_tool("xandikos"), "serve", "-d", os.path.join(work, "xandikos"), "--defaults",
                               "-l", "127.0.0.1", "-p", str(port)]
                              + (["--autocert", "--state-dir", os.path.join(work, "xandikos-state")] if tls else []),
                              stdout=log, stderr=subprocess.STDOUT)
    for _ in range(300):
        if tls:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    return server
            time.sleep(0.1)
            continue
        try:
            request("PROPFIND", "http://127.0.0.1:%d/user/" % port, depth="0")
            return server
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.1)
    fail("Xandikos did not answer on 127.0.0.1:%d within 30 seconds" % port)


def stop(server):
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()


def direct_checks(binary, work, name, collections, root, env, books=None):
    """A server's collections written and read straight, without vdirsyncer: an address book of
    1,000 cards written and read back through discovery, a calendar found by its name from the
    server's URL, the address book's birthday calendar written, kept,
    changed, shrunk beside a foreign event, and untouched by an unclean read."""
    print("%s, straight (--vdir URL, the server's URL as input):" % name)
    people = 1000
    source = os.path.join(work, "direct-%s.vcf" % name)
    with open(source, "w") as f:
        f.write(contacts(people))
    expected = tool(binary, "--to", "json", "--sort", "last", source).stdout
    book = (books or collections) + "direct-contacts/"
    tool(binary, "--to", "vcard4", "--vdir", book, source, env=env)
    check(len(report(book.replace("%s@" % USER, ""), calendar=False)) == people, "an address book of %d cards is made and filled" % people)
    back = tool(binary, "--to", "json", "--sort", "last", root + "#direct-contacts", env=env).stdout
    check(back == expected, "the server's URL finds it (named by the fragment), and it reads back as the same people")

    # A calendar named from the server's URL (as iCloud's must be): made in the calendar home, then found.
    few = os.path.join(work, "named-%s.vcf" % name)
    with open(few, "w") as f:
        f.write(contacts(10))
    named = (collections + "Named%20Birthdays/").replace("%s@" % USER, "")
    tool(binary, "--to", "ics", "--vdir", root + "#Named Birthdays", few, env=env)
    made = report(named, calendar=True)
    check(len(made) == 10, "--vdir SERVER#Named Birthdays makes that calendar in the user's calendar home (%d events)" % len(made))
    tool(binary, "--to", "ics", "--vdir", root + "#Named Birthdays", few, env=env)
    check(report(named, calendar=True) == made, "and the next run finds it by its name and changes nothing")

    calendar = collections + "direct-birthdays/"
    plain = calendar.replace("%s@" % USER, "")
    tool(binary, "--to", "ics", "--vdir", calendar, book, env=env)
    events = report(plain, calendar=True)
    check(len(events) == people, "its birthday calendar is made and holds every event (%d of %d)" % (len(events), people))
    foreign = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Other//EN\r\nBEGIN:VEVENT\r\nUID:foreign-1\r\n" \
              "DTSTAMP:20260101T000000Z\r\nDTSTART;VALUE=DATE:20260101\r\nSUMMARY:Not ours\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    status, _ = request("PUT", plain + "foreign-1.ics", foreign, content_type="text/calendar")
    check(status in (201, 204), "a foreign event is put beside ours (%d)" % status)
    tool(binary, "--to", "ics", "--vdir", calendar, source, env=env)
    again = report(plain, calendar=True)
    check({h: v for h, v in again.items() if "foreign" not in h} == events, "the same contacts again change no event")
    with open(source, "w") as f:
        f.write(contacts(people, changed=7))
    tool(binary, "--to", "ics", "--vdir", calendar, source, env=env)
    changed = report(plain, calendar=True)
    differing = [h for h in events if changed.get(h, (None,))[0] != events[h][0]]
    check(len(differing) == 1, "one changed birthday changes exactly one event (%d)" % len(differing))
    with open(source, "w") as f:
        f.write(contacts(people, changed=7, removed=3))
    tool(binary, "--to", "ics", "--vdir", calendar, source, env=env)
    after = report(plain, calendar=True)
    check(len(after) == people and not set(after) - set(changed) and any("foreign" in h for h in after),
          "a removed contact's event is deleted, the foreign one kept")
    result = subprocess.run([binary, "--today", "2026-11-22", "--to", "ics", "--vdir", calendar, os.path.join(work, "missing.vcf"), source],
                            capture_output=True, text=True, timeout=600, env=env)
    check(result.returncode == 66 and report(plain, calendar=True) == after,
          "an unclean read removes nothing on the server", "exit %d: %s" % (result.returncode, result.stderr[-800:]))


class FaultProxy:
    """A proxy in front of a server that makes requests fail as networks and servers do: by method,
    the Nth request gets a 500, a 503 with Retry-After, a 412, a slow answer, or a dropped
    connection; every other request goes through."""

    def __init__(self, target_port, faults):
        import http.server
        import threading
        self.faults = dict(faults)  # (method, n) -> fault
        self.counts = {}
        proxy = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def handle_any(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else None
                n = proxy.counts[self.command] = proxy.counts.get(self.command, 0) + 1
                fault = proxy.faults.get((self.command, n))
                if fault == "drop":
                    self.close_connection = True
                    self.connection.shutdown(socket.SHUT_RDWR)
                    return
                if fault in ("500", "412", "503"):
                    self.send_response(int(fault))
                    if fault == "503":
                        self.send_header("Retry-After", "1")
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                if fault == "slow":
                    time.sleep(2)
                headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "content-length", "connection")}
                req = urllib.request.Request("http://127.0.0.1:%d%s" % (target_port, self.path), data=body, method=self.command,
                                             headers=headers)
                try:
                    with urllib.request.urlopen(req, timeout=120) as response:
                        status, answer, reply_headers = response.status, response.read(), response.headers
                except urllib.error.HTTPError as error:
                    status, answer, reply_headers = error.code, error.read(), error.headers
                self.send_response(status)
                for key, value in reply_headers.items():
                    if key.lower() not in ("content-length", "connection", "transfer-encoding", "server", "date"):
                        self.send_header(key, value)
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            do_GET = do_PUT = do_DELETE = do_PROPFIND = do_REPORT = do_MKCALENDAR = do_MKCOL = do_PROPPATCH = handle_any

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()


def fault_checks(binary, work, port, env):
    """Faults between the program and the server: what retries absorb ends well; what they cannot
    (a 500; a 412 on a PUT that the item read again and tried once more does not mend) ends with
    exit status 73, loses nothing, and the next run converges."""
    print("faults between the program and Radicale (a proxy):")
    people = 1000
    source = os.path.join(work, "direct-Radicale.vcf")
    plain = "http://127.0.0.1:%d/%s/direct-birthdays/" % (port, USER)
    before = report(plain, calendar=True)
    proxy = FaultProxy(port, {("PROPFIND", 1): "drop", ("PROPFIND", 2): "503", ("PROPFIND", 3): "slow",
                              ("REPORT", 1): "503", ("REPORT", 2): "drop"})
    try:
        url = "http://%s@127.0.0.1:%d/%s/direct-birthdays/" % (USER, proxy.port, USER)
        tool(binary, "--to", "ics", "--vdir", url, source, env=env)
        check(report(plain, calendar=True) == before, "a dropped connection, a 503 and a slow answer: retried, nothing changed")
        text = contacts(people, changed=7, removed=3)
        moved = [("BDAY:1951-02-02", "BDAY:1951-02-03"), ("BDAY:1952-03-03", "BDAY:1952-03-04")]
        changes = sum(text.count(old) for old, _ in moved)
        for old, new in moved:
            text = text.replace(old, new)
        with open(source, "w") as f:
            f.write(text)
        # The first change gets a 500; the second a 412, and goes through when tried once more after
        # reading the event again (still ours); the third a 412 twice, and is left.
        proxy.faults = {("PUT", 1): "500", ("PUT", 2): "412", ("PUT", 4): "412", ("PUT", 5): "412"}
        proxy.counts = {}
        result = subprocess.run([binary, "--today", "2026-11-22", "--to", "ics", "--vdir", url, source],
                                capture_output=True, text=True, timeout=600, env=env)
        half = report(plain, calendar=True)
        check(result.returncode == 73 and "500" in result.stderr and result.stderr.count("412") == 1 and proxy.counts.get("GET") == 2,
              "a 500, a 412 mended by reading the event again and a 412 twice on three of %d changes: two said, exit 73" % changes,
              "exit %d: %s" % (result.returncode, result.stderr[-600:]))
        check(set(half) == set(before) and sum(half[h][0] != before[h][0] for h in half) == changes - 2,
              "nothing lost: every event still there, the changes that went through changed")
    finally:
        proxy.close()
    tool(binary, "--to", "ics", "--vdir", "http://%s@127.0.0.1:%d/%s/direct-birthdays/" % (USER, port, USER), source, env=env)
    after = report(plain, calendar=True)
    check(set(after) == set(before) and sum(after[h][0] != before[h][0] for h in after) == changes,
          "the next run converges: every change is on the server")


def main():
    if len(sys.argv) != 2:
        fail("usage: integration_test.py BINARY")
    binary = os.path.abspath(sys.argv[1])
    install()
    work = tempfile.mkdtemp(prefix="vcf2birthdays-integration-")
    port = free_port()
    server = start_server(work, port)
    base = f"http://127.0.0.1:{port}/{USER}/"
    try:
        make_collections(base)
        config = write_config(work, base)
        discover = subprocess.run([venv_tool("vdirsyncer"), "-c", config, "discover"], input="y\ny\n",
                                  capture_output=True, text=True, timeout=60)
        if discover.returncode != 0:
            fail("vdirsyncer discover: " + discover.stdout + discover.stderr)
        source = os.path.join(work, "contacts.vcf")
        people = 40

        print("calendar (CalDAV):")
        with open(source, "w") as f:
            f.write(contacts(people))
        tool(binary, "--to", "ics", "--vdir", os.path.join(work, "birthdays"), source)
        sync(config, "birthdays")
        events = report(base + "birthdays/", calendar=True)
        check(len(events) == people, "every event is on the server (%d of %d)" % (len(events), people))
        local = {f for f in os.listdir(os.path.join(work, "birthdays")) if f.endswith(".ics")}
        served = {re.search(r"\nUID:(\S+)", data).group(1) for _, data in events.values()}
        check(served == {name[:-4] for name in local}, "the server's events are the vdir's files, by UID")
        check(all("SUMMARY:Birthday: Person" in data for _, data in events.values()), "the events are birthdays")

        tool(binary, "--to", "ics", "--vdir", os.path.join(work, "birthdays"), source)
        log = sync(config, "birthdays")
        again = report(base + "birthdays/", calendar=True)
        check(uploads(log) == 0 and again == events, "the same contacts again upload nothing")

        with open(source, "w") as f:
            f.write(contacts(people, changed=7))
        tool(binary, "--to", "ics", "--vdir", os.path.join(work, "birthdays"), source)
        log = sync(config, "birthdays")
        changed = report(base + "birthdays/", calendar=True)
        differing = [h for h in events if changed.get(h, (None,))[0] != events[h][0]]
        check(uploads(log) == 1 and len(differing) == 1 and set(changed) == set(events),
              "one changed birthday uploads exactly one event",
              "%d uploads, %d differ; vdirsyncer said: %s" % (uploads(log), len(differing), log[-1500:]))

        with open(source, "w") as f:
            f.write(contacts(people, changed=7, removed=3))
        tool(binary, "--to", "ics", "--vdir", os.path.join(work, "birthdays"), source)
        log = sync(config, "birthdays")
        after = report(base + "birthdays/", calendar=True)
        check(deletions(log) == 1 and len(after) == people - 1 and set(after) < set(changed),
              "a removed contact's event is deleted on the server")

        print("address book (CardDAV):")
        with open(source, "w") as f:
            f.write(contacts(people))
        cards_dir = os.path.join(work, "contacts")
        tool(binary, "--to", "vcard4", "--vdir", cards_dir, source)
        sync(config, "contacts")
        cards = report(base + "contacts/", calendar=False)
        check(len(cards) == people, "every card is on the server (%d of %d)" % (len(cards), people))
        tool(binary, "--to", "vcard4", "--vdir", cards_dir, source)
        log = sync(config, "contacts")
        check(uploads(log) == 0 and report(base + "contacts/", calendar=False) == cards,
              "the same contacts again upload nothing")
        with open(source, "w") as f:
            f.write(contacts(people, changed=11))
        tool(binary, "--to", "vcard4", "--vdir", cards_dir, source)
        log = sync(config, "contacts")
        changed = report(base + "contacts/", calendar=False)
        differing = [h for h in cards if changed.get(h, (None,))[0] != cards[h][0]]
        check(uploads(log) == 1 and len(differing) == 1, "one changed birthday uploads exactly one card")
        with open(source, "w") as f:
            f.write(contacts(people, changed=11, removed=5))
        tool(binary, "--to", "vcard4", "--vdir", cards_dir, source)
        log = sync(config, "contacts")
        after = report(base + "contacts/", calendar=False)
        check(deletions(log) == 1 and len(after) == people - 1, "a removed contact's card is deleted on the server")

        served = "".join(data if data.endswith("\n") else data + "\r\n" for _, data in after.values())
        from_server = tool(binary, "--to", "json", "--sort", "last", stdin=served).stdout
        from_source = tool(binary, "--to", "json", "--sort", "last", source).stdout
        check(from_server == from_source and from_server.count("\n") == people - 1,
              "the cards on the server read back as the same people (--to json)")
        # The address book read straight from the server (CardDAV, through libcurl): the same people.
        # The password from a netrc file ($NETRC), never the command line.
        netrc = os.path.join(work, "netrc")
        with open(netrc, "w") as f:
            f.write("machine 127.0.0.1 login %s password %s\nmachine localhost login %s password %s\n" % (USER, PASSWORD, USER, PASSWORD))
        os.chmod(netrc, 0o600)
        with_netrc = dict(os.environ, NETRC=netrc, XDG_CACHE_HOME=os.path.join(work, "cache"))
        as_user = base.replace("http://", "http://%s@" % USER)
        direct = tool(binary, "--to", "json", "--sort", "last", as_user + "contacts/", env=with_netrc).stdout
        check(direct == from_source, "the address book read from its URL gives the same people (--to json)")
        userless = tool(binary, "--to", "json", "--sort", "last", base + "contacts/", env=with_netrc).stdout
        check(userless == from_source, "... and without a user in the URL: the netrc line of the machine gives user and password")
        cached = tool(binary, "--to", "json", "--sort", "last", as_user + "contacts/", env=with_netrc).stdout
        cache_dir = os.path.join(work, "cache", "vcf2birthdays", "dav")
        by_command = tool(binary, "--to", "json", "--sort", "last", "--password-command", "printf %s" % PASSWORD, as_user + "contacts/",
                          env=dict(os.environ, NETRC="/nonexistent")).stdout
        check(by_command == from_source, "the password from --password-command instead of a netrc file")
        wrong = subprocess.run([binary, "--password-command", "printf wrong", as_user + "contacts/"], capture_output=True,
                               text=True, timeout=60, env=dict(os.environ, NETRC="/nonexistent"))
        check(wrong.returncode == 66 and "401 Unauthorized" in wrong.stderr and "wrong" not in wrong.stderr.replace("printf wrong", ""),
              "a wrong password: 401, said, the input unread (exit 66), the password never shown", wrong.stderr[-500:])
        check(cached == from_source and os.listdir(cache_dir) and all(
                  os.stat(os.path.join(cache_dir, d)).st_mode & 0o077 == 0 for d in os.listdir(cache_dir)),
              "read again from its cache (a folder only its owner enters), the same people")
        batches = tool(binary, "--to", "json", "--sort", "last", as_user.replace("127.0.0.1", "localhost") + "contacts/",
                       env=with_netrc).stdout
        check(batches == from_source, "... by the name localhost too")
        root = "http://%s@127.0.0.1:%d/" % (USER, port)
        found = tool(binary, "--to", "json", "--sort", "last", root, env=with_netrc).stdout
        check(found == from_source, "the server's URL finds the address book (current-user-principal, addressbook-home-set)")
        named = tool(binary, "--to", "json", "--sort", "last", root + "#contacts", env=with_netrc).stdout
        check(named == from_source, "... and the one named by the URL's fragment")

        direct_checks(binary, work, "Radicale", as_user, "http://%s@127.0.0.1:%d/" % (USER, port), with_netrc)

        fault_checks(binary, work, port, with_netrc)

        xandikos_port = free_port()
        xandikos = start_xandikos(work, xandikos_port)
        try:
            xandikos_root = "http://127.0.0.1:%d/" % xandikos_port
            direct_checks(binary, work, "Xandikos", xandikos_root + "user/calendars/", xandikos_root, with_netrc,
                          books=xandikos_root + "user/contacts/")
        finally:
            stop(xandikos)

        print("TLS (Xandikos with a certificate of its own):")
        tls_port = free_port()
        tls_server = start_xandikos(work, tls_port, tls=True)
        try:
            url = "https://127.0.0.1:%d/" % tls_port
            refused = subprocess.run([binary, url], capture_output=True, text=True, timeout=60, env=with_netrc)
            check(refused.returncode == 66 and "TLS failed" in refused.stderr and "self-signed" in refused.stderr,
                  "a certificate the system does not know is refused (exit 66)", refused.stderr[-400:])
            cert = os.path.join(work, "xandikos-state", "certs", "selfsigned.crt")
            named = subprocess.run([binary, "--ca-file", cert, url], capture_output=True, text=True, timeout=60, env=with_netrc)
            # Xandikos names 127.0.0.1 as a DNS name, not an IP address: with its certificate
            # trusted, the host name is still checked, and fails.
            check(named.returncode == 66 and "self-signed" not in named.stderr and "name" in named.stderr,
                  "with --ca-file the certificate is trusted, and the host name still checked", named.stderr[-400:])
        finally:
            stop(tls_server)
        print("integration test: passed")
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
