//! Reading a document: KDL 2.0 into a [`KitPage`], the tree of elements its stylesheet matches, and its bindings.
//!
//! ```kdl
//! page title="Mixer" intro="One line under the title" {
//!     section "Levels" {
//!         row "Volume" { slider "Volume" id=volume min=0 max=100 value=40 step=5; progress "Level" bind=volume }
//!         repeat count=3 { badge "Channel {n}" class=chan }
//!     }
//! }
//! ```
//!
//! A section holds rows, widgets (each a row of its own) and repeats; a row holds widgets and repeats; a
//! `repeat count=N` holds what its parent may, N times, with `{n}` in its strings the copy's number from 1. Every
//! widget takes `id`, `class` and `bind` (with `scale`, and a statistic's `delta-step`); ids become `doc.ID`, or
//! `SCREEN.ID` for a built-in screen served from a document ([`read_as`]), and inside a repeat `doc.ID.N` unless
//! the id says `{n}`. A tri-state checkbox takes `governs="ID ID"`. A row and a widget take Yoga's layout
//! properties by CSS's names ([`super::flex_props`]). What is wrong is one [`Located`] error: the
//! first one, at its place.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use kdl::KdlDocument;

use super::bind::{self, Delta, Follow};
use super::flex_props;
use super::make::{self, Action, KINDS};
use super::props::{Interner, Props, Source};
use super::syntax::{self, Node as KdlNode};
use crate::document::flex::RowFlex;
use crate::document::page::{KitPage, Row, Section};
use crate::located::Located;
use crate::style::States;
use crate::style::cascade::Node;
use crate::ui::router::WidgetId;

/// The most widgets a document may make (repeats multiply; a document written to exhaust memory stops here).
pub const MAX_WIDGETS: usize = 10_000;
/// The most copies one `repeat` makes.
const MAX_REPEAT: i64 = 1_000;
/// The most nodes a document may visit, repeats counted: nested repeats of nothing make no widget and could
/// still spin for ever.
const MAX_VISITS: usize = 100_000;
/// The most bytes a document may hold: ten times a document of [`MAX_WIDGETS`] widgets a line each.
pub const MAX_BYTES: usize = 4 * 1024 * 1024;
/// The deepest a document's blocks (and nested `/* */` comments) may nest. The kdl crate's parser, the reader and
/// the tree's drop all recurse once a level: about 2,000 levels overflowed the main thread's stack. A page is
/// four levels deep and each `repeat` adds one, so this is far past any document written by hand.
pub const MAX_DEPTH: usize = 64;

/// A document as read.
#[derive(Debug, Clone)]
pub struct Built {
    /// The page, as the session starts with it: shared with each session's state as the page it started from.
    pub page: Arc<KitPage>,
    /// The elements a stylesheet matches: the page, then sections, rows and widgets, parents first.
    pub nodes: Vec<Node>,
    /// Each widget's element.
    pub widget_nodes: Vec<usize>,
    /// Each section's element.
    pub section_nodes: Vec<usize>,
    /// Each row's element, by section and row.
    pub row_nodes: Vec<Vec<usize>>,
    /// Each widget: whether it takes `width` itself (a slider's track, a field's box), so that its layout width
    /// is the kit's, not a stylesheet's.
    pub sized: Vec<bool>,
    /// The bindings: each follower shows its source's value.
    pub follows: Vec<Follow>,
    /// (button, target): pressing the button puts the target back as the document made it.
    pub resets: Vec<(WidgetId, WidgetId)>,
    /// Buttons that put the whole page back as the document made it.
    pub clears: Vec<WidgetId>,
    /// Buttons that check the form, and what they say where.
    pub submits: Vec<Submit>,
    /// Checkboxes a submit needs ticked.
    pub required: Vec<WidgetId>,
    /// (tri-state checkbox, the checkboxes it governs).
    pub governs: Vec<(WidgetId, Vec<WidgetId>)>,
}

/// A button that checks the form: every field's rule and every required checkbox.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Submit {
    /// The button.
    pub button: WidgetId,
    /// The badge that says how many things are left to fix.
    pub summary: WidgetId,
    /// What the badge says when none is.
    pub sent: &'static str,
}

/// A binding as written: the follower, the source's id as written and where `bind` stands, its scale and a
/// statistic's delta step.
struct Bind {
    follower: WidgetId,
    source: String,
    at: usize,
    scale: f64,
    delta_step: Option<f32>,
}

