/* The shim's own declarations: ABI version, layout-table rows and ABI probes.
 * The Rust side declares the same things in natives/calls/src/shim.rs. */
#ifndef GOLDBERRY_SHIM_H
#define GOLDBERRY_SHIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Bump together with ABI_VERSION in natives/calls/src/shim.rs whenever a declaration changes. */
#define GOLDBERRY_ABI_VERSION 3u

#define GOLDBERRY_API __attribute__((visibility("default")))

typedef struct GoldberryStructRow {
  const char* name;  /* struct name */
  const char* field; /* field name, or "" for the whole struct */
  uint64_t size;
  uint64_t offset;
  uint64_t align;
} GoldberryStructRow;

typedef struct GoldberryConstantRow {
  const char* name;
  int64_t value;
} GoldberryConstantRow;

typedef struct GoldberryProbePair {
  float value;
  int32_t unit;
} GoldberryProbePair;

typedef struct GoldberryProbeSize {
  float width;
  float height;
} GoldberryProbeSize;

typedef GoldberryProbeSize (*GoldberryProbeMeasure)(void* context, float width, float height);

GOLDBERRY_API uint32_t goldberry_abi_version(void);
GOLDBERRY_API const GoldberryStructRow* goldberry_layout_structs(size_t* count);
GOLDBERRY_API const GoldberryConstantRow* goldberry_layout_constants(size_t* count);
GOLDBERRY_API GoldberryProbePair goldberry_probe_pair(float value, int32_t unit);
GOLDBERRY_API bool goldberry_probe_negate(bool value);
GOLDBERRY_API double goldberry_probe_variadic_sum(const char* kinds, ...);
GOLDBERRY_API GoldberryProbeSize goldberry_probe_upcall(GoldberryProbeMeasure measure, void* context, float width,
                                                        float height);
GOLDBERRY_API int goldberry_probe_fail_with_errno(int code);
GOLDBERRY_API bool goldberry_heap_retain(int32_t bytes);
GOLDBERRY_API bool goldberry_heap_trim(void);
GOLDBERRY_API bool goldberry_heap_arenas(int32_t count);
GOLDBERRY_API const char* goldberry_yoga_version(void);

/* Rows for the layout table: the C compiler's sizeof / offsetof / _Alignof of what the Rust side declares. */
#define GOLDBERRY_STRUCT(S) {#S, "", sizeof(S), 0, _Alignof(S)},
#define GOLDBERRY_FIELD(S, F) {#S, #F, sizeof(((S*)0)->F), offsetof(S, F), __alignof__(((S*)0)->F)},
#define GOLDBERRY_CONSTANT(C) {#C, (int64_t)(C)},

#endif
