//! A fuzz case as data: a canvas size and a tree of items (clips, translations and layers hold the items they
//! wrap), recorded into a display list through the list's recording API, and written to and read from the text
//! format of `app/tests/fuzz_cases/`.
//!
//! The format is one item a line, a group's items between its line's `{` and a line `}`; `#` starts a comment
//! line. Numbers are written as Rust prints an `f32` (`0.1`, `1e-7`, `NaN`, `inf`), so a case reads back exactly.
//!
//! ```text
//! size W H
//! rect X Y W H ; PAINT
//! round_rect X Y W H RADIUS ; PAINT
//! stroke_round_rect X Y W H RADIUS WIDTH round|butt ; PAINT
//! hairline X Y W H RADIUS ; #AARRGGBB
//! circle CX CY R ; PAINT
//! fill_path COMMANDS ; PAINT                      COMMANDS: M x y | L x y | Q x1 y1 x y | C x1 y1 x2 y2 x y | Z
//! stroke_path WIDTH round|butt COMMANDS ; PAINT
//! glyphs FACE SIZE X Y #AARRGGBB "TEXT"           FACE: Sans, SansBold, Mono; TEXT escaped as Rust's {:?}
//! clip X Y W H {
//! translate DX DY {
//! layer KEY X Y W H VERSION {
//! }
//! PAINT: #AARRGGBB | linear X0 Y0 X1 Y1 STOPS | radial CX CY R STOPS     STOPS: OFFSET #AARRGGBB, repeated
//! ```

use std::fmt::Write as _;

use goldberry::display_list::{DisplayList, LayerKey, Paint, PathCommand, PathData, Stop, Stroke};
use goldberry::fonts::{Face, FontBook};
use goldberry::geom::{Color, Rect};

/// A canvas size and what is drawn on it.
#[derive(Debug, Clone, PartialEq)]
pub struct Case {
    pub width: u32,
    pub height: u32,
    pub items: Vec<Item>,
}

/// One drawing item, or a group of them.
#[derive(Debug, Clone, PartialEq)]
pub enum Item {
    Rect {
        rect: Rect,
        paint: Paint,
    },
    RoundRect {
        rect: Rect,
        radius: f32,
        paint: Paint,
    },
    StrokeRoundRect {
        rect: Rect,
        radius: f32,
        stroke: Stroke,
        paint: Paint,
    },
    Hairline {
        rect: Rect,
        radius: f32,
        color: Color,
    },
    Circle {
        cx: f32,
        cy: f32,
        r: f32,
        paint: Paint,
    },
    FillPath {
        commands: Vec<PathCommand>,
        paint: Paint,
    },
    StrokePath {
        commands: Vec<PathCommand>,
        stroke: Stroke,
        paint: Paint,
    },
    /// `text` shaped in `face` at `size` px with the app's font book when the case is recorded.
    Glyphs {
        face: Face,
        size: f32,
        x: f32,
        y: f32,
        color: Color,
        text: String,
    },
    Clip {
        rect: Rect,
        items: Vec<Item>,
    },
    Translate {
        dx: f32,
        dy: f32,
        items: Vec<Item>,
    },
    Layer {
        key: u64,
        rect: Rect,
        version: u64,
        items: Vec<Item>,
    },
}

impl Item {
    /// The items a group wraps (`None` for a drawing item).
    pub fn children(&self) -> Option<&[Item]> {
        match self {
            Item::Clip { items, .. } | Item::Translate { items, .. } | Item::Layer { items, .. } => Some(items),
            _ => None,
        }
    }

    /// The same, to change.
    pub fn children_mut(&mut self) -> Option<&mut Vec<Item>> {
        match self {
            Item::Clip { items, .. } | Item::Translate { items, .. } | Item::Layer { items, .. } => Some(items),
            _ => None,
        }
    }
}

