#ifndef VC_BUILD_H
#define VC_BUILD_H

/// What this build is: `git describe --tags --always --dirty` of the source it was built from
/// (written by `make` into `.build/version.h`), or a note that it was built without `make`.
const char *vc_build_version(void);

#endif
