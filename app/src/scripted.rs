//! Plays a [`Script`]: before frame N polls its input, the script's lines for frame N are pushed onto SDL's queue
//! as real SDL events (`SDL_PushEvent`), so a scripted run takes the code path a person's input takes. A resize
//! resizes the window (`SDL_SetWindowSize`), and SDL itself queues the resize event it causes.

use std::path::{Path, PathBuf};

use goldberry_natives::sdl::{Event, Key, Modifiers, MouseButton, Text, Video, Window};

use crate::cli::RunError;
use crate::script::{Action, Button, Chord, Script, ScriptError};

/// A script being played.
#[derive(Debug)]
pub struct Player {
    script: Script,
    /// Each `key` line's SDL key and modifiers, by the event's place in the script.
    keys: Vec<Option<(Key, Modifiers)>>,
    /// Where the pointer is, for `press` and `release` (pushed events do not move SDL's own pointer).
    pointer: (i32, i32),
}

impl Player {
    /// Checks every key name against SDL's (`SDL_GetKeyFromName`), before any window opens.
    pub fn new(script: Script, path: &Path, video: &Video) -> Result<Player, ScriptError> {
        let keys = script
            .events
            .iter()
            .map(|event| match &event.action {
                Action::Key(chord) => resolve(video, chord).map(Some).ok_or_else(|| ScriptError {
                    path: path.to_owned(),
                    line: event.line,
                    message: format!("SDL knows no key named `{}`", chord.key),
                }),
                _ => Ok(None),
            })
            .collect::<Result<_, _>>()?;
        Ok(Player { script, keys, pointer: (0, 0) })
    }

    /// Every screenshot the script takes (their folders are checked before the run starts).
    pub fn screenshots(&self) -> impl Iterator<Item = &Path> {
        self.script.events.iter().filter_map(|e| match &e.action {
            Action::Screenshot(path) => Some(path.as_path()),
            _ => None,
        })
    }

    /// The last frame any line names.
    pub fn last_frame(&self) -> Option<u64> {
        self.script.last_frame()
    }

    /// Pushes frame `frame`'s events; returns the screenshots to take once that frame is painted.
    pub fn push(&mut self, frame: u64, video: &Video, window: &mut Window<'_>) -> Result<Vec<PathBuf>, RunError> {
        let start = self.script.events.partition_point(|e| e.frame < frame);
        let end = self.script.events.partition_point(|e| e.frame <= frame);
        let mut shots = Vec::new();
        for index in start..end {
            let action = self.script.events[index].action.clone();
            let push = |event: Event| {
                video.push_event(event).map_err(|e| RunError::Other(anyhow::anyhow!("script frame {frame}: {e}")))
            };
            match action {
                Action::Move { x, y } => {
                    self.pointer = (x, y);
                    push(Event::MouseMotion { x, y })?;
                }
                Action::Press(b) => {
                    let (x, y) = self.pointer;
                    push(Event::MouseButtonDown { button: button(b), x, y, clicks: 1 })?;
                }
                Action::Release(b) => {
                    let (x, y) = self.pointer;
                    push(Event::MouseButtonUp { button: button(b), x, y, clicks: 1 })?;
                }
                Action::Click { x, y, button: b } => {
                    self.pointer = (x, y);
                    push(Event::MouseMotion { x, y })?;
                    push(Event::MouseButtonDown { button: button(b), x, y, clicks: 1 })?;
                    push(Event::MouseButtonUp { button: button(b), x, y, clicks: 1 })?;
                }
                Action::Wheel { dx, dy } => push(Event::MouseWheel { dx, dy })?,
                Action::Key(_) => {
                    if let Some((key, modifiers)) = self.keys[index] {
                        push(Event::KeyDown { key, modifiers, repeat: false })?;
                        push(Event::KeyUp { key, modifiers, repeat: false })?;
                    }
                }
                Action::Text(text) => {
                    for piece in Action::text_pieces(&text) {
                        let text = Text::new(piece).map_err(|e| RunError::Other(e.into()))?;
                        push(Event::TextInput(text))?;
                    }
                }
                Action::Resize { width, height } => window
                    .set_size(width, height)
                    .map_err(|e| RunError::Other(anyhow::anyhow!("script frame {frame}: resizing: {e}")))?,
                Action::Screenshot(path) => shots.push(path),
            }
        }
        Ok(shots)
    }
}

fn button(button: Button) -> MouseButton {
    match button {
        Button::Left => MouseButton::LEFT,
        Button::Middle => MouseButton::MIDDLE,
        Button::Right => MouseButton::RIGHT,
    }
}

/// The chord's key by SDL's name for it (`Return`, `F1`, `PageDown`, `z`), with its modifiers as SDL carries them
/// (the left-hand key of each).
fn resolve(video: &Video, chord: &Chord) -> Option<(Key, Modifiers)> {
    let key = video.key_from_name(&chord.key)?;
    let m = chord.modifiers;
    let mut modifiers = Modifiers::NONE;
    for (held, bit) in
        [(m.ctrl, Modifiers::LCTRL), (m.shift, Modifiers::LSHIFT), (m.alt, Modifiers::LALT), (m.gui, Modifiers::LGUI)]
    {
        if held {
            modifiers = modifiers | bit;
        }
    }
    Some((key, modifiers))
}
