//! The gallery's pages of the widget kit, each a [`crate::screens::kit::state::PageSpec`]: values (sliders,
//! knobs, faders, spinners, progress, badges, statistics), forms (validated fields), panels (cards, split pane,
//! accordion, carousel, skeletons) and menus & tabs (a menubar, dropdowns, document tabs, a dialog).

pub mod forms;
pub mod menus;
pub mod panels;
pub mod values;
