//! Every holder of every group binds, and the list walked is the one generated from the declarations.

use std::collections::BTreeSet;
use std::process::Command;

use goldberry_calls::all_groups;
use goldberry_natives::declared::DECLARED_GROUPS;
use goldberry_natives::{Goldberry, LIBSDL2, loader};

#[test]
fn the_groups_walked_are_the_groups_declared() {
    // DECLARED_GROUPS is what natives/build.rs read from the declaration lines (and turned into the export
    // list); all_groups() is what the holders! macro generated from the same lines. They must agree exactly,
    // so a group left out of all_groups() (or a line the build script misread) fails here.
    let generated: BTreeSet<(String, String, Vec<String>)> = all_groups()
        .map(|g| (g.name.to_owned(), g.library.to_owned(), g.symbols.iter().map(|s| s.to_string()).collect()))
        .collect();
    let declared: BTreeSet<(String, String, Vec<String>)> = DECLARED_GROUPS
        .iter()
        .map(|(name, library, symbols)| {
            (name.to_string(), library.to_string(), symbols.iter().map(|s| s.to_string()).collect())
        })
        .collect();
    assert_eq!(generated, declared);
    assert!(all_groups().count() >= 2, "at least the shim's groups are declared");
}

#[test]
fn every_libgoldberry_group_binds_against_the_built_library() {
    let goldberry = Goldberry::load(None).expect("the built libgoldberry loads");
    let library = goldberry.library();
    let mut checked = 0;
    for group in all_groups().filter(|g| g.library == "libgoldberry") {
        (group.check)(&library).unwrap_or_else(|e| panic!("{} does not bind: {e}", group.name));
        checked += group.symbols.len();
    }
    assert!(checked > 0);
}

#[test]
fn every_sdl_group_binds_against_the_system_sdl2() {
    let sdl = loader::open(&LIBSDL2, None).expect("system SDL2 loads (ci/setup installs libsdl2-2.0-0)");
    for group in all_groups().filter(|g| g.library == LIBSDL2.name) {
        (group.check)(&sdl).unwrap_or_else(|e| panic!("{} does not bind: {e}", group.name));
    }
}

#[test]
fn libgoldberry_exports_exactly_the_bound_functions() {
    let goldberry = Goldberry::load(None).expect("the built libgoldberry loads");
    let output = Command::new("nm").args(["-D", "--defined-only"]).arg(goldberry.path()).output().expect("nm runs");
    assert!(output.status.success(), "nm failed on {}", goldberry.path());
    let exported: BTreeSet<String> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| line.split_whitespace().nth(2))
        // Version-node markers of the version script are not functions.
        .filter(|name| !name.starts_with("GOLDBERRY"))
        .map(str::to_owned)
        .collect();
    let bound: BTreeSet<String> = all_groups()
        .filter(|g| g.library == "libgoldberry")
        .flat_map(|g| g.symbols.iter().map(|s| s.to_string()))
        .collect();
    let extra: Vec<_> = exported.difference(&bound).collect();
    let missing: Vec<_> = bound.difference(&exported).collect();
    assert!(
        extra.is_empty() && missing.is_empty(),
        "exported but not bound: {extra:?}; bound but not exported: {missing:?}"
    );
}
