/* Reads an iCalendar file with libical and says every error libical finds in it: what its
 * parser could not read (X-LIC-ERROR) and what breaks the restrictions of RFC 5545, and of
 * iTIP (RFC 5546) when the file has a METHOD (icalrestriction_check).
 * usage: ical_check FILE; prints the errors; exit 1 when there is one, 2 when unreadable. */
#include <libical/ical.h>
#include <stdio.h>
#include <stdlib.h>

static int report(icalcomponent *c) {
    int errors = 0;
    for (icalproperty *p = icalcomponent_get_first_property(c, ICAL_XLICERROR_PROPERTY); p;
         p = icalcomponent_get_next_property(c, ICAL_XLICERROR_PROPERTY)) {
        printf("%s: %s\n", icalcomponent_kind_to_string(icalcomponent_isa(c)), icalproperty_get_xlicerror(p));
        errors++;
    }
    for (icalcomponent *child = icalcomponent_get_first_component(c, ICAL_ANY_COMPONENT); child;
         child = icalcomponent_get_next_component(c, ICAL_ANY_COMPONENT)) {
        errors += report(child);
    }
    return errors;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: ical_check FILE\n"); return 2; }
    FILE *f = fopen(argv[1], "rb");
    if (!f) { perror(argv[1]); return 2; }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    if (!text || fread(text, 1, (size_t)size, f) != (size_t)size) { fprintf(stderr, "cannot read %s\n", argv[1]); return 2; }
    text[size] = 0;
    fclose(f);
    icalcomponent *calendar = icalparser_parse_string(text);
    if (!calendar) { printf("not iCalendar: %s\n", icalerror_strerror(icalerrno)); return 1; }
    icalrestriction_check(calendar);
    int errors = report(calendar);
    icalcomponent_free(calendar);
    free(text);
    return errors > 0;
}
