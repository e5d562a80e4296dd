//! The fallback chain: the book as the [`FaceSet`] text layout walks to pick a face for each cluster (the
//! primary face, then Inter, then [`Face::FALLBACKS`]; the colour emoji face first for a cluster shown as an
//! emoji).

use goldberry_natives::harfbuzz;

use super::{Face, FontBook};
use crate::geom::FontId;
use crate::text::{FaceIndex, FaceSet};

impl FaceSet for FontBook {
    fn face_of(&self, font: FontId) -> (FaceIndex, f32) {
        (self.face(font).index(), self.size_px(font))
    }

    fn chain(&self, primary: FaceIndex) -> Vec<FaceIndex> {
        let mut chain = vec![primary];
        if primary != Face::Sans.index() {
            chain.push(Face::Sans.index());
        }
        chain.extend(Face::FALLBACKS.iter().map(|face| face.index()));
        chain
    }

    fn emoji(&self) -> Option<FaceIndex> {
        // Not loaded here (an 11 MB file): itemizing loads it when an emoji cluster asks whether it has it.
        Some(Face::Emoji.index())
    }

    fn harfbuzz(&self, face: FaceIndex) -> Option<&harfbuzz::Font> {
        let face = Face::EVERY.get(face)?;
        self.loaded(*face).map(|loaded| &loaded.harfbuzz)
    }

    fn family(&self, face: FaceIndex) -> &'static str {
        Face::EVERY.get(face).map_or("Inter", |&face| self.loaded_or_sans(face).family)
    }

    fn colour_format(&self, face: FaceIndex) -> Option<&'static str> {
        self.loaded(*Face::EVERY.get(face)?)?.colour_format
    }

    fn font_id(&self, face: FaceIndex, size_px: f32) -> FontId {
        self.id(Face::EVERY.get(face).copied().unwrap_or(Face::Sans), size_px)
    }

    fn script_of(&self, c: char) -> [u8; 4] {
        harfbuzz::script_of(self.g, c)
    }
}
