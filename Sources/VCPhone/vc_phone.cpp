#include "vc_phone.h"

#include <cstring>
#include <string>

#include <phonenumbers/phonenumber.pb.h>
#include <phonenumbers/phonenumberutil.h>

using i18n::phonenumbers::PhoneNumber;
using i18n::phonenumbers::PhoneNumberUtil;

int32_t vc_phone_e164(const uint8_t *utf8, int32_t length, const char *region, char *out, int32_t capacity) {
    if (utf8 == nullptr || length <= 0 || length > 256) return -1;
    const PhoneNumberUtil *util = PhoneNumberUtil::GetInstance();
    PhoneNumber number;
    const std::string text(reinterpret_cast<const char *>(utf8), static_cast<size_t>(length));
    if (util->Parse(text, region != nullptr ? region : "ZZ", &number) != PhoneNumberUtil::NO_PARSING_ERROR) return -1;
    if (!util->IsPossibleNumber(number)) return -1;
    std::string e164;
    util->Format(number, PhoneNumberUtil::E164, &e164);
    if (static_cast<int32_t>(e164.size()) + 1 > capacity) return -1;
    std::memcpy(out, e164.data(), e164.size());
    out[e164.size()] = '\0';
    return static_cast<int32_t>(e164.size());
}
