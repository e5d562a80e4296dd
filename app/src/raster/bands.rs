//! Bands: where a frame's rows are cut so that each band gets its share of the estimated work, and how the bands
//! are handed to the threads (one queue, the calling thread and rayon's pool), with the pool's threads kept awake
//! for them.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::render_error::RenderError;

/// Estimated work per thread (ns) from which a frame is cut into [`BANDS_PER_THREAD`] bands per thread rather
/// than one: a cold 960x640 frame is well above it, a settled one well below.
const SPLIT_FROM_NS: f64 = 1.5e6;

/// The bands per thread of a frame with more than [`SPLIT_FROM_NS`] of work per thread, and their shares of a
/// thread's work: the larger handed out first, the smaller last, to whichever thread is free.
const BANDS_PER_THREAD: [f64; 3] = [1.0 / 2.0, 1.0 / 3.0, 1.0 / 6.0];

/// The shares of a frame's work (`total` estimated ns) its bands get, in the order they are handed out (and lie,
/// top to bottom), for `threads` threads taking them. Up to [`SPLIT_FROM_NS`] a thread, one equal share each.
/// Above it, each thread's share is cut in three, of half, a third and a sixth of it: cores that run at
/// different speeds for tens of frames then even out, the slower thread taking fewer of the small bands, for the
/// price of a context and a replay per extra band (record 11).
pub(super) fn band_shares(total: f64, threads: usize) -> Vec<f64> {
    let threads = threads.max(1);
    if threads == 1 || total / (threads as f64) < SPLIT_FROM_NS {
        return vec![1.0 / threads as f64; threads];
    }
    BANDS_PER_THREAD.iter().flat_map(|share| std::iter::repeat_n(share / threads as f64, threads)).collect()
}

/// The edges of bands over the rows whose estimated work is `per_row` that take `shares` of it (fractions in
/// row order, summing to 1): band `i` is rows `edges[i]..edges[i + 1]`. No band is empty while there are rows
/// enough; with fewer rows than bands, even heights.
pub(super) fn cut_bands(per_row: &[f64], shares: &[f64]) -> Vec<usize> {
    let (height, bands) = (per_row.len(), shares.len());
    if bands <= 1 || height < 2 * bands {
        return even_edges(height, bands);
    }
    let total: f64 = per_row.iter().sum();
    let mut cut_at = shares.iter().scan(0.0, |sum, share| {
        *sum += share * total;
        Some(*sum)
    });
    let mut next_cut = cut_at.next();
    let mut edges = vec![0];
    let mut sum = 0.0;
    for (y, cost) in per_row.iter().enumerate() {
        sum += cost;
        // Leave at least a row for each band still to cut.
        let rows_left = height - (y + 1);
        if let Some(cut) = next_cut
            && edges.len() < bands
            && (sum >= cut || rows_left < bands - edges.len() + 1)
            && y + 1 > edges[edges.len() - 1]
        {
            edges.push(y + 1);
            next_cut = cut_at.next();
        }
    }
    while edges.len() <= bands {
        edges.push(height);
    }
    edges[bands] = height;
    edges
}

/// The most bytes of rows a band of a frame drawn whole takes: its rows then stay in a core's cache (2 MiB of L2
/// here) while every op of the base's run draws over them and they are copied into the base, where a band of a
/// 3840x2160 frame (33 MB for one thread) went out to memory for each. A cold 2x frame of the overview took a
/// quarter less on 1 thread and an eighth less on 2 (record 17).
pub(super) const BAND_BYTES: usize = 1 << 20;

/// `edges` with every band of more than `max_bytes` of rows (`stride` bytes a row) cut into bands of even height
/// of at most that (and at least a row).
pub(super) fn split_tall_bands(edges: &[usize], stride: usize, max_bytes: usize) -> Vec<usize> {
    let max_rows = (max_bytes / stride.max(1)).max(1);
    let mut out = vec![edges.first().copied().unwrap_or(0)];
    for pair in edges.windows(2) {
        let rows = pair[1].saturating_sub(pair[0]);
        let pieces = rows.div_ceil(max_rows).max(1);
        out.extend((1..=pieces).map(|i| pair[0] + i * rows / pieces));
    }
    out
}

/// The edges of `bands` bands of (about) equal height over `height` rows.
pub(super) fn even_edges(height: usize, bands: usize) -> Vec<usize> {
    let bands = bands.clamp(1, height.max(1));
    (0..=bands).map(|i| i * height / bands).collect()
}

/// How [`draw_bands`] hands out the bands of a buffer.
#[derive(Debug, Clone, Copy)]
pub(super) struct Schedule<'e> {
    /// Band `i` is rows `edges[i]..edges[i + 1]`.
    pub(super) edges: &'e [usize],
    /// Bytes from one row to the next.
    pub(super) stride: usize,
    /// The threads taking bands: the calling thread and `threads - 1` of rayon's pool.
    pub(super) threads: usize,
    /// Bumped once the pool's part is handed out (the threads [`stay_awake_for_bands`] keeps awake take it).
    pub(super) handed_out: Option<&'e AtomicU64>,
    /// Names the band threads in the error when one panics.
    pub(super) threads_name: &'static str,
}

