//! SDL2 against the real system library, headless through the dummy video driver.
//!
//! SDL's state is process-global, so every test that starts video holds `SDL_LOCK` (cargo runs tests on
//! parallel threads).

use std::sync::{Mutex, MutexGuard};

use goldberry_calls::all_groups;
use goldberry_natives::sdl::{Event, Key, Modifiers, MouseButton, Rect, Sdl, SurfaceFormat, SystemCursor, Text, Video};
use goldberry_natives::{LIBSDL2, NativeError, loader};

static SDL_LOCK: Mutex<()> = Mutex::new(());

fn sdl_lock() -> MutexGuard<'static, ()> {
    // A test that failed while holding the lock poisons it; the others must still run.
    SDL_LOCK.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Every queued event that is not [`Event::Other`] (SDL queues its own window events as it goes), polled until
/// the queue reports empty, as a frame loop does: SDL 2.26 ends each polling pass with a sentinel, so a pass
/// must run to `None`.
fn drain(video: &Video) -> Vec<Event> {
    std::iter::from_fn(|| video.poll_event()).filter(|event| *event != Event::Other).collect()
}

fn sdl() -> &'static Sdl {
    Sdl::load(None).unwrap_or_else(|e| panic!("SDL2 loads and binds (ci/setup installs it): {e}"))
}

#[test]
fn every_sdl_group_binds_against_the_system_sdl2() {
    let library = loader::open(&LIBSDL2, None).expect("the system SDL2 loads");
    let groups: Vec<_> = all_groups().filter(|g| g.library == LIBSDL2.name).collect();
    let names: Vec<&str> = groups.iter().map(|g| g.name).collect();
    assert_eq!(
        names,
        ["SystemCalls", "VideoCalls", "EventCalls", "HintCalls", "MouseCalls", "KeyboardCalls", "ClipboardCalls"]
    );
    for group in groups {
        (group.check)(&library).unwrap_or_else(|e| panic!("{} does not bind: {e}", group.name));
    }
}

#[test]
fn the_linked_sdl_is_version_2_and_its_clocks_run() {
    // Another test's SDL_Quit stops SDL's clock (its next reading starts again from 0): hold the lock.
    let _lock = sdl_lock();
    let sdl = sdl();
    let (major, minor, _patch) = sdl.version();
    assert_eq!(major, 2, "SDL2's runtime version");
    assert!(minor >= 0x12, "SDL_GetTicks64 needs SDL 2.0.18 or later, found 2.{minor}");

    let frequency = sdl.performance_frequency();
    assert!(frequency >= 1_000, "performance frequency {frequency} Hz");
    let (ticks, counter) = (sdl.ticks_ms(), sdl.performance_counter());
    sdl.delay(20);
    let elapsed_ms = sdl.ticks_ms() - ticks;
    let counted_ms = (sdl.performance_counter() - counter) as f64 * 1000.0 / frequency as f64;
    // SDL_Delay waits at least as long as asked and a loaded machine may wait longer, so only that floor is
    // checked, a millisecond lower for both clocks: the ticks count whole milliseconds, so two readings 20 ms
    // apart can differ by 19, and the counter's conversion rounds.
    assert!(elapsed_ms >= 19, "SDL_Delay(20) took {elapsed_ms} ms by SDL_GetTicks64");
    assert!(counted_ms >= 19.0, "SDL_Delay(20) took {counted_ms} ms by the performance counter");
}

#[test]
fn the_sdl_error_message_round_trips_verbatim() {
    let sdl = sdl();
    // Passed as "%s"'s argument, so the percent signs are not read as a format.
    sdl.set_error("goldberry test: 100% of %s and %d");
    assert_eq!(sdl.last_error(), "goldberry test: 100% of %s and %d");
}