impl Case {
    /// The display list the app would record for the case, through the list's recording API.
    pub fn record(&self, fonts: &FontBook) -> DisplayList {
        let mut list = DisplayList::new();
        record(&self.items, fonts, &mut list);
        list
    }

    /// Every item, groups before what they hold (preorder).
    pub fn walk(&self) -> Vec<&Item> {
        fn visit<'c>(items: &'c [Item], out: &mut Vec<&'c Item>) {
            for item in items {
                out.push(item);
                if let Some(children) = item.children() {
                    visit(children, out);
                }
            }
        }
        let mut out = Vec::new();
        visit(&self.items, &mut out);
        out
    }
}

fn record(items: &[Item], fonts: &FontBook, list: &mut DisplayList) {
    for item in items {
        match item {
            Item::Rect { rect, paint } => list.fill_rect(*rect, paint.clone()),
            Item::RoundRect { rect, radius, paint } => list.fill_round_rect(*rect, *radius, paint.clone()),
            Item::StrokeRoundRect { rect, radius, stroke, paint } => {
                list.stroke_round_rect(*rect, *radius, *stroke, paint.clone())
            }
            Item::Hairline { rect, radius, color } => list.hairline(*rect, *radius, *color),
            Item::Circle { cx, cy, r, paint } => list.fill_circle(*cx, *cy, *r, paint.clone()),
            Item::FillPath { commands, paint } => {
                list.fill_path(PathData { commands: commands.clone() }, paint.clone())
            }
            Item::StrokePath { commands, stroke, paint } => {
                list.stroke_path(PathData { commands: commands.clone() }, *stroke, paint.clone())
            }
            Item::Glyphs { face, size, x, y, color, text } => {
                let font = fonts.id(*face, *size);
                list.glyphs(font, *x, *y, fonts.shape(font, text), *color);
            }
            Item::Clip { rect, items } => list.clip(*rect, |l| record(items, fonts, l)),
            Item::Translate { dx, dy, items } => list.translate(*dx, *dy, |l| record(items, fonts, l)),
            Item::Layer { key, rect, version, items } => {
                let mut content = DisplayList::new();
                record(items, fonts, &mut content);
                list.layer(LayerKey(*key), *rect, *version, content);
            }
        }
    }
}

// ---- writing ----

/// The case in the text format, after `comment` (each of its lines as a `#` line).
pub fn write(case: &Case, comment: &str) -> String {
    let mut out = String::new();
    for line in comment.lines() {
        let _ = writeln!(out, "# {line}");
    }
    let _ = writeln!(out, "size {} {}", case.width, case.height);
    write_items(&case.items, 0, &mut out);
    out
}

fn write_items(items: &[Item], depth: usize, out: &mut String) {
    for item in items {
        out.push_str(&"  ".repeat(depth));
        let (head, body) = line(item);
        out.push_str(&head);
        match item.children() {
            Some(children) => {
                out.push_str(" {\n");
                write_items(children, depth + 1, out);
                out.push_str(&"  ".repeat(depth));
                out.push_str("}\n");
            }
            None => {
                if let Some(paint) = body {
                    out.push_str(" ; ");
                    out.push_str(&paint);
                }
                out.push('\n');
            }
        }
    }
}

fn nums(values: &[f32]) -> String {
    values.iter().map(|v| format!("{v:?}")).collect::<Vec<_>>().join(" ")
}

fn color(c: Color) -> String {
    format!("#{:08X}", c.0)
}

fn caps(stroke: Stroke) -> &'static str {
    if stroke.round { "round" } else { "butt" }
}

fn rect4(r: Rect) -> String {
    nums(&[r.x, r.y, r.w, r.h])
}

fn paint(p: &Paint) -> String {
    let stops =
        |stops: &[Stop]| stops.iter().map(|s| format!(" {:?} {}", s.offset, color(s.color))).collect::<String>();
    match p {
        Paint::Solid(c) => color(*c),
        Paint::Linear { x0, y0, x1, y1, stops: s } => format!("linear {}{}", nums(&[*x0, *y0, *x1, *y1]), stops(s)),
        Paint::Radial { cx, cy, r, stops: s } => format!("radial {}{}", nums(&[*cx, *cy, *r]), stops(s)),
    }
}

