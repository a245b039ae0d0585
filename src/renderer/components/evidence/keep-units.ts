/** Units a line of figures may end a number with; most specific first. */
const UNIT_AFTER_NUMBER = /(\d) (?=(?:TFLOP\/s|GB\/s|MHz|ms|W|%)(?![\w/]))/g

/** The same text with each number held to its unit (a no-break space), so a narrow column never leaves "%" or "TFLOP/s" alone on a line. */
export function keepUnitsWithNumbers(text: string): string {
  return text.replace(UNIT_AFTER_NUMBER, '$1\u00a0')
}
