//! The scene's icons: path data in SVG syntax under `assets/icons/`, embedded at build time and parsed here.
//!
//! Each file holds one icon in a 24 x 24 box (`#` lines are comments). The parser takes the commands the icons
//! use, absolute and relative: `M L H V C S Q T Z` (no arcs). [`Icon::at`] places an icon at a pixel size.

use crate::display_list::{PathCommand, PathData};

/// The side of the box every icon is drawn in.
pub const ICON_BOX: f32 = 24.0;

/// The icons, by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IconName {
    /// A berry (the app's logo).
    Berry,
    /// A clock.
    Clock,
    /// A line chart.
    Chart,
    /// A bar chart.
    Bars,
    /// A progress ring.
    Ring,
    /// Text.
    Text,
    /// Code brackets.
    Code,
    /// Four tiles.
    Grid,
    /// Stacked sheets.
    Layers,
    /// A chip.
    Cpu,
    /// A lightning bolt.
    Bolt,
    /// A memory module.
    Memory,
    /// A page.
    Note,
    /// A list.
    List,
    /// A gauge.
    Gauge,
    /// A palette.
    Palette,
    /// Two tracks.
    Threads,
}

/// Every icon's name, file name and embedded source.
const SOURCES: [(IconName, &str, &str); 17] = [
    (IconName::Berry, "berry", include_str!("../../../assets/icons/berry.path")),
    (IconName::Clock, "clock", include_str!("../../../assets/icons/clock.path")),
    (IconName::Chart, "chart", include_str!("../../../assets/icons/chart.path")),
    (IconName::Bars, "bars", include_str!("../../../assets/icons/bars.path")),
    (IconName::Ring, "ring", include_str!("../../../assets/icons/ring.path")),
    (IconName::Text, "text", include_str!("../../../assets/icons/text.path")),
    (IconName::Code, "code", include_str!("../../../assets/icons/code.path")),
    (IconName::Grid, "grid", include_str!("../../../assets/icons/grid.path")),
    (IconName::Layers, "layers", include_str!("../../../assets/icons/layers.path")),
    (IconName::Cpu, "cpu", include_str!("../../../assets/icons/cpu.path")),
    (IconName::Bolt, "bolt", include_str!("../../../assets/icons/bolt.path")),
    (IconName::Memory, "memory", include_str!("../../../assets/icons/memory.path")),
    (IconName::Note, "note", include_str!("../../../assets/icons/note.path")),
    (IconName::List, "list", include_str!("../../../assets/icons/list.path")),
    (IconName::Gauge, "gauge", include_str!("../../../assets/icons/gauge.path")),
    (IconName::Palette, "palette", include_str!("../../../assets/icons/palette.path")),
    (IconName::Threads, "threads", include_str!("../../../assets/icons/threads.path")),
];

/// An icon file that does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("assets/icons/{file}.path: {message}")]
pub struct IconError {
    /// The icon's file name (without `.path`).
    pub file: &'static str,
    /// What is wrong, and where.
    pub message: String,
}

/// One parsed icon, in its 24 x 24 box.
#[derive(Debug, Clone, PartialEq)]
pub struct Icon {
    commands: Vec<PathCommand>,
}

impl Icon {
    /// The icon's commands in box units.
    pub fn commands(&self) -> &[PathCommand] {
        &self.commands
    }

    /// The icon drawn `size` pixels square with its top-left corner at (x, y).
    pub fn at(&self, x: f32, y: f32, size: f32) -> PathData {
        let k = size / ICON_BOX;
        let p = |px: f32, py: f32| (x + px * k, y + py * k);
        let commands = self
            .commands
            .iter()
            .map(|&c| match c {
                PathCommand::MoveTo(a, b) => {
                    let (a, b) = p(a, b);
                    PathCommand::MoveTo(a, b)
                }
                PathCommand::LineTo(a, b) => {
                    let (a, b) = p(a, b);
                    PathCommand::LineTo(a, b)
                }
                PathCommand::QuadTo(a, b, c, d) => {
                    let ((a, b), (c, d)) = (p(a, b), p(c, d));
                    PathCommand::QuadTo(a, b, c, d)
                }
                PathCommand::CubicTo(a, b, c, d, e, f) => {
                    let ((a, b), (c, d), (e, f)) = (p(a, b), p(c, d), p(e, f));
                    PathCommand::CubicTo(a, b, c, d, e, f)
                }
                PathCommand::Close => PathCommand::Close,
            })
            .collect();
        PathData { commands }
    }
}

/// Every icon, parsed.
#[derive(Debug, Clone)]
pub struct Icons {
    icons: Vec<(IconName, Icon)>,
}

