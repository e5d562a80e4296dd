//! The tree as AccessKit carries it to assistive technology: a window node named after the screen, and each
//! [`Node`] a child of it with its role, label, value or range, states, actions and bounds in device pixels. A text a
//! person reads or edits is given as AccessKit's text runs, one per hard line (an area's, one per wrapped row under
//! a view of its content box), with its selection (and a field's and an area's characters placed where they are
//! drawn), so AT-SPI offers Text (and EditableText on an input) with character extents, and the adapter raises
//! text-changed and caret-moved from the difference. An update sends only the nodes that changed since the last one
//! (and the window when the set of nodes did), so a hover sends nothing, a slider's move sends the slider and a
//! keystroke the rows of the line it changed.

use std::collections::{HashMap, HashSet};
use std::hash::{DefaultHasher, Hash, Hasher};
use std::ops::Range;

use accesskit::{
    Action, Affine, CustomAction, Invalid, Live, NodeId, Orientation, Rect as KitRect, Role as KitRole, TextDirection,
    TextPosition, TextSelection, Toggled, TreeId, TreeInfo, TreeUpdate,
};

use super::editing::Editing;
use crate::ui::edit::lines::Lines;
use crate::widgets::editor::Laid;
use crate::widgets::{Node, Placed, Role};

/// The class of a password shown as its characters, sent as a text input (see [`to_kit`]).
pub const REVEALED_PASSWORD: &str = "goldberry revealed password";

/// The window's node: the root every widget hangs from.
pub const WINDOW: NodeId = NodeId(0);

/// What AccessKit was last told, to send only what changed.
#[derive(Debug, Default)]
pub struct KitTree {
    sent: HashMap<NodeId, accesskit::Node>,
    /// Each text as its runs were last sent (the runs themselves are not kept: a 1 MiB area has 17,000).
    texts: HashMap<NodeId, Sent>,
    focus: Option<NodeId>,
    /// Device pixels a logical one, as last sent.
    scale: f32,
}

/// A text as last sent: its lines (shared with the editor that gave them) and each line's node.
#[derive(Debug, Default)]
struct Sent {
    lines: Lines,
    /// Each line's node: its run (a label's, a field's); in an area, the id its rows' ids are made from.
    ids: Vec<NodeId>,
    /// Lines made so far: a new line's node takes the next id, so a line keeps its node's id while lines come and
    /// go before it.
    made: usize,
    /// Where a one-line text's characters stood, when it said.
    placed: Option<Placed>,
    /// An area's: each line's rows as sent, one for one with `ids` (empty for a text of runs alone).
    rows: Vec<Rows>,
    /// An area's rows sent without their characters' places (their laid-out line had no runs yet): placed when
    /// they come into view.
    unplaced: HashSet<NodeId>,
    /// The layout an area's rows were cut from (None: each line sent whole, as one run without places).
    laid: Option<Laid>,
    /// What that layout's wrapping depends on: the content's width, a line's height and the scale.
    cut: Option<(f32, f32, f32)>,
    /// Where an area's view was sent standing: its content box's corner, scrolled.
    view: Option<(f32, f32)>,
}

/// One line of an area as sent: the index of its first row among the area's rows, and how many rows it has.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
struct Rows {
    first: usize,
    count: usize,
}

impl Sent {
    /// Gives `n` lines of text `id` their first ids, as a text first sent (or wrapped anew) does.
    fn first_ids(&mut self, id: NodeId, n: usize) {
        self.ids = (0..n).map(|i| run_id(id, i)).collect();
        self.made = n;
    }

    /// The ids of the `new` lines that take the place of lines `old` (text `id`'s): the lines that changed keep
    /// their ids one for one, and lines added take new ones.
    fn renewed_ids(&mut self, id: NodeId, old: Range<usize>, new: usize) -> Vec<NodeId> {
        let mut ids = Vec::with_capacity(new);
        for k in 0..new {
            let kept = self.ids.get(old.start + k).filter(|_| k < old.len()).copied();
            ids.push(kept.unwrap_or_else(|| {
                self.made += 1;
                run_id(id, self.made - 1)
            }));
        }
        ids
    }

    /// Where line `i`'s characters stand: known for a text of one line that said.
    fn placed(&self, i: usize) -> Option<&Placed> {
        self.placed.as_ref().filter(|_| i == 0 && self.ids.len() == 1)
    }
}

