export default function Page() {
  return (
    <section className="page-banner">
      <div className="container">
        <h1>Product Image Generator</h1>
      </div>
    </section>
  )
}
