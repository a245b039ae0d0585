// What a registry (and its token service) may answer, checked before GPU Doctor reads a field: a
// malformed answer is said as such, never taken for a network failure, and no value of it that
// reaches a message or a platform list can hold a control character or a line break.
import { z } from 'zod'

import { truncateEcho } from '../../../shared/echo-cut'
import { oneLine } from '../../../shared/one-line'

/** `linux`, `amd64`, `arm64`, `v8`, `unknown`: the OCI platform values, one short word each. */
const PlatformWord = z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'not a platform name')
/** A content digest (`sha256:…`), as the OCI spec writes it: it goes into a URL path. */
const Digest = z.string().regex(/^[a-z0-9]+(?:[.+_-][a-z0-9]+)*:[a-zA-Z0-9=_-]{1,256}$/, 'not a digest')
/** A bearer token goes into a header: visible ASCII only (a JWT, or an opaque token). */
const Token = z.string().regex(/^[\x21-\x7e]{1,16384}$/, 'not a token')

export const PlatformSchema = z.object({ os: PlatformWord, architecture: PlatformWord, variant: PlatformWord.optional() })
export type Platform = z.infer<typeof PlatformSchema>

const DescriptorSchema = z.object({ mediaType: z.string().optional(), digest: Digest.optional(), platform: PlatformSchema.optional() })

/** An OCI index / manifest list (`manifests`) or a single image manifest (`config`). */
export const ManifestSchema = z.object({
  mediaType: z.string().optional(),
  manifests: z.array(DescriptorSchema).max(4096).optional(),
  config: z.object({ digest: Digest }).optional(),
})

/** A single-platform image's config names its platform. */
export const ImageConfigSchema = PlatformSchema

export const TokenAnswerSchema = z.object({ token: Token.optional(), access_token: Token.optional() })

/** The error body of a 404 (`NAME_UNKNOWN` tells a missing repository). */
export const ErrorsAnswerSchema = z.object({ errors: z.array(z.object({ code: z.string().optional() })).optional() })

/** A value from a registry in a message: one line, cut to the echo length. */
export const echo = (value: string) => truncateEcho(oneLine(value))

/** The first problem of an answer, as `path: what` (one line). */
export function firstProblem(error: z.ZodError): string {
  const issue = error.issues[0]
  return issue ? echo(`${issue.path.map(String).join('.') || '(top)'}: ${issue.message}`) : 'invalid'
}
