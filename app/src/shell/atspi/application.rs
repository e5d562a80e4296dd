//! `org.a11y.atspi.Application` on the root: the toolkit's name and version, and the id the registry gives it.

use accesskit_atspi_common::PlatformRoot;
use zbus::{fdo, interface};

use super::refused;

pub struct Application(pub PlatformRoot);

#[interface(name = "org.a11y.atspi.Application")]
impl Application {
    #[zbus(property)]
    fn toolkit_name(&self) -> fdo::Result<String> {
        self.0.toolkit_name().map_err(refused)
    }

    #[zbus(property)]
    fn version(&self) -> fdo::Result<String> {
        self.0.toolkit_version().map_err(refused)
    }

    #[zbus(property)]
    fn atspi_version(&self) -> &str {
        "2.1"
    }

    #[zbus(property)]
    fn id(&self) -> fdo::Result<i32> {
        self.0.id().map_err(refused)
    }

    #[zbus(property)]
    fn set_id(&mut self, id: i32) -> fdo::Result<()> {
        self.0.set_id(id).map_err(refused)
    }
}
