/** The layers of src/core, lowest first (scripts/core-layers.mjs). */
export declare const CORE_LAYERS: readonly string[]
