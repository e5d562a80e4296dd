//! Builds the native library; see Cargo.toml.
