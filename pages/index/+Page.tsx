export default function Page() {
  return (
    <>
      <section className="page-banner">
        <div className="container">
          <h1>Timeless Footwear &amp; Accessories</h1>
        </div>
      </section>
      <section id="about" className="section container">
        <h2>Heritage &amp; Craftsmanship</h2>
      </section>
      <section id="collection" className="section container">
        <h2>Our Collection</h2>
      </section>
      <section id="contact" className="section container">
        <h2>Get in Touch</h2>
      </section>
    </>
  )
}
