// The few parts of markdown-it (a real CommonMark parser) the report tests use; it ships no types.
declare module 'markdown-it' {
  interface Token {
    type: string
    tag: string
    content: string
    children: Token[] | null
  }
  class MarkdownIt {
    constructor(options?: { html?: boolean; linkify?: boolean })
    parse(src: string, env: object): Token[]
  }
  export default MarkdownIt
}
