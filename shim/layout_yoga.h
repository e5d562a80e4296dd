/* Layout rows of the yoga structs and constants the Rust side declares. */
#ifdef GOLDBERRY_ROWS_STRUCTS
#endif
#ifdef GOLDBERRY_ROWS_CONSTANTS
#endif
