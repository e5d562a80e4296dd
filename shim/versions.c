/* What the shim knows about the libraries it is linked with that they cannot say themselves: Yoga has no version
 * function, so natives/build.rs passes the version of the Yoga source it compiled (GOLDBERRY_YOGA_VERSION). */
#include "goldberry_shim.h"

#ifndef GOLDBERRY_YOGA_VERSION
#error "natives/build.rs defines GOLDBERRY_YOGA_VERSION from the Yoga source it compiles"
#endif

const char* goldberry_yoga_version(void) { return GOLDBERRY_YOGA_VERSION; }
