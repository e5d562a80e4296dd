//! A widget of the kit from a document's node: each node name is one constructor of `app/src/widgets/`, and each
//! of its properties one argument or builder call. What a node may say is listed in [`KINDS`], so the book and
//! an unknown node's error say the same.

use super::props::{Interner, Props, Source};
use crate::geom::Color;
use crate::located::Located;
use crate::ui::router::WidgetId;
use crate::widgets::Widget;
use crate::widgets::area::Area;
use crate::widgets::badge::{Badge, Variant};
use crate::widgets::breadcrumb::Breadcrumb;
use crate::widgets::button::Button;
use crate::widgets::card::Card;
use crate::widgets::carousel::Carousel;
use crate::widgets::checkbox::Checkbox;
use crate::widgets::chips::Chips;
use crate::widgets::disclosure::Disclosure;
use crate::widgets::doc_tabs::DocTabs;
use crate::widgets::dropdown::Dropdown;
use crate::widgets::fader::Fader;
use crate::widgets::field::{Field, Kind};
use crate::widgets::knob::Knob;
use crate::widgets::note::Note;
use crate::widgets::pager::Pager;
use crate::widgets::progress::Progress;
use crate::widgets::radio::RadioGroup;
use crate::widgets::rating::Rating;
use crate::widgets::rule::{self, Rule};
use crate::widgets::segmented::Segmented;
use crate::widgets::skeleton::Skeleton;
use crate::widgets::slider::Slider;
use crate::widgets::spinner::Spinner;
use crate::widgets::split::Split;
use crate::widgets::stat::Statistic;
use crate::widgets::stepper::Stepper;
use crate::widgets::toggle::Toggle;
use crate::widgets::value::Ranged;

/// Every widget a document may name.
pub const KINDS: &[&str] = &[
    "accordion",
    "area",
    "badge",
    "breadcrumb",
    "button",
    "card",
    "carousel",
    "checkbox",
    "chips",
    "collapsible",
    "doc-tabs",
    "dropdown",
    "fader",
    "field",
    "knob",
    "note",
    "pager",
    "progress",
    "radio",
    "rating",
    "segmented",
    "skeleton",
    "slider",
    "spinner",
    "split",
    "stat",
    "stepper",
    "toggle",
];

/// What a button does when pressed, besides counting its presses (which a bound widget may show).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// Counts: widgets bound to the button follow its count.
    Count,
    /// Puts the widget named back to the value the document gave it.
    Reset(String, usize),
    /// Puts every widget of the page back as the document made it.
    Clear,
    /// Checks every field's rule and every required checkbox, and says in the badge `summary` (the id as written,
    /// and where it stands) how many things are left to fix, or `sent` when none is.
    Submit {
        /// The badge's id as written.
        summary: String,
        /// Where `summary` stands.
        at: usize,
        /// What the badge says when nothing is left to fix.
        sent: &'static str,
    },
}

/// The widget a node makes, and what a button's `action` asks.
pub struct Made {
    /// The widget.
    pub widget: Box<dyn Widget>,
    /// A button's action.
    pub action: Option<Action>,
    /// A checkbox a submit needs ticked.
    pub required: bool,
}

