/**
 * The tab the payment page opens in: opened on the visitor's press, then sent on or closed once the order is checked.
 */
export type PaymentTab = { go: (url: string) => void; close: () => void }

/**
 * Must run in the press's own event: browsers block a tab opened later, after a request, as a
 * pop-up. The tab starts blank, on our origin, so nothing leaves the page before the check.
 */
export function openPaymentTab(): PaymentTab {
  const tab = window.open('', '_blank')
  if (!tab) {
    // Refused anyway: a tab opened just after the press may still be allowed.
    return { go: (url) => void window.open(url, '_blank', 'noopener'), close: () => {} }
  }
  // What `noopener` does: the payment page gets no way back into this one.
  tab.opener = null
  tab.document.title = 'Secure payment'
  if (tab.document.body) tab.document.body.textContent = "Opening our payment provider's page…"
  return { go: (url) => tab.location.replace(url), close: () => tab.close() }
}
