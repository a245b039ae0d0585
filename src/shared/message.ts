import { z } from 'zod'

/** The values that fill a text's `{{name}}` placeholders. */
export const MessageParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]))
export type MessageParams = z.infer<typeof MessageParamsSchema>

/** A text as data: its i18n key and placeholder values, rendered in the reader's language by each front end. */
export const MessageSchema = z.object({ key: z.string(), params: MessageParamsSchema })
export type Message = z.infer<typeof MessageSchema>