#[test]
fn the_dummy_driver_gives_a_320x200_xrgb8888_window_surface_that_presents() {
    let _guard = sdl_lock();
    let sdl = sdl();
    assert!(sdl.video_drivers().iter().any(|d| d == "dummy"), "drivers: {:?}", sdl.video_drivers());
    let video = sdl.init_video(Some("dummy")).expect("SDL starts the dummy video driver");
    assert_eq!(video.driver(), "dummy");

    // Only one Video at a time: SDL_Quit in one's Drop would pull the other's windows away.
    match sdl.init_video(Some("dummy")) {
        Err(NativeError::InvalidArgument(message)) => assert!(message.contains("already"), "{message}"),
        other => panic!("a second Video while one is alive: {other:?}"),
    }

    let mut window = video.create_window("goldberry test", 320, 200, true).expect("a 320x200 window");
    assert_eq!(window.size(), (320, 200));
    assert_eq!(window.refresh_rate(), None, "the dummy display reports no refresh rate");
    window.set_title("goldberry test: renamed");
    {
        let mut surface = window.surface().expect("the window surface");
        assert_eq!((surface.width(), surface.height()), (320, 200));
        assert_eq!(surface.pixel_format(), SurfaceFormat::Xrgb8888);
        let pitch = surface.pitch();
        assert!(pitch >= 1280, "pitch {pitch}");
        let pixels = surface.pixels_mut();
        assert_eq!(pixels.len(), pitch * 200);
        for (index, byte) in pixels.iter_mut().enumerate() {
            *byte = (index % 251) as u8;
        }
    }
    {
        // The same memory comes back: what was written is what SDL holds.
        let mut surface = window.surface().expect("the window surface again");
        let pixels = surface.pixels_mut();
        assert!(pixels.iter().enumerate().all(|(index, byte)| *byte == (index % 251) as u8));
    }
    window.present().expect("SDL_UpdateWindowSurface succeeds");

    // A resize comes back as an event, and the next surface has the new size.
    drain(&video);
    window.set_size(640, 480).expect("resize");
    let events = drain(&video);
    assert!(events.contains(&Event::Resized { width: 640, height: 480 }), "events after a resize: {events:?}");
    assert_eq!(window.size(), (640, 480));
    {
        let mut surface = window.surface().expect("the resized surface");
        assert_eq!((surface.width(), surface.height()), (640, 480));
        assert!(surface.pitch() >= 2560);
        surface.pixels_mut().fill(0x80);
    }
    window.present().expect("present after a resize");

    // Events pushed onto SDL's queue come back as the same events.
    let escape = Event::KeyDown { key: Key::ESCAPE, modifiers: Modifiers::NONE, repeat: false };
    for event in [Event::Quit, Event::CloseRequested, escape] {
        video.push_event(event.clone()).expect("SDL_PushEvent");
        assert_eq!(drain(&video), [event]);
    }
    let a = Event::KeyDown { key: Key::from_char('a'), modifiers: Modifiers::NONE, repeat: false };
    video.push_event(a.clone()).expect("SDL_PushEvent");
    assert_eq!(video.wait_event(100), Some(a));
    assert!(matches!(video.push_event(Event::Other), Err(NativeError::InvalidArgument(_))));
    // Another thread wakes a waiting loop: its user event arrives as pushed.
    let waker = video.waker();
    std::thread::spawn(move || waker.wake(23)).join().expect("the waking thread").expect("SDL_PushEvent");
    assert_eq!(video.wait_event(100), Some(Event::User { code: 23 }));
    video.push_event(Event::User { code: -1 }).expect("SDL_PushEvent");
    assert_eq!(drain(&video), [Event::User { code: -1 }]);
    let started = sdl.ticks_ms();
    assert_eq!(video.wait_event(30), None, "an empty queue times out");
    // It waited for the timeout rather than returning at once (a floor SDL guarantees, never a ceiling).
    assert!(sdl.ticks_ms() - started >= 25);

    drop(window);
    drop(video);
    // Dropping the Video quit SDL: a new one starts.
    let again = sdl.init_video(Some("dummy")).expect("video starts again after SDL_Quit");
    assert_eq!(again.driver(), "dummy");
}