/// One band of [`draw_bands`]: its top row, its rows, and the same rows of the paired buffer.
type Band<'p> = (usize, &'p mut [u8], Option<&'p mut [u8]>);

/// Draws the rows of `pixels` in the bands of `schedule`: `draw_band(top, rows, paired)` for each, `paired`
/// being the same rows of `paired` when given (a buffer of the same layout). The threads take the bands in order
/// from one queue, each taking the next band when it is done with one: a thread that runs slower draws fewer,
/// and the bands of a pool thread that starts late are drawn by the others (the scope still waits for it to
/// start and find none left). Every band runs to its end; the first error (or a thread's panic) is returned.
pub(super) fn draw_bands<F>(
    schedule: &Schedule<'_>,
    pixels: &mut [u8],
    mut paired: Option<&mut [u8]>,
    draw_band: &F,
) -> Result<(), RenderError>
where
    F: Fn(usize, &mut [u8], Option<&mut [u8]>) -> Result<(), RenderError> + Sync,
{
    let Schedule { edges, stride, threads, handed_out, threads_name } = *schedule;
    let mut bands: Vec<Band<'_>> = Vec::with_capacity(edges.len());
    let mut rest = pixels;
    for pair in edges.windows(2) {
        let bytes = (pair[1].saturating_sub(pair[0]) * stride).min(rest.len());
        let (rows, tail) = std::mem::take(&mut rest).split_at_mut(bytes);
        rest = tail;
        let paired_rows = match paired.take() {
            Some(buffer) => {
                let (rows, tail) = buffer.split_at_mut(bytes.min(buffer.len()));
                paired = Some(tail);
                Some(rows)
            }
            None => None,
        };
        if !rows.is_empty() {
            bands.push((pair[0], rows, paired_rows));
        }
    }
    // Each band waits in its slot for the thread that takes its index from `next`, and leaves its result there.
    type Slot<'p> = std::sync::Mutex<(Option<Band<'p>>, Result<(), RenderError>)>;
    let slots: Vec<Slot<'_>> = bands.into_iter().map(|band| std::sync::Mutex::new((Some(band), Ok(())))).collect();
    let next = AtomicUsize::new(0);
    let take_bands = || {
        while let Some(slot) = slots.get(next.fetch_add(1, Ordering::Relaxed)) {
            let mut slot = slot.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            if let Some((top, rows, paired)) = slot.0.take() {
                slot.1 = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| draw_band(top, rows, paired)))
                    .unwrap_or(Err(RenderError::ThreadPanicked(threads_name)));
            }
        }
    };
    // The pool's threads outlive the frame: a thread spawned per band and frame made a long run's resident
    // memory wander (record 10).
    rayon::in_place_scope(|s| {
        for _ in 1..threads.min(slots.len()) {
            s.spawn(|_| take_bands());
        }
        if let Some(handed_out) = handed_out {
            handed_out.fetch_add(1, Ordering::Release);
        }
        take_bands();
    });
    slots.into_iter().try_for_each(|slot| slot.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner).1)
}

/// The longest a pool thread stays awake waiting for a frame's bands ([`super::Renderer::wake_band_threads`]):
/// longer than a cold frame takes to record at the sizes the bench measures.
pub(super) const STAY_AWAKE: Duration = Duration::from_millis(4);

/// Runs on a pool thread from the start of a frame: waits, awake, until `handed_out` has moved past `frame` (the
/// frame's other bands are on the pool) or `longest` ([`STAY_AWAKE`]) has passed, then takes the bands and
/// whatever else the pool holds; returns whether the bands came before the deadline. A band handed to a sleeping
/// pool thread waits for it to wake, which delays the second band's start (record 10).
pub(super) fn stay_awake_for_bands(handed_out: &AtomicU64, frame: u64, longest: Duration) -> bool {
    let deadline = Instant::now() + longest;
    while handed_out.load(Ordering::Acquire) == frame {
        if Instant::now() >= deadline {
            return false;
        }
        // Work the frame hands out before its bands (the cards' layouts) is taken too. Between looks, only the
        // counter is read (one cache line nobody writes until the bands are out), so the wait takes nothing
        // from the thread recording the frame.
        if let Some(rayon::Yield::Executed) = rayon::yield_now() {
            continue;
        }
        for _ in 0..256 {
            std::hint::spin_loop();
        }
    }
    // The bands are on the pool: take them (and anything else there), then leave.
    while let Some(rayon::Yield::Executed) = rayon::yield_now() {}
    true
}
