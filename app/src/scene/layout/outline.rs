//! Every box of a laid-out Yoga tree as the layout-bounds overlay (F4) draws it: its border box in window pixels,
//! its margin and padding, and a name that says where it sits in its tree.

use goldberry_natives::yoga::{Insets, LayoutTree, NodeId};

use crate::geom::Rect;

/// One laid-out box.
#[derive(Debug, Clone, PartialEq)]
pub struct LaidBox {
    /// The tree's name, then the child index at each level down ("controls/0/3").
    pub name: String,
    /// The border box, in window pixels.
    pub rect: Rect,
    /// The computed margin outside it: left, top, right, bottom.
    pub margin: [f32; 4],
    /// The computed padding inside it: left, top, right, bottom.
    pub padding: [f32; 4],
    /// How deep in its tree (the root is 0).
    pub depth: usize,
}

impl LaidBox {
    /// A box with no margin or padding (one a screen places itself, not Yoga).
    pub fn plain(name: String, rect: Rect, depth: usize) -> LaidBox {
        LaidBox { name, rect, margin: [0.0; 4], padding: [0.0; 4], depth }
    }
}

/// Where a tree's root goes: its top-left corner in window pixels, and how deep it sits in the frame (a screen's
/// page is in the frame's body, a card in its slot).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Mount {
    pub origin: (f32, f32),
    pub depth: usize,
}

/// Adds every box of `tree` from `root` down, named from `name`, with the root put at `mount`.
pub fn outline(tree: &LayoutTree, root: NodeId, mount: Mount, name: &str, into: &mut Vec<LaidBox>) {
    let at = tree.layout(root);
    let shift = (mount.origin.0 - at.x, mount.origin.1 - at.y);
    let mut stack = vec![(root, name.to_owned(), mount.depth)];
    while let Some((node, name, depth)) = stack.pop() {
        let r = tree.layout(node);
        for (i, child) in tree.children(node).iter().enumerate().rev() {
            stack.push((*child, format!("{name}/{i}"), depth + 1));
        }
        let sides = |i: Insets| [i.left, i.top, i.right, i.bottom];
        into.push(LaidBox {
            name,
            rect: Rect::new(r.x + shift.0, r.y + shift.1, r.w, r.h),
            margin: sides(tree.layout_margin(node)),
            padding: sides(tree.layout_padding(node)),
            depth,
        });
    }
}
