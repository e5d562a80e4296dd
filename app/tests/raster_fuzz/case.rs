//! A fuzz case as data: a canvas size and a tree of the display list's own ops (a clip, a translation or a layer
//! holds the items it wraps, so that a shrinker can drop or unwrap a group whole), recorded into a display list
//! through the list's recording API, and written to and read from the text format of `app/tests/fuzz_cases/`.
//!
//! The format is one op a line, a group's items between its line's `{` and a line `}`; `#` starts a comment
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
//! pop_clip                                        a pop outside any group (an unbalanced list)
//! pop_translate
//! PAINT: #AARRGGBB | linear X0 Y0 X1 Y1 STOPS | radial CX CY R STOPS     STOPS: OFFSET #AARRGGBB, repeated
//! ```
//!
//! Each place here that reads an op ([`wraps`], [`record`], [`line`]) matches every op, so that a new op of the
//! list is named by the compiler in each; reading a line goes by its name, and the format test
//! (`the_case_format_reads_back_what_it_writes`) fails for an op the generator draws and [`parse_item`] lacks.

use std::fmt::Write as _;
use std::sync::Arc;

use goldberry::display_list::{DisplayList, LayerKey, Op, Paint, PathCommand, PathData, Stop, Stroke};
use goldberry::fonts::{Face, FontBook};
use goldberry::geom::{Color, FontId, Rect};

/// A canvas size and what is drawn on it.
#[derive(Debug, Clone, PartialEq)]
pub struct Case {
    pub width: u32,
    pub height: u32,
    pub items: Vec<Item>,
}

/// One op of the case, as the display list holds it, with what the list's flat form does not keep: the items a
/// group wraps, and the text a glyph run is shaped from.
#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    /// The op. A group's op is its push (`Op::PushClip`, `Op::PushTranslate`), recorded before its items and
    /// closed by the matching pop after them, or its layer (`Op::Layer`, whose content is recorded from its items;
    /// empty here). A glyph run's `run` is empty here, shaped from `text` when the case is recorded.
    pub op: Op,
    /// What a group wraps (empty for any other op).
    pub items: Vec<Item>,
    /// The text a glyph run is shaped from (empty for any other op).
    pub text: String,
}

impl Item {
    /// An op that wraps nothing: a drawing op, or a pop on its own.
    pub fn op(op: Op) -> Item {
        Item { op, items: Vec::new(), text: String::new() }
    }

    /// A group: `op` (a push, or a layer) over `items`.
    pub fn group(op: Op, items: Vec<Item>) -> Item {
        Item { op, items, text: String::new() }
    }

    /// `text` shaped in `face` at `size` px with its baseline origin at (`x`, `y`), once the case is recorded.
    pub fn glyphs(face: Face, size: f32, (x, y): (f32, f32), color: Color, text: String) -> Item {
        let op = Op::Glyphs { font: FontId::of(face, size), x, y, run: Arc::default(), color };
        Item { op, items: Vec::new(), text }
    }

    /// The items a group wraps (`None` for an op that wraps none).
    pub fn children(&self) -> Option<&[Item]> {
        wraps(&self.op).then_some(&self.items[..])
    }

    /// The same, to change.
    pub fn children_mut(&mut self) -> Option<&mut Vec<Item>> {
        wraps(&self.op).then_some(&mut self.items)
    }
}