impl Icons {
    /// Parses every embedded icon; the first that does not parse is the error.
    pub fn load() -> Result<Icons, IconError> {
        let icons = SOURCES
            .iter()
            .map(|&(name, file, source)| {
                parse(source).map(|commands| (name, Icon { commands })).map_err(|message| IconError { file, message })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Icons { icons })
    }

    /// The icon named `name`.
    pub fn get(&self, name: IconName) -> Option<&Icon> {
        self.icons.iter().find(|(n, _)| *n == name).map(|(_, icon)| icon)
    }

    /// `name` drawn `size` pixels square at (x, y); an empty path if it is unknown.
    pub fn at(&self, name: IconName, x: f32, y: f32, size: f32) -> PathData {
        self.get(name).map(|icon| icon.at(x, y, size)).unwrap_or_default()
    }
}

/// A token of path data.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Token {
    Command(char),
    Number(f32),
}

fn tokenize(source: &str) -> Result<Vec<Token>, String> {
    let mut tokens = Vec::new();
    for (line_no, line) in source.lines().enumerate() {
        let line = line.trim();
        if line.starts_with('#') {
            continue;
        }
        let bytes = line.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let c = bytes[i] as char;
            if c.is_ascii_whitespace() || c == ',' {
                i += 1;
            } else if c.is_ascii_alphabetic() {
                tokens.push(Token::Command(c));
                i += 1;
            } else if c.is_ascii_digit() || c == '-' || c == '+' || c == '.' {
                let start = i;
                i += 1;
                let mut seen_dot = c == '.';
                while i < bytes.len() {
                    let d = bytes[i] as char;
                    if d.is_ascii_digit() {
                        i += 1;
                    } else if d == '.' && !seen_dot {
                        seen_dot = true;
                        i += 1;
                    } else if (d == 'e' || d == 'E') && i + 1 < bytes.len() {
                        i += 1;
                        if bytes[i] == b'-' || bytes[i] == b'+' {
                            i += 1;
                        }
                    } else {
                        break;
                    }
                }
                let text = &line[start..i];
                let value: f32 = text.parse().map_err(|_| format!("line {}: {text:?} is not a number", line_no + 1))?;
                tokens.push(Token::Number(value));
            } else {
                return Err(format!("line {}: unexpected {c:?}", line_no + 1));
            }
        }
    }
    Ok(tokens)
}

/// Parses SVG path data (`M L H V C S Q T Z`, absolute and relative) into commands.
pub fn parse(source: &str) -> Result<Vec<PathCommand>, String> {
    let tokens = tokenize(source)?;
    let mut pen = PathPen::default();
    let mut i = 0;
    let mut command: Option<char> = None;
    while i < tokens.len() {
        let c = match tokens[i] {
            Token::Command(c) => {
                i += 1;
                c
            }
            Token::Number(_) => match command {
                // Implicit repetition; a repeated moveto is a lineto.
                Some('M') => 'L',
                Some('m') => 'l',
                Some(c) if c != 'Z' && c != 'z' => c,
                _ => return Err(format!("a number with no command before it (token {i})")),
            },
        };
        command = Some(c);
        let arity = match c.to_ascii_uppercase() {
            'M' | 'L' | 'T' => 2,
            'H' | 'V' => 1,
            'C' => 6,
            'S' | 'Q' => 4,
            'Z' => 0,
            other => return Err(format!("unsupported command {other:?}")),
        };
        let mut n = [0.0f32; 6];
        for (k, slot) in n.iter_mut().enumerate().take(arity) {
            match tokens.get(i + k) {
                Some(Token::Number(v)) => *slot = *v,
                _ => return Err(format!("command {c:?} needs {arity} numbers")),
            }
        }
        i += arity;
        pen.command(c, n);
    }
    if !matches!(pen.out.first(), None | Some(PathCommand::MoveTo(..))) {
        return Err("path data must start with a moveto".into());
    }
    Ok(pen.out)
}

/// Where a path being parsed stands: the current point, the figure's start, the last control point (for S and T
/// reflections), and the commands so far.
#[derive(Default)]
struct PathPen {
    x: f32,
    y: f32,
    start: (f32, f32),
    last_cubic: Option<(f32, f32)>,
    last_quad: Option<(f32, f32)>,
    out: Vec<PathCommand>,
}

