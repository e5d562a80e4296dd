//! [`Face`]: the typefaces the app draws with, and for each the file, family, Debian package and size it comes
//! with.

/// A typeface the app draws with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Face {
    /// Inter Regular (prose).
    Sans,
    /// Inter SemiBold (titles).
    SansBold,
    /// JetBrains Mono Regular (numbers, code).
    Mono,
    /// DejaVu Sans, the first fallback (wide coverage: Latin, Greek, Cyrillic, symbols, some Arabic and Hebrew).
    DejaVuSans,
    /// Noto Sans Arabic (fallback).
    NotoArabic,
    /// Noto Sans Hebrew (fallback).
    NotoHebrew,
    /// Noto Sans Devanagari (fallback).
    NotoDevanagari,
    /// Noto Sans Thai (fallback).
    NotoThai,
    /// Noto Color Emoji (fallback): emoji as colour bitmaps (CBDT), decoded and drawn by the glyph cache's colour
    /// cells, never by Blend2D's glyph fill.
    Emoji,
    /// Symbola (fallback): emoji and symbols as outlines, which Blend2D draws: what the colour face lacks, and
    /// every emoji when it is not installed.
    Symbola,
    /// Droid Sans Fallback (fallback): Chinese hanzi, Japanese kana and kanji, Korean Hangul syllables and jamo,
    /// what an input method composes (record 22).
    Cjk,
    /// Goldberry Colour Sample (the chain's last): COLR v1 glyphs of goldberry's own at code points of the
    /// Supplementary Private Use Area-A no other face maps, painted through HarfBuzz's paint API; built by ci/setup
    /// from `assets/fonts/colour_sample.py`, not committed.
    ColourSample,
}

impl Face {
    /// The primary faces, loaded at start, in the book's order.
    pub const ALL: [Face; 3] = [Face::Sans, Face::SansBold, Face::Mono];

    /// The fallback chain after the primary face, in order, loaded when first needed.
    pub const FALLBACKS: [Face; 9] = [
        Face::DejaVuSans,
        Face::NotoArabic,
        Face::NotoHebrew,
        Face::NotoDevanagari,
        Face::NotoThai,
        Face::Emoji,
        Face::Symbola,
        Face::Cjk,
        Face::ColourSample,
    ];

    /// Every face, primary then fallback; a face's place here is its [`Face::index`].
    pub const EVERY: [Face; Face::ALL.len() + Face::FALLBACKS.len()] = {
        let mut every = [Face::Sans; Face::ALL.len() + Face::FALLBACKS.len()];
        let mut i = 0;
        while i < every.len() {
            every[i] = if i < Face::ALL.len() { Face::ALL[i] } else { Face::FALLBACKS[i - Face::ALL.len()] };
            i += 1;
        }
        every
    };

    /// The face's place in [`Face::EVERY`] (the primary faces' places are theirs in [`Face::ALL`]).
    pub const fn index(self) -> usize {
        match self {
            Face::Sans => 0,
            Face::SansBold => 1,
            Face::Mono => 2,
            Face::DejaVuSans => 3,
            Face::NotoArabic => 4,
            Face::NotoHebrew => 5,
            Face::NotoDevanagari => 6,
            Face::NotoThai => 7,
            Face::Emoji => 8,
            Face::Symbola => 9,
            Face::Cjk => 10,
            Face::ColourSample => 11,
        }
    }

    /// Whether the face is one of the primary ones, loaded at start.
    pub const fn is_primary(self) -> bool {
        self.index() < Face::ALL.len()
    }

    /// The file wanted for this face.
    pub const fn file(self) -> &'static str {
        match self {
            Face::Sans => "Inter-Regular.otf",
            Face::SansBold => "Inter-SemiBold.otf",
            Face::Mono => "JetBrainsMono-Regular.ttf",
            Face::DejaVuSans => "DejaVuSans.ttf",
            Face::NotoArabic => "NotoSansArabic-Regular.ttf",
            Face::NotoHebrew => "NotoSansHebrew-Regular.ttf",
            Face::NotoDevanagari => "NotoSansDevanagari-Regular.ttf",
            Face::NotoThai => "NotoSansThai-Regular.ttf",
            Face::Emoji => "NotoColorEmoji.ttf",
            Face::Symbola => "Symbola_hint.ttf",
            Face::Cjk => "DroidSansFallback.ttf",
            Face::ColourSample => "GoldberryColourSample.ttf",
        }
    }

    /// The DejaVu file that stands in when [`Face::file`] is missing.
    pub const fn fallback_file(self) -> &'static str {
        match self {
            Face::SansBold => "DejaVuSans-Bold.ttf",
            Face::Mono => "DejaVuSansMono.ttf",
            _ => "DejaVuSans.ttf",
        }
    }

    /// The family name of [`Face::file`].
    pub const fn family(self) -> &'static str {
        match self {
            Face::Sans => "Inter",
            Face::SansBold => "Inter SemiBold",
            Face::Mono => "JetBrains Mono",
            Face::DejaVuSans => "DejaVu Sans",
            Face::NotoArabic => "Noto Sans Arabic",
            Face::NotoHebrew => "Noto Sans Hebrew",
            Face::NotoDevanagari => "Noto Sans Devanagari",
            Face::NotoThai => "Noto Sans Thai",
            Face::Emoji => "Noto Color Emoji",
            Face::Symbola => "Symbola",
            Face::Cjk => "Droid Sans Fallback",
            Face::ColourSample => "Goldberry Colour Sample",
        }
    }

    /// The family name of [`Face::fallback_file`].
    pub(super) const fn fallback_family(self) -> &'static str {
        match self {
            Face::SansBold => "DejaVu Sans Bold",
            Face::Mono => "DejaVu Sans Mono",
            _ => "DejaVu Sans",
        }
    }

    /// The Debian package that installs [`Face::file`].
    pub const fn package(self) -> &'static str {
        match self {
            Face::Sans | Face::SansBold => "fonts-inter",
            Face::Mono => "fonts-jetbrains-mono",
            Face::DejaVuSans => "fonts-dejavu-core",
            Face::Emoji => "fonts-noto-color-emoji",
            Face::Symbola => "fonts-symbola",
            Face::Cjk => "fonts-droid-fallback",
            Face::ColourSample => "python3-fonttools, then run ci/setup, which builds it",
            _ => "fonts-noto-core",
        }
    }

    /// The colour format a face in this place of the chain is expected in (Noto Color Emoji's bitmaps), `None`
    /// for a face of outlines; what a loaded file holds is `FaceSet::colour_format`, which the report names.
    pub const fn colour(self) -> Option<&'static str> {
        match self {
            Face::Emoji => Some("CBDT"),
            Face::ColourSample => Some("COLRv1"),
            _ => None,
        }
    }

    /// The face whose family name is `family` (the primary or its stand-in's is not unique: `None` for those).
    pub fn of_family(family: &str) -> Option<Face> {
        Face::EVERY.into_iter().find(|face| face.family() == family)
    }

    /// The size a book creates up front for this face.
    pub(super) const fn default_size(self) -> f32 {
        match self {
            Face::Mono => 13.0,
            _ => 14.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Face;

    #[test]
    fn a_face_s_index_is_its_place_among_every_face() {
        for (i, face) in Face::EVERY.iter().enumerate() {
            assert_eq!(face.index(), i, "{face:?}");
        }
    }
}