#[test]
fn an_unknown_video_driver_is_an_sdl_error_that_names_it() {
    let _guard = sdl_lock();
    let sdl = sdl();
    match sdl.init_video(Some("nosuchdriver")) {
        Err(NativeError::Sdl { function, message }) => {
            assert_eq!(function, "SDL_Init");
            assert!(message.contains("nosuchdriver not available"), "SDL's message: {message}");
            assert!(message.contains("dummy"), "the message lists the drivers there are: {message}");
        }
        Err(other) => panic!("an unknown driver gave another error: {other}"),
        Ok(video) => panic!("an unknown driver started video ({})", video.driver()),
    }
    // The failure left nothing behind: the hint is cleared and video starts with a real driver.
    let video = sdl.init_video(Some("dummy")).expect("dummy starts after a failed start");
    assert_eq!(video.driver(), "dummy");
}

#[test]
fn a_bad_window_size_is_refused_before_sdl_sees_it() {
    let _guard = sdl_lock();
    let video = sdl().init_video(Some("dummy")).expect("dummy video");
    for (width, height) in [(0, 200), (320, 0), (u32::MAX, 200)] {
        match video.create_window("bad", width, height, false) {
            Err(NativeError::InvalidArgument(message)) => assert!(message.contains("must be"), "{message}"),
            other => panic!("{width}x{height}: {other:?}"),
        }
    }
}

/// Every kind of event the app reads, as pushed by a script.
fn every_event_kind() -> Vec<Event> {
    let text = |s: &str| Event::TextInput(Text::new(s).expect("fits one event"));
    vec![
        Event::Quit,
        Event::CloseRequested,
        Event::Resized { width: 800, height: 600 },
        Event::MouseEntered,
        Event::MouseLeft,
        Event::FocusGained,
        Event::FocusLost,
        Event::Exposed,
        Event::MouseMotion { x: 17, y: -3 },
        Event::MouseButtonDown { button: MouseButton::LEFT, x: 10, y: 20, clicks: 1 },
        Event::MouseButtonUp { button: MouseButton::LEFT, x: 11, y: 21, clicks: 1 },
        Event::MouseButtonDown { button: MouseButton::RIGHT, x: 0, y: 0, clicks: 2 },
        Event::MouseButtonUp { button: MouseButton::MIDDLE, x: 5, y: 6, clicks: 3 },
        Event::MouseWheel { dx: 0.0, dy: 1.0 },
        Event::MouseWheel { dx: -0.25, dy: -2.5 },
        Event::KeyDown { key: Key::TAB, modifiers: Modifiers::LSHIFT, repeat: false },
        Event::KeyDown { key: Key::from_char('2'), modifiers: Modifiers::LCTRL, repeat: true },
        Event::KeyUp { key: Key::from_char('z'), modifiers: Modifiers::LCTRL | Modifiers::RSHIFT, repeat: false },
        Event::KeyUp { key: Key::RETURN, modifiers: Modifiers::NONE, repeat: false },
        text("a"),
        text("héllo, wörld ✓"),
        text(&"x".repeat(Text::MAX_BYTES)),
        // An input method's composition: short (SDL_TEXTEDITING), long (SDL_TEXTEDITING_EXT, its text in SDL's
        // heap), and ended.
        Event::TextEditing { text: "にほん".into(), start: 2, length: 0 },
        Event::TextEditing { text: "にほんごのにゅうりょくはながい".into(), start: 15, length: -1 },
        Event::TextEditing { text: String::new(), start: 0, length: 0 },
    ]
}

