//! The cascade: an element's style from the rules that match it (by specificity, then source order), its parent's
//! style (custom properties and the inherited properties), and `var()` read against the custom properties it ends
//! up with. [`Styler`] keeps a tree of the elements a page has and caches each style by element and state, so that
//! a hover computes one element's style and nothing else.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use super::selector::{Element, Specificity, States};
use super::sheet::{Said, Stylesheet};
use super::transition::Transitions;
use super::value::{self, Length, Prop, Value};
use super::vars::{self, Customs};
use crate::geom::Color;
use crate::located::Located;

/// An element's computed style: what each property of the subset came to (None: nothing set it).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Computed {
    /// `background`.
    pub background: Option<Color>,
    /// `color`.
    pub color: Option<Color>,
    /// `border-color`.
    pub border: Option<Color>,
    /// `accent-color`.
    pub accent: Option<Color>,
    /// `outline-color`: the focus ring.
    pub outline: Option<Color>,
    /// `muted-color`: secondary text.
    pub muted: Option<Color>,
    /// `border-radius`.
    pub radius: Option<Length>,
    /// `gap`.
    pub gap: Option<Length>,
    /// `padding`.
    pub padding: Option<Length>,
    /// `width`.
    pub width: Option<Length>,
    /// `font-size`.
    pub font_size: Option<Length>,
    /// What it states of its layout.
    pub layout: LayoutStyle,
    /// `transition` and its longhands.
    pub transition: Transitions,
    /// The custom properties in force (shared with the parent's when the element sets none).
    pub customs: Arc<Customs>,
}

/// What an element states of its layout as a flex container or item (none of it is inherited); the document's
/// screen lays rows and widgets out with it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LayoutStyle {
    /// `height`.
    pub height: Option<Length>,
    /// `min-width`.
    pub min_width: Option<Length>,
    /// `max-width`.
    pub max_width: Option<Length>,
    /// `margin`.
    pub margin: Option<Length>,
    /// `row-gap`.
    pub row_gap: Option<Length>,
    /// `column-gap`.
    pub column_gap: Option<Length>,
    /// `flex-basis`.
    pub basis: Option<Length>,
    /// `flex-grow`.
    pub grow: Option<f32>,
    /// `flex-shrink`.
    pub shrink: Option<f32>,
    /// `justify-content`.
    pub justify: Option<&'static str>,
    /// `align-items`.
    pub align_items: Option<&'static str>,
    /// `align-self`.
    pub align_self: Option<&'static str>,
    /// `flex-direction`.
    pub direction: Option<&'static str>,
    /// `flex-wrap`.
    pub wrap: Option<&'static str>,
}

impl Computed {
    fn set(&mut self, prop: Prop, v: Value) {
        match (prop, v) {
            (Prop::Background, Value::Colour(c)) => self.background = Some(c),
            (Prop::Color, Value::Colour(c)) => self.color = Some(c),
            (Prop::BorderColor, Value::Colour(c)) => self.border = Some(c),
            (Prop::Accent, Value::Colour(c)) => self.accent = Some(c),
            (Prop::OutlineColor, Value::Colour(c)) => self.outline = Some(c),
            (Prop::Muted, Value::Colour(c)) => self.muted = Some(c),
            (Prop::Radius, Value::Length(l)) => self.radius = Some(l),
            (Prop::Gap, Value::Length(l)) => self.gap = Some(l),
            (Prop::Padding, Value::Length(l)) => self.padding = Some(l),
            (Prop::Width, Value::Length(l)) => self.width = Some(l),
            (Prop::FontSize, Value::Length(l)) => self.font_size = Some(l),
            (Prop::Height, Value::Length(l)) => self.layout.height = Some(l),
            (Prop::MinWidth, Value::Length(l)) => self.layout.min_width = Some(l),
            (Prop::MaxWidth, Value::Length(l)) => self.layout.max_width = Some(l),
            (Prop::Margin, Value::Length(l)) => self.layout.margin = Some(l),
            (Prop::RowGap, Value::Length(l)) => self.layout.row_gap = Some(l),
            (Prop::ColumnGap, Value::Length(l)) => self.layout.column_gap = Some(l),
            (Prop::FlexBasis, Value::Length(l)) => self.layout.basis = Some(l),
            (Prop::FlexGrow, Value::Number(v)) => self.layout.grow = Some(v),
            (Prop::FlexShrink, Value::Number(v)) => self.layout.shrink = Some(v),
            (Prop::JustifyContent, Value::Keyword(k)) => self.layout.justify = Some(k),
            (Prop::AlignItems, Value::Keyword(k)) => self.layout.align_items = Some(k),
            (Prop::AlignSelf, Value::Keyword(k)) => self.layout.align_self = Some(k),
            (Prop::FlexDirection, Value::Keyword(k)) => self.layout.direction = Some(k),
            (Prop::FlexWrap, Value::Keyword(k)) => self.layout.wrap = Some(k),
            (Prop::Transition(_), Value::Transition(t)) => self.transition.overlay(&t),
            // value::parse reads each property's kind of value: a colour, a length, a number or a keyword.
            _ => {}
        }
    }

    /// The inherited properties that nothing set take the parent's values.
    fn inherit(&mut self, parent: &Computed) {
        self.color = self.color.or(parent.color);
        self.accent = self.accent.or(parent.accent);
        self.outline = self.outline.or(parent.outline);
        self.muted = self.muted.or(parent.muted);
        self.font_size = self.font_size.or(parent.font_size);
    }
}

