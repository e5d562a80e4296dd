//! Yoga's node surface (yoga/YGNode.h): create and free nodes, build the tree, the context pointer, the
//! measure function, dirtiness and the layout pass.

use std::ffi::c_void;

use super::types::{YGConfigConstRef, YGDirection, YGMeasureFunc, YGNodeConstRef, YGNodeRef};

crate::holders! {
    /// The surface of one Yoga node: its life, its children, its context and measure function, and layout.
    pub struct NodeCalls in "libgoldberry" {
        /// `YGNodeRef YGNodeNew(void)`
        fn YGNodeNew() -> YGNodeRef;
        /// `YGNodeRef YGNodeNewWithConfig(YGConfigConstRef config)`
        fn YGNodeNewWithConfig(config: YGConfigConstRef) -> YGNodeRef;
        /// `void YGNodeFree(YGNodeRef node)`
        fn YGNodeFree(node: YGNodeRef);
        /// `void YGNodeFreeRecursive(YGNodeRef node)`
        fn YGNodeFreeRecursive(node: YGNodeRef);
        /// `void YGNodeInsertChild(YGNodeRef node, YGNodeRef child, size_t index)`
        fn YGNodeInsertChild(node: YGNodeRef, child: YGNodeRef, index: usize);
        /// `void YGNodeRemoveChild(YGNodeRef node, YGNodeRef child)`
        fn YGNodeRemoveChild(node: YGNodeRef, child: YGNodeRef);
        /// `void YGNodeRemoveAllChildren(YGNodeRef node)`
        fn YGNodeRemoveAllChildren(node: YGNodeRef);
        /// `YGNodeRef YGNodeGetChild(YGNodeRef node, size_t index)`
        fn YGNodeGetChild(node: YGNodeRef, index: usize) -> YGNodeRef;
        /// `size_t YGNodeGetChildCount(YGNodeConstRef node)`
        fn YGNodeGetChildCount(node: YGNodeConstRef) -> usize;
        /// `YGNodeRef YGNodeGetParent(YGNodeRef node)`
        fn YGNodeGetParent(node: YGNodeRef) -> YGNodeRef;
        /// `void YGNodeSetContext(YGNodeRef node, void* context)`
        fn YGNodeSetContext(node: YGNodeRef, context: *mut c_void);
        /// `void* YGNodeGetContext(YGNodeConstRef node)`
        fn YGNodeGetContext(node: YGNodeConstRef) -> *mut c_void;
        /// `void YGNodeSetMeasureFunc(YGNodeRef node, YGMeasureFunc measureFunc)`
        fn YGNodeSetMeasureFunc(node: YGNodeRef, measure_func: YGMeasureFunc);
        /// `bool YGNodeHasMeasureFunc(YGNodeConstRef node)`
        fn YGNodeHasMeasureFunc(node: YGNodeConstRef) -> bool;
        /// `void YGNodeMarkDirty(YGNodeRef node)`
        fn YGNodeMarkDirty(node: YGNodeRef);
        /// `bool YGNodeIsDirty(YGNodeConstRef node)`
        fn YGNodeIsDirty(node: YGNodeConstRef) -> bool;
        /// `bool YGNodeGetHasNewLayout(YGNodeConstRef node)`
        fn YGNodeGetHasNewLayout(node: YGNodeConstRef) -> bool;
        /// `void YGNodeSetHasNewLayout(YGNodeRef node, bool hasNewLayout)`
        fn YGNodeSetHasNewLayout(node: YGNodeRef, has_new_layout: bool);
        /// `void YGNodeCalculateLayout(YGNodeRef node, float availableWidth, float availableHeight, YGDirection ownerDirection)`
        fn YGNodeCalculateLayout(node: YGNodeRef, available_width: f32, available_height: f32, owner_direction: YGDirection);
    }
}
