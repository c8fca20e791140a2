import type { Locator, Page, Route } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { StoredEnquiry } from '../../data/enquiry.server.ts'
import { openContext, waitForHydration, type ViewportName } from '../../support/browser.ts'
import { browserSuiteForFile } from '../helpers/browser-suite.ts'
import { animationsDone } from '../helpers/frames.ts'
import { dataOnDisk } from '../helpers/on-disk.ts'

const { t, browser } = browserSuiteForFile({ env: { CONTACT_RATE_LIMIT: '0' } })

const MESSAGES = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  email: 'Please enter a valid email address',
  subject: 'Please select a subject',
  message: 'Message must be at least 10 characters long',
}

type Values = { firstName: string; lastName: string; email: string; subject: string; message: string }
const valid: Values = {
  firstName: 'Jane',
  lastName: 'Smith',
  email: 'jane.smith@example.co.uk',
  subject: 'bags',
  message: 'Is the weekender holdall available in tan?',
}

const onDisk = async (): Promise<readonly StoredEnquiry[]> => (await dataOnDisk(t.dataFile)).messages

async function openForm(path: string, options: { viewport?: ViewportName; javaScriptEnabled?: boolean } = {}) {
  const opened = await openContext(browser, t.url, options)
  // Script errors, and failed requests by URL (the favicon is another issue's; the console's
  // "Failed to load resource" lines carry no URL, so failed responses are checked here instead).
  const errors: string[] = []
  opened.page.on('pageerror', (err) => errors.push(err.message))
  opened.page.on('console', (msg) => {
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) errors.push(msg.text())
  })
  opened.page.on('response', (res) => {
    if (res.status() >= 400 && !res.url().endsWith('/favicon.svg') && !res.url().endsWith('/api/contact'))
      errors.push(`${res.status()} ${res.url()}`)
  })
  await opened.page.goto(path)
  if (options.javaScriptEnabled !== false) await waitForHydration(opened.page)
  const form = opened.page.locator('form#contact-form')
  return { ...opened, errors, form }
}

const field = (form: Locator, label: string) => form.getByLabel(label, { exact: true })

async function fill(form: Locator, values: Partial<Values>) {
  if (values.firstName !== undefined) await field(form, 'First name').fill(values.firstName)
  if (values.lastName !== undefined) await field(form, 'Last name').fill(values.lastName)
  if (values.email !== undefined) await field(form, 'Email').fill(values.email)
  if (values.subject !== undefined) await field(form, 'Subject').selectOption(values.subject)
  if (values.message !== undefined) await field(form, 'Message').fill(values.message)
}

async function valuesOf(form: Locator): Promise<Values> {
  return {
    firstName: await field(form, 'First name').inputValue(),
    lastName: await field(form, 'Last name').inputValue(),
    email: await field(form, 'Email').inputValue(),
    subject: await field(form, 'Subject').inputValue(),
    message: await field(form, 'Message').inputValue(),
  }
}

/** The error shown for a field, found the way assistive technology finds it: aria-describedby. */
async function errorFor(form: Locator, label: string): Promise<string | null> {
  const input = field(form, label)
  const describedBy = await input.getAttribute('aria-describedby')
  if (!describedBy) return null
  expect(await input.getAttribute('aria-invalid')).toBe('true')
  return form.locator(`[id="${describedBy}"]`).innerText()
}

const submit = (form: Locator) => form.getByRole('button', { name: /Send Message|Sending\.\.\./ })
const toasts = (page: Page) => page.locator('.Toastify__toast')

/** Holds matching requests until `release()`; then lets them through (or answers as told). */
function gate(page: Page, answer?: (route: Route) => Promise<void>) {
  let open!: () => void
  const opened = new Promise<void>((r) => (open = r))
  let seen = 0
  void page.route('**/api/contact', async (route) => {
    seen++
    await opened
    await (answer ? answer(route) : route.continue())
  })
  return { release: () => open(), count: () => seen }
}