fn commands(commands: &[PathCommand]) -> String {
    let words: Vec<String> = commands
        .iter()
        .map(|c| match *c {
            PathCommand::MoveTo(x, y) => format!("M {}", nums(&[x, y])),
            PathCommand::LineTo(x, y) => format!("L {}", nums(&[x, y])),
            PathCommand::QuadTo(a, b, x, y) => format!("Q {}", nums(&[a, b, x, y])),
            PathCommand::CubicTo(a, b, c2, d, x, y) => format!("C {}", nums(&[a, b, c2, d, x, y])),
            PathCommand::Close => "Z".to_string(),
        })
        .collect();
    words.join(" ")
}

/// An item's line before its paint, and its paint.
fn line(item: &Item) -> (String, Option<String>) {
    match item {
        Item::Rect { rect, paint: p } => (format!("rect {}", rect4(*rect)), Some(paint(p))),
        Item::RoundRect { rect, radius, paint: p } => {
            (format!("round_rect {} {radius:?}", rect4(*rect)), Some(paint(p)))
        }
        Item::StrokeRoundRect { rect, radius, stroke, paint: p } => (
            format!("stroke_round_rect {} {radius:?} {:?} {}", rect4(*rect), stroke.width, caps(*stroke)),
            Some(paint(p)),
        ),
        Item::Hairline { rect, radius, color: c } => (format!("hairline {} {radius:?}", rect4(*rect)), Some(color(*c))),
        Item::Circle { cx, cy, r, paint: p } => (format!("circle {}", nums(&[*cx, *cy, *r])), Some(paint(p))),
        Item::FillPath { commands: c, paint: p } => (format!("fill_path {}", commands(c)), Some(paint(p))),
        Item::StrokePath { commands: c, stroke, paint: p } => {
            (format!("stroke_path {:?} {} {}", stroke.width, caps(*stroke), commands(c)), Some(paint(p)))
        }
        Item::Glyphs { face, size, x, y, color: c, text } => {
            (format!("glyphs {face:?} {} {} {text:?}", nums(&[*size, *x, *y]), color(*c)), None)
        }
        Item::Clip { rect, .. } => (format!("clip {}", rect4(*rect)), None),
        Item::Translate { dx, dy, .. } => (format!("translate {}", nums(&[*dx, *dy])), None),
        Item::Layer { key, rect, version, .. } => (format!("layer {key} {} {version}", rect4(*rect)), None),
    }
}

// ---- reading ----

/// Reads a case written by [`write`]; the error names the line and what is wrong with it.
pub fn parse(text: &str) -> Result<Case, String> {
    let mut size = None;
    // The items of each open group, the outermost first, and the group line each waits to close.
    let mut stack: Vec<(Vec<Item>, Option<Item>)> = vec![(Vec::new(), None)];
    for (n, raw) in text.lines().enumerate() {
        let at = |e: String| format!("line {}: {e}: {raw:?}", n + 1);
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if trimmed == "}" {
            let (items, group) = stack.pop().ok_or_else(|| at("unbalanced".into()))?;
            let mut group = group.ok_or_else(|| at("a `}` with no group open".into()))?;
            if let Some(children) = group.children_mut() {
                *children = items;
            }
            stack.last_mut().ok_or_else(|| at("unbalanced".into()))?.0.push(group);
            continue;
        }
        if let Some(rest) = trimmed.strip_prefix("size ") {
            let mut words = Words::new(rest);
            size = Some((words.int().map_err(at)? as u32, words.int().map_err(at)? as u32));
            continue;
        }
        let (item, opens) = parse_item(trimmed).map_err(at)?;
        if opens {
            stack.push((Vec::new(), Some(item)));
        } else {
            stack.last_mut().ok_or_else(|| at("unbalanced".into()))?.0.push(item);
        }
    }
    if stack.len() != 1 {
        return Err(format!("{} group(s) not closed", stack.len() - 1));
    }
    let (width, height) = size.ok_or("no `size W H` line")?;
    let items = stack.pop().map(|(items, _)| items).unwrap_or_default();
    Ok(Case { width, height, items })
}