/// Where in the page a node stands, which decides what it may be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    Page,
    Section(usize),
    Row(usize, usize),
}

struct Reader<'a> {
    src: Source<'a>,
    /// What every id starts with: `doc`, or a built-in screen's name.
    prefix: &'a str,
    strings: Interner,
    page: KitPage,
    nodes: Vec<Node>,
    widget_nodes: Vec<usize>,
    section_nodes: Vec<usize>,
    row_nodes: Vec<Vec<usize>>,
    sized: Vec<bool>,
    ids: HashMap<WidgetId, usize>,
    binds: Vec<Bind>,
    /// (button, target as written, where `target` stands).
    resets: Vec<(WidgetId, String, usize)>,
    clears: Vec<WidgetId>,
    /// (button, summary as written, where it stands, what it says when sent).
    submits: Vec<(WidgetId, String, usize, &'static str)>,
    required: Vec<WidgetId>,
    /// (parent, children as written, where `governs` stands).
    governs: Vec<(WidgetId, String, usize)>,
    counters: Vec<WidgetId>,
    /// The element of the row being filled.
    row_node: usize,
    /// Nodes visited so far.
    visits: usize,
}

/// Reads the document `text`, from `file`, its ids starting `doc.`.
pub fn read(file: &Path, text: &str) -> Result<Built, Located> {
    read_as(file, text, "doc")
}

/// Reads the document `text`, from `file`, its ids starting `prefix.` (a built-in screen's name, so that its
/// widgets keep the ids scripts and reports know them by).
pub fn read_as(file: &Path, text: &str, prefix: &str) -> Result<Built, Located> {
    let src = Source { file, text };
    if text.len() > MAX_BYTES {
        return Err(src.error(MAX_BYTES, format!("a document is longer than the {} KiB it may be", MAX_BYTES / 1024)));
    }
    nesting(text).map_err(|at| {
        src.error(at, format!("blocks nest deeper than {MAX_DEPTH} levels here: a document is at most that deep"))
    })?;
    let doc = syntax::parse(text).map_err(|e: kdl::KdlError| {
        // A property with no value or a bare value that is no number is said at the value: the crate says
        // "Expected end of document" past it, or places it at the node's start.
        if let Some((at, message)) = bad_value(text) {
            return src.error(at, message);
        }
        let (at, message) = syntax_error(text, &e);
        // The crate reports some errors inside a child block (a bad value) at the start of the outermost node that
        // holds them: the innermost block that fails alone says where.
        let (at, message) = match e.diagnostics.first() {
            Some(d) if text[d.span.offset().min(text.len())..].contains('{') => {
                narrow(text, 0, 0).filter(|(inner, _)| *inner > at).unwrap_or((at, message))
            }
            _ => (at, message),
        };
        src.error(at, message)
    })?;
    let mut roots = doc.iter();
    let Some(root) = roots.next() else { return Err(src.error(0, "an empty document: expected `page title=\"...\"`")) };
    if root.name() != "page" {
        return Err(src.error(root.at(), format!("the document's root is `page`, not `{}`", root.name())));
    }
    if let Some(extra) = roots.next() {
        return Err(src.error(extra.at(), "a document has one `page`; this node stands outside it"));
    }
    let mut r = Reader {
        src,
        prefix,
        strings: Interner::default(),
        page: KitPage::empty("", ""),
        nodes: Vec::new(),
        widget_nodes: Vec::new(),
        section_nodes: Vec::new(),
        row_nodes: Vec::new(),
        sized: Vec::new(),
        ids: HashMap::new(),
        binds: Vec::new(),
        resets: Vec::new(),
        clears: Vec::new(),
        submits: Vec::new(),
        required: Vec::new(),
        governs: Vec::new(),
        counters: Vec::new(),
        row_node: 0,
        visits: 0,
    };
    let mut p = Props::of(root, None);
    let title = p.string(&src, "title")?.ok_or_else(|| src.error(p.at(), "a `page` needs title=\"...\""))?;
    r.page.title = r.strings.intern(&title);
    r.page.intro = r.strings.intern(&p.string(&src, "intro")?.unwrap_or_default());
    let (id, classes) = r.names(&mut p)?;
    p.finish(&src)?;
    r.nodes.push(Node { kind: "page".into(), id, classes, parent: None, states: States::ROOT });
    r.children(root, Place::Page, None)?;
    r.link()
}

