//! The C types SDL2's prototypes name (SDL_version.h, SDL_rect.h, SDL_pixels.h, SDL_surface.h, SDL_video.h,
//! SDL_keyboard.h, SDL_keycode.h, SDL_mouse.h, SDL_events.h, SDL_hints.h), and the constants the bindings use, as newtypes.
//!
//! SDL2 2.x keeps these layouts stable across its whole 2.x line (it is a binary-compatible ABI); the shim's
//! layout table checks each one against the installed headers.

#![allow(non_camel_case_types, non_snake_case)]

use std::ffi::{c_char, c_int, c_void};

/// The opaque `struct SDL_Window`; only ever behind a pointer.
#[repr(C)]
pub struct SDL_Window {
    _opaque: [u8; 0],
}

/// The opaque `struct SDL_BlitMap` a surface points to (SDL-private); only ever behind a pointer.
#[repr(C)]
pub struct SDL_BlitMap {
    _opaque: [u8; 0],
}

/// The opaque `struct SDL_Cursor` (SDL_mouse.h); only ever behind a pointer.
#[repr(C)]
pub struct SDL_Cursor {
    _opaque: [u8; 0],
}

crate::c_structs! {
    /// `typedef struct SDL_version { Uint8 major; Uint8 minor; Uint8 patch; } SDL_version`
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct SDL_version {
        /// Major version (2 for SDL2).
        pub major: u8,
        /// Minor version.
        pub minor: u8,
        /// Patch level.
        pub patch: u8,
    }

    /// `typedef struct SDL_Rect { int x, y; int w, h; } SDL_Rect`
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct SDL_Rect {
        /// Left edge.
        pub x: c_int,
        /// Top edge.
        pub y: c_int,
        /// Width.
        pub w: c_int,
        /// Height.
        pub h: c_int,
    }

    /// `typedef struct SDL_Color { Uint8 r; Uint8 g; Uint8 b; Uint8 a; } SDL_Color`
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct SDL_Color {
        /// Red.
        pub r: u8,
        /// Green.
        pub g: u8,
        /// Blue.
        pub b: u8,
        /// Alpha.
        pub a: u8,
    }

    /// `typedef struct SDL_Palette { int ncolors; SDL_Color* colors; Uint32 version; int refcount; } SDL_Palette`
    #[derive(Debug)]
    pub struct SDL_Palette {
        /// How many colours `colors` holds.
        pub ncolors: c_int,
        /// The colours.
        pub colors: *mut SDL_Color,
        /// Bumped whenever the palette changes.
        pub version: u32,
        /// Reference count.
        pub refcount: c_int,
    }

    /// `typedef struct SDL_PixelFormat { ... } SDL_PixelFormat`: read-only, owned by SDL.
    #[derive(Debug)]
    pub struct SDL_PixelFormat {
        /// The `SDL_PIXELFORMAT_*` value (an [`SDL_PixelFormatEnum`]).
        pub format: u32,
        /// The palette of an indexed format, else null.
        pub palette: *mut SDL_Palette,
        /// Bits per pixel (24 for XRGB8888: the X byte is not counted).
        pub BitsPerPixel: u8,
        /// Bytes per pixel (4 for XRGB8888).
        pub BytesPerPixel: u8,
        /// `Uint8 padding[2]`.
        pub padding: [u8; 2],
        /// Red mask.
        pub Rmask: u32,
        /// Green mask.
        pub Gmask: u32,
        /// Blue mask.
        pub Bmask: u32,
        /// Alpha mask (0 when the format has no alpha).
        pub Amask: u32,
        /// Red loss.
        pub Rloss: u8,
        /// Green loss.
        pub Gloss: u8,
        /// Blue loss.
        pub Bloss: u8,
        /// Alpha loss.
        pub Aloss: u8,
        /// Red shift.
        pub Rshift: u8,
        /// Green shift.
        pub Gshift: u8,
        /// Blue shift.
        pub Bshift: u8,
        /// Alpha shift.
        pub Ashift: u8,
        /// Reference count.
        pub refcount: c_int,
        /// `struct SDL_PixelFormat* next`: SDL's internal cache list.
        pub next: *mut SDL_PixelFormat,
    }

    /// `typedef struct SDL_Surface { ... } SDL_Surface`: a block of pixels; a window's is owned by the window.
    #[derive(Debug)]
    pub struct SDL_Surface {
        /// `SDL_PREALLOC`, `SDL_RLEACCEL`, ... (an [`SDL_SurfaceFlags`]). Read-only.
        pub flags: u32,
        /// The pixel format. Read-only.
        pub format: *mut SDL_PixelFormat,
        /// Width in pixels. Read-only.
        pub w: c_int,
        /// Height in pixels. Read-only.
        pub h: c_int,
        /// Bytes from one row to the next. Read-only.
        pub pitch: c_int,
        /// The pixels (valid while locked, when `SDL_MUSTLOCK`). Read-write.
        pub pixels: *mut c_void,
        /// Application data. Read-write.
        pub userdata: *mut c_void,
        /// Lock count. Read-only.
        pub locked: c_int,
        /// `void* list_blitmap`. Private.
        pub list_blitmap: *mut c_void,
        /// Clipping rectangle. Read-only.
        pub clip_rect: SDL_Rect,
        /// `SDL_BlitMap* map`. Private.
        pub map: *mut SDL_BlitMap,
        /// Reference count.
        pub refcount: c_int,
    }

    /// `typedef struct { Uint32 format; int w; int h; int refresh_rate; void* driverdata; } SDL_DisplayMode`
    #[derive(Debug)]
    pub struct SDL_DisplayMode {
        /// The `SDL_PIXELFORMAT_*` value.
        pub format: u32,
        /// Width in screen coordinates.
        pub w: c_int,
        /// Height in screen coordinates.
        pub h: c_int,
        /// Refresh rate in Hz, or 0 when unspecified.
        pub refresh_rate: c_int,
        /// Driver-specific data.
        pub driverdata: *mut c_void,
    }

    /// `typedef struct SDL_Keysym { SDL_Scancode scancode; SDL_Keycode sym; Uint16 mod; Uint32 unused; } SDL_Keysym`
    #[derive(Clone, Copy, Debug)]
    pub struct SDL_Keysym {
        /// The physical key.
        pub scancode: SDL_Scancode,
        /// `SDL_Keycode sym` (a `Sint32`): the virtual key, an `SDLK_*` value ([`SDL_KeyCode`]).
        pub sym: i32,
        /// `Uint16 mod`: the modifiers held (the C field is `mod`, a Rust keyword).
        pub r#mod: u16,
        /// Unused.
        pub unused: u32,
    }

    /// `typedef struct SDL_CommonEvent { Uint32 type; Uint32 timestamp; } SDL_CommonEvent`
    #[derive(Clone, Copy, Debug)]
    pub struct SDL_CommonEvent {
        /// The event type (an [`SDL_EventType`]); the C field is `type`.
        pub r#type: u32,
        /// Milliseconds since SDL's start (`SDL_GetTicks`).
        pub timestamp: u32,
    }

    /// `typedef struct SDL_WindowEvent { Uint32 type; Uint32 timestamp; Uint32 windowID; Uint8 event; ...; Sint32 data1; Sint32 data2; } SDL_WindowEvent`
    #[derive(Clone, Copy, Debug)]
    pub struct SDL_WindowEvent {
        /// `SDL_WINDOWEVENT`; the C field is `type`.
        pub r#type: u32,
        /// Milliseconds since SDL's start.
        pub timestamp: u32,
        /// The window's id.
        pub windowID: u32,
        /// What happened (an [`SDL_WindowEventID`]).
        pub event: u8,
        /// Padding.
        pub padding1: u8,
        /// Padding.
        pub padding2: u8,
        /// Padding.
        pub padding3: u8,
        /// Event-dependent data (the new width for `SDL_WINDOWEVENT_RESIZED` / `SIZE_CHANGED`).
        pub data1: i32,
        /// Event-dependent data (the new height).
        pub data2: i32,
    }

    /// `typedef struct SDL_KeyboardEvent { Uint32 type; Uint32 timestamp; Uint32 windowID; Uint8 state; Uint8 repeat; ...; SDL_Keysym keysym; } SDL_KeyboardEvent`
    #[derive(Clone, Copy, Debug)]
    pub struct SDL_KeyboardEvent {
        /// `SDL_KEYDOWN` or `SDL_KEYUP`; the C field is `type`.
        pub r#type: u32,
        /// Milliseconds since SDL's start.
        pub timestamp: u32,
        /// The window with keyboard focus, if any.
        pub windowID: u32,
        /// `SDL_PRESSED` or `SDL_RELEASED`.
        pub state: u8,
        /// Non-zero for a key repeat.
        pub repeat: u8,
        /// Padding.
        pub padding2: u8,
        /// Padding.
        pub padding3: u8,
        /// The key.
        pub keysym: SDL_Keysym,
    }

    /// `typedef struct SDL_TextInputEvent { Uint32 type; Uint32 timestamp; Uint32 windowID; char text[SDL_TEXTINPUTEVENT_TEXT_SIZE]; } SDL_TextInputEvent`
    #[derive(Clone, Copy, Debug)]
    pub struct SDL_TextInputEvent {
        /// `SDL_TEXTINPUT`; the C field is `type`.
        pub r#type: u32,
        /// Milliseconds since SDL's start.
        pub timestamp: u32,
        /// The window with keyboard focus, if any.
        pub windowID: u32,
        /// The input text: UTF-8, NUL-terminated, so at most 31 bytes of it.
        pub text: [c_char; SDL_TEXTINPUTEVENT_TEXT_SIZE.0],
    }

    /// `typedef struct SDL_TextEditingEvent { Uint32 type; Uint32 timestamp; Uint32 windowID; char text[SDL_TEXTEDITINGEVENT_TEXT_SIZE]; Sint32 start; Sint32 length; } SDL_TextEditingEvent`
    #[derive(Clone, Copy, Debug)]
    pub struct SDL_TextEditingEvent {
        /// `SDL_TEXTEDITING`; the C field is `type`.
        pub r#type: u32,
        /// Milliseconds since SDL's start.
        pub timestamp: u32,
        /// The window with keyboard focus, if any.
        pub windowID: u32,
        /// The input method's composition (the preedit): UTF-8, NUL-terminated, so at most 31 bytes of it.
        pub text: [c_char; SDL_TEXTEDITINGEVENT_TEXT_SIZE.0],
        /// The cursor in the composition, in characters (IBus and Fcitx put it there).
        pub start: i32,
        /// The length of the composition's selected part, in characters (0 or -1: none).
        pub length: i32,
    }

    /// `typedef struct SDL_TextEditingExtEvent { Uint32 type; Uint32 timestamp; Uint32 windowID; char* text; Sint32 start; Sint32 length; } SDL_TextEditingExtEvent`
    ///
    /// Sent instead of `SDL_TEXTEDITING` when the `SDL_IME_SUPPORT_EXTENDED_TEXT` hint is on and the composition
    /// would not fit its 32 bytes.
    #[derive(Clone, Copy, Debug)]
    pub struct SDL_TextEditingExtEvent {
        /// `SDL_TEXTEDITING_EXT`; the C field is `type`.
        pub r#type: u32,
        /// Milliseconds since SDL's start.
        pub timestamp: u32,
        /// The window with keyboard focus, if any.
        pub windowID: u32,
        /// The composition, NUL-terminated, allocated by SDL: whoever polls the event frees it with `SDL_free`.
        pub text: *mut c_char,
        /// The cursor in the composition, in characters.
        pub start: i32,
        /// The length of the composition's selected part, in characters.
        pub length: i32,
    }

    /// `typedef struct SDL_MouseMotionEvent { Uint32 type; Uint32 timestamp; Uint32 windowID; Uint32 which; Uint32 state; Sint32 x; Sint32 y; Sint32 xrel; Sint32 yrel; } SDL_MouseMotionEvent`
    #[derive(Clone, Copy, Debug)]
    pub struct SDL_MouseMotionEvent {
        /// `SDL_MOUSEMOTION`; the C field is `type`.
        pub r#type: u32,
        /// Milliseconds since SDL's start.
        pub timestamp: u32,
        /// The window with mouse focus, if any.
        pub windowID: u32,
        /// The mouse instance id, or `SDL_TOUCH_MOUSEID`.
        pub which: u32,
        /// The buttons held (`SDL_BUTTON_LMASK` ...).
        pub state: u32,
        /// X relative to the window.
        pub x: i32,
        /// Y relative to the window.
        pub y: i32,
        /// The motion in X since the last motion event.
        pub xrel: i32,
        /// The motion in Y since the last motion event.
        pub yrel: i32,
    }

    /// `typedef struct SDL_MouseButtonEvent { Uint32 type; Uint32 timestamp; Uint32 windowID; Uint32 which; Uint8 button; Uint8 state; Uint8 clicks; Uint8 padding1; Sint32 x; Sint32 y; } SDL_MouseButtonEvent`
    #[derive(Clone, Copy, Debug)]
    pub struct SDL_MouseButtonEvent {
        /// `SDL_MOUSEBUTTONDOWN` or `SDL_MOUSEBUTTONUP`; the C field is `type`.
        pub r#type: u32,
        /// Milliseconds since SDL's start.
        pub timestamp: u32,
        /// The window with mouse focus, if any.
        pub windowID: u32,
        /// The mouse instance id, or `SDL_TOUCH_MOUSEID`.
        pub which: u32,
        /// The button (an [`SDL_MouseButton`]).
        pub button: u8,
        /// `SDL_PRESSED` or `SDL_RELEASED`.
        pub state: u8,
        /// 1 for a single click, 2 for a double click, ...
        pub clicks: u8,
        /// Padding.
        pub padding1: u8,
        /// X relative to the window.
        pub x: i32,
        /// Y relative to the window.
        pub y: i32,
    }

    /// `typedef struct SDL_MouseWheelEvent { Uint32 type; Uint32 timestamp; Uint32 windowID; Uint32 which; Sint32 x; Sint32 y; Uint32 direction; float preciseX; float preciseY; Sint32 mouseX; Sint32 mouseY; } SDL_MouseWheelEvent`
    ///
    /// `preciseX`/`preciseY` came in SDL 2.0.18 and `mouseX`/`mouseY` in 2.26; older SDLs leave them zero.
    #[derive(Clone, Copy, Debug)]
    pub struct SDL_MouseWheelEvent {
        /// `SDL_MOUSEWHEEL`; the C field is `type`.
        pub r#type: u32,
        /// Milliseconds since SDL's start.
        pub timestamp: u32,
        /// The window with mouse focus, if any.
        pub windowID: u32,
        /// The mouse instance id, or `SDL_TOUCH_MOUSEID`.
        pub which: u32,
        /// Whole steps scrolled horizontally, positive to the right.
        pub x: i32,
        /// Whole steps scrolled vertically, positive away from the user.
        pub y: i32,
        /// An [`SDL_MouseWheelDirection`]: when `SDL_MOUSEWHEEL_FLIPPED`, every amount is negated.
        pub direction: u32,
        /// The amount scrolled horizontally, with float precision.
        pub preciseX: f32,
        /// The amount scrolled vertically, with float precision.
        pub preciseY: f32,
        /// The pointer's X relative to the window.
        pub mouseX: i32,
        /// The pointer's Y relative to the window.
        pub mouseY: i32,
    }

    /// `typedef struct SDL_UserEvent { Uint32 type; Uint32 timestamp; Uint32 windowID; Sint32 code; void* data1; void* data2; } SDL_UserEvent`
    ///
    /// Declared for its pointers: they give `SDL_Event` its C alignment (8 bytes on 64-bit targets).
    #[derive(Clone, Copy, Debug)]
    pub struct SDL_UserEvent {
        /// An event type registered with `SDL_RegisterEvents`; the C field is `type`.
        pub r#type: u32,
        /// Milliseconds since SDL's start.
        pub timestamp: u32,
        /// The associated window, if any.
        pub windowID: u32,
        /// User-defined code.
        pub code: i32,
        /// User-defined pointer.
        pub data1: *mut c_void,
        /// User-defined pointer.
        pub data2: *mut c_void,
    }

    /// `typedef union SDL_Event { Uint32 type; SDL_CommonEvent common; SDL_WindowEvent window; SDL_KeyboardEvent key; SDL_TextEditingEvent edit; SDL_TextEditingExtEvent editExt; SDL_TextInputEvent text; ...; SDL_MouseMotionEvent motion; SDL_MouseButtonEvent button; SDL_MouseWheelEvent wheel; ...; SDL_UserEvent user; ...; Uint8 padding[56]; } SDL_Event`
    ///
    /// The members the bindings read, `user` (whose pointers give the union its C alignment), and `padding`, which
    /// gives it its full C size (56 bytes on every architecture with pointers of 8 bytes or less): SDL writes a
    /// whole `SDL_Event` into what it is handed.
    #[derive(Clone, Copy)]
    pub union SDL_Event {
        /// The event type, shared by every member (an [`SDL_EventType`]); the C member is `type`.
        pub r#type: u32,
        /// Type and timestamp.
        pub common: SDL_CommonEvent,
        /// `SDL_WINDOWEVENT`.
        pub window: SDL_WindowEvent,
        /// `SDL_KEYDOWN` / `SDL_KEYUP`.
        pub key: SDL_KeyboardEvent,
        /// `SDL_TEXTEDITING`.
        pub edit: SDL_TextEditingEvent,
        /// `SDL_TEXTEDITING_EXT`.
        pub editExt: SDL_TextEditingExtEvent,
        /// `SDL_TEXTINPUT`.
        pub text: SDL_TextInputEvent,
        /// `SDL_MOUSEMOTION`.
        pub motion: SDL_MouseMotionEvent,
        /// `SDL_MOUSEBUTTONDOWN` / `SDL_MOUSEBUTTONUP`.
        pub button: SDL_MouseButtonEvent,
        /// `SDL_MOUSEWHEEL`.
        pub wheel: SDL_MouseWheelEvent,
        /// `SDL_USEREVENT` and registered events.
        pub user: SDL_UserEvent,
        /// `Uint8 padding[56]`: the union's size.
        pub padding: [u8; 56],
    }
}

