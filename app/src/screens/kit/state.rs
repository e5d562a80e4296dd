//! A kit page's state: its widgets' values, where the page is scrolled, and what each message does: a message for
//! a widget goes to the widget ([`Widget::handle`]) and then to the page's bindings
//! ([`PageSpec::react`]); a wheel over the page, the Page keys, Home and End, and a drag of the page's scrollbar
//! scroll the page ([`Paging`]).

use std::collections::HashMap;
use std::fmt::Debug;
use std::marker::PhantomData;
use std::sync::Arc;

use serde_json::{Map, Value};

use crate::document::page::KitPage;
use crate::geom::Rect;
use crate::scene::draw::widgets::State;
use crate::screens::interface::{Input, Reveal, ScreenState};
use crate::screens::paging::{self, Leaves, Paging, Sheet};
use crate::ui::input::{Key, Mods};
use crate::ui::router::{Message, Region, Target, WidgetId};
use crate::ui::settings::Settings;
use crate::ui::theme::Palette;
use crate::widgets::Node;
use crate::widgets::editor::Laid;
use crate::widgets::{Cx, LABEL_PART, Response, Role, Widget, blink};

pub use crate::screens::paging::ids;

/// What a page of the gallery is: its names, its widgets, and what its widgets do to each other.
pub trait PageSpec: Debug + Send + Sync + 'static {
    /// The name `--screen` takes and the report prints.
    const NAME: &'static str;
    /// The tab's label.
    const TITLE: &'static str;

    /// The page as a session starts with it.
    fn build() -> KitPage;

    /// The page as its source built it, shared: a page that keeps one (a document's) gives it, so that a state
    /// (re)built from it copies it once, to change, and keeps the source's as the page it started from.
    fn first() -> Arc<KitPage> {
        Arc::new(Self::build())
    }

    /// What widget `id` changing does to the others (a slider moves a progress bar, a button opens a dialog).
    fn react(page: &mut KitPage, id: WidgetId, message: &Message, input: &mut Input<'_>) {
        let _ = (page, id, message, input);
    }

    /// A key for the page before it goes to the focused widget; true when it was one (F10 on a menubar's page).
    fn key(page: &mut KitPage, key: Key, mods: Mods, input: &mut Input<'_>) -> bool {
        let _ = (page, key, mods, input);
        false
    }

    /// Whether some widget shows what the settings say (a theme switch): [`PageSpec::sync`] is then called before
    /// every message and every frame, since a global key (Ctrl+T, Shift+F3) changes the settings behind the page.
    const SYNCS: bool = false;

    /// Brings the widgets bound to the settings up to date.
    fn sync(page: &mut KitPage, settings: &Settings) {
        let _ = (page, settings);
    }

    /// A tooltip the page gives a widget, before the widget's own.
    fn tooltip(target: Target) -> Option<&'static str> {
        let _ = target;
        None
    }

    /// What the page adds to its widgets' report entries (a value the settings hold).
    fn report(settings: &Settings, into: &mut Map<String, Value>) {
        let _ = (settings, into);
    }

    /// The version of the page's source (a document's file): when it is newer than the one a state was built
    /// from, [`ScreenState::reload`] rebuilds the page and carries its values over ([`PageSpec::carry`]).
    fn version() -> u64 {
        0
    }

    /// Carries what a person did on `old` into `new`, a page of a newer version (`first` is `old` as its version
    /// built it, so that what a person never touched can take the new version's value); returns the ids of `old`'s
    /// widgets that did not survive.
    fn carry(first: &KitPage, old: &KitPage, new: &mut KitPage) -> Vec<WidgetId> {
        let _ = (first, new);
        old.widgets.iter().map(|w| w.id()).collect()
    }

    /// A line over the page, shown while its source has an error (`FILE:LINE:COL: message`).
    fn banner() -> Option<String> {
        None
    }

    /// The page's colours over the theme's (a document's stylesheet); None draws with the theme's.
    fn palette(theme: &Palette) -> Option<Palette> {
        let _ = theme;
        None
    }

    /// Section `section`'s colours over the page's; None draws it with the page's.
    fn section_palette(section: usize, page: &Palette) -> Option<Palette> {
        let _ = (section, page);
        None
    }

    /// Widget `index`'s colours as it is drawn now (`look`: under the pointer, held, focused) over the page's, at
    /// `now` on the frame clock (a colour may be on its way to a new one); None draws it with the page's.
    fn widget_palette(index: usize, widget: &dyn Widget, look: State, page: &Palette, now: f64) -> Option<Palette> {
        let _ = (index, widget, look, page, now);
        None
    }

    /// Whether a colour of the page is still on its way at `now` (a stylesheet's transition): the frame after
    /// needs painting.
    fn transitioning(now: f64) -> bool {
        let _ = now;
        false
    }
}

