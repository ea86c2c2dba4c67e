/* libical (the system's) on a calendar we wrote.
 *
 * ical_check FILE: says every error libical finds in it: what its parser could not read
 * (X-LIC-ERROR) and what breaks the restrictions of RFC 5545, and of iTIP (RFC 5546) when the
 * file has a METHOD (icalrestriction_check); exit 1 when there is one.
 *
 * ical_check --expand FROM COUNT FILE: expands each event's rule with libical's recurrence
 * iterator, RFC 7529's RSCALE included (libical converts with ICU): prints the event's
 * SUMMARY, a tab, and its first COUNT occurrences on or after FROM (YYYYMMDD), space-separated.
 *
 * Exit 2 when the file cannot be read (or, expanding, this libical has no RSCALE). */
#include <libical/ical.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static int expand(icalcomponent *calendar, struct icaltimetype from, int count) {
    for (icalcomponent *e = icalcomponent_get_first_component(calendar, ICAL_VEVENT_COMPONENT); e;
         e = icalcomponent_get_next_component(calendar, ICAL_VEVENT_COMPONENT)) {
        icalproperty *rule = icalcomponent_get_first_property(e, ICAL_RRULE_PROPERTY);
        if (!rule) continue;
        icalrecur_iterator *it = icalrecur_iterator_new(icalproperty_get_rrule(rule), icalcomponent_get_dtstart(e));
        if (!it) { fprintf(stderr, "%s: no iterator\n", icalcomponent_get_summary(e)); return 2; }
        printf("%s\t", icalcomponent_get_summary(e));
        int found = 0;
        for (int steps = 0; found < count && steps < 1000; steps++) {
            struct icaltimetype t = icalrecur_iterator_next(it);
            if (icaltime_is_null_time(t)) break;
            if (icaltime_compare_date_only(t, from) < 0) continue;
            printf("%s%04d-%02d-%02d", found ? " " : "", t.year, t.month, t.day);
            found++;
        }
        printf("\n");
        icalrecur_iterator_free(it);
    }
    return 0;
}

int main(int argc, char **argv) {
    int expanding = argc == 5 && strcmp(argv[1], "--expand") == 0;
    if (argc != 2 && !expanding) {
        fprintf(stderr, "usage: ical_check FILE | ical_check --expand FROM COUNT FILE\n");
        return 2;
    }
    if (expanding && !icalrecurrencetype_rscale_is_supported()) { fprintf(stderr, "this libical has no RSCALE\n"); return 2; }
    const char *path = argv[argc - 1];
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); return 2; }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    if (!text || fread(text, 1, (size_t)size, f) != (size_t)size) { fprintf(stderr, "cannot read %s\n", path); return 2; }
    text[size] = 0;
    fclose(f);
    icalcomponent *calendar = icalparser_parse_string(text);
    int status;
    if (!calendar) {
        printf("not iCalendar: %s\n", icalerror_strerror(icalerrno));
        status = expanding ? 2 : 1;
    } else if (expanding) {
        status = expand(calendar, icaltime_from_string(argv[2]), atoi(argv[3]));
    } else {
        icalrestriction_check(calendar);
        status = report(calendar) > 0;
    }
    if (calendar) icalcomponent_free(calendar);
    free(text);
    return status;
}