#[test]
fn every_event_kind_round_trips_through_sdls_queue() {
    let _guard = sdl_lock();
    let video = sdl().init_video(Some("dummy")).expect("dummy video");
    let _window = video.create_window("events", 160, 120, false).expect("a window");
    video.start_text_input();
    drain(&video);
    let events = every_event_kind();
    // One at a time, and all at once: the queue keeps their order.
    for event in &events {
        video.push_event(event.clone()).unwrap_or_else(|e| panic!("pushing {event:?}: {e}"));
        assert_eq!(drain(&video), std::slice::from_ref(event));
    }
    for event in &events {
        video.push_event(event.clone()).unwrap_or_else(|e| panic!("pushing {event:?}: {e}"));
    }
    assert_eq!(drain(&video), events);

    // A burst of a thousand events in one frame comes back whole.
    let burst: Vec<Event> = (0..1_000).map(|i| Event::MouseMotion { x: i, y: 1_000 - i }).collect();
    for event in &burst {
        video.push_event(event.clone()).expect("SDL's queue holds a thousand events");
    }
    assert_eq!(drain(&video), burst);

    assert!(matches!(
        video.push_event(Event::MouseWheel { dx: f32::NAN, dy: 0.0 }),
        Err(NativeError::InvalidArgument(_))
    ));
}

#[test]
fn text_input_holds_31_bytes_and_refuses_32() {
    let longest = "é".repeat(15) + "x";
    assert_eq!(longest.len(), 31);
    assert_eq!(Text::new(&longest).expect("31 bytes fit").as_str(), longest);
    assert_eq!(Text::new("").expect("empty text").as_str(), "");
    for too_long in ["x".repeat(32), "é".repeat(16), "y".repeat(200)] {
        match Text::new(&too_long) {
            Err(NativeError::InvalidArgument(message)) => {
                assert!(message.contains("31"), "the error names the limit: {message}");
                assert!(message.contains(&too_long.len().to_string()), "and the length: {message}");
            }
            other => panic!("{} bytes of text: {other:?}", too_long.len()),
        }
    }
    assert!(matches!(Text::new("a\0b"), Err(NativeError::InvalidArgument(_))));

    let _guard = sdl_lock();
    let video = sdl().init_video(Some("dummy")).expect("dummy video");
    video.start_text_input();
    drain(&video);
    let event = Event::TextInput(Text::new(&longest).expect("31 bytes fit"));
    video.push_event(event.clone()).expect("SDL_PushEvent");
    assert_eq!(drain(&video), [event]);
}

#[test]
fn key_names_give_sdls_key_codes() {
    let _guard = sdl_lock();
    let video = sdl().init_video(Some("dummy")).expect("dummy video");
    for (name, key) in [
        ("Return", Key::RETURN),
        ("F1", Key::F1),
        ("Tab", Key::TAB),
        ("z", Key::from_char('z')),
        ("Z", Key::from_char('z')),
        ("2", Key::from_char('2')),
        ("PageDown", Key::PAGE_DOWN),
        ("PageUp", Key::PAGE_UP),
        ("Home", Key::HOME),
        ("End", Key::END),
        ("Escape", Key::ESCAPE),
        ("Space", Key::SPACE),
        ("Left", Key::LEFT),
        ("Right", Key::RIGHT),
        ("Up", Key::UP),
        ("Down", Key::DOWN),
        ("Backspace", Key::BACKSPACE),
        ("Delete", Key::DELETE),
    ] {
        assert_eq!(video.key_from_name(name), Some(key), "SDL_GetKeyFromName({name:?})");
    }
    for unknown in ["NoSuchKey", "", "Ctrl+Z", "a\0b"] {
        assert_eq!(video.key_from_name(unknown), None, "{unknown:?}");
    }
    assert_eq!(video.key_name(Key::RETURN), "Return");
    assert_eq!(video.key_name(Key::PAGE_DOWN), "PageDown");
    assert_eq!(video.key_name(Key::from_char('z')), "Z");
    assert_eq!(video.key_from_name(&video.key_name(Key::F1)), Some(Key::F1));
}