impl SDL_Event {
    /// An all-zero event (type `SDL_FIRSTEVENT`), to be filled by `SDL_PollEvent` or built for `SDL_PushEvent`.
    pub const fn zeroed() -> Self {
        SDL_Event { padding: [0; 56] }
    }
}

impl std::fmt::Debug for SDL_Event {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // SAFETY: every member starts with the `Uint32 type`, and every bit pattern is a valid u32.
        let event_type = unsafe { self.r#type };
        f.debug_struct("SDL_Event").field("type", &format_args!("{event_type:#x}")).finish_non_exhaustive()
    }
}

crate::c_enums! {
    /// The `SDL_INIT_*` subsystem flags of `SDL_Init` (`#define`s of `Uint32` in SDL.h).
    pub enum SDL_InitFlags: u32 {
        /// `#define SDL_INIT_TIMER 0x00000001u`
        SDL_INIT_TIMER = 0x0000_0001,
        /// `#define SDL_INIT_VIDEO 0x00000020u` (implies `SDL_INIT_EVENTS`).
        SDL_INIT_VIDEO = 0x0000_0020,
        /// `#define SDL_INIT_EVENTS 0x00004000u`
        SDL_INIT_EVENTS = 0x0000_4000,
    }

    /// `SDL_bool`: a C enum (`int`-sized), not `_Bool`.
    pub enum SDL_bool: c_int {
        /// `SDL_FALSE = 0`
        SDL_FALSE = 0,
        /// `SDL_TRUE = 1`
        SDL_TRUE = 1,
    }

    /// `SDL_HintPriority`: how a hint set by the program ranks against the environment.
    pub enum SDL_HintPriority: c_int {
        /// `SDL_HINT_DEFAULT`: low priority, used for default values.
        SDL_HINT_DEFAULT = 0,
        /// `SDL_HINT_NORMAL`: medium priority (what `SDL_SetHint` uses); an environment variable still wins.
        SDL_HINT_NORMAL = 1,
        /// `SDL_HINT_OVERRIDE`: high priority, wins over the environment.
        SDL_HINT_OVERRIDE = 2,
    }

    /// `SDL_WindowFlags` (the `Uint32 flags` of `SDL_CreateWindow`).
    pub enum SDL_WindowFlags: u32 {
        /// `SDL_WINDOW_SHOWN = 0x00000004`: the window is visible.
        SDL_WINDOW_SHOWN = 0x0000_0004,
        /// `SDL_WINDOW_HIDDEN = 0x00000008`: the window is not visible.
        SDL_WINDOW_HIDDEN = 0x0000_0008,
        /// `SDL_WINDOW_RESIZABLE = 0x00000020`: the window can be resized.
        SDL_WINDOW_RESIZABLE = 0x0000_0020,
        /// `SDL_WINDOW_ALLOW_HIGHDPI = 0x00002000`: where the platform scales windows (Wayland, macOS), the
        /// window's surface has the display's pixels rather than its points.
        SDL_WINDOW_ALLOW_HIGHDPI = 0x0000_2000,
    }

    /// Window positions for `SDL_CreateWindow`'s `int x, int y` (macros in SDL_video.h).
    pub enum SDL_WindowPos: c_int {
        /// `#define SDL_WINDOWPOS_UNDEFINED SDL_WINDOWPOS_UNDEFINED_DISPLAY(0)`, i.e. `0x1FFF0000u`: SDL chooses.
        SDL_WINDOWPOS_UNDEFINED = 0x1FFF_0000,
    }

    /// `SDL_EventType` (the `Uint32 type` every event starts with).
    pub enum SDL_EventType: u32 {
        /// `SDL_FIRSTEVENT = 0`: unused.
        SDL_FIRSTEVENT = 0,
        /// `SDL_QUIT = 0x100`: the user asked to quit (last window closed, Ctrl-C ...).
        SDL_QUIT = 0x100,
        /// `SDL_WINDOWEVENT = 0x200`: a window's state changed.
        SDL_WINDOWEVENT = 0x200,
        /// `SDL_KEYDOWN = 0x300`: a key was pressed.
        SDL_KEYDOWN = 0x300,
        /// `SDL_KEYUP = 0x301`: a key was released.
        SDL_KEYUP = 0x301,
        /// `SDL_TEXTEDITING = 0x302`: an input method's composition (the preedit) changed.
        SDL_TEXTEDITING = 0x302,
        /// `SDL_TEXTINPUT = 0x303`: text was typed (after any input method composed it).
        SDL_TEXTINPUT = 0x303,
        /// `SDL_TEXTEDITING_EXT = 0x305`: `SDL_TEXTEDITING` with a composition longer than its 32 bytes.
        SDL_TEXTEDITING_EXT = 0x305,
        /// `SDL_MOUSEMOTION = 0x400`: the pointer moved.
        SDL_MOUSEMOTION = 0x400,
        /// `SDL_MOUSEBUTTONDOWN = 0x401`: a mouse button was pressed.
        SDL_MOUSEBUTTONDOWN = 0x401,
        /// `SDL_MOUSEBUTTONUP = 0x402`: a mouse button was released.
        SDL_MOUSEBUTTONUP = 0x402,
        /// `SDL_MOUSEWHEEL = 0x403`: the wheel (or a touchpad) scrolled.
        SDL_MOUSEWHEEL = 0x403,
        /// `SDL_USEREVENT = 0x8000`: the first event type left to the application (a file watcher's wake-up).
        SDL_USEREVENT = 0x8000,
    }

    /// `SDL_WindowEventID` (a C enum, carried in the `Uint8 event` of `SDL_WindowEvent`).
    pub enum SDL_WindowEventID: u8 {
        /// `SDL_WINDOWEVENT_SHOWN = 1`
        SDL_WINDOWEVENT_SHOWN = 1,
        /// `SDL_WINDOWEVENT_EXPOSED = 3`: the window was exposed and should be redrawn.
        SDL_WINDOWEVENT_EXPOSED = 3,
        /// `SDL_WINDOWEVENT_RESIZED = 5`: resized by something outside the program to `data1` x `data2`.
        SDL_WINDOWEVENT_RESIZED = 5,
        /// `SDL_WINDOWEVENT_SIZE_CHANGED = 6`: the size changed, by any cause, to `data1` x `data2`.
        SDL_WINDOWEVENT_SIZE_CHANGED = 6,
        /// `SDL_WINDOWEVENT_ENTER = 10`: the window gained mouse focus (the pointer entered it).
        SDL_WINDOWEVENT_ENTER = 10,
        /// `SDL_WINDOWEVENT_LEAVE = 11`: the window lost mouse focus (the pointer left it).
        SDL_WINDOWEVENT_LEAVE = 11,
        /// `SDL_WINDOWEVENT_FOCUS_GAINED = 12`: the window gained keyboard focus.
        SDL_WINDOWEVENT_FOCUS_GAINED = 12,
        /// `SDL_WINDOWEVENT_FOCUS_LOST = 13`: the window lost keyboard focus.
        SDL_WINDOWEVENT_FOCUS_LOST = 13,
        /// `SDL_WINDOWEVENT_CLOSE = 14`: the window manager asks the window to close.
        SDL_WINDOWEVENT_CLOSE = 14,
        /// `SDL_WINDOWEVENT_DISPLAY_CHANGED = 18` (SDL 2.0.18): the window moved to display `data1`.
        SDL_WINDOWEVENT_DISPLAY_CHANGED = 18,
    }

    /// The `Uint8 state` of a keyboard event (`#define`s in SDL_events.h).
    pub enum SDL_KeyState: u8 {
        /// `#define SDL_RELEASED 0`
        SDL_RELEASED = 0,
        /// `#define SDL_PRESSED 1`
        SDL_PRESSED = 1,
    }

    /// `#define SDL_TEXTINPUTEVENT_TEXT_SIZE (32)`: the bytes of `SDL_TextInputEvent::text`, its NUL included.
    pub enum SDL_TextSize: usize {
        /// `#define SDL_TEXTINPUTEVENT_TEXT_SIZE (32)`
        SDL_TEXTINPUTEVENT_TEXT_SIZE = 32,
        /// `#define SDL_TEXTEDITINGEVENT_TEXT_SIZE (32)`
        SDL_TEXTEDITINGEVENT_TEXT_SIZE = 32,
    }

    /// `SDL_KeyCode` values of `SDL_Keycode sym` (SDL_keycode.h): a printable key's code is its unshifted
    /// character; any other key's is its scancode with bit 30 set (`SDL_SCANCODE_TO_KEYCODE`).
    pub enum SDL_KeyCode: i32 {
        /// `SDLK_UNKNOWN = 0`: what `SDL_GetKeyFromName` returns for a name it does not know.
        SDLK_UNKNOWN = 0,
        /// `SDLK_BACKSPACE = '\b'`
        SDLK_BACKSPACE = 0x08,
        /// `SDLK_TAB = '\t'`
        SDLK_TAB = 0x09,
        /// `SDLK_RETURN = '\r'`
        SDLK_RETURN = 0x0D,
        /// `SDLK_ESCAPE = '\x1B'`
        SDLK_ESCAPE = 0x1B,
        /// `SDLK_SPACE = ' '`
        SDLK_SPACE = 0x20,
        /// `SDLK_1 = '1'`
        SDLK_1 = 0x31,
        /// `SDLK_5 = '5'`
        SDLK_5 = 0x35,
        /// `SDLK_t = 't'`
        SDLK_t = 0x74,
        /// `SDLK_z = 'z'`
        SDLK_z = 0x7A,
        /// `SDLK_DELETE = '\x7F'`
        SDLK_DELETE = 0x7F,
        /// `SDLK_F1 = SDL_SCANCODE_TO_KEYCODE(SDL_SCANCODE_F1)`: `58 | (1 << 30)`.
        SDLK_F1 = 58 | (1 << 30),
        /// `SDLK_HOME = SDL_SCANCODE_TO_KEYCODE(SDL_SCANCODE_HOME)`
        SDLK_HOME = 74 | (1 << 30),
        /// `SDLK_PAGEUP = SDL_SCANCODE_TO_KEYCODE(SDL_SCANCODE_PAGEUP)`
        SDLK_PAGEUP = 75 | (1 << 30),
        /// `SDLK_END = SDL_SCANCODE_TO_KEYCODE(SDL_SCANCODE_END)`
        SDLK_END = 77 | (1 << 30),
        /// `SDLK_PAGEDOWN = SDL_SCANCODE_TO_KEYCODE(SDL_SCANCODE_PAGEDOWN)`
        SDLK_PAGEDOWN = 78 | (1 << 30),
        /// `SDLK_RIGHT = SDL_SCANCODE_TO_KEYCODE(SDL_SCANCODE_RIGHT)`
        SDLK_RIGHT = 79 | (1 << 30),
        /// `SDLK_LEFT = SDL_SCANCODE_TO_KEYCODE(SDL_SCANCODE_LEFT)`
        SDLK_LEFT = 80 | (1 << 30),
        /// `SDLK_DOWN = SDL_SCANCODE_TO_KEYCODE(SDL_SCANCODE_DOWN)`
        SDLK_DOWN = 81 | (1 << 30),
        /// `SDLK_UP = SDL_SCANCODE_TO_KEYCODE(SDL_SCANCODE_UP)`
        SDLK_UP = 82 | (1 << 30),
        /// `SDLK_KP_MINUS = SDL_SCANCODE_TO_KEYCODE(SDL_SCANCODE_KP_MINUS)`
        SDLK_KP_MINUS = 86 | (1 << 30),
        /// `SDLK_KP_PLUS = SDL_SCANCODE_TO_KEYCODE(SDL_SCANCODE_KP_PLUS)`
        SDLK_KP_PLUS = 87 | (1 << 30),
        /// `SDLK_KP_ENTER = SDL_SCANCODE_TO_KEYCODE(SDL_SCANCODE_KP_ENTER)`
        SDLK_KP_ENTER = 88 | (1 << 30),
    }

    /// `SDL_Keymod`: the modifier keys held, OR'd together (SDL_keycode.h; a C enum, `int`-sized, carried in
    /// `SDL_Keysym`'s `Uint16 mod`).
    pub enum SDL_Keymod: c_int {
        /// `KMOD_NONE = 0x0000`
        KMOD_NONE = 0x0000,
        /// `KMOD_LSHIFT = 0x0001`
        KMOD_LSHIFT = 0x0001,
        /// `KMOD_RSHIFT = 0x0002`
        KMOD_RSHIFT = 0x0002,
        /// `KMOD_LCTRL = 0x0040`
        KMOD_LCTRL = 0x0040,
        /// `KMOD_RCTRL = 0x0080`
        KMOD_RCTRL = 0x0080,
        /// `KMOD_LALT = 0x0100`
        KMOD_LALT = 0x0100,
        /// `KMOD_RALT = 0x0200`
        KMOD_RALT = 0x0200,
        /// `KMOD_LGUI = 0x0400`
        KMOD_LGUI = 0x0400,
        /// `KMOD_RGUI = 0x0800`
        KMOD_RGUI = 0x0800,
        /// `KMOD_NUM = 0x1000`: Num Lock is on.
        KMOD_NUM = 0x1000,
        /// `KMOD_CAPS = 0x2000`: Caps Lock is on.
        KMOD_CAPS = 0x2000,
        /// `KMOD_MODE = 0x4000`: AltGr.
        KMOD_MODE = 0x4000,
        /// `KMOD_SCROLL = 0x8000`: Scroll Lock is on.
        KMOD_SCROLL = 0x8000,
        /// `KMOD_CTRL = KMOD_LCTRL | KMOD_RCTRL`
        KMOD_CTRL = 0x0040 | 0x0080,
        /// `KMOD_SHIFT = KMOD_LSHIFT | KMOD_RSHIFT`
        KMOD_SHIFT = 0x0001 | 0x0002,
        /// `KMOD_ALT = KMOD_LALT | KMOD_RALT`
        KMOD_ALT = 0x0100 | 0x0200,
        /// `KMOD_GUI = KMOD_LGUI | KMOD_RGUI`
        KMOD_GUI = 0x0400 | 0x0800,
    }

    /// Mouse buttons, carried in `SDL_MouseButtonEvent`'s `Uint8 button` (`#define`s in SDL_mouse.h).
    pub enum SDL_MouseButton: u8 {
        /// `#define SDL_BUTTON_LEFT 1`
        SDL_BUTTON_LEFT = 1,
        /// `#define SDL_BUTTON_MIDDLE 2`
        SDL_BUTTON_MIDDLE = 2,
        /// `#define SDL_BUTTON_RIGHT 3`
        SDL_BUTTON_RIGHT = 3,
        /// `#define SDL_BUTTON_X1 4`
        SDL_BUTTON_X1 = 4,
        /// `#define SDL_BUTTON_X2 5`
        SDL_BUTTON_X2 = 5,
    }

    /// The button masks of `SDL_GetMouseState` and `SDL_MouseMotionEvent::state`: `SDL_BUTTON(X)` is
    /// `1 << ((X) - 1)`.
    pub enum SDL_MouseButtonMask: u32 {
        /// `#define SDL_BUTTON_LMASK SDL_BUTTON(SDL_BUTTON_LEFT)`
        SDL_BUTTON_LMASK = 1 << 0,
        /// `#define SDL_BUTTON_MMASK SDL_BUTTON(SDL_BUTTON_MIDDLE)`
        SDL_BUTTON_MMASK = 1 << 1,
        /// `#define SDL_BUTTON_RMASK SDL_BUTTON(SDL_BUTTON_RIGHT)`
        SDL_BUTTON_RMASK = 1 << 2,
        /// `#define SDL_BUTTON_X1MASK SDL_BUTTON(SDL_BUTTON_X1)`
        SDL_BUTTON_X1MASK = 1 << 3,
        /// `#define SDL_BUTTON_X2MASK SDL_BUTTON(SDL_BUTTON_X2)`
        SDL_BUTTON_X2MASK = 1 << 4,
    }

    /// `SDL_MouseWheelDirection` (a C enum, carried in `SDL_MouseWheelEvent`'s `Uint32 direction`).
    pub enum SDL_MouseWheelDirection: u32 {
        /// `SDL_MOUSEWHEEL_NORMAL = 0`: positive `y` is away from the user.
        SDL_MOUSEWHEEL_NORMAL = 0,
        /// `SDL_MOUSEWHEEL_FLIPPED = 1`: "natural" scrolling; the amounts are negated.
        SDL_MOUSEWHEEL_FLIPPED = 1,
    }

    /// `SDL_SystemCursor`: the cursors the system draws (SDL_mouse.h; a C enum, `int`-sized).
    pub enum SDL_SystemCursor: c_int {
        /// `SDL_SYSTEM_CURSOR_ARROW = 0`
        SDL_SYSTEM_CURSOR_ARROW = 0,
        /// `SDL_SYSTEM_CURSOR_IBEAM = 1`
        SDL_SYSTEM_CURSOR_IBEAM = 1,
        /// `SDL_SYSTEM_CURSOR_WAIT = 2`
        SDL_SYSTEM_CURSOR_WAIT = 2,
        /// `SDL_SYSTEM_CURSOR_CROSSHAIR = 3`
        SDL_SYSTEM_CURSOR_CROSSHAIR = 3,
        /// `SDL_SYSTEM_CURSOR_WAITARROW = 4`
        SDL_SYSTEM_CURSOR_WAITARROW = 4,
        /// `SDL_SYSTEM_CURSOR_SIZENWSE = 5`
        SDL_SYSTEM_CURSOR_SIZENWSE = 5,
        /// `SDL_SYSTEM_CURSOR_SIZENESW = 6`
        SDL_SYSTEM_CURSOR_SIZENESW = 6,
        /// `SDL_SYSTEM_CURSOR_SIZEWE = 7`
        SDL_SYSTEM_CURSOR_SIZEWE = 7,
        /// `SDL_SYSTEM_CURSOR_SIZENS = 8`
        SDL_SYSTEM_CURSOR_SIZENS = 8,
        /// `SDL_SYSTEM_CURSOR_SIZEALL = 9`
        SDL_SYSTEM_CURSOR_SIZEALL = 9,
        /// `SDL_SYSTEM_CURSOR_NO = 10`
        SDL_SYSTEM_CURSOR_NO = 10,
        /// `SDL_SYSTEM_CURSOR_HAND = 11`
        SDL_SYSTEM_CURSOR_HAND = 11,
    }

    /// `SDL_Scancode`: a physical key (SDL_scancode.h; a C enum, `int`-sized).
    pub enum SDL_Scancode: i32 {
        /// `SDL_SCANCODE_ESCAPE = 41`
        SDL_SCANCODE_ESCAPE = 41,
        /// `SDL_SCANCODE_F1 = 58`
        SDL_SCANCODE_F1 = 58,
    }

    /// `SDL_PixelFormatEnum` values (the `Uint32 format` of `SDL_PixelFormat` and `SDL_DisplayMode`).
    pub enum SDL_PixelFormatEnum: u32 {
        /// `SDL_PIXELFORMAT_UNKNOWN = 0`
        SDL_PIXELFORMAT_UNKNOWN = 0,
        /// `SDL_PIXELFORMAT_XRGB8888`: 4 bytes a pixel, `0xXXRRGGBB` in a native-endian `Uint32`.
        SDL_PIXELFORMAT_XRGB8888 = 0x1616_1804,
        /// `SDL_PIXELFORMAT_RGB888 = SDL_PIXELFORMAT_XRGB8888` (the older name of the same format).
        SDL_PIXELFORMAT_RGB888 = 0x1616_1804,
        /// `SDL_PIXELFORMAT_ARGB8888`: `0xAARRGGBB` in a native-endian `Uint32`.
        SDL_PIXELFORMAT_ARGB8888 = 0x1636_2004,
    }

    /// `SDL_Surface` flags (`#define`s in SDL_surface.h).
    pub enum SDL_SurfaceFlags: u32 {
        /// `#define SDL_PREALLOC 0x00000001`: the surface uses preallocated memory.
        SDL_PREALLOC = 0x0000_0001,
        /// `#define SDL_RLEACCEL 0x00000002`: RLE encoded; `SDL_MUSTLOCK(S)` is `((S)->flags & SDL_RLEACCEL) != 0`.
        SDL_RLEACCEL = 0x0000_0002,
        /// `#define SDL_DONTFREE 0x00000004`: referenced internally (a window's surface).
        SDL_DONTFREE = 0x0000_0004,
    }
}

/// `#define SDL_MUSTLOCK(S) (((S)->flags & SDL_RLEACCEL) != 0)`: whether `pixels` may only be touched between
/// `SDL_LockSurface` and `SDL_UnlockSurface`.
pub const fn sdl_mustlock(flags: u32) -> bool {
    flags & SDL_RLEACCEL.0 != 0
}
