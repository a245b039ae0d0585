/**
 * What shows as an emoji (needs an emoji font): a character whose default presentation is emoji,
 * or a pictograph forced to one by U+FE0F. ® ™ © are pictographs too, but plain text by default:
 * a real CPU model ("Intel® Xeon®") carries them, and a report must be free to quote it.
 */
export const EMOJI = /\p{Emoji_Presentation}|\p{Extended_Pictographic}\u{FE0F}/u
