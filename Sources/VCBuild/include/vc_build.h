#ifndef VC_BUILD_H
#define VC_BUILD_H

/// Byte `index` of what this build is: `git describe --tags --always --dirty` of the source it
/// was built from (written by `make` into `.build/version.h`), or a note that it was built
/// without `make`; 0 past its end. Read a byte at a time, so that Swift is handed no pointer.
int vc_build_version_byte(int index);

#endif
