import { CompanyIdentity, LegalPage, MailLink, type LegalSection } from '../../../components/legal/LegalPage.tsx'
import { COMPANY, FOOTWEAR_SIZES, POLICY } from '../../../domain/business.ts'

const P = POLICY
const smallestSize = FOOTWEAR_SIZES[0]
const largestSize = FOOTWEAR_SIZES[FOOTWEAR_SIZES.length - 1]

const SECTIONS: LegalSection[] = [
  {
    id: 'about-us',
    title: 'About us',
    body: (
      <>
        <p>
          This website is operated by <CompanyIdentity /> (&ldquo;we&rdquo;, &ldquo;us&rdquo;, &ldquo;our&rdquo;).
        </p>
        <p>
          You can contact us by e-mail at <MailLink to="enquiries" /> for general questions or <MailLink to="orders" />{' '}
          about an order, a cancellation or a return, or on WhatsApp at {COMPANY.whatsappDisplay}. If we need to contact
          you, we will use the e-mail address or telephone number you gave us with your order.
        </p>
      </>
    ),
  },
  {
    id: 'these-terms',
    title: 'These terms',
    body: (
      <>
        <p>
          These terms apply to every order you place with us through this website. Please read them, together with our{' '}
          <a href="/returns">Returns Policy</a>, <a href="/privacy">Privacy Policy</a> and{' '}
          <a href="/cookies">Cookies Policy</a>, before you order. They are written for consumers buying for personal
          use.
        </p>
        <p>
          Nothing in these terms affects your statutory rights as a consumer, including your rights under the Consumer
          Rights Act 2015 and the Consumer Contracts (Information, Cancellation and Additional Charges) Regulations
          2013. We may update these terms from time to time; the version shown on this page when you place an order
          applies to that order.
        </p>
      </>
    ),
  },
  {
    id: 'products',
    title: 'Our products',
    body: (
      <>
        <p>
          Our footwear, bags and belts are made by hand from natural leather. Differences in grain, colour, markings and
          texture between pieces, and small differences from the pictures on our website, are characteristics of genuine
          leather and handwork, not faults. We describe every product as accurately as we can; pictures are for
          illustration.
        </p>
        <p>
          Footwear is made in EU sizes {smallestSize} to {largestSize}. If you are unsure which size to choose, ask us
          before you order and we will gladly help.
        </p>
      </>
    ),
  },
  {
    id: 'ordering',
    title: 'Placing an order',
    body: (
      <>
        <p>
          To order, choose <em>Purchase Now</em> on a product, complete the order form (your name, e-mail address,
          telephone number, delivery address and, for footwear, your size) and continue to payment. You are then taken
          to the secure page of our card payment provider through the product&rsquo;s payment link. Your order summary
          travels with you to that page, so that we receive it together with your payment.
        </p>
        <p>
          Your order is an offer to buy. It is accepted, and a contract between you and us is formed, when we confirm
          your order by e-mail. If we cannot accept your order, for example because an item is no longer available or
          because of an obvious error in its price or description, we will tell you and refund any payment in full.
        </p>
      </>
    ),
  },
  {
    id: 'prices-payment',
    title: 'Prices and payment',
    body: (
      <>
        <p>
          Prices are shown in pounds sterling (£). The price you pay is the price shown on the product when you place
          your order.
        </p>
        <p>
          All payments are made by card through a payment link of our card payment provider, and payment is taken in
          full when you order. Your card details are entered on the provider&rsquo;s page and processed by the provider
          under its own terms and security standards: we never see or store them.
        </p>
      </>
    ),
  },
  {
    id: 'delivery',
    title: 'Delivery',
    body: (
      <>
        <p>
          We dispatch orders within {P.dispatchBusinessDays} business days of accepting them. Business days are Monday
          to Friday, excluding bank holidays in England. Custom orders take longer: we agree their dispatch date with
          you before we start work. We deliver to addresses in the United Kingdom; if you would like delivery elsewhere,
          please ask us first.
        </p>
        <p>
          The goods are your responsibility from the moment they are delivered to the address you gave us. Please
          inspect your order when it arrives and report any damage in transit, missing items or a wrong item within{' '}
          {P.inspectWithinHours} hours of delivery, by e-mail to <MailLink to="orders" />, with photographs if you can.
          Reporting promptly lets us claim from the courier and put things right quickly; it does not limit your legal
          rights if a fault appears later (see sections 7 and 8).
        </p>
      </>
    ),
  },
  {
    id: 'cancellation',
    title: 'Your right to cancel',
    body: (
      <>
        <p>
          Under the Consumer Contracts Regulations 2013 you may cancel your order for any reason within{' '}
          {P.cancellationDays} days, starting on the day after you, or someone you name, receive the goods. If an order
          arrives in several parts, the period starts on the day after the last part arrives. You may also cancel at any
          time before your order is delivered.
        </p>
        <p>
          To cancel, tell us clearly by e-mail to <MailLink to="orders" /> before the cancellation period ends. You may
          use these words:
        </p>
        <blockquote>
          I hereby give notice that I cancel my contract for the sale of the following goods: [product], ordered on
          [date] and received on [date]. [Your name and address.]
        </blockquote>
        <p>
          You must then send the goods back to us within {P.returnGoodsWithinDays} days of the day you tell us you are
          cancelling; our <a href="/returns">Returns Policy</a> explains how. Unless the goods are faulty or not as
          described, you pay the direct cost of returning them.
        </p>
        <p>
          We will refund the price you paid, including any standard delivery charge, within {P.refundWithinDaysOfNotice}{' '}
          days of receiving your notice of cancellation. If the goods have already been delivered to you, we may wait
          until we have received them back, or until you have shown us evidence of having sent them, whichever is
          earlier.
        </p>
        <p>
          You may handle the goods as you would in a shop, for example trying shoes on indoors on a carpeted floor. If
          they come back worn, damaged or marked, we may reduce your refund to reflect the loss in their value.
        </p>
        <p>
          The right to cancel does not apply to goods made to your specifications or clearly personalised, such as
          custom orders, items made or altered to your measurements and items with initials or other personalisation.
          Your rights for faulty goods (section 8) still apply to them.
        </p>
      </>
    ),
  },
  {
    id: 'faulty-goods',
    title: 'Faulty goods and your legal rights',
    body: (
      <>
        <p>
          We are under a legal duty to supply goods that are of satisfactory quality, fit for purpose and as described.
          Under the Consumer Rights Act 2015:
        </p>
        <ul>
          <li>
            if your goods are faulty, tell us within {P.faultyReportWithinDays} days of delivery and you may reject them
            for a full refund;
          </li>
          <li>
            after {P.faultyReportWithinDays} days, or earlier if you prefer, you are entitled to a repair or a
            replacement; if that is impossible or does not put things right, you may be entitled to a price reduction or
            a refund;
          </li>
          <li>
            a fault that appears within six months of delivery is presumed to have been there on delivery unless we show
            otherwise, and you may bring a claim for up to six years from delivery (five years in Scotland).
          </li>
        </ul>
        <p>
          To report a fault, e-mail <MailLink to="orders" /> with your order details and photographs of the problem. We
          pay the reasonable cost of returning faulty goods. Fair wear and tear, accidental damage, misuse or neglect
          (for example drying wet leather beside a radiator) and the natural character of leather are not faults.
        </p>
        <p>
          For independent advice on your rights, contact Citizens Advice (
          <a href="https://www.citizensadvice.org.uk/consumer/" rel="noopener noreferrer">
            citizensadvice.org.uk
          </a>
          ) or Trading Standards.
        </p>
      </>
    ),
  },
  {
    id: 'refunds',
    title: 'Refunds',
    body: (
      <p>
        Refunds are made to the card you paid with, through our card payment provider. Once we have approved a refund,
        it is processed within {P.refundProcessingBusinessDays} business days, and always within the legal time limits
        above; your bank may take a few more days to show it on your statement. We do not charge a fee for refunds.
      </p>
    ),
  },
  {
    id: 'custom-orders',
    title: 'Custom orders',
    body: (
      <p>
        We are happy to discuss made-to-order pieces by e-mail or WhatsApp. Before we start work we confirm in writing
        what we will make, its price and its expected dispatch date; payment is then taken through a card payment
        provider link as for any other order. Because custom items are made to your specifications, the cancellation
        right in section 7 does not apply to them once the contract is formed, but your rights for faulty goods in
        section 8 do.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Our responsibility to you',
    body: (
      <>
        <p>
          If we fail to comply with these terms, we are responsible for loss or damage you suffer that is a foreseeable
          result of our breaking this contract or our failing to use reasonable care and skill. We are not responsible
          for loss or damage that is not foreseeable. We supply our products for domestic and private use only, and are
          not liable to you for any loss of profit, loss of business or business interruption.
        </p>
        <p>
          We do not exclude or limit our liability where it would be unlawful to do so, including liability for death or
          personal injury caused by our negligence, for fraud or fraudulent misrepresentation, or for breach of your
          legal rights in relation to the products.
        </p>
      </>
    ),
  },
  {
    id: 'events-outside-our-control',
    title: 'Events outside our control',
    body: (
      <p>
        If an event outside our control, such as a failure of the courier, severe weather or a shortage of materials
        from our tanneries, delays your order, we will contact you as soon as possible and do what we can to reduce the
        delay. If there is a risk of substantial delay, you may contact us to cancel and we will refund anything you
        have paid for goods you have not received.
      </p>
    ),
  },
  {
    id: 'your-information',
    title: 'Your personal information',
    body: (
      <p>
        We use the information you give us only as our <a href="/privacy">Privacy Policy</a> describes, and keep records
        of your order for {P.orderRecordsYears} years to meet our accounting and tax obligations. Our website sets no
        tracking or advertising cookies: see our <a href="/cookies">Cookies Policy</a>.
      </p>
    ),
  },
  {
    id: 'law-and-complaints',
    title: 'Complaints, law and courts',
    body: (
      <>
        <p>
          If you are unhappy with anything, please e-mail <MailLink to="orders" /> or write to us at our registered
          office. We will reply as quickly as we can and try to resolve the matter with you.
        </p>
        <p>
          These terms are governed by the law of England and Wales. You may bring legal proceedings about them in the
          courts of England and Wales; if you live in Scotland or Northern Ireland, you may also bring proceedings in
          the courts of the place where you live.
        </p>
      </>
    ),
  },
]

export default function Page() {
  return (
    <LegalPage
      title="Terms & Conditions"
      intro={
        <p>
          These terms set out who we are, how we sell our handmade leather goods to you, how you can cancel or return an
          order and what to do if there is a problem. They do not affect your statutory rights.
        </p>
      }
      sections={SECTIONS}
    />
  )
}
