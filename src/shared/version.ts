declare const __GPU_DOCTOR_VERSION__: string | undefined

/** Injected at build time; "dev" when running from source (tests). */
export const GPU_DOCTOR_VERSION: string =
  typeof __GPU_DOCTOR_VERSION__ === 'string' ? __GPU_DOCTOR_VERSION__ : 'dev'