#[test]
fn mouse_and_keyboard_state_read_without_crashing() {
    let _guard = sdl_lock();
    let video = sdl().init_video(Some("dummy")).expect("dummy video");
    let _window = video.create_window("state", 160, 120, false).expect("a window");
    // Nothing real was pressed: no modifier but the lock keys, no button.
    let modifiers = video.mod_state();
    assert!(!modifiers.ctrl() && !modifiers.shift() && !modifiers.alt() && !modifiers.gui(), "{modifiers:?}");
    let mouse = video.mouse_state();
    assert!(!mouse.held(MouseButton::LEFT) && !mouse.held(MouseButton::RIGHT), "{mouse:?}");
    // The dummy driver cannot capture the pointer: an error naming the function, not a crash.
    match video.capture_mouse(true) {
        Ok(()) => video.capture_mouse(false).expect("release"),
        Err(NativeError::Sdl { function, .. }) => assert_eq!(function, "SDL_CaptureMouse"),
        Err(other) => panic!("capture: {other}"),
    }
    // Stopping text input stops the drivers' text; a pushed text event still arrives (a script types anyway).
    drain(&video);
    let typed = Event::TextInput(Text::new("t").expect("one byte"));
    video.stop_text_input();
    video.push_event(typed.clone()).expect("SDL_PushEvent while text input is stopped");
    assert_eq!(drain(&video), std::slice::from_ref(&typed));
    video.start_text_input();
    // The input method's place and a reset are plain calls the dummy driver accepts.
    video.set_text_input_rect(goldberry_natives::sdl::Rect::new(10, 20, 2, 18));
    video.clear_composition();
    video.push_event(typed.clone()).expect("SDL_PushEvent while text input is on");
    assert_eq!(drain(&video), [typed]);
}

#[test]
fn system_cursors_are_an_error_where_the_driver_has_none() {
    let _guard = sdl_lock();
    let video = sdl().init_video(Some("dummy")).expect("dummy video");
    let _window = video.create_window("cursors", 160, 120, false).expect("a window");
    for kind in [SystemCursor::Arrow, SystemCursor::IBeam, SystemCursor::Hand] {
        match video.system_cursor(kind) {
            Ok(cursor) => {
                assert_eq!(cursor.kind(), kind);
                video.set_cursor(&cursor);
            }
            Err(NativeError::Sdl { function, message }) => {
                assert_eq!(function, "SDL_CreateSystemCursor");
                assert!(!message.is_empty());
            }
            Err(other) => panic!("{kind:?}: {other}"),
        }
    }
}

#[test]
fn update_surface_rects_presents_some_rectangles_or_none() {
    let _guard = sdl_lock();
    let video = sdl().init_video(Some("dummy")).expect("dummy video");
    let mut window = video.create_window("rects", 320, 200, false).expect("a window");
    window.surface().expect("the window surface").pixels_mut().fill(0x40);
    window.update_surface_rects(&[]).expect("no rectangles present nothing");
    let rects = [Rect::new(0, 0, 10, 10), Rect::new(100, 50, 60, 40), Rect::new(300, 180, 20, 20)];
    window.update_surface_rects(&rects).expect("SDL_UpdateWindowSurfaceRects");
    window.update_surface_rects(&rects[1..2]).expect("one rectangle");
    window.update_surface_rects(&[Rect::new(0, 0, 320, 200)]).expect("the whole window");
}

#[test]
fn text_put_on_the_clipboard_comes_back_under_the_dummy_driver() {
    let _guard = sdl_lock();
    let video = sdl().init_video(Some("dummy")).expect("SDL starts the dummy video driver");
    video.set_clipboard_text("héllo, שלום").expect("copy");
    assert!(video.has_clipboard_text());
    assert_eq!(video.clipboard_text().expect("paste"), "héllo, שלום");
    assert!(video.set_clipboard_text("a\0b").is_err(), "a NUL cannot cross the C API");
}
