#include "vc_build.h"

// `make` writes the version of the source into .build/version.h before every build; a build
// without it (plain `swift build`) says so instead.
#if __has_include("../../.build/version.h")
#include "../../.build/version.h"
#endif

#ifndef VCF2BIRTHDAYS_VERSION
#define VCF2BIRTHDAYS_VERSION "unknown (built without make)"
#endif

const char *vc_build_version(void) { return VCF2BIRTHDAYS_VERSION; }
