//! `transition`, `transition-property`, `transition-duration`, `transition-timing-function` and
//! `transition-delay`: which colour properties ease to a new value, after how long a wait, over how long, along
//! which curve. A declaration that cannot be read is skipped
//! with a located warning, as any other ([`super::sheet`]). What runs them on the frame clock is
//! [`super::animate`].

use std::sync::Arc;

use cssparser::{Parser, Token};

use super::colour::describe;
pub use super::prop::Part;
use super::prop::Prop;

/// What a transition names: every property, or one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// `all`.
    All,
    /// One property.
    Prop(Prop),
}

/// A timing function: where the change stands at each share of the duration.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Easing {
    /// `linear`.
    Linear,
    /// `cubic-bezier(x1, y1, x2, y2)`; `ease`, `ease-in`, `ease-out` and `ease-in-out` are named ones.
    Bezier(f32, f32, f32, f32),
}

impl Easing {
    /// CSS's `ease`, the default.
    pub const EASE: Easing = Easing::Bezier(0.25, 0.1, 0.25, 1.0);

    /// The share of the change done at `t`, the share of the duration gone (both 0 to 1; the curve's y may
    /// overshoot for a bezier whose y's do).
    pub fn at(self, t: f32) -> f32 {
        let t = t.clamp(0.0, 1.0);
        match self {
            Easing::Linear => t,
            Easing::Bezier(x1, y1, x2, y2) => {
                let s = solve_x(f64::from(x1), f64::from(x2), f64::from(t));
                bezier(f64::from(y1), f64::from(y2), s) as f32
            }
        }
    }
}

/// One coordinate of a cubic bezier from 0 to 1 through control points `p1` and `p2`, at parameter `s`.
fn bezier(p1: f64, p2: f64, s: f64) -> f64 {
    let r = 1.0 - s;
    3.0 * r * r * s * p1 + 3.0 * r * s * s * p2 + s * s * s
}

/// The parameter at which the curve's x is `x`: Newton's steps, and bisection where the slope is too flat for them
/// (x1 and x2 lie in 0..=1, so x grows with the parameter and bisection always converges).
fn solve_x(x1: f64, x2: f64, x: f64) -> f64 {
    let mut s = x;
    for _ in 0..8 {
        let err = bezier(x1, x2, s) - x;
        if err.abs() < 1e-7 {
            return s;
        }
        let r = 1.0 - s;
        let slope = 3.0 * r * r * x1 + 6.0 * r * s * (x2 - x1) + 3.0 * s * s * (1.0 - x2);
        if slope.abs() < 1e-6 {
            break;
        }
        s = (s - err / slope).clamp(0.0, 1.0);
    }
    let (mut lo, mut hi) = (0.0, 1.0);
    s = x;
    for _ in 0..40 {
        let v = bezier(x1, x2, s);
        if (v - x).abs() < 1e-7 {
            break;
        }
        if v < x {
            lo = s
        } else {
            hi = s
        }
        s = (lo + hi) / 2.0;
    }
    s
}

/// How one property changes: after `delay` (negative: begun that long ago), over `duration`, along `easing`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Timing {
    /// How long the change takes, s.
    pub duration: f32,
    /// How long it waits before it starts, s; a negative delay starts it that far in.
    pub delay: f32,
    /// Its curve.
    pub easing: Easing,
}

/// What one element's transition declarations came to. Each list is None until a declaration sets it; the
/// shorthand sets all four. As in CSS, the durations and the easings are taken by the property's place in the
/// list, repeated when shorter.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Transitions {
    /// `transition-property` (empty: `none`).
    pub properties: Option<Arc<[Target]>>,
    /// `transition-duration`, in seconds.
    pub durations: Option<Arc<[f32]>>,
    /// `transition-timing-function`.
    pub easings: Option<Arc<[Easing]>>,
    /// `transition-delay`, in seconds.
    pub delays: Option<Arc<[f32]>>,
}

impl Transitions {
    /// `other`'s lists over these (a later declaration replaces what it sets).
    pub fn overlay(&mut self, other: &Transitions) {
        if other.properties.is_some() {
            self.properties = other.properties.clone();
        }
        if other.durations.is_some() {
            self.durations = other.durations.clone();
        }
        if other.easings.is_some() {
            self.easings = other.easings.clone();
        }
        if other.delays.is_some() {
            self.delays = other.delays.clone();
        }
    }

