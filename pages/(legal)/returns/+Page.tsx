import { LegalPage, MailLink, type LegalSection } from '../../../components/legal/LegalPage.tsx'
import { COMPANY, FOOTWEAR_SIZES, POLICY } from '../../../domain/business.ts'

const P = POLICY

/** The policy's key terms, read from POLICY so the page can never disagree with the business. */
const AT_A_GLANCE = [
  { label: 'Check your order', value: `Report damage or missing items within ${P.inspectWithinHours} hours` },
  { label: 'Change of mind', value: `Cancel within ${P.cancellationDays} days of delivery` },
  { label: 'Send it back', value: `Return goods within ${P.returnGoodsWithinDays} days of cancelling` },
  { label: 'Your refund', value: `Within ${P.refundWithinDaysOfNotice} days of your notice` },
  { label: 'Refund processing', value: `${P.refundProcessingBusinessDays} business days to your card` },
  { label: 'Faulty goods', value: `Report within ${P.faultyReportWithinDays} days for a full refund` },
]

const SECTIONS: LegalSection[] = [
  {
    id: 'at-a-glance',
    title: 'At a glance',
    body: (
      <dl className="legal__terms">
        {AT_A_GLANCE.map((t) => (
          <div key={t.label}>
            <dt>{t.label}</dt>
            <dd>{t.value}</dd>
          </div>
        ))}
      </dl>
    ),
  },
  {
    id: 'when-it-arrives',
    title: 'When your order arrives',
    body: (
      <p>
        We dispatch orders within {P.dispatchBusinessDays} business days. When yours arrives, please check it and tell
        us within {P.inspectWithinHours} hours of delivery if anything is damaged, missing or not what you ordered, by
        e-mail to <MailLink to="orders" />, with photographs if you can. This lets us claim from the courier and send a
        replacement quickly. It does not limit your rights if a fault shows itself later.
      </p>
    ),
  },
  {
    id: 'change-of-mind',
    title: 'Changing your mind',
    body: (
      <>
        <p>
          You have the right to cancel your order within {P.cancellationDays} days, without giving any reason, under the
          Consumer Contracts Regulations 2013. The {P.cancellationDays} days start on the day after you receive your
          goods (or the last part of your order). You may also cancel at any time before your order is delivered.
        </p>
        <p>
          To cancel, e-mail <MailLink to="orders" /> with your name, the product and the date you received it. Any clear
          statement is enough, and we will confirm receipt of your cancellation by e-mail.
        </p>
      </>
    ),
  },
  {
    id: 'how-to-return',
    title: 'How to return an item',
    body: (
      <ol>
        <li>
          Tell us you are cancelling by e-mail to <MailLink to="orders" />. We will reply with confirmation and the
          address to send your item to.
        </li>
        <li>
          Pack the item securely, ideally in its original box or dust bag, with any tags and packaging it came with.
        </li>
        <li>Send it by a tracked and insured service and keep your proof of postage.</li>
        <li>
          Make sure it is on its way to us within {P.returnGoodsWithinDays} days of the day you told us you were
          cancelling.
        </li>
      </ol>
    ),
  },
  {
    id: 'condition',
    title: 'Condition of returned items',
    body: (
      <>
        <p>
          Please handle items only as you would in a shop. Try shoes on indoors, on a carpeted floor, so that the soles
          stay unmarked; do not cut, shorten or punch new holes in belts; and keep bags free of signs of use.
        </p>
        <p>
          Returns must be unworn and in the condition you received them. If an item comes back worn, damaged or marked,
          we may reduce your refund by the loss in its value, as the law allows.
        </p>
      </>
    ),
  },
  {
    id: 'exclusions',
    title: 'Items we cannot take back for a change of mind',
    body: (
      <p>
        Custom orders, items made or altered to your measurements and items personalised with initials or other details
        are made to your specifications, so the right to cancel does not apply to them. If they are faulty, your rights
        below apply in full.
      </p>
    ),
  },
  {
    id: 'faulty',
    title: 'Faulty or incorrect items',
    body: (
      <>
        <p>
          Everything we make should be of satisfactory quality, fit for purpose and as described, as the Consumer Rights
          Act 2015 requires. If an item is faulty, report it within {P.faultyReportWithinDays} days of delivery and you
          may reject it for a full refund. After {P.faultyReportWithinDays} days, we will repair or replace it; if that
          is not possible or does not solve the problem, you may be entitled to a price reduction or a refund.
        </p>
        <p>
          E-mail <MailLink to="orders" /> with your order details and photographs of the problem. We pay the reasonable
          cost of returning faulty or incorrect items. Fair wear and tear, accidental damage and the natural character
          of leather are not faults, but we are always happy to advise on care and repairs.
        </p>
      </>
    ),
  },
  {
    id: 'exchanges',
    title: 'Exchanges',
    body: (
      <p>
        If your shoes do not fit, we will gladly exchange them for another size between {FOOTWEAR_SIZES[0]} and{' '}
        {FOOTWEAR_SIZES[FOOTWEAR_SIZES.length - 1]}, subject to availability. Say so when you tell us you are
        cancelling, return the original pair as above, and we will send the new pair once it reaches us. If the size you
        need is not available, we will refund you instead.
      </p>
    ),
  },
  {
    id: 'refunds',
    title: 'Refunds',
    body: (
      <>
        <p>
          We refund the price you paid, including any standard delivery charge, within {P.refundWithinDaysOfNotice} days
          of receiving your notice of cancellation. If the goods have already been delivered, we may wait until they are
          back with us, or until you have shown us proof of postage, whichever is earlier. Unless the item was faulty or
          not as described, the cost of sending it back is yours.
        </p>
        <p>
          Refunds go back to the card you paid with, through our card payment provider. Once approved, a refund is
          processed within {P.refundProcessingBusinessDays} business days; your bank may take a few more days to show it
          on your statement.
        </p>
      </>
    ),
  },
  {
    id: 'questions',
    title: 'Questions',
    body: (
      <p>
        For anything about a return, e-mail <MailLink to="orders" /> or message us on WhatsApp at{' '}
        {COMPANY.whatsappDisplay}. This policy forms part of our <a href="/terms">Terms &amp; Conditions</a>.
      </p>
    ),
  },
]

export default function Page() {
  return (
    <LegalPage
      title="Returns Policy"
      intro={
        <p>
          We want you to treasure everything you buy from us. If something is not right, this policy explains how to
          cancel, return or exchange an item and how we refund you. It does not affect your statutory rights.
        </p>
      }
      sections={SECTIONS}
    />
  )
}
