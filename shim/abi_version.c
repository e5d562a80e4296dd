/* The ABI version: the loader refuses a libgoldberry whose number differs from the Rust side's. */
#include "goldberry_shim.h"

uint32_t goldberry_abi_version(void) { return GOLDBERRY_ABI_VERSION; }
