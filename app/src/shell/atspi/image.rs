//! `org.a11y.atspi.Image`: an image's description and where it is drawn.

use accesskit_atspi_common::{CoordType, PlatformNode, Rect};
use zbus::{fdo, interface};

use super::refused;

pub struct Image(pub PlatformNode);

#[interface(name = "org.a11y.atspi.Image")]
impl Image {
    #[zbus(property)]
    fn image_description(&self) -> fdo::Result<String> {
        self.0.image_description().map_err(refused)
    }

    #[zbus(property)]
    fn image_locale(&self) -> &str {
        ""
    }

    fn get_image_extents(&self, coord_type: CoordType) -> fdo::Result<(Rect,)> {
        self.0.image_extents(coord_type).map(|r| (r,)).map_err(refused)
    }

    fn get_image_position(&self, coord_type: CoordType) -> fdo::Result<(i32, i32)> {
        self.0.image_position(coord_type).map_err(refused)
    }

    fn get_image_size(&self) -> fdo::Result<(i32, i32)> {
        self.0.image_size().map_err(refused)
    }
}
