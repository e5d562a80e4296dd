//! The panels page: containers and what they hold: cards (still and interactive), a split pane, an accordion, a
//! collapsible section, a carousel and skeleton placeholders (shimmering on the frame clock until switched off).
//! All of it is said by `assets/docs/gallery/panels.kdl`, styled by `panels.css` beside it.

super::served::served!(
    /// The panels page.
    Panels,
    PanelsDocument,
    "panels",
    "Panels"
);
