//! Plays a [`Script`]: before frame N polls its input, the script's lines for frame N are pushed onto SDL's queue
//! as real SDL events (`SDL_PushEvent`), so a scripted run takes the code path a person's input takes. A resize
//! resizes the window (`SDL_SetWindowSize`), and SDL itself queues the resize event it causes.
//!
//! SDL's queue holds 65,535 events and refuses more: a frame's lines are pushed in chunks of at most
//! [`CHUNK_EVENTS`] events, and the run polls the queue empty between chunks, so a flood of any size reaches the
//! app in its frame with none lost.

use std::path::{Path, PathBuf};

use goldberry_natives::sdl::{Event, Key, Modifiers, MouseButton, Text, Video, Window};

use super::named::{self, Keys};
use crate::located::Located;
use crate::session::Session;
use crate::shell::cli::RunError;
use crate::shell::script::{Action, Chord, Script, Verb};
use crate::ui::input::Button;
use crate::ui::router::WidgetId;
use crate::widgets::Held;

/// `SDLK_LSHIFT`: scancode 225 as a keycode (the scancode bit set).
const LSHIFT: i32 = (1 << 30) | 225;

/// The most SDL events pushed before the run polls the queue: well under SDL's 65,535, whatever SDL queues
/// itself meanwhile (a resize's window events).
pub const CHUNK_EVENTS: usize = 16_384;

/// A script being played.
#[derive(Debug)]
pub struct Player {
    script: Script,
    /// Each `key` line's SDL key and modifiers, by the event's place in the script.
    keys: Vec<Option<(Key, Modifiers)>>,
    /// Where the pointer is, for `press` and `release` (pushed events do not move SDL's own pointer).
    pointer: (i32, i32),
    /// The next line to push, by its place in the script.
    next: usize,
    /// The keys a line naming a widget presses.
    named_keys: Keys,
    /// The script's file, for the errors of its lines.
    path: PathBuf,
    /// What each `set` played so far must leave its widget holding, checked in the frame after its own.
    goals: Vec<Goal>,
    /// The `expect … within N` lines not yet so, by their place in the script, and the last frame each waits for.
    waits: Vec<(usize, u64)>,
    /// The named lines that scrolled their widget into view, by their place in the script: they play again before
    /// the next frame's lines.
    again: Vec<usize>,
    /// The frame whose waits and second plays are done (a frame's lines may be pushed in several calls).
    begun: Option<u64>,
}

/// A `set` line's widget and the value it must hold once the line's input is handled.
#[derive(Debug)]
struct Goal {
    /// The frame the line played in.
    frame: u64,
    /// The line, as an error names it, and the widget as the script named it.
    line: String,
    /// The widget.
    widget: WidgetId,
    /// What it must hold.
    want: Held,
}

impl Player {
    /// Checks every key name against SDL's (`SDL_GetKeyFromName`), before any window opens. Widgets' names are
    /// looked up when their lines play: a widget may take its name later (a counter's "2").
    pub fn new(script: Script, path: &Path, video: &Video) -> Result<Player, Located> {
        let named_keys = Keys::resolve(video)
            .ok_or_else(|| Located::at_line(path, 1, 1, "SDL knows no Tab, Up, Down or A key".to_owned()))?;
        let keys = script
            .events
            .iter()
            .map(|event| match &event.action {
                Action::Key(chord) => resolve(video, chord).map(Some).ok_or_else(|| {
                    Located::at_line(path, event.line, event.col, format!("SDL knows no key named `{}`", chord.key))
                }),
                _ => Ok(None),
            })
            .collect::<Result<_, _>>()?;
        Ok(Player {
            script,
            keys,
            pointer: (0, 0),
            next: 0,
            named_keys,
            path: path.to_owned(),
            goals: Vec::new(),
            waits: Vec::new(),
            again: Vec::new(),
            begun: None,
        })
    }

    /// Every screenshot the script takes, with the place of its line (`FILE:LINE:COL`): their folders are
    /// checked before the run starts.
    pub fn screenshots(&self) -> impl Iterator<Item = (&Path, String)> {
        self.script.events.iter().filter_map(|e| match &e.action {
            Action::Screenshot(path) => Some((path.as_path(), self.place(e.line, e.col))),
            _ => None,
        })
    }