    /// How `prop` changes, or None when it snaps at once. The last entry that names it (or `all`) counts, as in
    /// CSS, and a change with no duration still waits out a positive delay (CSS's combined duration).
    pub fn of(&self, prop: Prop) -> Option<Timing> {
        let properties = self.properties.as_deref().unwrap_or(&[Target::All]);
        let i = properties.iter().rposition(|t| *t == Target::All || *t == Target::Prop(prop))?;
        let nth = |list: Option<&[f32]>| list.and_then(|l| l.get(i % l.len().max(1)).copied()).unwrap_or(0.0);
        let duration = nth(self.durations.as_deref());
        let delay = nth(self.delays.as_deref());
        let easings = self.easings.as_deref().unwrap_or(&[Easing::EASE]);
        let easing = *easings.get(i % easings.len().max(1))?;
        (duration.max(0.0) + delay > 0.0).then_some(Timing { duration, delay, easing })
    }
}

/// Reads `p` as `part`'s value.
pub fn parse(part: Part, p: &mut Parser<'_>) -> Result<Transitions, String> {
    let mut items = Vec::new();
    loop {
        items.push(p.parse_until_before(cssparser::Delimiter::Comma, |p| {
            item(part, p).map_err(cssparser::ParseError::<String>::custom)
        }));
        if p.is_exhausted() {
            break;
        }
        if p.expect_comma().is_err() {
            return Err("expected `,` between transitions".to_owned());
        }
    }
    let mut out = Transitions::default();
    let mut properties = Vec::new();
    let mut durations = Vec::new();
    let mut easings = Vec::new();
    let mut delays = Vec::new();
    let count = items.len();
    for read in items {
        let (target, duration, easing, delay) = read.map_err(|e| match e.kind {
            cssparser::ParseErrorKind::Custom(m) => m,
            _ => "a bad transition".to_owned(),
        })?;
        // `none` alone takes every transition away; beside others it means nothing, as in CSS.
        match target {
            Some(None) if count > 1 => return Err("`none` must stand alone".to_owned()),
            Some(None) => {}
            Some(Some(t)) => properties.push(t),
            None => properties.push(Target::All),
        }
        durations.push(duration.unwrap_or(0.0));
        easings.push(easing.unwrap_or(Easing::EASE));
        delays.push(delay.unwrap_or(0.0));
    }
    match part {
        Part::Shorthand => {
            out.properties = Some(properties.into());
            out.durations = Some(durations.into());
            out.easings = Some(easings.into());
            out.delays = Some(delays.into());
        }
        Part::Property => out.properties = Some(properties.into()),
        Part::Duration => out.durations = Some(durations.into()),
        Part::Timing => out.easings = Some(easings.into()),
        Part::Delay => out.delays = Some(delays.into()),
    }
    Ok(out)
}

/// What one item of the list said: its target (`Some(None)`: `none`), duration, easing and delay.
type Item = (Option<Option<Target>>, Option<f32>, Option<Easing>, Option<f32>);

