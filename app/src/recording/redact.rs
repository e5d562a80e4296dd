//! What a recording leaves out of a frame's list: the glyph runs of the ops drawn as a secret
//! ([`DisplayList::secret`], a revealed password's text), written as runs with no glyphs, in the list and in every
//! layer inside it. A replayed frame that showed such a text shows the field without it.

use std::sync::Arc;

use goldberry_natives::glyphs::GlyphRun;

use crate::display_list::{DisplayList, Op, OpKind};

/// `list` as a recording may keep it: itself when it draws no secret (the common case, no copy), else a copy whose
/// secret glyph runs are empty.
pub fn redacted(list: DisplayList) -> DisplayList {
    if holds_secret(&list) { redact(&list) } else { list }
}

/// Whether `list` or a layer inside it draws a secret.
fn holds_secret(list: &DisplayList) -> bool {
    !list.secret.is_empty() || list.ops.iter().any(|op| op.content().is_some_and(holds_secret))
}

fn redact(list: &DisplayList) -> DisplayList {
    let mut out = list.clone();
    for (i, op) in out.ops.iter_mut().enumerate() {
        let secret = list.secret.iter().any(|r| r.contains(&i));
        // By kind, so that an op of a new kind is named here by the compiler (only glyph runs carry a text).
        match op.kind() {
            OpKind::Glyphs if secret => {
                if let Op::Glyphs { run, .. } = op {
                    *run = Arc::new(GlyphRun { units_per_em: run.units_per_em, ..GlyphRun::default() });
                }
            }
            OpKind::Layer => {
                if let Op::Layer { content, .. } = op
                    && holds_secret(content)
                {
                    *content = Arc::new(redact(content));
                }
            }
            OpKind::Glyphs | OpKind::Shape | OpKind::State => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{Color, FontId, Rect};

    fn glyphs(ids: &[u32]) -> Op {
        let run = GlyphRun {
            glyphs: ids.to_vec(),
            placements: vec![Default::default(); ids.len()],
            clusters: (0..ids.len() as u32).collect(),
            units_per_em: 1000,
        };
        Op::Glyphs { font: FontId(0x0100_0400), x: 1.0, y: 2.0, run: Arc::new(run), color: Color::rgb(1, 2, 3) }
    }

    fn ids(op: &Op) -> Vec<u32> {
        match op {
            Op::Glyphs { run, .. } => run.glyphs.clone(),
            _ => Vec::new(),
        }
    }

    #[test]
    fn a_secrets_glyphs_are_left_out_in_the_list_and_in_its_layers_and_nothing_else_is() {
        let mut inner = DisplayList::new();
        inner.push(glyphs(&[7, 8]));
        inner.record_secret(|list| list.push(glyphs(&[40, 41, 42])));
        let mut list = DisplayList::new();
        list.push(glyphs(&[1, 2, 3]));
        list.record_secret(|list| list.push(glyphs(&[4, 5])));
        list.layer(crate::display_list::LayerKey(9), Rect::new(0.0, 0.0, 10.0, 10.0), 1, Arc::new(inner));
        let kept = redacted(list.clone());
        assert_eq!(ids(&kept.ops[0]), [1, 2, 3]);
        assert!(ids(&kept.ops[1]).is_empty(), "the secret run");
        let Op::Layer { content, .. } = &kept.ops[2] else { panic!("the layer") };
        assert_eq!(ids(&content.ops[0]), [7, 8]);
        assert!(ids(&content.ops[1]).is_empty(), "the layer's secret run");
        // A list with no secret is handed back as it is.
        let mut plain = DisplayList::new();
        plain.push(glyphs(&[1]));
        assert_eq!(redacted(plain.clone()), plain);
    }
}
