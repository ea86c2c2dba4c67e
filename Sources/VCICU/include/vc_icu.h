/* A small, ICU-free C front to the system ICU: opaque handles and <stdint.h> types only,
   so Swift code that also imports Foundation (which carries its own ICU) sees no ICU type. */
#ifndef VC_ICU_H
#define VC_ICU_H

#include <stdint.h>

/* Collation ------------------------------------------------------------------------------- */

typedef struct vc_collator vc_collator;

/* Opens a collator for a locale ("" or "root" = the root collation). On failure returns NULL and
   sets *err to a positive ICU error code; warnings (negative codes) are not failures. */
vc_collator *vc_coll_open(const char *locale, int32_t *err);
/* The locale whose collation data it uses (`root` when ICU has none for the one asked for). */
const char *vc_coll_valid_locale(const vc_collator *coll);
/* A copy of a collator for use on another thread (ICU collators and their scratch space are
   not shared between threads); NULL and *err set on failure, as vc_coll_open. */
vc_collator *vc_coll_clone(const vc_collator *original, int32_t *err);
void vc_coll_close(vc_collator *coll);

/* A sort key of text given in parts: vc_coll_begin empties the collator's text, vc_coll_add
   appends UTF-8 to it (invalid sequences count as U+FFFD; 0 when the memory for it cannot be
   had), vc_coll_text_key gives its key in the collator's own buffer, valid until its next
   call, and sets *keyLength to the key's length including its terminating 0 byte (NULL when
   the memory for it cannot be had). */
void vc_coll_begin(vc_collator *coll);
int vc_coll_add(vc_collator *coll, const uint8_t *utf8, int32_t length);
/* vc_coll_add of one ASCII byte. */
int vc_coll_add_ascii(vc_collator *coll, uint8_t ascii);
const uint8_t *vc_coll_text_key(vc_collator *coll, int32_t *keyLength);

/* Compares two UTF-8 strings: -1, 0 or 1. */
int32_t vc_coll_compare(vc_collator *coll, const uint8_t *a, int32_t alen,
                        const uint8_t *b, int32_t blen);

/* Character sets ---------------------------------------------------------------------------- */

/* Streaming transcoding to UTF-8: for whole inputs in UTF-16 or a legacy code page, fed in
   chunks of any size (a character split between chunks is kept until the next one). */

typedef struct vc_transcoder vc_transcoder;

vc_transcoder *vc_trans_open(const char *charset, int32_t *err);
void vc_trans_close(vc_transcoder *trans);

/* Converts from src into out. Sets *consumed to the source bytes used; returns the UTF-8 bytes
   written. Call again with the rest when *consumed < length (out was full). With flush set, the
   input is complete: a dangling partial character becomes U+FFFD. Unmappable or malformed input
   becomes U+FFFD and adds to *substitutions. */
int32_t vc_trans_convert(vc_transcoder *trans, const uint8_t *src, int32_t length, int32_t *consumed,
                         uint8_t *out, int32_t capacity, int flush, int32_t *substitutions);

/* Text width -------------------------------------------------------------------------------- */

/* Terminal columns of a UTF-8 string: East Asian wide and fullwidth characters and emoji take 2,
   combining marks, format and control characters 0, everything else 1. */
int32_t vc_display_width(const uint8_t *utf8, int32_t length);
/* The columns one character takes: 2 for East Asian wide and full-width characters and emoji
   shown as emoji, 0 for combining and enclosing marks, format and control characters (zero-width
   joiner and space too), 1 otherwise. */
int32_t vc_char_width(int32_t c);

/* Folding ------------------------------------------------------------------------------------ */

/* A UTF-8 string folded for matching: case folded, compatibility-decomposed, marks removed, and
   the letters that have no decomposition (ø ł đ ı ħ æ œ) as their base letters: "Müller",
   "MULLER" and "muller" fold alike. Returns the folded length; when that is more than capacity,
   nothing useful was written and the caller retries with a larger buffer. -1 on an ICU failure. */