/// The words of a line, read in turn.
struct Words<'t> {
    words: std::iter::Peekable<std::str::SplitWhitespace<'t>>,
}

impl<'t> Words<'t> {
    fn new(text: &'t str) -> Words<'t> {
        Words { words: text.split_whitespace().peekable() }
    }

    fn word(&mut self) -> Result<&'t str, String> {
        self.words.next().ok_or_else(|| "the line ends too soon".to_string())
    }

    fn num(&mut self) -> Result<f32, String> {
        let w = self.word()?;
        w.parse().map_err(|_| format!("`{w}` is not a number"))
    }

    fn int(&mut self) -> Result<u64, String> {
        let w = self.word()?;
        w.parse().map_err(|_| format!("`{w}` is not a whole number"))
    }

    fn rect(&mut self) -> Result<Rect, String> {
        Ok(Rect::new(self.num()?, self.num()?, self.num()?, self.num()?))
    }

    fn color(&mut self) -> Result<Color, String> {
        let w = self.word()?;
        let hex = w.strip_prefix('#').ok_or_else(|| format!("`{w}` is not a #AARRGGBB colour"))?;
        u32::from_str_radix(hex, 16).map(Color).map_err(|_| format!("`{w}` is not a #AARRGGBB colour"))
    }

    fn stroke(&mut self) -> Result<Stroke, String> {
        let width = self.num()?;
        let round = match self.word()? {
            "round" => true,
            "butt" => false,
            w => return Err(format!("`{w}` is neither round nor butt")),
        };
        Ok(Stroke { width, round })
    }

    fn commands(&mut self) -> Result<Vec<PathCommand>, String> {
        let mut out = Vec::new();
        while let Some(&w) = self.words.peek() {
            if w == ";" {
                break;
            }
            self.words.next();
            out.push(match w {
                "M" => PathCommand::MoveTo(self.num()?, self.num()?),
                "L" => PathCommand::LineTo(self.num()?, self.num()?),
                "Q" => PathCommand::QuadTo(self.num()?, self.num()?, self.num()?, self.num()?),
                "C" => {
                    PathCommand::CubicTo(self.num()?, self.num()?, self.num()?, self.num()?, self.num()?, self.num()?)
                }
                "Z" => PathCommand::Close,
                w => return Err(format!("`{w}` is not a path command")),
            });
        }
        Ok(out)
    }

    /// `; PAINT` to the end of the line.
    fn paint(&mut self) -> Result<Paint, String> {
        if self.word()? != ";" {
            return Err("expected `;` before the paint".into());
        }
        let kind = *self.words.peek().ok_or("no paint after `;`")?;
        let paint = match kind {
            "linear" | "radial" => {
                self.words.next();
                let paint = if kind == "linear" {
                    let (x0, y0, x1, y1) = (self.num()?, self.num()?, self.num()?, self.num()?);
                    Paint::Linear { x0, y0, x1, y1, stops: Vec::new() }
                } else {
                    let (cx, cy, r) = (self.num()?, self.num()?, self.num()?);
                    Paint::Radial { cx, cy, r, stops: Vec::new() }
                };
                let mut stops = Vec::new();
                while self.words.peek().is_some() {
                    stops.push(Stop { offset: self.num()?, color: self.color()? });
                }
                match paint {
                    Paint::Linear { x0, y0, x1, y1, .. } => Paint::Linear { x0, y0, x1, y1, stops },
                    Paint::Radial { cx, cy, r, .. } => Paint::Radial { cx, cy, r, stops },
                    solid => solid,
                }
            }
            _ => Paint::Solid(self.color()?),
        };
        self.end()?;
        Ok(paint)
    }