/// Where the page lay in the last frame, for the next input.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PageLaid {
    /// Each widget's box in window pixels at the offset drawn.
    pub rects: Vec<Rect>,
    /// The body the page scrolls in, and its height.
    pub sheet: Sheet,
    /// The offset drawn (a Tab to a widget below the fold moves it).
    pub offset: f32,
    /// Each text-taking widget's text as laid out (by its index).
    pub texts: Vec<(usize, Laid)>,
}

/// A kit page's state (see the module docs).
#[derive(Debug)]
pub struct KitState<P: PageSpec> {
    /// The widgets and their values.
    pub page: KitPage,
    /// How far the page is scrolled.
    pub paging: Paging,
    /// Counts changes of a widget's size: the screen lays out anew when it moves.
    pub generation: u64,
    laid: PageLaid,
    /// The focus the last message saw, so that leaving a field checks its rule.
    last_focus: Option<WidgetId>,
    /// The version of the page's source the page was built from ([`PageSpec::version`]).
    version: u64,
    /// The page as that version built it, before any input: a reload tells what a person changed by it.
    first: Arc<KitPage>,
    spec: PhantomData<fn() -> P>,
}

impl<P: PageSpec> Clone for KitState<P> {
    fn clone(&self) -> KitState<P> {
        KitState {
            page: self.page.clone(),
            paging: self.paging,
            generation: self.generation,
            laid: self.laid.clone(),
            last_focus: self.last_focus,
            version: self.version,
            first: self.first.clone(),
            spec: PhantomData,
        }
    }
}

impl<P: PageSpec> Default for KitState<P> {
    fn default() -> KitState<P> {
        // The version is read before the page, so that a swap between the two is taken at the next reload.
        let version = P::version();
        let first = P::first();
        KitState {
            page: (*first).clone(),
            first,
            paging: Paging::default(),
            generation: 0,
            laid: PageLaid::default(),
            last_focus: None,
            version,
            spec: PhantomData,
        }
    }
}

impl<P: PageSpec> KitState<P> {
    /// Where the page lay in the last frame.
    pub fn laid(&self) -> &PageLaid {
        &self.laid
    }

    /// The page as the settings show it now (a global key may have changed what a bound widget shows).
    pub fn synced(&self, settings: &Settings) -> std::borrow::Cow<'_, KitPage> {
        if P::SYNCS {
            let mut page = self.page.clone();
            P::sync(&mut page, settings);
            std::borrow::Cow::Owned(page)
        } else {
            std::borrow::Cow::Borrowed(&self.page)
        }
    }

    /// Scrolls to `offset` (clamped); true when it moved.
    pub fn scroll_to(&mut self, offset: f32) -> bool {
        self.paging.scroll_to(offset)
    }

    /// Leaving a widget settles it ([`Widget::left`]): a field checks its rule (a form says what is wrong as the
    /// person moves on), a spinner shows the value it holds.
    fn follow_focus(&mut self, focus: Option<WidgetId>) -> bool {
        if focus == self.last_focus {
            return false;
        }
        let left = std::mem::replace(&mut self.last_focus, focus);
        let Some(widget) = left.and_then(|id| self.page.index(id)).and_then(|i| self.page.widgets.get_mut(i)) else {
            return false;
        };
        widget.left()
    }

    /// The page's own keys (nothing focused, or a widget that does not use them): true when taken.
    fn page_key(&mut self, key: Key, focus: Option<WidgetId>) -> bool {
        let role = focus.and_then(|id| self.page.get(id)).map(|w| w.access().role);
        let plain = role.is_none_or(|r| matches!(r, Role::Button | Role::CheckBox | Role::Switch | Role::Article));
        let leaves = Leaves { pages: plain || role == Some(Role::Group), ends: plain, arrows: focus.is_none() };
        self.paging.key(key, leaves)
    }

    /// A message for widget `i`.
    fn widget_message(&mut self, i: usize, message: &Message, input: &mut Input<'_>) -> Response {
        // Before a frame has handed back the page's boxes, the widget's regions say where it is.
        let rect = match self.laid.rects.get(i) {
            Some(r) => *r,
            None => {
                let id = self.page.widgets.get(i).map(|w| w.id());
                let mine = input.regions.iter().filter(|r| Some(r.target.id) == id && r.target.part != LABEL_PART);
                mine.map(|r| r.rect).reduce(Rect::union).unwrap_or_default()
            }
        };
        let mut cx = Cx {
            rect,
            now: input.now,
            mirrored: self.laid.sheet.mirrored,
            clipboard: &mut *input.clipboard,
            popup: &mut *input.popup,
        };
        let Some(widget) = self.page.widgets.get_mut(i) else { return Response::NONE };
        widget.handle(message, &mut cx)
    }
}

