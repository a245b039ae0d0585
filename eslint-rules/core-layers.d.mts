export declare const CORE_LAYERS: readonly string[]
export declare const FRONT_ENDS: readonly string[]
export declare function placeOf(repoPath: string): { area: string; layer?: string | null } | null
export declare function layerViolation(from: string, to: string, typeOnly: boolean): string | null
export declare const coreLayersPlugin: { rules: Record<string, unknown> }
