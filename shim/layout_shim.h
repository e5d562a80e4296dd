/* Layout rows of the shim's own structs (natives/calls/src/shim.rs). */
#ifdef GOLDBERRY_ROWS_STRUCTS
GOLDBERRY_STRUCT(GoldberryStructRow)
GOLDBERRY_FIELD(GoldberryStructRow, name)
GOLDBERRY_FIELD(GoldberryStructRow, field)
GOLDBERRY_FIELD(GoldberryStructRow, size)
GOLDBERRY_FIELD(GoldberryStructRow, offset)
GOLDBERRY_FIELD(GoldberryStructRow, align)
GOLDBERRY_STRUCT(GoldberryConstantRow)
GOLDBERRY_FIELD(GoldberryConstantRow, name)
GOLDBERRY_FIELD(GoldberryConstantRow, value)
GOLDBERRY_STRUCT(GoldberryProbePair)
GOLDBERRY_FIELD(GoldberryProbePair, value)
GOLDBERRY_FIELD(GoldberryProbePair, unit)
GOLDBERRY_STRUCT(GoldberryProbeSize)
GOLDBERRY_FIELD(GoldberryProbeSize, width)
GOLDBERRY_FIELD(GoldberryProbeSize, height)
#endif
#ifdef GOLDBERRY_ROWS_CONSTANTS
GOLDBERRY_CONSTANT(GOLDBERRY_ABI_VERSION)
#endif
