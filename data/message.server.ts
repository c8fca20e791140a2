import * as v from 'valibot'

/** One try at e-mailing the owner about an enquiry, kept so the owner can see what happened. */
export const DeliveryAttemptSchema = v.object({
  at: v.string(),
  ok: v.boolean(),
  error: v.optional(v.string()),
})

/**
 * The e-mail notification of a saved enquiry: `pending` until sent (retried with backoff),
 * `sent` once the SMTP server took it, `disabled` when no SMTP_URL was configured at save time.
 */
export const NotificationSchema = v.object({
  status: v.picklist(['pending', 'sent', 'disabled']),
  attempts: v.array(DeliveryAttemptSchema),
  nextAttemptAt: v.optional(v.nullable(v.string())),
  sentAt: v.optional(v.nullable(v.string())),
})

/**
 * A saved enquiry as it sits in the data file. Loose, so the owner's own notes survive a rewrite.
 * `archived: true` (set by the owner in the file, or by `npm run messages -- archive ID`) means
 * dealt with: it is no longer listed or e-mailed, and the owner may then delete it from the file.
 * `likelySpam` says in plain words why the spam rules suspect it; it is still saved and e-mailed.
 */
export const StoredMessageSchema = v.looseObject({
  id: v.string(),
  createdAt: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  subject: v.string(),
  message: v.string(),
  notification: NotificationSchema,
  archived: v.optional(v.boolean()),
  likelySpam: v.optional(v.string()),
})
export type StoredMessage = v.InferOutput<typeof StoredMessageSchema>
export type Notification = v.InferOutput<typeof NotificationSchema>
