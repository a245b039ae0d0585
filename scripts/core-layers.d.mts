/** The layers of src/core, lowest first: each may import only the layers before it. */
export const CORE_LAYERS: readonly string[]