impl<P: PageSpec> ScreenState for KitState<P> {
    type Laid = PageLaid;

    fn key(&mut self, key: Key, mods: Mods, input: &mut Input<'_>) -> bool {
        if P::SYNCS {
            P::sync(&mut self.page, input.settings);
        }
        self.follow_focus(input.focus);
        if key == Key::Tab {
            // The focus is about to move on (the router moves it): a field left by Tab says what is wrong with it,
            // in the frame the focus move paints.
            self.follow_focus(None);
            return false;
        }
        if P::key(&mut self.page, key, mods, input) {
            return true;
        }
        if mods == Mods::NONE && self.page_key(key, input.focus) {
            return true;
        }
        false
    }

    fn caret_on(&self, focus: Option<WidgetId>, now: f64) -> Option<bool> {
        let since = self.page.get(focus?)?.caret_since()?;
        Some(blink::on(since, now))
    }

    fn next_blink(&self, now: f64) -> Option<f64> {
        // The soonest any caret turns: only the focused one shows, and waking for another's costs one idle frame.
        self.page.widgets.iter().filter_map(|w| Some(blink::after(w.caret_since()?, now))).reduce(f64::min)
    }

    fn caret_rect(&self, focus: Option<WidgetId>) -> Option<Rect> {
        let i = self.page.index(focus?)?;
        let rect = *self.laid.rects.get(i)?;
        self.page.widgets.get(i)?.caret_rect(rect)
    }

    fn handle(&mut self, message: &Message, input: &mut Input<'_>) -> bool {
        if P::SYNCS {
            P::sync(&mut self.page, input.settings);
        }
        let mut changed = self.follow_focus(input.focus);
        let id = message.id();
        if id == ids::PAGE || id == ids::SCROLLBAR {
            return self.paging.message(message) || changed;
        }
        let Some(i) = self.page.index(id) else { return changed };
        let message = match message {
            // A click on a label focuses its widget (the router did); it toggles what a form's label toggles.
            Message::Activate(Target { part: LABEL_PART, id }) => {
                let role = self.page.widgets[i].access().role;
                if !matches!(role, Role::CheckBox | Role::Switch) {
                    return true;
                }
                Message::Activate(Target { id, part: 0 })
            }
            Message::Press { target: Target { part: LABEL_PART, .. }, .. }
            | Message::Release { target: Target { part: LABEL_PART, .. }, .. }
            | Message::Drag { target: Target { part: LABEL_PART, .. }, .. } => return true,
            Message::Wheel { .. } => {
                let focused = input.focus == Some(id);
                if !self.page.widgets[i].takes_wheel(focused) {
                    return self.paging.message(message) || changed;
                }
                message.clone()
            }
            m => m.clone(),
        };
        let response = self.widget_message(i, &message, input);
        if response.relayout {
            self.generation += 1;
        }
        changed |= response.changed;
        let before = self.page.widgets.iter().map(|w| w.seen()).collect::<Vec<_>>();
        P::react(&mut self.page, id, &message, input);
        // What a page's reaction changes in other widgets (a badge's text, a breadcrumb's path) may change their
        // sizes, so the page is laid out again: the menus card was left 24 units short of a new badge.
        let reacted = self.page.widgets.iter().map(|w| w.seen()).collect::<Vec<_>>() != before;
        if reacted {
            self.generation += 1;
        }
        changed || reacted
    }

    fn animating(&self, now: f64) -> bool {
        // A colour on its way (a document's transition) needs the next frame wherever its widget stands.
        if P::transitioning(now) {
            return true;
        }
        let view = self.laid.sheet.viewport;
        self.page.widgets.iter().zip(&self.laid.rects).any(|(w, r)| r.intersection(view).is_some() && w.animating(now))
    }

    fn reload(&mut self) -> Option<Vec<WidgetId>> {
        let version = P::version();
        if version == self.version {
            return None;
        }
        self.version = version;
        let first = P::first();
        let mut page = (*first).clone();
        let lost = P::carry(&self.first, &self.page, &mut page);
        self.page = page;
        self.first = first;
        // The boxes and texts' layouts were the old widgets'; the scroll offset stays and is clamped by the next
        // layout to the new page's height.
        self.laid.rects.clear();
        self.laid.texts.clear();
        if self.last_focus.is_some_and(|id| lost.contains(&id)) {
            self.last_focus = None;
        }
        self.generation += 1;
        Some(lost)
    }

    fn laid_out(&mut self, laid: PageLaid) {
        for (i, text) in &laid.texts {
            if let Some(w) = self.page.widgets.get_mut(*i) {
                w.take_laid(text.clone());
            }
        }
        self.paging.laid_out(laid.sheet, laid.offset);
        self.laid = laid;
    }

