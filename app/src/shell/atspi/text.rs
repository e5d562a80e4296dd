//! `org.a11y.atspi.Text`: a text's characters, caret, selections, attributes and where its characters are drawn
//! (the translation's answers, offsets in characters as AT-SPI counts them).

use std::collections::HashMap;

use accesskit_atspi_common::{CoordType, Granularity, PlatformNode, Rect, ScrollType};
use zbus::{fdo, interface};

use super::refused;

pub struct Text(pub PlatformNode);

#[interface(name = "org.a11y.atspi.Text")]
impl Text {
    #[zbus(property)]
    fn character_count(&self) -> fdo::Result<i32> {
        self.0.character_count().map_err(refused)
    }

    #[zbus(property)]
    fn caret_offset(&self) -> fdo::Result<i32> {
        self.0.caret_offset().map_err(refused)
    }

    fn get_string_at_offset(&self, offset: i32, granularity: Granularity) -> fdo::Result<(String, i32, i32)> {
        self.0.string_at_offset(offset, granularity).map_err(refused)
    }

    fn get_text(&self, start_offset: i32, end_offset: i32) -> fdo::Result<String> {
        self.0.text(start_offset, end_offset).map_err(refused)
    }

    fn set_caret_offset(&self, offset: i32) -> fdo::Result<bool> {
        self.0.set_caret_offset(offset).map_err(refused)
    }

    fn get_attribute_value(&self, offset: i32, attribute_name: &str) -> fdo::Result<String> {
        self.0.text_attribute_value(offset, attribute_name).map_err(refused)
    }

    fn get_attributes(&self, offset: i32) -> fdo::Result<(HashMap<&'static str, String>, i32, i32)> {
        self.0.text_attributes(offset).map_err(refused)
    }

    fn get_default_attributes(&self) -> fdo::Result<HashMap<&'static str, String>> {
        self.0.default_text_attributes().map_err(refused)
    }

    fn get_character_extents(&self, offset: i32, coord_type: CoordType) -> fdo::Result<Rect> {
        self.0.character_extents(offset, coord_type).map_err(refused)
    }

    fn get_offset_at_point(&self, x: i32, y: i32, coord_type: CoordType) -> fdo::Result<i32> {
        self.0.offset_at_point(x, y, coord_type).map_err(refused)
    }

    fn get_n_selections(&self) -> fdo::Result<i32> {
        self.0.n_selections().map_err(refused)
    }

    fn get_selection(&self, selection_num: i32) -> fdo::Result<(i32, i32)> {
        self.0.selection(selection_num).map_err(refused)
    }

    fn add_selection(&self, start_offset: i32, end_offset: i32) -> fdo::Result<bool> {
        self.0.add_selection(start_offset, end_offset).map_err(refused)
    }

    fn remove_selection(&self, selection_num: i32) -> fdo::Result<bool> {
        self.0.remove_selection(selection_num).map_err(refused)
    }

    fn set_selection(&self, selection_num: i32, start_offset: i32, end_offset: i32) -> fdo::Result<bool> {
        self.0.set_selection(selection_num, start_offset, end_offset).map_err(refused)
    }

    fn get_range_extents(&self, start_offset: i32, end_offset: i32, coord_type: CoordType) -> fdo::Result<Rect> {
        self.0.range_extents(start_offset, end_offset, coord_type).map_err(refused)
    }

    fn get_attribute_run(
        &self,
        offset: i32,
        include_defaults: bool,
    ) -> fdo::Result<(HashMap<&'static str, String>, i32, i32)> {
        self.0.text_attribute_run(offset, include_defaults).map_err(refused)
    }

    fn scroll_substring_to(&self, start_offset: i32, end_offset: i32, scroll_type: ScrollType) -> fdo::Result<bool> {
        self.0.scroll_substring_to(start_offset, end_offset, scroll_type).map_err(refused)
    }

    fn scroll_substring_to_point(
        &self,
        start_offset: i32,
        end_offset: i32,
        coord_type: CoordType,
        x: i32,
        y: i32,
    ) -> fdo::Result<bool> {
        self.0.scroll_substring_to_point(start_offset, end_offset, coord_type, x, y).map_err(refused)
    }
}
