//! What a frame shows of the session ([`Shown`]) and what it hands back for the next input ([`Feedback`]): the
//! plain data between the session and the stage (`crate::stage`).

use std::any::Any;

use crate::geom::Rect;
use crate::popup::draw::PopupView;
use crate::screens::ScreenId;
use crate::screens::interface::AnyState;
use crate::ui::router::{Region, Router};
use crate::ui::settings::Settings;
use crate::ui::theme::Palette;

/// What a frame shows besides the time: the screen and its state, who is hovered, pressed and focused, the colours.
#[derive(Debug, Clone, Copy)]
pub struct Shown<'a> {
    /// The screen shown.
    pub screen: ScreenId,
    /// Its state.
    pub state: &'a dyn AnyState,
    /// Hover (a tab, a widget), press and focus.
    pub router: &'a Router,
    /// The colours at this frame (mid-fade during a theme change).
    pub palette: Palette,
    /// What every screen follows: the theme, the cards' shadows, the inspector.
    pub settings: Settings,
    /// Every screen laid out right to left.
    pub mirrored: bool,
    /// The popup open and the tooltip showing, drawn above everything else.
    pub popups: PopupView<'a>,
    /// The regions of the last layout (the flame finds a laid-out widget's box in them).
    pub regions: &'a [Region],
}

/// What a frame hands back for the next input: the regions when it laid the screen out anew, and what the
/// screen's layout placed (its [`crate::screens::ScreenState::Laid`]).
#[derive(Debug, Default)]
pub struct Feedback {
    /// The tabs' regions, then the screen's, in hit order.
    pub regions: Option<Vec<Region>>,
    /// For the screen's state.
    pub laid: Option<Box<dyn Any + Send>>,
    /// The window's box in the regions' units, with new regions: popups are kept inside it.
    pub viewport: Option<Rect>,
}
