
/** The confirmation of a no-JavaScript enquiry, in the words of the success toast. */
export default function Page() {
  return (
    <section className="page-banner contact-sent">
      <div className="container">
        <span className="eyebrow">Contact</span>
        <h1>Message sent successfully!</h1>
        <p>Thank you for your enquiry. We'll get back to you soon.</p>
        <p className="contact-sent__actions">
          <a className="btn btn-brass" href="/">
            Back to the home page
          </a>
          <a className="btn btn-outline-light" href="/products">
            Browse the collection
          </a>
        </p>
      </div>
    </section>
  )
}
