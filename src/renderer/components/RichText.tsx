/** Text with `backtick` spans shown as code (commands in the finding texts). No HTML is interpreted. */
export function RichText({ text }: { text: string }) {
  const parts = text.split(/`([^`]+)`/)
  return (
    <>
      {parts.map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))}
    </>
  )
}