/// Where a node's text comes from: an editor's lines, or a label's or a spinner's words.
enum Text<'a> {
    Lines(&'a Lines),
    Words(&'a str),
}

impl KitTree {
    /// The update that brings AccessKit from what it was last told to the frame whose window, `size` device
    /// pixels, shows `screen` with `nodes` at `scale` device pixels a logical one: None when nothing changed. The
    /// first update holds the whole tree.
    pub fn update(&mut self, screen: &str, nodes: &[Node], scale: f32, size: (u32, u32)) -> Option<TreeUpdate> {
        let mut changed = Vec::new();
        self.scale = scale;
        let ids: Vec<NodeId> = nodes.iter().map(id_of).collect();
        // A part is its widget's child where the widget has a node of its own (a menu bar's items, a list's rows),
        // else the window's.
        let whole: HashMap<&str, NodeId> =
            nodes.iter().zip(&ids).filter(|(n, _)| n.part.is_none()).map(|(n, id)| (n.widget, *id)).collect();
        let mut parts: HashMap<NodeId, Vec<NodeId>> = HashMap::new();
        // AccessKit reads a set's size from its container, not its items.
        let mut sizes: HashMap<NodeId, usize> = HashMap::new();
        let mut children = Vec::with_capacity(nodes.len());
        for (node, id) in nodes.iter().zip(&ids) {
            match node.part.and(whole.get(node.widget)) {
                Some(parent) if parent != id => {
                    parts.entry(*parent).or_default().push(*id);
                    if let Some((_, size)) = node.access.set {
                        sizes.insert(*parent, size);
                    }
                }
                _ => children.push(*id),
            }
        }
        let mut live = HashSet::with_capacity(nodes.len());
        let mut focus = WINDOW;
        let mut regrown = false;
        for (node, &id) in nodes.iter().zip(&ids) {
            live.insert(id);
            if node.focused {
                focus = id;
            }
            let mut kit = to_kit(node, scale);
            if node.access.role == Role::Status && self.sent.contains_key(&id) {
                // A status is a polite live region once it has been shown: what it says next ("4 things to fix")
                // is spoken once, without moving the focus, and a screen that opens does not read out every badge.
                kit.set_live(Live::Polite);
            }
            let mut kids = match text_of(node) {
                Some(Text::Lines(lines)) => {
                    self.wrapped(id, lines, node.access.rows.as_ref(), &node.access, &mut kit, &mut changed)
                }
                Some(text) => self.runs(id, text, &node.access, &mut kit, &mut changed),
                None => Vec::new(),
            };
            kids.extend(parts.remove(&id).unwrap_or_default());
            if let Some(size) = sizes.get(&id) {
                kit.set_size_of_set(*size);
            }
            regrown |= self.sent.get(&id).map_or(&[][..], accesskit::Node::children) != kids.as_slice();
            if !kids.is_empty() {
                kit.set_children(kids);
            }
            self.send(id, kit, &mut changed);
        }
        let mut window = accesskit::Node::new(KitRole::Window);
        window.set_label(format!("goldberry: {screen}"));
        // The frame's extents are the window's: a node's bounds are relative to it, and the adapter adds where the
        // window stands on the screen.
        window.set_bounds(KitRect { x0: 0.0, y0: 0.0, x1: f64::from(size.0), y1: f64::from(size.1) });
        window.set_children(children);
        let first = !self.sent.contains_key(&WINDOW);
        live.insert(WINDOW);
        if regrown || self.sent.get(&WINDOW).map(accesskit::Node::children) != Some(window.children()) {
            // Nodes that left are dropped with their parent's new list: AccessKit removes a child its parent no
            // longer names, and one that comes back must be sent again.
            self.sent.retain(|id, _| live.contains(id));
            self.texts.retain(|id, _| live.contains(id));
        }
        self.send(WINDOW, window, &mut changed);
        let focus_moved = self.focus.replace(focus) != Some(focus);
        if changed.is_empty() && !focus_moved {
            return None;
        }
        Some(TreeUpdate { nodes: changed, tree: first.then(tree), tree_id: TreeId::ROOT, focus })
    }

    /// Queues `kit` as node `id` when it differs from what was sent.
    fn send(&mut self, id: NodeId, kit: accesskit::Node, changed: &mut Vec<(NodeId, accesskit::Node)>) {
        if self.sent.get(&id) != Some(&kit) {
            self.sent.insert(id, kit.clone());
            changed.push((id, kit));
        }
    }

    /// `text` as the text runs of node `id`, one per hard line, and the selection `access` gives set on `parent`.
    /// Only the lines that differ from the text last sent are built and sent: an editor's lines are compared by the
    /// blocks its edits made anew, so a keystroke in a 1 MiB area looks at one block and sends one run. A line
    /// keeps its run's id while lines before it come and go. A one-line text whose characters moved (typed
    /// before, scrolled) sends its run again with their places.
    fn runs(
        &mut self,
        id: NodeId,
        text: Text<'_>,
        access: &crate::widgets::Access,
        parent: &mut accesskit::Node,
        changed: &mut Vec<(NodeId, accesskit::Node)>,
    ) -> Vec<NodeId> {
        let scale = self.scale;
        let memo = self.texts.entry(id).or_default();
        let moved = memo.placed != access.placed;
        if moved {
            memo.placed.clone_from(&access.placed);
        }
        // A text that did not change (a label every frame, an area the person is not typing in) costs a look.
        let fresh = match text {
            Text::Lines(lines) if memo.ids.is_empty() || !lines.same(&memo.lines) => Some(lines.clone()),
            Text::Words(words) if memo.ids.is_empty() || !memo.lines.is(words) => Some(Lines::of(words)),
            _ => None,
        };
        let mut sent = None;
        if let Some(lines) = fresh {
            sent = if memo.ids.is_empty() {
                memo.first_ids(id, lines.len());
                Some(0..lines.len())
            } else if let Some((old, new)) = lines.changed_since(&memo.lines) {
                let ids = memo.renewed_ids(id, old.clone(), new.len());
                memo.ids.splice(old, ids);
                Some(new)
            } else {
                None
            };
            memo.lines = lines;
        }
        if moved && sent.is_none() {
            sent = Some(0..memo.ids.len());
        }
        for i in sent.into_iter().flatten() {
            let line = memo.lines.line(i);
            changed.push((memo.ids[i], text_run(line, memo.placed(i), crate::text::bidi::base_rtl(line), scale)));
        }
        if let Some((anchor, caret)) = access.selection {
            let at = |byte: usize| {
                let (i, start) = memo.lines.line_at(byte);
                let line = memo.lines.line(i);
                let byte = byte.clamp(start, start + line.len()) - start;
                let character_index = line.get(..byte).map_or(0, |head| head.chars().count());
                TextPosition { node: memo.ids[i], character_index }
            };
            parent.set_text_selection(TextSelection { anchor: at(anchor), focus: at(caret) });
        }
        memo.ids.clone()
    }

    /// An area's `lines` as AccessKit's nodes under node `id`: a view (where its content box stands, scrolled)
    /// holding, in order, a text run per row `laid` wrapped each line into, with each character's place; the
    /// selection `access` gives set on `parent`. Only the lines that differ from those last sent are cut into rows
    /// and sent, so a keystroke sends the rows of the line typed in; a keystroke that adds or takes a row sends the
    /// rows after it again (they stand elsewhere) and the view, and a scroll moves the view alone. A row not laid
    /// out yet (far from the view and the caret) is sent without places, and again with them when it comes into
    /// view. Without a layout of this text, each line is one run without places.
    fn wrapped(
        &mut self,
        id: NodeId,
        lines: &Lines,
        laid: Option<&Laid>,
        access: &crate::widgets::Access,
        parent: &mut accesskit::Node,
        changed: &mut Vec<(NodeId, accesskit::Node)>,
    ) -> Vec<NodeId> {
        let scale = self.scale;
        let memo = self.texts.entry(id).or_default();
        let cut = laid.map(|l| (l.content.w, l.line_height, scale));
        let fresh = !lines.same(&memo.lines);
        // A layout cut at another width (or none, for a text that changed) wraps every line anew.
        let anew = memo.rows.is_empty() || (memo.cut != cut && (laid.is_some() || fresh));
        let mut redo: Vec<usize> = Vec::new();
        let mut regrown = anew;
        if anew {
            memo.first_ids(id, lines.len());
            memo.rows = vec![Rows::default(); lines.len()];
            memo.unplaced.clear();
            redo.extend(0..lines.len());
        } else if let Some((old, new)) = lines.changed_since(&memo.lines).filter(|_| fresh) {
            let ids = memo.renewed_ids(id, old.clone(), new.len());
            regrown = old.len() != new.len();
            for (gone, rows) in memo.ids[old.clone()].iter().zip(&memo.rows[old.clone()]) {
                for k in 0..rows.count {
                    memo.unplaced.remove(&row_id(*gone, k));
                }
            }
            memo.ids.splice(old.clone(), ids);
            // A line kept one for one keeps its rows as sent until it is cut again: its count says whether the
            // lines after it move.
            let kept: Vec<Rows> = (0..new.len())
                .map(|k| memo.rows.get(old.start + k).filter(|_| k < old.len()).copied().unwrap_or_default())
                .collect();
            memo.rows.splice(old, kept);
            redo.extend(new);
        }
        if fresh {
            memo.lines = lines.clone();
        }
        if let Some(laid) = laid {
            memo.cut = cut;
            if !memo.laid.as_ref().is_some_and(|kept| same_layout(kept, laid)) {
                memo.laid = Some(laid.clone());
            }
            // Rows that come into view with their runs laid out, sent before without places, are sent again.
            let rows = &laid.paragraph.lines;
            let height = laid.line_height.max(1.0);
            let top = (laid.scroll / height).floor().max(0.0) as usize;
            let shown = (laid.content.h / height).ceil() as usize + 1;
            for row in rows.iter().skip(top).take(shown).filter(|row| !row.runs.is_empty()) {
                let (i, _) = lines.line_at(row.bytes.start);
                let line = &memo.rows[i];
                if (0..line.count).any(|k| memo.unplaced.contains(&row_id(memo.ids[i], k))) {
                    redo.push(i);
                }
            }
        } else if anew || fresh {
            memo.cut = None;
            memo.laid = None;
        }
        redo.sort_unstable();
        redo.dedup();
        let laid = memo.laid.as_ref().filter(|_| memo.cut.is_some());
        // How many rows each line redone has now; where a count changed (or lines came or went), every line after
        // the first redone one may stand elsewhere, and those that moved are sent again.
        let mut moved = regrown;
        for &i in &redo {
            let count = row_span(lines, i, laid).map_or(1, |rows| rows.len());
            moved |= count != memo.rows[i].count;
            memo.rows[i].count = count;
        }
        let mut resend = Vec::new();
        if moved {
            let from = redo.first().copied().unwrap_or(memo.rows.len());
            let mut first = from.checked_sub(1).map_or(0, |i| memo.rows[i].first + memo.rows[i].count);
            for i in from..memo.rows.len() {
                let rows = &mut memo.rows[i];
                let shifted = rows.first != first;
                rows.first = first;
                first += rows.count;
                if shifted || redo.binary_search(&i).is_ok() {
                    resend.push(i);
                }
            }
        } else {
            resend = redo;
        }
        for &i in &resend {
            let line = memo.ids[i];
            for (k, (run, placed)) in line_runs(lines, i, memo.rows[i].first, laid, scale).into_iter().enumerate() {
                if placed {
                    memo.unplaced.remove(&row_id(line, k));
                } else {
                    memo.unplaced.insert(row_id(line, k));
                }
                changed.push((row_id(line, k), run));
            }
        }
        let view = view_id(id);
        let placed = laid.map(|l| (l.content.x, l.content.y - l.scroll));
        if moved || memo.view != placed {
            memo.view = placed;
            changed.push((view, view_node(&memo.ids, &memo.rows, laid, scale)));
        }
        if let Some((anchor, caret)) = access.selection {
            let at = |byte: usize| {
                let (i, start) = memo.lines.line_at(byte);
                let line = memo.lines.line(i);
                let (k, from) = match laid {
                    Some(laid) => {
                        let rows = memo.rows[i];
                        let laid_rows =
                            laid.paragraph.lines.get(rows.first..rows.first + rows.count).unwrap_or_default();
                        let k = laid_rows.partition_point(|r| r.bytes.start <= byte).saturating_sub(1);
                        (k, laid_rows.get(k).map_or(start, |r| r.bytes.start.max(start)))
                    }
                    None => (0, start),
                };
                let byte = byte.clamp(from, start + line.len());
                let character_index = line.get(from - start..byte - start).map_or(0, |head| head.chars().count());
                TextPosition { node: row_id(memo.ids[i], k), character_index }
            };
            parent.set_text_selection(TextSelection { anchor: at(anchor), focus: at(caret) });
        }
        vec![view]
    }

    /// The line of text node `text` that its run `run` holds: a screen reader names a place in a text by its run.
    pub fn line_of_run(&self, text: NodeId, run: NodeId) -> Option<usize> {
        self.texts.get(&text)?.ids.iter().position(|id| *id == run)
    }

    /// Where the caret stands before character `character_index` of row `run` of area `text`, as the frame draws
    /// it: the middle of its bar, window pixels (logical). None when the row is not one of the area's, or the
    /// area's rows were not cut from a layout of its text.
    pub fn area_caret(&self, text: NodeId, run: NodeId, character_index: usize) -> Option<(f32, f32)> {
        let sent = self.texts.get(&text)?;
        let laid = sent.laid.as_ref().filter(|_| sent.cut.is_some())?;
        let (i, k) = sent
            .ids
            .iter()
            .zip(&sent.rows)
            .enumerate()
            .find_map(|(i, (id, rows))| (0..rows.count).find(|&k| row_id(*id, k) == run).map(|k| (i, k)))?;
        let span = row_span(&sent.lines, i, Some(laid))?;
        let r = span.start + k;
        // A row past the line's rows in this layout (the rows sent are older than it) has no place.
        if r >= span.end {
            return None;
        }
        let bytes = row_bytes(&sent.lines, i, laid, &span, r);
        let value = laid.text.get(bytes.clone())?;
        let byte = bytes.start + value.char_indices().nth(character_index).map_or(value.len(), |(b, _)| b);
        let bar = laid.caret_rect(byte, true);
        Some((bar.x, bar.y + bar.h / 2.0))
    }

    /// An update that changes nothing (AccessKit asks for one when nothing changed).
    pub fn unchanged(&self) -> TreeUpdate {
        TreeUpdate { nodes: Vec::new(), tree: None, tree_id: TreeId::ROOT, focus: self.focus.unwrap_or(WINDOW) }
    }

    /// Everything AccessKit was told, as one update (an assistive technology that starts listening gets it).
    pub fn full(&self) -> TreeUpdate {
        let mut nodes: Vec<(NodeId, accesskit::Node)> =
            self.sent.iter().map(|(id, node)| (*id, node.clone())).collect();
        for (text, sent) in &self.texts {
            if sent.rows.is_empty() {
                for (i, (id, line)) in sent.ids.iter().zip(sent.lines.iter()).enumerate() {
                    nodes.push((*id, text_run(line, sent.placed(i), crate::text::bidi::base_rtl(line), self.scale)));
                }
                continue;
            }
            let laid = sent.laid.as_ref().filter(|_| sent.cut.is_some());
            nodes.push((view_id(*text), view_node(&sent.ids, &sent.rows, laid, self.scale)));
            for (i, (id, rows)) in sent.ids.iter().zip(&sent.rows).enumerate() {
                let runs = line_runs(&sent.lines, i, rows.first, laid, self.scale);
                nodes.extend(runs.into_iter().enumerate().map(|(k, (run, _))| (row_id(*id, k), run)));
            }
        }
        TreeUpdate { nodes, tree: Some(tree()), tree_id: TreeId::ROOT, focus: self.focus.unwrap_or(WINDOW) }
    }
}

/// The text AccessKit reads of `node`: an input's lines or value, a spinner's value, a label's words; None for
/// other roles.
fn text_of(node: &Node) -> Option<Text<'_>> {
    let a = &node.access;
    match (a.role, &a.text) {
        (Role::TextInput | Role::PasswordInput | Role::MultilineTextInput, Some(lines)) => Some(Text::Lines(lines)),
        (Role::TextInput | Role::PasswordInput | Role::MultilineTextInput | Role::SpinButton, _) => {
            Some(Text::Words(a.value.as_deref().unwrap_or_default()))
        }
        (Role::Label, _) => Some(Text::Words(a.value.as_deref().unwrap_or(&a.name))),
        _ => None,
    }
}