impl Reader<'_> {
    /// A node's `id` (as written, `{n}` replaced) and `class` (split at spaces), for the stylesheet.
    fn names(&mut self, p: &mut Props<'_>) -> Result<(Option<String>, Vec<String>), Located> {
        let id = match p.entry("id") {
            None => None,
            Some(e) => {
                let id = p.string_of(&self.src, e, "`id`")?;
                // A dot parts the words of an id (`badge.info`), as the built-in screens' ids do; never two in a row
                // nor at an end, so that a repeat's `.N` stays the copy's number.
                let ok = !id.is_empty()
                    && !id.starts_with('_')
                    && !id.starts_with('.')
                    && !id.ends_with('.')
                    && !id.contains("..")
                    && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.');
                if !ok {
                    let message = format!(
                        "the id `{id}` must be ASCII letters, digits, `-`, `_` and single inner dots, not starting with `_`"
                    );
                    return Err(self.src.error(e.at(), message));
                }
                Some(match p.n {
                    Some(n) if !e.value().as_string().is_some_and(|s| s.contains("{n}")) => format!("{id}.{n}"),
                    _ => id,
                })
            }
        };
        let classes = p.string(&self.src, "class")?.map(|c| c.split_whitespace().map(str::to_owned).collect());
        Ok((id, classes.unwrap_or_default()))
    }

    /// The children of `node`, which stands at `place`.
    fn children(&mut self, node: &KdlNode, place: Place, n: Option<usize>) -> Result<(), Located> {
        let Some(children) = node.children() else { return Ok(()) };
        for child in children {
            self.node(child, place, n)?;
        }
        Ok(())
    }

    fn node(&mut self, node: &KdlNode, place: Place, n: Option<usize>) -> Result<(), Located> {
        let src = self.src;
        let kind = node.name();
        let at = node.at();
        self.visits += 1;
        if self.visits > MAX_VISITS {
            return Err(src.error(at, format!("the document's repeats make more than {MAX_VISITS} nodes")));
        }
        match (kind, place) {
            ("repeat", Place::Page) => Err(src.error(at, "a `repeat` stands in a section or a row")),
            ("repeat", _) => {
                let mut p = Props::of(node, n);
                let count =
                    p.whole(&src, "count", 0..=MAX_REPEAT)?.ok_or_else(|| src.error(at, "a `repeat` needs count=N"))?;
                p.finish(&src)?;
                for i in 1..=count as usize {
                    self.children(node, place, Some(i))?;
                }
                Ok(())
            }
            ("section", Place::Page) => {
                let mut p = Props::of(node, n);
                let title = p.next_arg().map(|e| p.string_of(&src, e, "a section's title")).transpose()?;
                let (id, classes) = self.names(&mut p)?;
                p.finish(&src)?;
                let title = self.strings.intern(&title.unwrap_or_default());
                self.page.sections.push(Section { title, rows: Vec::new() });
                self.section_nodes.push(self.nodes.len());
                self.row_nodes.push(Vec::new());
                self.nodes.push(Node { kind: "section".into(), id, classes, parent: Some(0), states: States::NONE });
                let s = self.page.sections.len() - 1;
                self.children(node, Place::Section(s), n)
            }
            ("section", _) => Err(src.error(at, "a `section` stands in the page")),
            ("row", Place::Section(s)) => {
                let mut p = Props::of(node, n);
                let label = p.next_arg().map(|e| p.string_of(&src, e, "a row's label")).transpose()?;
                let (id, classes) = self.names(&mut p)?;
                let flex = flex_props::row(&mut p, &src)?;
                p.finish(&src)?;
                let label = label.map(|l| self.strings.intern(&l));
                let parent = self.section_nodes[s];
                self.page.sections[s].rows.push(Row { label, items: Vec::new(), flex });
                self.row_node = self.nodes.len();
                self.row_nodes[s].push(self.row_node);
                self.nodes.push(Node { kind: "row".into(), id, classes, parent: Some(parent), states: States::NONE });
                let row = self.page.sections[s].rows.len() - 1;
                self.children(node, Place::Row(s, row), n)
            }
            ("row", _) => Err(src.error(at, "a `row` stands in a section")),
            (kind, place) if KINDS.contains(&kind) => match place {
                Place::Page => Err(src.error(at, format!("a `{kind}` stands in a section or a row, not in the page"))),
                Place::Section(s) => {
                    // A widget straight in a section is a row of its own.
                    let parent = self.section_nodes[s];
                    self.page.sections[s].rows.push(Row { label: None, items: Vec::new(), flex: RowFlex::default() });
                    self.row_node = self.nodes.len();
                    self.row_nodes[s].push(self.row_node);
                    let row_node = Node {
                        kind: "row".into(),
                        id: None,
                        classes: Vec::new(),
                        parent: Some(parent),
                        states: States::NONE,
                    };
                    self.nodes.push(row_node);
                    let row = self.page.sections[s].rows.len() - 1;
                    self.widget(node, s, row, n)
                }
                Place::Row(s, row) => self.widget(node, s, row, n),
            },
            (other, _) => {
                let known = KINDS.join(", ");
                Err(src.error(
                    at,
                    format!("unknown widget `{other}`: expected page, section, row, repeat or one of {known}"),
                ))
            }
        }
    }

    fn widget(&mut self, node: &KdlNode, s: usize, row: usize, n: Option<usize>) -> Result<(), Located> {
        let src = self.src;
        let at = node.at();
        if self.page.widgets.len() >= MAX_WIDGETS {
            return Err(src.error(at, format!("more than {MAX_WIDGETS} widgets")));
        }
        if node.children().is_some_and(|c| !c.is_empty()) {
            return Err(src.error(at, format!("a `{}` holds no nodes", node.name())));
        }
        let mut p = Props::of(node, n);
        let (id, classes) = self.names(&mut p)?;
        let index = self.page.widgets.len();
        let full: WidgetId = match &id {
            Some(id) => self.strings.intern(&format!("{}.{id}", self.prefix)),
            // Written ids never start with `_`, so these never meet one.
            None => self.strings.intern(&format!("{}._{index}", self.prefix)),
        };
        if let Some(id) = &id
            && self.ids.contains_key(full)
        {
            let e = p.entry("id").map_or(at, |e| e.at());
            return Err(src.error(e, format!("a second widget with id `{id}`")));
        }
        let scale = p.number(&src, "scale", -1e9..=1e9)?;
        let delta_step = match p.entry("delta-step") {
            Some(e) if node.name() != "stat" => {
                return Err(src.error(e.at(), "only a `stat` has a delta to step"));
            }
            Some(_) => p.number(&src, "delta-step", -1e6..=1e6)?.map(|d| d as f32),
            None => None,
        };
        match p.entry("bind") {
            Some(e) => {
                let source = p.string_of(&src, e, "`bind`")?;
                let scale = scale.unwrap_or(1.0);
                self.binds.push(Bind { follower: full, source, at: e.at(), scale, delta_step });
            }
            None => {
                let unbound = ["scale", "delta-step"].into_iter().find_map(|name| Some((name, p.entry(name)?)));
                if let Some((name, e)) = unbound {
                    return Err(src.error(e.at(), format!("`{name}` applies to a binding: add bind=ID")));
                }
            }
        }
        if let Some(e) = p.entry("governs") {
            let names = p.string_of(&src, e, "`governs`")?;
            self.governs.push((full, names, e.at()));
        }
        let made = make::make(&mut p, &src, &mut self.strings, full)?;
        self.sized.push(p.was_read("width"));
        let item = flex_props::item(&mut p, &src)?;
        p.finish(&src)?;
        match made.action {
            Some(Action::Count) => self.counters.push(full),
            Some(Action::Reset(target, at)) => self.resets.push((full, target, at)),
            Some(Action::Clear) => self.clears.push(full),
            Some(Action::Submit { summary, at, sent }) => self.submits.push((full, summary, at, sent)),
            None => {}
        }
        if made.required {
            self.required.push(full);
        }
        self.ids.insert(full, index);
        let row_node = self.row_node;
        self.widget_nodes.push(self.nodes.len());
        let kind = node.name().to_owned();
        self.nodes.push(Node { kind, id, classes, parent: Some(row_node), states: States::NONE });
        self.page.widgets.push(made.widget);
        self.page.flex.push(item);
        self.page.sections[s].rows[row].items.push(index);
        Ok(())
    }

    /// Checks every binding against the ids the document made.
    fn link(self) -> Result<Built, Located> {
        let src = self.src;
        let find = |name: &str, at: usize, what: &str| -> Result<(WidgetId, usize), Located> {
            let full = format!("{}.{name}", self.prefix);
            match self.ids.get_key_value(full.as_str()) {
                Some((id, i)) => Ok((*id, *i)),
                None => Err(src.error(at, format!("{what} names `{name}`, and no widget has that id"))),
            }
        };
        let mut follows = Vec::new();
        for Bind { follower, source, at, scale, delta_step } in &self.binds {
            let (id, i) = find(source, *at, "`bind`")?;
            let w = &*self.page.widgets[i];
            if id == *follower {
                return Err(src.error(*at, "a widget cannot follow itself"));
            }
            let Some(start) = bind::reading(w) else {
                return Err(src.error(*at, format!("`{source}` holds no value to follow")));
            };
            if w.access().role == crate::widgets::Role::Button && !self.counters.contains(&id) {
                return Err(src.error(*at, format!("the button `{source}` does not count: give it action=\"count\"")));
            }
            let Some(f) = self.ids.get(follower).map(|i| &*self.page.widgets[*i]) else { continue };
            if !bind::can_follow(f) {
                return Err(src.error(*at, "this widget cannot show another's value (a progress, stat, badge, note, slider, knob, fader, rating or skeleton can)"));
            }
            let delta = delta_step.map(|step| {
                let base = match f.value() {
                    Some(crate::widgets::Held::Figure { delta, .. }) => delta,
                    _ => 0.0,
                };
                Delta { from: start.number, base, step }
            });
            follows.push(Follow { source: id, follower, scale: *scale, delta });
        }
        let mut resets = Vec::new();
        for (button, target, at) in &self.resets {
            resets.push((*button, find(target, *at, "`target`")?.0));
        }
        let mut submits = Vec::new();
        for (button, summary, at, sent) in &self.submits {
            let (summary, i) = find(summary, *at, "`summary`")?;
            if !matches!(self.page.widgets[i].value(), Some(crate::widgets::Held::Said { .. })) {
                return Err(src.error(*at, "a submit's `summary` is a badge"));
            }
            submits.push(Submit { button, summary, sent });
        }
        let mut governs = Vec::new();
        for (parent, names, at) in &self.governs {
            let is_box = |i: usize| bind::checkbox(&*self.page.widgets[i]);
            if self.ids.get(parent).and_then(|i| is_box(*i)) != Some(true) {
                return Err(src.error(*at, "only a checkbox with tristate=#true governs others"));
            }
            let mut children = Vec::new();
            for name in names.split_whitespace() {
                let (child, i) = find(name, *at, "`governs`")?;
                if is_box(i).is_none() || child == *parent {
                    return Err(src.error(*at, format!("`{name}` is not another checkbox to govern")));
                }
                children.push(child);
            }
            if children.is_empty() {
                return Err(src.error(*at, "`governs` names the checkboxes it sets, apart by spaces"));
            }
            governs.push((*parent, children));
        }
        // Followers start where their sources stand, and a governing checkbox as its children are, whatever the
        // document wrote for them.
        let mut page = self.page;
        let sources: Vec<WidgetId> = follows.iter().map(|f| f.source).collect();
        bind::follow_all(&mut page, &sources, &follows);
        for (parent, children) in &governs {
            bind::show_children(&mut page, parent, children);
        }
        Ok(Built {
            page: Arc::new(page),
            nodes: self.nodes,
            widget_nodes: self.widget_nodes,
            section_nodes: self.section_nodes,
            row_nodes: self.row_nodes,
            sized: self.sized,
            follows,
            resets,
            clears: self.clears,
            submits,
            required: self.required,
            governs,
        })
    }
}

