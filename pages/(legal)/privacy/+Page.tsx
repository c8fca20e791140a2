import { CompanyIdentity, LegalPage, MailLink, type LegalSection } from '../../../components/legal/LegalPage.tsx'
import { COMPANY, POLICY } from '../../../domain/business.ts'

const USES = [
  {
    purpose: 'Answering your enquiries',
    data: 'Name, e-mail address, subject and message',
    basis: 'Legitimate interests (replying to people who contact us), or steps you ask us to take before an order',
  },
  {
    purpose: 'Taking, delivering and supporting your order, including cancellations, returns and refunds',
    data: 'Name, e-mail address, telephone number, delivery address, size, order and payment confirmation',
    basis: 'Performance of our contract with you',
  },
  {
    purpose: 'Keeping accounting and tax records',
    data: 'Order and payment records',
    basis: 'Legal obligation',
  },
  {
    purpose: 'Keeping our website secure and preventing abuse, such as automated messages',
    data: 'IP address and technical request data',
    basis: 'Legitimate interests (running a safe and reliable website)',
  },
  {
    purpose: 'Counting visits to our website as daily totals',
    data: 'IP address and browser type, used for a moment and not kept',
    basis: 'Legitimate interests (knowing how our shop is used)',
  },
  {
    purpose: 'Handling complaints and legal claims',
    data: 'The records relevant to the matter',
    basis: 'Legitimate interests (establishing and defending legal claims)',
  },
]