/// Whether `op` opens a group in a case: a push or a layer (its line ends with `{`).
pub fn wraps(op: &Op) -> bool {
    match op {
        Op::PushClip(_) | Op::PushTranslate(..) | Op::Layer { .. } => true,
        Op::FillRect { .. }
        | Op::FillRoundRect { .. }
        | Op::StrokeRoundRect { .. }
        | Op::Hairline { .. }
        | Op::FillCircle { .. }
        | Op::FillPath { .. }
        | Op::StrokePath { .. }
        | Op::Glyphs { .. }
        | Op::PopClip
        | Op::PopTranslate => false,
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
        match &item.op {
            Op::Glyphs { font, x, y, color, .. } => list.glyphs(*font, *x, *y, fonts.shape(*font, &item.text), *color),
            Op::PushClip(rect) => list.clip(*rect, |l| record(&item.items, fonts, l)),
            Op::PushTranslate(dx, dy) => list.translate(*dx, *dy, |l| record(&item.items, fonts, l)),
            Op::Layer { key, rect, version, .. } => {
                let mut content = DisplayList::new();
                record(&item.items, fonts, &mut content);
                list.layer(*key, *rect, *version, content);
            }
            Op::FillRect { .. }
            | Op::FillRoundRect { .. }
            | Op::StrokeRoundRect { .. }
            | Op::Hairline { .. }
            | Op::FillCircle { .. }
            | Op::FillPath { .. }
            | Op::StrokePath { .. }
            | Op::PopClip
            | Op::PopTranslate => list.push(item.op.clone()),
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
    match &item.op {
        Op::FillRect { rect, paint: p } => (format!("rect {}", rect4(*rect)), Some(paint(p))),
        Op::FillRoundRect { rect, radius, paint: p } => {
            (format!("round_rect {} {radius:?}", rect4(*rect)), Some(paint(p)))
        }
        Op::StrokeRoundRect { rect, radius, stroke, paint: p } => (
            format!("stroke_round_rect {} {radius:?} {:?} {}", rect4(*rect), stroke.width, caps(*stroke)),
            Some(paint(p)),
        ),
        Op::Hairline { rect, radius, color: c } => (format!("hairline {} {radius:?}", rect4(*rect)), Some(color(*c))),
        Op::FillCircle { cx, cy, r, paint: p } => (format!("circle {}", nums(&[*cx, *cy, *r])), Some(paint(p))),
        Op::FillPath { path, paint: p } => (format!("fill_path {}", commands(&path.commands)), Some(paint(p))),
        Op::StrokePath { path, stroke, paint: p } => {
            (format!("stroke_path {:?} {} {}", stroke.width, caps(*stroke), commands(&path.commands)), Some(paint(p)))
        }
        Op::Glyphs { font, x, y, color: c, .. } => {
            let (face, text) = (font.face(), &item.text);
            (format!("glyphs {face:?} {} {} {text:?}", nums(&[font.size_px(), *x, *y]), color(*c)), None)
        }
        Op::PushClip(rect) => (format!("clip {}", rect4(*rect)), None),
        Op::PushTranslate(dx, dy) => (format!("translate {}", nums(&[*dx, *dy])), None),
        Op::Layer { key, rect, version, .. } => (format!("layer {} {} {version}", key.0, rect4(*rect)), None),
        Op::PopClip => ("pop_clip".into(), None),
        Op::PopTranslate => ("pop_translate".into(), None),
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
    let path = |commands| Arc::new(PathData { commands });
    let op = match name {
        "rect" => Op::FillRect { rect: w.rect()?, paint: w.paint()? },
        "round_rect" => Op::FillRoundRect { rect: w.rect()?, radius: w.num()?, paint: w.paint()? },
        "stroke_round_rect" => {
            Op::StrokeRoundRect { rect: w.rect()?, radius: w.num()?, stroke: w.stroke()?, paint: w.paint()? }
        }
        "hairline" => {
            let (rect, radius) = (w.rect()?, w.num()?);
            match w.paint()? {
                Paint::Solid(color) => Op::Hairline { rect, radius, color },
                _ => return Err("a hairline's paint is a colour".into()),
            }
        }
        "circle" => Op::FillCircle { cx: w.num()?, cy: w.num()?, r: w.num()?, paint: w.paint()? },
        "fill_path" => Op::FillPath { path: path(w.commands()?), paint: w.paint()? },
        "stroke_path" => {
            let stroke = w.stroke()?;
            Op::StrokePath { path: path(w.commands()?), stroke, paint: w.paint()? }
        }
        "glyphs" => {
            let face_name = w.word()?;
            let face = Face::EVERY
                .into_iter()
                .find(|f| format!("{f:?}") == face_name)
                .ok_or_else(|| format!("`{face_name}` is not a face"))?;
            let (size, x, y, color) = (w.num()?, w.num()?, w.num()?, w.color()?);
            let quoted = rest.find('"').map(|i| &rest[i..]).ok_or("no quoted text")?;
            return Ok((Item::glyphs(face, size, (x, y), color, unescape(quoted)?), false));
        }
        "clip" => Op::PushClip(w.rect()?),
        "translate" => Op::PushTranslate(w.num()?, w.num()?),
        "layer" => {
            let (key, rect, version) = (LayerKey(w.int()?), w.rect()?, w.int()?);
            Op::Layer { key, rect, version, content: Arc::default() }
        }
        "pop_clip" => Op::PopClip,
        "pop_translate" => Op::PopTranslate,
        other => return Err(format!("`{other}` is not an item")),
    };
    let opens = wraps(&op);
    if opens && w.word()? != "{" {
        return Err("a group's line ends with `{`".into());
    }
    // A drawing op's paint has read to the end of its line; a group's `{` and a pop must end theirs.
    w.end()?;
    Ok((Item::op(op), opens))
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