/// Makes widget `id` from node `p` (its kind already known to be one of [`KINDS`]).
pub fn make(p: &mut Props<'_>, src: &Source<'_>, strings: &mut Interner, id: WidgetId) -> Result<Made, Located> {
    let kind = p.kind();
    let mut action = None;
    let mut required = false;
    let width = |p: &mut Props<'_>, default: f64| -> Result<f32, Located> {
        Ok(p.number(src, "width", 16.0..=4000.0)?.unwrap_or(default) as f32)
    };
    let widget: Box<dyn Widget> = match kind {
        "button" => {
            let label = strings.intern(&p.required_arg(src, "label")?);
            let mut b = if p.flag(src, "primary")? { Button::primary(id, label) } else { Button::new(id, label) };
            b.disabled = p.flag(src, "disabled")?;
            if let Some(tip) = p.string(src, "tip")? {
                b = b.tip(strings.intern(&tip));
            }
            action = match p.entry("action") {
                None => None,
                Some(e) => match p.string_of(src, e, "`action`")?.as_str() {
                    "count" => Some(Action::Count),
                    "reset" => match p.entry("target") {
                        Some(t) => Some(Action::Reset(p.string_of(src, t, "`target`")?, t.at())),
                        None => return Err(src.error(e.at(), "action=\"reset\" needs target=ID")),
                    },
                    "clear" => Some(Action::Clear),
                    "submit" => match p.entry("summary") {
                        Some(t) => {
                            let summary = p.string_of(src, t, "`summary`")?;
                            let sent = strings.intern(&p.string(src, "sent")?.unwrap_or_else(|| "Sent".to_owned()));
                            Some(Action::Submit { summary, at: t.at(), sent })
                        }
                        None => return Err(src.error(e.at(), "action=\"submit\" needs summary=ID")),
                    },
                    other => {
                        let at = e.at();
                        let message = format!("unknown action `{other}`: expected count, reset, clear or submit");
                        return Err(src.error(at, message));
                    }
                },
            };
            Box::new(b)
        }
        "checkbox" => {
            let label = strings.intern(&p.required_arg(src, "label")?);
            let c = if p.flag(src, "tristate")? {
                Checkbox::tristate(id, label)
            } else {
                Checkbox::new(id, label, p.flag(src, "checked")?)
            };
            required = p.flag(src, "required")?;
            let c = if required { c.required() } else { c };
            Box::new(if p.flag(src, "disabled")? { c.disabled() } else { c })
        }
        "toggle" => {
            let label = strings.intern(&p.required_arg(src, "label")?);
            Box::new(Toggle::new(id, label, p.flag(src, "on")?))
        }
        "radio" | "segmented" | "dropdown" | "chips" => {
            let name = strings.intern(&p.required_arg(src, "name")?);
            let at = p.at();
            let options: Vec<&'static str> = p.rest_args(src, "an option")?.iter().map(|o| strings.intern(o)).collect();
            if options.is_empty() || options.len() > 64 {
                return Err(src.error(at, format!("a `{kind}` takes 1 to 64 options after its name")));
            }
            let options = strings.list(&options);
            let last = options.len() as i64 - 1;
            let selected = if kind == "chips" { 0 } else { p.whole(src, "selected", 0..=last)?.unwrap_or(0) as usize };
            match kind {
                "radio" => Box::new(RadioGroup::new(id, name, options, selected)),
                "segmented" => Box::new(Segmented::new(id, name, options, selected)),
                "dropdown" => Box::new(Dropdown::new(id, name, options, selected)),
                _ => Box::new(Chips::new(id, name, options)),
            }
        }
        "slider" | "knob" | "fader" => {
            let name = strings.intern(&p.required_arg(src, "name")?);
            let at = p.at();
            let min = p.number(src, "min", -1e9..=1e9)?.unwrap_or(0.0) as f32;
            let max = p.number(src, "max", -1e9..=1e9)?.unwrap_or(100.0) as f32;
            if max <= min {
                return Err(src.error(at, format!("`max` ({max}) must be more than `min` ({min})")));
            }
            let value = p.number(src, "value", f64::from(min)..=f64::from(max))?.unwrap_or(f64::from(min)) as f32;
            let step = p.number(src, "step", 1e-6..=1e9)?.unwrap_or(1.0) as f32;
            let range = Ranged::new(value, min, max, step);
            match kind {
                "slider" => {
                    let s = Slider::new(id, name, range, width(p, 240.0)?);
                    Box::new(match p.whole(src, "ticks", 1..=1000)? {
                        Some(every) => s.ticks(every as u32),
                        None => s,
                    })
                }
                "knob" => Box::new(Knob::new(id, name, range)),
                _ => Box::new(Fader::new(id, name, range)),
            }
        }
        "spinner" => {
            let name = strings.intern(&p.required_arg(src, "name")?);
            let at = p.at();
            let min = p.whole(src, "min", -1_000_000_000..=1_000_000_000)?.unwrap_or(0);
            let max = p.whole(src, "max", -1_000_000_000..=1_000_000_000)?.unwrap_or(100);
            if max <= min {
                return Err(src.error(at, format!("`max` ({max}) must be more than `min` ({min})")));
            }
            let value = p.whole(src, "value", min..=max)?.unwrap_or(min);
            Box::new(Spinner::new(id, name, value, min, max))
        }
        "progress" => {
            let name = strings.intern(&p.required_arg(src, "name")?);
            let value = p.number(src, "value", 0.0..=1.0)?.unwrap_or(0.0) as f32;
            if p.flag(src, "ring")? {
                Box::new(Progress::ring(id, name, value))
            } else {
                Box::new(Progress::bar(id, name, value, width(p, 240.0)?))
            }
        }
        "badge" => {
            let text = p.required_arg(src, "text")?;
            let variant = match p.entry("variant") {
                None => Variant::Neutral,
                Some(e) => match p.string_of(src, e, "`variant`")?.as_str() {
                    "neutral" => Variant::Neutral,
                    "info" => Variant::Info,
                    "success" => Variant::Success,
                    "warning" => Variant::Warning,
                    "danger" => Variant::Danger,
                    other => {
                        let message =
                            format!("unknown variant `{other}`: expected neutral, info, success, warning or danger");
                        return Err(src.error(e.at(), message));
                    }
                },
            };
            Box::new(Badge::new(id, text, variant))
        }
        "stat" => {
            let label = strings.intern(&p.required_arg(src, "label")?);
            let figure = p.string(src, "figure")?.unwrap_or_else(|| "0".to_owned());
            let delta = p.number(src, "delta", -1e6..=1e6)?.unwrap_or(0.0) as f32;
            Box::new(Statistic::new(id, label, figure, delta))
        }
        "skeleton" => Box::new(Skeleton::new(id, p.whole(src, "lines", 1..=20)?.unwrap_or(3) as usize)),
        "rating" => {
            let name = strings.intern(&p.required_arg(src, "name")?);
            Box::new(Rating::new(id, name, p.whole(src, "stars", 0..=5)?.unwrap_or(0) as usize))
        }
        "field" | "area" => {
            let name = strings.intern(&p.required_arg(src, "name")?);
            let text = p.string(src, "text")?.unwrap_or_default();
            let w = width(p, 240.0)?;
            if kind == "area" {
                Box::new(Area::new(id, name, &text, w))
            } else {
                let mut f = Field::new(id, name, &text, w);
                if let Some(hint) = p.string(src, "placeholder")? {
                    f = f.placeholder(strings.intern(&hint));
                }
                if let Some(n) = p.whole(src, "max", 1..=10_000)? {
                    f = f.max_chars(n as usize);
                }
                if let Some(kind) = field_kind(p, src)? {
                    f = f.kind(kind);
                }
                if let Some(rule) = rule(p, src, strings)? {
                    f = f.rule(rule);
                }
                Box::new(if p.flag(src, "digits")? { f.digits() } else { f })
            }
        }
        "note" => {
            let text = p.required_arg(src, "text")?;
            Box::new(Note::new(id, text, width(p, 320.0)?))
        }
        "card" => {
            let title = strings.intern(&p.required_arg(src, "title")?);
            let body = strings.intern(&p.required_arg(src, "body")?);
            Box::new(if p.flag(src, "interactive")? {
                Card::interactive(id, title, body)
            } else {
                Card::new(id, title, body)
            })
        }
        "pager" => Box::new(Pager::new(id, p.whole(src, "pages", 1..=1000)?.unwrap_or(5) as usize)),
        "stepper" | "breadcrumb" | "doc-tabs" => {
            let at = p.at();
            let items: Vec<&'static str> = p.rest_args(src, "an item")?.iter().map(|s| strings.intern(s)).collect();
            if items.is_empty() || items.len() > 64 {
                return Err(src.error(at, format!("a `{kind}` takes 1 to 64 items as its arguments")));
            }
            match kind {
                "stepper" => Box::new(Stepper::new(id, strings.list(&items))),
                "breadcrumb" => Box::new(Breadcrumb::new(id, items)),
                _ => Box::new(DocTabs::new(id, &items)),
            }
        }
        "accordion" | "collapsible" => {
            let at = p.at();
            let texts: Vec<&'static str> =
                p.rest_args(src, "a title or body")?.iter().map(|s| strings.intern(s)).collect();
            let pairs: Vec<(&'static str, &'static str)> = texts.chunks_exact(2).map(|c| (c[0], c[1])).collect();
            let most = if kind == "accordion" { 64 } else { 1 };
            if !texts.len().is_multiple_of(2) || pairs.is_empty() || pairs.len() > most {
                let what = if kind == "accordion" { "1 to 64 sections" } else { "one section" };
                return Err(src.error(at, format!("a `{kind}` takes {what}, each a title and a body")));
            }
            let pairs: &'static [(&'static str, &'static str)] = Box::leak(pairs.into_boxed_slice());
            Box::new(if kind == "accordion" {
                Disclosure::accordion(id, pairs)
            } else {
                Disclosure::collapsible(id, pairs)
            })
        }
        "carousel" => {
            let at = p.at();
            let mut slides = Vec::new();
            while let Some(caption) = p.next_arg() {
                let caption = strings.intern(&p.string_of(src, caption, "a slide's caption")?);
                let Some(colour) = p.next_arg() else {
                    return Err(src.error(at, "a `carousel` takes its slides as pairs: a caption, then a colour"));
                };
                let hex = p.string_of(src, colour, "a slide's colour")?;
                let Some(colour) = hex_colour(&hex) else {
                    let message = format!("a slide's colour is #rrggbb, not `{hex}`");
                    return Err(src.error(colour.at(), message));
                };
                slides.push((caption, colour));
            }
            if slides.is_empty() || slides.len() > 64 {
                return Err(src.error(at, "a `carousel` takes 1 to 64 slides, each a caption and a colour"));
            }
            Box::new(Carousel::new(id, Box::leak(slides.into_boxed_slice())))
        }
        "split" => {
            let left = strings.intern(&p.required_arg(src, "first pane")?);
            let right = strings.intern(&p.required_arg(src, "second pane")?);
            Box::new(Split::new(id, (left, right)))
        }
        other => return Err(src.error(p.at(), format!("unknown widget `{other}`"))),
    };
    Ok(Made { widget, action, required })
}

