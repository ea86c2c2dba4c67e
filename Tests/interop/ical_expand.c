/* Expands each event's yearly rule with libical's recurrence iterator, RFC 7529's RSCALE
 * included (libical converts with ICU): prints the event's SUMMARY, a tab, and its first COUNT
 * occurrences on or after FROM (YYYYMMDD), space-separated.
 * usage: ical_expand FILE FROM COUNT; exit 2 when the file cannot be read or RSCALE is not
 * supported. */
#include <libical/ical.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: ical_expand FILE FROM COUNT\n"); return 2; }
    if (!icalrecurrencetype_rscale_is_supported()) { fprintf(stderr, "this libical has no RSCALE\n"); return 2; }
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
    if (!calendar) { fprintf(stderr, "not iCalendar\n"); return 2; }
    struct icaltimetype from = icaltime_from_string(argv[2]);
    int count = atoi(argv[3]);
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
    icalcomponent_free(calendar);
    free(text);
    return 0;
}
