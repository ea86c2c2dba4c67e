#ifndef VC_PHONE_H
#define VC_PHONE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Writes the phone number `utf8` (`length` bytes) in E.164 (`+4930123456`) into `out`, NUL
/// terminated, reading a national number as one of `region` (ISO 3166 code, or NULL: only
/// numbers with a `+` are read). Returns its length; -1 when it is no possible number, or
/// `capacity` is too small. libphonenumber does the work.
int32_t vc_phone_e164(const uint8_t *utf8, int32_t length, const char *region, char *out, int32_t capacity);

#ifdef __cplusplus
}
#endif

#endif
