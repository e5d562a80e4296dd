//! Builds the native library; see build.rs.
