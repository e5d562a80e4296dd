//! `org.a11y.atspi.Value`: a slider's, spinner's or bar's number and its range, and setting it.

use accesskit_atspi_common::PlatformNode;
use zbus::{fdo, interface};

use super::refused;

pub struct Value(pub PlatformNode);

#[interface(name = "org.a11y.atspi.Value")]
impl Value {
    #[zbus(property)]
    fn minimum_value(&self) -> fdo::Result<f64> {
        self.0.minimum_value().map_err(refused)
    }

    #[zbus(property)]
    fn maximum_value(&self) -> fdo::Result<f64> {
        self.0.maximum_value().map_err(refused)
    }

    #[zbus(property)]
    fn minimum_increment(&self) -> fdo::Result<f64> {
        self.0.minimum_increment().map_err(refused)
    }

    #[zbus(property)]
    fn current_value(&self) -> fdo::Result<f64> {
        self.0.current_value().map_err(refused)
    }

    #[zbus(property)]
    fn set_current_value(&mut self, value: f64) -> fdo::Result<()> {
        self.0.set_current_value(value).map_err(refused)
    }
}
