import * as v from 'valibot'
import type { Stored } from '../domain/stored.ts'

/** One try at e-mailing the owner about an enquiry, kept so the owner can see what happened. */
export const DeliveryAttemptSchema = v.object({
  at: v.string(),
  ok: v.boolean(),
  error: v.optional(v.string()),
})

/** `disabled`: no SMTP_URL was configured at save time. */
export const NotificationSchema = v.object({
  status: v.picklist(['pending', 'sent', 'disabled']),
  attempts: v.array(DeliveryAttemptSchema),
  nextAttemptAt: v.optional(v.nullable(v.string())),
  sentAt: v.optional(v.nullable(v.string())),
})

/** Loose, so the owner's own notes survive a rewrite; `likelySpam` is still saved and e-mailed. */
export const StoredEnquirySchema = v.looseObject({
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
export type StoredEnquiry = Stored<v.InferOutput<typeof StoredEnquirySchema>>
export type Notification = Stored<v.InferOutput<typeof NotificationSchema>>