/// One item of a list, of `part`.
fn item(part: Part, p: &mut Parser<'_>) -> Result<Item, String> {
    let (mut target, mut duration, mut easing, mut delay) = (None, None, None, None);
    if p.is_exhausted() {
        return Err("an empty transition".to_owned());
    }
    while !p.is_exhausted() {
        let token = p.next().map_err(|_| "expected a transition".to_owned())?.clone();
        let takes = |what: Part| part == Part::Shorthand || part == what;
        match token {
            // As in CSS, the shorthand's first time is the duration and its second the delay.
            Token::Dimension { .. } | Token::Number { .. } if takes(Part::Duration) && duration.is_none() => {
                duration = Some(seconds(&token)?);
            }
            Token::Dimension { .. } | Token::Number { .. } if takes(Part::Delay) && delay.is_none() => {
                delay = Some(signed_seconds(&token)?);
            }
            Token::Dimension { .. } | Token::Number { .. } if part == Part::Shorthand => {
                return Err("a third time in one transition (the first is its duration, the second its delay)".into());
            }
            Token::Ident(ref name) if takes(Part::Timing) && named_easing(name).is_some() => {
                if easing.is_some() {
                    return Err("two timing functions in one transition".to_owned());
                }
                easing = named_easing(name);
            }
            Token::Function(ref name) if takes(Part::Timing) && name.eq_ignore_ascii_case("cubic-bezier") => {
                if easing.is_some() {
                    return Err("two timing functions in one transition".to_owned());
                }
                easing =
                    Some(p.parse_nested_block(|p| cubic(p).map_err(cssparser::ParseError::<String>::custom)).map_err(
                        |e| match e.kind {
                            cssparser::ParseErrorKind::Custom(m) => m,
                            _ => "a bad `cubic-bezier()`".to_owned(),
                        },
                    )?);
            }
            Token::Ident(ref name) if takes(Part::Property) => {
                if target.is_some() {
                    return Err(format!("two properties in one transition (`{name}`)"));
                }
                target = Some(match name.to_ascii_lowercase().as_str() {
                    "none" => None,
                    "all" => Some(Target::All),
                    other => Some(Target::Prop(
                        Prop::named(other).ok_or_else(|| format!("`{other}` is not a property this subset knows"))?,
                    )),
                });
            }
            other => return Err(format!("`{}` is not a transition's {}", describe(&other), what(part))),
        }
    }
    Ok((target, duration, easing, delay))
}

/// What `part` takes, in a message.
fn what(part: Part) -> &'static str {
    match part {
        Part::Shorthand => "property, duration or timing function",
        Part::Property => "property",
        Part::Duration => "duration",
        Part::Timing => "timing function",
        Part::Delay => "delay",
    }
}

/// A duration in seconds: `0.2s`, `200ms`, or a bare 0; never negative.
fn seconds(token: &Token<'_>) -> Result<f32, String> {
    let s = signed_seconds(token)?;
    if s < 0.0 {
        return Err(format!("a duration must be 0 or more, not `{}`", describe(token)));
    }
    Ok(s)
}

/// A time token in seconds: `0.2s`, `-200ms`, or a bare 0 (a delay may be negative).
fn signed_seconds(token: &Token<'_>) -> Result<f32, String> {
    let s = match token {
        Token::Dimension { value, unit, .. } => match unit.to_ascii_lowercase().as_str() {
            "s" => *value,
            "ms" => value / 1000.0,
            other => return Err(format!("unknown time unit `{other}`: expected s or ms")),
        },
        Token::Number { value, .. } if *value == 0.0 => 0.0,
        other => return Err(format!("expected a time (s or ms), found `{}`", describe(other))),
    };
    if !s.is_finite() {
        return Err(format!("a time must be finite, not `{}`", describe(token)));
    }
    Ok(s)
}

fn named_easing(name: &str) -> Option<Easing> {
    Some(match name.to_ascii_lowercase().as_str() {
        "linear" => Easing::Linear,
        "ease" => Easing::EASE,
        "ease-in" => Easing::Bezier(0.42, 0.0, 1.0, 1.0),
        "ease-out" => Easing::Bezier(0.0, 0.0, 0.58, 1.0),
        "ease-in-out" => Easing::Bezier(0.42, 0.0, 0.58, 1.0),
        _ => return None,
    })
}

/// `cubic-bezier(x1, y1, x2, y2)`'s arguments; the x's must lie in 0 to 1 (else the curve is no function of time).
fn cubic(p: &mut Parser<'_>) -> Result<Easing, String> {
    let mut n = [0.0f32; 4];
    for (i, v) in n.iter_mut().enumerate() {
        if i > 0 {
            p.expect_comma().map_err(|_| "expected `,` between `cubic-bezier()`'s four numbers".to_owned())?;
        }
        *v = p.expect_number().map_err(|_| "`cubic-bezier()` takes four numbers".to_owned())?;
    }
    if !p.is_exhausted() {
        return Err("`cubic-bezier()` takes four numbers".to_owned());
    }
    if !(0.0..=1.0).contains(&n[0]) || !(0.0..=1.0).contains(&n[2]) {
        return Err("`cubic-bezier()`'s x values (the first and third) must lie in 0 to 1".to_owned());
    }
    if n.iter().any(|v| !v.is_finite()) {
        return Err("`cubic-bezier()` takes finite numbers".to_owned());
    }
    Ok(Easing::Bezier(n[0], n[1], n[2], n[3]))
}