/// The place and message of a KDL syntax error, as the crate gives them.
fn syntax_error(text: &str, e: &kdl::KdlError) -> (usize, String) {
    let d = e.diagnostics.first();
    let at = d.map_or(0, |d| d.span.offset()).min(text.len());
    let message = d
        .and_then(|d| match (&d.message, &d.label, &d.help) {
            (Some(m), _, Some(h)) => Some(format!("{m} ({h})")),
            (Some(m), _, None) => Some(m.clone()),
            (None, Some(l), _) => Some(l.clone()),
            _ => None,
        })
        .unwrap_or_else(|| "not a KDL 2.0 document".to_owned());
    (at, message.trim_end_matches('.').to_owned())
}

/// The first property of `text` whose value is missing (`value= max=5`) or starts as a number and is none
/// (`value=4x0`): the byte offset of where its value stands, and what is wrong. A lexical scan, as [`nesting`]'s:
/// strings and comments are skipped.
fn bad_value(text: &str) -> Option<(usize, String)> {
    let bytes = text.as_bytes();
    let ends = |b: u8| b.is_ascii_whitespace() || matches!(b, b'}' | b';' | b'{' | b')');
    let mut i = 0;
    while i < bytes.len() {
        if let Some(past) = past_literal(bytes, i) {
            i = past;
            continue;
        }
        match bytes[i] {
            b'=' => {
                let start = i + 1;
                let name_start =
                    text[..i].rfind(|c: char| c.is_whitespace() || c == '{' || c == ';').map_or(0, |n| n + 1);
                let name = &text[name_start..i];
                if bytes.get(start).is_none_or(|b| ends(*b)) {
                    return Some((start, format!("`{name}=` has no value: write one after the `=`")));
                }
                let numeric = |b: u8| b.is_ascii_digit() || b == b'.';
                let first = bytes[start];
                let signed = matches!(first, b'+' | b'-') && bytes.get(start + 1).is_some_and(|b| numeric(*b));
                if numeric(first) || signed {
                    let end = (start..bytes.len()).find(|j| ends(bytes[*j])).unwrap_or(bytes.len());
                    let word = &text[start..end];
                    if !kdl_number(word) {
                        return Some((
                            start,
                            format!(
                                "`{word}` is not a number (a word that starts with a digit is one: quote it as text)"
                            ),
                        ));
                    }
                }
                i = start;
            }
            _ => i += 1,
        }
    }
    None
}

