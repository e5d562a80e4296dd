//! Every struct and constant the Rust side declares has the layout and value the C compiler gives it.

use std::collections::BTreeMap;

use goldberry_calls::{constant_values, struct_layouts};
use goldberry_natives::Goldberry;

#[test]
fn every_struct_row_matches_the_c_compiler() {
    let goldberry = Goldberry::load(None).expect("the built libgoldberry loads");
    let c_rows: BTreeMap<(String, String), _> =
        goldberry.c_struct_layouts().into_iter().map(|row| ((row.name.clone(), row.field.clone()), row)).collect();
    let mut mismatches = Vec::new();
    let mut rust_keys = Vec::new();
    for rust in struct_layouts() {
        // A Rust raw identifier (`r#type`) names the C field `type`.
        let field = rust.field.trim_start_matches("r#").to_owned();
        let key = (rust.name.to_owned(), field);
        rust_keys.push(key.clone());
        match c_rows.get(&key) {
            None => mismatches.push(format!("{}.{}: declared in Rust, no row in shim/layout_*.h", key.0, key.1)),
            Some(c) => {
                let rust_numbers = (rust.size as u64, rust.offset as u64, rust.align as u64);
                let c_numbers = (c.size, c.offset, c.align);
                if rust_numbers != c_numbers {
                    mismatches.push(format!(
                        "{}.{}: Rust (size, offset, align) {rust_numbers:?}, C {c_numbers:?}",
                        key.0, key.1
                    ));
                }
            }
        }
    }
    for key in c_rows.keys() {
        if !rust_keys.contains(key) {
            mismatches.push(format!("{}.{}: row in the shim, not declared in Rust", key.0, key.1));
        }
    }
    assert!(mismatches.is_empty(), "{} layout mismatches:\n{}", mismatches.len(), mismatches.join("\n"));
    assert!(!rust_keys.is_empty());
}

#[test]
fn every_constant_matches_the_c_compiler() {
    let goldberry = Goldberry::load(None).expect("the built libgoldberry loads");
    let c_values: BTreeMap<String, i64> = goldberry.c_constants().into_iter().map(|c| (c.name, c.value)).collect();
    let mut mismatches = Vec::new();
    let mut rust_names = Vec::new();
    for rust in constant_values() {
        rust_names.push(rust.name.to_owned());
        match c_values.get(rust.name) {
            None => mismatches.push(format!("{}: declared in Rust, no row in shim/layout_*.h", rust.name)),
            Some(&c) if c != rust.value => mismatches.push(format!("{}: Rust {}, C {c}", rust.name, rust.value)),
            Some(_) => {}
        }
    }
    for name in c_values.keys() {
        if !rust_names.contains(name) {
            mismatches.push(format!("{name}: row in the shim, not declared in Rust"));
        }
    }
    assert!(mismatches.is_empty(), "{} constant mismatches:\n{}", mismatches.len(), mismatches.join("\n"));
}

#[test]
fn the_abi_version_is_the_rust_sides() {
    let goldberry = Goldberry::load(None).expect("the built libgoldberry loads");
    assert_eq!(goldberry.abi_version(), goldberry_calls::shim::ABI_VERSION);
}
