//! A theme's stylesheet: the custom properties its `:root` rule declares, read as the colours and lengths the Rust
//! screens draw with. The two themes and the two densities ship as such sheets (`assets/themes/`); a property may
//! call `var()` on another of the same sheet. A theme sheet is held to more than a document's stylesheet: what a
//! document's sheet would skip with a warning is an error here, since a screen cannot draw with a colour it lacks.

use std::path::Path;
use std::sync::Arc;

use cssparser::Parser;

use super::colour;
use super::selector::{Compound, States};
use super::sheet::{Said, Stylesheet};
use super::value::{self, Length, Prop, Value};
use super::vars::{self, Customs};
use crate::geom::Color;
use crate::located::Located;

/// A theme sheet's custom properties, each with where it was declared.
#[derive(Debug, Clone)]
pub struct ThemeSheet {
    sheet: Stylesheet,
    customs: Arc<Customs>,
}

impl ThemeSheet {
    /// Reads `source`, from `file`: every rule must select `:root` alone, and every declaration must be a custom
    /// property; the first thing that is not is the error.
    pub fn parse(file: &Path, source: &str) -> Result<ThemeSheet, Located> {
        let (sheet, warnings) = Stylesheet::parse(file, source);
        if let Some(w) = warnings.into_iter().next() {
            return Err(w);
        }
        let root = Compound { states: States::ROOT, ..Compound::default() };
        let mut customs = Customs::new();
        for rule in &sheet.rules {
            let at = rule.declarations.first().map_or(0, |d| d.at);
            if rule.selectors.iter().any(|(s, _)| s.first != root || !s.rest.is_empty()) {
                return Err(Located::at(file, source, at, "a theme sheet declares its properties in `:root` alone"));
            }
            for d in &rule.declarations {
                let Said::Custom(name, text) = &d.said else {
                    return Err(Located::at(file, source, d.at, "a theme sheet declares custom properties only"));
                };
                customs.insert(name.clone(), text.clone());
            }
        }
        Ok(ThemeSheet { sheet, customs: Arc::new(customs) })
    }

    /// The custom properties, by name (with their `--`), as written: a document's root starts from them.
    pub fn customs(&self) -> &Arc<Customs> {
        &self.customs
    }

    /// The colour `--name` gives.
    pub fn colour(&self, name: &str) -> Result<Color, Located> {
        let text = self.text(name)?;
        let mut p = Parser::new(&text);
        let c = colour::parse(&mut p).map_err(|m| self.error(name, format!("`{name}`: {m}")))?;
        if !p.is_exhausted() {
            return Err(self.error(name, format!("`{name}`: more than one colour")));
        }
        Ok(c)
    }

    /// The length `--name` gives, in logical px (a theme's sizes are not relative to anything).
    pub fn px(&self, name: &str) -> Result<f32, Located> {
        match value::parse(Prop::Gap, &self.text(name)?) {
            Ok(Value::Length(Length::Px(v))) => Ok(v),
            Ok(_) => Err(self.error(name, format!("`{name}` is not in px"))),
            Err(m) => Err(self.error(name, format!("`{name}`: {m}"))),
        }
    }

    /// The text of `--name`, its `var()` calls substituted.
    fn text(&self, name: &str) -> Result<String, Located> {
        let text = self.customs.get(name).ok_or_else(|| self.error(name, format!("no `{name}` is declared")))?;
        vars::substitute(text, &self.customs).map_err(|m| self.error(name, format!("`{name}`: {m}")))
    }

    /// An error about `--name`, at its declaration (or the sheet's start when it has none).
    fn error(&self, name: &str, message: String) -> Located {
        let at = self
            .sheet
            .rules
            .iter()
            .rev()
            .flat_map(|r| r.declarations.iter().rev())
            .find(|d| matches!(&d.said, Said::Custom(n, _) if n == name))
            .map_or(0, |d| d.at);
        Located::at(&self.sheet.file, &self.sheet.source, at, message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sheet(source: &str) -> Result<ThemeSheet, Located> {
        ThemeSheet::parse(Path::new("t.css"), source)
    }

    #[test]
    fn colours_and_lengths_are_read_through_var() -> Result<(), Located> {
        let t = sheet(":root {\n  --a: #102030;\n  --b: var(--a);\n  --gap: 12px;\n}")?;
        assert_eq!(t.colour("--b")?, Color::rgb(0x10, 0x20, 0x30));
        assert_eq!(t.px("--gap")?, 12.0);
        Ok(())
    }

    #[test]
    fn what_a_screen_cannot_draw_with_is_an_error_at_its_place() {
        let missing = sheet(":root { --a: #fff; }").and_then(|t| t.colour("--b"));
        assert_eq!(missing.map_err(|e| e.to_string()), Err("t.css:1:1: no `--b` is declared".to_owned()));
        let bad = sheet(":root {\n  --a: 12px;\n}").and_then(|t| t.colour("--a"));
        assert!(bad.is_err_and(|e| e.line == 2 && e.message.contains("`--a`")));
        let not_px = sheet(":root {\n  --g: 2em;\n}").and_then(|t| t.px("--g"));
        assert!(not_px.is_err_and(|e| e.line == 2 && e.message.contains("not in px")));
        let cycle = sheet(":root { --a: var(--b); --b: var(--a); }").and_then(|t| t.colour("--a"));
        assert!(cycle.is_err());
    }

    #[test]
    fn a_theme_sheet_holds_custom_properties_in_root_alone() {
        assert!(sheet("button { --a: #fff; }").is_err_and(|e| e.message.contains("`:root` alone")));
        assert!(sheet(":root { color: #fff; }").is_err_and(|e| e.message.contains("custom properties only")));
        assert!(sheet(":root { --a: #fff; } @media print { }").is_err_and(|e| e.line == 1));
    }
}