    fn tooltip(&self, target: Target) -> Option<&'static str> {
        P::tooltip(target).or_else(|| self.page.get(target.id)?.tooltip(target.part))
    }

    fn current_part(&self, id: WidgetId) -> Option<u8> {
        self.page.get(id)?.current_part()
    }

    fn widget(&self, id: WidgetId) -> Option<&dyn Widget> {
        self.page.get(id)
    }

    fn reveal(&self, id: WidgetId) -> Option<Reveal> {
        let rect = *self.laid.rects.get(self.page.index(id)?)?;
        let sheet = self.laid.sheet;
        let (track, _) = sheet.scrollbar(self.paging.offset)?;
        if rect.w <= 0.0 || rect.h <= 0.0 {
            return None;
        }
        // The box in page coordinates, and the offset that shows it whole, as a Tab to it would.
        let viewport = paging::content_viewport(sheet.viewport, sheet.mirrored);
        let in_page = Rect { y: rect.y - viewport.y + self.laid.offset, ..rect };
        let to = paging::offset_to_draw(self.paging.offset, sheet.content_h, viewport, Some(in_page));
        let dy = (self.paging.offset - to) / paging::NOTCH_PX;
        // Over the scrollbar's track a wheel always scrolls the page (a focused slider under the pointer would take
        // it).
        (dy != 0.0).then_some(Reveal { at: (track.x + track.w / 2.0, track.y + track.h / 2.0), dy })
    }

    fn report(&self, _regions: &[Region], settings: &Settings, into: &mut Map<String, Value>) {
        let page = self.synced(settings);
        for (i, w) in page.widgets.iter().enumerate() {
            let mut entry = match w.report() {
                Value::Object(map) => map,
                other => Map::from_iter([("value".to_owned(), other)]),
            };
            entry.insert("access".to_owned(), w.access().to_json());
            // Where the layout put it whole, in window units at the offset drawn (`rect` is what the viewport shows
            // of its regions): a widget must fit its section at any width.
            if let Some(b) = self.laid.rects.get(i) {
                entry.insert("box".to_owned(), serde_json::json!([b.x, b.y, b.w, b.h]));
            }
            into.insert(w.id().to_owned(), Value::Object(entry));
        }
        into.insert(format!("{}.page", P::NAME), self.paging.report());
        P::report(settings, into);
    }

    fn access(&self, regions: &[Region], settings: &Settings, into: &mut Vec<Node>) {
        let page = self.synced(settings);
        // Each widget's box and its parts' boxes, found in one pass over the regions: a search of every region for
        // each of 5,000 widgets took seconds.
        let mut boxes: HashMap<WidgetId, Rect> = HashMap::with_capacity(page.widgets.len());
        let mut parts: HashMap<Target, Rect> = HashMap::new();
        for r in regions {
            if r.rect.w > 0.0 && r.rect.h > 0.0 {
                parts.entry(r.target).or_insert(r.rect);
            }
            if r.target.part != LABEL_PART && r.rect.w > 0.0 && r.rect.h > 0.0 {
                boxes.entry(r.target.id).and_modify(|b| *b = b.union(r.rect)).or_insert(r.rect);
            }
        }
        for (i, w) in page.widgets.iter().enumerate() {
            // A widget that takes no input has no region: the box the page drew it in is where it is, and one
            // scrolled away keeps its box outside the viewport rather than an empty one.
            let laid = self.laid.rects.get(i).copied().filter(|r| r.w > 0.0 && r.h > 0.0);
            let id = w.id();
            let bounds = boxes.get(id).copied().or(laid).unwrap_or_default();
            let mut access = w.access();
            if access.description.is_none() {
                // A tooltip is what more there is to say of its widget.
                access.description = w.tooltip(0).map(str::to_owned);
            }
            into.push(Node { widget: id, part: None, access, bounds, focused: false });
            let items = w.part_access();
            if items.is_empty() {
                continue;
            }
            // A part scrolled away (or cut by the viewport) has no region of its own: where the widget would put
            // it in the box the page drew it in.
            let mut whole = Vec::new();
            if let Some(laid) = laid {
                w.regions(laid, self.laid.sheet.mirrored, &mut whole);
            }
            into.extend(items.into_iter().map(|(part, access)| {
                let target = Target { id, part };
                let placed = |r: &Rect| r.w > 0.0 && r.h > 0.0;
                let own = parts.get(&target).copied().filter(placed);
                let would = || whole.iter().find(|r| r.target == target).map(|r| r.rect).filter(placed);
                let at = own.or_else(would).or(laid);
                Node::part(id, part, access, at.unwrap_or_default())
            }));
        }
    }
}
