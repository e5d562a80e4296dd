//! SDL2 against the real system library, headless through the dummy video driver.
//!
//! SDL's state is process-global, so every test that starts video holds `SDL_LOCK` (cargo runs tests on
//! parallel threads).

use std::sync::{Mutex, MutexGuard};

use goldberry_calls::all_groups;
use goldberry_natives::sdl::{Event, Key, Sdl, SurfaceFormat, Video};
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
    assert_eq!(names, ["SystemCalls", "VideoCalls", "EventCalls", "HintCalls", "MouseCalls", "KeyboardCalls"]);
    for group in groups {
        (group.check)(&library).unwrap_or_else(|e| panic!("{} does not bind: {e}", group.name));
    }
}

#[test]
fn the_linked_sdl_is_version_2_and_its_clocks_run() {
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
    assert!((20..2_000).contains(&elapsed_ms), "SDL_Delay(20) took {elapsed_ms} ms by SDL_GetTicks64");
    assert!((19.0..2_000.0).contains(&counted_ms), "SDL_Delay(20) took {counted_ms} ms by the performance counter");
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
    for event in [Event::Quit, Event::CloseRequested, Event::KeyDown(Key::Escape), Event::KeyDown(Key::F1)] {
        video.push_event(event).expect("SDL_PushEvent");
        assert_eq!(drain(&video), [event]);
    }
    video.push_event(Event::KeyDown(Key::Other('a' as i32))).expect("SDL_PushEvent");
    assert_eq!(video.wait_event(100), Some(Event::KeyDown(Key::Other('a' as i32))));
    assert!(matches!(video.push_event(Event::Other), Err(NativeError::InvalidArgument(_))));
    let started = sdl.ticks_ms();
    assert_eq!(video.wait_event(30), None, "an empty queue times out");
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
    let started = std::time::Instant::now();
    match sdl.init_video(Some("nosuchdriver")) {
        Err(NativeError::Sdl { function, message }) => {
            assert_eq!(function, "SDL_Init");
            assert!(message.contains("nosuchdriver not available"), "SDL's message: {message}");
            assert!(message.contains("dummy"), "the message lists the drivers there are: {message}");
        }
        Err(other) => panic!("an unknown driver gave another error: {other}"),
        Ok(video) => panic!("an unknown driver started video ({})", video.driver()),
    }
    assert!(started.elapsed().as_secs() < 5, "failing took {:?}", started.elapsed());
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