/// A field's kind: `password`, `readonly` or `disabled` (one at most), or None for a plain field.
fn field_kind(p: &mut Props<'_>, src: &Source<'_>) -> Result<Option<Kind>, Located> {
    let mut kind = None;
    for (name, k) in
        [("password", Kind::Password { revealed: false }), ("readonly", Kind::ReadOnly), ("disabled", Kind::Disabled)]
    {
        if p.flag(src, name)? {
            if kind.is_some() {
                let at = p.entry(name).map_or(p.at(), |e| e.at());
                return Err(src.error(at, "a field is one of password, readonly or disabled, not two"));
            }
            kind = Some(k);
        }
    }
    Ok(kind)
}

/// A field's rule from `required`, `email`, `optional`, `min-chars` and `too-short`; None when it states no test.
fn rule(p: &mut Props<'_>, src: &Source<'_>, strings: &mut Interner) -> Result<Option<Rule>, Located> {
    let required = p.told(src, "required", rule::REQUIRED)?.map(|m| strings.intern(&m));
    let email = p.told(src, "email", rule::EMAIL)?.map(|m| strings.intern(&m));
    let optional = p.flag(src, "optional")?;
    let short = p.entry("too-short").map(|e| (p.string_of(src, e, "`too-short`"), e.at()));
    let min_chars = match p.whole(src, "min-chars", 1..=10_000)? {
        Some(n) => {
            let message = match short {
                Some((m, _)) => m?,
                None => format!("At least {n} characters"),
            };
            Some((n as usize, strings.intern(&message)))
        }
        None => match short {
            Some((_, at)) => return Err(src.error(at, "`too-short` is the message of `min-chars=N`, which is missing")),
            None => None,
        },
    };
    let rule = Rule { required, optional, email, min_chars };
    Ok((rule != Rule::default()).then_some(rule))
}

/// `#rrggbb` as a colour.
fn hex_colour(text: &str) -> Option<Color> {
    let hex = text.strip_prefix('#').filter(|h| h.len() == 6 && h.is_ascii())?;
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some(Color::rgb(byte(0)?, byte(2)?, byte(4)?))
}
