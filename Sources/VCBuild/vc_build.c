#include "vc_build.h"

// `make` writes the version of the source into .build/version.h before every build; a build
// without it (plain `swift build`) says so instead.
#if __has_include("../../.build/version.h")
#include "../../.build/version.h"
#endif

#ifndef VCF2BIRTHDAYS_VERSION
#define VCF2BIRTHDAYS_VERSION "unknown (built without make)"
#endif

int vc_build_version_byte(int index) {
    static const char version[] = VCF2BIRTHDAYS_VERSION;
    return index >= 0 && index < (int)sizeof version - 1 ? (unsigned char)version[index] : 0;
}
