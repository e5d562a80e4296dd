//! The gallery's pages of the widget kit, each a [`crate::screens::kit::state::PageSpec`]: values (sliders,
//! knobs, faders, spinners, progress, badges, statistics), forms (validated fields), panels (cards, split pane,
//! accordion, carousel, skeletons) and menus & tabs (a menubar, dropdowns, document tabs, a dialog). Values, forms
//! and panels are served from documents built into the binary ([`served`], record 23); menus stays Rust, its
//! menubar, dialog and theme switch being more than a document says.

pub mod forms;
pub mod menus;
pub mod panels;
pub mod served;
pub mod values;
