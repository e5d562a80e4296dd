//! Each ABI probe in the shim round-trips through its holder.

use goldberry_natives::Goldberry;

fn goldberry() -> &'static Goldberry {
    Goldberry::load(None).expect("the built libgoldberry loads")
}

#[test]
fn a_float_int_struct_comes_back_by_value() {
    assert_eq!(goldberry().probe_pair(1.5, 41), (3.0, 42));
    assert_eq!(goldberry().probe_pair(-0.25, -1), (-0.5, 0));
}

#[test]
fn a_one_byte_bool_crosses_both_ways() {
    assert!(!goldberry().probe_negate(true));
    assert!(goldberry().probe_negate(false));
}

#[test]
fn variadic_ints_doubles_and_pointers_after_the_fixed_argument() {
    // 1 + 2.5 + *(&3) + 4: an int, a double (passed in an SSE register, counted in %al), a pointer, an int.
    assert_eq!(goldberry().probe_variadic_sum(1, 2.5, 3, 4), 10.5);
    assert_eq!(goldberry().probe_variadic_sum(-7, 0.125, 100, 0), 93.125);
}

#[test]
fn an_upcall_returns_a_float_float_struct_by_value() {
    let mut calls = 0;
    let size = goldberry().probe_upcall(10.0, 20.0, &mut |w, h| {
        calls += 1;
        (w * 2.0, h + 1.0)
    });
    // The shim adds 1 to the width the callback returned.
    assert_eq!(size, Some((21.0, 21.0)));
    assert_eq!(calls, 1);
}

#[test]
fn a_panic_in_an_upcall_is_caught_at_the_boundary() {
    let size = goldberry().probe_upcall(1.0, 1.0, &mut |_, _| panic!("measure failed"));
    assert_eq!(size, None);
}

#[test]
fn errno_is_captured_right_after_the_call() {
    assert_eq!(goldberry().probe_fail_with_errno(13), (-1, 13));
    assert_eq!(goldberry().probe_fail_with_errno(2), (-1, 2));
}