/// Just past the string, raw string (`#"..."#` and its longer forms) or comment that starts at byte `i`, or None
/// when none starts there: the lexical scans before the parser look for structure outside them.
fn past_literal(bytes: &[u8], i: usize) -> Option<usize> {
    let at = |j: usize| bytes.get(j).copied();
    let mut j = i;
    match bytes[i] {
        b'"' => {
            j += 1;
            while j < bytes.len() && bytes[j] != b'"' {
                j += if bytes[j] == b'\\' { 2 } else { 1 };
            }
            Some(j + 1)
        }
        b'#' if matches!(at(i + 1), Some(b'"' | b'#')) => {
            let hashes = bytes[i..].iter().take_while(|b| **b == b'#').count();
            let close: Vec<u8> = std::iter::once(b'"').chain(std::iter::repeat_n(b'#', hashes)).collect();
            j += hashes + 1;
            while j < bytes.len() && !bytes[j..].starts_with(&close) {
                j += 1;
            }
            Some(j + close.len())
        }
        b'/' if at(i + 1) == Some(b'/') => {
            while j < bytes.len() && bytes[j] != b'\n' && bytes[j] != b'\r' {
                j += 1;
            }
            Some(j)
        }
        b'/' if at(i + 1) == Some(b'*') => {
            j += 2;
            while j + 1 < bytes.len() && !(bytes[j] == b'*' && bytes[j + 1] == b'/') {
                j += 1;
            }
            Some(j + 2)
        }
        _ => None,
    }
}