int32_t vc_fold(const uint8_t *utf8, int32_t length, uint8_t *out, int32_t capacity);

/* Transliteration ------------------------------------------------------------------------------ */

/* A transliterator of any script into plain Latin letters ("Any-Latin; Latin-ASCII": "Анна"
   gives "Anna", "はなこ" "hanako", Han characters their pinyin); NULL on failure. One thread at
   a time uses one; vc_latin_close frees it. */
void *vc_latin_open(void);
void vc_latin_close(void *transliterator);

/* A UTF-8 string in Latin letters; returns its length; when that is more than capacity, nothing
   useful was written and the caller retries with a larger buffer. -1 on an ICU failure. */
int32_t vc_latin(void *transliterator, const uint8_t *utf8, int32_t length, uint8_t *out, int32_t capacity);

/* Plural rules --------------------------------------------------------------------------------- */

/* The CLDR plural category of an integer in a locale ("one", "few", "many", "other", ...) into
   out, NUL-terminated; returns its length, or -1 on failure. */
int32_t vc_plural_category(const char *locale, int32_t number, char *out, int32_t capacity);

/* Dates and durations in a language ------------------------------------------------------------- */

typedef struct vc_datefmt vc_datefmt;

/* A formatter of Gregorian dates in a locale's own way for a CLDR skeleton ("MMMd": "15. Apr.",
   "yMMMd": "15. Apr. 1985"), in UTC. NULL and *err set on failure. One thread at a time uses one. */
vc_datefmt *vc_datefmt_open(const char *locale, const char *skeleton, int32_t *err);
void vc_datefmt_close(vc_datefmt *fmt);
/* Whether ICU has the locale's language (0: it fell back to the root locale's data). */
int32_t vc_datefmt_has_language(const vc_datefmt *fmt);
/* The date daysSinceEpoch (days after 1970-01-01) as UTF-8 into out; returns its length; when
   that is more than capacity, nothing useful was written. -1 on an ICU failure. */
int32_t vc_datefmt_format(vc_datefmt *fmt, int32_t daysSinceEpoch, uint8_t *out, int32_t capacity);

/* A day relative to today in the locale's words ("today", "tomorrow", "in 3 days"; "übermorgen")
   into out as UTF-8; returns its length, -1 on failure or when out is too small. */
int32_t vc_relative_days(const char *locale, int32_t days, uint8_t *out, int32_t capacity);

/* A number of years in the locale's words with its plural ("41 years", "41 Jahre", "1 an"), into
   out as UTF-8; returns its length, -1 on failure or when out is too small. */
int32_t vc_years(const char *locale, int32_t years, uint8_t *out, int32_t capacity);

/* Other calendars --------------------------------------------------------------------------------- */

/* The Gregorian day (days after 1970-01-01) of a date in ICU's calendar `calendar` ("chinese",
   "hebrew", "islamic-civil", "persian", ...): its extended year, its month (1-based, as ICU
   numbers the calendar's months), whether it is a leap month (Chinese, Dangi) and its day. A
   day past the month's end is the month's last day; a leap month the year does not have is
   that month; Hebrew Adar I (month 6) in a year without it is Adar (month 7). *ok is 0 when ICU
   has no such calendar or the date cannot be made. */
int32_t vc_cal_to_days(const char *calendar, int32_t extendedYear, int32_t month, int32_t leap, int32_t day, int32_t *ok);

/* The extended year, in calendar `calendar`, of the Gregorian day `days`; *ok as above. */
int32_t vc_cal_year_of(const char *calendar, int32_t days, int32_t *ok);

/* Locales ---------------------------------------------------------------------------------------- */

/* The country of a locale, or the likeliest one for its language ("de" gives "DE", "sv" "SE"),
   into out, NUL-terminated; returns its length, 0 when there is none (the root locale), -1 on failure. */
int32_t vc_likely_region(const char *locale, char *out, int32_t capacity);

/* 1 when code (upper case) is an ISO 3166 country code ICU knows ("DE", "US"), else 0 ("ZZ"). */
int32_t vc_is_region(const char *code);

#endif