describe('the enquiry form in the browser', () => {
  it(
    'shows exactly the form’s own message beside each field on submit, and ' +
      'clears a message when its field is edited',
    async () => {
      const { page, context, form, blocked, errors } = await openForm('/contact')
      let posts = 0
      page.on('request', (r) => {
        if (r.url().endsWith('/api/contact')) posts++
      })
      // The toast code is not part of the first load.
      expect(await page.evaluate(() => document.querySelector('.Toastify') === null)).toBe(true)

      await submit(form).click()
      // The check is fetched on first use, so the messages come a moment after the click.
      await expect.poll(() => errorFor(form, 'First name')).toBe(MESSAGES.firstName)
      expect(await errorFor(form, 'Last name')).toBe(MESSAGES.lastName)
      expect(await errorFor(form, 'Email')).toBe(MESSAGES.email)
      expect(await errorFor(form, 'Subject')).toBe(MESSAGES.subject)
      expect(await errorFor(form, 'Message')).toBe(MESSAGES.message)
      expect(await form.locator('.field__error').count()).toBe(5)
      // Focus goes to the first field to fix.
      expect(await field(form, 'First name').evaluate((el) => el === document.activeElement)).toBe(true)

      await field(form, 'First name').fill('Jane')
      expect(await errorFor(form, 'First name')).toBeNull()
      expect(await errorFor(form, 'Last name')).toBe(MESSAGES.lastName) // the others stay until the next submit

      await fill(form, { lastName: 'Smith', email: 'jane@example', subject: 'belts', message: '123456789' })
      await submit(form).click()
      await expect.poll(() => errorFor(form, 'Email')).toBe(MESSAGES.email)
      expect(await errorFor(form, 'Message')).toBe(MESSAGES.message)
      expect(await errorFor(form, 'First name')).toBeNull()
      expect(await errorFor(form, 'Subject')).toBeNull()
      expect(await form.locator('.field__error').count()).toBe(2)
      expect(await field(form, 'Email').evaluate((el) => el === document.activeElement)).toBe(true)

      // White space only is empty.
      await fill(form, { firstName: '   ', email: 'jane@example.com', message: '          ' })
      await submit(form).click()
      await expect.poll(() => errorFor(form, 'First name')).toBe(MESSAGES.firstName)
      expect(await errorFor(form, 'Message')).toBe(MESSAGES.message)

      expect(posts).toBe(0) // nothing invalid left the browser
      expect(blocked).toEqual([])
      expect(errors).toEqual([])
      await context.close()
    },
  )

  it('keeps a message pasted longer than it may be, whole, and says how long it may be', async () => {
    const { context, form } = await openForm('/contact')
    const long = 'A pair of brogues resoled, please. '.repeat(150) // 5,250 characters
    await fill(form, { ...valid, message: long })
    await submit(form).click()
    await expect.poll(() => errorFor(form, 'Message')).toBe('Message must be at most 5000 characters long')
    expect((await field(form, 'Message').inputValue()).length).toBe(long.length)
    await context.close()
  })

  it("reads 'Sending...' and is disabled while sending, then shows the success toast and resets", async () => {
    const { page, context, form, errors } = await openForm('/contact', { viewport: 'phone' })
    const held = gate(page)
    await fill(form, valid)
    await submit(form).click()

    const button = submit(form)
    await page.waitForFunction(
      () => document.querySelector('#contact-form button[type=submit]')?.textContent === 'Sending...',
    )
    expect(await button.isDisabled()).toBe(true)
    expect(await valuesOf(form)).toEqual(valid) // nothing cleared while in flight
    await button.click({ force: true, timeout: 500 }).catch(() => {}) // a second click does nothing
    held.release()

    const toast = toasts(page)
    await toast.waitFor()
    expect(await toast.locator('.toast__title').innerText()).toBe('Message sent successfully!')
    expect(await toast.locator('.toast__description').innerText()).toBe(
      "Thank you for your enquiry. We'll get back to you soon.",
    )
    expect(await toast.getAttribute('role')).toBe('status') // announced politely
    expect(await page.locator('section.Toastify').getAttribute('aria-live')).toBe('polite')
    expect(await page.locator('section.Toastify').getAttribute('aria-label')).toBe('Notifications (F8)')
    // Shown for 5000 ms: react-toastify's timer is its progress bar's animation.
    expect(await toast.locator('[role=progressbar]').evaluate((el) => getComputedStyle(el).animationDuration)).toBe(
      '5s',
    )

    expect(await button.innerText()).toBe('Send Message')
    expect(await button.isDisabled()).toBe(false)
    expect(await valuesOf(form)).toEqual({ firstName: '', lastName: '', email: '', subject: '', message: '' })
    expect(held.count()).toBe(1)

    const saved = (await onDisk()).filter((m) => m.message === valid.message)
    expect(saved).toHaveLength(1)
    expect(saved[0]).toMatchObject(valid)

    // F8 moves focus to the notification area.
    await page.keyboard.press('F8')
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.Toastify__toast')))).toBe(true)
    expect(errors).toEqual([])
    await context.close()
  })

  it('shows the error toast with the error text when the server fails, and keeps what was typed', async () => {
    const { page, context, form } = await openForm('/contact')
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Something went wrong on our side. Please try again later.' }),
      }),
    )
    await fill(form, valid)
    await submit(form).click()
    const toast = toasts(page)
    await toast.waitFor()
    expect(await toast.locator('.toast__title').innerText()).toBe('Error sending message')
    expect(await toast.locator('.toast__description').innerText()).toBe(
      '500: Something went wrong on our side. Please try again later.',
    )
    expect(await toast.getAttribute('role')).toBe('alert') // announced at once
    // destructive style
    expect(await toast.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(155, 28, 28)')
    expect(await valuesOf(form)).toEqual(valid)
    expect(await submit(form).isDisabled()).toBe(false)

    // A body that is not our JSON is shown as it came: "<status>: <body>".
    await page.unroute('**/api/contact')
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 502, contentType: 'text/plain', body: 'Bad Gateway from the proxy' }),
    )
    await submit(form).click()
    await page.waitForFunction(
      () =>
        document.querySelector('.Toastify__toast .toast__description')?.textContent ===
        '502: Bad Gateway from the proxy',
    )

    // No answer at all (offline): the fallback sentence.
    await page.unroute('**/api/contact')
    await page.route('**/api/contact', (route) => route.abort('internetdisconnected'))
    await submit(form).click()
    await page.waitForFunction(
      () => document.querySelector('.Toastify__toast .toast__description')?.textContent === 'Please try again later.',
    )
    expect(await valuesOf(form)).toEqual(valid)
    expect(await toasts(page).count()).toBe(1)
    await context.close()
  })

  it('shows one toast at a time: a new one replaces the old', async () => {
    const { page, context, form } = await openForm('/contact')
    let fail = true
    await page.route('**/api/contact', (route) =>
      fail
        ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"Busy"}' })
        : route.continue(),
    )
    await fill(form, valid)
    await submit(form).click()
    await page.locator('.Toastify__toast--error').waitFor()

    // Count toasts on the page at every change from here on.
    await page.evaluate(() => {
      const w = window as unknown as { maxToasts: number }
      w.maxToasts = document.querySelectorAll('.Toastify__toast').length
      new MutationObserver(() => {
        w.maxToasts = Math.max(w.maxToasts, document.querySelectorAll('.Toastify__toast').length)
      }).observe(document.body, { childList: true, subtree: true })
    })
    fail = false
    await submit(form).click()
    await page.locator('.Toastify__toast--success').waitFor()
    await page.waitForFunction(() => document.querySelectorAll('.Toastify__toast').length === 1)
    expect(await toasts(page).locator('.toast__title').innerText()).toBe('Message sent successfully!')
    expect(await page.evaluate(() => (window as unknown as { maxToasts: number }).maxToasts)).toBe(1)
    await context.close()
  })

  it('dismisses a toast swiped right past 50 px, and keeps one swiped less', async () => {
    const { page, context, form } = await openForm('/contact')
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"x"}' }),
    )
    await fill(form, valid)
    await submit(form).click()
    const toast = toasts(page)
    await toast.waitFor()
    await animationsDone(toast) // slid in

    const swipe = async (dx: number) => {
      const box = (await toast.locator('.toast__title').boundingBox())!
      const x = box.x + 5
      const y = box.y + box.height / 2
      await page.mouse.move(x, y)
      await page.mouse.down()
      await page.mouse.move(x + dx / 2, y, { steps: 4 })
      await page.mouse.move(x + dx, y, { steps: 4 })
      await page.mouse.up()
    }
    await swipe(35)
    await animationsDone(toast) // sprung back, or on its way out
    expect(await toast.count()).toBe(1)
    expect(await toast.getAttribute('data-in')).toBe('true')

    await swipe(65)
    await page.waitForFunction(() => document.querySelectorAll('.Toastify__toast').length === 0)
    await context.close()
  })

  it(
    'fetches its checking code only once a visitor starts, and says so, ' + 'keeping what was typed, when that fails',
    async () => {
      const { page, context, form } = await openForm('/', { viewport: 'phone' })
      const chunks: string[] = []
      page.on('request', (r) => {
        if (r.resourceType() === 'script') chunks.push(r.url())
      })
      // The connection drops after the page has loaded: no more code can be fetched.
      await page.route('**/assets/**', (route) => route.abort('internetdisconnected'))
      let posts = 0
      page.on('request', (r) => void (r.url().endsWith('/api/contact') && posts++))
      await fill(form, valid)
      expect(chunks.length).toBeGreaterThan(0) // starting on the form asked for the code it needs
      await submit(form).click()
      const notice = form.locator('.contact-form__notice--error')
      await notice.waitFor()
      expect(await notice.getAttribute('role')).toBe('alert')
      expect(await notice.innerText()).toBe('Error sending message\n\nPlease try again later.')
      expect(await valuesOf(form)).toEqual(valid)
      expect(posts).toBe(0)

      // Back online: the next attempt fetches the code again and sends.
      await page.unroute('**/assets/**')
      await submit(form).click()
      await toasts(page).waitFor()
      expect(await toasts(page).locator('.toast__title').innerText()).toBe('Message sent successfully!')
      expect(posts).toBe(1)
      await context.close()
    },
  )

  it('works from the home page contact section too', async () => {
    const { page, context, form, errors } = await openForm('/', { viewport: 'phone' })
    expect(await form.count()).toBe(1)
    await fill(form, { ...valid, message: 'Sent from the home page form.' })
    await submit(form).click()
    await toasts(page).waitFor()
    expect(await toasts(page).locator('.toast__title').innerText()).toBe('Message sent successfully!')
    expect((await onDisk()).some((m) => m.message === 'Sent from the home page form.')).toBe(true)
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('the enquiry form without JavaScript', () => {
  it('posts, saves, and shows the server-rendered confirmation', async () => {
    const { page, context, form, blocked } = await openForm('/', { javaScriptEnabled: false })
    await fill(form, { ...valid, message: 'Posted without JavaScript.' })
    await submit(form).click()
    await page.waitForURL(/\/contact\/sent$/)
    expect(await page.locator('h1').innerText()).toBe('Message sent successfully!')
    expect(await page.getByText("Thank you for your enquiry. We'll get back to you soon.").count()).toBe(1)
    const saved = (await onDisk()).find((m) => m.message === 'Posted without JavaScript.')
    expect(saved).toMatchObject({ ...valid, message: 'Posted without JavaScript.' })

    // Reloading the confirmation sends nothing again (post/redirect/get).
    const count = (await onDisk()).length
    await page.reload()
    expect((await onDisk()).length).toBe(count)
    expect(blocked).toEqual([])
    await context.close()
  })

  it('shows the errors next to the fields with the values kept, and then accepts the corrected form', async () => {
    const { page, context, form } = await openForm('/contact', { javaScriptEnabled: false })
    const before = (await onDisk()).length
    await fill(form, {
      firstName: 'Jane',
      lastName: '',
      email: 'jane@nowhere',
      subject: 'custom',
      message: 'Too short',
    })
    await submit(form).click()
    await page.waitForURL(/\/contact\?form=[0-9a-f-]{36}#contact-form$/)
    expect(page.url()).not.toMatch(/Jane|nowhere|Too/)

    const again = page.locator('form#contact-form')
    expect(await again.getByRole('alert').innerText()).toBe('Please correct the highlighted fields.')
    expect(await errorFor(again, 'Last name')).toBe(MESSAGES.lastName)
    expect(await errorFor(again, 'Email')).toBe(MESSAGES.email)
    expect(await errorFor(again, 'Message')).toBe(MESSAGES.message)
    expect(await errorFor(again, 'First name')).toBeNull()
    expect(await errorFor(again, 'Subject')).toBeNull()
    expect(await valuesOf(again)).toEqual({
      firstName: 'Jane',
      lastName: '',
      email: 'jane@nowhere',
      subject: 'custom',
      message: 'Too short',
    })
    expect((await onDisk()).length).toBe(before)

    await fill(again, { lastName: 'Smith', email: 'jane@nowhere.example', message: 'Too short no longer.' })
    await submit(again).click()
    await page.waitForURL(/\/contact\/sent$/)
    expect((await onDisk()).length).toBe(before + 1)
    await context.close()
  })
})