    /// The last frame any line names or waits for.
    pub fn last_frame(&self) -> Option<u64> {
        self.script.last_frame()
    }

    /// How many of the script's lines name frame `frame` or an earlier one.
    pub fn lines_through(&self, frame: u64) -> usize {
        self.script.events.partition_point(|e| e.frame <= frame)
    }

    /// A line's place, as its errors begin.
    fn place(&self, line: usize, col: usize) -> String {
        format!("{}:{line}:{col}", self.path.display())
    }

    /// Pushes frame `frame`'s lines not pushed yet, until about [`CHUNK_EVENTS`] SDL events are queued (a line is
    /// never split); adds the screenshots to take once that frame is painted to `shots`, each with its line's
    /// place. Returns whether lines of this frame remain: poll the queue, then call again.
    pub fn push(
        &mut self,
        frame: u64,
        video: &Video,
        window: &mut Window<'_>,
        session: &Session,
        per_logical: f32,
        shots: &mut Vec<(PathBuf, String)>,
    ) -> Result<bool, RunError> {
        // The script speaks in logical units; SDL's events and window sizes are in window coordinates.
        let at = |v: i32| (v as f32 * per_logical).round() as i32;
        let side = |v: u32| ((v as f32 * per_logical).round() as u32).max(1);
        let sdl = |frame: u64| RunError::sdl(format!("script frame {frame}"));
        self.check_goals(frame, session)?;
        if self.begun != Some(frame) {
            self.begun = Some(frame);
            self.check_waits(frame, session, per_logical)?;
            // A line that scrolled its widget into view clicks it now, before this frame's own lines read the tree.
            let again = std::mem::take(&mut self.again);
            if !again.is_empty() {
                for index in again {
                    for event in self.named(index, frame, session, per_logical, true)? {
                        video.push_event(event).map_err(sdl(frame))?;
                    }
                }
                return Ok(true);
            }
        }
        let start = self.next.max(self.script.events.partition_point(|e| e.frame < frame));
        let end = self.lines_through(frame);
        let mut pushed = 0;
        for index in start..end {
            if pushed >= CHUNK_EVENTS {
                self.next = index;
                return Ok(true);
            }
            let scripted = &self.script.events[index];
            let (action, place) = (scripted.action.clone(), self.place(scripted.line, scripted.col));
            let mut push = |event: Event| {
                pushed += 1;
                video.push_event(event).map_err(sdl(frame))
            };
            match action {
                Action::Move { x, y } => {
                    self.pointer = (at(x), at(y));
                    push(Event::MouseMotion { x: at(x), y: at(y) })?;
                }
                Action::Press(b) => {
                    let (x, y) = self.pointer;
                    push(Event::MouseButtonDown { button: button(b), x, y, clicks: 1 })?;
                }
                Action::Release(b) => {
                    let (x, y) = self.pointer;
                    push(Event::MouseButtonUp { button: button(b), x, y, clicks: 1 })?;
                }
                Action::Click { x, y, button: b, clicks, shift } => {
                    let (x, y) = (at(x), at(y));
                    self.pointer = (x, y);
                    // Shift held around the click, as a person holds it: its own key down before, up after.
                    let lshift = Key(LSHIFT);
                    if shift {
                        push(Event::KeyDown { key: lshift, modifiers: Modifiers::LSHIFT, repeat: false })?;
                    }
                    push(Event::MouseMotion { x, y })?;
                    push(Event::MouseButtonDown { button: button(b), x, y, clicks })?;
                    push(Event::MouseButtonUp { button: button(b), x, y, clicks })?;
                    if shift {
                        push(Event::KeyUp { key: lshift, modifiers: Modifiers::NONE, repeat: false })?;
                    }
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
                        let text = Text::new(piece).map_err(sdl(frame))?;
                        push(Event::TextInput(text))?;
                    }
                }
                Action::Preedit { text, cursor } => {
                    let start = i32::try_from(cursor).unwrap_or(i32::MAX);
                    push(Event::TextEditing { text, start, length: 0 })?;
                }
                Action::Resize { width, height } => {
                    let (width, height) = (side(width), side(height));
                    window.set_size(width, height).map_err(RunError::sdl(format!("script frame {frame}: resizing")))?
                }
                Action::Screenshot(path) => shots.push((path, place)),
                Action::Named { .. } => {
                    for event in self.named(index, frame, session, per_logical, false)? {
                        if let Event::MouseMotion { x, y } = event {
                            self.pointer = (x, y);
                        }
                        pushed += 1;
                        video.push_event(event).map_err(sdl(frame))?;
                    }
                }
            }
        }
        self.next = end;
        Ok(false)
    }

    /// The events of named line `index` in frame `frame` (`again`: its second play, the widget scrolled into
    /// view). A `set` leaves a goal to check in the next frame; an `expect … within N` that is not so yet waits; a
    /// line that scrolled its widget into view plays again before the next frame's lines.
    fn named(
        &mut self,
        index: usize,
        frame: u64,
        session: &Session,
        per_logical: f32,
        again: bool,
    ) -> Result<Vec<Event>, RunError> {
        let scripted = &self.script.events[index];
        let (action, place) = (&scripted.action, self.place(scripted.line, scripted.col));
        let played = named::events(action, &place, session, self.named_keys, per_logical, again);
        if let Action::Named { verb: Verb::Expect { within: 1.., .. }, .. } = action
            && played.is_err()
        {
            self.waits.push((index, frame + within_of(action)));
            return Ok(Vec::new());
        }
        let played = played?;
        if played.again {
            self.again.push(index);
        } else if let Some((widget, want)) = named::goal(action, session)
            && let Action::Named { who, .. } = action
        {
            self.goals.push(Goal { frame, line: format!("{place}: {who}"), widget, want });
        }
        Ok(played.events)
    }

    /// Checks the `expect … within N` lines still waiting, before frame `frame`'s input: each that is so now is
    /// done; one whose last frame this is fails the run with what it found (exit 7).
    fn check_waits(&mut self, frame: u64, session: &Session, per_logical: f32) -> Result<(), RunError> {
        let mut waiting = Vec::new();
        for (index, until) in std::mem::take(&mut self.waits) {
            let scripted = &self.script.events[index];
            let place = self.place(scripted.line, scripted.col);
            match named::events(&scripted.action, &place, session, self.named_keys, per_logical, false) {
                Ok(_) => {}
                Err(e) if frame >= until => {
                    let within = within_of(&scripted.action);
                    let said = match e {
                        RunError::Script(m) | RunError::Expectation(m) => m,
                        other => other.to_string(),
                    };
                    return Err(RunError::Expectation(format!("{said} (waited {within} frames)")));
                }
                Err(_) => waiting.push((index, until)),
            }
        }
        self.waits = waiting;
        Ok(())
    }

    /// Checks the `set` lines played before `frame`: each widget holds what its line set (exit 7 when not, naming
    /// what it holds); a widget no longer on the screen shown is not checked.
    fn check_goals(&mut self, frame: u64, session: &Session) -> Result<(), RunError> {
        if !self.goals.iter().any(|g| g.frame < frame) {
            return Ok(());
        }
        let (done, wait): (Vec<Goal>, Vec<Goal>) =
            std::mem::take(&mut self.goals).into_iter().partition(|g| g.frame < frame);
        self.goals = wait;
        for goal in done {
            let Some(holds) = session.state().widget(goal.widget).and_then(|w| w.value()) else { continue };
            if holds != goal.want {
                return Err(RunError::Expectation(format!(
                    "{} holds {holds} after its set, not {}",
                    goal.line, goal.want
                )));
            }
        }
        Ok(())
    }
}

/// How many frames an `expect … within N` line waits (0 for any other line).
fn within_of(action: &Action) -> u64 {
    match action {
        Action::Named { verb: Verb::Expect { within, .. }, .. } => *within,
        _ => 0,
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