/// Text run `i` of node `parent`: an id that stays while the line keeps its place.
fn run_id(parent: NodeId, i: usize) -> NodeId {
    let mut h = DefaultHasher::new();
    (parent.0, i, "run").hash(&mut h);
    NodeId(h.finish().max(1))
}

/// Row `k` of an area's line `line`: an id that stays while the line keeps its node.
fn row_id(line: NodeId, k: usize) -> NodeId {
    let mut h = DefaultHasher::new();
    (line.0, k, "row").hash(&mut h);
    NodeId(h.finish().max(1))
}

/// The view of area `area`: the container of its rows.
fn view_id(area: NodeId) -> NodeId {
    let mut h = DefaultHasher::new();
    (area.0, "view").hash(&mut h);
    NodeId(h.finish().max(1))
}

/// Whether two layouts of an area are the same one, by what they share rather than by their contents (a 1 MiB
/// area's layout is compared each frame).
fn same_layout(a: &Laid, b: &Laid) -> bool {
    std::sync::Arc::ptr_eq(&a.paragraph, &b.paragraph)
        && std::sync::Arc::ptr_eq(&a.text, &b.text)
        && (a.content, a.scroll, a.line_height) == (b.content, b.scroll, b.line_height)
}

/// An area's view: where its content box stands, scrolled, in device pixels, holding the rows of its lines `ids`
/// (`rows` of each).
fn view_node(ids: &[NodeId], rows: &[Rows], laid: Option<&Laid>, scale: f32) -> accesskit::Node {
    let mut view = accesskit::Node::new(KitRole::GenericContainer);
    if let Some(l) = laid {
        let s = f64::from(scale);
        view.set_transform(Affine::translate((f64::from(l.content.x) * s, f64::from(l.content.y - l.scroll) * s)));
    }
    let children: Vec<NodeId> =
        ids.iter().zip(rows).flat_map(|(line, rows)| (0..rows.count).map(|k| row_id(*line, k))).collect();
    view.set_children(children);
    view
}