/// Whether `word` is a KDL number: decimal (with a fraction and an exponent), or `0x`, `0o`, `0b` with their
/// digits; `_` may stand between digits.
fn kdl_number(word: &str) -> bool {
    let unsigned = word.strip_prefix(['+', '-']).unwrap_or(word);
    // Digits of one radix, the first not `_`.
    let run = |s: &str, radix: u32| {
        s.starts_with(|c: char| c.is_digit(radix)) && s.chars().all(|c| c.is_digit(radix) || c == '_')
    };
    for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] {
        if let Some(rest) = unsigned.strip_prefix(prefix) {
            return run(rest, radix);
        }
    }
    let (mantissa, exponent) = match unsigned.find(['e', 'E']) {
        Some(e) => (&unsigned[..e], Some(&unsigned[e + 1..])),
        None => (unsigned, None),
    };
    let whole = match mantissa.split_once('.') {
        Some((int, frac)) => run(int, 10) && run(frac, 10),
        None => run(mantissa, 10),
    };
    whole && exponent.is_none_or(|e| run(e.strip_prefix(['+', '-']).unwrap_or(e), 10))
}

/// Checks, before the kdl crate sees `text`, that its `{` blocks and `/* */` comments nest at most [`MAX_DEPTH`]
/// deep; the error is the byte offset of the first opening past it. A lexical scan: braces in strings, raw strings
/// and comments are not blocks.
fn nesting(text: &str) -> Result<(), usize> {
    let bytes = text.as_bytes();
    let (mut depth, mut i) = (0usize, 0usize);
    let starts = |i: usize, s: &[u8]| bytes.get(i..i + s.len()) == Some(s);
    // The end of a string whose body starts at `i` and ends at `close` (escapes with `\` unless raw).
    let skip_to = |mut i: usize, close: &[u8], raw: bool| {
        while i < bytes.len() && !starts(i, close) {
            i += if !raw && bytes[i] == b'\\' { 2 } else { 1 };
        }
        i + close.len()
    };
    while i < bytes.len() {
        match bytes[i] {
            b'"' if starts(i, b"\"\"\"") => i = skip_to(i + 3, b"\"\"\"", false),
            b'"' => i = skip_to(i + 1, b"\"", false),
            b'#' => {
                // A raw string: `#"..."#`, `##"..."##`, `#"""..."""#`; otherwise a keyword (`#true`).
                let hashes = bytes[i..].iter().take_while(|b| **b == b'#').count();
                let quote = i + hashes;
                if bytes.get(quote) != Some(&b'"') {
                    i = quote;
                    continue;
                }
                let triple = starts(quote, b"\"\"\"");
                let mut close = if triple { b"\"\"\"".to_vec() } else { b"\"".to_vec() };
                close.extend(std::iter::repeat_n(b'#', hashes));
                i = skip_to(quote + if triple { 3 } else { 1 }, &close, true);
            }
            b'/' if starts(i, b"//") => {
                while i < bytes.len() && bytes[i] != b'\n' && bytes[i] != b'\r' {
                    i += 1;
                }
            }
            b'/' if starts(i, b"/*") => {
                // KDL's block comments nest, and the crate reads them by recursion too.
                let mut comments = 0usize;
                while i < bytes.len() {
                    if starts(i, b"/*") {
                        comments += 1;
                        if depth + comments > MAX_DEPTH {
                            return Err(i);
                        }
                        i += 2;
                    } else if starts(i, b"*/") {
                        comments -= 1;
                        i += 2;
                        if comments == 0 {
                            break;
                        }
                    } else {
                        i += 1;
                    }
                }
            }
            b'{' => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Err(i);
                }
                i += 1;
            }
            b'}' => {
                depth = depth.saturating_sub(1);
                i += 1;
            }
            _ => i += 1,
        }
    }
    Ok(())
}

