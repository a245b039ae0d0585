import { detectInterpreters, pickDefault } from '../platform/probe/interpreters'

/** The interpreter a probe uses inside an image: the one on the image's PATH. */
export const CONTAINER_PYTHON = 'python3'

/**
 * The Python a run uses when the user named none: on the host, the first detected interpreter
 * with torch (else the first that runs); in a container, the image's `python3`. Null when the host
 * has no Python at all; callers say so rather than guess a name that will not start.
 */
export async function defaultPython(options: { explicit?: string | null; inContainer?: boolean; env?: NodeJS.ProcessEnv }): Promise<string | null> {
  if (options.explicit) return options.explicit
  if (options.inContainer) return CONTAINER_PYTHON
  return pickDefault(await detectInterpreters(options.env ?? process.env))?.path ?? null
}
