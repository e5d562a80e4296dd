//! The properties this subset knows, by name, and what kind of value each takes (transitions' four among them).

/// A property this subset knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Prop {
    /// `background`, `background-color`: a box's or a control's body.
    Background,
    /// `color`: text (inherited).
    Color,
    /// `border-color`: outlines.
    BorderColor,
    /// `accent-color`, `accent`: what is on, selected or filled (inherited).
    Accent,
    /// `outline-color`: the focus ring (inherited).
    OutlineColor,
    /// `muted-color` (not CSS's; the kit's palette has it): secondary text (inherited).
    Muted,
    /// `border-radius`.
    Radius,
    /// `gap`.
    Gap,
    /// `padding`.
    Padding,
    /// `width`.
    Width,
    /// `font-size` (inherited).
    FontSize,
    /// `height`.
    Height,
    /// `min-width`.
    MinWidth,
    /// `max-width`.
    MaxWidth,
    /// `margin`.
    Margin,
    /// `row-gap`.
    RowGap,
    /// `column-gap`.
    ColumnGap,
    /// `flex-basis`.
    FlexBasis,
    /// `flex-grow`: a number.
    FlexGrow,
    /// `flex-shrink`: a number.
    FlexShrink,
    /// `justify-content`: a keyword.
    JustifyContent,
    /// `align-items`: a keyword.
    AlignItems,
    /// `align-self`: a keyword.
    AlignSelf,
    /// `flex-direction`: a keyword.
    FlexDirection,
    /// `flex-wrap`: a keyword.
    FlexWrap,
    /// `transition` and its longhands: how a colour changes.
    Transition(Part),
}

impl Prop {
    /// The property named `name` (ASCII case-insensitive).
    pub fn named(name: &str) -> Option<Prop> {
        Some(match name.to_ascii_lowercase().as_str() {
            "background" | "background-color" => Prop::Background,
            "color" => Prop::Color,
            "border-color" => Prop::BorderColor,
            "accent-color" | "accent" => Prop::Accent,
            "outline-color" => Prop::OutlineColor,
            "muted-color" => Prop::Muted,
            "border-radius" => Prop::Radius,
            "gap" => Prop::Gap,
            "padding" => Prop::Padding,
            "width" => Prop::Width,
            "font-size" => Prop::FontSize,
            "height" => Prop::Height,
            "min-width" => Prop::MinWidth,
            "max-width" => Prop::MaxWidth,
            "margin" => Prop::Margin,
            "row-gap" => Prop::RowGap,
            "column-gap" => Prop::ColumnGap,
            "flex-basis" => Prop::FlexBasis,
            "flex-grow" => Prop::FlexGrow,
            "flex-shrink" => Prop::FlexShrink,
            "justify-content" => Prop::JustifyContent,
            "align-items" => Prop::AlignItems,
            "align-self" => Prop::AlignSelf,
            "flex-direction" => Prop::FlexDirection,
            "flex-wrap" => Prop::FlexWrap,
            "transition" => Prop::Transition(Part::Shorthand),
            "transition-property" => Prop::Transition(Part::Property),
            "transition-duration" => Prop::Transition(Part::Duration),
            "transition-timing-function" => Prop::Transition(Part::Timing),
            "transition-delay" => Prop::Transition(Part::Delay),
            _ => return None,
        })
    }

    /// Whether a child takes its parent's value when no rule gives one (CSS's inherited properties).
    pub fn inherited(self) -> bool {
        matches!(self, Prop::Color | Prop::Accent | Prop::OutlineColor | Prop::Muted | Prop::FontSize)
    }

    /// The keywords its value is one of, for a property whose value is a keyword.
    pub fn keywords(self) -> Option<&'static [&'static str]> {
        const ALIGN: &[&str] = &["flex-start", "center", "flex-end", "stretch", "baseline"];
        Some(match self {
            Prop::JustifyContent => {
                &["flex-start", "center", "flex-end", "space-between", "space-around", "space-evenly"]
            }
            Prop::AlignItems => ALIGN,
            Prop::AlignSelf => &["auto", "flex-start", "center", "flex-end", "stretch", "baseline"],
            Prop::FlexDirection => &["row", "column"],
            Prop::FlexWrap => &["wrap", "nowrap"],
            _ => return None,
        })
    }

    /// Whether its value is a colour.
    pub fn is_colour(self) -> bool {
        matches!(
            self,
            Prop::Background | Prop::Color | Prop::BorderColor | Prop::Accent | Prop::OutlineColor | Prop::Muted
        )
    }
}

/// Which of the four properties a declaration is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Part {
    /// `transition`.
    Shorthand,
    /// `transition-property`.
    Property,
    /// `transition-duration`.
    Duration,
    /// `transition-timing-function`.
    Timing,
    /// `transition-delay`.
    Delay,
}