/// The rows `laid` wrapped line `i` of `lines` into, as indexes of its laid-out lines; None when the layout is not
/// of this line.
fn row_span(lines: &Lines, i: usize, laid: Option<&Laid>) -> Option<Range<usize>> {
    let laid = laid?;
    let rows = &laid.paragraph.lines;
    let line = lines.line(i);
    let start = lines.start(i);
    let end = start + line.len();
    let first = rows.partition_point(|r| r.bytes.start < start);
    let last = if i + 1 < lines.len() { rows.partition_point(|r| r.bytes.start < end) } else { rows.len() };
    (first < last && laid.text.get(start..end) == Some(line)).then_some(first..last)
}

/// The bytes of line `i` of `lines` that laid-out row `r` holds (`span`: the line's rows, as [`row_span`] gives
/// them, holding `r`): from the row's start, or the line's for its first, to the next row's, or the line's end for its last.
fn row_bytes(lines: &Lines, i: usize, laid: &Laid, span: &Range<usize>, r: usize) -> Range<usize> {
    let rows = &laid.paragraph.lines;
    let from = rows[r].bytes.start.max(lines.start(i));
    let to = if r + 1 < span.end { rows[r + 1].bytes.start } else { lines.start(i) + lines.line(i).len() };
    from..to
}

/// Line `i` of `lines` as text runs, each with whether its characters are placed: a run per row `laid` wrapped
/// it into (the last holding its `\n`), row `first` of the view being its first, with its characters' places where
/// the row's runs were laid out; without a layout of it, the line whole as one run.
fn line_runs(lines: &Lines, i: usize, first: usize, laid: Option<&Laid>, scale: f32) -> Vec<(accesskit::Node, bool)> {
    let line = lines.line(i);
    let (Some(laid), Some(span)) = (laid, row_span(lines, i, laid)) else {
        return vec![(text_run(line, None, crate::text::bidi::base_rtl(line), scale), false)];
    };
    let rows = &laid.paragraph.lines;
    span.clone()
        .enumerate()
        .map(|(k, r)| {
            let row = &rows[r];
            let Range { start: from, end: to } = row_bytes(lines, i, laid, &span, r);
            let value = laid.text.get(from..to).unwrap_or_default();
            // A row whose runs were not cut (far from the view and the caret) has no places yet.
            let placed = !row.runs.is_empty() || row.bytes.is_empty();
            let x = laid.line_x.get(r).copied().unwrap_or(0.0);
            let mut run = text_run(value, None, row.rtl, scale);
            let s = f64::from(scale);
            let (y, h) = ((first + k) as f64 * f64::from(laid.line_height), f64::from(laid.line_height));
            if placed {
                let at: Vec<usize> = value.char_indices().map(|(b, _)| from + b).collect();
                let boxes: Vec<(f32, f32)> =
                    row.boxes(&laid.text, &at).into_iter().map(|(left, right)| (x + left, x + right)).collect();
                let left = boxes.iter().map(|b| b.0).fold(x + row.width_px, f32::min).min(x);
                let right = boxes.iter().map(|b| b.1).fold(x, f32::max).max(x + row.width_px);
                // AccessKit counts a character's place from the run's start edge: its right in a right-to-left row.
                let (positions, widths): (Vec<f32>, Vec<f32>) = boxes
                    .iter()
                    .map(|&(l, r)| ((if row.rtl { right - r } else { l - left }) * scale, (r - l) * scale))
                    .unzip();
                run.set_character_positions(positions);
                run.set_character_widths(widths);
                run.set_bounds(KitRect {
                    x0: f64::from(left) * s,
                    y0: y * s,
                    x1: f64::from(right) * s,
                    y1: (y + h) * s,
                });
            } else {
                let (x, w) = (f64::from(x), f64::from(row.width_px));
                run.set_bounds(KitRect { x0: x * s, y0: y * s, x1: (x + w) * s, y1: (y + h) * s });
            }
            (run, placed)
        })
        .collect()
}

/// One line as a text run: its characters (AT-SPI counts characters, AccessKit their UTF-8 lengths) and direction,
/// and where `placed` says its characters stand, each one's place and width in device pixels from the run's start
/// edge (AT-SPI's per-character and range extents).
fn text_run(line: &str, placed: Option<&Placed>, rtl: bool, scale: f32) -> accesskit::Node {
    let mut run = accesskit::Node::new(KitRole::TextRun);
    run.set_value(line);
    let lengths: Vec<u8> = line.chars().map(|c| c.len_utf8() as u8).collect();
    run.set_text_direction(if rtl { TextDirection::RightToLeft } else { TextDirection::LeftToRight });
    if let Some(placed) = placed.filter(|p| p.carets.len() == lengths.len() + 1) {
        let b = placed.line();
        let (positions, widths): (Vec<f32>, Vec<f32>) = (0..lengths.len())
            .filter_map(|i| placed.edges(i))
            .map(|(left, right)| {
                let from = if rtl { b.x + b.w - right } else { left - b.x };
                (from * scale, (right - left) * scale)
            })
            .unzip();
        let s = f64::from(scale);
        let (x, y, w, h) = (f64::from(b.x), f64::from(b.y), f64::from(b.w), f64::from(b.h));
        run.set_bounds(KitRect { x0: x * s, y0: y * s, x1: (x + w) * s, y1: (y + h) * s });
        run.set_character_positions(positions);
        run.set_character_widths(widths);
    }
    run.set_character_lengths(lengths);
    run
}

