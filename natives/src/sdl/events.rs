//! SDL's events, in the app's vocabulary: quit, close, resize, a key.

use goldberry_calls::sdl::events::SDL_PushEvent;
use goldberry_calls::sdl::types::{
    SDL_Event, SDL_EventType, SDL_KEYDOWN, SDL_KeyCode, SDL_KeyboardEvent, SDL_Keysym, SDL_PRESSED, SDL_QUIT,
    SDL_Scancode, SDL_WINDOWEVENT, SDL_WINDOWEVENT_CLOSE, SDL_WINDOWEVENT_RESIZED, SDL_WINDOWEVENT_SIZE_CHANGED,
    SDL_WindowEvent, SDL_WindowEventID, SDLK_ESCAPE, SDLK_F1,
};

use super::Video;
use crate::error::NativeError;

/// One event from SDL's queue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// `SDL_QUIT`: the user asked the program to quit (last window closed, a signal, ...).
    Quit,
    /// `SDL_WINDOWEVENT_CLOSE`: the window manager asks a window to close.
    CloseRequested,
    /// `SDL_WINDOWEVENT_RESIZED` or `SDL_WINDOWEVENT_SIZE_CHANGED`: a window is now `width` x `height`.
    /// SDL sends both for a resize by the user, so the same size may arrive twice.
    Resized {
        /// The new width in pixels.
        width: u32,
        /// The new height in pixels.
        height: u32,
    },
    /// `SDL_KEYDOWN`: a key was pressed (or repeats).
    KeyDown(Key),
    /// Any other event (mouse, focus, key release, ...).
    Other,
}

/// A key, by what it means (SDL's virtual key code), not where it sits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    /// `SDLK_ESCAPE`.
    Escape,
    /// `SDLK_F1`.
    F1,
    /// Any other key: its `SDLK_*` code.
    Other(i32),
}

impl Key {
    fn from_code(code: i32) -> Key {
        match SDL_KeyCode(code) {
            SDLK_ESCAPE => Key::Escape,
            SDLK_F1 => Key::F1,
            _ => Key::Other(code),
        }
    }

    fn code(self) -> i32 {
        match self {
            Key::Escape => SDLK_ESCAPE.0,
            Key::F1 => SDLK_F1.0,
            Key::Other(code) => code,
        }
    }
}

impl Event {
    /// Reads an event SDL wrote.
    fn from_sdl(event: &SDL_Event) -> Event {
        // SAFETY: every member of the union starts with `Uint32 type`, and SDL wrote a whole event.
        let event_type = SDL_EventType(unsafe { event.r#type });
        match event_type {
            SDL_QUIT => Event::Quit,
            SDL_WINDOWEVENT => {
                // SAFETY: the type says SDL wrote the `window` member.
                let window = unsafe { event.window };
                match SDL_WindowEventID(window.event) {
                    SDL_WINDOWEVENT_RESIZED | SDL_WINDOWEVENT_SIZE_CHANGED => Event::Resized {
                        width: u32::try_from(window.data1).unwrap_or(0),
                        height: u32::try_from(window.data2).unwrap_or(0),
                    },
                    SDL_WINDOWEVENT_CLOSE => Event::CloseRequested,
                    _ => Event::Other,
                }
            }
            SDL_KEYDOWN => {
                // SAFETY: the type says SDL wrote the `key` member.
                let key = unsafe { event.key };
                Event::KeyDown(Key::from_code(key.keysym.sym))
            }
            _ => Event::Other,
        }
    }

    /// The SDL event this event is, for `SDL_PushEvent`; `None` for [`Event::Other`].
    fn to_sdl(self, timestamp: u32) -> Option<SDL_Event> {
        let window = |event: SDL_WindowEventID, data1: i32, data2: i32| SDL_Event {
            window: SDL_WindowEvent {
                r#type: SDL_WINDOWEVENT.0,
                timestamp,
                windowID: 0,
                event: event.0,
                padding1: 0,
                padding2: 0,
                padding3: 0,
                data1,
                data2,
            },
        };
        let mut event = SDL_Event::zeroed();
        match self {
            Event::Quit => event.common.r#type = SDL_QUIT.0,
            Event::CloseRequested => event = window(SDL_WINDOWEVENT_CLOSE, 0, 0),
            Event::Resized { width, height } => {
                let size = |n: u32| i32::try_from(n).unwrap_or(i32::MAX);
                event = window(SDL_WINDOWEVENT_SIZE_CHANGED, size(width), size(height));
            }
            Event::KeyDown(key) => {
                event.key = SDL_KeyboardEvent {
                    r#type: SDL_KEYDOWN.0,
                    timestamp,
                    windowID: 0,
                    state: SDL_PRESSED.0,
                    repeat: 0,
                    padding2: 0,
                    padding3: 0,
                    keysym: SDL_Keysym { scancode: SDL_Scancode(0), sym: key.code(), r#mod: 0, unused: 0 },
                }
            }
            Event::Other => return None,
        }
        Some(event)
    }
}

impl Video {
    /// `SDL_PollEvent`: the next queued event, or `None` when the queue is empty. Never blocks.
    ///
    /// Poll until `None` once a frame: SDL (2.26 and later) marks the end of each polling pass with a sentinel
    /// it queues itself, so a pass that stops early reports that sentinel as `None` at the start of the next.
    pub fn poll_event(&self) -> Option<Event> {
        let mut event = SDL_Event::zeroed();
        // SAFETY: `event` is a whole, writable SDL_Event (56 bytes); video is running on this thread.
        let got = unsafe { self.sdl.calls.events.SDL_PollEvent.call(&mut event) };
        (got == 1).then(|| Event::from_sdl(&event))
    }

    /// `SDL_WaitEventTimeout`: the next event, waiting up to `timeout_ms` milliseconds for one; `None` when
    /// none came in time.
    pub fn wait_event(&self, timeout_ms: i32) -> Option<Event> {
        let mut event = SDL_Event::zeroed();
        // SAFETY: as in `poll_event`.
        let got = unsafe { self.sdl.calls.events.SDL_WaitEventTimeout.call(&mut event, timeout_ms) };
        (got == 1).then(|| Event::from_sdl(&event))
    }

    /// `SDL_PushEvent`: puts `event` on SDL's queue, as if SDL had received it (window events carry window id 0).
    /// [`Event::Other`] names no event and is refused with [`NativeError::InvalidArgument`].
    pub fn push_event(&self, event: Event) -> Result<(), NativeError> {
        let timestamp = u32::try_from(self.sdl.ticks_ms()).unwrap_or(u32::MAX);
        let Some(mut raw) = event.to_sdl(timestamp) else {
            return Err(NativeError::InvalidArgument("Event::Other names no SDL event to push".to_owned()));
        };
        // SAFETY: `raw` is a whole SDL_Event that SDL copies into its queue.
        let queued = unsafe { self.sdl.calls.events.SDL_PushEvent.call(&mut raw) };
        match queued {
            1 => Ok(()),
            0 => Err(NativeError::Sdl {
                function: SDL_PushEvent::SYMBOL,
                message: "an event filter dropped it".to_owned(),
            }),
            _ => Err(self.sdl.error(SDL_PushEvent::SYMBOL)),
        }
    }
}
