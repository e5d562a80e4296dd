//! The values page: every widget that holds a number or a choice, and the bindings between them (the volume
//! slider drives a progress bar and a ring; the spinner drives the statistic; "All channels" governs two). All of
//! it is said by `assets/docs/gallery/values.kdl`, styled by `values.css` beside it.

super::served::served!(
    /// The values page.
    Values,
    ValuesDocument,
    "values",
    "Values"
);