/// Computes the style of `e`, inside `ancestors` (outermost first), whose parent has `parent`'s style; the root
/// (no parent) starts from the custom properties `root` (the theme's). A value whose `var()` cannot be substituted
/// or read is skipped, and said in `warnings`.
pub fn compute(
    sheet: &Stylesheet,
    (e, ancestors): (&Element<'_>, &[Element<'_>]),
    parent: Option<&Computed>,
    root: &Arc<Customs>,
    warnings: &mut Vec<(usize, String)>,
) -> Computed {
    // Each matching rule once, at the specificity of its weightiest matching selector.
    let mut matched: Vec<(Specificity, usize)> = sheet
        .rules
        .iter()
        .enumerate()
        .filter_map(|(i, rule)| {
            rule.selectors.iter().filter(|(s, _)| s.matches(e, ancestors)).map(|(_, spec)| *spec).max().map(|s| (s, i))
        })
        .collect();
    matched.sort_unstable();
    let declarations = || matched.iter().flat_map(|(_, i)| &sheet.rules[*i].declarations);
    let customs = parent.map_or_else(|| root.clone(), |p| p.customs.clone());
    let mut style = Computed { customs, ..Computed::default() };
    // The custom properties first: a var() reads the element's final ones, wherever it stands.
    for d in declarations() {
        if let Said::Custom(name, text) = &d.said {
            Arc::make_mut(&mut style.customs).insert(name.clone(), text.clone());
        }
    }
    for d in declarations() {
        match &d.said {
            Said::Custom(..) => {}
            Said::Value(prop, v) => style.set(*prop, v.clone()),
            Said::Deferred(prop, text) => {
                match vars::substitute(text, &style.customs).and_then(|t| value::parse(*prop, &t)) {
                    Ok(v) => style.set(*prop, v),
                    Err(m) => warnings.push((d.at, format!("{m}; the declaration is skipped"))),
                }
            }
        }
    }
    if let Some(parent) = parent {
        style.inherit(parent);
    }
    style
}

/// One element of a page's tree, as the styler keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Node {
    /// Its type.
    pub kind: String,
    /// Its id.
    pub id: Option<String>,
    /// Its classes.
    pub classes: Vec<String>,
    /// The node it stands in (None: the root).
    pub parent: Option<usize>,
    /// The states it is always in (`:root` for the page).
    pub states: States,
}

/// A page's styles: the sheet, the tree of elements, and the styles computed so far by element and state.
#[derive(Debug, Clone)]
pub struct Styler {
    sheet: Arc<Stylesheet>,
    nodes: Vec<Node>,
    /// The custom properties the root starts from: the theme's, so that `var(--accent)` is its accent.
    root: Arc<Customs>,
    cache: HashMap<(usize, States), Computed>,
    /// Declarations already warned about (a hover must not repeat a warning each time).
    warned: HashSet<usize>,
    /// How many styles were computed (not found in the cache): the bench and a test count a hover's.
    pub computed: u64,
}

impl Styler {
    /// A styler of `nodes` by `sheet` (parents stand before their children).
    pub fn new(sheet: Arc<Stylesheet>, nodes: Vec<Node>) -> Styler {
        Styler { sheet, nodes, root: Arc::default(), cache: HashMap::new(), warned: HashSet::new(), computed: 0 }
    }

    /// Starts the root from `customs` (a theme's); styles computed from others are forgotten.
    pub fn set_root_customs(&mut self, customs: &Arc<Customs>) {
        if !Arc::ptr_eq(&self.root, customs) {
            self.root = customs.clone();
            self.cache.clear();
        }
    }

    /// The elements.
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// Forgets every style computed (the next look-up of each is cold).
    pub fn clear(&mut self) {
        self.cache.clear();
    }

    /// The style of node `i` in `states` (besides the states it is always in), computed once; a warning found
    /// computing it the first time is returned once in `warnings`.
    pub fn style(&mut self, i: usize, states: States, warnings: &mut Vec<Located>) -> Computed {
        let Some(node) = self.nodes.get(i) else { return Computed::default() };
        let states = states.with(node.states);
        if let Some(s) = self.cache.get(&(i, states)) {
            return s.clone();
        }
        let parent = node.parent.filter(|p| *p < i).map(|p| {
            let base = self.nodes[p].states;
            self.style(p, base, warnings)
        });
        // The ancestors, outermost first, each in the states it is always in.
        let mut chain = Vec::new();
        let mut at = self.nodes[i].parent;
        while let Some(p) = at.filter(|p| *p < self.nodes.len()) {
            chain.push(p);
            at = self.nodes[p].parent.filter(|q| *q < p);
        }
        // Only the element and its ancestors are borrowed as elements: a page of a thousand widgets computes each
        // style from its own chain, not from the whole tree.
        let classes: Vec<Vec<&str>> = chain
            .iter()
            .rev()
            .chain(std::iter::once(&i))
            .map(|&j| self.nodes[j].classes.iter().map(String::as_str).collect())
            .collect();
        let order: Vec<usize> = chain.iter().rev().copied().chain(std::iter::once(i)).collect();
        let make = |k: usize, states: States| Element {
            kind: &self.nodes[order[k]].kind,
            id: self.nodes[order[k]].id.as_deref(),
            classes: &classes[k],
            states,
        };
        let ancestors: Vec<Element<'_>> = (0..chain.len()).map(|k| make(k, self.nodes[order[k]].states)).collect();
        let me = make(chain.len(), states);
        let mut found = Vec::new();
        let style = compute(&self.sheet, (&me, &ancestors), parent.as_ref(), &self.root, &mut found);
        for (at, message) in found {
            if self.warned.insert(at) {
                warnings.push(Located::at(&self.sheet.file, &self.sheet.source, at, message));
            }
        }
        self.computed += 1;
        self.cache.insert((i, states), style.clone());
        style
    }
}
