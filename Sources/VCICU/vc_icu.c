#include "vc_icu.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/ucol.h>
#include <unicode/uloc.h>
#include <unicode/ucnv.h>
#include <unicode/ucnv_err.h>
#include <unicode/ucnv_cb.h>
#include <unicode/uchar.h>
#include <unicode/ustring.h>
#include <unicode/utf8.h>
#include <unicode/unorm2.h>

struct vc_collator {
    UCollator *ucol;
    UChar *buffer;      /* the text a key is made of, UTF-16, grown on demand */
    int32_t capacity;
    int32_t units;      /* its length */
    uint8_t *key;       /* the last sort key, grown on demand */
    int32_t keyCapacity;
};

/* Wraps an opened (or failed) ICU collator; NULL and *err set on failure. */
static vc_collator *wrap_collator(UCollator *ucol, UErrorCode status, int32_t *err) {
    if (U_FAILURE(status)) {
        *err = (int32_t)status;
        return NULL;
    }
    vc_collator *coll = calloc(1, sizeof *coll);
    if (coll == NULL) {
        ucol_close(ucol);
        *err = (int32_t)U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    coll->ucol = ucol;
    *err = 0;
    return coll;
}

vc_collator *vc_coll_open(const char *locale, int32_t *err) {
    UErrorCode status = U_ZERO_ERROR;
    UCollator *ucol = ucol_open(locale, &status);
    return wrap_collator(ucol, status, err);
}

const char *vc_coll_valid_locale(const vc_collator *coll) {
    UErrorCode status = U_ZERO_ERROR;
    const char *valid = ucol_getLocaleByType(coll->ucol, ULOC_VALID_LOCALE, &status);
    return U_FAILURE(status) || valid == NULL ? "" : valid;
}

vc_collator *vc_coll_clone(const vc_collator *original, int32_t *err) {
    UErrorCode status = U_ZERO_ERROR;
#if U_ICU_VERSION_MAJOR_NUM >= 71
    UCollator *ucol = ucol_clone(original->ucol, &status);
#else
    UCollator *ucol = ucol_safeClone(original->ucol, NULL, NULL, &status);
#endif
    return wrap_collator(ucol, status, err);
}

void vc_coll_close(vc_collator *coll) {
    if (coll == NULL) return;
    ucol_close(coll->ucol);
    free(coll->buffer);
    free(coll->key);
    free(coll);
}

/* Appends UTF-8 to the collator's text, as UTF-16; 0 when the memory for it cannot be had. */
int vc_coll_add(vc_collator *coll, const uint8_t *utf8, int32_t length) {
    /* UTF-16 never needs more code units than UTF-8 has bytes. */
    if (coll->units + length + 1 > coll->capacity) {
        int32_t needed = coll->units + length + 1;
        int32_t capacity = needed < 256 ? 256 : (needed < 2 * coll->capacity ? 2 * coll->capacity : needed);
        UChar *grown = realloc(coll->buffer, (size_t)capacity * sizeof(UChar));
        if (grown == NULL) return 0;
        coll->buffer = grown;
        coll->capacity = capacity;
    }
    UChar *out = coll->buffer + coll->units;
    /* ASCII, the usual start of a name, widened here; ICU converts from the first other byte. */
    int32_t ascii = 0;
    while (ascii < length && utf8[ascii] < 0x80) {
        out[ascii] = utf8[ascii];
        ascii++;
    }
    coll->units += ascii;
    if (ascii == length) return 1;
    UErrorCode status = U_ZERO_ERROR;
    int32_t written = 0;
    u_strFromUTF8WithSub(coll->buffer + coll->units, coll->capacity - coll->units, &written, (const char *)utf8 + ascii,
                         length - ascii, 0xFFFD, NULL, &status);
    if (U_FAILURE(status)) return 0;
    coll->units += written;
    return 1;
}

void vc_coll_begin(vc_collator *coll) { coll->units = 0; }

int vc_coll_add_ascii(vc_collator *coll, uint8_t ascii) {
    if (coll->units + 2 > coll->capacity) return vc_coll_add(coll, &ascii, 1);
    coll->buffer[coll->units++] = ascii;
    return 1;
}

const uint8_t *vc_coll_text_key(vc_collator *coll, int32_t *keyLength) {
    *keyLength = 0;
    int32_t needed = ucol_getSortKey(coll->ucol, coll->buffer, coll->units, coll->key, coll->keyCapacity);
    if (needed > coll->keyCapacity) {
        /* Only the first key, or a longer one than any before: the buffer grows and ICU writes it again. */
        int32_t capacity = needed < 256 ? 256 : needed;
        uint8_t *grown = realloc(coll->key, (size_t)capacity);
        if (grown == NULL) return NULL;
        coll->key = grown;
        coll->keyCapacity = capacity;
        needed = ucol_getSortKey(coll->ucol, coll->buffer, coll->units, coll->key, coll->keyCapacity);
    }
    *keyLength = needed;
    return coll->key;
}

int32_t vc_coll_compare(vc_collator *coll, const uint8_t *a, int32_t alen,
                        const uint8_t *b, int32_t blen) {
    UErrorCode status = U_ZERO_ERROR;
    UCollationResult r = ucol_strcollUTF8(coll->ucol, (const char *)a, alen, (const char *)b,
                                          blen, &status);
    return r == UCOL_LESS ? -1 : (r == UCOL_GREATER ? 1 : 0);
}

/* Counts substitutions and writes U+FFFD for each (not the codepage's own substitution
   character, which for some charsets is the control character U+001A). */
static void count_substitution(const void *context, UConverterToUnicodeArgs *args,
                               const char *codeUnits, int32_t length,
                               UConverterCallbackReason reason, UErrorCode *err) {
    (void)codeUnits;
    (void)length;
    if (reason <= UCNV_IRREGULAR) {
        int32_t *count = (int32_t *)context;
        *count += 1;
        static const UChar replacement = 0xFFFD;
        *err = U_ZERO_ERROR;
        ucnv_cbToUWriteUChars(args, &replacement, 1, 0, err);
    }
}

struct vc_transcoder {
    UConverter *source;
    UConverter *utf8;
    UChar pivot[4096];
    UChar *pivotSource;
    UChar *pivotTarget;
    int32_t substitutions;
};

vc_transcoder *vc_trans_open(const char *charset, int32_t *err) {
    UErrorCode status = U_ZERO_ERROR;
    UConverter *source = ucnv_open(charset, &status);
    if (U_FAILURE(status)) {
        *err = (int32_t)status;
        return NULL;
    }
    UConverter *utf8 = ucnv_open("UTF-8", &status);
    vc_transcoder *trans = calloc(1, sizeof *trans);
    if (U_FAILURE(status) || trans == NULL) {
        ucnv_close(source);
        ucnv_close(utf8);
        free(trans);
        *err = U_FAILURE(status) ? (int32_t)status : (int32_t)U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    trans->source = source;
    trans->utf8 = utf8;
    trans->pivotSource = trans->pivot;
    trans->pivotTarget = trans->pivot;
    status = U_ZERO_ERROR;
    ucnv_setToUCallBack(source, count_substitution, &trans->substitutions, NULL, NULL, &status);
    *err = 0;
    return trans;
}

void vc_trans_close(vc_transcoder *trans) {
    if (trans == NULL) return;
    ucnv_close(trans->source);
    ucnv_close(trans->utf8);
    free(trans);
}

int32_t vc_trans_convert(vc_transcoder *trans, const uint8_t *src, int32_t length, int32_t *consumed,
                         uint8_t *out, int32_t capacity, int flush, int32_t *substitutions) {
    UErrorCode status = U_ZERO_ERROR;
    const char *source = (const char *)src;
    char *target = (char *)out;
    trans->substitutions = 0;
    ucnv_convertEx(trans->utf8, trans->source, &target, (char *)out + capacity, &source,
                   (const char *)src + length, trans->pivot, &trans->pivotSource, &trans->pivotTarget,
                   trans->pivot + 4096, 0, flush ? 1 : 0, &status);
    *consumed = (int32_t)(source - (const char *)src);
    if (substitutions != NULL) *substitutions = trans->substitutions;
    return (int32_t)(target - (char *)out);
}

int32_t vc_char_width(UChar32 c) {
    if (c == 0x200D || c == 0x200B) return 0;
    int8_t type = u_charType(c);
    if (type == U_NON_SPACING_MARK || type == U_ENCLOSING_MARK || type == U_FORMAT_CHAR ||
        type == U_CONTROL_CHAR) {
        return 0;
    }
    if (c >= 0x1160 && c <= 0x11FF) return 0; /* Hangul medial vowels and final consonants */
    int32_t eaw = u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH);
    if (eaw == U_EA_WIDE || eaw == U_EA_FULLWIDTH) return 2;
    if (u_hasBinaryProperty(c, UCHAR_EMOJI_PRESENTATION)) return 2;
    return 1;
}

/* vc_char_width without asking ICU for the scripts most names are written in (ICU's property
   lookups were half the birthday list's layout): Latin to U+02FF, Greek and Cyrillic but their
   combining marks, one column (controls and the soft hyphen none); CJK ideographs and Hangul
   syllables, two. A test holds it to vc_char_width for every one of these characters. */
static inline int32_t quick_char_width(UChar32 c) {
    if (c < 0x300) return c < 0x20 || (c >= 0x7F && c < 0xA0) || c == 0xAD ? 0 : 1;
    if (c >= 0x370 && c <= 0x52F && !(c >= 0x483 && c <= 0x489)) return 1;
    if ((c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xAC00 && c <= 0xD7A3)) return 2;
    return vc_char_width(c);
}

int32_t vc_display_width(const uint8_t *utf8, int32_t length) {
    /* Printable ASCII, the usual start of a name, takes a column a byte. */
    int32_t i = 0;
    while (i < length && utf8[i] >= 0x20 && utf8[i] < 0x7F) i++;
    int32_t width = i;
    int joined = 0; /* the previous character was a zero-width joiner: this one is drawn with it */
    while (i < length) {
        UChar32 c;
        U8_NEXT(utf8, i, length, c);
        if (c < 0) {
            width += 1; /* an invalid byte is shown as one replacement character */
            joined = 0;
            continue;
        }
        if (!joined) width += quick_char_width(c);
        joined = (c == 0x200D);
    }
    return width;
}

/* Folding ------------------------------------------------------------------------------------ */

/* A letter with no decomposition that readers take as a base letter with a mark. */
static int plain_letter(UChar32 c, UChar *out) {
    switch (c) {
    case 0x00F8: out[0] = 'o'; return 1;                 /* ø */
    case 0x0142: out[0] = 'l'; return 1;                 /* ł */
    case 0x0111: out[0] = 'd'; return 1;                 /* đ */
    case 0x0131: out[0] = 'i'; return 1;                 /* ı */
    case 0x0127: out[0] = 'h'; return 1;                 /* ħ */
    case 0x00E6: out[0] = 'a'; out[1] = 'e'; return 2;   /* æ */
    case 0x0153: out[0] = 'o'; out[1] = 'e'; return 2;   /* œ */
    default: return 0;
    }
}

/* The UTF-16 length of a UTF-8 string (invalid bytes as U+FFFD); -1 on an ICU failure. */
static int32_t utf16_length(const uint8_t *utf8, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t n16 = 0;
    u_strFromUTF8WithSub(NULL, 0, &n16, (const char *)utf8, length, 0xFFFD, NULL, &status);
    return status != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(status) ? -1 : n16;
}

/* UTF-16 text as UTF-8 into out; returns its length (more than capacity: nothing useful was
   written), -1 on an ICU failure. */
static int32_t to_utf8(const UChar *text, int32_t length, uint8_t *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t written = 0;
    u_strToUTF8WithSub((char *)out, capacity, &written, text, length, 0xFFFD, NULL, &status);
    return status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING || U_SUCCESS(status) ? written : -1;
}

int32_t vc_fold(const uint8_t *utf8, int32_t length, uint8_t *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t n16 = utf16_length(utf8, length);
    if (n16 < 0) return -1;
    /* Case folding may triple a character, decomposition more; plain letters double one. */
    int32_t room = 4 * n16 + 16;
    UChar *a = malloc(sizeof(UChar) * room), *b = malloc(sizeof(UChar) * room);
    int32_t result = -1;
    if (a == NULL || b == NULL) goto done;
    u_strFromUTF8WithSub(a, room, &n16, (const char *)utf8, length, 0xFFFD, NULL, &status);
    int32_t folded = u_strFoldCase(b, room, a, n16, U_FOLD_CASE_DEFAULT, &status);
    const UNormalizer2 *nfkd = unorm2_getNFKDInstance(&status);
    if (U_FAILURE(status)) goto done;
    int32_t decomposed = unorm2_normalize(nfkd, b, folded, a, room, &status);
    if (U_FAILURE(status)) goto done;
    int32_t kept = 0;
    for (int32_t i = 0; i < decomposed;) {
        UChar32 c;
        U16_NEXT(a, i, decomposed, c);
        if (u_charType(c) == U_NON_SPACING_MARK) continue;
        UChar plain[2];
        int32_t k = plain_letter(c, plain);
        if (k > 0) {
            for (int32_t j = 0; j < k; j++) b[kept++] = plain[j];
        } else {
            U16_APPEND_UNSAFE(b, kept, c);
        }
    }
    result = to_utf8(b, kept, out, capacity);
done:
    free(a);
    free(b);
    return result;
}

/* Transliteration ------------------------------------------------------------------------------ */

#include <unicode/utrans.h>

void *vc_latin_open(void) {
    static const UChar id[] = u"Any-Latin; Latin-ASCII";
    UErrorCode status = U_ZERO_ERROR;
    UTransliterator *t = utrans_openU(id, -1, UTRANS_FORWARD, NULL, 0, NULL, &status);
    if (U_FAILURE(status)) {
        if (t != NULL) utrans_close(t);
        return NULL;
    }
    return t;
}

void vc_latin_close(void *transliterator) {
    if (transliterator != NULL) utrans_close((UTransliterator *)transliterator);
}

int32_t vc_latin(void *transliterator, const uint8_t *utf8, int32_t length, uint8_t *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t n16 = utf16_length(utf8, length);
    if (n16 < 0) return -1;
    /* A Han character becomes a syllable of up to six letters and a space. */
    int32_t room = 8 * n16 + 16;
    UChar *text = malloc(sizeof(UChar) * room);
    if (text == NULL) return -1;
    u_strFromUTF8WithSub(text, room, &n16, (const char *)utf8, length, 0xFFFD, NULL, &status);
    int32_t textLength = n16, limit = n16;
    utrans_transUChars((UTransliterator *)transliterator, text, &textLength, room, 0, &limit, &status);
    int32_t result = U_SUCCESS(status) ? to_utf8(text, textLength, out, capacity) : -1;
    free(text);
    return result;
}

/* Dates and durations in a language ------------------------------------------------------------- */

#include <unicode/udat.h>
#include <unicode/udatpg.h>
#include <unicode/ureldatefmt.h>
#include <unicode/unumberformatter.h>

struct vc_datefmt {
    UDateFormat *udat;
    int32_t has_language;
};

/* Whether ICU's date formats have the locale's language (an unknown one falls back to the
   default locale's or the root's). */
static int32_t has_date_language(const char *locale) {
    UErrorCode status = U_ZERO_ERROR;
    UDateFormat *probe = udat_open(UDAT_MEDIUM, UDAT_NONE, locale, NULL, 0, NULL, 0, &status);
    if (U_FAILURE(status)) return 0;
    const char *actual = udat_getLocaleByType(probe, ULOC_ACTUAL_LOCALE, &status);
    char wanted[ULOC_LANG_CAPACITY], got[ULOC_LANG_CAPACITY];
    UErrorCode s1 = U_ZERO_ERROR, s2 = U_ZERO_ERROR;
    uloc_getLanguage(locale, wanted, ULOC_LANG_CAPACITY, &s1);
    uloc_getLanguage(actual ? actual : "", got, ULOC_LANG_CAPACITY, &s2);
    int32_t same = U_SUCCESS(status) && U_SUCCESS(s1) && U_SUCCESS(s2) && wanted[0] && strcmp(wanted, got) == 0;
    udat_close(probe);
    return same;
}

/* The locale with the Gregorian calendar (Thai's own era and the like are not our dates). */
static void gregorian(const char *locale, char *out) {
    UErrorCode status = U_ZERO_ERROR;
    strncpy(out, locale, ULOC_FULLNAME_CAPACITY - 1);
    out[ULOC_FULLNAME_CAPACITY - 1] = 0;
    uloc_setKeywordValue("calendar", "gregorian", out, ULOC_FULLNAME_CAPACITY, &status);
}

vc_datefmt *vc_datefmt_open(const char *locale, const char *skeleton, int32_t *err) {
    char full[ULOC_FULLNAME_CAPACITY];
    gregorian(locale, full);
    UErrorCode status = U_ZERO_ERROR;
    UChar uskeleton[32], pattern[128], zone[] = {'U', 'T', 'C', 0};
    u_uastrncpy(uskeleton, skeleton, 32);
    UDateTimePatternGenerator *generator = udatpg_open(full, &status);
    int32_t length = udatpg_getBestPattern(generator, uskeleton, -1, pattern, 128, &status);
    udatpg_close(generator);
    if (U_FAILURE(status) || length >= 128) { *err = status > 0 ? status : U_BUFFER_OVERFLOW_ERROR; return NULL; }
    UDateFormat *udat = udat_open(UDAT_PATTERN, UDAT_PATTERN, full, zone, -1, pattern, length, &status);
    if (U_FAILURE(status)) { *err = status; return NULL; }
    vc_datefmt *fmt = malloc(sizeof *fmt);
    if (!fmt) { udat_close(udat); *err = U_MEMORY_ALLOCATION_ERROR; return NULL; }
    fmt->udat = udat;
    fmt->has_language = has_date_language(locale);
    *err = 0;
    return fmt;
}

void vc_datefmt_close(vc_datefmt *fmt) {
    if (!fmt) return;
    udat_close(fmt->udat);
    free(fmt);
}

int32_t vc_datefmt_has_language(const vc_datefmt *fmt) {
    return fmt->has_language;
}

int32_t vc_datefmt_format(vc_datefmt *fmt, int32_t daysSinceEpoch, uint8_t *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UChar text[128];
    int32_t length = udat_format(fmt->udat, (UDate)daysSinceEpoch * 86400000.0, text, 128, NULL, &status);
    if (U_FAILURE(status) || length >= 128) return -1;
    return to_utf8(text, length, out, capacity);
}

/* Words ICU made (text, length, status) as UTF-8 in out: their length, -1 on failure or when out is too small. */
static int32_t words_in_utf8(const UChar *text, int32_t length, UErrorCode status, uint8_t *out, int32_t capacity) {
    if (U_FAILURE(status) || length >= 128) return -1;
    int32_t n = to_utf8(text, length, out, capacity);
    return n > capacity ? -1 : n;
}

int32_t vc_relative_days(const char *locale, int32_t days, uint8_t *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UChar text[128];
    URelativeDateTimeFormatter *fmt = ureldatefmt_open(locale, NULL, UDAT_STYLE_LONG, UDISPCTX_CAPITALIZATION_NONE, &status);
    int32_t length = ureldatefmt_format(fmt, (double)days, UDAT_REL_UNIT_DAY, text, 128, &status);
    ureldatefmt_close(fmt);
    return words_in_utf8(text, length, status, out, capacity);
}

int32_t vc_years(const char *locale, int32_t years, uint8_t *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UChar text[128];
    static const UChar skeleton[] = u"measure-unit/duration-year unit-width-full-name";
    UNumberFormatter *fmt = unumf_openForSkeletonAndLocale(skeleton, -1, locale, &status);
    UFormattedNumber *result = unumf_openResult(&status);
    unumf_formatInt(fmt, years, result, &status);
    int32_t length = unumf_resultToString(result, text, 128, &status);
    unumf_closeResult(result);
    unumf_close(fmt);
    return words_in_utf8(text, length, status, out, capacity);
}

/* Other calendars --------------------------------------------------------------------------------- */

#include <unicode/ucal.h>
#include <stdio.h>
#include <math.h>

/* A calendar of that type in UTC; NULL when ICU has none (it would give a Gregorian one). */
static UCalendar *open_calendar(const char *calendar) {
    char locale[80];
    if (snprintf(locale, sizeof locale, "@calendar=%s", calendar) >= (int)sizeof locale) return NULL;
    UErrorCode status = U_ZERO_ERROR;
    static const UChar utc[] = {'U', 'T', 'C', 0};
    UCalendar *cal = ucal_open(utc, -1, locale, UCAL_DEFAULT, &status);
    if (U_FAILURE(status)) return NULL;
    const char *type = ucal_getType(cal, &status);
    if (U_FAILURE(status) || !type || strcmp(type, calendar) != 0) {
        ucal_close(cal);
        return NULL;
    }
    return cal;
}

static int32_t days_of(UDate millis) { return (int32_t)floor(millis / 86400000.0); }

/* Sets the fields and reads back the month and leap flag the calendar resolved them to. */
static UDate resolve(UCalendar *cal, int32_t year, int32_t month0, int32_t leap, int32_t day,
                     int32_t *gotMonth0, int32_t *gotLeap, UErrorCode *status) {
    ucal_clear(cal);
    ucal_set(cal, UCAL_EXTENDED_YEAR, year);
    ucal_set(cal, UCAL_MONTH, month0);
    ucal_set(cal, UCAL_IS_LEAP_MONTH, leap);
    ucal_set(cal, UCAL_DATE, day);
    UDate millis = ucal_getMillis(cal, status);
    *gotMonth0 = ucal_get(cal, UCAL_MONTH, status);
    *gotLeap = ucal_get(cal, UCAL_IS_LEAP_MONTH, status);
    return millis;
}

int32_t vc_cal_to_days(const char *calendar, int32_t extendedYear, int32_t month, int32_t leap, int32_t day, int32_t *ok) {
    *ok = 0;
    if (month < 1 || month > 13 || day < 1 || day > 31) return 0;
    UCalendar *cal = open_calendar(calendar);
    if (!cal) return 0;
    UErrorCode status = U_ZERO_ERROR;
    int32_t month0 = month - 1, gotMonth0, gotLeap;
    resolve(cal, extendedYear, month0, leap, 1, &gotMonth0, &gotLeap, &status);
    if (leap && !gotLeap) {
        leap = 0;  /* no such leap month this year: the month itself */
    } else if (gotMonth0 != month0 && strcmp(calendar, "hebrew") == 0 && month0 == 5) {
        month0 = 6;  /* Adar I in a common year: Adar */
    }
    resolve(cal, extendedYear, month0, leap, 1, &gotMonth0, &gotLeap, &status);
    int32_t last = ucal_getLimit(cal, UCAL_DATE, UCAL_ACTUAL_MAXIMUM, &status);
    UDate millis = resolve(cal, extendedYear, month0, leap, day < last ? day : last, &gotMonth0, &gotLeap, &status);
    ucal_close(cal);
    if (U_FAILURE(status) || gotMonth0 != month0 || gotLeap != leap) return 0;
    *ok = 1;
    return days_of(millis);
}

int32_t vc_cal_year_of(const char *calendar, int32_t days, int32_t *ok) {
    *ok = 0;
    UCalendar *cal = open_calendar(calendar);
    if (!cal) return 0;
    UErrorCode status = U_ZERO_ERROR;
    ucal_setMillis(cal, (UDate)days * 86400000.0, &status);
    int32_t year = ucal_get(cal, UCAL_EXTENDED_YEAR, &status);
    ucal_close(cal);
    if (U_FAILURE(status)) return 0;
    *ok = 1;
    return year;
}

/* Plural rules --------------------------------------------------------------------------------- */

#include <unicode/upluralrules.h>

int32_t vc_plural_category(const char *locale, int32_t number, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UPluralRules *rules = uplrules_open(locale, &status);
    if (U_FAILURE(status)) return -1;
    UChar keyword[32];
    int32_t n = uplrules_select(rules, (double)number, keyword, 32, &status);
    uplrules_close(rules);
    if (U_FAILURE(status) || n >= capacity) return -1;
    u_UCharsToChars(keyword, out, n);
    out[n] = 0;
    return n;
}

int32_t vc_is_region(const char *code) {
    for (const char *const *country = uloc_getISOCountries(); *country; country++) {
        if (strcmp(*country, code) == 0) return 1;
    }
    return 0;
}

int32_t vc_likely_region(const char *locale, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    char full[ULOC_FULLNAME_CAPACITY];
    uloc_addLikelySubtags(locale, full, ULOC_FULLNAME_CAPACITY, &status);
    if (U_FAILURE(status)) return -1;
    int32_t n = uloc_getCountry(full, out, capacity, &status);
    if (U_FAILURE(status) || n >= capacity) return -1;
    out[n] = 0;
    return n;
}
