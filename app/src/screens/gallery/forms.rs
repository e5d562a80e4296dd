//! The forms page: a sign-up form whose fields check their rules as the person leaves each, a summary of what is
//! left to fix, and a submit that is refused until every rule holds; a click on a label focuses its field (the
//! kit's pages all do). All of it is said by `assets/docs/gallery/forms.kdl`, styled by `forms.css` beside it.

super::served::served!(
    /// The forms page.
    Forms,
    FormsDocument,
    "forms",
    "Forms"
);
