export default function Page() {
  return (
    <section className="page-banner">
      <div className="container">
        <h1>Returns Policy</h1>
        <p>Last updated: January 2025</p>
      </div>
    </section>
  )
}