/// The tree's description: its root and the toolkit that made it.
fn tree() -> TreeInfo {
    TreeInfo {
        toolkit_name: Some("goldberry".to_owned()),
        toolkit_version: Some(env!("CARGO_PKG_VERSION").to_owned()),
        ..TreeInfo::new(WINDOW)
    }
}

/// A node's AccessKit id: a hash of its key, the same for as long as the widget (part) exists, never the window's.
pub fn id_of(node: &Node) -> NodeId {
    let mut h = DefaultHasher::new();
    node.widget.hash(&mut h);
    node.part.hash(&mut h);
    NodeId(h.finish().max(1))
}

/// `node` as AccessKit's node, its bounds scaled to device pixels.
pub fn to_kit(node: &Node, scale: f32) -> accesskit::Node {
    let a = &node.access;
    // AccessKit reads every password input as dots: a shown one goes as a text input marked a password, whose
    // role the AT-SPI layer serves as a password's (GTK's shown password reads its characters).
    let revealed = a.role == Role::PasswordInput && a.revealed;
    let mut kit = accesskit::Node::new(if revealed { KitRole::TextInput } else { role(a.role) });
    if revealed {
        kit.set_class_name(REVEALED_PASSWORD);
    }
    kit.set_label(a.name.clone());
    match (&a.value, a.role) {
        // An input's text goes as its runs (see [`KitTree::update`]), not again as one value with every keystroke.
        (Some(_), Role::TextInput | Role::PasswordInput | Role::MultilineTextInput) => {}
        (Some(value), _) => kit.set_value(value.clone()),
        // A label's text is its value to AccessKit, besides its name.
        (None, Role::Label | Role::Status) => kit.set_value(a.name.clone()),
        (None, _) => {}
    }
    if let Some(r) = a.range {
        kit.set_numeric_value(r.value);
        kit.set_min_numeric_value(r.min);
        kit.set_max_numeric_value(r.max);
        kit.set_numeric_value_step(r.step);
    }
    if matches!(a.role, Role::CheckBox | Role::Switch | Role::RadioButton) || a.has("checked") || a.has("mixed") {
        kit.set_toggled(if a.has("mixed") { Toggled::Mixed } else { Toggled::from(a.has("checked")) });
    }
    if a.has("disabled") {
        kit.set_disabled();
    }
    if a.has("readonly") {
        kit.set_read_only();
    }
    if a.has("expanded") || a.has("collapsed") {
        kit.set_expanded(a.has("expanded"));
    }
    if let Some((position, _)) = a.set {
        // AccessKit counts from 0, where ARIA and the report count from 1.
        kit.set_position_in_set(position.saturating_sub(1));
    }
    if let Some(level) = a.level {
        kit.set_level(level);
    }
    if a.has("selected") {
        kit.set_selected(true);
    }
    if a.has("invalid") {
        kit.set_invalid(Invalid::True);
    }
    if matches!(
        a.role,
        Role::Slider | Role::SpinButton | Role::ProgressIndicator | Role::Meter | Role::MenuBar | Role::TabList
    ) {
        // GTK says which way each of these runs; goldberry's run across unless they say "vertical".
        kit.set_orientation(if a.has("vertical") { Orientation::Vertical } else { Orientation::Horizontal });
    }
    if a.has("required") {
        kit.set_required();
    }
    if a.has("busy") {
        kit.set_busy();
    }
    if a.role == Role::Dialog {
        kit.set_modal();
    }
    if let Some(description) = &a.description {
        kit.set_description(description.clone());
    }
    if let Some(shortcut) = a.shortcut {
        kit.set_keyboard_shortcut(shortcut);
    }
    for action in actions(a.role) {
        kit.add_action(*action);
    }
    if a.context_menu {
        kit.add_action(Action::ShowContextMenu);
    }
    let editing = Editing::offered(a);
    if !editing.is_empty() {
        kit.set_custom_actions(
            editing
                .into_iter()
                .map(|e| CustomAction { id: e.id(), description: e.name().to_owned() })
                .collect::<Vec<_>>(),
        );
    }
    let s = f64::from(scale);
    let b = node.bounds;
    let (x, y, w, h) = (f64::from(b.x), f64::from(b.y), f64::from(b.w), f64::from(b.h));
    kit.set_bounds(KitRect { x0: x * s, y0: y * s, x1: (x + w) * s, y1: (y + h) * s });
    kit
}

/// What assistive technology may ask a widget of `role` to do.
pub fn actions(role: Role) -> &'static [Action] {
    match role {
        Role::Button
        | Role::CheckBox
        | Role::Switch
        | Role::Tab
        | Role::MenuItem
        | Role::MenuButton
        | Role::RadioButton
        | Role::TreeItem => &[Action::Click, Action::Focus],
        Role::ComboBox => &[Action::Click, Action::Focus, Action::Expand],
        Role::Slider | Role::SpinButton => &[Action::Increment, Action::Decrement, Action::SetValue, Action::Focus],
        // A text's caret and selection are set by a press and a drag where its characters are drawn.
        Role::TextInput | Role::PasswordInput | Role::MultilineTextInput => {
            &[Action::Focus, Action::SetValue, Action::SetTextSelection]
        }
        Role::RadioGroup
        | Role::TabList
        | Role::MenuBar
        | Role::Group
        | Role::List
        | Role::Tree
        | Role::Menu
        | Role::Dialog
        | Role::Splitter => &[Action::Focus],
        Role::ProgressIndicator
        | Role::Meter
        | Role::Article
        | Role::Status
        | Role::Label
        | Role::Image
        | Role::ListItem => &[],
    }
}

