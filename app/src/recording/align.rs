//! Pairs two recordings' painted frames for `goldberry replay --diff`: the frames that draw the same (their
//! signatures equal) are matched as a longest common subsequence, as a text diff matches lines, so a frame one run
//! painted and the other did not stands alone instead of shifting every pair after it; the frames between two
//! matches are paired in order, and those left over stand alone.

/// One step of an alignment, indices into the two sequences; the steps visit every index of each once, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// A frame of each, paired: `same` when their signatures are equal.
    Both { a: usize, b: usize, same: bool },
    /// A frame only the first has.
    OnlyA(usize),
    /// A frame only the second has.
    OnlyB(usize),
}

/// The most cells the subsequence table may have (64 MiB of `u32`): past it, the frames between the common
/// start and end are paired in order, and [`Alignment::matched`] says so.
const MAX_CELLS: usize = 1 << 24;

/// How two sequences line up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alignment {
    pub steps: Vec<Step>,
    /// False when the sequences were too long to match whole, and their middles were paired in order.
    pub matched: bool,
}

/// Aligns `a` and `b` (frame signatures): their common start and end pair as they are, and between them the
/// longest common subsequence is matched.
pub fn align<T: Eq>(a: &[T], b: &[T]) -> Alignment {
    let head = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let tail = a[head..].iter().rev().zip(b[head..].iter().rev()).take_while(|(x, y)| x == y).count();
    let (middle_a, middle_b) = (&a[head..a.len() - tail], &b[head..b.len() - tail]);
    let mut steps: Vec<Step> = (0..head).map(|i| Step::Both { a: i, b: i, same: true }).collect();
    let matched = middle_a.len().saturating_mul(middle_b.len()) <= MAX_CELLS;
    let pairs = if matched { common(middle_a, middle_b) } else { Vec::new() };
    // The gaps between matches (and after the last), each paired in order.
    let (mut i, mut j) = (0, 0);
    for (pi, pj) in pairs.into_iter().chain([(middle_a.len(), middle_b.len())]) {
        gap(&mut steps, (head + i)..(head + pi), (head + j)..(head + pj), |x, y| a[x] == b[y]);
        if pi < middle_a.len() {
            steps.push(Step::Both { a: head + pi, b: head + pj, same: true });
        }
        (i, j) = (pi + 1, pj + 1);
    }
    let (ta, tb) = (a.len() - tail, b.len() - tail);
    steps.extend((0..tail).map(|k| Step::Both { a: ta + k, b: tb + k, same: true }));
    Alignment { steps, matched }
}

/// Pairs the frames of two gaps in order; the longer gap's extra frames stand alone.
fn gap(
    steps: &mut Vec<Step>,
    a: std::ops::Range<usize>,
    b: std::ops::Range<usize>,
    same: impl Fn(usize, usize) -> bool,
) {
    let paired = a.len().min(b.len());
    for (x, y) in a.clone().zip(b.clone()) {
        steps.push(Step::Both { a: x, b: y, same: same(x, y) });
    }
    steps.extend(a.skip(paired).map(Step::OnlyA));
    steps.extend(b.skip(paired).map(Step::OnlyB));
}

/// A longest common subsequence of `a` and `b`, as pairs of indices in increasing order.
fn common<T: Eq>(a: &[T], b: &[T]) -> Vec<(usize, usize)> {
    let width = b.len() + 1;
    // lengths[i * width + j]: the longest common subsequence of a[i..] and b[j..].
    let mut lengths = vec![0u32; (a.len() + 1) * width];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lengths[i * width + j] = if a[i] == b[j] {
                lengths[(i + 1) * width + j + 1] + 1
            } else {
                lengths[(i + 1) * width + j].max(lengths[i * width + j + 1])
            };
        }
    }
    let (mut i, mut j, mut pairs) = (0, 0, Vec::new());
    while i < a.len() && j < b.len() {
        if a[i] == b[j] {
            pairs.push((i, j));
            (i, j) = (i + 1, j + 1);
        } else if lengths[(i + 1) * width + j] >= lengths[i * width + j + 1] {
            i += 1;
        } else {
            j += 1;
        }
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every index of each side once, in order: what a replay that draws both runs' frames in turn relies on.
    fn visits_each_once(steps: &[Step], (na, nb): (usize, usize)) -> bool {
        let (mut next_a, mut next_b) = (0, 0);
        for step in steps {
            let (a, b) = match *step {
                Step::Both { a, b, .. } => (Some(a), Some(b)),
                Step::OnlyA(a) => (Some(a), None),
                Step::OnlyB(b) => (None, Some(b)),
            };
            if a.is_some_and(|a| a != next_a) || b.is_some_and(|b| b != next_b) {
                return false;
            }
            next_a += usize::from(a.is_some());
            next_b += usize::from(b.is_some());
        }
        (next_a, next_b) == (na, nb)
    }

    #[test]
    fn a_frame_only_one_run_painted_stands_alone_and_the_rest_still_pair() {
        let a = [1, 2, 3, 4, 5];
        let b = [1, 2, 9, 3, 4, 5];
        let aligned = align(&a, &b);
        assert!(aligned.matched);
        assert_eq!(aligned.steps.iter().filter(|s| matches!(s, Step::OnlyB(2))).count(), 1, "{aligned:?}");
        assert!(aligned.steps.iter().all(|s| !matches!(s, Step::Both { same: false, .. })), "{aligned:?}");
        assert!(visits_each_once(&aligned.steps, (a.len(), b.len())));
    }

    #[test]
    fn changed_frames_between_matches_pair_in_order() {
        let a = [1, 7, 8, 4];
        let b = [1, 6, 4, 5];
        let steps = align(&a, &b).steps;
        assert_eq!(
            steps,
            vec![
                Step::Both { a: 0, b: 0, same: true },
                Step::Both { a: 1, b: 1, same: false },
                Step::OnlyA(2),
                Step::Both { a: 3, b: 2, same: true },
                Step::OnlyB(3),
            ]
        );
    }

    #[test]
    fn random_sequences_are_visited_in_order_and_match_as_many_as_a_common_subsequence_allows() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        for _ in 0..300 {
            let a: Vec<u64> = (0..next(12)).map(|_| next(4)).collect();
            let b: Vec<u64> = (0..next(12)).map(|_| next(4)).collect();
            let aligned = align(&a, &b);
            assert!(visits_each_once(&aligned.steps, (a.len(), b.len())), "{a:?} {b:?} {aligned:?}");
            // A gap's pairs are never equal (the subsequence would take them), so the equal pairs are exactly as
            // many as the longest common subsequence's length, worked out here the textbook way, forwards.
            let same = aligned.steps.iter().filter(|s| matches!(s, Step::Both { same: true, .. })).count();
            let mut table = vec![vec![0usize; b.len() + 1]; a.len() + 1];
            for i in 1..=a.len() {
                for j in 1..=b.len() {
                    table[i][j] = if a[i - 1] == b[j - 1] {
                        table[i - 1][j - 1] + 1
                    } else {
                        table[i - 1][j].max(table[i][j - 1])
                    };
                }
            }
            assert_eq!(same, table[a.len()][b.len()], "{a:?} {b:?} {aligned:?}");
            // A pair marked same is equal, and one marked changed is not.
            for step in &aligned.steps {
                if let Step::Both { a: x, b: y, same } = *step {
                    assert_eq!(same, a[x] == b[y], "{a:?} {b:?} {aligned:?}");
                }
            }
        }
    }
}