const SECTIONS: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <>
        <p>
          The controller of your personal data is <CompanyIdentity />. We decide how and why your personal data is used
          when you visit this website, contact us or buy from us, and we are responsible for it under the UK General
          Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.
        </p>
        <p>
          For anything about your personal data, e-mail <MailLink to="enquiries" /> or write to us at our registered
          office. We are a small business and have not appointed a data protection officer; your message will reach the
          person responsible.
        </p>
      </>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'The information we collect',
    body: (
      <>
        <h3>When you send us a message</h3>
        <p>
          Our contact form asks for your first and last name, e-mail address, a subject and your message. We store what
          you send on our server so that we can answer it, and it is forwarded to our business e-mail inbox.
        </p>
        <h3>When you place an order</h3>
        <p>
          The order form asks for your name, e-mail address, telephone number, delivery address and, for footwear, your
          size. Our website does not store these details: when you continue to payment, they are passed with your order
          to our card payment provider&rsquo;s payment page, and we receive them from the provider together with
          confirmation of your payment. You enter your card details on the provider&rsquo;s page only; we never see or
          store them.
        </p>
        <h3>When you e-mail us or use WhatsApp</h3>
        <p>
          We receive your contact details and whatever you choose to tell us. WhatsApp is operated by WhatsApp (part of
          Meta), which handles your messages under its own privacy policy.
        </p>
        <h3>When you visit our website</h3>
        <p>
          Like any web server, ours records technical information about each request, such as your IP address, the page
          asked for, the date and time and your browser type. We use it to keep the website working and secure and to
          limit abuse, such as one connection sending a great many messages.
        </p>
        <h3>How we count visits</h3>
        <p>
          <em>Added November 2026.</em> So that we know which products interest people and how they find us, our website
          counts visits itself, on our own server. For each day it keeps totals only: how many times each page was
          viewed and by how many different visitors, how many orders went on to the payment page for each product, which
          website a visit came from (its name only, such as instagram.com), the campaign named in the link you followed
          (such as a newsletter), and whether the visit came from a phone, a tablet or a computer. To tell visitors
          apart within one day, your IP address and browser type are combined with a random value that changes every day
          and is never stored, and only the result is compared, in memory. None of these is written down or kept after
          midnight, so nobody, including us, can link your visits on one day to another. No cookie or similar technology
          is used for it, and nothing is shared with anyone.
        </p>
        <p>
          We do not use outside analytics, advertising or social-media tracking, we do not build profiles of visitors,
          and we do not buy personal data from anyone.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use-it',
    title: 'How we use it and our lawful bases',
    body: (
      <>
        <p>We use personal data only where UK GDPR gives us a lawful basis:</p>
        <table className="legal__table">
          <thead>
            <tr>
              <th scope="col">Purpose</th>
              <th scope="col">Information</th>
              <th scope="col">Lawful basis</th>
            </tr>
          </thead>
          <tbody>
            {USES.map((u) => (
              <tr key={u.purpose}>
                <td data-label="Purpose">{u.purpose}</td>
                <td data-label="Information">{u.data}</td>
                <td data-label="Lawful basis">{u.basis}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          We will not send you marketing e-mails unless you have asked us to, and you can stop them at any time. We do
          not make decisions about you by automated means.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>We share personal data only when we need to, and never sell it:</p>
        <ul>
          <li>
            <strong>Our card payment provider</strong>, which takes your payment through its payment link and processes
            your card details and order summary as a controller in its own right, under its own privacy policy.
          </li>
          <li>
            <strong>Delivery couriers</strong>, who receive your name, delivery address and telephone number so that
            they can deliver your order.
          </li>
          <li>
            <strong>Service providers who act for us</strong>, such as the companies that host our website and handle
            our e-mail. They may use the data only on our instructions and must keep it secure.
          </li>
          <li>
            <strong>Our professional advisers, HM Revenue &amp; Customs and other authorities</strong>, where the law
            requires it or to establish or defend legal claims.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'transfers',
    title: 'Transfers outside the UK',
    body: (
      <p>
        Some of the providers above, such as our card payment provider or WhatsApp, may process data outside the United
        Kingdom. Where they do, the transfer is protected as UK GDPR requires, by UK adequacy regulations or by
        safeguards such as the International Data Transfer Agreement or the UK Addendum to the EU standard contractual
        clauses.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <ul>
        <li>
          <strong>Order and payment records</strong> are kept for {POLICY.orderRecordsYears} years, to meet our
          accounting and tax obligations, and then deleted.
        </li>
        <li>
          <strong>Enquiries</strong> are kept for as long as we need to answer them and deal with any follow-up, then
          deleted. If an enquiry leads to an order, it is kept with the order record.
        </li>
        <li>
          <strong>Technical server logs</strong> are kept for a short period for security purposes and then deleted.
        </li>
      </ul>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <p>Under UK GDPR you have the right to:</p>
        <ul>
          <li>ask for a copy of the personal data we hold about you (access);</li>
          <li>have inaccurate or incomplete data corrected (rectification);</li>
          <li>have your data deleted where we no longer have a good reason to keep it (erasure);</li>
          <li>ask us to limit how we use your data (restriction);</li>
          <li>object to our use of your data where we rely on legitimate interests, and to any direct marketing;</li>
          <li>receive data you gave us in a portable, machine-readable form (portability);</li>
          <li>withdraw your consent at any time where we rely on it.</li>
        </ul>
        <p>
          To use any of these rights, e-mail <MailLink to="enquiries" />. There is no charge, and we will reply within
          one month. We may ask you to confirm your identity before we act.
        </p>
      </>
    ),
  },
  {
    id: 'complaints',
    title: 'Complaints',
    body: (
      <>
        <p>
          If you have a concern about how we use your personal data, please tell us first and we will do our best to put
          it right. You also have the right to complain to the Information Commissioner&rsquo;s Office (ICO), the
          UK&rsquo;s supervisory authority for data protection:
        </p>
        <p>
          Information Commissioner&rsquo;s Office, Wycliffe House, Water Lane, Wilmslow, Cheshire SK9 5AF; telephone
          0303 123 1113;{' '}
          <a href="https://ico.org.uk/make-a-complaint/" rel="noopener noreferrer">
            ico.org.uk/make-a-complaint
          </a>
          .
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Keeping your data safe',
    body: (
      <p>
        Our website is served over an encrypted connection, access to enquiries and order records is limited to the
        people at {COMPANY.brand} who need it, and card details are handled only by our card payment provider, never by
        us.
      </p>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <p>
        Our website sets no tracking or advertising cookies. Our <a href="/cookies">Cookies Policy</a> explains what is
        stored on your device, and by whom, when you use our website and the card payment provider&rsquo;s page.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        Our website and products are intended for adults. We do not knowingly collect personal data from children under
        13; if you believe a child has sent us their details, please contact us and we will delete them.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We review this policy from time to time and will post any changes on this page with a new &ldquo;last
        updated&rdquo; date. If a change affects how we use data you have already given us, we will tell you directly.
      </p>
    ),
  },
]

export default function Page() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <p>
          This policy explains what personal data {COMPANY.legalName} collects when you visit our website, contact us or
          buy from us, why we collect it, who we share it with, how long we keep it and the rights you have over it.
        </p>
      }
      sections={SECTIONS}
    />
  )
}