/// Our role as AccessKit's.
fn role(role: Role) -> KitRole {
    match role {
        Role::Button => KitRole::Button,
        Role::CheckBox => KitRole::CheckBox,
        Role::RadioGroup => KitRole::RadioGroup,
        Role::Switch => KitRole::Switch,
        Role::Slider => KitRole::Slider,
        Role::SpinButton => KitRole::SpinButton,
        Role::ProgressIndicator => KitRole::ProgressIndicator,
        Role::Meter => KitRole::Meter,
        Role::TextInput => KitRole::TextInput,
        Role::PasswordInput => KitRole::PasswordInput,
        Role::MultilineTextInput => KitRole::MultilineTextInput,
        Role::ComboBox => KitRole::ComboBox,
        Role::MenuBar => KitRole::MenuBar,
        Role::MenuButton => KitRole::Button,
        Role::TabList => KitRole::TabList,
        Role::Tab => KitRole::Tab,
        Role::MenuItem => KitRole::MenuItem,
        Role::Group => KitRole::Group,
        Role::Article => KitRole::Article,
        Role::Status => KitRole::Status,
        Role::Splitter => KitRole::Splitter,
        Role::Label => KitRole::Label,
        Role::Image => KitRole::Image,
        Role::List => KitRole::List,
        Role::RadioButton => KitRole::RadioButton,
        Role::ListItem => KitRole::ListItem,
        Role::Tree => KitRole::Tree,
        Role::TreeItem => KitRole::TreeItem,
        Role::Menu => KitRole::Menu,
        Role::Dialog => KitRole::Dialog,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Rect;
    use crate::widgets::Access;

    const SIZE: (u32, u32) = (960, 640);

    fn slider(value: f64) -> Node {
        let access = Access::new(Role::Slider, "Volume").value(format!("{value}")).range(value, 0.0, 100.0, 1.0);
        Node::part("values.volume", 0, access, Rect::new(10.0, 20.0, 200.0, 24.0))
    }

    #[test]
    fn every_widget_of_every_screen_is_named_and_offers_what_its_role_does() {
        let mut nodes = Vec::new();
        for entry in crate::screens::SCREENS {
            (entry.state)().access(&[], &crate::ui::settings::Settings::default(), &mut nodes);
        }
        assert!(nodes.len() > 80, "every screen's widgets: {}", nodes.len());
        for node in &nodes {
            let kit = to_kit(node, 1.0);
            let role = node.access.role;
            if role.interactive() {
                assert!(!node.access.name.trim().is_empty(), "an unnamed {role:?}");
                assert!(!actions(role).is_empty(), "{role:?} {} offers no action", node.access.name);
                assert!(kit.supports_action(Action::Focus), "{role:?} {} takes no focus", node.access.name);
            }
            match role {
                Role::CheckBox | Role::Switch => {
                    assert!(kit.toggled().is_some(), "{}: checked or not", node.access.name)
                }
                Role::Slider | Role::SpinButton => {
                    assert!(
                        kit.numeric_value().is_some() && kit.supports_action(Action::Increment),
                        "{}",
                        node.access.name
                    )
                }
                _ => {}
            }
            assert_eq!(kit.is_disabled(), node.access.has("disabled"));
        }
    }

    #[test]
    fn the_first_update_holds_everything_then_only_what_changed() {
        let mut tree = KitTree::default();
        let button = Node::part("b", 0, Access::new(Role::Button, "Save"), Rect::new(0.0, 0.0, 80.0, 32.0));
        let first = tree.update("values", &[button.clone(), slider(40.0)], 2.0, SIZE).expect("a first update");
        assert_eq!(first.nodes.len(), 3, "the window and two widgets");
        assert!(first.tree.is_some());
        assert!(tree.update("values", &[button.clone(), slider(40.0)], 2.0, SIZE).is_none(), "nothing changed");
        let moved = tree.update("values", &[button.clone(), slider(41.0)], 2.0, SIZE).expect("the slider moved");
        assert_eq!(moved.nodes.len(), 1, "only the slider: {:?}", moved.nodes);
        assert_eq!(moved.nodes[0].1.numeric_value(), Some(41.0));
        let b = moved.nodes[0].1.bounds().expect("bounds");
        assert_eq!((b.x0, b.y0, b.x1, b.y1), (20.0, 40.0, 420.0, 88.0), "in device pixels");
        let gone = tree.update("values", &[button], 2.0, SIZE).expect("the slider left");
        assert_eq!(gone.nodes.len(), 1, "the window, naming one child");
        assert_eq!(gone.nodes[0].1.children().len(), 1);
    }

    fn notes(text: &str, anchor: usize, caret: usize) -> Node {
        let access = Access::new(Role::MultilineTextInput, "Notes").value(text).selection(anchor, caret);
        Node::part("notes", 0, access, Rect::new(0.0, 0.0, 300.0, 200.0))
    }

    #[test]
    fn a_text_is_one_run_a_line_and_a_keystroke_sends_the_line_it_changed() {
        let lines: Vec<String> = (0..1000).map(|i| format!("line {i} é\n")).collect();
        let text = lines.concat();
        let mut tree = KitTree::default();
        let first = tree.update("notes", &[notes(&text, 0, 0)], 1.0, SIZE).expect("a first update");
        assert_eq!(
            first.nodes.len(),
            2 + 1001,
            "the window, the area, 1000 lines and the empty one after the last break"
        );
        let at = lines[..500].concat().len() + "line 500 é".len();
        let typed = format!("{}x{}", &text[..at], &text[at..]);
        let update = tree.update("notes", &[notes(&typed, at + 1, at + 1)], 1.0, SIZE).expect("a keystroke");
        let area = id_of(&notes("", 0, 0));
        let sent: Vec<NodeId> = update.nodes.iter().map(|(id, _)| *id).collect();
        assert_eq!(sent, [run_id(area, 500), area], "the line typed in and the area's new caret");
        assert_eq!(update.nodes[0].1.value(), Some("line 500 éx\n"));
        assert_eq!(update.nodes[0].1.character_lengths(), [1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1, 1], "é is two bytes");
        let caret = update.nodes[1].1.text_selection().expect("a caret").focus;
        assert_eq!((caret.node, caret.character_index), (run_id(area, 500), 11), "after the x, in characters");
    }

    #[test]
    fn a_selection_across_lines_names_each_end_s_run_and_a_caret_after_the_last_break_stands_on_an_empty_line() {
        let mut tree = KitTree::default();
        let update = tree.update("notes", &[notes("ab\ncd\n", 1, 6)], 1.0, SIZE).expect("an update");
        let area = id_of(&notes("", 0, 0));
        let node = &update.nodes.iter().find(|(id, _)| *id == area).expect("the area").1;
        assert_eq!(node.children(), [run_id(area, 0), run_id(area, 1), run_id(area, 2)]);
        let selection = node.text_selection().expect("a selection");
        assert_eq!((selection.anchor.node, selection.anchor.character_index), (run_id(area, 0), 1));
        assert_eq!((selection.focus.node, selection.focus.character_index), (run_id(area, 2), 0));
        let empty = tree.update("notes", &[notes("", 0, 0)], 1.0, SIZE).expect("emptied");
        let node = &empty.nodes.iter().find(|(id, _)| *id == area).expect("the area").1;
        let [run] = node.children() else { panic!("an empty text is one empty run: {:?}", node.children()) };
        assert_eq!(node.text_selection().map(|s| (s.focus.node, s.focus.character_index)), Some((*run, 0)));
    }

    #[test]
    fn expanded_invalid_level_and_shortcut_are_on_accesskit_s_node() {
        let row = Access::new(Role::TreeItem, "src").state("expanded", true).level(2);
        let row = to_kit(&Node::part("tree", 1, row, Rect::new(0.0, 0.0, 100.0, 20.0)), 1.0);
        assert_eq!((row.is_expanded(), row.level()), (Some(true), Some(2)));
        let shut = Access::new(Role::TreeItem, "docs").state("collapsed", true).level(1);
        assert_eq!(to_kit(&Node::part("tree", 2, shut, Rect::new(0.0, 0.0, 1.0, 1.0)), 1.0).is_expanded(), Some(false));
        let copy = Access::new(Role::MenuItem, "Copy").shortcut(Some("Ctrl+C"));
        assert_eq!(
            to_kit(&Node::part("menu", 0, copy, Rect::new(0.0, 0.0, 1.0, 1.0)), 1.0).keyboard_shortcut(),
            Some("Ctrl+C")
        );
        let terms =
            Access::new(Role::CheckBox, "I accept the terms").state("invalid", true).description(Some("Required"));
        let terms = to_kit(&Node::part("terms", 0, terms, Rect::new(0.0, 0.0, 1.0, 1.0)), 1.0);
        assert_eq!((terms.invalid(), terms.description()), (Some(Invalid::True), Some("Required")));
    }

    fn field(value: &str, carets: Vec<f32>) -> Node {
        let placed = Placed { y: 10.0, h: 20.0, carets };
        let access = Access::new(Role::TextInput, "Name").value(value).selection(0, 0).placed(Some(placed));
        Node::part("name", 0, access, Rect::new(0.0, 5.0, 200.0, 30.0))
    }

    #[test]
    fn a_field_s_characters_stand_from_its_run_s_start_edge_in_device_pixels_and_move_with_it() {
        let mut tree = KitTree::default();
        let run = run_id(id_of(&field("", Vec::new())), 0);
        let first = tree.update("forms", &[field("ab", vec![5.0, 12.0, 20.0])], 2.0, SIZE).expect("an update");
        let kit = &first.nodes.iter().find(|(id, _)| *id == run).expect("the run").1;
        assert_eq!(kit.character_positions(), Some(&[0.0, 14.0][..]));
        assert_eq!(kit.character_widths(), Some(&[14.0, 16.0][..]));
        let b = kit.bounds().expect("the line's box");
        assert_eq!((b.x0, b.y0, b.x1, b.y1), (10.0, 20.0, 40.0, 60.0));
        let scrolled = tree.update("forms", &[field("ab", vec![2.0, 9.0, 17.0])], 2.0, SIZE).expect("scrolled");
        assert_eq!(scrolled.nodes.iter().map(|(id, _)| *id).collect::<Vec<_>>(), [run], "the run alone, moved");
        // Right to left, a character's place is counted from the line's right edge.
        let rtl = tree.update("forms", &[field("אב", vec![20.0, 12.0, 5.0])], 1.0, SIZE).expect("retyped");
        let kit = &rtl.nodes.iter().find(|(id, _)| *id == run).expect("the run").1;
        assert_eq!(kit.character_positions(), Some(&[0.0, 8.0][..]));
        assert_eq!(kit.character_widths(), Some(&[8.0, 7.0][..]));
        assert_eq!(tree.line_of_run(id_of(&field("", Vec::new())), run), Some(0));
    }

    #[test]
    fn a_widget_s_parts_are_its_children_and_its_set_s_size_is_on_it() {
        let bar = Node::part("bar", 0, Access::new(Role::MenuBar, "Menu bar"), Rect::new(0.0, 0.0, 120.0, 30.0));
        let bar = Node { part: None, ..bar };
        let item = |i: u8, name: &str| {
            let access = Access::new(Role::MenuItem, name).item(usize::from(i) + 1, 2);
            Node::part("bar", i, access, Rect::new(f32::from(i) * 60.0, 0.0, 60.0, 30.0))
        };
        let nodes = [bar.clone(), item(0, "File"), item(1, "Edit")];
        let update = KitTree::default().update("menus", &nodes, 1.0, SIZE).expect("a first update");
        let of = |node: &Node| update.nodes.iter().find(|(id, _)| *id == id_of(node)).map(|(_, n)| n.clone());
        let window = update.nodes.iter().find(|(id, _)| *id == WINDOW).expect("the window").1.clone();
        assert_eq!(window.children(), [id_of(&bar)], "the items hang from the bar, not the window");
        let bar_kit = of(&bar).expect("the bar");
        assert_eq!(bar_kit.children(), [id_of(&nodes[1]), id_of(&nodes[2])]);
        assert_eq!(bar_kit.size_of_set(), Some(2), "the set's size on its container");
        assert_eq!(of(&nodes[2]).and_then(|n| n.position_in_set()), Some(1), "AccessKit counts places from 0");
    }

    /// A kit area 200 px wide holding `text`, laid out as a frame lays it out, and its node.
    fn laid_area(area: &mut crate::widgets::area::Area) -> Node {
        use crate::widgets::{Density, Measure, Widget, pen::KitFonts};
        let fonts = crate::test_support::fonts();
        let m = Measure { fonts, f: KitFonts::new(fonts), density: Density::Regular };
        let rect = Rect::new(30.0, 40.0, 200.0, 136.0);
        let laid = area.lay_text(&m, rect, false).expect("an area lays out its text");
        area.take_laid(laid);
        Node::part("notes", 0, area.access(), rect)
    }

    /// Where a node stands in the window: its bounds through its own and its ancestors' transforms.
    fn in_window(update: &TreeUpdate, id: NodeId) -> (f64, f64, f64, f64) {
        let node = |id: NodeId| update.nodes.iter().find(|(n, _)| *n == id).map(|(_, node)| node);
        let parent = |id: NodeId| update.nodes.iter().find(|(_, n)| n.children().contains(&id)).map(|(p, _)| *p);
        let mut at = node(id).and_then(|n| n.bounds()).expect("bounds");
        let mut walk = Some(id);
        while let Some(now) = walk {
            if let Some(t) = node(now).and_then(|n| n.transform()) {
                at = t.transform_rect_bbox(at);
            }
            walk = parent(now);
        }
        (at.x0, at.y0, at.x1, at.y1)
    }

    #[test]
    fn an_area_is_a_run_per_wrapped_row_with_its_characters_where_they_are_drawn() {
        use crate::widgets::area::Area;
        let text = "The quick brown fox jumps over the lazy dog and runs on\nshort\nend";
        let mut area = Area::new("notes", "Notes", text, 200.0);
        let node = laid_area(&mut area);
        let laid = area.drawn().expect("the frame's layout is of the text").clone();
        let mut tree = KitTree::default();
        let first = tree.update("notes", std::slice::from_ref(&node), 2.0, SIZE).expect("a first update");
        let of = |id: NodeId| first.nodes.iter().find(|(n, _)| *n == id).map(|(_, node)| node.clone());
        let id = id_of(&node);
        assert_eq!(of(id).expect("the area").children(), [view_id(id)]);
        let lines: Vec<NodeId> = (0..3).map(|i| run_id(id, i)).collect();
        let all = of(view_id(id)).expect("the view").children().to_vec();
        let rows: Vec<NodeId> = all.iter().copied().take_while(|r| *r != row_id(lines[1], 0)).collect();
        assert_eq!(rows.first(), Some(&row_id(lines[0], 0)), "the view holds the rows in order");
        assert!(rows.len() >= 2, "the long line wraps: {} rows", rows.len());
        assert_eq!(all[rows.len()..], [row_id(lines[1], 0), row_id(lines[2], 0)], "a row each for the short lines");
        let values: String =
            rows.iter().map(|r| of(*r).and_then(|n| n.value().map(str::to_owned)).unwrap_or_default()).collect();
        assert_eq!(
            values, "The quick brown fox jumps over the lazy dog and runs on\n",
            "its rows hold the line, in order"
        );
        // Every character of every row stands where the frame draws its caret, in device pixels.
        let mut byte = 0;
        for row in &rows {
            let run = of(*row).expect("a row");
            let (positions, widths) =
                (run.character_positions().expect("places"), run.character_widths().expect("widths"));
            assert_eq!(positions.len(), run.character_lengths().len());
            assert_eq!(widths.len(), positions.len());
            let (x0, y0, _, y1) = in_window(&first, *row);
            for (j, length) in run.character_lengths().iter().enumerate() {
                let caret = laid.caret_rect(byte, true);
                let at = text[byte..].chars().next().expect("a character");
                assert!(
                    (x0 + f64::from(positions[j]) - f64::from(caret.x) * 2.0).abs() < 0.01,
                    "{at:?} at byte {byte}: {} against {}",
                    x0 + f64::from(positions[j]),
                    caret.x * 2.0
                );
                assert!(
                    (y0 - f64::from(caret.y) * 2.0).abs() < 0.01
                        && (y1 - f64::from(caret.y + caret.h) * 2.0).abs() < 0.01,
                    "{at:?}'s row at {y0}..{y1}, its caret at {}",
                    caret.y * 2.0
                );
                byte += usize::from(*length);
            }
        }
        let (_, top_0, _, _) = in_window(&first, rows[0]);
        let (_, top_1, _, _) = in_window(&first, rows[1]);
        assert!(top_1 > top_0, "the second row stands below the first");

        // A letter typed on the last line sends that line's row, and the area's caret.
        area.edit.move_to(text.len(), false);
        area.edit.insert("s", true).expect("room for a letter");
        let node = laid_area(&mut area);
        let typed = tree.update("notes", std::slice::from_ref(&node), 2.0, SIZE).expect("a keystroke");
        let mut sent: Vec<NodeId> = typed.nodes.iter().map(|(id, _)| *id).collect();
        sent.sort();
        let mut want = vec![row_id(lines[2], 0), id];
        want.sort();
        assert_eq!(sent, want, "the row typed in and the area");
        let caret = typed.nodes.iter().find(|(n, _)| *n == id).and_then(|(_, n)| n.text_selection()).expect("a caret");
        assert_eq!((caret.focus.node, caret.focus.character_index), (row_id(lines[2], 0), 4));

        // A letter that adds a row to the first line moves the rows after it down a row; until then, a letter
        // sends that line's rows alone.
        let mut added = None;
        for _ in 0..40 {
            area.edit.move_to(text.find('\n').expect("a break"), false);
            area.edit.insert("w", true).expect("room for a letter");
            let node = laid_area(&mut area);
            let update = tree.update("notes", std::slice::from_ref(&node), 2.0, SIZE).expect("a keystroke");
            if update.nodes.iter().any(|(n, _)| *n == view_id(id)) {
                added = Some(update);
                break;
            }
            let ids: Vec<NodeId> = update.nodes.iter().map(|(id, _)| *id).collect();
            assert!(!ids.contains(&row_id(lines[1], 0)) && ids.contains(&row_id(lines[0], 0)), "{ids:?}");
        }
        let added = added.expect("the first line wrapped onto another row");
        let view = added.nodes.iter().find(|(n, _)| *n == view_id(id)).expect("the view").1.clone();
        assert_eq!(view.children().len(), all.len() + 1, "a row more");
        let (_, top, _, _) = in_window(&added, row_id(lines[1], 0));
        assert!((top - (in_window(&first, row_id(lines[1], 0)).1 + 2.0 * f64::from(laid.line_height))).abs() < 0.01);
    }

    #[test]
    fn a_row_far_from_the_view_is_placed_when_it_comes_into_view_and_a_scroll_moves_the_view_alone() {
        use crate::widgets::area::Area;
        let text: String = (0..200).map(|i| format!("line {i}\n")).collect();
        let mut area = Area::new("notes", "Notes", &text, 200.0).at_start();
        let node = laid_area(&mut area);
        let id = id_of(&node);
        let far = row_id(run_id(id, 150), 0);
        let mut tree = KitTree::default();
        let first = tree.update("notes", std::slice::from_ref(&node), 1.0, SIZE).expect("a first update");
        let run = &first.nodes.iter().find(|(n, _)| *n == far).expect("every row is sent").1;
        assert!(run.character_positions().is_none() && run.bounds().is_some(), "a row not laid out has its box only");
        // The wheel scrolls 150 lines down (three a notch): the frame lays out the rows it shows.
        let (mut clipboard, mut popup) = (String::new(), None);
        let mut cx = crate::widgets::Cx {
            rect: Rect::default(),
            now: 0.0,
            mirrored: false,
            clipboard: &mut clipboard,
            popup: &mut popup,
        };
        let wheel = crate::ui::router::Message::Wheel {
            target: crate::ui::router::Target { id: "notes", part: 0 },
            dx: 0.0,
            dy: -50.0,
        };
        crate::widgets::Widget::handle(&mut area, &wheel, &mut cx);
        let node = laid_area(&mut area);
        let moved = tree.update("notes", std::slice::from_ref(&node), 1.0, SIZE).expect("scrolled");
        let sent: Vec<NodeId> = moved.nodes.iter().map(|(n, _)| *n).collect();
        assert!(sent.contains(&view_id(id)), "the view moved");
        let run = &moved.nodes.iter().find(|(n, _)| *n == far).expect("the row came into view").1;
        assert_eq!(run.character_positions().map(<[f32]>::len), Some("line 150\n".len()));
        assert!(!sent.contains(&row_id(run_id(id, 10), 0)), "rows that were placed are not sent again");
        // Where it is drawn: its first character at the caret's place, through the view's new transform.
        let laid = area.drawn().expect("the frame's layout").clone();
        let caret = laid.caret_rect(text.find("line 150").expect("line 150"), true);
        let view = &moved.nodes.iter().find(|(n, _)| *n == view_id(id)).expect("the view").1;
        let at = view.transform().expect("the view's place").transform_rect_bbox(run.bounds().expect("its box"));
        assert!(
            (at.x0 - f64::from(caret.x)).abs() < 0.01 && (at.y0 - f64::from(caret.y)).abs() < 0.01,
            "{at:?} {caret:?}"
        );
        assert!(tree.update("notes", std::slice::from_ref(&node), 1.0, SIZE).is_none(), "nothing more to send");
    }

    #[test]
    fn a_shown_password_goes_as_a_text_input_marked_a_password_and_a_hidden_one_as_a_password() {
        let password = |revealed: bool| {
            let access = Access::new(Role::PasswordInput, "Password").value("secret").revealed(revealed);
            to_kit(&Node::part("password", 0, access, Rect::new(0.0, 0.0, 100.0, 20.0)), 1.0)
        };
        let (hidden, shown) = (password(false), password(true));
        assert_eq!((hidden.role(), hidden.class_name()), (KitRole::PasswordInput, None));
        assert_eq!((shown.role(), shown.class_name()), (KitRole::TextInput, Some(REVEALED_PASSWORD)));
    }
}
