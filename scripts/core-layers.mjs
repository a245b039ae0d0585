// The layers of src/core, lowest first: each may import only the layers before it (and src/shared).
// eslint.config.js turns this into a rule per layer; test/lint/core-layers.test.ts checks the graph.
export const CORE_LAYERS = ['platform', 'knowledge', 'domain', 'app']
