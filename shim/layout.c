/* The layout table: for every struct and constant the Rust side declares, the numbers the C compiler computes
 * from the libraries' real headers. One row file per library (layout_*.h), each a list of GOLDBERRY_STRUCT /
 * GOLDBERRY_FIELD / GOLDBERRY_CONSTANT lines guarded by GOLDBERRY_ROWS_STRUCTS / GOLDBERRY_ROWS_CONSTANTS. */
#include "goldberry_shim.h"
#include "layout_headers.h"

static const GoldberryStructRow struct_rows[] = {
#define GOLDBERRY_ROWS_STRUCTS
#include "layout_shim.h"
#include "layout_blend2d.h"
#include "layout_yoga.h"
#include "layout_harfbuzz.h"
#include "layout_sdl.h"
#undef GOLDBERRY_ROWS_STRUCTS
};

static const GoldberryConstantRow constant_rows[] = {
#define GOLDBERRY_ROWS_CONSTANTS
#include "layout_shim.h"
#include "layout_blend2d.h"
#include "layout_yoga.h"
#include "layout_harfbuzz.h"
#include "layout_sdl.h"
#undef GOLDBERRY_ROWS_CONSTANTS
};

const GoldberryStructRow* goldberry_layout_structs(size_t* count) {
  *count = sizeof(struct_rows) / sizeof(struct_rows[0]);
  return struct_rows;
}

const GoldberryConstantRow* goldberry_layout_constants(size_t* count) {
  *count = sizeof(constant_rows) / sizeof(constant_rows[0]);
  return constant_rows;
}
