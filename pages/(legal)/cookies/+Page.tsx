import { LegalPage, MailLink, type LegalSection } from '../../../components/legal/LegalPage.tsx'
import { COMPANY } from '../../../domain/business.ts'

const SECTIONS: LegalSection[] = [
  {
    id: 'what-cookies-are',
    title: 'What cookies are',
    body: (
      <p>
        Cookies are small text files that a website asks your browser to store on your device, and to send back on later
        visits. Similar technologies, such as local storage in the browser and tracking pixels, work in much the same
        way. In this policy, &ldquo;cookies&rdquo; covers all of them.
      </p>
    ),
  },
  {
    id: 'cookies-we-use',
    title: 'The cookies we use',
    body: (
      <>
        <p>
          <strong>Our website sets one cookie, and only when you need it.</strong> It sets no tracking or advertising
          cookies: we use no outside analytics, advertising or social-media tools. Our fonts and images are served from
          our own website, so visiting it does not let any other company place cookies on your device or follow you from
          page to page.
        </p>
        <p>
          <strong>Strictly necessary: contact-form</strong> (and contact-form.1 for a long message).{' '}
          <em>What it holds:</em> what you typed into our enquiry form and the notes on what to correct, signed so that
          it cannot be changed. <em>Why:</em> it is set only when you send the enquiry form while your browser is not
          running our scripts and something in it needs correcting, so that the form comes back to you filled in rather
          than blank. <em>How long:</em> 30 minutes; it is sent back only to our contact page and used for nothing else.
          Because it is strictly necessary for the service you asked for, it needs no consent, which is why you see no
          cookie banner: there is nothing to accept or decline.
        </p>
        <p>
          Like any website, our pages rely on your browser&rsquo;s own history of the pages you visit in a tab, for
          example to return you to the same place on a page when you press Back. That history is kept by your browser,
          is not a cookie and is never sent to us.
        </p>
      </>
    ),
  },
  {
    id: 'counting-visits',
    title: 'Counting visits without cookies',
    body: (
      <p>
        <em>Added November 2026.</em> Our website counts visits to its pages itself, on our own server, as daily totals.
        It uses no cookie, local storage or tracking pixel for this: nothing is stored on your device, and nothing is
        shared with any other company. Our <a href="/privacy#what-we-collect">Privacy Policy</a> explains what is
        counted and what is not kept.
      </p>
    ),
  },
  {
    id: 'other-sites',
    title: 'When you leave our website',
    body: (
      <>
        <p>
          Some links take you to services run by other companies, which set their own cookies under their own policies:
        </p>
        <ul>
          <li>
            <strong>Card payments</strong> happen on the page of our card payment provider, which you reach through the
            payment link when you order. That page sets its own cookies, for example to keep your payment secure and to
            prevent fraud. They are set by the provider, not by us, and are described in the provider&rsquo;s cookie
            policy.
          </li>
          <li>
            <strong>WhatsApp</strong>: our chat links open WhatsApp, run by WhatsApp (part of Meta), whose own cookie
            policy then applies.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'If this changes',
    body: (
      <p>
        If we ever want to use cookies that are not strictly necessary, such as analytics, we will update this policy
        first and ask for your consent before setting them, as the Privacy and Electronic Communications Regulations
        2003 (PECR) and UK GDPR require. Any strictly necessary cookie would be listed here with its name, purpose and
        how long it lasts.
      </p>
    ),
  },
  {
    id: 'managing-cookies',
    title: 'Managing cookies in your browser',
    body: (
      <p>
        Every browser lets you see, block and delete cookies in its settings, usually under &ldquo;Privacy&rdquo; or
        &ldquo;Security&rdquo;. Blocking cookies makes no difference to our own website, but it may stop the card
        payment provider&rsquo;s page from working properly.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Questions',
    body: (
      <p>
        If you have a question about this policy, e-mail <MailLink to="enquiries" />. Our{' '}
        <a href="/privacy">Privacy Policy</a> explains how {COMPANY.legalName} handles your personal data.
      </p>
    ),
  },
]

export default function Page() {
  return (
    <LegalPage
      title="Cookies Policy"
      intro={
        <p>
          This policy explains what cookies are, which ones are stored on your device when you use our website (in
          short: none of ours) and which ones other services may set when you pay or chat with us.
        </p>
      }
      sections={SECTIONS}
    />
  )
}
