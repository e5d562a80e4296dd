//! Yoga's configuration (yoga/YGConfig.h): shared by the nodes created with it.

use super::types::{YGConfigConstRef, YGConfigRef, YGErrata, YGExperimentalFeature};

crate::holders! {
    /// The surface of one Yoga config: point scale, web defaults, errata, experimental features.
    pub struct ConfigCalls in "libgoldberry" {
        /// `YGConfigRef YGConfigNew(void)`
        fn YGConfigNew() -> YGConfigRef;
        /// `void YGConfigFree(YGConfigRef config)`
        fn YGConfigFree(config: YGConfigRef);
        /// `void YGConfigSetPointScaleFactor(YGConfigRef config, float pixelsInPoint)`: `pixelsInPoint` must be >= 0.
        fn YGConfigSetPointScaleFactor(config: YGConfigRef, pixels_in_point: f32);
        /// `float YGConfigGetPointScaleFactor(YGConfigConstRef config)`
        fn YGConfigGetPointScaleFactor(config: YGConfigConstRef) -> f32;
        /// `void YGConfigSetUseWebDefaults(YGConfigRef config, bool enabled)`
        fn YGConfigSetUseWebDefaults(config: YGConfigRef, enabled: bool);
        /// `bool YGConfigGetUseWebDefaults(YGConfigConstRef config)`
        fn YGConfigGetUseWebDefaults(config: YGConfigConstRef) -> bool;
        /// `void YGConfigSetErrata(YGConfigRef config, YGErrata errata)`
        fn YGConfigSetErrata(config: YGConfigRef, errata: YGErrata);
        /// `YGErrata YGConfigGetErrata(YGConfigConstRef config)`
        fn YGConfigGetErrata(config: YGConfigConstRef) -> YGErrata;
        /// `void YGConfigSetExperimentalFeatureEnabled(YGConfigRef config, YGExperimentalFeature feature, bool enabled)`
        fn YGConfigSetExperimentalFeatureEnabled(config: YGConfigRef, feature: YGExperimentalFeature, enabled: bool);
    }
}
