export function Notice({ text }: { text: string | null }) {
  if (!text) return null
  return (
    <p className="inbox-notice" role="status">
      {text}
    </p>
  )
}