    fn end(&mut self) -> Result<(), String> {
        match self.words.next() {
            None => Ok(()),
            Some(w) => Err(format!("`{w}` after the end of the item")),
        }
    }
}

/// One item line; true when it opens a group.
fn parse_item(line: &str) -> Result<(Item, bool), String> {
    let (name, rest) = line.split_once(' ').unwrap_or((line, ""));
    let mut w = Words::new(rest);
    let group = |w: &mut Words<'_>, item: Item| -> Result<(Item, bool), String> {
        if w.word()? != "{" {
            return Err("a group's line ends with `{`".into());
        }
        w.end()?;
        Ok((item, true))
    };
    let item = match name {
        "rect" => Item::Rect { rect: w.rect()?, paint: w.paint()? },
        "round_rect" => Item::RoundRect { rect: w.rect()?, radius: w.num()?, paint: w.paint()? },
        "stroke_round_rect" => {
            Item::StrokeRoundRect { rect: w.rect()?, radius: w.num()?, stroke: w.stroke()?, paint: w.paint()? }
        }
        "hairline" => {
            let (rect, radius) = (w.rect()?, w.num()?);
            match w.paint()? {
                Paint::Solid(color) => Item::Hairline { rect, radius, color },
                _ => return Err("a hairline's paint is a colour".into()),
            }
        }
        "circle" => Item::Circle { cx: w.num()?, cy: w.num()?, r: w.num()?, paint: w.paint()? },
        "fill_path" => Item::FillPath { commands: w.commands()?, paint: w.paint()? },
        "stroke_path" => Item::StrokePath { stroke: w.stroke()?, commands: w.commands()?, paint: w.paint()? },
        "glyphs" => {
            let face_name = w.word()?;
            let face = Face::EVERY
                .into_iter()
                .find(|f| format!("{f:?}") == face_name)
                .ok_or_else(|| format!("`{face_name}` is not a face"))?;
            let (size, x, y, color) = (w.num()?, w.num()?, w.num()?, w.color()?);
            let quoted = rest.find('"').map(|i| &rest[i..]).ok_or("no quoted text")?;
            Item::Glyphs { face, size, x, y, color, text: unescape(quoted)? }
        }
        "clip" => {
            let rect = w.rect()?;
            return group(&mut w, Item::Clip { rect, items: Vec::new() });
        }
        "translate" => {
            let (dx, dy) = (w.num()?, w.num()?);
            return group(&mut w, Item::Translate { dx, dy, items: Vec::new() });
        }
        "layer" => {
            let (key, rect, version) = (w.int()?, w.rect()?, w.int()?);
            return group(&mut w, Item::Layer { key, rect, version, items: Vec::new() });
        }
        other => return Err(format!("`{other}` is not an item")),
    };
    Ok((item, false))
}

/// A string written as Rust's `{:?}` writes it (quotes included), read back.
fn unescape(quoted: &str) -> Result<String, String> {
    let inner = quoted
        .strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .ok_or_else(|| format!("the text {quoted:?} is not quoted"))?;
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some('0') => out.push('\0'),
            Some(c @ ('\\' | '"' | '\'')) => out.push(c),
            Some('u') => {
                let rest: String = chars.by_ref().take_while(|&c| c != '}').collect();
                let hex = rest.strip_prefix('{').ok_or("a \\u escape without `{`")?;
                let code = u32::from_str_radix(hex, 16).map_err(|_| format!("bad \\u escape {hex:?}"))?;
                out.push(char::from_u32(code).ok_or_else(|| format!("\\u{{{hex}}} is not a character"))?);
            }
            other => return Err(format!("unknown escape \\{other:?}")),
        }
    }
    Ok(out)
}