impl PathPen {
    /// Applies command `c` (lower case: relative) with its numbers `n`.
    fn command(&mut self, c: char, n: [f32; 6]) {
        let relative = c.is_ascii_lowercase();
        let (x, y) = (self.x, self.y);
        let (ox, oy) = if relative { (x, y) } else { (0.0, 0.0) };
        let (mut next_cubic, mut next_quad) = (None, None);
        let command = match c.to_ascii_uppercase() {
            'M' => {
                (self.x, self.y) = (ox + n[0], oy + n[1]);
                self.start = (self.x, self.y);
                PathCommand::MoveTo(self.x, self.y)
            }
            'L' => {
                (self.x, self.y) = (ox + n[0], oy + n[1]);
                PathCommand::LineTo(self.x, self.y)
            }
            'H' => {
                self.x = if relative { x + n[0] } else { n[0] };
                PathCommand::LineTo(self.x, y)
            }
            'V' => {
                self.y = if relative { y + n[0] } else { n[0] };
                PathCommand::LineTo(x, self.y)
            }
            'C' => {
                let (x1, y1, x2, y2) = (ox + n[0], oy + n[1], ox + n[2], oy + n[3]);
                (self.x, self.y) = (ox + n[4], oy + n[5]);
                next_cubic = Some((x2, y2));
                PathCommand::CubicTo(x1, y1, x2, y2, self.x, self.y)
            }
            'S' => {
                let (x1, y1) = self.last_cubic.map_or((x, y), |(cx, cy)| (2.0 * x - cx, 2.0 * y - cy));
                let (x2, y2) = (ox + n[0], oy + n[1]);
                (self.x, self.y) = (ox + n[2], oy + n[3]);
                next_cubic = Some((x2, y2));
                PathCommand::CubicTo(x1, y1, x2, y2, self.x, self.y)
            }
            'Q' => {
                let (x1, y1) = (ox + n[0], oy + n[1]);
                (self.x, self.y) = (ox + n[2], oy + n[3]);
                next_quad = Some((x1, y1));
                PathCommand::QuadTo(x1, y1, self.x, self.y)
            }
            'T' => {
                let (x1, y1) = self.last_quad.map_or((x, y), |(cx, cy)| (2.0 * x - cx, 2.0 * y - cy));
                (self.x, self.y) = (ox + n[0], oy + n[1]);
                next_quad = Some((x1, y1));
                PathCommand::QuadTo(x1, y1, self.x, self.y)
            }
            _ => {
                (self.x, self.y) = self.start;
                PathCommand::Close
            }
        };
        self.out.push(command);
        self.last_cubic = next_cubic;
        self.last_quad = next_quad;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_icon_parses_inside_its_box() {
        let icons = match Icons::load() {
            Ok(icons) => icons,
            Err(e) => panic!("{e}"),
        };
        for (name, _, _) in SOURCES {
            let icon = icons.get(name).map_or(&[][..], Icon::commands);
            assert!(icon.len() >= 2, "{name:?} is empty");
            for c in icon {
                let points: Vec<(f32, f32)> = match *c {
                    PathCommand::MoveTo(a, b) | PathCommand::LineTo(a, b) => vec![(a, b)],
                    PathCommand::QuadTo(a, b, c, d) => vec![(a, b), (c, d)],
                    PathCommand::CubicTo(a, b, c, d, e, f) => vec![(a, b), (c, d), (e, f)],
                    PathCommand::Close => vec![],
                };
                for (x, y) in points {
                    assert!((0.0..=ICON_BOX).contains(&x) && (0.0..=ICON_BOX).contains(&y), "{name:?}: {x},{y}");
                }
            }
        }
    }

    #[test]
    fn absolute_relative_and_shorthand_commands() {
        let parsed = parse("# c\nM1 2 h3 v4 l-1,-1 L0 0 z m 10 10 2 2 C1 1 2 2 3 3 s 1 1 2 2 Q5 5 6 6 T8 8");
        let expected = vec![
            PathCommand::MoveTo(1.0, 2.0),
            PathCommand::LineTo(4.0, 2.0),
            PathCommand::LineTo(4.0, 6.0),
            PathCommand::LineTo(3.0, 5.0),
            PathCommand::LineTo(0.0, 0.0),
            PathCommand::Close,
            PathCommand::MoveTo(11.0, 12.0),
            PathCommand::LineTo(13.0, 14.0),
            PathCommand::CubicTo(1.0, 1.0, 2.0, 2.0, 3.0, 3.0),
            PathCommand::CubicTo(4.0, 4.0, 4.0, 4.0, 5.0, 5.0),
            PathCommand::QuadTo(5.0, 5.0, 6.0, 6.0),
            PathCommand::QuadTo(7.0, 7.0, 8.0, 8.0),
        ];
        assert_eq!(parsed, Ok(expected));
        assert_eq!(parse("M1.5-2e1"), Ok(vec![PathCommand::MoveTo(1.5, -20.0)]));
    }

    #[test]
    fn bad_path_data_is_an_error() {
        assert!(parse("M1").is_err());
        assert!(parse("L1 2").is_err());
        assert!(parse("M1 2 A 1 1 0 0 0 2 2").is_err());
        assert!(parse("M1 2 @").is_err());
    }

    #[test]
    fn an_icon_scales_to_its_pixel_box() {
        let icon = Icon { commands: vec![PathCommand::MoveTo(0.0, 0.0), PathCommand::LineTo(24.0, 12.0)] };
        let placed = icon.at(10.0, 20.0, 48.0);
        assert_eq!(placed.commands, vec![PathCommand::MoveTo(10.0, 20.0), PathCommand::LineTo(58.0, 44.0)]);
    }
}