/// The innermost `{ ... }` block of `text` (which starts at byte `base` of the document) that does not parse on its
/// own, and its error, placed in the document; `depth` stops a pathological nesting.
fn narrow(text: &str, base: usize, depth: usize) -> Option<(usize, String)> {
    if depth > 32 {
        return None;
    }
    for (open, close) in blocks(text) {
        let inner = &text[open + 1..close];
        if let Err(e) = inner.parse::<KdlDocument>() {
            let deeper = narrow(inner, base + open + 1, depth + 1);
            let (at, message) = syntax_error(inner, &e);
            // The span starts at the block's first byte: the node it is about starts after the spaces.
            let at = at + (inner[at..].len() - inner[at..].trim_start().len());
            return Some(deeper.unwrap_or((base + open + 1 + at, message)));
        }
    }
    None
}

/// The byte ranges of `text`'s outermost braces, each `{` with its `}`, skipping strings and comments.
fn blocks(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let (mut out, mut depth, mut open) = (Vec::new(), 0usize, 0usize);
    let mut i = 0;
    while i < bytes.len() {
        if let Some(past) = past_literal(bytes, i) {
            i = past;
            continue;
        }
        match bytes[i] {
            b'{' => {
                if depth == 0 {
                    open = i;
                }
                depth += 1;
            }
            b'}' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    out.push((open, i));
                }
            }
            _ => {}
        }
        i += 1;
    }
    out
}
