// data/store.server.ts
import { randomUUID } from "node:crypto";
import { open as open3, stat as stat7, statfs, unlink as unlink3 } from "node:fs/promises";
import path9 from "node:path";

// data/data-file-writer.server.ts
import { stat as stat2 } from "node:fs/promises";
import path2 from "node:path";

// data/merge.server.ts
import { createHash } from "node:crypto";
var ABSENT = "-";
var PRESENT = "+";
var LISTS = ["products", "messages"];
function canonical(value) {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "undefined";
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  const obj = value;
  const keys = Object.keys(obj).filter((k) => obj[k] !== void 0).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(obj[k])}`).join(",")}}`;
}
function valueHash(value) {
  if (value === void 0) return ABSENT;
  return createHash("sha1").update(canonical(value)).digest("base64url");
}
function same(a, b) {
  if (a === b) return true;
  if (a === void 0 || b === void 0) return false;
  return JSON.stringify(a) === JSON.stringify(b) || canonical(a) === canonical(b);
}
var byIdCache = /* @__PURE__ */ new WeakMap();
function byId(items2) {
  let map = byIdCache.get(items2);
  if (!map) {
    map = new Map(items2.map((item) => [item.id, item]));
    byIdCache.set(items2, map);
  }
  return map;
}
var items = (data, list) => data[list];
var topKey = (key) => JSON.stringify(["@", key]);
var itemKey = (list, id) => JSON.stringify([list, id]);
var fieldKey = (list, id, field2) => JSON.stringify([list, id, field2]);
var ChangeLog = class {
  constructor(max = 2e4) {
    this.max = max;
  }
  max;
  byKey = /* @__PURE__ */ new Map();
  fifo = [];
  head = 0;
  add(version2, key, before, after) {
    const entry = { version: version2, key, before, after };
    const list = this.byKey.get(key);
    if (list) list.push(entry);
    else this.byKey.set(key, [entry]);
    this.fifo.push(entry);
    while (this.fifo.length - this.head > this.max) {
      const old = this.fifo[this.head++];
      const rest = this.byKey.get(old.key);
      rest.shift();
      if (rest.length === 0) this.byKey.delete(old.key);
    }
    if (this.head > this.max) {
      this.fifo = this.fifo.slice(this.head);
      this.head = 0;
    }
  }
  /** Records what one write of ours changed. Changes are immutable, so unchanged parts keep their objects. */
  record(version2, before, after) {
    if (before === after) return;
    const keys = /* @__PURE__ */ new Set([...Object.keys(before), ...Object.keys(after)]);
    for (const key of keys) {
      const b = before[key];
      const a = after[key];
      if (b === a) continue;
      if (LISTS.includes(key) && Array.isArray(a) && Array.isArray(b)) this.recordItems(version2, key, b, a);
      else this.add(version2, topKey(key), valueHash(b), valueHash(a));
    }
  }
  recordItems(version2, list, before, after) {
    const appended = appendedTo(before, after);
    if (appended) {
      for (const item of appended) this.add(version2, itemKey(list, item.id), ABSENT, PRESENT);
      return;
    }
    const old = byId(before);
    let matched = 0;
    for (const item of after) {
      const prev = old.get(item.id);
      if (prev) matched++;
      if (prev === item) continue;
      if (!prev) {
        this.add(version2, itemKey(list, item.id), ABSENT, PRESENT);
        continue;
      }
      for (const field2 of /* @__PURE__ */ new Set([...Object.keys(prev), ...Object.keys(item)])) {
        if (prev[field2] !== item[field2]) this.add(version2, fieldKey(list, item.id, field2), valueHash(prev[field2]), valueHash(item[field2]));
      }
    }
    if (matched < old.size) {
      const now2 = byId(after);
      for (const id of old.keys()) if (!now2.has(id)) this.add(version2, itemKey(list, id), PRESENT, ABSENT);
    }
  }
  /** The fingerprint a place had at `version`, or undefined if our writes have not changed it since. */
  valueAt(key, version2) {
    return this.byKey.get(key)?.find((e) => e.version > version2)?.before;
  }
  /** The newest of equals wins; `current` is our latest version. */
  baseOf(owners, current) {
    if (this.byKey.size === 0) return current;
    const candidates = [.../* @__PURE__ */ new Set([...this.fifo.slice(this.head).map((e) => e.version - 1), current])].sort((a, b) => a - b);
    const indexOf = (version2) => {
      let lo = 0;
      let hi = candidates.length;
      while (lo < hi) {
        const mid = lo + hi >> 1;
        if (candidates[mid] < version2) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    const score = new Array(candidates.length + 1).fill(0);
    const lookup = new OwnersLookup(owners);
    for (const [key, entries2] of this.byKey) {
      const theirs = lookup.hash(key);
      if (theirs === void 0) continue;
      let from = Number.NEGATIVE_INFINITY;
      for (let i = 0; i <= entries2.length; i++) {
        const until = i < entries2.length ? entries2[i].version : Number.POSITIVE_INFINITY;
        const value = i < entries2.length ? entries2[i].before : entries2[i - 1].after;
        if (value === theirs) {
          const start = from === Number.NEGATIVE_INFINITY ? 0 : indexOf(from);
          const end = until === Number.POSITIVE_INFINITY ? candidates.length : indexOf(until);
          score[start]++;
          score[end]--;
        }
        from = until;
      }
    }
    let best = candidates.length - 1;
    let bestScore = Number.NEGATIVE_INFINITY;
    let running = 0;
    for (let i = 0; i < candidates.length; i++) {
      running += score[i];
      if (running >= bestScore) {
        bestScore = running;
        best = i;
      }
    }
    return candidates[best];
  }
};
var OwnersLookup = class {
  constructor(data) {
    this.data = data;
  }
  data;
  maps = /* @__PURE__ */ new Map();
  item(list, id) {
    let map = this.maps.get(list);
    if (!map) {
      const arr = this.data[list];
      map = Array.isArray(arr) ? byId(arr) : /* @__PURE__ */ new Map();
      this.maps.set(list, map);
    }
    return map.get(id);
  }
  /** Undefined for a product their file lacks: a deletion in an editor says nothing of how old the copy is. */
  hash(key) {
    const parts = JSON.parse(key);
    if (parts[0] === "@") return valueHash(this.data[parts[1]]);
    const item = this.item(parts[0], parts[1]);
    if (!item && parts[0] === "products") return void 0;
    if (parts.length === 2) return item ? PRESENT : ABSENT;
    return valueHash(item?.[parts[2]]);
  }
};
var attempts = (m) => (m.notification?.attempts ?? []).length;
function mergeOwnersEdit(ours, owners, log, base, deleted = /* @__PURE__ */ new Set()) {
  const outcome = { data: owners, restored: [], removed: [], kept: [] };
  const changedSinceBase = (key, theirs) => {
    const then = log.valueAt(key, base);
    return then !== void 0 && then === valueHash(theirs);
  };
  const mergeValue = (key, mine, theirs, what) => {
    if (same(mine, theirs)) return mine;
    if (changedSinceBase(key, theirs)) {
      outcome.kept.push(what);
      return mine;
    }
    return theirs;
  };
  const mergeItem = (list, mine, theirs) => {
    if (mine === theirs || same(mine, theirs)) return mine;
    const out = {};
    let changed = false;
    for (const field2 of /* @__PURE__ */ new Set([...Object.keys(theirs), ...Object.keys(mine)])) {
      let value;
      if (list === "messages" && field2 === "notification" && !same(mine[field2], theirs[field2])) {
        value = attempts(mine) > attempts(theirs) ? mine[field2] : theirs[field2];
        if (value === mine[field2]) outcome.kept.push(`enquiry ${mine.id}: its e-mail notification`);
      } else {
        value = mergeValue(fieldKey(list, mine.id, field2), mine[field2], theirs[field2], `${list === "products" ? "product" : "enquiry"} ${mine.id}: ${field2}`);
      }
      if (value !== theirs[field2]) changed = true;
      if (value !== void 0) out[field2] = value;
    }
    return changed ? out : theirs;
  };
  const mergeList = (list) => {
    const mine = items(ours, list);
    const theirs = items(owners, list);
    const mineById = byId(mine);
    const theirsById = byId(theirs);
    let identical = mine.length === theirs.length;
    const merged = [];
    for (const t of theirs) {
      const m = mineById.get(t.id);
      if (!m && list === "messages" && deleted.has(t.id)) {
        outcome.removed.push(t);
        identical = false;
        continue;
      }
      const result = m ? mergeItem(list, m, t) : t;
      if (result !== mine[merged.length]) identical = false;
      merged.push(result);
    }
    const after = /* @__PURE__ */ new Map();
    let previous = null;
    for (const m of mine) {
      if (theirsById.has(m.id)) {
        previous = m.id;
        continue;
      }
      const keep = list === "messages" || log.valueAt(itemKey(list, m.id), base) === ABSENT;
      if (list === "messages") outcome.restored.push(m);
      else if (keep) outcome.kept.push(`product ${m.id}`);
      if (keep) {
        identical = false;
        const bucket = after.get(previous);
        if (bucket) bucket.push(m);
        else after.set(previous, [m]);
      }
    }
    if (identical) return mine;
    if (after.size === 0) return merged;
    const out = [...after.get(null) ?? []];
    for (const item of merged) {
      out.push(item);
      const bucket = after.get(item.id);
      if (bucket) out.push(...bucket);
    }
    return out;
  };
  const data = {};
  const theirsTop = owners;
  const mineTop = ours;
  for (const key of Object.keys(theirsTop)) {
    data[key] = LISTS.includes(key) ? mergeList(key) : mergeValue(topKey(key), mineTop[key], theirsTop[key], `the field "${key}"`);
  }
  for (const key of Object.keys(mineTop)) {
    if (key in data) continue;
    const value = mergeValue(topKey(key), mineTop[key], void 0, `the field "${key}"`);
    if (value !== void 0) data[key] = value;
  }
  outcome.data = data;
  return outcome;
}
function needsWriteBack(outcome) {
  return outcome.restored.length > 0 || outcome.removed.length > 0 || outcome.kept.length > 0;
}
function appendedTo(before, after) {
  if (after.length < before.length) return null;
  for (let i = 0; i < before.length; i++) if (before[i] !== after[i]) return null;
  return after.slice(before.length);
}
function diffItems(before, after) {
  if (before === after) return { upserted: [], removed: [] };
  const appended = appendedTo(before, after);
  if (appended) return { upserted: appended, removed: [] };
  const old = byId(before);
  const upserted = [];
  let matched = 0;
  for (const item of after) {
    const prev = old.get(item.id);
    if (prev) matched++;
    if (prev !== item) upserted.push(item);
  }
  const removed = [];
  if (matched < old.size) {
    const now2 = byId(after);
    for (const id of old.keys()) if (!now2.has(id)) removed.push(id);
  }
  return { upserted, removed };
}

// data/owner-edits.server.ts
import { readFile, stat } from "node:fs/promises";

// data/durable-write.server.ts
import { randomBytes } from "node:crypto";
import fs2 from "node:fs";
import path from "node:path";
import { promisify as promisify2 } from "node:util";

// data/fsync.server.ts
import fs from "node:fs";
import { promisify } from "node:util";
async function syncFolder(dir) {
  let fd;
  try {
    fd = await promisify(fs.open)(dir, "r");
    await promisify(fs.fsync)(fd);
  } catch {
  } finally {
    if (fd !== void 0) await promisify(fs.close)(fd).catch(() => {
    });
  }
}

// data/durable-write.server.ts
var PRIVATE_MODE = 384;
var PUBLIC_MODE = 438;
var byteLength = (bytes) => bytes.reduce((n, b) => n + b.length, 0);
function sameBytes(bytes, file) {
  if (byteLength(bytes) !== file.length) return false;
  let at = 0;
  for (const part of bytes) {
    if (!part.equals(file.subarray(at, at + part.length))) return false;
    at += part.length;
  }
  return true;
}
var temporaryFiles = 0;
async function writeDurably(file, bytes, { mode = PRIVATE_MODE, onWritten } = {}) {
  const parts = typeof bytes === "string" ? [Buffer.from(bytes, "utf8")] : Buffer.isBuffer(bytes) ? [bytes] : bytes;
  const tmp = `${file}.${process.pid}.${++temporaryFiles}.${randomBytes(4).toString("hex")}.tmp`;
  const fd = await promisify2(fs2.open)(tmp, "w", mode);
  try {
    try {
      const { bytesWritten: written } = await promisify2(fs2.writev)(fd, parts);
      if (written !== byteLength(parts)) throw new Error(`wrote ${written} of ${byteLength(parts)} bytes to ${tmp}`);
      await promisify2(fs2.fsync)(fd);
      onWritten?.((await promisify2(fs2.fstat)(fd, { bigint: true })).ino);
    } finally {
      await promisify2(fs2.close)(fd);
    }
    await promisify2(fs2.rename)(tmp, file);
  } catch (err) {
    await promisify2(fs2.unlink)(tmp).catch(() => {
    });
    throw err;
  }
  await syncFolder(path.dirname(file));
}

// data/check.server.ts
import { findNodeAtLocation, parse, parseTree, printParseErrorCode } from "jsonc-parser";
import * as v4 from "valibot";

// data/image-runs.server.ts
import * as v from "valibot";
var ImageRunSchema = v.looseObject({
  id: v.string(),
  startedAt: v.pipe(v.string(), v.isoTimestamp("must be a date and time such as 2025-01-14T10:32:00.000Z")),
  images: v.pipe(v.number(), v.integer(), v.minValue(0))
});

// domain/product.ts
import * as v2 from "valibot";

// domain/business.ts
var COMPANY = {
  brand: "Ashbourne Leather",
  /** The brand as shown in the header: the name followed by 'LTD'. */
  legalSuffix: "LTD",
  legalName: "Ashbourne Leather LTD",
  companyNumber: "14827365",
  registeredIn: "England and Wales",
  registeredOffice: {
    street: "Unit 4, Tannery Yard, 27 Bridge Street",
    locality: "Northampton",
    postcode: "NN1 1NF",
    country: "United Kingdom",
    countryCode: "GB"
  },
  emails: {
    enquiries: "hello@ashbourneleather.co.uk",
    orders: "orders@ashbourneleather.co.uk"
  },
  /** International format, digits only, as wa.me wants it. */
  whatsappNumber: "447700900123",
  whatsappDisplay: "+44 7700 900123",
  foundedYear: 1987
};
var REGISTERED_OFFICE_LINE = [
  COMPANY.registeredOffice.street,
  COMPANY.registeredOffice.locality,
  COMPANY.registeredOffice.postcode,
  COMPANY.registeredOffice.country
].join(", ");
var WHATSAPP_URL = `https://wa.me/${COMPANY.whatsappNumber}`;
var CATEGORIES = ["belts", "footwear", "bags"];
function isCategory(value) {
  return typeof value === "string" && CATEGORIES.includes(value);
}
var FOOTWEAR_SIZES = ["39", "40", "41", "42", "43", "44", "45"];
var CONTACT_SUBJECTS = [
  { value: "footwear", label: "Footwear Enquiry" },
  { value: "bags", label: "Bags Enquiry" },
  { value: "belts", label: "Belts Enquiry" },
  { value: "custom", label: "Custom Order" },
  { value: "general", label: "General Enquiry" }
];
function subjectLabel(value) {
  return CONTACT_SUBJECTS.find((s) => s.value === value)?.label ?? value;
}
var MESSAGE_MIN_LENGTH = 10;
var IMAGE_ANGLES = ["main", "45-degree", "side profile", "detail"];

// domain/availability.ts
var AVAILABILITIES = ["in-stock", "made-to-order", "sold-out"];
var AVAILABILITY_LABELS = {
  "in-stock": "In stock",
  "made-to-order": "Made to order",
  "sold-out": "Sold out"
};
function availabilityOf(product) {
  return product.availability ?? "in-stock";
}
function isSoldOut(product) {
  return availabilityOf(product) === "sold-out";
}
function availabilityText(product) {
  const availability = availabilityOf(product);
  if (availability === "made-to-order" && product.leadTime) return `Made to order: ready in ${product.leadTime}`;
  return AVAILABILITY_LABELS[availability];
}

// domain/payment-link.ts
var HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
function isPaymentLink(value) {
  if (!/^https:\/\//i.test(value) || /[\s\\]/.test(value)) return false;
  let url2;
  try {
    url2 = new URL(value);
  } catch {
    return false;
  }
  const labels = url2.hostname.split(".");
  return url2.protocol === "https:" && !url2.username && !url2.password && labels.length > 1 && labels.every((l) => HOST_LABEL.test(l)) && /^[a-z]/.test(labels.at(-1));
}

// domain/product.ts
var PRODUCT_STATUSES = ["published", "draft"];
var PRICE_PATTERN = /^£\d{1,3}(,\d{3})*\.\d{2}$/;
var paymentLinkCheck = (message) => v2.check(isPaymentLink, message);
var ProductSchema = v2.object({
  id: v2.pipe(v2.string(), v2.minLength(1)),
  name: v2.pipe(v2.string(), v2.minLength(1)),
  description: v2.string(),
  price: v2.pipe(v2.string(), v2.regex(PRICE_PATTERN, "price must be a display string such as \xA3185.00")),
  sku: v2.pipe(v2.string(), v2.minLength(1)),
  category: v2.picklist(CATEGORIES),
  /** Empty only on a draft whose photograph is not uploaded yet (publishedPhotoRule). */
  mainImage: v2.string(),
  paymentLink: v2.pipe(v2.string(), paymentLinkCheck("paymentLink must be a card payment page starting with https:// and a host name such as buy.stripe.com, without spaces or commas")),
  availability: v2.optional(v2.picklist(AVAILABILITIES)),
  /** How long a made-to-order product takes, in words ('3 weeks'); asked for when it is made to order. */
  leadTime: v2.optional(v2.pipe(v2.string(), v2.trim(), v2.minLength(1))),
  /** A draft is the owner's alone, never shown to visitors; published when absent, as in every older file. */
  status: v2.optional(v2.picklist(PRODUCT_STATUSES))
});
var leadTimeRule = v2.forward(
  v2.check((p) => p.availability !== "made-to-order" || Boolean(p.leadTime?.trim()), 'leadTime must say how long a made-to-order product takes, such as "3 weeks"'),
  ["leadTime"]
);
var publishedPhotoRule = v2.forward(
  v2.check((p) => p.status === "draft" || p.mainImage !== "", "mainImage must name the main photograph (only a draft may be without one)"),
  ["mainImage"]
);
function toPublicProduct(p) {
  const { id, name: name2, description, price, sku, category, mainImage, paymentLink } = p;
  return { id, name: name2, description, price, sku, category, mainImage, paymentLink };
}
function toShopProduct(p) {
  const shown = toPublicProduct(p);
  if (p.availability) shown.availability = p.availability;
  if (p.availability === "made-to-order" && p.leadTime) shown.leadTime = p.leadTime;
  return shown;
}

// data/message.server.ts
import * as v3 from "valibot";
var DeliveryAttemptSchema = v3.object({
  at: v3.string(),
  ok: v3.boolean(),
  error: v3.optional(v3.string())
});
var NotificationSchema = v3.object({
  status: v3.picklist(["pending", "sent", "disabled"]),
  attempts: v3.array(DeliveryAttemptSchema),
  nextAttemptAt: v3.optional(v3.nullable(v3.string())),
  sentAt: v3.optional(v3.nullable(v3.string()))
});
var StoredMessageSchema = v3.looseObject({
  id: v3.string(),
  createdAt: v3.string(),
  firstName: v3.string(),
  lastName: v3.string(),
  email: v3.string(),
  subject: v3.string(),
  message: v3.string(),
  notification: NotificationSchema,
  archived: v3.optional(v3.boolean()),
  likelySpam: v3.optional(v3.string())
});

// data/check.server.ts
var StoredProductSchema = v4.pipe(v4.looseObject(ProductSchema.entries), leadTimeRule, publishedPhotoRule);
var ReadableProductSchema = v4.pipe(v4.looseObject({ ...ProductSchema.entries, paymentLink: v4.string() }), leadTimeRule, publishedPhotoRule);
var UsableProductsSchema = v4.looseObject({ products: v4.array(StoredProductSchema) });
var DataSchema = v4.looseObject({
  products: v4.array(ReadableProductSchema),
  messages: v4.array(StoredMessageSchema),
  /** Image generation runs of the last 24 hours, counted against the daily limit; absent until the first run. */
  imageRuns: v4.optional(v4.array(ImageRunSchema))
});
var DatedFileSchema = v4.looseObject({ messages: v4.array(StoredMessageSchema) });
function lineColumn(text4, offset) {
  let line2 = 1;
  let lineStart = 0;
  const end = Math.min(Math.max(0, offset), text4.length);
  for (let i = text4.indexOf("\n"); i >= 0 && i < end; i = text4.indexOf("\n", i + 1)) {
    line2++;
    lineStart = i + 1;
  }
  return { line: line2, column: end - lineStart + 1 };
}
var SYNTAX = {
  InvalidSymbol: 'this is not valid JSON here (text, such as a price, must be inside double quotes: "\xA3185.00")',
  InvalidNumberFormat: "this number is not written as JSON allows",
  PropertyNameExpected: "a field name in double quotes was expected here (is there a comma too many just before it?)",
  ValueExpected: "a value is missing here",
  ColonExpected: "a colon (:) is missing after the field name",
  CommaExpected: "a comma is missing before this",
  CloseBraceExpected: "a closing } is missing",
  CloseBracketExpected: "a closing ] is missing",
  EndOfFileExpected: "there is more text after the end of the data",
  InvalidCommentToken: "comments are not allowed in the data file",
  UnexpectedEndOfComment: "comments are not allowed in the data file",
  UnexpectedEndOfString: "a text value is not closed: its closing double quote is missing",
  UnexpectedEndOfNumber: "a number is cut short",
  InvalidUnicode: "a \\u escape needs four hexadecimal digits",
  InvalidEscapeCharacter: "a backslash starts an escape JSON does not know (write \\\\ for a backslash)",
  InvalidCharacter: "a text value holds a line break or a control character (write \\n for a new line)"
};
function syntaxProblem(text4, label, parseError) {
  if (text4.trim() === "") return { message: `${label} is empty.` };
  const errors = [];
  parse(text4, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  const offset = first?.offset ?? Number(/at position (\d+)/.exec(parseError.message)?.[1] ?? text4.length);
  const { line: line2, column } = lineColumn(text4, offset);
  let what = first ? SYNTAX[printParseErrorCode(first.error)] ?? "this is not valid JSON" : parseError.message;
  const end = text4.trimEnd().length;
  const cutShort = offset >= end || errors.some((e) => e.offset + e.length >= end) || /end of JSON input|Unterminated string/.test(parseError.message);
  if (cutShort) what = `${what} (the file ends too early: is it only half saved?)`;
  return { message: `${label} is not valid JSON at line ${line2}, column ${column}: ${what}.`, line: line2, column };
}
var quote = (value) => {
  const s = JSON.stringify(value) ?? String(value);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
};
var TYPE_WORDS = {
  string: "text in double quotes",
  boolean: "true or false",
  array: "a list in [ ]",
  object: "an object in { }",
  loose_object: "an object in { }",
  number: "a number"
};
function plainIssue(issue) {
  const it = issue.input === void 0 ? "" : ` (it is ${quote(issue.input)})`;
  if (issue.kind === "schema" && issue.input === void 0) return "is missing";
  switch (issue.type) {
    case "picklist":
      return `must be one of ${issue.expected.replace(/^\(|\)$/g, "").replace(/ \| /g, ", ")}${it}`;
    case "regex":
      return `${issue.message.replace(/^\w+ must/, "must")}${it}`;
    case "min_length":
      return `must not be empty${it}`;
    case "check":
      return `${issue.message.replace(/^\w+ must/, "must")}${typeof issue.input === "string" ? it : ""}`;
    case "url":
      return `must be a full web address starting with https://${it}`;
    default:
      return `must be ${TYPE_WORDS[issue.type] ?? issue.expected ?? "something else"}${it}`;
  }
}
function productProblem(product) {
  const parsed = v4.safeParse(StoredProductSchema, product);
  if (parsed.success) return null;
  const issue = parsed.issues[0];
  const field2 = (issue.path ?? []).map((p) => String(p.key)).join(".");
  return `${field2 ? `field ${quote(field2)} ` : ""}${plainIssue(issue)}`;
}
function describeItem(data, list, index) {
  const item = data[list]?.[index];
  const noun = list === "products" ? "product" : "enquiry";
  const id = item && typeof item === "object" && typeof item.id === "string" && item.id ? ` (id ${quote(item.id)})` : "";
  return `${noun} ${index + 1}${id}`;
}
function schemaProblem(text4, label, raw, issue, shape) {
  const keys = (issue.path ?? []).map((p) => p.key);
  const tree = parseTree(text4);
  let node = void 0;
  for (let n = keys.length; n >= 0 && !node; n--) node = tree && findNodeAtLocation(tree, keys.slice(0, n));
  const where = node ? lineColumn(text4, node.offset) : void 0;
  const at = where ? `, line ${where.line}, column ${where.column}` : "";
  const [list, index, ...field2] = keys;
  let subject;
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) subject = "the whole file";
  else if (keys.length === 0) subject = "the whole file";
  else if ((list === "products" || list === "messages") && typeof index === "number") {
    subject = describeItem(raw, list, index);
    if (field2.length) subject += `, field ${quote(field2.join("."))}`;
  } else subject = `the field ${quote(keys.join("."))}`;
  const detail = subject === "the whole file" && keys.length === 0 ? `must be an object with ${shape}` : plainIssue(issue);
  return { message: `${label}: ${subject}${at} ${detail}.`, ...where };
}
function duplicateProblem(text4, label, data) {
  for (const list of ["products", "messages"]) {
    const seen = /* @__PURE__ */ new Map();
    const items2 = data[list] ?? [];
    for (let i = 0; i < items2.length; i++) {
      const first = seen.get(items2[i].id);
      if (first === void 0) {
        seen.set(items2[i].id, i);
        continue;
      }
      const tree = parseTree(text4);
      const node = tree && findNodeAtLocation(tree, [list, i, "id"]);
      const where = node ? lineColumn(text4, node.offset) : void 0;
      const noun = list === "products" ? "products" : "enquiries";
      return {
        message: `${label}: ${noun} ${first + 1} and ${i + 1} have the same id ${quote(items2[i].id)}${where ? ` (line ${where.line}, column ${where.column})` : ""}; each needs its own.`,
        ...where
      };
    }
  }
  return null;
}
function checkText(text4, label, schema, shape) {
  const body = text4.charCodeAt(0) === 65279 ? text4.slice(1) : text4;
  let raw;
  try {
    raw = JSON.parse(body);
  } catch (err) {
    return { ok: false, problem: syntaxProblem(body, label, err) };
  }
  const parsed = v4.safeParse(schema, raw);
  if (!parsed.success) return { ok: false, problem: schemaProblem(body, label, raw, parsed.issues[0], shape) };
  const duplicate = duplicateProblem(body, label, raw);
  return duplicate ? { ok: false, problem: duplicate } : { ok: true, data: raw };
}
function unusableValues(data, label, text4 = "") {
  const parsed = v4.safeParse(UsableProductsSchema, data);
  if (parsed.success) return [];
  return parsed.issues.map((issue) => {
    const [, index, field2] = (issue.path ?? []).map((p) => p.key);
    const product = data.products[index];
    return { ...schemaProblem(text4, label, data, issue, ""), productId: product.id, productName: product.name, field: String(field2) };
  });
}
function checkDataText(text4, label) {
  return checkText(text4, label, DataSchema, '"products" and "messages" lists');
}
function checkDatedText(text4, label) {
  return checkText(text4, label, DatedFileSchema, 'a "messages" list');
}

// data/owner-edits.server.ts
async function lookAtDisk(file, last) {
  let st;
  let bytes;
  try {
    st = await stat(file, { bigint: true });
    if (last && st.ino === last.ino && st.size === last.size && st.mtimeNs === last.mtimeNs) return { kind: "same" };
    bytes = await readFile(file);
  } catch (err) {
    return err.code === "ENOENT" ? { kind: "gone" } : { kind: "unreadable", err };
  }
  const seen = { ino: st.ino, size: st.size, mtimeNs: st.mtimeNs, bytes: [bytes] };
  if (last && sameBytes(last.bytes, bytes)) return { kind: "touched", seen };
  const checked = checkDataText(bytes.toString("utf8"), file);
  return checked.ok ? { kind: "edited", seen, data: checked.data } : { kind: "broken", seen, problem: checked.problem };
}
function reportUnusable(logger, file, data) {
  for (const unusable of unusableValues(data, file)) {
    logger.error(
      { dataFile: file, product: unusable.productId, field: unusable.field },
      `${unusable.message} The rest of the file is served; this product takes no order until the value is fixed.`
    );
  }
}
var enquiries = (n) => `${n} enquir${n === 1 ? "y" : "ies"}`;
var were = (n) => n === 1 ? "was" : "were";
function reportMerge(logger, file, outcome, previous) {
  const products = diffItems(previous.products, outcome.data.products);
  logger.info(
    { dataFile: file, productsChanged: products.upserted.length + products.removed.length, enquiriesRestored: outcome.restored.length },
    `Read the edit of ${file}: now serving it.`
  );
  const restored = outcome.restored.length;
  if (restored > 0) {
    logger.warn(
      { dataFile: file, enquiries: outcome.restored.map((m) => m.id) },
      `${enquiries(restored)} the site had saved ${were(restored)} missing from the edit of ${file} and ${were(restored)} put back. To mark one as dealt with, set "archived": true on it; to remove one for good, run npm run messages -- delete ID.`
    );
  }
  if (outcome.removed.length > 0) {
    logger.info(
      { dataFile: file, enquiries: outcome.removed.map((m) => m.id) },
      `The edit of ${file} held ${enquiries(outcome.removed.length)} deleted earlier with npm run messages -- delete; left out again.`
    );
  }
  reportUnusable(logger, file, outcome.data);
  if (outcome.kept.length > 0) {
    logger.info({ dataFile: file, kept: outcome.kept.slice(0, 20) }, `The edit of ${file} came from an older copy: the site's own later changes were kept on top of it.`);
  }
}

// data/data-file-writer.server.ts
var StoreWriteError = class extends Error {
  name = "StoreWriteError";
};
var ANSWERS_PER_TURN = 6;
var apply = (queue, data) => queue.reduce((d, p) => p.change(d), data);
function onlyMessagesChanged(data, next) {
  const a = data;
  const b = next;
  return [.../* @__PURE__ */ new Set([...Object.keys(a), ...Object.keys(b)])].every((k) => k === "messages" || a[k] === b[k]);
}
var DataFileWriter = class {
  constructor(parts, adopted) {
    this.parts = parts;
    this.adopted = adopted;
    this.committed = parts.db.data;
    this.state = parts.db.data;
  }
  parts;
  adopted;
  committed;
  state;
  queue = [];
  running = null;
  closed = false;
  wantsCheck = false;
  wantsWrite = false;
  journalBehind = false;
  version = 0;
  changes = new ChangeLog();
  issue = null;
  retry = null;
  productChanges = 0;
  /** Set while writes are held (a backup's copy): changes queue, and go in one write when released. */
  held = null;
  get current() {
    return this.state;
  }
  get problem() {
    return this.issue;
  }
  get productsVersion() {
    return this.productChanges;
  }
  update(change) {
    if (this.closed) return Promise.reject(new StoreWriteError("The store is closed."));
    this.setCurrent(change(this.current));
    return new Promise((resolve, reject) => {
      this.queue.push({ change, resolve, reject });
      this.kick();
    });
  }
  async checkNow() {
    this.wantsCheck = true;
    this.kick();
    await this.drain();
  }
  async drain() {
    while (this.running) await this.running;
  }
  /** Holds every write until the returned function is called, resolving once none is under way; changes made meanwhile wait in the queue. */
  async hold() {
    while (this.held) await this.held;
    let release;
    this.held = new Promise((resolve) => release = resolve);
    await this.drain();
    return () => {
      this.held = null;
      release();
      this.kick();
    };
  }
  async close() {
    if (this.retry) clearTimeout(this.retry);
    this.wantsCheck = false;
    while (this.held) await this.held;
    await this.drain();
    this.closed = true;
  }
  kick() {
    if (this.running || this.closed || this.held) return;
    this.running = this.loop().catch((err) => this.parts.logger.error({ dataFile: this.parts.file, err }, `Unexpected failure while saving ${this.parts.file}; will try again with the next change.`)).finally(() => {
      this.running = null;
      if (this.queue.length > 0 || this.wantsCheck) this.kick();
    });
  }
  async loop() {
    while (!this.held && (this.queue.length > 0 || this.wantsCheck || this.wantsWrite)) {
      this.wantsCheck = false;
      await this.syncFromDisk();
      if (this.queue.length === 0 && !this.wantsWrite) continue;
      const group = this.queue;
      this.queue = [];
      this.wantsWrite = false;
      await this.commit(group);
    }
  }
  async commit(group) {
    const { db, journal, deleted } = this.parts;
    let accepted = group;
    let snapshot = this.current;
    if (this.problem) {
      accepted = [];
      snapshot = this.committed;
      for (const p of group) {
        const next = p.change(snapshot);
        if (onlyMessagesChanged(snapshot, next)) {
          snapshot = next;
          accepted.push(p);
        } else p.reject(new StoreWriteError(`${this.problem.message} This change can be saved once the file is fixed.`));
      }
      if (accepted.length !== group.length) this.setCurrent(apply(this.queue, snapshot));
    }
    const { upserted, removed } = diffItems(this.committed.messages, snapshot.messages);
    const records = [...upserted.map((message) => ({ message })), ...removed.filter((id) => deleted.has(id)).map((id) => ({ removed: id }))];
    try {
      if (this.problem) await journal.append(records);
      else {
        db.data = snapshot;
        await db.write();
        await this.rememberWrite();
        await this.appendToJournal(records);
      }
    } catch (err) {
      const failed = new StoreWriteError(`Could not write ${this.problem ? journal.file : this.parts.file}: ${err.message}`);
      this.setCurrent(apply(this.queue, this.committed));
      for (const p of accepted) p.reject(failed);
      if (group.length === 0) this.retryWriteBack();
      return;
    }
    this.changes.record(++this.version, this.committed, snapshot);
    this.committed = snapshot;
    for (let i = 0; i < accepted.length; i += ANSWERS_PER_TURN) {
      if (i > 0) await new Promise((r) => setImmediate(r));
      for (const p of accepted.slice(i, i + ANSWERS_PER_TURN)) p.resolve();
    }
    if (this.journalBehind || removed.length > 0 || journal.wantsCompaction(snapshot.messages.length)) {
      await journal.rewrite(snapshot.messages, deleted).then(
        () => this.journalBehind = false,
        (err) => this.parts.logger.error({ journal: journal.file, err }, `Could not rewrite the enquiry journal ${journal.file}.`)
      );
    }
  }
  /** Notes in the journal an enquiry deleted outside the data file, so that no older copy brings it back. */
  async noteDeleted(id) {
    this.parts.deleted.add(id);
    await this.appendToJournal([{ removed: id }]);
  }
  async appendToJournal(records) {
    await this.parts.journal.append(records).catch((err) => {
      this.journalBehind = true;
      this.parts.logger.error({ journal: this.parts.journal.file, err }, `Could not add to the enquiry journal ${this.parts.journal.file}; it is rewritten at the next chance.`);
    });
  }
  setCurrent(next) {
    if (next.products !== this.state.products) this.productChanges++;
    this.state = next;
  }
  /** Writing back what an owner's edit lacked failed (disk full, read-only): try again in a while. */
  retryWriteBack() {
    if (this.retry || this.closed) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.wantsWrite = true;
      this.kick();
    }, 5e3);
    this.retry.unref();
  }
  /** Remembers the file we just wrote, unless someone replaced it straight after (then it is read at the next look). */
  async rememberWrite() {
    const written = this.parts.adapter.lastWrite;
    const st = await stat2(this.parts.file, { bigint: true }).catch(() => null);
    const ours = st && st.ino === written.ino && Number(st.size) === written.size;
    this.parts.disk = ours ? { ino: st.ino, size: st.size, mtimeNs: st.mtimeNs, bytes: written.bytes } : { ino: -1n, size: -1n, mtimeNs: -1n, bytes: written.bytes };
  }
  async syncFromDisk() {
    const { file, logger } = this.parts;
    const look = await lookAtDisk(file, this.parts.disk);
    switch (look.kind) {
      case "same":
        return;
      case "unreadable":
        logger.error({ dataFile: file, err: look.err }, `Cannot read the data file ${file}: ${look.err.message}`);
        return;
      case "gone":
        if (this.parts.disk) logger.warn({ dataFile: file }, `The data file ${file} was moved or deleted; it is written again from what the site holds.`);
        this.parts.disk = null;
        this.setProblem(null);
        this.wantsWrite = true;
        return;
      case "touched":
        this.parts.disk = look.seen;
        return;
      case "broken":
        this.parts.disk = look.seen;
        return this.setProblem(look.problem);
      case "edited":
        this.parts.disk = look.seen;
        return this.adopt(look.data);
    }
  }
  /** Takes in a valid edit of the owner's: merged with ours, served at once, and what it lacked written back. */
  async adopt(owners) {
    const base = this.changes.baseOf(owners, this.version);
    const outcome = mergeOwnersEdit(this.committed, owners, this.changes, base, this.parts.deleted);
    const previous = this.committed;
    this.committed = outcome.data;
    this.version++;
    this.setProblem(null);
    this.setCurrent(apply(this.queue, this.committed));
    if (needsWriteBack(outcome)) this.wantsWrite = true;
    reportMerge(this.parts.logger, this.parts.file, outcome, previous);
    const { upserted } = diffItems(previous.messages, outcome.data.messages);
    await this.appendToJournal(upserted.map((message) => ({ message })));
    this.adopted();
  }
  setProblem(problem) {
    const { file, logger, journal } = this.parts;
    if (problem === null) {
      if (this.problem) logger.info({ dataFile: file }, `${file} is valid again: the site serves it, with the enquiries received meanwhile.`);
      this.issue = null;
      return;
    }
    if (this.problem?.message === problem.message) return;
    this.issue = problem;
    logger.error(
      { dataFile: file, line: problem.line, column: problem.column },
      `${problem.message} The site keeps serving the last good version and keeps new enquiries in ${path2.basename(journal.file)} until the file is fixed; the file is left exactly as saved.`
    );
  }
};

// data/dated-file-reads.server.ts
import { stat as stat4 } from "node:fs/promises";
import { LRUCache } from "lru-cache";

// data/dated-files.server.ts
import { readdir, readFile as readFile3 } from "node:fs/promises";
import path4 from "node:path";

// data/atomic-json-file.server.ts
import { readFile as readFile2 } from "node:fs/promises";

// data/lock.server.ts
import { createHash as createHash2, randomBytes as randomBytes2 } from "node:crypto";
import fs3 from "node:fs";
import { link, realpath, rename, rm, stat as stat3, unlink } from "node:fs/promises";
import net from "node:net";
import path3 from "node:path";
var DataFileError = class extends Error {
  name = "DataFileError";
};
function lockFileFor(file) {
  return `${file}.lock`;
}
var MAX_SOCKET_PATH = 103;
var PROBE_TIMEOUT_MS = 3e3;
var REQUEST_TIMEOUT_MS = 3e4;
var MAX_REQUEST_BYTES = 64 * 1024;
function socketAddress(p) {
  if (Buffer.byteLength(p) <= MAX_SOCKET_PATH) return { address: p, done: () => {
  } };
  if (process.platform === "linux") {
    const fd = fs3.openSync(path3.dirname(p), "r");
    const address = `/proc/self/fd/${fd}/${path3.basename(p)}`;
    if (Buffer.byteLength(address) <= MAX_SOCKET_PATH) return { address, done: () => fs3.closeSync(fd) };
    fs3.closeSync(fd);
  }
  throw new DataFileError(`The lock ${p} needs a shorter path than this system allows for a socket; give DATA_FILE a shorter path.`);
}
var INSTANCE = randomBytes2(8).toString("hex");
function probe(p) {
  const { address, done } = socketAddress(p);
  return new Promise((resolve) => {
    const socket = net.connect(address);
    let greeting = "";
    const finish = (result) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(() => finish({ state: "alive", pid: null, self: false }), PROBE_TIMEOUT_MS);
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      greeting += chunk;
      const end = greeting.indexOf("\n");
      if (end >= 0) finish({ state: "alive", ...parseGreeting(greeting.slice(0, end)) });
    });
    socket.on("end", () => finish({ state: "alive", pid: null, self: false }));
    socket.on("error", (err) => {
      if (err.code === "ENOENT") finish({ state: "gone" });
      else if (err.code === "ECONNREFUSED" || err.code === "ENOTSOCK") finish({ state: "dead" });
      else finish({ state: "alive", pid: null, self: false });
    });
  }).finally(done);
}
function parseGreeting(line2) {
  try {
    const { pid, instance } = JSON.parse(line2);
    return { pid: typeof pid === "number" && Number.isInteger(pid) && pid > 0 ? pid : null, self: instance === INSTANCE };
  } catch {
    return { pid: null, self: false };
  }
}
function serveConnections(handle) {
  return net.createServer((socket) => {
    socket.setEncoding("utf8");
    socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy());
    socket.on("error", () => {
    });
    socket.write(`${JSON.stringify({ pid: process.pid, instance: INSTANCE })}
`);
    let buffer = "";
    socket.on("data", (chunk) => {
      buffer += chunk;
      if (buffer.length > MAX_REQUEST_BYTES) return socket.destroy();
      const end = buffer.indexOf("\n");
      if (end < 0) return;
      socket.pause();
      let request;
      try {
        request = JSON.parse(buffer.slice(0, end));
      } catch {
        return socket.end(`${JSON.stringify({ ok: false, error: "The request was not JSON." })}
`);
      }
      const answer = handle ? handle(request) : Promise.resolve({ ok: false, error: "This process takes no requests." });
      answer.then(
        (result) => socket.end(`${JSON.stringify(result)}
`),
        (err) => socket.end(`${JSON.stringify({ ok: false, error: err.message })}
`)
      );
    });
  });
}
var OWNER_ONLY = 384;
function withUmask(mask, fn) {
  let previous;
  try {
    previous = process.umask(mask);
  } catch {
  }
  try {
    return fn();
  } finally {
    if (previous !== void 0) process.umask(previous);
  }
}
function listen(server, p) {
  const { address, done } = socketAddress(p);
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    withUmask(
      511 & ~OWNER_ONLY,
      () => server.listen(address, () => {
        server.off("error", reject);
        fs3.promises.chmod(address, OWNER_ONLY).then(resolve, reject);
      })
    );
  }).finally(done);
}
async function removeLeftovers(lock) {
  const dir = path3.dirname(lock);
  const prefix = `.${path3.basename(lock)}.`;
  const names = await fs3.promises.readdir(dir).catch(() => []);
  for (const name2 of names) {
    if (!name2.startsWith(prefix) || !/^(new|stale)-[0-9a-f]{12}$/.test(name2.slice(prefix.length))) continue;
    const leftover = path3.join(dir, name2);
    if ((await probe(leftover).catch(() => null))?.state === "dead") await unlink(leftover).catch(() => {
    });
  }
}
var isCode = (err, ...codes) => codes.includes(err.code ?? "");
var TURN_WAIT_MS = 1e4;
async function takeTurn(lock) {
  if (process.platform !== "linux") return null;
  const where = path3.join(await realpath(path3.dirname(lock)), path3.basename(lock));
  const name2 = `\0leather-lock-turn-${createHash2("sha256").update(where).digest("hex").slice(0, 32)}`;
  const turn = net.createServer();
  turn.unref();
  try {
    await new Promise((resolve, reject) => {
      turn.once("error", reject);
      turn.listen(name2, resolve);
    });
  } catch (err) {
    if (isCode(err, "EADDRINUSE")) return "busy";
    return null;
  }
  return { release: () => new Promise((resolve) => turn.close(() => resolve())) };
}
async function acquireLock(file, handle) {
  const lock = lockFileFor(file);
  const dir = path3.dirname(lock);
  const fresh = (what) => path3.join(dir, `.${path3.basename(lock)}.${what}-${randomBytes2(6).toString("hex")}`);
  const server = serveConnections(handle);
  server.unref();
  const bound = fresh("new");
  try {
    await listen(server, bound);
  } catch (err) {
    throw new DataFileError(`Cannot create the lock ${lock}: ${err.message}`);
  }
  const ours = (await stat3(bound)).ino;
  const giveUp = async (err) => {
    await new Promise((resolve) => server.close(() => resolve()));
    await unlink(bound).catch(() => {
    });
    throw err;
  };
  const waitUntil = Date.now() + TURN_WAIT_MS;
  for (let attempt = 0; attempt < 10; attempt++) {
    try {
      await link(bound, lock);
      await unlink(bound).catch(() => {
      });
      await removeLeftovers(lock);
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          if ((await stat3(lock).catch(() => null))?.ino === ours) await unlink(lock).catch(() => {
          });
          await new Promise((resolve) => server.close(() => resolve()));
        }
      };
    } catch (err) {
      if (!isCode(err, "EEXIST")) return giveUp(new DataFileError(`Cannot create the lock ${lock}: ${err.message}`));
    }
    const found = await probe(lock);
    if (found.state === "alive") {
      const who = found.self ? "is already open in this process" : `is in use by another process${found.pid ? ` (pid ${found.pid})` : ""}`;
      return giveUp(new DataFileError(`The data file ${file} ${who}. Only one server may write it.`));
    }
    if (found.state === "gone") continue;
    const turn = await takeTurn(lock);
    if (turn === "busy") {
      if (Date.now() > waitUntil) return giveUp(new DataFileError(`Cannot take the lock ${lock}: another server is replacing it.`));
      attempt--;
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 20));
      continue;
    }
    if (turn) {
      try {
        if ((await probe(lock)).state === "dead") await rm(lock, { force: true });
      } catch (err) {
        return giveUp(new DataFileError(`Cannot replace the stale lock ${lock}: ${err.message}`));
      } finally {
        await turn.release();
      }
      continue;
    }
    const aside = fresh("stale");
    try {
      await rename(lock, aside);
    } catch (err) {
      if (isCode(err, "ENOENT")) continue;
      return giveUp(new DataFileError(`Cannot replace the stale lock ${lock}: ${err.message}`));
    }
    if ((await probe(aside)).state === "alive") await link(aside, lock).catch(() => {
    });
    await unlink(aside).catch(() => {
    });
  }
  return giveUp(new DataFileError(`Cannot take the lock ${lock}: other processes keep changing it.`));
}

// data/atomic-json-file.server.ts
var AtomicJSONFile = class {
  constructor(file) {
    this.file = file;
  }
  file;
  /** The bytes of the last write, their length, and the inode of the file it renamed into place. */
  lastWrite = null;
  async read() {
    let text4;
    try {
      text4 = await readFile2(this.file, "utf8");
    } catch (err) {
      if (err.code === "ENOENT") return null;
      throw new DataFileError(`Cannot read the data file ${this.file}: ${err.message}`);
    }
    const checked = checkDataText(text4, this.file);
    if (!checked.ok) throw new DataFileError(checked.problem.message);
    return checked.data;
  }
  async write(data) {
    const bytes = prettyParts(data);
    let ino = null;
    await writeDurably(this.file, bytes, { onWritten: (written) => ino = written });
    this.lastWrite = { bytes, size: byteLength(bytes), ino };
  }
};
var text = (s) => Buffer.from(s, "utf8");
var OPEN = text("{\n");
var CLOSE = text("\n}\n");
var COMMA = text(",\n");
var ARRAY_END = text("\n  ]");
var BLOCK = 64;
var itemBytes = /* @__PURE__ */ new WeakMap();
var blocks = /* @__PURE__ */ new WeakMap();
function deepFreeze(value) {
  if (Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) if (child !== null && typeof child === "object") deepFreeze(child);
}
function itemText(item) {
  if (item === null || typeof item !== "object") return text(`    ${JSON.stringify(item)}`);
  let bytes = itemBytes.get(item);
  if (bytes === void 0) {
    bytes = text("    " + JSON.stringify(item, null, 2).replace(/\n/g, "\n    "));
    deepFreeze(item);
    itemBytes.set(item, bytes);
  }
  return bytes;
}
var joined = (run) => run.flatMap((item, i) => i === 0 ? [itemText(item)] : [COMMA, itemText(item)]);
function elementParts(items2, parts) {
  for (let start = 0; start < items2.length; start += BLOCK) {
    if (start > 0) parts.push(COMMA);
    const run = items2.slice(start, start + BLOCK);
    const first = run[0];
    if (run.length < BLOCK || first === null || typeof first !== "object") {
      parts.push(...joined(run));
      continue;
    }
    let block = blocks.get(first);
    if (!block || block.items.some((item, i) => item !== run[i])) blocks.set(first, block = { items: run, bytes: Buffer.concat(joined(run)) });
    parts.push(block.bytes);
  }
}
var serializePretty = (data) => Buffer.concat(prettyParts(data));
function prettyParts(data) {
  if (data === null || typeof data !== "object" || Array.isArray(data)) return [text(JSON.stringify(data, null, 2) + "\n")];
  const entries2 = Object.entries(data).filter(([, value]) => value !== void 0);
  if (entries2.length === 0) return [text("{}\n")];
  const parts = [OPEN];
  entries2.forEach(([key, value], i) => {
    if (i > 0) parts.push(COMMA);
    if (!Array.isArray(value)) {
      parts.push(text(`  ${JSON.stringify(key)}: ${JSON.stringify(value, null, 2).replace(/\n/g, "\n  ")}`));
      return;
    }
    if (value.length === 0) {
      parts.push(text(`  ${JSON.stringify(key)}: []`));
      return;
    }
    parts.push(text(`  ${JSON.stringify(key)}: [
`));
    elementParts(value, parts);
    parts.push(ARRAY_END);
  });
  parts.push(CLOSE);
  return parts;
}

// data/dated-files.server.ts
var DAYS_IN_DATA_FILE = 30;
var DAY_MS = 24 * 60 * 60 * 1e3;
var DatedFileError = class extends Error {
  name = "DatedFileError";
};
var stemOf = (dataFile) => path4.basename(dataFile).replace(/\.json$/i, "");
function datedFileFor(dataFile, month) {
  return path4.join(path4.dirname(dataFile), `${stemOf(dataFile)}.enquiries-${month}.json`);
}
function monthOf(message) {
  const time = Date.parse(message.createdAt);
  return Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 7);
}
function dueToMove(messages, now2 = Date.now()) {
  const cutoff = now2 - DAYS_IN_DATA_FILE * DAY_MS;
  return messages.filter((m) => {
    const time = Date.parse(m.createdAt);
    return !Number.isNaN(time) && time < cutoff && m.notification.status !== "pending";
  });
}
async function listDatedFiles(dataFile) {
  const stem = stemOf(dataFile);
  const names = await readdir(path4.dirname(dataFile)).catch((err) => {
    if (err.code === "ENOENT") return [];
    throw err;
  });
  const found = [];
  for (const name2 of names) {
    if (!name2.startsWith(`${stem}.enquiries-`)) continue;
    const month = /^\.enquiries-(\d{4}-\d{2})\.json$/.exec(name2.slice(stem.length))?.[1];
    if (month) found.push({ month, file: path4.join(path4.dirname(dataFile), name2) });
  }
  return found.sort((a, b) => b.month.localeCompare(a.month));
}
async function readDatedFile(file, check6 = "each") {
  let text4;
  try {
    text4 = await readFile3(file, "utf8");
  } catch (err) {
    if (err.code === "ENOENT") return [];
    throw new DatedFileError(`Cannot read ${file}: ${err.message}`);
  }
  if (check6 === "shape") {
    const messages = parseQuietly(text4);
    if (messages) return messages.filter((m) => typeof m?.id === "string" && typeof m.createdAt === "string");
  }
  const checked = checkDatedText(text4, file);
  if (!checked.ok) throw new DatedFileError(checked.problem.message);
  return checked.data.messages;
}
function parseQuietly(text4) {
  try {
    const messages = JSON.parse(text4)?.messages;
    return Array.isArray(messages) ? messages : null;
  } catch {
    return null;
  }
}
async function writeDatedFile(file, messages) {
  const sorted = [...messages].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  await writeDurably(file, serializePretty({ messages: sorted }));
}
async function addToDatedFiles(dataFile, messages, unreadable) {
  const byMonth = /* @__PURE__ */ new Map();
  for (const m of messages) {
    const month = monthOf(m);
    if (!month) continue;
    const list = byMonth.get(month);
    if (list) list.push(m);
    else byMonth.set(month, [m]);
  }
  const placed = /* @__PURE__ */ new Set();
  for (const [month, incoming] of byMonth) {
    const file = datedFileFor(dataFile, month);
    let existing;
    try {
      existing = await readDatedFile(file);
    } catch (err) {
      if (!(err instanceof DatedFileError)) throw err;
      unreadable(err);
      continue;
    }
    const have = new Set(existing.map((m) => m.id));
    const added = incoming.filter((m) => !have.has(m.id));
    if (added.length > 0) await writeDatedFile(file, [...existing, ...added]);
    for (const m of incoming) placed.add(m.id);
  }
  return placed;
}

// data/dated-file-reads.server.ts
var MAX_MESSAGES = 2e4;
var IDLE_MS = 2 * 6e4;
async function stampOf(file) {
  try {
    const s = await stat4(file);
    return `${s.ino}:${s.size}:${s.mtimeMs}`;
  } catch (err) {
    return err.code === "ENOENT" ? null : void 0;
  }
}
var DatedFileReads = class {
  reads = new LRUCache({
    maxSize: MAX_MESSAGES,
    sizeCalculation: (r) => Math.max(1, r.messages.length),
    ttl: IDLE_MS,
    updateAgeOnGet: true,
    ttlAutopurge: true
  });
  passing = /* @__PURE__ */ new Map();
  async read(file) {
    const stamp = await stampOf(file);
    if (stamp === null) return [];
    if (stamp === void 0) return readDatedFile(file, "shape");
    const kept = this.reads.get(file);
    if (kept?.stamp === stamp) return kept.messages;
    const messages = await readDatedFile(file, "shape");
    this.reads.set(file, { stamp, messages });
    return messages;
  }
  /** The ids of the file's enquiries that pass `test`, named `name` (one test per name). */
  async idsPassing(file, name2, test) {
    const stamp = await stampOf(file);
    if (stamp === null) return [];
    const key = `${name2}\0${file}`;
    const kept = this.passing.get(key);
    if (stamp !== void 0 && kept?.stamp === stamp) return kept.ids;
    const ids = (await this.read(file)).filter(test).map((m) => m.id);
    if (stamp !== void 0) this.passing.set(key, { stamp, ids });
    return ids;
  }
  /** After a write of ours: the next read looks again whatever the clock's resolution. */
  forget(file) {
    this.reads.delete(file);
    for (const key of this.passing.keys()) if (key.endsWith(`\0${file}`)) this.passing.delete(key);
  }
  forgetAll() {
    this.reads.clear();
    this.passing.clear();
  }
};

// data/dated-enquiries.server.ts
var DatedEnquiries = class {
  constructor(dataFile, logger) {
    this.dataFile = dataFile;
    this.logger = logger;
  }
  dataFile;
  logger;
  tail = Promise.resolve();
  reads = new DatedFileReads();
  serial(work) {
    const run = this.tail.then(work, work);
    this.tail = run.catch(() => {
    });
    return run;
  }
  /** Adds enquiries to their months' files; resolves to the ids kept there. */
  add(messages) {
    const unreadable = (err) => this.logger.error({ dataFile: this.dataFile, err }, `${err.message} The enquiries of its month stay in the data file until it is fixed.`);
    return this.serial(() => addToDatedFiles(this.dataFile, messages, unreadable).finally(() => this.reads.forgetAll()));
  }
  /** Every enquiry in the dated files, newest month first; a file that cannot be read is logged and left out. */
  async all() {
    const all = [];
    for (const { file } of await listDatedFiles(this.dataFile)) {
      try {
        all.push(...await this.reads.read(file));
      } catch (err) {
        this.logger.error({ file, err }, `${err.message} Its enquiries are left out until it is fixed.`);
      }
    }
    return all;
  }
  /** The ids, in every dated file, of the enquiries passing `test` (named `name`: kept per file until it changes). */
  async idsPassing(name2, test) {
    const ids = [];
    for (const { file } of await listDatedFiles(this.dataFile)) {
      try {
        ids.push(...await this.reads.idsPassing(file, name2, test));
      } catch {
      }
    }
    return ids;
  }
  async find(id) {
    return (await this.locate(id, null, "shape"))?.message;
  }
  /** `month` ("2024-03"), when known, limits the search to that month's file. */
  async locate(id, month, check6 = "each") {
    const files = month ? [{ month, file: datedFileFor(this.dataFile, month) }] : await listDatedFiles(this.dataFile);
    for (const { file } of files) {
      let messages;
      try {
        messages = check6 === "shape" ? [...await this.reads.read(file)] : await readDatedFile(file, check6);
      } catch {
        continue;
      }
      const message = messages.find((m) => m.id === id);
      if (message) return { file, message, messages };
    }
    return void 0;
  }
  /** `change` returning null removes it; resolves to what was there before, or undefined. */
  change(id, change, month) {
    return this.serial(async () => {
      const found = await this.locate(id, month);
      if (!found) return void 0;
      const next = change(found.message);
      await writeDatedFile(
        found.file,
        found.messages.flatMap((m) => m.id !== id ? [m] : next ? [next] : [])
      ).finally(() => this.reads.forget(found.file));
      return found.message;
    });
  }
};

// data/file-watch.server.ts
import fs4 from "node:fs";
import path5 from "node:path";
var DEBOUNCE_MS = 150;
var POLL_MS = 2e3;
function watchFile(file, changed, logger) {
  const dir = path5.dirname(file);
  const name2 = path5.basename(file);
  let debounce = null;
  const soon = () => {
    if (debounce) clearTimeout(debounce);
    debounce = setTimeout(() => {
      debounce = null;
      changed();
    }, DEBOUNCE_MS);
    debounce.unref();
  };
  let watcher = null;
  try {
    watcher = fs4.watch(dir, { persistent: false }, (_event, what) => {
      if (!what || what.toString() === name2) soon();
    });
    watcher.on("error", (err) => {
      logger.warn({ dataFile: file, err }, `Stopped watching ${dir}; edits are still seen within ${POLL_MS / 1e3} s.`);
      watcher?.close();
      watcher = null;
    });
  } catch (err) {
    logger.warn({ dataFile: file, err }, `Cannot watch ${dir}; edits are seen within ${POLL_MS / 1e3} s.`);
  }
  const poll = setInterval(soon, POLL_MS);
  poll.unref();
  return () => {
    watcher?.close();
    clearInterval(poll);
    if (debounce) clearTimeout(debounce);
  };
}

// data/open-data-file.server.ts
import { mkdir, readFile as readFile6, stat as stat6 } from "node:fs/promises";
import path8 from "node:path";
import { Low } from "lowdb";

// data/journal.server.ts
import fs5 from "node:fs";
import { open, readFile as readFile4 } from "node:fs/promises";
import path6 from "node:path";
import * as v5 from "valibot";
function journalFileFor(file) {
  return `${file}.journal`;
}
var messageLines = /* @__PURE__ */ new WeakMap();
function line(record) {
  if (!("message" in record)) return `${JSON.stringify(record)}
`;
  let text4 = messageLines.get(record.message);
  if (text4 === void 0) messageLines.set(record.message, text4 = `${JSON.stringify(record)}
`);
  return text4;
}
var Journal = class {
  constructor(file) {
    this.file = file;
  }
  file;
  /** Lines appended since the journal was last rewritten. */
  appended = 0;
  /** Appends records and flushes them to disk; resolves once they are there. */
  async append(records) {
    if (records.length === 0) return;
    const fh = await open(this.file, "a", PRIVATE_MODE);
    try {
      const created = (await fh.stat()).size === 0;
      await fh.writeFile(records.map(line).join(""));
      await fh.sync();
      if (created) await syncFolder(path6.dirname(this.file));
    } finally {
      await fh.close();
    }
    this.appended += records.length;
  }
  /** Whether it has grown enough to be worth rewriting for `messages` enquiries. */
  wantsCompaction(messages) {
    return this.appended > Math.max(1e3, messages);
  }
  /** Replaces the journal by one line per enquiry and per deletion (atomically: a crash leaves the old one or the new one). */
  async rewrite(messages, deleted) {
    const lines = [...[...deleted].map((removed) => line({ removed })), ...messages.map((message) => line({ message }))];
    await writeDurably(this.file, lines.join(""));
    this.appended = 0;
  }
  async read() {
    let text4;
    try {
      text4 = await readFile4(this.file, "utf8");
    } catch (err) {
      if (err.code === "ENOENT") return { messages: [], deleted: [], damaged: 0, lines: 0 };
      throw err;
    }
    const latest = /* @__PURE__ */ new Map();
    const deleted = /* @__PURE__ */ new Set();
    const lines = text4.split("\n");
    let damaged = 0;
    lines.forEach((raw, i) => {
      if (raw.trim() === "") return;
      const last = i === lines.length - 1;
      try {
        const record = JSON.parse(raw);
        if (typeof record.removed === "string") {
          latest.delete(record.removed);
          deleted.add(record.removed);
          return;
        }
        const message = v5.parse(StoredMessageSchema, record.message);
        deleted.delete(message.id);
        latest.set(message.id, record.message);
      } catch {
        if (!last) damaged++;
      }
    });
    return { messages: [...latest.values()], deleted: [...deleted], damaged, lines: lines.length };
  }
  /** Keeps a copy of a journal with unreadable lines for the owner to look at, before it is rewritten. */
  async setAside() {
    const copy = `${this.file}.damaged-${(/* @__PURE__ */ new Date()).toISOString().replace(/[:.]/g, "-")}`;
    await fs5.promises.copyFile(this.file, copy);
    await fs5.promises.chmod(copy, PRIVATE_MODE);
    return copy;
  }
};

// data/move-at-start.server.ts
import { copyFile, open as open2, readFile as readFile5, rename as rename2, stat as stat5, unlink as unlink2 } from "node:fs/promises";
import path7 from "node:path";
function copyBeforeMoveFor(file) {
  return `${file}.before-move`;
}
async function copyDurably(from, to) {
  const tmp = `${to}.${process.pid}.tmp`;
  await copyFile(from, tmp);
  const fh = await open2(tmp, "r+");
  try {
    await fh.chmod(PRIVATE_MODE);
    await fh.sync();
  } finally {
    await fh.close();
  }
  await rename2(tmp, to);
  await syncFolder(path7.dirname(to));
}
async function moveOlderAtStart(file, data, deleted, exists, logger) {
  const due = dueToMove(data.messages).filter((m) => !deleted.has(m.id));
  if (due.length === 0) return { data, before: null };
  const copy = copyBeforeMoveFor(file);
  if (exists && !await stat5(copy).then(() => true, () => false)) await copyDurably(file, copy);
  const moved2 = await addToDatedFiles(file, due, (err) => logger.error({ dataFile: file, err }, `${err.message} The enquiries of its month stay in the data file until it is fixed.`));
  return { data: { ...data, messages: data.messages.filter((m) => !moved2.has(m.id)) }, before: new Set(data.messages.map((m) => m.id)) };
}
async function idsOfCopy(copy) {
  try {
    return new Set(JSON.parse(await readFile5(copy, "utf8")).messages.map((m) => m.id));
  } catch (err) {
    if (err.code === "ENOENT") return null;
    throw err;
  }
}
async function checkAgainstCopy(file, data, deleted, before, logger) {
  const copy = copyBeforeMoveFor(file);
  const unaccounted = await stat5(copy).then(() => true, () => false) ? before ?? await idsOfCopy(copy) : null;
  if (!unaccounted) return [];
  const total = unaccounted.size;
  for (const m of data.messages) unaccounted.delete(m.id);
  for (const id of deleted) unaccounted.delete(id);
  for (const { file: dated } of await listDatedFiles(file)) {
    if (unaccounted.size === 0) break;
    for (const m of await readDatedFile(dated, "shape")) unaccounted.delete(m.id);
  }
  if (unaccounted.size === 0) {
    await unlink2(copy);
    logger.info({ dataFile: file, moved: total - data.messages.length }, `Enquiries older than the data file keeps are now in dated files beside ${path7.basename(file)}; the copy made before the move was checked and removed.`);
    return [];
  }
  logger.error({ dataFile: file, copy, missing: [...unaccounted] }, `${unaccounted.size} enquiries of ${copy} were found nowhere after the move; they are put back in the data file, and the copy is kept.`);
  return JSON.parse(await readFile5(copy, "utf8")).messages.filter((m) => unaccounted.has(m.id));
}

// data/open-data-file.server.ts
async function readAtStart(file, seed) {
  let bytes;
  try {
    bytes = await readFile6(file);
  } catch (err) {
    if (err.code !== "ENOENT") throw new DataFileError(`Cannot read the data file ${file}: ${err.message}`);
    return { data: { products: structuredClone(seed), messages: [] }, bytes: null };
  }
  const checked = checkDataText(bytes.toString("utf8"), file);
  if (!checked.ok) throw new DataFileError(`${checked.problem.message} It was left as it is; fix it (npm run check-data shows what is wrong), then start again.`);
  return { data: checked.data, bytes };
}
async function recoverFromJournal(journal, file, data, logger) {
  const saved = await journal.read().catch((err) => {
    throw new DataFileError(`Cannot read the enquiry journal ${journal.file}: ${err.message}`);
  });
  if (saved.damaged > 0) {
    const copy = await journal.setAside();
    logger.error({ journal: journal.file, copy }, `${saved.damaged} line(s) of ${journal.file} could not be read; a copy was kept as ${copy}.`);
  }
  const deleted = new Set(saved.deleted);
  if (saved.messages.length === 0 && deleted.size === 0) return { data, deleted, changed: false };
  const outcome = mergeOwnersEdit({ ...data, messages: saved.messages }, data, new ChangeLog(), 0, deleted);
  if (outcome.restored.length > 0) {
    logger.warn({ dataFile: file, enquiries: outcome.restored.map((m) => m.id) }, `${outcome.restored.length} enquiries from ${journal.file} were missing from ${file} and were put back.`);
  }
  return needsWriteBack(outcome) ? { data: outcome.data, deleted, changed: true } : { data, deleted, changed: false };
}
async function readRecoverAndMove(file, seed, journal, logger) {
  const read = await readAtStart(file, seed);
  const recovered = await recoverFromJournal(journal, file, read.data, logger);
  const moved2 = await moveOlderAtStart(file, recovered.data, recovered.deleted, read.bytes !== null, logger);
  const write = read.bytes === null || recovered.changed || moved2.before !== null;
  return { data: moved2.data, deleted: recovered.deleted, before: moved2.before, write, bytes: write ? null : read.bytes };
}
async function openDataFile(file, seed, logger, handle) {
  await mkdir(path8.dirname(file), { recursive: true });
  const lock = await acquireLock(file, handle);
  try {
    const adapter = new AtomicJSONFile(file);
    const journal = new Journal(journalFileFor(file));
    const db = new Low(adapter, { products: [], messages: [] });
    try {
      const start = await readRecoverAndMove(file, seed, journal, logger);
      const { deleted, before } = start;
      reportUnusable(logger, file, start.data);
      let { data, write } = start;
      db.data = data;
      if (write) await db.write();
      const missing = await checkAgainstCopy(file, data, deleted, before, logger);
      if (missing.length > 0) {
        data = { ...data, messages: [...data.messages, ...missing] };
        db.data = data;
        await db.write();
        write = true;
      }
      await journal.rewrite(data.messages, deleted);
      const st = await stat6(file, { bigint: true });
      const disk = { ino: st.ino, size: st.size, mtimeNs: st.mtimeNs, bytes: write ? adapter.lastWrite.bytes : [start.bytes] };
      if (!write) serializePretty(data);
      return { parts: { db, adapter, journal, file, logger, disk, deleted }, lock };
    } catch (err) {
      if (err instanceof DataFileError) throw err;
      throw new DataFileError(`Cannot write the data file ${file}, its journal or its dated files: ${err.message}`);
    }
  } catch (err) {
    await lock.release();
    throw err;
  }
}

// data/seed/products.ts
var pay = (code) => `https://buy.stripe.com/${code}`;
var img = (slug) => `/images/seed/${slug}.svg`;
var seedProducts = [
  {
    id: "oxford-brogue",
    name: "Oxford Brogue",
    description: "Full-grain calf Oxford with hand-punched wingtip broguing, Goodyear-welted leather sole and a burnished chestnut finish that deepens with wear.",
    price: "\xA3185.00",
    sku: "FW-OXB-001",
    category: "footwear",
    mainImage: img("oxford-brogue"),
    paymentLink: pay("ash_oxford_brogue")
  },
  {
    id: "chelsea-boot",
    name: "Chelsea Boot",
    description: "Suede-lined Chelsea boot in dark brown waxed calf, with elasticated side gussets, a pull tab and a Dainite rubber sole for British weather.",
    price: "\xA3210.00",
    sku: "FW-CHB-002",
    category: "footwear",
    mainImage: img("chelsea-boot"),
    paymentLink: pay("ash_chelsea_boot")
  },
  {
    id: "penny-loafer",
    name: "Penny Loafer",
    description: "Hand-sewn apron-front loafer in cognac calf with a classic penny strap, leather-lined throughout and finished on a slim stacked heel.",
    price: "\xA3165.00",
    sku: "FW-PNL-003",
    category: "footwear",
    mainImage: img("penny-loafer"),
    paymentLink: pay("ash_penny_loafer")
  },
  {
    id: "derby-shoe",
    name: "Plain Derby",
    description: "An open-laced Derby in black box calf, cut from a single piece above the vamp and welted by hand for a shoe that can be resoled for decades.",
    price: "\xA3175.00",
    sku: "FW-DRB-004",
    category: "footwear",
    mainImage: img("derby-shoe"),
    paymentLink: pay("ash_plain_derby")
  },
  {
    id: "monk-strap",
    name: "Double Monk Strap",
    description: "Double monk in tobacco suede with antiqued brass buckles, a chiselled toe and a closed-channel leather sole stitched in Northampton.",
    price: "\xA3195.00",
    sku: "FW-DMS-005",
    category: "footwear",
    mainImage: img("monk-strap"),
    paymentLink: pay("ash_double_monk")
  },
  {
    id: "chukka-boot",
    name: "Desert Chukka",
    description: "Two-eyelet chukka in sand nubuck on a natural crepe sole: soft, light and unlined for comfort from the first wear.",
    price: "\xA3145.00",
    sku: "FW-DCK-006",
    category: "footwear",
    mainImage: img("chukka-boot"),
    paymentLink: pay("ash_desert_chukka")
  },
  {
    id: "weekender-holdall",
    name: "Weekender Holdall",
    description: "A roomy travel holdall in vegetable-tanned bridle leather with solid brass fittings, a cotton drill lining and a detachable shoulder strap.",
    price: "\xA3395.00",
    sku: "BG-WKH-001",
    category: "bags",
    mainImage: img("weekender-holdall"),
    paymentLink: pay("ash_weekender")
  },
  {
    id: "briefcase",
    name: "Heritage Briefcase",
    description: "Two-gusset briefcase in hand-stitched saddle leather, with a padded laptop sleeve, a lockable brass clasp and a rolled leather handle.",
    price: "\xA3345.00",
    sku: "BG-HBC-002",
    category: "bags",
    mainImage: img("briefcase"),
    paymentLink: pay("ash_briefcase")
  },
  {
    id: "messenger-bag",
    name: "Satchel Messenger",
    description: "A Cambridge-style satchel with twin buckle straps and an adjustable shoulder strap, cut from oak-bark tanned leather that ages to a rich patina.",
    price: "\xA3225.00",
    sku: "BG-SMS-003",
    category: "bags",
    mainImage: img("messenger-bag"),
    paymentLink: pay("ash_satchel")
  },
  {
    id: "tote-bag",
    name: "Market Tote",
    description: "An unstructured tote in soft pebble-grain leather with an inner zip pocket and reinforced handles made to carry a full day.",
    price: "\xA3195.00",
    sku: "BG-MKT-004",
    category: "bags",
    mainImage: img("tote-bag"),
    paymentLink: pay("ash_market_tote")
  },
  {
    id: "dress-belt",
    name: "Classic Dress Belt",
    description: "A 30 mm dress belt in polished dark brown calf with a solid brass roller buckle, edges bevelled, stained and burnished by hand.",
    price: "\xA365.00",
    sku: "BT-CDB-001",
    category: "belts",
    mainImage: img("dress-belt"),
    paymentLink: pay("ash_dress_belt")
  },
  {
    id: "bridle-belt",
    name: "Bridle Leather Belt",
    description: "A 35 mm belt cut from English bridle leather, saddle-stitched at the keeper, with a nickel-free stainless buckle for everyday wear.",
    price: "\xA375.00",
    sku: "BT-BRB-002",
    category: "belts",
    mainImage: img("bridle-belt"),
    paymentLink: pay("ash_bridle_belt")
  },
  {
    id: "braided-belt",
    name: "Braided Belt",
    description: "Hand-plaited strips of tan calf on a leather-capped base, so it fastens at any hole and gives a little with you through the day.",
    price: "\xA370.00",
    sku: "BT-BRD-003",
    category: "belts",
    mainImage: img("braided-belt"),
    paymentLink: pay("ash_braided_belt")
  },
  {
    id: "reversible-belt",
    name: "Reversible Belt",
    description: "Black on one side and brown on the other, with a swivel buckle that turns in a moment: one belt for a whole wardrobe.",
    price: "\xA385.00",
    sku: "BT-RVB-004",
    category: "belts",
    mainImage: img("reversible-belt"),
    paymentLink: pay("ash_reversible_belt")
  }
];

// data/store.server.ts
var UnknownMessageError = class extends Error {
  name = "UnknownMessageError";
};
var silent = { info() {
}, warn() {
}, error() {
} };
var MOVE_EVERY_MS = 60 * 60 * 1e3;
function newestFirst(messages) {
  const times = new Map(messages.map((m) => [m, Date.parse(m.createdAt) || 0]));
  return messages.sort((a, b) => times.get(b) - times.get(a));
}
var markArchived = (archived) => (m) => {
  if (archived) return { ...m, archived: true };
  const { archived: _, ...rest } = m;
  return rest;
};
var Store = class {
  constructor(parts, lock, watch) {
    this.parts = parts;
    this.lock = lock;
    this.writer = new DataFileWriter(parts, () => this.adopted());
    this.dated = new DatedEnquiries(parts.file, parts.logger);
    if (watch) this.stopWatching = watchFile(parts.file, () => void this.writer.checkNow(), parts.logger);
    const mover = setInterval(() => void this.moveOlder(), MOVE_EVERY_MS);
    mover.unref();
    this.timers.push(mover);
  }
  parts;
  lock;
  writer;
  dated;
  listeners = /* @__PURE__ */ new Set();
  timers = [];
  stopWatching = () => {
  };
  moving = null;
  /** Set during a backup's copy: nothing the store writes changes meanwhile. */
  paused = null;
  answerers = /* @__PURE__ */ new Map();
  probes = 0;
  get file() {
    return this.parts.file;
  }
  get data() {
    return this.writer.current;
  }
  get products() {
    return this.writer.current.products;
  }
  /** The enquiries in the data file: those of the last DAYS_IN_DATA_FILE days, and any still to be e-mailed. */
  get messages() {
    return this.writer.current.messages;
  }
  /** What is wrong with the owner's file while it has an error (the site serves the last good version), else null. */
  get problem() {
    return this.writer.problem;
  }
  /** Goes up whenever the products change, so rendered pages know to re-render. */
  get productsVersion() {
    return this.writer.productsVersion;
  }
  /** Called after an owner's edit has been taken in (the outbox looks for new work). Returns an unsubscribe. */
  onChange(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  /** Applies a change to the data file and resolves once it is on disk; rejects with StoreWriteError if it could not be written. */
  update(change) {
    return this.writer.update(change);
  }
  async addMessage(fields2) {
    const message = { id: randomUUID(), createdAt: (/* @__PURE__ */ new Date()).toISOString(), ...fields2 };
    await this.update((d) => ({ ...d, messages: [...d.messages, message] }));
    return message;
  }
  async updateProduct(id, patch) {
    await this.update((d) => ({ ...d, products: d.products.map((p) => p.id === id ? patch(p) : p) }));
  }
  /** Every saved enquiry, the data file's and the dated files', newest first. */
  async allMessages() {
    const inFile = this.messages;
    const ids = new Set(inFile.map((m) => m.id));
    const older = (await this.dated.all()).filter((m) => !ids.has(m.id) && !this.parts.deleted.has(m.id));
    return newestFirst([...inFile, ...older]);
  }
  /** How many saved enquiries pass `test` (one test per `name`): per dated file, the ids passing it are kept until that file changes. */
  async countMessages(name2, test) {
    const inFile = this.messages;
    const ids = new Set(inFile.map((m) => m.id));
    let count = inFile.filter(test).length;
    for (const id of await this.dated.idsPassing(name2, test)) if (!ids.has(id) && !this.parts.deleted.has(id)) count++;
    return count;
  }
  async findMessage(id) {
    const inFile = this.messages.find((m) => m.id === id);
    if (inFile || this.parts.deleted.has(id)) return inFile;
    return this.dated.find(id);
  }
  /** Resolves once on disk; nothing happens when there is no such enquiry; rejects with StoreWriteError. */
  async updateMessage(id, patch) {
    await this.settled();
    if (this.messages.some((m) => m.id === id)) {
      await this.update((d) => ({ ...d, messages: d.messages.map((m) => m.id === id ? patch(m) : m) }));
    } else if (!this.parts.deleted.has(id)) await this.changeDated(id, patch);
  }
  /** Marks an enquiry as dealt with (`archived: true`), or lists it again; returns it as saved. */
  async setArchived(id, archived) {
    await this.settled();
    const mark = markArchived(archived);
    if (this.messages.some((m) => m.id === id)) {
      await this.updateMessage(id, mark);
      const saved = this.messages.find((m) => m.id === id);
      if (!saved) throw new UnknownMessageError(`The enquiry ${id} was removed meanwhile.`);
      return saved;
    }
    const before = this.parts.deleted.has(id) ? void 0 : await this.changeDated(id, mark);
    if (!before) throw new UnknownMessageError(`There is no enquiry with the id ${id}.`);
    return mark(before);
  }
  /** It stays out even if the owner later saves an older copy holding it. */
  async deleteMessage(id) {
    await this.settled();
    const inFile = this.messages.find((m) => m.id === id);
    const dated = this.parts.deleted.has(id) ? void 0 : await this.changeDated(id, () => null, inFile && monthOf(inFile));
    const message = inFile ?? dated;
    if (!message) throw new UnknownMessageError(`There is no enquiry with the id ${id}.`);
    if (!inFile) return this.writer.noteDeleted(id).then(() => message);
    this.parts.deleted.add(id);
    try {
      await this.update((d) => ({ ...d, messages: d.messages.filter((m) => m.id !== id) }));
    } catch (err) {
      this.parts.deleted.delete(id);
      throw err;
    }
    return message;
  }
  /**
   * Runs `copy` while the store writes nothing (a backup's one moment): writes under way finish first,
   * changes made meanwhile wait and are written, and answered, once it ends.
   */
  async whilePaused(copy) {
    while (this.paused) await this.paused.catch(() => {
    });
    const run = (async () => {
      await this.moving;
      const release = await this.writer.hold();
      try {
        return await copy();
      } finally {
        release();
      }
    })();
    this.paused = run;
    try {
      return await run;
    } finally {
      this.paused = null;
    }
  }
  /** Dated files are written outside the writer's queue: not while a move or a backup's copy runs. */
  async settled() {
    while (this.moving || this.paused) await (this.moving ?? this.paused)?.catch(() => {
    });
  }
  /** Lets another module answer the shell's requests named `op` (`npm run snapshots`), through the lock's socket. */
  answer(op, handler) {
    this.answerers.set(op, handler);
  }
  async changeDated(id, change, month) {
    try {
      return await this.dated.change(id, change, month);
    } catch (err) {
      throw new StoreWriteError(`Could not change the dated file holding enquiry ${id}: ${err.message}`);
    }
  }
  /** Answers requests from the shell's tools (`npm run messages -- archive ID`) through the lock's socket. */
  async handleRequest(request) {
    const { op, id } = request ?? {};
    const answerer = typeof op === "string" ? this.answerers.get(op) : void 0;
    if (answerer) return answerer(request).catch((err) => ({ ok: false, error: err.message }));
    if ((op === "archive" || op === "unarchive" || op === "delete") && typeof id === "string") {
      try {
        if (op === "delete") await this.deleteMessage(id);
        else await this.setArchived(id, op === "archive");
        return { ok: true };
      } catch (err) {
        return { ok: false, error: err.message };
      }
    }
    return { ok: false, error: "Unknown request." };
  }
  /** Resolves when every change made so far has been written (or has failed). */
  drain() {
    return this.writer.drain();
  }
  adopted() {
    for (const listener of this.listeners) listener();
    void this.moveOlder();
  }
  /** Moves the enquiries past the data file's window to their dated files, then writes the data file without them. */
  moveOlder() {
    this.moving ??= (async () => {
      if (this.writer.problem || this.paused) return;
      const due = dueToMove(this.messages).filter((m) => !this.parts.deleted.has(m.id));
      if (due.length === 0) return;
      const placed = await this.dated.add(due);
      if (placed.size > 0) await this.update((d) => ({ ...d, messages: d.messages.filter((m) => !placed.has(m.id)) }));
    })().catch((err) => this.parts.logger.error({ dataFile: this.file, err }, `Could not move older enquiries to their dated files: ${err.message}; tried again later.`)).finally(() => this.moving = null);
    return this.moving;
  }
  /** For /healthz: a new file can be made, and there is room for a whole second copy of the data file (each check with its own probe file). */
  async isWritable() {
    const dir = path9.dirname(this.file);
    const probe2 = path9.join(dir, `.${path9.basename(this.file)}.probe-${process.pid}-${++this.probes}`);
    try {
      await (await open3(probe2, "wx", 384)).close();
      await unlink3(probe2);
      const [space, file] = await Promise.all([statfs(dir), stat7(this.file).catch(() => null)]);
      return space.bavail * space.bsize >= (file?.size ?? 0) + 64 * 1024;
    } catch {
      return false;
    }
  }
  async close() {
    this.stopWatching();
    for (const timer of this.timers) clearInterval(timer);
    await this.moving;
    await this.writer.close();
    await this.lock.release();
  }
};
async function openStore(file, options = {}) {
  const opened = {};
  const handle = (request) => opened.store?.handleRequest(request) ?? Promise.resolve({ ok: false, error: "The server is starting." });
  const { parts, lock } = await openDataFile(path9.resolve(file), options.seed ?? seedProducts, options.logger ?? silent, handle);
  opened.store = new Store(parts, lock, options.watch !== false);
  return opened.store;
}

// server/app.server.ts
import compression from "compression";
import express9 from "express";

// server/security.server.ts
import helmet from "helmet";

// domain/publishing.ts
var isPublished = (product) => product.status !== "draft";
function publishedProducts(products) {
  return products.filter(isPublished);
}

// server/security.server.ts
function paymentOriginsOf(store) {
  let known2;
  return () => {
    if (known2?.version !== store.productsVersion) {
      let products;
      try {
        products = store.products;
      } catch {
        return known2?.origins ?? [];
      }
      const origins = new Set(products.filter((p) => isPublished(p) && isPaymentLink(p.paymentLink)).map((p) => new URL(p.paymentLink).origin));
      known2 = { version: store.productsVersion, origins: [...origins].sort() };
    }
    return known2.origins;
  };
}
function securityHeaders({ isProduction, paymentOrigins = () => [] }) {
  return [
    helmet({
      contentSecurityPolicy: isProduction ? {
        useDefaults: false,
        directives: {
          "default-src": ["'self'"],
          "script-src": ["'self'"],
          "style-src": ["'self'", "'unsafe-inline'"],
          "img-src": ["'self'", "data:", "blob:"],
          "font-src": ["'self'"],
          "connect-src": ["'self'"],
          "manifest-src": ["'self'"],
          "frame-ancestors": ["'none'"],
          // Our own forms, and where a product's order form is sent on to: browsers check a post's
          // redirect against this too, so the payment links' origins (from the catalogue) are allowed.
          "form-action": ["'self'", () => paymentOrigins().join(" ")],
          "base-uri": ["'self'"],
          "object-src": ["'none'"],
          "upgrade-insecure-requests": null
        }
      } : false,
      // The payment link opens in a new tab; it needs no access back to us.
      crossOriginOpenerPolicy: { policy: "same-origin" },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      strictTransportSecurity: false
      // set by the TLS-terminating proxy, which knows whether HTTPS is on
    }),
    (_req, res, next) => {
      res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()");
      next();
    }
  ];
}
var SAFE_METHODS = /* @__PURE__ */ new Set(["GET", "HEAD", "OPTIONS"]);
function refuseCrossSite({ siteUrl }) {
  const siteHost2 = siteUrl ? new URL(siteUrl).host : void 0;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const fetchSite = req.get("sec-fetch-site");
    if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") return refuse(res);
    const origin = req.get("origin");
    if (origin && !fetchSite) {
      let host;
      try {
        host = new URL(origin).host;
      } catch {
        return refuse(res);
      }
      const ownHosts = [req.get("host"), req.host, siteHost2].filter(Boolean);
      if (origin === "null" || !ownHosts.includes(host)) return refuse(res);
    }
    next();
  };
}
function refuse(res) {
  res.status(403).json({ error: "This request came from another website and was refused." });
}
var rejectMalformedUrls = (req, res, next) => {
  if (!isWellFormedUrl(req.url)) {
    if (req.url.startsWith("/api/")) res.status(400).json({ error: "The address of this request is not valid." });
    else res.status(400).type("text/plain").send("Bad request: the address is not valid.");
    return;
  }
  next();
};
function isWellFormedUrl(url2) {
  const q = url2.indexOf("?");
  const pathname = q < 0 ? url2 : url2.slice(0, q);
  const search = q < 0 ? "" : url2.slice(q + 1);
  const decode = (s) => decodeURIComponent(s.replace(/\+/g, " "));
  try {
    const decodedPath = decodeURIComponent(pathname);
    if (decodedPath.includes("\0") || decodedPath.split(/[/\\]/).includes("..")) return false;
    for (const pair of search.split("&")) {
      const eq = pair.indexOf("=");
      const name2 = decode(eq < 0 ? pair : pair.slice(0, eq));
      if (eq >= 0) decode(pair.slice(eq + 1));
      if (name2.includes("[") || name2.includes("]")) return false;
    }
  } catch {
    return false;
  }
  return true;
}

// server/cache-hits.server.ts
function answerCacheHitsFirst({ cache, seeRequest, app }) {
  if (!cache.enabled) return app;
  const plainHit = (req) => {
    if (req.method !== "GET" && req.method !== "HEAD") return void 0;
    const { headers } = req;
    if (headers["content-length"] !== void 0 && headers["content-length"] !== "0" || headers["transfer-encoding"] !== void 0) return void 0;
    if (!isWellFormedUrl(req.url ?? "")) return void 0;
    const target = cache.targetFor(req);
    return target && cache.get(target.key);
  };
  return (req, res) => {
    const entry = plainHit(req);
    if (!entry) return app(req, res);
    seeRequest(req, res);
    cache.send(req, res, entry);
  };
}

// server/http-errors.server.ts
var HttpError = class extends Error {
  constructor(status, message, extra = {}) {
    super(message);
    this.status = status;
    this.extra = extra;
  }
  status;
  extra;
};
var apiNotFound = (req, res) => {
  res.status(404).json({ error: `There is no API endpoint ${req.method} ${req.baseUrl}${req.path}.` });
};
var READABLE = {
  400: "The request could not be understood.",
  401: "This address needs you to sign in.",
  403: "This address is not available.",
  404: "There is nothing at this address.",
  405: "This address does not accept that kind of request.",
  406: "There is no version of this address in a form your browser accepts.",
  408: "The request took too long to arrive. Please try again.",
  409: "This cannot be done just now because of something already going on.",
  411: "The request must say how long its body is.",
  412: "The file has changed: a condition of the request (If-Match or If-Unmodified-Since) no longer holds. Fetch it again.",
  413: "The request is too large.",
  414: "The address is too long.",
  415: "The request must be sent as JSON.",
  416: "The requested range is outside the file. Ask for a range within its size, or for the whole file.",
  429: "Too many requests. Please wait a little and try again.",
  431: "The request headers are too large.",
  500: "Something went wrong on our side. Please try again later.",
  501: "This server does not support that kind of request.",
  503: "The site cannot answer this just now. Please try again in a few minutes."
};
var FALLBACK_4XX = "This request could not be answered.";
var FILE_HEADERS = ["Content-Type", "Content-Encoding", "Content-Length", "Content-Disposition", "ETag", "Last-Modified", "Accept-Ranges"];
var errorHandler = (err, req, res, _next) => {
  const status = typeof err?.status === "number" && err.status >= 400 && err.status < 600 ? err.status : 500;
  const message = err instanceof HttpError ? err.message : err?.type === "entity.parse.failed" ? "The request body is not valid JSON." : READABLE[status] ?? (status < 500 ? FALLBACK_4XX : READABLE[500]);
  if (status >= 500) req.log?.error({ err }, "request failed");
  if (res.headersSent) return res.end();
  const owners = /\bprivate\b/i.test(String(res.getHeader("Cache-Control") ?? ""));
  for (const name2 of FILE_HEADERS) res.removeHeader(name2);
  res.setHeader("Cache-Control", owners ? "private, no-store" : "no-store");
  res.status(status).json({ error: message, ...err instanceof HttpError ? err.extra : {} });
};
var unhandled = (req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD") return next(new HttpError(404, READABLE[404]));
  res.setHeader("Allow", "GET, HEAD");
  next(new HttpError(405, `This address can only be read (GET or HEAD), not sent a ${req.method} request.`));
};

// server/health.server.ts
import path10 from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";

// server/services/images/admin-auth.server.ts
import { createHash as createHash3, timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";
import { ipKeyGenerator, rateLimit } from "express-rate-limit";
var ADMIN_USER = "admin";
var ADMIN_REALM_HEADER = 'Basic realm="Admin", charset="UTF-8"';
function sameSecret(given, expected) {
  const a = createHash3("sha256").update(given, "utf8").digest();
  const b = createHash3("sha256").update(expected, "utf8").digest();
  return timingSafeEqual(a, b);
}
function isAdmin(authorization, password) {
  const m = /^Basic\s+([A-Za-z0-9+/=._~-]+)\s*$/i.exec(authorization ?? "");
  if (!m) return false;
  const decoded = Buffer.from(m[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return false;
  const userOk = sameSecret(decoded.slice(0, colon), ADMIN_USER);
  const passwordOk = sameSecret(decoded.slice(colon + 1), password);
  return userOk && passwordOk;
}
var FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-real-ip", "x-client-ip", "true-client-ip", "cf-connecting-ip", "fastly-client-ip", "via"];
function isLoopbackAddress(address) {
  return address !== void 0 && isIP(address) !== 0 && (address === "::1" || /^(::ffff:)?127\./i.test(address));
}
function hostName(host) {
  const h = (host ?? "").trim().toLowerCase();
  if (h.startsWith("[")) return h.slice(1, h.indexOf("]") < 0 ? void 0 : h.indexOf("]"));
  const colon = h.indexOf(":");
  return colon < 0 || colon !== h.lastIndexOf(":") ? h : h.slice(0, colon);
}
function isFromThisMachine(req) {
  const { remoteAddress, localAddress } = req.socket;
  const local = isLoopbackAddress(remoteAddress) || remoteAddress !== void 0 && remoteAddress === localAddress;
  if (!local || FORWARDING_HEADERS.some((h) => req.headers[h] !== void 0)) return false;
  const named = hostName(req.headers.host);
  return named === "localhost" || isLoopbackAddress(named) || named === localAddress?.replace(/^::ffff:/i, "");
}
function clientKey(ip) {
  if (!ip) return "unknown";
  if (isLoopbackAddress(ip)) return "loopback";
  return ipKeyGenerator(ip, 64);
}
var NOT_OWNER_MESSAGE = "Image generation is only for the shop owner. Set ADMIN_PASSWORD (12 characters or more) on the server and sign in as admin, or use /admin on the server itself.";
var WRONG_PASSWORDS = 5;
function failedLogins() {
  return rateLimit({
    windowMs: 15 * 6e4,
    limit: WRONG_PASSWORDS,
    standardHeaders: false,
    legacyHeaders: false,
    requestPropertyName: "failedLogins",
    keyGenerator: (req) => clientKey(req.ip),
    // The app warns of forwarding headers without TRUST_PROXY itself, once, naming the setting.
    validate: { xForwardedForHeader: false, forwardedHeader: false, keyGeneratorIpFallback: false },
    handler: (_req, _res, next) => next()
  });
}
async function lockedFor(failures, req, res) {
  const counted = Boolean(req.get("authorization"));
  if (counted) await new Promise((resolve, reject) => void failures(req, res, (err) => err ? reject(err) : resolve()));
  const entry = await failures.getKey(clientKey(req.ip));
  const before = (entry?.totalHits ?? 0) - (counted ? 1 : 0);
  const left = (entry?.resetTime?.getTime() ?? 0) - Date.now();
  return before >= WRONG_PASSWORDS && left > 0 ? Math.ceil(left / 1e3) : 0;
}
async function signedIn(req, res, { password, failures }) {
  if (await lockedFor(failures, req, res) > 0 || !isAdmin(req.get("authorization"), password)) return false;
  await failures.resetKey(clientKey(req.ip));
  return true;
}
function privateAnswer(res) {
  res.setHeader("Cache-Control", "private, no-store");
  res.setHeader("X-Robots-Tag", "noindex");
}
async function identify(req, res, { password, failures }, answer, signIn) {
  if (!password) return isFromThisMachine(req) ? "owner" : "visitor";
  const send2 = (status, sentence) => {
    privateAnswer(res);
    if (answer === "json") res.status(status).json({ error: sentence });
    else res.status(status).type("text/plain; charset=utf-8").send(`${sentence}
`);
  };
  const wait = await lockedFor(failures, req, res);
  if (wait > 0) {
    res.setHeader("Retry-After", String(wait));
    send2(429, `Too many wrong admin passwords from your address. Please try again in ${Math.ceil(wait / 60)} minutes.`);
    return "answered";
  }
  const authorization = req.get("authorization");
  if (isAdmin(authorization, password)) {
    await failures.resetKey(clientKey(req.ip));
    return "owner";
  }
  res.setHeader("WWW-Authenticate", ADMIN_REALM_HEADER);
  send2(401, signIn ?? (answer === "json" ? "Sign in as admin with the admin password to generate product images." : "This page is for the shop owner: sign in as admin with the admin password."));
  return "answered";
}
function requireOwner(check6) {
  return async (req, res, next) => {
    privateAnswer(res);
    const verdict = await identify(req, res, check6, "json");
    if (verdict === "owner") return next();
    if (verdict === "visitor") {
      res.status(403).json({ error: NOT_OWNER_MESSAGE });
    }
  };
}

// server/health.server.ts
function healthHandler(store, owner) {
  const unusable = firstUnusable(store);
  return async (req, res) => {
    const writable = await store.isWritable();
    const problem = store.problem ?? unusable();
    const forOwner = (problem || req.query.detail === "1") && await isOwnerAsking(req, res, owner);
    const body = !writable ? { status: "degraded", error: "The data file cannot be written." } : problem ? { status: "attention", ...forOwner ? { dataFile: problemForPublic(problem.message, store.file) } : {} } : { status: "ok" };
    if (req.query.detail === "1" && forOwner) body.detail = processDetail();
    res.setHeader("Cache-Control", "no-store");
    res.status(writable ? 200 : 503).json(body);
  };
}
function firstUnusable(store) {
  let known2;
  return () => {
    if (known2?.version !== store.productsVersion) known2 = { version: store.productsVersion, problem: unusableValues(store.data, store.file)[0] ?? null };
    return known2.problem;
  };
}
async function isOwnerAsking(req, res, { password, failures }) {
  return password ? signedIn(req, res, { password, failures }) : isFromThisMachine(req);
}
function problemForPublic(message, file) {
  return message.split(file).join(path10.basename(file));
}
var RESOLUTION_MS = 10;
var histogram;
var since = 0;
function processDetail() {
  const ms = (ns) => Math.max(0, Math.round((ns / 1e6 - RESOLUTION_MS) * 100) / 100);
  let eventLoopDelayMs = null;
  if (!histogram) {
    histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
    histogram.enable();
  } else if (histogram.count > 0) {
    eventLoopDelayMs = {
      mean: ms(histogram.mean),
      p50: ms(histogram.percentile(50)),
      p99: ms(histogram.percentile(99)),
      max: ms(histogram.max),
      samplingMs: Date.now() - since
    };
  }
  histogram.reset();
  since = Date.now();
  const memory = process.memoryUsage();
  return {
    memory: { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed },
    eventLoopDelayMs,
    uptimeSeconds: Math.round(process.uptime())
  };
}

// server/paths.server.ts
import path11 from "node:path";
import { fileURLToPath } from "node:url";
var ROOT = path11.resolve(path11.dirname(fileURLToPath(import.meta.url)), "..");
var DIST = path11.join(ROOT, "dist");
var CLIENT_DIST = path11.join(DIST, "client");
var SERVER_ENTRY = path11.join(DIST, "server", "entry.mjs");
var SEED_IMAGES = path11.join(ROOT, "data", "seed", "images");
var PUBLIC_DIR = path11.join(ROOT, "public");
function mediaDirFor(dataFile) {
  return path11.join(path11.dirname(path11.resolve(dataFile)), "media");
}
function formKeyFileFor(dataFile) {
  return path11.join(path11.dirname(path11.resolve(dataFile)), "form-state.key");
}

// server/route-path.server.ts
function routePath(rawPath) {
  let path23 = rawPath;
  for (let i = 0; i < 4; i++) {
    let decoded;
    try {
      decoded = decodeURIComponent(path23);
    } catch {
      break;
    }
    if (decoded === path23) break;
    path23 = decoded;
  }
  const segments = path23.replace(/\\/g, "/").toLowerCase().split("/").filter((s) => s !== "" && s !== ".");
  if (segments.at(-1) === "index.pagecontext.json") segments.pop();
  return `/${segments.join("/")}`;
}
var ADMIN_PATH = "/admin";
function isAdminPath(rawPath) {
  const path23 = routePath(rawPath);
  return path23 === ADMIN_PATH || path23.startsWith(`${ADMIN_PATH}/`);
}
function isOwnerApiPath(rawPath) {
  const path23 = routePath(rawPath);
  return path23 === "/api/admin" || path23.startsWith("/api/admin/");
}
function isOwnerPath(rawPath) {
  return isAdminPath(rawPath) || isOwnerApiPath(rawPath);
}
function requestPath(originalUrl) {
  const end = originalUrl.search(/[?#]/);
  return end < 0 ? originalUrl : originalUrl.slice(0, end);
}

// server/site-host.server.ts
import { isIPv4, isIPv6 } from "node:net";
function siteHost(hostHeader, siteUrl) {
  const parsed = hostHeader ? parseHost(hostHeader) : void 0;
  if (!parsed) return void 0;
  const host = parsed.port === "" ? parsed.hostname : `${parsed.hostname}:${parsed.port}`;
  if (isLoopback(parsed.hostname) || !siteUrl) return host;
  const site = new URL(siteUrl);
  return parsed.hostname === site.hostname && parsed.port === site.port ? host : void 0;
}
var LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
var DEFAULT_PORTS = /* @__PURE__ */ new Set(["80", "443"]);
function parseHost(raw) {
  const match = /^(\[[^\]]*\]|[^:[\]]*)(?::(\d{1,5}))?$/.exec(raw.trim().toLowerCase());
  if (!match) return void 0;
  const [, hostname = "", port = ""] = match;
  if (port !== "" && Number(port) > 65535) return void 0;
  const name2 = hostname.endsWith(".") ? hostname.slice(0, -1) : hostname;
  const wellFormed = hostname.startsWith("[") ? isIPv6(hostname.slice(1, -1)) : isIPv4(name2) || name2.length <= 253 && name2.split(".").every((label) => LABEL.test(label));
  if (!wellFormed) return void 0;
  return { hostname: name2, port: DEFAULT_PORTS.has(port) ? "" : port };
}
function isLoopback(hostname) {
  return hostname === "localhost" || hostname.endsWith(".localhost") || hostname === "[::1]" || isIPv4(hostname) && hostname.startsWith("127.");
}
function requireSiteHost({ siteUrl }) {
  return (req, res, next) => {
    if (!req.url.startsWith("/")) {
      const absolute2 = /^https?:\/\/([^/?#]*)(.*)$/i.exec(req.url);
      if (!absolute2) return refuse2(req, res, "The request target is not an address on this site.");
      req.headers.host = absolute2[1];
      req.url = absolute2[2]?.startsWith("/") ? absolute2[2] : `/${absolute2[2] ?? ""}`;
      req.originalUrl = req.url;
    }
    if (req.path === "/healthz" || siteHost(req.headers.host, siteUrl)) return next();
    refuse2(req, res, "This server does not answer for that host name.");
  };
}
function refuse2(req, res, sentence) {
  res.setHeader("Cache-Control", "no-store");
  if (req.url.startsWith("/api/")) res.status(400).json({ error: sentence });
  else res.status(400).type("text/plain").send(`Bad request: ${sentence}`);
}

// server/cache-keys.server.ts
var ROUTE_PARAMETERS = [
  { route: "/products", vary: { category: isCategory } },
  // `?order=1` opens the order form on a product's page (the link of a page without JavaScript).
  { route: "/products/@id", vary: { order: (value) => value === "1" } },
  { route: "/contact", bypass: ["form"] }
];
function rulesFor(pathname, table) {
  const page = routePath(pathname);
  return table.find(({ route }) => matches(route, page));
}
function matches(route, path23) {
  if (!route.includes("@")) return route === path23;
  const want = route.split("/");
  const got = path23.split("/");
  return want.length === got.length && want.every((segment, i) => segment.startsWith("@") ? got[i] !== "" : segment === got[i]);
}
var PLAIN_PATH = /^(?:\/(?!\.{1,2}(?:\/|$))[A-Za-z0-9._~-]+)+$/;
function cacheTarget(url2, origin, table = ROUTE_PARAMETERS) {
  const q = url2.indexOf("?");
  const pathname = q < 0 ? url2 : url2.slice(0, q);
  if (pathname !== "/" && !PLAIN_PATH.test(pathname)) return void 0;
  if (q < 0) return { key: origin + url2, url: url2, origin };
  const rules = rulesFor(pathname, table);
  if (!rules) return { key: origin + pathname, url: pathname, origin };
  const params = new URLSearchParams(url2.slice(q + 1));
  if (rules.bypass?.some((name2) => params.has(name2))) return void 0;
  const kept = new URLSearchParams();
  for (const [name2, accepts] of Object.entries(rules.vary ?? {})) {
    const value = params.getAll(name2).at(-1);
    if (value !== void 0 && accepts(value)) kept.set(name2, value);
  }
  const search = kept.size > 0 ? `?${kept}` : "";
  return { key: origin + pathname + search, url: pathname + search, origin };
}
function unescapeUnreserved(url2) {
  const q = url2.indexOf("?");
  const pathname = q < 0 ? url2 : url2.slice(0, q);
  const plain = pathname.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return /^[A-Za-z0-9._~-]$/.test(char) ? char : escape;
  });
  return q < 0 ? plain : plain + url2.slice(q);
}
function requestOrigin(req, siteUrl, trust) {
  const host = siteHost(req.headers.host, siteUrl);
  if (host === void 0) return void 0;
  if (siteUrl) return siteUrl;
  let protocol = req.socket.encrypted ? "https" : "http";
  const forwarded = req.headers["x-forwarded-proto"];
  if (forwarded && trust(req.socket.remoteAddress ?? "", 0)) protocol = String(forwarded).split(",")[0].trim();
  return `${protocol}://${host}`;
}

// server/segmented-cache.server.ts
import { LRUCache as LRUCache2 } from "lru-cache";
var SegmentedCache = class {
  probation;
  protected;
  constructor({ maxBytes, sizeOf, protectedShare = 0.8 }) {
    const segment = (bytes, extra = {}) => new LRUCache2({ maxSize: Math.max(1, Math.round(bytes)), sizeCalculation: (value) => Math.max(1, sizeOf(value)), ...extra });
    this.probation = segment(maxBytes * (1 - protectedShare));
    this.protected = segment(maxBytes * protectedShare, {
      // After the eviction, as lru-cache asks: no cache call may run inside `dispose` itself.
      disposeAfter: (value, key, reason) => {
        if (reason === "evict") this.probation.set(key, value);
      }
    });
  }
  get(key) {
    const hot = this.protected.get(key);
    if (hot !== void 0) return hot;
    const value = this.probation.get(key);
    if (value !== void 0) {
      this.probation.delete(key);
      this.protected.set(key, value);
    }
    return value;
  }
  has(key) {
    return this.protected.has(key) || this.probation.has(key);
  }
  add(key, value) {
    if (!this.has(key)) this.probation.set(key, value);
  }
  /** Counts an entry's size again (it grew), in the segment that holds it, if it is still this one. */
  resize(key, value) {
    for (const segment of [this.protected, this.probation]) {
      if (segment.peek(key) !== value) continue;
      segment.delete(key);
      segment.set(key, value);
    }
  }
  clear() {
    this.protected.clear();
    this.probation.clear();
  }
  get bytes() {
    return this.protected.calculatedSize + this.probation.calculatedSize;
  }
};

// server/kept-answer.server.ts
import { createHash as createHash4 } from "node:crypto";
import { promisify as promisify3 } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";

// server/accept-encoding.server.ts
import Negotiator from "negotiator";
var CODINGS = ["br", "gzip", "identity"];
var preferences = /* @__PURE__ */ new Map();
function preferredEncodings(acceptEncoding) {
  const header = acceptEncoding ?? "";
  let order = preferences.get(header);
  if (!order) {
    const negotiator = new Negotiator({ headers: { "accept-encoding": header } });
    order = negotiator.encodings(CODINGS, { preferred: CODINGS });
    if (preferences.size >= 100) preferences.clear();
    preferences.set(header, order);
  }
  return order;
}

// server/kept-answer.server.ts
var ETAG_SUFFIX = { br: "-br", gzip: "-gz", identity: "" };
var CACHE_NAME = "ashbourne";
var CACHE_STATUS_HIT = `${CACHE_NAME}; hit`;
var CACHE_STATUS_MISS = `${CACHE_NAME}; fwd=uri-miss`;
var OWN_HEADERS = /* @__PURE__ */ new Set(["content-length", "content-encoding", "transfer-encoding", "etag", "vary", "date", "connection", "keep-alive", "cache-status"]);
var NOT_IN_304 = /* @__PURE__ */ new Set(["content-type", "content-length", "content-encoding"]);
var brotli = promisify3(brotliCompress);
var gzipped = promisify3(gzip);
function keptAnswer(res, body, compressed) {
  const captured = capturedHeaders(res);
  const hash2 = createHash4("sha1").update(body).digest("base64url");
  const entry = { status: res.statusCode, variants: { identity: variant(captured, "identity", body, hash2) }, compressing: void 0 };
  entry.compressing = compress(body).then(
    ({ br, gzip: gzip2 }) => {
      if (br) entry.variants.br = variant(captured, "br", br, hash2);
      if (gzip2) entry.variants.gzip = variant(captured, "gzip", gzip2, hash2);
      entry.compressing = void 0;
      compressed(entry);
    },
    () => {
      entry.compressing = void 0;
    }
  );
  return entry;
}
function variantFor(entry, acceptEncoding, asKey) {
  const chosen = choose(entry, acceptEncoding);
  return asKey === void 0 ? chosen : underKey(chosen, asKey);
}
function choose(entry, acceptEncoding) {
  for (const encoding of preferredEncodings(acceptEncoding)) {
    const found = entry.variants[encoding];
    if (found) return found;
  }
  return entry.variants.identity;
}
function underKey(v16, key) {
  const status = `${CACHE_STATUS_HIT}; key=${JSON.stringify(key)}`;
  const swap = (list) => list.map((value, i) => i > 0 && list[i - 1] === "cache-status" ? status : value);
  return { ...v16, head: swap(v16.head), notModified: swap(v16.notModified) };
}
function capturedHeaders(res) {
  const out = [];
  for (const name2 of res.getHeaderNames()) {
    if (OWN_HEADERS.has(name2)) continue;
    const value = res.getHeader(name2);
    if (value !== void 0) out.push(name2, value);
  }
  return out;
}
function variant(captured, encoding, body, hash2) {
  const etag = `"${hash2}${ETAG_SUFFIX[encoding]}"`;
  const own2 = ["vary", "Accept-Encoding", "etag", etag, "cache-status", CACHE_STATUS_HIT];
  const head = [...captured, ...own2, "content-length", body.length];
  if (encoding !== "identity") head.push("content-encoding", encoding);
  const notModified = [];
  for (let i = 0; i < captured.length; i += 2) {
    if (!NOT_IN_304.has(captured[i])) notModified.push(captured[i], captured[i + 1]);
  }
  notModified.push(...own2);
  return { body, etag, head, notModified };
}
async function compress(body) {
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzipped(body, { level: zlib.Z_BEST_COMPRESSION })
  ]);
  return { br: br.length < body.length ? br : void 0, gzip: gz.length < body.length ? gz : void 0 };
}

// server/page-cache.server.ts
var KEPT_STATUSES = /* @__PURE__ */ new Set([200, 404]);
var MAX_BYTES = 32 * 1024 * 1024;
var SLOT_OVERHEAD = 2048;
var FILL_WAIT_MS = 3e3;
var servedFromCache = /* @__PURE__ */ new WeakSet();
var isServedFromCache = (res) => servedFromCache.has(res);
var ResponseCache = class {
  constructor(options) {
    this.options = options;
    this.enabled = options.enabled ?? true;
    this.entries = new SegmentedCache({ maxBytes: options.maxBytes ?? MAX_BYTES, sizeOf: slotSize });
    this.fillWaitMs = options.fillWaitMs ?? FILL_WAIT_MS;
    this.entriesVersion = options.version();
  }
  options;
  entries;
  filling = /* @__PURE__ */ new Map();
  entriesVersion;
  enabled;
  fillWaitMs;
  /** The data version now (entries are made for one version). */
  version() {
    return this.options.version();
  }
  /** Where a request's answer is kept (Express routers rewrite `url`, so `originalUrl` first). */
  targetFor(req) {
    if (!this.enabled) return void 0;
    const origin = requestOrigin(req, this.options.siteUrl, this.options.trustProxy);
    return origin === void 0 ? void 0 : cacheTarget(req.originalUrl ?? req.url ?? "", origin);
  }
  /** For an address spelled with escapes of plain characters: the target of its plain spelling, if it has one. */
  plainTargetFor(req) {
    if (!this.enabled) return void 0;
    const url2 = req.originalUrl ?? req.url ?? "";
    const plain = unescapeUnreserved(url2);
    const origin = plain === url2 ? void 0 : requestOrigin(req, this.options.siteUrl, this.options.trustProxy);
    return origin === void 0 ? void 0 : cacheTarget(plain, origin);
  }
  /** The compression middleware compresses the first answer on the way out; the kept variants are made after it has gone. */
  sendShared(req, res, makeBody) {
    const target = this.targetFor(req);
    const hit = target && this.get(target.key);
    if (hit) return this.send(req, res, hit);
    const version2 = this.version();
    const body = makeBody();
    if (target) {
      markMiss(res);
      res.once("finish", () => this.keep(target, req, res, body, version2));
    }
    res.end(body);
  }
  /** The current entry for a key, if any. */
  get(key) {
    if (!this.isCurrent()) return void 0;
    const slot = this.entries.get(key);
    return slot && "sameAs" in slot ? this.entries.get(slot.sameAs) : slot;
  }
  /** When the data changes, every entry is out of date at once: all go. */
  isCurrent() {
    const version2 = this.options.version();
    if (version2 === this.entriesVersion) return true;
    this.entries.clear();
    this.entriesVersion = version2;
    return false;
  }
  /** Call the returned function once that answer is kept or turned out not to be keepable. */
  startFilling(key) {
    let resolve;
    const filled = new Promise((r) => resolve = r);
    this.filling.set(key, filled);
    return () => {
      if (this.filling.get(key) === filled) this.filling.delete(key);
      resolve();
    };
  }
  /** Settles once the answer being made for `key` is kept (or not keepable), or after the wait's deadline. */
  whenFilled(key) {
    const filled = this.filling.get(key);
    if (!filled) return void 0;
    let timer;
    const deadline = new Promise((resolve) => timer = setTimeout(resolve, this.fillWaitMs));
    return Promise.race([filled, deadline]).finally(() => clearTimeout(timer));
  }
  /** Call once the answer has been sent: its headers are final then. */
  keep(target, req, res, body, version2) {
    if (!this.enabled || version2 !== this.version() || !isStorable(req, res)) return;
    if (isOwnerPath(requestPath(req.originalUrl ?? req.url ?? ""))) return;
    this.isCurrent();
    if (this.entries.has(target.key)) return;
    if (res.statusCode !== 404) return this.entries.add(target.key, this.newEntry(target.key, res, body));
    const shared = notFoundKey(target.origin);
    if (!this.entries.has(shared)) this.entries.add(shared, this.newEntry(shared, res, body));
    this.entries.add(target.key, { sameAs: shared });
  }
  /** The page 404 that every address of `origin` showing it shares, once one has been kept. */
  notFoundPage(origin) {
    return this.get(notFoundKey(origin));
  }
  /** Resized once its compressed variants are in. */
  newEntry(key, res, body) {
    return keptAnswer(res, body, (entry) => this.entries.resize(key, entry));
  }
  /** The variant the request accepts best (HTTP's rules, brotli before gzip on a tie); 304 on a matching ETag. */
  send(req, res, entry, asKey) {
    if (entry.compressing) {
      void entry.compressing.then(() => this.send(req, res, entry, asKey));
      return;
    }
    const chosen = variantFor(entry, req.headers["accept-encoding"], asKey);
    servedFromCache.add(res);
    if (entry.status === 200 && matchesIfNoneMatch(req.headers["if-none-match"], chosen.etag)) {
      res.writeHead(304, chosen.notModified);
      res.end();
      return;
    }
    res.writeHead(entry.status, chosen.head);
    if (req.method === "HEAD") res.end();
    else res.end(chosen.body);
  }
};
var notFoundKey = (origin) => `${origin} 404`;
function slotSize(slot) {
  if ("sameAs" in slot) return SLOT_OVERHEAD;
  let bytes = SLOT_OVERHEAD;
  for (const v16 of Object.values(slot.variants)) bytes += v16.body.length;
  return bytes;
}
function markMiss(res) {
  res.setHeader("Cache-Status", CACHE_STATUS_MISS);
}
function isStorable(req, res) {
  if (!KEPT_STATUSES.has(res.statusCode) || req.headers.authorization !== void 0) return false;
  if (res.hasHeader("set-cookie")) return false;
  if (/(^|[\s,])(private|no-store)\b/i.test(String(res.getHeader("cache-control") ?? ""))) return false;
  const vary = String(res.getHeader("vary") ?? "");
  return vary.split(",").every((name2) => name2.trim() === "" || name2.trim().toLowerCase() === "accept-encoding");
}
function matchesIfNoneMatch(header, etag) {
  if (!header) return false;
  if (header === etag) return true;
  return header.split(",").some((tag2) => {
    const t = tag2.trim();
    return t === "*" || (t.startsWith("W/") ? t.slice(2) : t) === etag;
  });
}

// server/proxy-warning.server.ts
var UNTRUSTED_PROXY_WARNING = "A request arrived with X-Forwarded-For (or Forwarded) but TRUST_PROXY is not set, so every visitor looks like the proxy: one visitor can use up everyone\u2019s enquiry limit and lock the owner out of /admin. Behind a proxy, set TRUST_PROXY to the number of proxies in front (1) or their address (loopback, 10.0.0.0/8). With no proxy in front, a client sent the header itself and it is ignored.";
function warnOfUntrustedProxy(trustProxy, logger) {
  if (trustProxy !== false) return (_req, _res, next) => next();
  let warned = false;
  return (req, _res, next) => {
    if (!warned && (req.headers["x-forwarded-for"] !== void 0 || req.headers.forwarded !== void 0)) {
      warned = true;
      logger.warn(UNTRUSTED_PROXY_WARNING);
    }
    next();
  };
}

// server/render.server.ts
import { Writable } from "node:stream";
import { renderPage as renderPage2 } from "vike/server";

// server/page-response.server.ts
import { renderPage } from "vike/server";
function answerWithRender(res, httpResponse, { cacheControl, status }) {
  res.status(status ?? httpResponse.statusCode);
  for (const [name2, value] of httpResponse.headers) {
    if (name2.toLowerCase() !== "cache-control") res.setHeader(name2, value);
  }
  res.setHeader("Cache-Control", cacheControl);
}
async function sendPersonalPage(req, res, pageContextInit, status) {
  const siteUrl = requestOrigin(req, pageContextInit.siteUrl, req.app.get("trust proxy fn"));
  if (siteUrl === void 0) throw new Error(`${req.headers.host} is not this site's host`);
  const { httpResponse } = await renderPage({ urlOriginal: req.originalUrl, headersOriginal: req.headers, ...pageContextInit, siteUrl });
  if (!httpResponse) throw new Error(`${req.originalUrl} did not render`);
  const cacheControl = isOwnerPath(requestPath(req.originalUrl)) ? "private, no-store" : "no-store";
  answerWithRender(res, httpResponse, { cacheControl, status: httpResponse.statusCode >= 400 ? httpResponse.statusCode : status });
  res.setHeader("X-Robots-Tag", "noindex");
  httpResponse.pipe(res);
}

// server/page-routes.server.ts
import { getGlobalContextSync } from "vike/server";
var routes;
function pageRoutes() {
  if (routes !== void 0) return routes;
  let pages;
  try {
    pages = getGlobalContextSync().pages;
  } catch {
    return null;
  }
  const found = [];
  for (const page of Object.values(pages)) {
    if (page.isErrorPage) continue;
    if (typeof page.route !== "string" || !page.route.startsWith("/") || page.route.includes("*")) return routes = null;
    found.push({ segments: page.route.split("/").slice(1).filter(Boolean) });
  }
  return routes = found;
}
function paramsOf(route, segments) {
  if (route.segments.length !== segments.length) return void 0;
  const params = {};
  for (const [i, want] of route.segments.entries()) {
    if (want.startsWith("@")) params[want.slice(1)] = segments[i];
    else if (want !== segments[i]) return void 0;
  }
  return params;
}
function isCertainlyNotFound(pathname, exists) {
  if (pathname.endsWith(".pageContext.json")) return false;
  const known2 = pageRoutes();
  if (!known2) return false;
  const segments = pathname.split("/").slice(1).filter(Boolean);
  for (const route of known2) {
    const params = paramsOf(route, segments);
    if (!params) continue;
    const test = exists[`/${route.segments.join("/")}`];
    if (!test || test(params)) return false;
  }
  return true;
}
function isKnownPage(pathname, exists) {
  const known2 = pageRoutes();
  if (!known2) return false;
  const segments = pathname.split("/").slice(1).filter(Boolean);
  return known2.some((route) => {
    const params = paramsOf(route, segments);
    const test = params && exists[`/${route.segments.join("/")}`];
    return params !== void 0 && (!test || test(params));
  });
}

// server/render.server.ts
function pageParamsExist(store) {
  return {
    "/products/@id": ({ id }) => {
      try {
        return publishedProducts(store.products).some((p) => p.id === id);
      } catch {
        return true;
      }
    }
  };
}
function createPageHandler({ store, siteUrl, cache, photoFormats: photoFormats2, deliveryPrice }) {
  const exists = pageParamsExist(store);
  const knownNotFound = (cache2, target) => {
    const path23 = requestPath(target.url);
    if (isAdminPath(path23)) return void 0;
    const page = cache2.notFoundPage(target.origin);
    return page && isCertainlyNotFound(path23, exists) ? page : void 0;
  };
  return async function pageHandler(req, res, next) {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const origin = requestOrigin(req, siteUrl, req.app.get("trust proxy fn"));
    if (origin === void 0) return next();
    const own2 = res.locals.pageContext;
    const target = own2 ? void 0 : cache?.targetFor(req);
    if (cache && target) {
      const hit = cache.get(target.key) ?? await cache.whenFilled(target.key)?.then(() => cache.get(target.key));
      if (hit) return cache.send(req, res, hit);
      const notFound = knownNotFound(cache, target);
      if (notFound) return cache.send(req, res, notFound);
    } else if (cache && !own2) {
      const plain = cache.plainTargetFor(req);
      const entry = plain && (cache.get(plain.key) ?? knownNotFound(cache, plain));
      if (entry) return cache.send(req, res, entry, plain.url);
    }
    const version2 = cache?.version() ?? store.productsVersion;
    const filled = cache && target ? cache.startFilling(target.key) : void 0;
    try {
      const pageContext = await renderPage2({
        ...own2,
        // The page is rendered from the address without tracking parameters, so it suits every address
        // that shares its cache entry.
        urlOriginal: target?.url ?? req.originalUrl,
        headersOriginal: req.headers,
        store,
        siteUrl: origin,
        photoFormats: photoFormats2,
        deliveryPrice
      });
      const { httpResponse } = pageContext;
      if (!httpResponse) {
        filled?.();
        return next();
      }
      answerWithRender(res, httpResponse, { cacheControl: pageCacheControl(req.path) });
      if (target) markMiss(res);
      const cacheable = cache && target && !pageContext.errorWhileRendering;
      const chunks = [];
      const tee = new Writable({
        write(chunk, _enc, done) {
          const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
          chunks.push(buf);
          if (req.method !== "HEAD" && !res.destroyed) res.write(buf);
          done();
        },
        final(done) {
          res.end();
          if (cacheable) cache.keep(target, req, res, Buffer.concat(chunks), version2);
          filled?.();
          done();
        }
      });
      httpResponse.pipe(tee);
    } catch (err) {
      filled?.();
      next(err);
    }
  };
}
function pageCacheControl(path23) {
  return isAdminPath(path23) ? "private, no-store" : "no-cache";
}

// server/render-limit.server.ts
import { rateLimit as rateLimit2 } from "express-rate-limit";
var RENDERS_PER_MINUTE = 120;
function limitUncachedRenders(cache) {
  const limiter = rateLimit2({
    windowMs: 6e4,
    limit: RENDERS_PER_MINUTE,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    keyGenerator: (req) => clientKey(req.ip),
    // The app warns of forwarding headers without TRUST_PROXY itself, once, naming the setting.
    // clientKey groups IPv6 by /64 with the library's own ipKeyGenerator, which the check cannot see.
    validate: { xForwardedForHeader: false, forwardedHeader: false, keyGeneratorIpFallback: false },
    handler: (_req, res) => {
      res.setHeader("Cache-Control", "no-store");
      res.status(429).type("text/plain").send(READABLE[429]);
    }
  });
  return (req, res, next) => {
    const renders = req.method === "POST" ? /^\/products\/[^/]+\/?$/i.test(requestPath(req.originalUrl)) : (req.method === "GET" || req.method === "HEAD") && cache.targetFor(req) === void 0;
    if (!renders || !cache.enabled || isAdminPath(requestPath(req.originalUrl)) || req.originalUrl.startsWith("/api/")) return next();
    return limiter(req, res, next);
  };
}

// server/request-log.server.ts
import { pinoHttp } from "pino-http";
var MESSAGE = "request completed";
function loggedUrl(url2) {
  const end = url2?.search(/[?#]/) ?? -1;
  return end < 0 ? url2 : `${url2.slice(0, end)}?[redacted]`;
}
function requestLog(logger) {
  let lastId = 0;
  const nextId = () => lastId = lastId + 1 & 2147483647;
  const middleware = pinoHttp({
    logger,
    genReqId: (req) => req.id ?? nextId(),
    autoLogging: { ignore: (req) => req.url === "/healthz" },
    customSuccessMessage: () => MESSAGE,
    serializers: {
      req: ({ id, method, url: url2, remoteAddress }) => ({ id, method, url: loggedUrl(url2), remoteAddress }),
      res: (res) => ({ statusCode: res.statusCode })
    }
  });
  return {
    middleware,
    answered(req, res) {
      if (!logger.isLevelEnabled("info")) return;
      const started = Date.now();
      const line2 = { id: nextId(), method: req.method, url: loggedUrl(req.url), remoteAddress: req.socket.remoteAddress };
      res.once("finish", () => logger.info({ req: line2, res: { statusCode: res.statusCode }, responseTime: Date.now() - started }, MESSAGE));
    }
  };
}

// server/static-files.server.ts
import { readdirSync } from "node:fs";
import path12 from "node:path";
import express from "express";
import send from "send";
var TWIN_EXTENSION = { br: ".br", gzip: ".gz", identity: "" };
function listFiles(root) {
  const files = readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => path12.relative(root, path12.join(entry.parentPath, entry.name)).split(path12.sep)).filter((parts) => !parts.some((part) => part.startsWith(".")));
  return new Set(files.map((parts) => `/${parts.join("/")}`));
}
function serveClientBuild(root) {
  const files = listFiles(root);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let pathname;
    try {
      pathname = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    if (!files.has(pathname)) return next();
    const coding = preferredEncodings(req.headers["accept-encoding"]).find((c) => files.has(pathname + TWIN_EXTENSION[c])) ?? "identity";
    const immutable = pathname.startsWith("/assets/");
    send(req, pathname + TWIN_EXTENSION[coding], { root, index: false, dotfiles: "deny", immutable, maxAge: immutable ? "1y" : "1d" }).on("headers", (sent) => {
      sent.type(path12.extname(pathname));
      sent.vary("Accept-Encoding");
      if (coding !== "identity") sent.setHeader("Content-Encoding", coding);
    }).on("error", next).pipe(res);
  };
}
function serveFolder(root, cache) {
  return express.static(root, { ...cache, index: false, redirect: false });
}

// server/routes/order.server.ts
import express3 from "express";

// domain/catalogue.ts
function productPath(product) {
  return `/products/${encodeURIComponent(product.id)}`;
}

// domain/order.ts
import * as v8 from "valibot";

// domain/email.ts
import * as v6 from "valibot";
function emailAddress(messages) {
  return v6.pipe(v6.string(messages.required), v6.trim(), v6.nonEmpty(messages.required), v6.email(messages.invalid));
}

// domain/form-errors.ts
import * as v7 from "valibot";
function fieldErrors(issues) {
  const out = {};
  for (const issue of issues) {
    const key = v7.getDotPath(issue);
    if (key && !(key in out)) out[key] = issue.message;
  }
  return out;
}

// domain/order.ts
var required = (message) => v8.pipe(v8.string(message), v8.trim(), v8.nonEmpty(message));
var entries = {
  firstName: required("First name is required"),
  lastName: required("Last name is required"),
  email: emailAddress({ required: "Email is required", invalid: "Invalid email format" }),
  phone: required("Phone number is required"),
  address: required("Delivery address is required")
};
var FootwearOrderSchema = v8.object({
  ...entries,
  size: v8.pipe(
    v8.string("Please select a size"),
    v8.trim(),
    v8.check((s) => FOOTWEAR_SIZES.includes(s), "Please select a size")
  )
});
var OneSizeOrderSchema = v8.object({ ...entries, size: v8.optional(v8.literal(""), "") });
function orderSchemaFor(category) {
  return category === "footwear" ? FootwearOrderSchema : OneSizeOrderSchema;
}
var ORDER_FIELDS = Object.keys(FootwearOrderSchema.entries);
function orderValuesFrom(body) {
  const src = body && typeof body === "object" ? body : {};
  return Object.fromEntries(ORDER_FIELDS.map((f) => [f, typeof src[f] === "string" ? src[f] : ""]));
}
function checkOrder(category, values) {
  const parsed = v8.safeParse(orderSchemaFor(category), values);
  return parsed.success ? { success: true } : { success: false, errors: fieldErrors(parsed.issues) };
}
function buildOrderNote(product, order) {
  const lines = [`Product: ${product.name} (${product.price})`];
  if (availabilityOf(product) === "made-to-order" && product.leadTime) lines.push(availabilityText(product));
  if (product.category === "footwear") lines.push(`Size: ${order.size.trim()}`);
  lines.push(
    `Name: ${order.firstName.trim()} ${order.lastName.trim()}`,
    `Email: ${order.email.trim()}`,
    `Phone: ${order.phone.trim()}`,
    `Delivery address: ${order.address.trim()}`
  );
  return lines.join("\n");
}
function buildPaymentUrl(paymentLink, note) {
  const url2 = new URL(paymentLink);
  url2.searchParams.set("note", note);
  return url2.toString();
}

// domain/order-terms.ts
var TERMS_FIELDS = { price: "shownPrice", availability: "shownAvailability", leadTime: "shownLeadTime" };
function termsOf(product) {
  const availability = availabilityOf(product);
  return { price: product.price, availability, leadTime: availability === "made-to-order" ? product.leadTime ?? "" : "" };
}
var THIS_ONE = { bags: "This bag", belts: "This belt", footwear: "This pair" };
function termsChange(product, shown) {
  const now2 = termsOf(product);
  if (now2.availability === "sold-out") return { soldOut: true, sentence: `${THIS_ONE[product.category]} sold out a moment ago.` };
  const changes = [];
  if (now2.price !== shown.price) changes.push(`The price is now ${now2.price}.`);
  if (now2.availability !== shown.availability || now2.leadTime !== shown.leadTime) changes.push(availabilityNow(now2, shown));
  if (changes.length === 0) return null;
  return { soldOut: false, sentence: [...changes, "Press Purchase again to order on these terms."].join(" ") };
}
function availabilityNow(now2, shown) {
  if (now2.availability !== "made-to-order") return "It is now in stock.";
  return shown.availability === "made-to-order" ? `It will now be ready in ${now2.leadTime}.` : `It is now made to order: ready in ${now2.leadTime}.`;
}

// domain/shown-terms.ts
import * as v9 from "valibot";
var ShownTermsSchema = v9.object({
  [TERMS_FIELDS.price]: v9.string(),
  [TERMS_FIELDS.availability]: v9.picklist(AVAILABILITIES),
  [TERMS_FIELDS.leadTime]: v9.optional(v9.string(), "")
});
function shownTermsFrom(body) {
  const parsed = v9.safeParse(ShownTermsSchema, body);
  if (!parsed.success) return null;
  const o = parsed.output;
  return { price: o[TERMS_FIELDS.price], availability: o[TERMS_FIELDS.availability], leadTime: o[TERMS_FIELDS.leadTime] };
}

// server/routes/contact.server.ts
import { randomUUID as randomUUID2 } from "node:crypto";
import express2, { Router } from "express";
import { rateLimit as rateLimit3 } from "express-rate-limit";

// domain/contact-fields.ts
var CONTACT_FIELDS = ["firstName", "lastName", "email", "subject", "message"];
var CONTACT_LIMITS = { name: 100, email: 254, message: 5e3 };
var EMPTY_CONTACT = { firstName: "", lastName: "", email: "", subject: "", message: "" };
var HONEYPOT_FIELD = "website";
function contactValuesFrom(body) {
  const src = body && typeof body === "object" ? body : {};
  const pick = (k) => typeof src[k] === "string" ? src[k] : "";
  return { firstName: pick("firstName"), lastName: pick("lastName"), email: pick("email"), subject: pick("subject"), message: pick("message") };
}
function isHoneypotFilled(body) {
  const value = body && typeof body === "object" ? body[HONEYPOT_FIELD] : void 0;
  return typeof value === "string" ? value.trim() !== "" : value !== void 0 && value !== null && value !== false;
}

// server/routes/contact.server.ts
var RATE_WINDOW_MINUTES = 10;
var BODY_LIMIT = "32kb";
var FIX_FIELDS = "Please correct the highlighted fields.";
var TOO_LARGE = "Your message is too long to send. Please shorten it and try again.";
var NOT_JSON = "Please send the enquiry as JSON (Content-Type: application/json).";
var SAVE_FAILED = `Sorry, your message could not be saved just now. Please try again in a few minutes, or e-mail us at ${COMPANY.emails.enquiries}.`;
var tooMany = (limit) => `You have sent ${limit === 1 ? "a message" : `${limit} messages`} in the last ${RATE_WINDOW_MINUTES} minutes. Please wait a few minutes before sending another, or e-mail us at ${COMPANY.emails.enquiries}.`;
function contactRoutes({ config, store, logger, enquiries: enquiries2, returnedForms }) {
  const backToForm = async (req, res, state) => {
    let id;
    for (const kept of shorterAndShorter(state)) if (id = await returnedForms.put(req, res, kept)) break;
    res.redirect(303, `/contact?form=${id}#contact-form`);
  };
  const limiter = config.contactRateLimit > 0 ? rateLimit3({
    windowMs: RATE_WINDOW_MINUTES * 6e4,
    limit: config.contactRateLimit,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    skipFailedRequests: true,
    // The app warns of forwarding headers without TRUST_PROXY itself, once, naming the setting.
    validate: { xForwardedForHeader: false, forwardedHeader: false },
    requestWasSuccessful: (_req, res) => res.locals.enquirySaved === true,
    handler: async (req, res, next) => {
      const error = tooMany(config.contactRateLimit);
      req.log?.warn("enquiry refused: rate limit");
      if (req.originalUrl.startsWith("/api/")) {
        res.status(429).json({ error });
      } else {
        await backToForm(req, res, { values: contactValuesFrom(req.body), errors: {}, formError: error }).catch(next);
      }
    },
    logger: {
      error: (err, msg) => logger.error({ err }, msg ?? "rate limiter error"),
      warn: (err, msg) => logger.warn({ err }, msg ?? "rate limiter warning")
    }
  }) : (_req, _res, next) => next();
  const submit = async (req, res) => {
    const outcome = await enquiries2.submitEnquiry(req.body, req.log);
    if (outcome.kind === "saved") res.locals.enquirySaved = true;
    return outcome;
  };
  const api = Router();
  api.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });
  api.post(
    "/",
    (req, _res, next) => next(req.is("application/json") === "application/json" ? void 0 : new HttpError(415, NOT_JSON)),
    express2.json({ limit: BODY_LIMIT }),
    limiter,
    async (req, res) => {
      const outcome = await submit(req, res);
      switch (outcome.kind) {
        case "saved":
          res.status(201).json({ id: outcome.id });
          return;
        case "dropped":
          res.status(201).json({ id: randomUUID2() });
          return;
        case "invalid":
          res.status(400).json({ error: FIX_FIELDS, issues: outcome.errors });
          return;
        case "saveFailed":
          res.status(503).json({ error: SAVE_FAILED });
          return;
      }
    }
  );
  api.use(((err, _req, _res, next) => {
    if (err?.type === "entity.too.large") return next(new HttpError(413, TOO_LARGE));
    if (err?.type === "charset.unsupported" || err?.type === "encoding.unsupported") return next(new HttpError(415, NOT_JSON));
    next(err);
  }));
  const tooLargeForm = async (err, req, res, next) => {
    if (err?.type !== "entity.too.large") return next(err);
    await backToForm(req, res, { values: EMPTY_CONTACT, errors: {}, formError: TOO_LARGE });
  };
  const submitForm = async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const outcome = await submit(req, res);
    switch (outcome.kind) {
      case "saved":
        returnedForms.clear(req, res);
        res.redirect(303, "/contact/sent");
        return;
      case "dropped":
        res.redirect(303, "/contact/sent");
        return;
      case "invalid":
        await backToForm(req, res, { values: outcome.values, errors: outcome.errors, formError: FIX_FIELDS });
        return;
      case "saveFailed":
        await backToForm(req, res, { values: outcome.values, errors: {}, formError: SAVE_FAILED });
        return;
    }
  };
  const form = Router();
  form.post("/contact", express2.urlencoded({ extended: false, limit: BODY_LIMIT, parameterLimit: 20 }), limiter, submitForm, tooLargeForm);
  form.get("/contact", async (req, res, next) => {
    if (req.query.form === void 0) return next();
    const contactForm = await returnedForms.read(req);
    await sendPersonalPage(req, res, { store, siteUrl: config.siteUrl, contactForm });
  });
  return { api, form };
}
function* shorterAndShorter(state) {
  yield state;
  let values = state.values;
  for (let i = 0; i < 24; i++) {
    const longest = CONTACT_FIELDS.reduce((a, b) => values[b].length > values[a].length ? b : a);
    const chars = Array.from(values[longest]);
    if (chars.length === 0) break;
    values = { ...values, [longest]: chars.slice(0, Math.floor(chars.length * 3 / 4)).join("") };
    yield { ...state, values };
  }
  yield { ...state, values: EMPTY_CONTACT };
}

// server/routes/order.server.ts
function mountOrderForm(app, { store, siteUrl, deliveryPrice, countHandoff }) {
  const handler = async (req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    const product = publishedProducts(store.products).find((p) => p.id === req.params.id);
    const values = orderValuesFrom(req.body);
    try {
      if (!product) {
        await sendPersonalPage(req, res, { store, siteUrl, deliveryPrice });
        return;
      }
      const shown = shownTermsFrom(req.body);
      if (isSoldOut(product) && !shown || !isPaymentLink(product.paymentLink)) {
        await sendPersonalPage(req, res, { store, siteUrl, deliveryPrice, urlOriginal: `${productPath(product)}?order=1` }, 409);
        return;
      }
      const checked = checkOrder(product.category, values);
      const change = shown && termsChange(product, shown);
      if (change) {
        const orderForm = { values, errors: checked.success ? {} : checked.errors, notice: change.sentence };
        await sendPersonalPage(req, res, { store, siteUrl, deliveryPrice, orderForm }, 409);
        return;
      }
      if (!checked.success) {
        await sendPersonalPage(req, res, { store, siteUrl, deliveryPrice, orderForm: { values, errors: checked.errors } }, 400);
        return;
      }
      req.log?.info({ product: product.id }, "order handed to the payment page (form post)");
      countHandoff(req, product.id);
      res.redirect(303, buildPaymentUrl(product.paymentLink, buildOrderNote(product, values)));
    } catch (err) {
      next(err);
    }
  };
  const tooLarge = (err, req, res, next) => {
    if (err?.type !== "entity.too.large") return next(err);
    res.status(413).type("text/plain; charset=utf-8").send("Your order is too long to send. Please shorten the delivery address and try again.\n");
  };
  app.post("/products/:id", express3.urlencoded({ extended: false, limit: BODY_LIMIT, parameterLimit: 20 }), handler, tooLarge);
}

// server/routes/products.server.ts
import { Router as Router2 } from "express";
function productsRouter(store, responses) {
  const router = Router2();
  router.get("/", (req, res) => {
    res.setHeader("Cache-Control", "no-cache");
    res.type("application/json");
    const orderable = () => publishedProducts(store.products).filter((p) => isPaymentLink(p.paymentLink));
    responses.sendShared(req, res, () => Buffer.from(JSON.stringify(orderable().map(toPublicProduct))));
  });
  return router;
}

// server/routes/product-state.server.ts
import { Router as Router3 } from "express";
function productStateRouter(store) {
  const router = Router3();
  router.get("/:id", (req, res) => {
    res.setHeader("Cache-Control", "no-cache");
    const product = publishedProducts(store.products).find((p) => p.id === req.params.id);
    if (!product) return void res.status(404).json({ error: "There is no such product in the shop." });
    res.json(toShopProduct(product));
  });
  return router;
}

// server/routes/handoff.server.ts
import { Router as Router4 } from "express";

// server/services/statistics/browser-kind.ts
import { isbot } from "isbot";
var known = /* @__PURE__ */ new Map();
var MAX_KNOWN = 1e3;
function browserKind(userAgent) {
  let kind = known.get(userAgent);
  if (kind) return kind;
  kind = { bot: isbot(userAgent), device: deviceOf(userAgent) };
  if (known.size >= MAX_KNOWN) known.clear();
  known.set(userAgent, kind);
  return kind;
}
function forgetBrowsers() {
  known.clear();
}
function deviceOf(userAgent) {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(userAgent)) return "phone";
  return "desktop";
}

// server/services/statistics/page-views.server.ts
function pageViewCounter(options) {
  if (!options.statistics.enabled) return () => {
  };
  return (req, res) => {
    if (req.method !== "GET") return;
    const url2 = req.originalUrl ?? req.url ?? "/";
    const bare = requestPath(url2);
    const path23 = routePath(bare);
    if (isOwnerPath(path23) || !isKnownPage(path23, options.exists)) return;
    res.once("finish", () => {
      const view = viewOf(req, res, options, { url: url2, bare, path: path23 });
      if (view) options.statistics.view(view);
    });
  };
}
function viewOf(req, res, options, { url: url2, bare, path: path23 }) {
  const { headers } = req;
  const html = res.statusCode === 200 && (isServedFromCache(res) || /^text\/html\b/i.test(String(res.getHeader("content-type") ?? "")));
  if (!html && res.statusCode !== 304) return void 0;
  if (!isVisitor(req, options.adminPassword)) return void 0;
  const userAgent = headers["user-agent"] ?? "";
  const query = new URLSearchParams(bare.length === url2.length ? "" : url2.slice(bare.length + 1));
  const category = query.get("category");
  return {
    page: path23 === "/products" && isCategory(category) ? `${path23}?category=${category}` : path23,
    address: options.clientAddress(req),
    userAgent,
    device: browserKind(userAgent).device,
    referrer: referrerDomain(headers.referer, options.ownHosts(req)),
    campaign: { sources: tag(query.get("utm_source")), mediums: tag(query.get("utm_medium")), campaigns: tag(query.get("utm_campaign")) }
  };
}
function isVisitor(req, adminPassword) {
  const { headers } = req;
  if (isPrefetch(req) || browserKind(headers["user-agent"] ?? "").bot) return false;
  return !(adminPassword && isAdmin(headers.authorization, adminPassword));
}
function isPrefetch({ headers }) {
  const purpose = `${headers["sec-purpose"] ?? ""} ${headers.purpose ?? ""} ${headers["x-purpose"] ?? ""} ${headers["x-moz"] ?? ""}`;
  return /\b(prefetch|prerender|preview)\b/i.test(purpose);
}
function referrerDomain(referer, ownHosts) {
  if (!referer) return void 0;
  let host;
  try {
    const url2 = new URL(referer);
    if (url2.protocol !== "http:" && url2.protocol !== "https:") return void 0;
    host = url2.hostname.toLowerCase();
  } catch {
    return void 0;
  }
  const bare = (h) => h.replace(/^www\./, "");
  if (!host || ownHosts.some((own2) => bare(own2) === bare(host))) return void 0;
  return bare(host);
}
function tag(value) {
  const t = value?.trim().toLowerCase();
  return t ? t : void 0;
}
function ownHostsOf(siteUrl) {
  const site = siteUrl ? new URL(siteUrl).hostname.toLowerCase() : void 0;
  return (req) => {
    const named = (req.headers.host ?? "").toLowerCase().replace(/:\d+$/, "");
    return site ? [site, named] : [named];
  };
}
function clientAddressOf(trust) {
  return (req) => {
    const forwarded = String(req.headers["x-forwarded-for"] ?? "");
    const chain = [req.socket.remoteAddress ?? "", ...forwarded.split(",").map((a) => a.trim()).filter(Boolean).reverse()];
    let hop = 0;
    while (hop < chain.length - 1 && trust(chain[hop], hop)) hop++;
    return chain[hop];
  };
}

// server/routes/handoff.server.ts
function handoffCounter(statistics, adminPassword) {
  return (req, productId) => {
    if (isVisitor(req, adminPassword)) statistics.handoff(productId);
  };
}
function handoffRouter({ store, countHandoff }) {
  const router = Router4();
  router.get("/:id", (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const product = publishedProducts(store.products).find((p) => p.id === req.params.id);
    if (!product) return void res.status(404).json({ error: "There is no such product in the shop." });
    countHandoff(req, product.id);
    res.status(204).end();
  });
  return router;
}

// server/routes/generate-images.server.ts
import { Router as Router5 } from "express";

// server/services/images/media.server.ts
import { createHash as createHash5, randomBytes as randomBytes3 } from "node:crypto";
import { mkdir as mkdir2, rm as rm3 } from "node:fs/promises";
import path14 from "node:path";
import sharp3 from "sharp";

// domain/product-image.ts
var PRODUCT_IMAGE_WIDTHS = [400, 800, 1024];

// server/services/images/avif-twins.server.ts
import { existsSync } from "node:fs";
import { readdir as readdir2, rm as rm2, stat as stat8 } from "node:fs/promises";
import path13 from "node:path";
import sharp2 from "sharp";

// server/services/images/photo-queue.server.ts
import sharp from "sharp";
sharp.cache(false);
sharp.concurrency(1);
var BUSY_MESSAGE = "The site is busy with other photographs; please try again in a moment.";
var BUSY_RETRY_AFTER_S = 10;
var PhotoQueue = class {
  constructor(atOnce, places) {
    this.atOnce = atOnce;
    this.places = places;
  }
  atOnce;
  places;
  working = 0;
  admitted = 0;
  waiting = [];
  /** Photographs waiting for their turn. */
  get queued() {
    return this.waiting.length;
  }
  /** A place for an upload, or null when every place is taken (the caller answers busy). */
  admit() {
    if (this.admitted >= this.places) return null;
    this.admitted++;
    let left = false;
    return {
      run: (work) => this.run(work),
      leave: () => {
        if (!left) this.admitted--;
        left = true;
      }
    };
  }
  /** Waits for a turn (first come, first served), then works. */
  async run(work) {
    if (this.working < this.atOnce) this.working++;
    else await new Promise((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.working--;
    }
  }
};
var photoWork = new PhotoQueue(1, 4);

// server/services/images/avif-twins.server.ts
var SET_FILE = /^(.+)-(\d+)\.(webp|avif)$/;
var ORIGINAL_FILE = /^(.+)-original\.(png|jpg|webp)$/;
async function encodeAvifTwins(source, webpBytes) {
  const twins = [];
  for (const width of PRODUCT_IMAGE_WIDTHS) {
    const avif = await sharp2(source).resize(width, width, { fit: "cover" }).avif({ quality: width > 800 ? 55 : 50, effort: 3 }).toBuffer();
    if (avif.length >= await webpBytes(width)) return void 0;
    twins.push([width, avif]);
  }
  return twins;
}
var AvifTwins = class {
  constructor(mediaDir, mediaUrl) {
    this.mediaDir = mediaDir;
    this.mediaUrl = mediaUrl;
  }
  mediaDir;
  mediaUrl;
  ready = /* @__PURE__ */ new Set();
  fresh = [];
  backlog = [];
  running;
  stopped = false;
  /** Goes up whenever a set gains its twins: pages rendered before then are out of date. */
  version = 0;
  hasAvif(src) {
    const m = /^(.*)-\d+\.webp$/.exec(src);
    return m !== null && this.ready.has(m[1]);
  }
  /** A set just stored: its twins come before the backlog's. */
  convert(set) {
    if (this.stopped) return;
    this.fresh.push(set);
    this.run();
  }
  /** A set whose twins are on disk. */
  add(folder, base) {
    this.ready.add(`${this.mediaUrl}/${folder}/${base}`);
    this.version++;
  }
  /** Reads what is on disk, then makes the missing twins in the background. */
  async start() {
    const products = path13.join(this.mediaDir, "products");
    const folders = existsSync(products) ? await readdir2(products) : [];
    for (const name2 of folders) {
      const folder = `products/${name2}`;
      const files = await readdir2(path13.join(this.mediaDir, folder)).catch(() => []);
      const present = new Set(files);
      const bases = new Set(files.map((f) => SET_FILE.exec(f)?.[1]).filter((b) => b !== void 0));
      for (const base of bases) {
        const has = (ext) => PRODUCT_IMAGE_WIDTHS.every((w) => present.has(`${base}-${w}.${ext}`));
        if (!has("webp")) continue;
        if (has("avif")) this.ready.add(`${this.mediaUrl}/${folder}/${base}`);
        else {
          const original = files.find((f) => ORIGINAL_FILE.exec(f)?.[1] === base);
          this.backlog.push({ folder, base, source: original ?? `${base}-${PRODUCT_IMAGE_WIDTHS.at(-1)}.webp` });
        }
      }
    }
    if (this.ready.size > 0) this.version++;
    this.run();
  }
  /** Settles once every conversion asked for is done (tests, and a stop that waits for the set in hand). */
  async idle() {
    while (this.running) await this.running;
  }
  async stop() {
    this.stopped = true;
    this.fresh.length = 0;
    this.backlog.length = 0;
    await this.idle();
  }
  run() {
    if (this.running || this.stopped) return;
    this.running = (async () => {
      const next = () => this.fresh.shift() ?? this.backlog.shift();
      for (let set = next(); set && !this.stopped; set = next()) {
        await this.twin(set).catch(() => {
        });
      }
    })().finally(() => {
      this.running = void 0;
      if (this.fresh.length > 0 || this.backlog.length > 0) this.run();
    });
  }
  async twin({ folder, base, source }) {
    const dir = path13.join(this.mediaDir, folder);
    const twins = await photoWork.run(() => encodeAvifTwins(path13.join(dir, source), async (w) => (await stat8(path13.join(dir, `${base}-${w}.webp`))).size));
    if (!twins || this.stopped) return;
    const written = twins.map(([w]) => path13.join(dir, `${base}-${w}.avif`));
    const removed = () => !existsSync(path13.join(dir, `${base}-${PRODUCT_IMAGE_WIDTHS.at(-1)}.webp`));
    try {
      for (const [i, [, avif]] of twins.entries()) await writeDurably(written[i], avif, { mode: PUBLIC_MODE });
    } catch (err) {
      if (!removed()) throw err;
    }
    if (removed()) return void await Promise.all(written.map((f) => rm2(f, { force: true })));
    this.add(folder, base);
  }
};

// server/services/images/media.server.ts
var MEDIA_URL = "/media";
var ANGLE_SLUGS = {
  main: "main",
  "45-degree": "45-degree",
  "side profile": "side-profile",
  detail: "detail"
};
var ImageDecodeError = class extends Error {
  name = "ImageDecodeError";
};
function productFolder(productId) {
  const safe = productId.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 80);
  return safe === productId ? safe : `${safe}-${createHash5("sha256").update(productId).digest("hex").slice(0, 8)}`;
}
function newGenerationId(now2 = /* @__PURE__ */ new Date()) {
  const stamp = now2.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
  return `${stamp}-${randomBytes3(3).toString("hex")}`;
}
async function storeAngleImage(opts) {
  let format;
  try {
    const meta = await sharp3(opts.image).metadata();
    if (!meta.width || !meta.height) throw new Error("no dimensions");
    format = meta.format;
  } catch {
    throw new ImageDecodeError("The image service answered with data that is not an image.");
  }
  const folder = productFolder(opts.productId);
  const dir = path14.join(opts.mediaDir, "products", folder);
  await mkdir2(dir, { recursive: true });
  const base = `${opts.generationId}-${ANGLE_SLUGS[opts.angle]}`;
  const url2 = (name2) => `${MEDIA_URL}/products/${folder}/${name2}`;
  const files = [];
  try {
    const ext = format === "jpeg" ? "jpg" : format ?? "png";
    const originalName = `${base}-original.${ext}`;
    await writeDurably(path14.join(dir, originalName), opts.image, { mode: PUBLIC_MODE });
    files.push(path14.join(dir, originalName));
    for (const width of PRODUCT_IMAGE_WIDTHS) {
      const webp = await sharp3(opts.image).resize(width, width, { fit: "cover" }).webp({ quality: width > 800 ? 82 : 78, effort: 4 }).toBuffer();
      const name2 = `${base}-${width}.webp`;
      await writeDurably(path14.join(dir, name2), webp, { mode: PUBLIC_MODE });
      files.push(path14.join(dir, name2));
    }
    photoFormatsFor(opts.mediaDir).convert({ folder: `products/${folder}`, base, source: originalName });
    const largest = PRODUCT_IMAGE_WIDTHS[PRODUCT_IMAGE_WIDTHS.length - 1];
    return { stored: { angle: opts.angle, src: url2(`${base}-${largest}.webp`), original: url2(originalName) }, files };
  } catch (err) {
    await removeFiles(files);
    if (err instanceof ImageDecodeError) throw err;
    if (err.code) throw err;
    throw new ImageDecodeError("The image service answered with an image that could not be converted.");
  }
}
async function removeFiles(files) {
  await Promise.all(files.flatMap((f) => [f, ...f.endsWith(".webp") ? [f.replace(/\.webp$/, ".avif")] : []]).map((f) => rm3(f, { force: true })));
}
var photoFormats = /* @__PURE__ */ new Map();
function photoFormatsFor(mediaDir) {
  const dir = path14.resolve(mediaDir);
  let twins = photoFormats.get(dir);
  if (!twins) photoFormats.set(dir, twins = new AvifTwins(dir, MEDIA_URL));
  return twins;
}
async function stopPhotoFormats(mediaDir) {
  const dir = path14.resolve(mediaDir);
  const twins = photoFormats.get(dir);
  photoFormats.delete(dir);
  await twins?.stop();
}

// server/services/images/openai-images.server.ts
import OpenAI from "openai";

// domain/image-generation.ts
var IMAGE_SIZE = "1024x1024";
var IMAGE_CONCURRENCY = 3;
var ANGLE_LABELS = {
  main: "main view",
  "45-degree": "45-degree view",
  "side profile": "side profile",
  detail: "detail"
};
var GENERATION_STATUS = {
  starting: "Starting image generation...",
  completed: "\u2713 Generation completed!",
  failed: "\u2717 Generation failed"
};
function imageStatus(e) {
  return `Generating ${e.done} of ${e.images}: ${e.productName}, ${ANGLE_LABELS[e.angle]}`;
}

// server/services/images/openai-images.server.ts
function createImageClient(options) {
  return new OpenAI({ timeout: options.timeoutMs, maxRetries: options.maxRetries, ...options.fetch ? { fetch: options.fetch } : {} });
}
function qualityFor(model) {
  if (model === "dall-e-3") return "hd";
  if (model === "dall-e-2") return void 0;
  return "high";
}
function imageRequest(model, prompt) {
  const quality = qualityFor(model);
  return {
    model,
    prompt,
    n: 1,
    size: IMAGE_SIZE,
    ...quality ? { quality } : {},
    // DALL·E answers a URL by default, valid for an hour; ask for the bytes. GPT image models always send bytes.
    ...model.startsWith("dall-e") ? { response_format: "b64_json" } : {}
  };
}
var FatalImageError = class extends Error {
  name = "FatalImageError";
};
var ImageRequestError = class extends Error {
  name = "ImageRequestError";
};
var MAX_DOWNLOAD_BYTES = 50 * 1024 * 1024;
async function requestImage(client, opts) {
  const deadline = AbortSignal.timeout(opts.deadlineMs);
  const signal = AbortSignal.any([opts.signal, deadline]);
  try {
    const answer = await client.images.generate(imageRequest(opts.model, opts.prompt), { signal });
    const item = Array.isArray(answer?.data) ? answer.data[0] : void 0;
    if (typeof item?.b64_json === "string" && item.b64_json.length > 0) return Buffer.from(item.b64_json, "base64");
    if (typeof item?.url === "string" && item.url.length > 0) return await download(item.url, opts.downloadTimeoutMs, signal);
    throw new ImageRequestError("The image service answered without an image.");
  } catch (err) {
    if (opts.signal.aborted) throw opts.signal.reason instanceof Error ? opts.signal.reason : new ImageRequestError("The run was stopped.");
    if (deadline.aborted) throw new ImageRequestError(`The image service did not deliver the image within ${seconds(opts.deadlineMs)}.`);
    throw describe(err, opts.model, client.timeout);
  }
}
async function download(url2, timeoutMs, signal) {
  let res;
  const timer = AbortSignal.timeout(timeoutMs);
  try {
    res = await fetch(url2, { signal: AbortSignal.any([signal, timer]), redirect: "follow" });
    if (!res.ok) throw new ImageRequestError(`The generated image could not be downloaded (HTTP ${res.status}).`);
    const length = Number(res.headers.get("content-length") ?? 0);
    if (length > MAX_DOWNLOAD_BYTES) throw new ImageRequestError("The generated image is too large to download.");
    const bytes = Buffer.from(await res.arrayBuffer());
    if (bytes.length > MAX_DOWNLOAD_BYTES) throw new ImageRequestError("The generated image is too large to download.");
    return bytes;
  } catch (err) {
    if (err instanceof ImageRequestError || signal.aborted) throw err;
    if (timer.aborted) throw new ImageRequestError(`The generated image could not be downloaded within ${seconds(timeoutMs)}.`);
    throw new ImageRequestError(`The generated image could not be downloaded: ${err.message}.`);
  }
}
function seconds(ms) {
  const s = ms / 1e3;
  return s === 1 ? "1 second" : `${Number.isInteger(s) ? s : s.toFixed(1)} seconds`;
}
function describe(err, model, timeoutMs) {
  if (err instanceof ImageRequestError || err instanceof FatalImageError) return err;
  if (err instanceof OpenAI.APIConnectionTimeoutError) return new ImageRequestError(`The image service did not answer within ${seconds(timeoutMs)}.`);
  if (err instanceof OpenAI.APIConnectionError) return new ImageRequestError("The image service could not be reached.");
  if (err instanceof OpenAI.AuthenticationError) return new FatalImageError("OpenAI refused the API key (401). Check OPENAI_API_KEY.");
  if (err instanceof OpenAI.PermissionDeniedError) {
    return new FatalImageError(`OpenAI refused access to the model ${model} (403): ${err.message}`);
  }
  if (err instanceof OpenAI.NotFoundError) return new FatalImageError(`OpenAI does not know the model ${model} (404). Check OPENAI_IMAGE_MODEL.`);
  if (err instanceof OpenAI.RateLimitError) {
    if (err.code === "insufficient_quota" || err.code === "billing_hard_limit_reached") {
      return new FatalImageError("The OpenAI account has no credit left (429). Add credit, then try again.");
    }
    return new ImageRequestError("OpenAI is rate-limiting the requests (429), even after retrying.");
  }
  if (err instanceof OpenAI.BadRequestError) return new ImageRequestError(`OpenAI refused this image (400): ${err.message}`);
  if (err instanceof OpenAI.APIError && typeof err.status === "number") {
    return new ImageRequestError(`The image service failed (HTTP ${err.status}).`);
  }
  if (err instanceof SyntaxError) return new ImageRequestError("The image service sent an answer that could not be read.");
  return new ImageRequestError(`The image request failed: ${err?.message ?? String(err)}`);
}

// server/services/images/prompts.server.ts
var STUDIO_STYLE = [
  `Professional e-commerce product photograph for ${COMPANY.brand}, a British maker of handmade leather goods.`,
  "Seamless warm off-white studio backdrop (parchment, #F7F1E8) with a soft graduated falloff.",
  "Soft diffused key light from the upper left, gentle fill from the right, a soft natural contact shadow beneath the product.",
  "True-to-life leather colour and texture, crisp focus, high detail, photorealistic, shot on a full-frame camera with a 100mm lens.",
  "Square 1:1 composition, the product centred with generous even margins.",
  "No people, no hands, no text, no logos, no price tags, no props, no watermark."
].join(" ");
var ANGLE_DIRECTIONS = {
  main: "Hero shot: the whole product seen from the front at a slight three-quarter angle at eye level, filling about 70% of the frame.",
  "45-degree": "The whole product seen from 45 degrees above and to one side, showing its top and one side.",
  "side profile": "The whole product in a straight side profile at eye level, its full silhouette visible from end to end.",
  detail: "Close-up macro detail of the craftsmanship: stitching, edges, grain and hardware, with a shallow depth of field."
};
var CATEGORY_STAGING = {
  footwear: "The right shoe of the pair on its own, laced or fastened as worn.",
  bags: "The bag standing upright, closed, straps or handles arranged neatly.",
  belts: "The belt loosely coiled with the buckle facing the camera."
};
function imagePrompt(product, angle) {
  return [
    STUDIO_STYLE,
    `Product: ${product.name}. ${product.description}`,
    CATEGORY_STAGING[product.category],
    ANGLE_DIRECTIONS[angle]
  ].join("\n\n");
}

// server/services/image-generator.server.ts
function configuredImageGenerator(config, store, extra) {
  return createImageGenerator({
    store,
    mediaDir: mediaDirFor(config.dataFile),
    model: config.imageModel,
    concurrency: config.imageConcurrency,
    timeoutMs: config.openaiTimeoutMs,
    maxRetries: config.openaiMaxRetries,
    ...extra
  });
}
var SHUTTING_DOWN = "The server is shutting down.";
var GenerationBusyError = class extends Error {
  name = "GenerationBusyError";
  constructor() {
    super("An image generation is already running. Wait for it to finish before starting another.");
  }
};
var DEFAULT_DOWNLOAD_TIMEOUT_MS = 6e4;
var MAX_RETRY_PAUSE_MS = 8e3;
function createImageGenerator(options) {
  let current = null;
  function start(one) {
    if (current) throw new GenerationBusyError();
    const job = createJob(options, one);
    current = job;
    const clear = () => {
      if (current === job) current = null;
    };
    job.result.then(clear, clear);
    return job;
  }
  return {
    get current() {
      return current;
    },
    start,
    async stop(reason = SHUTTING_DOWN) {
      const job = current;
      if (!job) return;
      job.cancel(reason);
      await job.result.catch(() => {
      });
    }
  };
}
var RETRIES_PAST_LIMIT = "Stopped: retrying the failed images would pass the daily image limit.";
function createJob(options, one) {
  const { store, mediaDir, model, logger } = options;
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const downloadTimeoutMs = options.downloadTimeoutMs ?? DEFAULT_DOWNLOAD_TIMEOUT_MS;
  const deadlineMs = options.timeoutMs * 2 * (options.maxRetries + 1) + MAX_RETRY_PAUSE_MS * options.maxRetries;
  const id = newGenerationId();
  const startedAt = /* @__PURE__ */ new Date();
  const events = [];
  const listeners = /* @__PURE__ */ new Set();
  const abort = new AbortController();
  let stoppedEarly;
  const emit = (event) => {
    events.push(event);
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (err) {
        logger?.error({ err }, "image generation: a progress listener failed");
      }
    }
  };
  const stopRun = (reason) => {
    if (abort.signal.aborted) return;
    stoppedEarly = reason;
    abort.abort(new Error(reason));
  };
  const products = store.products.filter((p) => !one || p.id === one.productId);
  const slots = products.flatMap((product) => IMAGE_ANGLES.map((angle) => ({ product, angle })));
  const budget = options.dailyLimit?.allowance().left ?? Infinity;
  const reservation = options.dailyLimit?.reserve(id, slots.length);
  let requested = 0;
  const countedFetch = (input, init) => {
    if (requested >= budget) {
      stopRun(RETRIES_PAST_LIMIT);
      return Promise.reject(abort.signal.reason);
    }
    requested++;
    return fetch(input, init);
  };
  emit({ type: "start", products: products.length, images: slots.length, model, concurrency });
  logger?.info({ generationId: id, products: products.length, images: slots.length, model, concurrency }, "image generation started");
  async function run() {
    const client = (options.createClient ?? createImageClient)({ timeoutMs: options.timeoutMs, maxRetries: options.maxRetries, fetch: countedFetch });
    const states = new Map(products.map((p) => [p.id, { pending: IMAGE_ANGLES.length, stored: [], files: [] }]));
    const results = { successCount: 0, errorCount: 0, total: products.length };
    let done = 0;
    let next = 0;
    try {
      await reservation?.saved;
    } catch (err) {
      logger?.error({ generationId: id, err }, "image generation not started: its images could not be counted in the data file");
      stopRun("Nothing was generated: the data file cannot be written just now, so the images could not be counted against the daily limit.");
    }
    const finishProduct = async (product, state) => {
      const images = [...state.stored].sort((a, b) => IMAGE_ANGLES.indexOf(a.angle) - IMAGE_ANGLES.indexOf(b.angle));
      if (one && images.length > 0) {
        try {
          await one.offer(product, images);
          state.files = [];
        } catch (err) {
          logger?.error({ generationId: id, productId: product.id, err }, "new photographs could not be offered");
          state.failed = "The new photographs could not be kept on the server.";
        }
      }
      if (!state.failed && state.stored.length === IMAGE_ANGLES.length) {
        const mainImage = images[0].src;
        try {
          if (!one) await store.updateProduct(product.id, (p) => ({ ...p, mainImage, images, imagesGeneratedAt: (/* @__PURE__ */ new Date()).toISOString(), imageModel: model }));
          results.successCount++;
          emit({ type: "product", productId: product.id, productName: product.name, ok: true, ...one ? {} : { mainImage } });
          logger?.info({ generationId: id, productId: product.id, mainImage }, "product images stored");
          return;
        } catch (err) {
          logger?.error({ generationId: id, productId: product.id, err }, "product images could not be saved to the data file");
          state.failed = `The new images could not be saved in the data file (${err.name === "StoreWriteError" ? "it cannot be written" : err.message}).`;
        }
      }
      await removeFiles(state.files).catch(() => {
      });
      results.errorCount++;
      emit({ type: "product", productId: product.id, productName: product.name, ok: false, error: state.failed });
      logger?.warn({ generationId: id, productId: product.id, error: state.failed }, "product images not generated");
    };
    const finishSlot = async (slot, state, outcome, error) => {
      done++;
      emit({
        type: "image",
        done,
        images: slots.length,
        productId: slot.product.id,
        productName: slot.product.name,
        angle: slot.angle,
        outcome,
        ...error ? { error } : {}
      });
      state.pending--;
      if (state.pending === 0) await finishProduct(slot.product, state);
    };
    const handle = async (slot) => {
      const state = states.get(slot.product.id);
      if (abort.signal.aborted || state.failed) {
        const why = abort.signal.aborted ? stoppedEarly ?? "The run was stopped." : "Not requested: another image of this product failed.";
        state.failed ??= why;
        return finishSlot(slot, state, "skipped", why);
      }
      try {
        const image = await requestImage(client, {
          model,
          prompt: imagePrompt(slot.product, slot.angle),
          deadlineMs,
          downloadTimeoutMs,
          signal: abort.signal
        });
        const { stored, files } = await photoWork.run(() => storeAngleImage({ mediaDir, productId: slot.product.id, generationId: id, angle: slot.angle, image }));
        state.files.push(...files);
        state.stored.push(stored);
        await finishSlot(slot, state, "ok");
      } catch (err) {
        const message = readableFailure(err, abort.signal);
        if (!(err instanceof ImageRequestError || err instanceof FatalImageError || err instanceof ImageDecodeError || abort.signal.aborted)) {
          logger?.error({ generationId: id, productId: slot.product.id, angle: slot.angle, err }, "image could not be stored");
        }
        if (err instanceof FatalImageError) {
          logger?.error({ generationId: id, err }, "image generation stopped: every further request would fail too");
          stopRun(message);
        }
        state.failed ??= message;
        await finishSlot(slot, state, "failed", message);
      }
    };
    const worker = async () => {
      while (next < slots.length) {
        const slot = slots[next++];
        await handle(slot);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(1, slots.length)) }, worker));
    await reservation?.settle(requested).catch((err) => {
      logger?.error({ generationId: id, err }, "the images requested could not be recorded against the daily limit");
    });
    const response = { results, ...stoppedEarly ? { stoppedEarly } : {} };
    emit({ type: "done", ...response });
    logger?.info({ generationId: id, ...results, stoppedEarly }, "image generation finished");
    return response;
  }
  const result = run().catch((err) => {
    logger?.error({ err, generationId: id }, "image generation failed");
    emit({ type: "error", error: "The image generation stopped because of an error on the server." });
    throw err;
  });
  result.catch(() => {
  });
  return {
    id,
    startedAt,
    get events() {
      return events;
    },
    subscribe(listener) {
      for (const event of events) listener(event);
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    result,
    cancel: stopRun,
    ...one ? { productId: one.productId } : {}
  };
}
function readableFailure(err, signal) {
  if (err instanceof ImageRequestError || err instanceof FatalImageError || err instanceof ImageDecodeError) return err.message;
  if (signal.aborted && err instanceof Error) return err.message;
  const code = err?.code;
  if (code === "ENOSPC") return "The image could not be stored: the server disk is full.";
  if (code === "EACCES" || code === "EPERM" || code === "EROFS") return "The image could not be stored: the media folder is not writable.";
  return "The image could not be stored on the server.";
}

// server/services/images/daily-limit.server.ts
var DAY_MS2 = 24 * 60 * 6e4;
var DailyLimitError = class extends Error {
  constructor(message, retryAfterSeconds) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
  retryAfterSeconds;
  name = "DailyLimitError";
};
function stillCounted(runs, now2) {
  return (runs ?? []).filter((r) => Date.parse(r.startedAt) > now2 - DAY_MS2).sort((a, b) => Date.parse(a.startedAt) - Date.parse(b.startedAt));
}
var DailyImageLimit = class {
  constructor(store, configured, now2 = Date.now) {
    this.store = store;
    this.configured = configured;
    this.now = now2;
  }
  store;
  configured;
  now;
  get limit() {
    return this.configured ?? 2 * this.store.products.length * IMAGE_ANGLES.length;
  }
  counted(now2) {
    return stillCounted(this.store.data.imageRuns, now2);
  }
  allowance() {
    const now2 = this.now();
    const runs = this.counted(now2);
    const used = runs.reduce((sum, r) => sum + r.images, 0);
    const oldest = runs.find((r) => r.images > 0);
    return {
      limit: this.limit,
      used,
      left: Math.max(0, this.limit - used),
      nextFreedAt: oldest ? new Date(Date.parse(oldest.startedAt) + DAY_MS2).toISOString() : null
    };
  }
  /** Throws without counting when the whole run does not fit: a cut-short run would pay for images of products that keep their old pictures. */
  reserve(id, images) {
    const now2 = this.now();
    const { limit, used, left } = this.allowance();
    if (images > left) throw this.refusal(now2, images, limit, used);
    const run = { id, startedAt: new Date(now2).toISOString(), images };
    const saved = this.store.update((d) => ({ ...d, imageRuns: [...stillCounted(d.imageRuns, now2), run] }));
    saved.catch(() => {
    });
    return {
      saved,
      settle: (requested) => this.store.update((d) => ({ ...d, imageRuns: (d.imageRuns ?? []).map((r) => r.id === id ? { ...r, images: requested } : r) }))
    };
  }
  refusal(now2, images, limit, used) {
    if (images > limit) {
      return new DailyLimitError(
        `A run of the whole catalogue needs ${images} images, more than the daily limit of ${limit}. Raise IMAGE_DAILY_LIMIT on the server and restart it to run one.`,
        null
      );
    }
    let stillUsed = used;
    let fitsAt = now2;
    for (const r of this.counted(now2)) {
      stillUsed -= r.images;
      fitsAt = Date.parse(r.startedAt) + DAY_MS2;
      if (stillUsed + images <= limit) break;
    }
    const when = new Date(fitsAt).toUTCString().replace(/:\d\d GMT$/, " UTC");
    return new DailyLimitError(
      `The daily image limit is reached: ${used} of ${limit} images were requested in the last 24 hours, and a run needs ${images}. It can run again after ${when}.`,
      Math.max(1, Math.ceil((fitsAt - now2) / 1e3))
    );
  }
};

// server/routes/generate-images.server.ts
var NO_KEY_MESSAGE = "Image generation is not set up on this server: OPENAI_API_KEY is not set. Add it to the server environment and restart the server.";
var CANCELLED_MESSAGE = "Stopped by the owner.";
var HEARTBEAT_MS = 15e3;
function generateImagesApi({ config, generator, dailyLimit, owner }) {
  const api = Router5();
  api.use(requireOwner(owner));
  api.get("/", (_req, res) => {
    const job = generator.current;
    const last = job ? lastImageEvent(job) : void 0;
    const status = {
      configured: Boolean(config.openaiApiKey),
      running: job !== null,
      model: config.imageModel,
      concurrency: config.imageConcurrency,
      progress: job ? { done: last?.done ?? 0, images: startEvent(job)?.images ?? 0 } : null,
      allowance: dailyLimit.allowance()
    };
    res.setHeader("Cache-Control", "private, no-store");
    res.json(status);
  });
  api.get("/events", (req, res) => {
    const job = generator.current;
    if (!job) {
      res.status(404).json({ error: "No image generation is running." });
      return;
    }
    streamJob(job, res);
  });
  api.post("/cancel", (_req, res) => {
    const job = generator.current;
    if (!job) {
      res.status(404).json({ error: "No image generation is running." });
      return;
    }
    job.cancel(CANCELLED_MESSAGE);
    res.status(202).json({ cancelling: true });
  });
  api.post("/", (req, res, next) => {
    if (!config.openaiApiKey) {
      res.status(503).json({ error: NO_KEY_MESSAGE });
      return;
    }
    let job;
    try {
      job = generator.start();
    } catch (err) {
      if (err instanceof GenerationBusyError) {
        res.status(409).json({ error: err.message });
        return;
      }
      if (err instanceof DailyLimitError) {
        req.log?.warn({ allowance: dailyLimit.allowance() }, "image generation refused: daily limit");
        if (err.retryAfterSeconds !== null) res.setHeader("Retry-After", String(err.retryAfterSeconds));
        res.status(429).json({ error: err.message });
        return;
      }
      return next(err);
    }
    if (wantsEventStream(req)) {
      streamJob(job, res);
      return;
    }
    res.setHeader("Cache-Control", "private, no-store");
    res.setTimeout(0);
    job.result.then(
      (response) => {
        if (!res.writableEnded && !res.destroyed) res.json(response);
      },
      (err) => next(err)
    );
  });
  return api;
}
function wantsEventStream(req) {
  return req.query.stream === "1" || (req.get("accept") ?? "").includes("text/event-stream");
}
function startEvent(job) {
  return job.events.find((e) => e.type === "start");
}
function lastImageEvent(job) {
  return job.events.findLast((e) => e.type === "image");
}
function streamJob(job, res, cacheControl = "private, no-store, no-transform") {
  res.status(200);
  res.setHeader("Content-Type", "text/event-stream; charset=utf-8");
  res.setHeader("Cache-Control", cacheControl);
  res.setHeader("X-Accel-Buffering", "no");
  res.flushHeaders();
  const open4 = () => !res.writableEnded && !res.destroyed;
  const heartbeat = setInterval(() => {
    if (open4()) res.write(": keep-alive\n\n");
  }, HEARTBEAT_MS);
  let unsubscribe = () => {
  };
  const finish = () => {
    clearInterval(heartbeat);
    unsubscribe();
  };
  unsubscribe = job.subscribe((event) => {
    if (!open4()) return;
    res.write(`event: ${event.type}
data: ${JSON.stringify(event)}

`);
    if (event.type === "done" || event.type === "error") {
      finish();
      res.end();
    }
  });
  res.on("close", finish);
  if (!open4()) finish();
}

// server/routes/admin-enquiries.server.ts
import express4 from "express";

// domain/inbox.ts
var ENQUIRY_STATES = ["new", "read", "answered", "archived"];
var STATE_FILTERS = ["open", ...ENQUIRY_STATES, "all"];
var INBOX_PAGE_SIZE = 25;
var SUBJECT_VALUES = new Set(CONTACT_SUBJECTS.map((s) => s.value));
function single(value) {
  return typeof value === "string" ? value : "";
}
function parseInboxFilter(query) {
  const state = single(query.state);
  const subject = single(query.subject);
  const page = Number.parseInt(single(query.page), 10);
  return {
    state: STATE_FILTERS.includes(state) ? state : "open",
    subject: SUBJECT_VALUES.has(subject) ? subject : null,
    q: single(query.q).trim().slice(0, 200),
    unsent: single(query.unsent) === "1",
    spam: single(query.spam) === "1",
    page: Number.isSafeInteger(page) && page > 0 ? page : 1
  };
}
function inboxQuery(filter, change = {}) {
  const f = { ...filter, ...change };
  const params = new URLSearchParams();
  if (f.state !== "open") params.set("state", f.state);
  if (f.subject) params.set("subject", f.subject);
  if (f.q) params.set("q", f.q);
  if (f.unsent) params.set("unsent", "1");
  if (f.spam) params.set("spam", "1");
  if (f.page > 1) params.set("page", String(f.page));
  const text4 = params.toString();
  return text4 ? `?${text4}` : "";
}

// server/services/enquiry-state.server.ts
var text2 = (value) => typeof value === "string" && value !== "" ? value : null;
var readAtOf = (m) => text2(m.readAt);
var answeredAtOf = (m) => text2(m.answeredAt);
var likelySpamOf = (m) => text2(m.likelySpam);
function enquiryState(m) {
  if (m.archived === true) return "archived";
  if (answeredAtOf(m)) return "answered";
  if (readAtOf(m)) return "read";
  return "new";
}
function countsAsNew(m) {
  return enquiryState(m) === "new" && !likelySpamOf(m);
}
function ukTime(iso) {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return iso ?? "unknown time";
  return date.toLocaleString("en-GB", { timeZone: "Europe/London", day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });
}
function deliveryState(m) {
  const n = m.notification;
  if (n.status === "sent") return "sent";
  if (n.status === "disabled") return "off";
  return n.attempts.at(-1)?.ok === false ? "failed" : "waiting";
}
var isUnsent = (m) => m.notification.status !== "sent";
function plainReason(serverSaid) {
  const s = serverSaid.toLowerCase();
  const code = /^\s*(\d)\d\d\b/.exec(serverSaid)?.[1];
  if (/econnrefused/.test(s)) return "the mail server refused the connection: it is down, or SMTP_URL names the wrong host or port";
  if (/enotfound|eai_again|getaddrinfo/.test(s)) return "the mail server's name could not be found: check the host in SMTP_URL";
  if (/timeout|timed out|etimedout|greeting never received/.test(s)) return "the mail server did not answer in time";
  if (/eauth|\b535\b|authentication|invalid login/.test(s)) return "the mail server did not accept the user name or password in SMTP_URL";
  if (/cert|tls|ssl/.test(s)) return "the secure connection to the mail server failed (its certificate or TLS settings)";
  if (/econnreset|socket|closed/.test(s)) return "the connection to the mail server was cut off";
  if (code === "4") return "the mail server is busy or asked to try again later";
  if (code === "5") return "the mail server refused the message";
  return "the mail server could not take the message";
}
function describeDelivery(m, mailConfigured) {
  const n = m.notification;
  const state = deliveryState(m);
  const attempts2 = n.attempts.length;
  const base = { state, serverSaid: null, nextTry: null, attempts: attempts2, canSendAgain: false };
  const archived = m.archived === true;
  if (state === "sent") {
    const after = attempts2 > 1 ? ` (after ${attempts2} tries)` : "";
    return { ...base, summary: `E-mailed to you on ${ukTime(n.sentAt ?? n.attempts.at(-1)?.at)}${after}.` };
  }
  const canSendAgain = mailConfigured && !archived;
  if (state === "off") {
    const summary2 = "Not e-mailed: no mail server was set up (SMTP_URL) when it arrived.";
    return { ...base, summary: summary2, canSendAgain };
  }
  if (archived) return { ...base, summary: "Not e-mailed: archived before it was sent." };
  if (state === "waiting") return { ...base, summary: "Waiting to be e-mailed." };
  const serverSaid = n.attempts.at(-1)?.error ?? "no reason given";
  const summary = `Not e-mailed: ${plainReason(serverSaid)} (${attempts2} ${attempts2 === 1 ? "try" : "tries"}).`;
  const nextTry = mailConfigured && n.nextAttemptAt ? ukTime(n.nextAttemptAt) : null;
  return { ...base, summary, serverSaid, nextTry, canSendAgain };
}

// server/services/enquiry-csv.server.ts
var BOM = "\uFEFF";
var FORMULA_START = /^[=+\-@\t\r]/;
function csvCell(value) {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}
function sheetTime(iso) {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return iso ?? "";
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(date).map((p) => [p.type, p.value])
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}
var COLUMNS = [
  ["Received (UK time)", (m) => sheetTime(m.createdAt)],
  ["First name", (m) => m.firstName],
  ["Last name", (m) => m.lastName],
  ["E-mail", (m) => m.email],
  ["Subject", (m) => subjectLabel(m.subject)],
  ["Message", (m) => m.message],
  ["State", (m) => enquiryState(m)],
  ["Read", (m) => sheetTime(readAtOf(m))],
  ["Answered", (m) => sheetTime(answeredAtOf(m))],
  ["E-mail notification", (m) => deliveryState(m)],
  ["Mail server said", (m) => deliveryState(m) === "failed" ? m.notification.attempts.at(-1)?.error ?? "" : ""],
  ["Likely spam", (m) => likelySpamOf(m) ?? ""],
  ["Id", (m) => m.id]
];
function* enquiriesCsv(messages) {
  yield `${BOM}${COLUMNS.map(([title]) => csvCell(title)).join(",")}\r
`;
  for (const m of messages) yield `${COLUMNS.map(([, value]) => csvCell(value(m))).join(",")}\r
`;
}

// domain/plain-text.ts
var LINE_BREAKING = /[\p{Cc}\u2028\u2029]/u;
var BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/u;
var INVISIBLE = /[\p{Cf}\u115f\u1160\u3164\uffa0\u2800]/gu;
function isSingleLine(text4) {
  return !LINE_BREAKING.test(text4) && !BIDI_CONTROLS.test(text4);
}
function visibleLength(text4) {
  return [...text4.replace(INVISIBLE, "").trim()].length;
}
function cleanMultiline(text4) {
  return text4.replace(/\r\n?|[\u0085\u2028\u2029]/g, "\n").replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, "");
}
var NAMED_ESCAPES = { "\n": "\\n", "\r": "\\r", "	": "\\t" };
function showInvisible(text4, { lineBreaks = "escape" } = {}) {
  return text4.replace(/[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu, (c) => {
    if (lineBreaks === "keep" && (c === "\n" || c === "	")) return c;
    return NAMED_ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
  });
}

// server/services/enquiry-mail.server.ts
import escapeHtml from "escape-html";
function headerSafe(text4) {
  return text4.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").replace(/[\u202a-\u202e\u2066-\u2069]/g, "").replace(/\s+/g, " ").trim();
}
function buildEnquiryMail(message, { from, to }) {
  const name2 = headerSafe(`${message.firstName} ${message.lastName}`);
  const label = subjectLabel(message.subject);
  const received = new Date(message.createdAt);
  const when = Number.isNaN(received.getTime()) ? message.createdAt : received.toLocaleString("en-GB", { timeZone: "Europe/London", dateStyle: "full", timeStyle: "short" });
  const rows = [
    ["Name", showInvisible(`${message.firstName} ${message.lastName}`)],
    ["E-mail", showInvisible(message.email)],
    ["Subject", showInvisible(label)],
    ["Received", showInvisible(when)],
    ["Reference", showInvisible(message.id)],
    ...message.likelySpam ? [["Likely spam", showInvisible(message.likelySpam)]] : []
  ];
  const body = showInvisible(message.message.replace(/\r\n/g, "\n"), { lineBreaks: "keep" });
  const text4 = [
    `New enquiry from the ${COMPANY.brand} website.`,
    "",
    ...rows.map(([k, v16]) => `${k}: ${v16}`),
    "",
    "Message:",
    ...body.split("\n").map((line2) => `    ${line2}`),
    "",
    "--",
    `Reply to this e-mail to answer ${name2} directly.`
  ].join("\n");
  const cell = "padding:4px 12px 4px 0;vertical-align:top;";
  const html = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(`${label} from ${name2}`)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#231912;line-height:1.5;">
<p>New enquiry from the ${escapeHtml(COMPANY.brand)} website.</p>
<table role="presentation" style="border-collapse:collapse;">
${rows.map(([k, v16]) => `<tr><th scope="row" align="left" style="${cell}">${escapeHtml(k)}</th><td style="${cell}">${escapeHtml(v16)}</td></tr>`).join("\n")}
</table>
<h2 style="font-size:16px;margin:16px 0 4px;">Message</h2>
<p style="white-space:pre-wrap;margin:0;">${escapeHtml(body)}</p>
<hr style="border:0;border-top:1px solid #e6d8c4;margin:16px 0;">
<p style="color:#5a4636;font-size:13px;">Reply to this e-mail to answer ${escapeHtml(name2)} directly.</p>
</body></html>`;
  return {
    from: headerSafe(from),
    to: headerSafe(to),
    replyTo: { name: name2, address: headerSafe(message.email) },
    subject: headerSafe(`${message.likelySpam ? "[Likely spam] " : ""}${label} from ${name2}`),
    text: text4,
    html,
    headers: { "X-Enquiry-Id": headerSafe(message.id) }
  };
}

// server/services/inbox.server.ts
function fold(text4) {
  if (/^[\u0000-\u007f]*$/.test(text4)) return text4.toLowerCase();
  return text4.normalize("NFKD").replace(new RegExp("\\p{M}", "gu"), "").toLowerCase();
}
var haystacks = /* @__PURE__ */ new WeakMap();
function haystack(m) {
  let folded = haystacks.get(m);
  if (folded === void 0) {
    folded = fold(`${m.firstName} ${m.lastName}
${m.email}
${m.message}`);
    haystacks.set(m, folded);
  }
  return folded;
}
function searchWords(q) {
  return fold(q).split(/\s+/).filter(Boolean);
}
function matchesFilter(m, filter, words) {
  if (Boolean(likelySpamOf(m)) !== filter.spam) return false;
  const state = enquiryState(m);
  if (filter.state === "open" ? state === "archived" : filter.state !== "all" && filter.state !== state) return false;
  if (filter.subject && m.subject !== filter.subject) return false;
  if (filter.unsent && !isUnsent(m)) return false;
  if (words.length === 0) return true;
  const text4 = haystack(m);
  return words.every((w) => text4.includes(w));
}
function filterEnquiries(all, filter) {
  const words = searchWords(filter.q);
  return all.filter((m) => matchesFilter(m, filter, words));
}
function firstLine(message) {
  const line2 = message.split(/\r\n|[\n\r\u2028\u2029]/).find((l) => l.trim() !== "") ?? "";
  const chars = [...line2.trim()];
  return showInvisible(chars.length > 120 ? `${chars.slice(0, 119).join("")}\u2026` : chars.join(""));
}
var fullName = (m) => showInvisible(`${m.firstName} ${m.lastName}`);
function row(m) {
  return {
    id: m.id,
    name: fullName(m),
    email: showInvisible(m.email),
    subject: showInvisible(subjectLabel(m.subject)),
    firstLine: firstLine(m.message),
    createdAt: m.createdAt,
    received: ukTime(m.createdAt),
    state: enquiryState(m),
    delivery: deliveryState(m),
    likelySpam: likelySpamOf(m)
  };
}
function inboxView(all, filter, notice2 = null) {
  const counts = { new: 0, spam: 0, unsent: 0 };
  for (const m of all) {
    if (countsAsNew(m)) counts.new++;
    if (likelySpamOf(m) && m.archived !== true) counts.spam++;
    if (isUnsent(m) && m.archived !== true && !likelySpamOf(m)) counts.unsent++;
  }
  const matching = filterEnquiries(all, filter);
  const pages = Math.max(1, Math.ceil(matching.length / INBOX_PAGE_SIZE));
  const page = Math.min(filter.page, pages);
  const rows = matching.slice((page - 1) * INBOX_PAGE_SIZE, page * INBOX_PAGE_SIZE).map(row);
  return { filter: { ...filter, page }, rows, total: matching.length, pages, counts, notice: notice2 };
}
function newEnquiryCount(all) {
  return all.reduce((n, m) => countsAsNew(m) ? n + 1 : n, 0);
}
function mailtoAddress(email3) {
  const at = email3.lastIndexOf("@");
  if (at < 0) return encodeURIComponent(email3);
  return `${encodeURIComponent(email3.slice(0, at))}@${encodeURIComponent(email3.slice(at + 1))}`;
}
function replyLink(m) {
  const subject = headerSafe(`Re: ${subjectLabel(m.subject)}`);
  const quoted = m.message.replace(/\r\n?|[\u2028\u2029]/g, "\n").split("\n").map((line2) => line2 === "" ? ">" : `> ${line2}`);
  const body = ["", "", `On ${ukTime(m.createdAt)}, ${headerSafe(`${m.firstName} ${m.lastName}`)} wrote:`, ...quoted].join("\r\n");
  return `mailto:${mailtoAddress(headerSafe(m.email))}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
function enquiryView(m, { mailConfigured, filter, notice: notice2, confirmDelete }) {
  return {
    id: m.id,
    name: fullName(m),
    email: showInvisible(m.email),
    subject: showInvisible(subjectLabel(m.subject)),
    message: showInvisible(m.message.replace(/\r\n?/g, "\n"), { lineBreaks: "keep" }),
    createdAt: m.createdAt,
    received: ukTime(m.createdAt),
    state: enquiryState(m),
    readAt: readAtOf(m) && ukTime(readAtOf(m)),
    answeredAt: answeredAtOf(m) && ukTime(answeredAtOf(m)),
    archived: m.archived === true,
    likelySpam: likelySpamOf(m),
    delivery: describeDelivery(m, mailConfigured),
    replyHref: replyLink(m),
    filter,
    notice: notice2,
    confirmDelete
  };
}

// server/routes/admin-enquiries.server.ts
var INBOX = "/admin/enquiries";
var NOTICES = {
  read: "Marked as read.",
  unread: "Marked as new.",
  answered: "Marked as answered.",
  unanswered: "No longer marked as answered.",
  archived: "Archived: it stays saved, under the Archived filter.",
  unarchived: "Back in the inbox.",
  deleted: "The enquiry was deleted for good.",
  queued: "Sending it again now: reload this page in a moment to see whether it went.",
  sent: "It was e-mailed already.",
  "mail-off": "No mail server is set up (SMTP_URL), so nothing can be sent.",
  "not-sent-archived": "An archived enquiry is not e-mailed: unarchive it first.",
  gone: "That enquiry is no longer there.",
  "not-saved": "That change could not be saved: the data file cannot be written just now. Nothing was changed; see Health.",
  "confirm-first": "Nothing was deleted: confirm the deletion first."
};
var own = (table, key) => Object.hasOwn(table, key) ? table[key] : void 0;
var now = () => (/* @__PURE__ */ new Date()).toISOString();
var without = (m, ...keys) => {
  const copy = { ...m };
  for (const key of keys) delete copy[key];
  return copy;
};
var ACTIONS = {
  async unread(m, { store }) {
    await store.updateMessage(m.id, (x) => without(x, "readAt", "answeredAt"));
    return "unread";
  },
  async answered(m, { store }) {
    const at = now();
    await store.updateMessage(m.id, (x) => ({ ...x, readAt: x.readAt ?? at, answeredAt: at }));
    return "answered";
  },
  async unanswered(m, { store }) {
    await store.updateMessage(m.id, (x) => without(x, "answeredAt"));
    return "unanswered";
  },
  async archive(m, { store }) {
    await store.setArchived(m.id, true);
    return "archived";
  },
  async unarchive(m, { store }) {
    await store.setArchived(m.id, false);
    return "unarchived";
  },
  async resend(m, { outbox }) {
    const outcome = await outbox.sendAgain(m.id);
    return { queued: "queued", sent: "sent", off: "mail-off", archived: "not-sent-archived", unknown: "gone" }[outcome];
  }
};
async function findEnquiry(store, id) {
  return await store.findMessage(id) ?? (await store.allMessages()).find((m) => m.id.toLowerCase() === id.toLowerCase());
}
function notice(req) {
  const done = req.query.done;
  return typeof done === "string" ? own(NOTICES, done) ?? null : null;
}
function redirectTo(res, path23, filter, done) {
  const query = new URLSearchParams(inboxQuery(filter));
  query.set("done", done);
  res.redirect(303, `${path23}?${query.toString()}`);
}
var parseForm = express4.urlencoded({ extended: false, limit: "4kb", parameterLimit: 20 });
function addPageData(res, data) {
  res.locals.pageContext = { ...res.locals.pageContext, ...data };
}
function adminEnquiriesRoutes(deps) {
  const { store, outbox } = deps;
  const showList = (req, res, all) => {
    addPageData(res, { adminInbox: inboxView(all, parseInboxFilter(req.query), notice(req)) });
  };
  const exportCsv = async (req, res) => {
    const all = await store.allMessages();
    const chosen = req.query.all === "1" ? all : filterEnquiries(all, parseInboxFilter(req.query));
    const day = now().slice(0, 10);
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="enquiries-${day}.csv"`);
    for (const chunk of enquiriesCsv(chosen)) res.write(chunk);
    res.end();
  };
  const showOne = async (req, res, id) => {
    let m = await findEnquiry(store, id);
    if (m && req.method === "GET" && !m.readAt) {
      const at = now();
      await store.updateMessage(m.id, (x) => ({ ...x, readAt: x.readAt ?? at })).catch(() => void 0);
      m = await findEnquiry(store, m.id) ?? m;
    }
    const filter = parseInboxFilter(req.query);
    const view = m && enquiryView(m, { mailConfigured: outbox.enabled, filter, notice: notice(req), confirmDelete: req.query.confirm === "delete" });
    addPageData(res, { adminEnquiry: view ?? null });
  };
  const act = async (req, res, id) => {
    const filter = parseInboxFilter(req.query);
    const m = await findEnquiry(store, id);
    if (!m) return redirectTo(res, INBOX, filter, "gone");
    const body = req.body ?? {};
    const action = typeof body.action === "string" ? body.action : "";
    const page = `${INBOX}/${encodeURIComponent(m.id)}`;
    try {
      if (action === "delete") {
        if (body.confirm !== "yes") return redirectTo(res, page, filter, "confirm-first");
        await store.deleteMessage(m.id);
        await store.drain();
        return redirectTo(res, INBOX, { ...filter, page: 1 }, "deleted");
      }
      const run = own(ACTIONS, action);
      if (!run) return void res.status(400).type("text/plain; charset=utf-8").send("Unknown action.\n");
      const done = await run(m, deps);
      redirectTo(res, action === "unread" ? INBOX : page, filter, done);
    } catch (err) {
      if (err instanceof UnknownMessageError) return redirectTo(res, INBOX, filter, "gone");
      if (err instanceof StoreWriteError) return redirectTo(res, page, filter, "not-saved");
      throw err;
    }
  };
  return async (req, res, next) => {
    const raw = requestPath(req.originalUrl);
    if (!isAdminPath(raw) || res.locals.adminAccess !== "owner") return next();
    const path23 = routePath(raw);
    const segments = path23.split("/").slice(1);
    const isPage = req.method === "GET" || req.method === "HEAD";
    try {
      if (path23 === `${INBOX}.csv` && isPage) return await exportCsv(req, res);
      if (path23 === INBOX && isPage) {
        const all = await store.allMessages();
        showList(req, res, all);
        addPageData(res, { newEnquiries: newEnquiryCount(all) });
        return next();
      }
      if (segments.length === 3 && `/${segments[0]}/${segments[1]}` === INBOX) {
        const id = segments[2];
        if (isPage) await showOne(req, res, id);
        else if (req.method === "POST") {
          await new Promise((resolve, reject) => parseForm(req, res, (err) => err ? reject(err) : resolve()));
          return await act(req, res, id);
        }
      }
      if (isPage) addPageData(res, { newEnquiries: await store.countMessages("new", countsAsNew) });
      next();
    } catch (err) {
      next(err);
    }
  };
}

// server/routes/admin-health.server.ts
function adminHealthRoutes(health) {
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (routePath(requestPath(req.originalUrl)) !== "/admin/health" || res.locals.adminAccess !== "owner") return next();
    try {
      res.locals.pageContext = { ...res.locals.pageContext, shopHealth: await health() };
      next();
    } catch (err) {
      next(err);
    }
  };
}

// domain/statistics-report.ts
var REPORT_RANGES = [7, 30, 365];
function reportRange(value) {
  return REPORT_RANGES.find((r) => String(r) === value) ?? REPORT_RANGES[0];
}

// server/services/statistics/day-totals.ts
var MAX_NAMES_PER_DAY = 200;
var OTHER = "other";
var MAX_NAME_LENGTH = 100;
function emptyDay() {
  return {
    views: 0,
    visitors: 0,
    pages: /* @__PURE__ */ new Map(),
    handoffs: /* @__PURE__ */ new Map(),
    referrers: /* @__PURE__ */ new Map(),
    sources: /* @__PURE__ */ new Map(),
    mediums: /* @__PURE__ */ new Map(),
    campaigns: /* @__PURE__ */ new Map(),
    devices: /* @__PURE__ */ new Map()
  };
}
function addOne(counts, name2) {
  counts.set(name2, (counts.get(name2) ?? 0) + 1);
}
function addBounded(counts, name2) {
  const cut = name2.slice(0, MAX_NAME_LENGTH);
  addOne(counts, counts.has(cut) || counts.size < MAX_NAMES_PER_DAY ? cut : OTHER);
}
var NAMED_COUNTS = ["handoffs", "referrers", "sources", "mediums", "campaigns", "devices"];
function mergeInto(into, extra) {
  into.views += extra.views;
  into.visitors += extra.visitors;
  for (const [path23, t] of extra.pages) {
    const page = into.pages.get(path23) ?? { views: 0, visitors: 0 };
    into.pages.set(path23, { views: page.views + t.views, visitors: page.visitors + t.visitors });
  }
  for (const field2 of NAMED_COUNTS) {
    for (const [name2, n] of extra[field2]) into[field2].set(name2, (into[field2].get(name2) ?? 0) + n);
  }
  return into;
}
var hasDetail = (day) => day.pages.size > 0 || NAMED_COUNTS.some((field2) => day[field2].size > 0);

// server/services/statistics/kept-days.ts
var KEPT_DAYS = 400;
var DETAIL_DAYS = 35;
var DAY_MS3 = 864e5;
var noStatistics = () => ({ days: /* @__PURE__ */ new Map(), months: /* @__PURE__ */ new Map() });
function daysBefore(date, n) {
  return new Date(Date.parse(`${date}T00:00:00Z`) - n * DAY_MS3).toISOString().slice(0, 10);
}
function rollUp(data, today) {
  const detailFrom = daysBefore(today, DETAIL_DAYS - 1);
  const keptFrom = daysBefore(today, KEPT_DAYS - 1);
  for (const [date, day] of data.days) {
    if (date < keptFrom) {
      data.days.delete(date);
      continue;
    }
    if (date >= detailFrom || !hasDetail(day)) continue;
    const month = date.slice(0, 7);
    const detail = { ...day, views: 0, visitors: 0 };
    data.months.set(month, mergeInto(data.months.get(month) ?? emptyDay(), detail));
    day.pages = /* @__PURE__ */ new Map();
    for (const field2 of NAMED_COUNTS) day[field2] = /* @__PURE__ */ new Map();
  }
  for (const month of data.months.keys()) if (month < keptFrom.slice(0, 7)) data.months.delete(month);
}

// server/services/statistics/statistics.server.ts
import { hash, randomBytes as randomBytes4 } from "node:crypto";

// server/services/statistics/statistics-file.server.ts
import { readFile as readFile7 } from "node:fs/promises";
var statisticsFileFor = (dataFile) => `${dataFile}.statistics.json`;
var isCount = (n) => typeof n === "number" && Number.isSafeInteger(n) && n >= 0;
var isRecord = (v16) => typeof v16 === "object" && v16 !== null && !Array.isArray(v16);
function countsFrom(value) {
  const counts = /* @__PURE__ */ new Map();
  if (isRecord(value)) {
    for (const [name2, n] of Object.entries(value)) if (isCount(n)) counts.set(name2, n);
  }
  return counts;
}
function dayFrom(value) {
  const day = emptyDay();
  if (!isRecord(value)) return day;
  if (isCount(value.views)) day.views = value.views;
  if (isCount(value.visitors)) day.visitors = value.visitors;
  if (isRecord(value.pages)) {
    for (const [path23, t] of Object.entries(value.pages)) {
      if (isRecord(t) && isCount(t.views) && isCount(t.visitors)) day.pages.set(path23, { views: t.views, visitors: t.visitors });
    }
  }
  for (const field2 of NAMED_COUNTS) day[field2] = countsFrom(value[field2]);
  return day;
}
function dayJson(day) {
  const pages = Object.fromEntries(day.pages);
  const json = { views: day.views, visitors: day.visitors, pages };
  for (const field2 of NAMED_COUNTS) json[field2] = Object.fromEntries(day[field2]);
  return json;
}
async function readStatistics(file) {
  let text4;
  try {
    text4 = await readFile7(file, "utf8");
  } catch (err) {
    if (err.code === "ENOENT") return noStatistics();
    throw err;
  }
  const parsed = JSON.parse(text4);
  if (!isRecord(parsed) || !isRecord(parsed.days)) throw new Error(`${file} does not hold daily statistics ({ "days": { ... } })`);
  const data = noStatistics();
  for (const [date, day] of Object.entries(parsed.days)) if (/^\d{4}-\d{2}-\d{2}$/.test(date)) data.days.set(date, dayFrom(day));
  if (isRecord(parsed.months)) {
    for (const [month, totals] of Object.entries(parsed.months)) if (/^\d{4}-\d{2}$/.test(month)) data.months.set(month, dayFrom(totals));
  }
  return data;
}
function statisticsText({ days, months }) {
  const lines = (entries2) => [...entries2.keys()].sort().map((key) => `${JSON.stringify(key)}: ${JSON.stringify(dayJson(entries2.get(key)))}`).join(",\n");
  return `{ "days": {
${lines(days)}
},
"months": {
${lines(months)}
} }
`;
}
async function writeStatistics(file, data) {
  await writeDurably(file, statisticsText(data));
}

// server/services/statistics/statistics.server.ts
var MAX_SEEN = 5e5;
var ukDate = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" });
var ukDay = (ms) => ukDate.format(ms);
var Statistics = class {
  constructor(options) {
    this.options = options;
    this.enabled = options.enabled;
    this.now = options.now ?? Date.now;
  }
  options;
  enabled;
  data = noStatistics();
  today = "";
  checkDayAt = 0;
  salt = newSalt();
  seen = /* @__PURE__ */ new Set();
  changed = false;
  saving = Promise.resolve();
  /** False when the file could not be read: it is left as it is rather than replaced. */
  saveable = true;
  timer;
  now;
  async start() {
    if (!this.enabled) return;
    try {
      const kept = await readStatistics(this.options.file);
      for (const [date, day] of this.data.days) kept.days.set(date, mergeInto(kept.days.get(date) ?? emptyDay(), day));
      this.data = kept;
    } catch (err) {
      this.saveable = false;
      this.options.logger.error({ err, file: this.options.file }, "The statistics file cannot be read; it is left as it is and new counts are not saved until it is mended or moved away.");
    }
    this.timer = setInterval(() => void this.save(), this.options.writeEveryMs);
    this.timer.unref();
  }
  async stop() {
    clearInterval(this.timer);
    this.timer = void 0;
    await this.save();
  }
  /** What was counted so far: the days (today's included) and the months the older days' detail went into. */
  totals() {
    return this.data;
  }
  view(view) {
    if (!this.enabled) return;
    const day = this.day();
    const visitor = this.visitorHash(view.address, view.userAgent);
    const page = day.pages.get(view.page) ?? { views: 0, visitors: 0 };
    day.pages.set(view.page, page);
    day.views++;
    page.views++;
    if (this.firstTime(visitor)) day.visitors++;
    if (this.firstTime(`${visitor} ${view.page}`)) page.visitors++;
    addOne(day.devices, view.device);
    if (view.referrer) addBounded(day.referrers, view.referrer);
    if (view.campaign.sources) addBounded(day.sources, view.campaign.sources);
    if (view.campaign.mediums) addBounded(day.mediums, view.campaign.mediums);
    if (view.campaign.campaigns) addBounded(day.campaigns, view.campaign.campaigns);
    this.changed = true;
  }
  /** An order sent on to the payment page for this (published) product. */
  handoff(productId) {
    if (!this.enabled) return;
    addOne(this.day().handoffs, productId);
    this.changed = true;
  }
  /** Writes the counts when they changed; one write at a time. */
  save() {
    this.day();
    if (!this.changed || !this.saveable) return this.saving;
    this.changed = false;
    rollUp(this.data, this.today);
    this.saving = this.saving.then(
      () => writeStatistics(this.options.file, this.data).catch((err) => {
        this.changed = true;
        this.options.logger.error({ err, file: this.options.file }, "The statistics could not be written; trying again in a minute.");
      })
    );
    return this.saving;
  }
  day() {
    const now2 = this.now();
    if (now2 >= this.checkDayAt) {
      this.checkDayAt = now2 + 1e3;
      const today = ukDay(now2);
      if (today !== this.today) {
        this.today = today;
        this.salt = newSalt();
        this.seen.clear();
        forgetBrowsers();
      }
    }
    let day = this.data.days.get(this.today);
    if (!day) this.data.days.set(this.today, day = emptyDay());
    return day;
  }
  visitorHash(address, userAgent) {
    return hash("sha256", `${this.salt}${address}
${userAgent}`, "base64url");
  }
  firstTime(key) {
    if (this.seen.has(key) || this.seen.size >= MAX_SEEN) return false;
    this.seen.add(key);
    return true;
  }
};
var newSalt = () => randomBytes4(32).toString("base64");

// server/services/statistics/report.server.ts
var PRODUCT_PAGE = "/products/";
var LISTED = 20;
var ranked = (counts) => [...counts].map(([name2, count]) => ({ name: name2, count })).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)).slice(0, LISTED);
function statisticsReport(input) {
  const { data, range } = input;
  const today = ukDay(input.now ?? Date.now());
  const from = daysBefore(today, range - 1);
  const days = [];
  const detail = emptyDay();
  for (let n = range - 1; n >= 0; n--) {
    const date = daysBefore(today, n);
    const day = data.days.get(date);
    days.push({ date, views: day?.views ?? 0, visitors: day?.visitors ?? 0, handoffs: [...day?.handoffs.values() ?? []].reduce((a, b) => a + b, 0) });
    if (day) mergeInto(detail, { ...day, views: 0, visitors: 0 });
  }
  for (const [month, totals] of data.months) if (month >= from.slice(0, 7)) mergeInto(detail, totals);
  const names = new Map(input.products.map((p) => [p.id, p.name]));
  const productIds = /* @__PURE__ */ new Set([...detail.handoffs.keys(), ...[...detail.pages.keys()].filter((p) => p.startsWith(PRODUCT_PAGE)).map((p) => p.slice(PRODUCT_PAGE.length))]);
  const products = [...productIds].map((id) => {
    const page = detail.pages.get(`${PRODUCT_PAGE}${id}`);
    return { id, name: names.get(id) ?? id, views: page?.views ?? 0, visitors: page?.visitors ?? 0, handoffs: detail.handoffs.get(id) ?? 0 };
  }).sort((a, b) => b.views - a.views || b.handoffs - a.handoffs || a.name.localeCompare(b.name));
  const enquiries2 = /* @__PURE__ */ new Map();
  for (const m of input.messages) {
    if (ukDay(Date.parse(m.createdAt)) >= from) enquiries2.set(subjectLabel(m.subject), (enquiries2.get(subjectLabel(m.subject)) ?? 0) + 1);
  }
  const sum = (key) => days.reduce((n, d) => n + d[key], 0);
  return {
    range,
    days,
    totals: { views: sum("views"), visitors: sum("visitors"), handoffs: sum("handoffs"), enquiries: [...enquiries2.values()].reduce((a, b) => a + b, 0) },
    products,
    pages: ranked(new Map([...detail.pages].filter(([path23]) => !path23.startsWith(PRODUCT_PAGE)).map(([path23, t]) => [path23, t.views]))),
    referrers: ranked(detail.referrers),
    sources: ranked(detail.sources),
    mediums: ranked(detail.mediums),
    campaigns: ranked(detail.campaigns),
    devices: ranked(detail.devices),
    enquiries: ranked(enquiries2),
    counting: input.counting
  };
}
function dailyCsv(report) {
  const rows = [["date", "views", "visitors", "hand-offs to payment"], ...report.days.map((d) => [d.date, String(d.views), String(d.visitors), String(d.handoffs)])];
  return `\uFEFF${rows.map((r) => r.join(",")).join("\r\n")}\r
`;
}

// server/routes/admin-statistics.server.ts
var PAGE = "/admin/statistics";
function adminStatisticsRoutes({ store, statistics }) {
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const path23 = routePath(requestPath(req.originalUrl));
    if (path23 !== PAGE && path23 !== `${PAGE}.csv` || res.locals.adminAccess !== "owner") return next();
    try {
      const report = statisticsReport({
        data: statistics.totals(),
        range: reportRange(req.query.days),
        products: store.products,
        messages: await store.allMessages(),
        counting: statistics.enabled
      });
      if (path23 === PAGE) {
        res.locals.pageContext = { ...res.locals.pageContext, statisticsReport: report };
        return next();
      }
      res.setHeader("Content-Type", "text/csv; charset=utf-8");
      res.setHeader("Content-Disposition", `attachment; filename="visits-last-${report.range}-days-to-${report.days.at(-1).date}.csv"`);
      res.send(dailyCsv(report));
    } catch (err) {
      next(err);
    }
  };
}

// server/owner-access.server.ts
var OWNER_ONLY_MESSAGE = "The shop's workspace is for the owner only. Set ADMIN_PASSWORD (12 characters or more) on the server and sign in as admin, or open /admin on the server itself.";
var ownerAnswersPrivate = (req, res, next) => {
  if (isOwnerPath(requestPath(req.originalUrl))) {
    res.setHeader("Cache-Control", "private, no-store");
    res.setHeader("X-Robots-Tag", "noindex");
  }
  next();
};
function ownerAccess({ config, store, owner, dailyLimit, catalogue }) {
  const pageState = (access) => access === "owner" ? { access, configured: Boolean(config.openaiApiKey), allowance: dailyLimit.allowance() } : { access, configured: false, allowance: null };
  return async (req, res, next) => {
    const path23 = requestPath(req.originalUrl);
    const api = isOwnerApiPath(path23);
    if (!api && !isAdminPath(path23)) return next();
    const verdict = await identify(req, res, owner, api ? "json" : "text", api ? "Sign in as admin with the admin password." : void 0);
    if (verdict === "answered") return;
    if (verdict === "owner") {
      res.locals.adminAccess = "owner";
      res.locals.pageContext = { imageAdmin: pageState("owner"), catalogue };
      return next();
    }
    try {
      const urlOriginal = /pagecontext\.json$/i.test(requestPath(req.originalUrl)) ? `${ADMIN_PATH}/index.pageContext.json` : ADMIN_PATH;
      await refuseVisitor(req, res, api, () => sendPersonalPage(req, res, { store, siteUrl: config.siteUrl, imageAdmin: pageState("visitor"), urlOriginal }, 403));
    } catch (err) {
      next(err);
    }
  };
}
async function refuseVisitor(req, res, api, overviewPage) {
  if (api) {
    res.status(403).json({ error: OWNER_ONLY_MESSAGE });
    return;
  }
  if (routePath(requestPath(req.originalUrl)) === ADMIN_PATH && (req.method === "GET" || req.method === "HEAD")) return overviewPage();
  res.status(403).type("text/plain; charset=utf-8").send(`${OWNER_ONLY_MESSAGE}
`);
}

// server/routes/catalogue.server.ts
import express6, { Router as Router7 } from "express";

// domain/product-form.ts
import * as v10 from "valibot";
var text3 = () => v10.pipe(v10.string(), v10.trim());
var required2 = (message) => v10.pipe(v10.string(message), v10.trim(), v10.nonEmpty(message));
var ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
var fields = {
  name: required2("Please give the product a name."),
  description: text3(),
  price: v10.pipe(text3(), v10.regex(PRICE_PATTERN, "Write the price with its pound sign and pence, such as \xA3185.00 or \xA31,250.00.")),
  sku: required2("Please give the stock code (SKU)."),
  category: v10.picklist(CATEGORIES, "Please choose footwear, bags or belts."),
  availability: v10.picklist(AVAILABILITIES, "Please choose in stock, made to order or sold out."),
  leadTime: text3(),
  /** Checked by the server: a file the site serves (never a typed address of a missing one). */
  mainImage: text3(),
  paymentLink: v10.pipe(text3(), v10.nonEmpty("Please give the card payment page, starting with https://."), paymentLinkCheck("Write the whole address of the card payment page, starting with https:// and a host name such as buy.stripe.com, without spaces or commas."))
};
var LEAD_TIME_ASKED = "Say how long it takes to make, such as 3 weeks.";
var EditSchema = v10.pipe(v10.object(fields), v10.forward(v10.check((p) => p.availability !== "made-to-order" || p.leadTime !== "", LEAD_TIME_ASKED), ["leadTime"]));
var NewSchema = v10.pipe(
  v10.object({ id: v10.pipe(text3(), v10.regex(ID_PATTERN, "Use lower-case letters, digits and hyphens, such as oxford-brogue.")), ...fields }),
  v10.forward(v10.check((p) => p.availability !== "made-to-order" || p.leadTime !== "", LEAD_TIME_ASKED), ["leadTime"])
);
var PRODUCT_FIELDS = ["name", "id", "price", "category", "availability", "leadTime", "sku", "description", "mainImage", "paymentLink"];
function productValuesFrom(body) {
  const src = body && typeof body === "object" ? body : {};
  return Object.fromEntries(PRODUCT_FIELDS.map((f) => [f, typeof src[f] === "string" ? src[f] : ""]));
}
function valuesOf(p) {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    price: p.price,
    sku: p.sku,
    category: p.category,
    availability: p.availability ?? "in-stock",
    leadTime: p.leadTime ?? "",
    mainImage: p.mainImage,
    paymentLink: p.paymentLink
  };
}
function checkProduct(values, { isNew }) {
  const parsed = isNew ? v10.safeParse(NewSchema, values) : v10.safeParse(EditSchema, values);
  if (!parsed.success) return { success: false, errors: fieldErrors(parsed.issues) };
  return { success: true, values: { ...values, ...parsed.output } };
}
function idFromName(name2) {
  return name2.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60).replace(/-+$/, "");
}
function uniqueId(wanted, taken) {
  const base = wanted || "product";
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

// domain/product-order.ts
import * as v11 from "valibot";
var MOVES = ["up", "down", "top", "bottom"];
var MoveSchema = v11.object({
  id: v11.pipe(v11.string("Say which product moves."), v11.nonEmpty("Say which product moves.")),
  to: v11.union([v11.picklist(MOVES), v11.pipe(v11.number(), v11.integer(), v11.minValue(0))], "Say where it moves: up, down, top, bottom or a place in the list.")
});
function targetOf(from, to, length) {
  const target = typeof to === "number" ? Math.min(to, length - 1) : { up: from - 1, down: from + 1, top: 0, bottom: length - 1 }[to];
  return target < 0 || target >= length || target === from ? null : target;
}
function moved(items2, from, target) {
  const out = [...items2];
  const [item] = out.splice(from, 1);
  out.splice(target, 0, item);
  return out;
}

// server/routes/product-order.server.ts
import express5, { Router as Router6 } from "express";
import * as v12 from "valibot";
var NOT_JSON2 = 'Send the move as JSON: {"id": "oxford-brogue", "to": "up"}.';
function orderApi(catalogue) {
  const api = Router6();
  api.post(
    "/",
    (req, _res, next) => next(req.is("application/json") === "application/json" ? void 0 : new HttpError(415, NOT_JSON2)),
    express5.json({ limit: "4kb" }),
    (req, res, next) => {
      const move = v12.safeParse(MoveSchema, req.body);
      if (!move.success) return void res.status(400).json({ error: move.issues[0].message });
      catalogue.move(move.output.id, move.output.to).then((answer) => {
        if (answer) res.json(answer);
        else res.status(404).json({ error: "There is no such product (it may have been removed)." });
      }, next);
    }
  );
  api.use(((err, _req, _res, next) => next(err?.type === "charset.unsupported" || err?.type === "encoding.unsupported" ? new HttpError(415, NOT_JSON2) : err)));
  return api;
}

// server/routes/catalogue.server.ts
var productAddress = (id) => `/admin/products/${encodeURIComponent(id)}`;
function baseOf(body) {
  const raw = body?.base;
  if (typeof raw !== "string") return null;
  try {
    return productValuesFrom(JSON.parse(raw));
  } catch {
    return null;
  }
}
var field = (body, name2) => {
  const value = body?.[name2];
  return typeof value === "string" ? value : "";
};
function catalogueRoutes({ catalogue, store, siteUrl }) {
  const routes2 = Router7();
  const form = express6.urlencoded({ extended: false, limit: "64kb", parameterLimit: 30 });
  const sendBack = (req, res, productForm, status) => sendPersonalPage(req, res, { ...res.locals.pageContext, store, siteUrl, productForm }, status);
  const handle = (fn) => (req, res, next) => void fn(req, res).catch(next);
  routes2.post(
    "/admin/products/new",
    form,
    handle(async (req, res) => {
      const values = productValuesFrom(req.body);
      const outcome = await catalogue.add(values);
      if (outcome.ok) return res.redirect(303, `${productAddress(outcome.id)}?done=added`);
      if (outcome.status === 400) await sendBack(req, res, { values, errors: outcome.errors }, 400);
    })
  );
  routes2.post(
    "/admin/products/:id",
    form,
    handle(async (req, res) => {
      const id = String(req.params.id);
      const values = { ...productValuesFrom(req.body), id };
      const outcome = await catalogue.save(id, values, { revision: field(req.body, "revision"), base: baseOf(req.body) });
      if (outcome.ok) return res.redirect(303, `${productAddress(id)}?done=saved`);
      if (outcome.status === 404) return void res.status(404).type("text/plain; charset=utf-8").send("There is no such product (it may have been removed).\n");
      if (outcome.status === 400) return sendBack(req, res, { values, errors: outcome.errors }, 400);
      await sendBack(req, res, { values, errors: {}, conflict: { saved: outcome.saved, revision: outcome.revision } }, 409);
    })
  );
  routes2.post(
    "/admin/products/:id/duplicate",
    handle(async (req, res) => {
      const copy = await catalogue.duplicate(String(req.params.id));
      res.redirect(303, copy ? `${productAddress(copy)}?done=duplicated` : "/admin/products");
    })
  );
  routes2.post(
    "/admin/products/:id/publish",
    handle(async (req, res) => {
      const id = String(req.params.id);
      const outcome = await catalogue.publish(id);
      if (outcome.ok) return res.redirect(303, `${productAddress(id)}?done=published`);
      if (outcome.status === 404) return void res.status(404).type("text/plain; charset=utf-8").send("There is no such product (it may have been removed).\n");
      await sendPersonalPage(req, res, { ...res.locals.pageContext, store, siteUrl, publishMissing: outcome.missing, urlOriginal: productAddress(id) }, 400);
    })
  );
  routes2.post(
    "/admin/products/:id/unpublish",
    handle(async (req, res) => {
      const id = String(req.params.id);
      res.redirect(303, await catalogue.unpublish(id) ? `${productAddress(id)}?done=unpublished` : "/admin/products");
    })
  );
  routes2.post(
    "/admin/products/:id/remove",
    handle(async (req, res) => {
      const entry = await catalogue.remove(String(req.params.id));
      res.redirect(303, entry ? `/admin/products?removed=${encodeURIComponent(entry)}` : "/admin/products");
    })
  );
  routes2.post(
    "/admin/products/:id/move",
    form,
    handle(async (req, res) => {
      const id = String(req.params.id);
      const to = field(req.body, "to");
      if (MOVES.includes(to)) await catalogue.move(id, to);
      res.redirect(303, `/admin/products#row-${encodeURIComponent(id)}`);
    })
  );
  routes2.post(
    "/admin/history/:entry/restore",
    handle(async (req, res) => {
      if (await catalogue.restoreOrder(String(req.params.entry))) return res.redirect(303, "/admin/products?done=order-restored");
      const id = await catalogue.restore(String(req.params.entry));
      res.redirect(303, id ? `${productAddress(id)}?done=restored` : "/admin/history");
    })
  );
  routes2.use("/api/admin/products/order", orderApi(catalogue));
  return routes2;
}

// server/routes/photos.server.ts
import busboy from "busboy";
import express7, { Router as Router8 } from "express";

// server/routes/photo-refusal.server.ts
function refuseStale({ req, res, store, siteUrl, refusal }) {
  const id = String(req.params.id);
  return sendPersonalPage(req, res, { ...res.locals.pageContext, store, siteUrl, photoRefusal: refusal, urlOriginal: `/admin/products/${encodeURIComponent(id)}` }, 409);
}

// data/catalogue-history.server.ts
import { randomUUID as randomUUID3 } from "node:crypto";
import { appendFile, readFile as readFile8 } from "node:fs/promises";
var historyFileFor = (dataFile) => `${dataFile}.history.jsonl`;
var CatalogueHistory = class {
  constructor(file) {
    this.file = file;
  }
  file;
  entries = null;
  async all() {
    if (this.entries) return this.entries;
    let text4 = "";
    try {
      text4 = await readFile8(this.file, "utf8");
    } catch (err) {
      if (err.code !== "ENOENT") throw err;
    }
    const read = [];
    for (const line2 of text4.split("\n")) {
      if (!line2.trim()) continue;
      try {
        read.push(JSON.parse(line2));
      } catch {
      }
    }
    this.entries ??= read;
    return this.entries;
  }
  async record(changes, at = /* @__PURE__ */ new Date()) {
    if (changes.length === 0) return [];
    const all = await this.all();
    const added = changes.map((c) => ({ id: randomUUID3(), at: at.toISOString(), ...c }));
    await appendFile(this.file, added.map((e) => `${JSON.stringify(e)}
`).join(""), { mode: 384 });
    all.push(...added);
    return added;
  }
  async find(id) {
    return (await this.all()).find((e) => e.id === id);
  }
  async lastOwnerChange(productId) {
    return (await this.all()).findLast((e) => e.productId === productId && e.who === "owner" && !e.order);
  }
};
function productChanges(before, after, who, action) {
  const old = new Map(before.map((p, i) => [p.id, { p, i }]));
  const now2 = new Set(after.map((p) => p.id));
  const out = [];
  for (const p of after) {
    const was = old.get(p.id)?.p ?? null;
    if (was !== p && JSON.stringify(was) !== JSON.stringify(p)) out.push({ who, action, productId: p.id, before: was, after: p });
  }
  for (const [id, { p, i }] of old) if (!now2.has(id)) out.push({ who, action, productId: id, before: p, after: null, position: i });
  return out;
}
function orderChange(before, after, who, movedId) {
  const ids = (list) => list.map((p) => p.id);
  const kept = new Set(ids(before).filter((id) => after.some((p) => p.id === id)));
  const was = ids(before).filter((id) => kept.has(id));
  const now2 = ids(after).filter((id) => kept.has(id));
  const at = was.findIndex((id, i) => now2[i] !== id);
  if (at < 0) return null;
  return { who, action: "reorder", productId: movedId ?? now2[at], before: null, after: null, order: { before: ids(before), after: ids(after) } };
}
function inOrder(products, order) {
  const rank = new Map(order.map((id, i) => [id, i]));
  const ranked2 = products.filter((p) => rank.has(p.id)).sort((a, b) => rank.get(a.id) - rank.get(b.id));
  let next = 0;
  return products.map((p) => rank.has(p.id) ? ranked2[next++] : p);
}

// data/snapshots.server.ts
import { mkdir as mkdir3, readdir as readdir3, readFile as readFile9, rm as rm4, writeFile } from "node:fs/promises";
import path15 from "node:path";
var NOT_CATALOGUE = /* @__PURE__ */ new Set(["messages", "imageRuns"]);
var snapshotDirFor = (dataFile) => `${dataFile}.snapshots`;
var NAME = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})(?:-([a-z0-9-]+))?\.json$/;
var UnknownSnapshotError = class extends Error {
  name = "UnknownSnapshotError";
};
function catalogueOf(data) {
  const out = {};
  for (const [key, value] of Object.entries(data)) if (!NOT_CATALOGUE.has(key)) out[key] = value;
  return out;
}
var Snapshots = class {
  constructor(dir, keep = 30) {
    this.dir = dir;
    this.keep = keep;
  }
  dir;
  keep;
  async take(data, reason, now2 = /* @__PURE__ */ new Date()) {
    await mkdir3(this.dir, { recursive: true, mode: 448 });
    const stamp = now2.toISOString().slice(0, 19).replace(/:/g, "-");
    let name2 = `${stamp}-${reason}.json`;
    for (let n = 2; (await this.names()).includes(name2); n++) name2 = `${stamp}-${reason}-${n}.json`;
    await writeFile(path15.join(this.dir, name2), `${JSON.stringify(catalogueOf(data), null, 2)}
`, { mode: 384, flag: "wx" });
    await this.prune();
    return name2;
  }
  /** Before the first change of a day (UTC): one snapshot of the catalogue as the day found it. */
  async takeDaily(data, now2 = /* @__PURE__ */ new Date()) {
    const day = now2.toISOString().slice(0, 10);
    if ((await this.names()).some((n) => n.startsWith(day))) return null;
    return this.take(data, "daily", now2);
  }
  async list() {
    const out = [];
    for (const name2 of (await this.names()).reverse()) {
      const m = NAME.exec(name2);
      const products = (await this.read(name2).catch(() => null))?.products.length ?? 0;
      out.push({ name: name2, takenAt: `${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`, reason: m[5] ?? "", products });
    }
    return out;
  }
  async read(name2) {
    if (!NAME.test(name2) || !(await this.names()).includes(name2)) throw new UnknownSnapshotError(`There is no snapshot called ${name2} (npm run snapshots lists them).`);
    const parsed = JSON.parse(await readFile9(path15.join(this.dir, name2), "utf8"));
    if (!Array.isArray(parsed.products)) throw new UnknownSnapshotError(`The snapshot ${name2} holds no products.`);
    return parsed;
  }
  /** Oldest first. */
  async names() {
    try {
      return (await readdir3(this.dir)).filter((n) => NAME.test(n)).sort();
    } catch (err) {
      if (err.code === "ENOENT") return [];
      throw err;
    }
  }
  async prune() {
    const names = await this.names();
    await Promise.all(names.slice(0, Math.max(0, names.length - this.keep)).map((n) => rm4(path15.join(this.dir, n), { force: true })));
  }
};

// domain/photo-list.ts
function photoListVersion(photos) {
  const text4 = JSON.stringify(photos);
  let a = 2166136261;
  let b = 2538058380;
  for (let i = 0; i < text4.length; i++) {
    const c = text4.charCodeAt(i);
    a = Math.imul(a ^ c, 16777619);
    b = Math.imul(b ^ c, 1540483477);
  }
  return `${(a >>> 0).toString(36)}${(b >>> 0).toString(36)}`;
}
var PHOTOS_CHANGED = "The photographs were changed in another tab or window after this page was opened, so nothing was changed. Here they are as they are now: please choose again.";
var OFFER_GONE = "Those new photographs were no longer waiting (chosen or discarded in another tab?): nothing changed.";
var photoDoneQuery = (photo, detail) => {
  const query = new URLSearchParams({ photo });
  if (detail.n !== void 0) query.set("n", String(detail.n));
  if (detail.angle !== void 0) query.set("angle", detail.angle);
  return `?${query.toString()}`;
};

// domain/product-page.ts
var ANGLE_NAMES = { main: "Main view", "45-degree": "45-degree view", "side profile": "Side profile", detail: "Detail" };
function photosOf(product) {
  const own2 = (product.photos ?? []).map((p) => p?.src);
  const others = own2.length > 0 ? own2 : generatedOf(product).map((i) => i.src);
  const rest = [...new Set(others.filter((src) => typeof src === "string" && src !== product.mainImage))];
  return product.mainImage ? [product.mainImage, ...rest] : rest;
}
var generatedOf = (product) => (product.images ?? []).filter((i) => IMAGE_ANGLES.includes(i.angle) && typeof i.src === "string");
function galleryOf(product, formats) {
  return shownOf(product).map((image) => formats?.hasAvif(image.src) ? { ...image, avif: true } : image);
}
function shownOf(product) {
  if ((product.photos ?? []).length > 0) {
    return photosOf(product).map((src, i) => ({ angle: i === 0 ? "main" : `photo-${i + 1}`, src, label: i === 0 ? "Main photograph" : `Photograph ${i + 1}` }));
  }
  const stored = generatedOf(product);
  const ordered = IMAGE_ANGLES.flatMap((angle) => stored.filter((i) => i.angle === angle).slice(0, 1));
  const images = ordered.length > 0 && ordered[0].angle === "main" ? ordered : [{ angle: "main", src: product.mainImage }];
  return images.map((i) => ({ angle: i.angle, src: i.src, label: ANGLE_NAMES[i.angle] }));
}

// server/services/catalogue.server.ts
var NOT_SERVED = "This is not a photograph of the site: upload it below (Photographs), then make it the main one.";
var PHOTO_KEPT = "A product on the shop keeps its main photograph: choose another below, or take the product off the shop first.";
var withOrder = (changes, order) => order ? [...changes, order] : changes;
var PHOTO_ACTIONS = ["main", "earlier", "later", "remove"];
function withPhotos(product, src, action) {
  const list = action === "add" ? [...photosOf(product), src] : photosOf(product);
  const at = list.indexOf(src);
  if (at < 0) return product;
  if (action === "remove") {
    if (list.length === 1) return product;
    list.splice(at, 1);
  } else if (action === "main") {
    list.splice(at, 1);
    list.unshift(src);
  } else if (action === "earlier" || action === "later") {
    const to = action === "earlier" ? at - 1 : at + 1;
    if (to < 0 || to >= list.length) return product;
    [list[at], list[to]] = [list[to], list[at]];
  }
  return withPhotoList(product, list);
}
var withPhotoList = (product, list) => ({ ...product, mainImage: list[0], photos: list.slice(1).map((s) => ({ src: s })) });
function withValues(product, values) {
  const next = { ...product };
  for (const [field2, value] of Object.entries(values)) {
    if (field2 === "id") continue;
    if (field2 === "availability" && value === "in-stock" && product.availability === void 0) continue;
    next[field2] = value;
  }
  if (next.availability !== "made-to-order" || next.leadTime === "") delete next.leadTime;
  return next;
}
var CatalogueService = class {
  constructor(store, history, snapshots, servedPhoto) {
    this.store = store;
    this.history = history;
    this.snapshots = snapshots;
    this.servedPhoto = servedPhoto;
    this.seen = store.products;
    store.onChange(() => void this.serial(() => this.noteFileEdit()).catch(() => {
    }));
    store.answer("snapshots", async () => ({ ok: true, snapshots: await this.snapshots.list() }));
    store.answer("restore-snapshot", async ({ name: name2 }) => ({ ok: true, ...await this.restoreSnapshot(String(name2)) }));
  }
  store;
  history;
  snapshots;
  servedPhoto;
  seen;
  running = Promise.resolve();
  /** The revision a product's form is opened on: the last change the workspace made to it. */
  async revisionOf(id) {
    return (await this.history.lastOwnerChange(id))?.id ?? "";
  }
  /** Only the fields changed since `base` are written, so a file edit made meanwhile to another field is kept. */
  save(id, values, { revision, base }) {
    return this.serial(async () => {
      const current = this.store.products.find((p) => p.id === id);
      if (!current) return { ok: false, status: 404 };
      const latest = await this.revisionOf(id);
      if (latest !== revision) return { ok: false, status: 409, saved: valuesOf(current), revision: latest };
      const checked = checkProduct({ ...values, id }, { isNew: false });
      if (!checked.success) return { ok: false, status: 400, errors: checked.errors };
      const from = base ?? valuesOf(current);
      const changed = Object.fromEntries(PRODUCT_FIELDS.filter((f) => checked.values[f] !== from[f]).map((f) => [f, checked.values[f]]));
      const photo = changed.mainImage === void 0 ? null : await this.photoProblem(current, changed.mainImage);
      if (photo) return { ok: false, status: 400, errors: { mainImage: photo } };
      const next = withValues(current, changed);
      const problem = productProblem(next);
      if (problem) return { ok: false, status: 400, errors: { name: `This product cannot be saved: ${problem}.` } };
      await this.write("edit", [id], (products) => products.map((p) => p.id === id ? next : p));
      return { ok: true, id };
    });
  }
  /** Adds a draft at the end of the list; without an id, one is made from its name. Its photograph is uploaded on its page, never typed. */
  add(values) {
    return this.serial(async () => {
      const taken = new Set(this.store.products.map((p) => p.id));
      const id = values.id.trim() || uniqueId(idFromName(values.name), taken);
      const checked = checkProduct({ ...values, id, mainImage: "" }, { isNew: true });
      if (!checked.success) return { ok: false, status: 400, errors: checked.errors };
      if (taken.has(id)) return { ok: false, status: 400, errors: { id: `Another product already has the id ${id}; choose another.` } };
      const { id: _, ...fields2 } = checked.values;
      const product = { ...withValues({ id }, fields2), status: "draft" };
      const problem = productProblem(product);
      if (problem) return { ok: false, status: 400, errors: { name: `This product cannot be saved: ${problem}.` } };
      await this.write("add", [id], (products) => [...products, product]);
      return { ok: true, id };
    });
  }
  /** A draft copy just after the original, with an id, a name and a stock code of its own. */
  duplicate(id) {
    return this.serial(async () => {
      const original = this.store.products.find((p) => p.id === id);
      if (!original) return null;
      const copyId = uniqueId(`${id}-copy`, new Set(this.store.products.map((p) => p.id)));
      const sku = uniqueId(`${original.sku}-COPY`, new Set(this.store.products.map((p) => p.sku)));
      const copy = { ...original, id: copyId, name: `${original.name} (copy)`, sku, status: "draft" };
      await this.write("duplicate", [copyId], (products) => products.flatMap((p) => p.id === id ? [p, copy] : [p]));
      return copyId;
    });
  }
  /** Puts a draft on the shop once it has all a visitor needs; otherwise says what is missing. */
  publish(id) {
    return this.serial(async () => {
      const current = this.store.products.find((p) => p.id === id);
      if (!current) return { ok: false, status: 404 };
      const missing = await this.missingToPublish(current);
      if (missing.length > 0) return { ok: false, status: 400, missing };
      if (isPublished(current)) return { ok: true };
      const { status: _, ...published } = current;
      await this.write("publish", [id], (products) => products.map((p) => p.id === id ? published : p));
      return { ok: true };
    });
  }
  /** Takes a product off the shop, keeping it (and its photographs) as a draft. */
  unpublish(id) {
    return this.serial(async () => {
      const current = this.store.products.find((p) => p.id === id);
      if (!current) return false;
      if (isPublished(current)) await this.write("unpublish", [id], (products) => products.map((p) => p.id === id ? { ...current, status: "draft" } : p));
      return true;
    });
  }
  /** Takes a product out of the list; returns the history entry that can bring it back. */
  remove(id) {
    return this.serial(async () => {
      if (!this.store.products.some((p) => p.id === id)) return null;
      const [entry] = await this.write("remove", [id], (products) => products.filter((p) => p.id !== id));
      return entry?.id ?? null;
    });
  }
  /** Moves a product in the shop's order; the history records the order before and after, so it can be undone. */
  move(id, to) {
    return this.serial(async () => {
      const products = this.store.products;
      const from = products.findIndex((p) => p.id === id);
      if (from < 0) return null;
      const target = targetOf(from, to, products.length);
      if (target !== null) await this.writeOrder(id, moved(products, from, target).map((p) => p.id));
      const order = this.store.products.map((p) => p.id);
      return { order, position: order.indexOf(id) };
    });
  }
  /** Puts back the order a reorder in the history changed; false when the entry is not a reorder. */
  restoreOrder(entryId) {
    return this.serial(async () => {
      const entry = await this.history.find(entryId);
      if (!entry?.order) return false;
      await this.snapshots.take(this.store.data, "before-restore");
      await this.writeOrder(entry.productId, entry.order.before);
      return true;
    });
  }
  /** Adds a stored photograph to a product (last), or changes which is main, their order, or removes one of the list `version` names. */
  photo(id, src, action, version2) {
    return this.serial(async () => {
      const current = this.store.products.find((p) => p.id === id);
      if (!current) return "missing";
      const list = photosOf(current);
      if (version2 !== void 0 && (version2 !== photoListVersion(list) || !list.includes(src))) return "stale";
      const next = withPhotos(current, src, action);
      if (next !== current) await this.write("photos", [id], (products) => products.map((p) => p.id === id ? next : p));
      return { at: list.indexOf(src) };
    });
  }
  /** Writes the product's photographs as `change` makes them from the current ones (main first), as one change in the history. */
  setPhotos(id, change) {
    return this.serial(async () => {
      const current = this.store.products.find((p) => p.id === id);
      const list = current ? [...new Set(change(photosOf(current)))] : [];
      if (!current || list.length === 0) return false;
      const next = withPhotoList(current, list);
      await this.write("new-photos", [id], (products) => products.map((p) => p.id === id ? next : p));
      return true;
    });
  }
  /** Brings back a product as it was before a change in the history (also a removed one, where it stood). */
  restore(entryId) {
    return this.serial(async () => {
      const entry = await this.history.find(entryId);
      const version2 = entry?.before;
      if (!entry || !version2) return null;
      await this.snapshots.take(this.store.data, "before-restore");
      await this.write("restore", [version2.id], (products) => {
        if (products.some((p) => p.id === version2.id)) return products.map((p) => p.id === version2.id ? version2 : p);
        const at = Math.min(entry.position ?? products.length, products.length);
        return [...products.slice(0, at), version2, ...products.slice(at)];
      });
      return version2.id;
    });
  }
  /** Puts the catalogue back as a snapshot holds it; enquiries stay as they are. */
  restoreSnapshot(name2) {
    return this.serial(async () => {
      const snapshot = await this.snapshots.read(name2);
      const taken = await this.snapshots.take(this.store.data, "before-restore");
      const before = this.store.products;
      await this.store.update((d) => ({ ...d, ...catalogueOf(snapshot), products: snapshot.products }));
      const recorded = await this.history.record(withOrder(productChanges(before, this.store.products, "owner", "snapshot-restore"), orderChange(before, this.store.products, "owner")));
      this.seen = this.store.products;
      return { taken, changed: recorded.length };
    });
  }
  /** Writes a change of the products and records what it did to the products named. */
  async write(action, ids, change) {
    await this.snapshots.takeDaily(this.store.data);
    const before = this.store.products;
    await this.store.update((d) => ({ ...d, products: change(d.products) }));
    const only = (list) => list.filter((p) => ids.includes(p.id));
    const changes = productChanges(only(before), only(this.store.products), "owner", action).map((c) => c.after === null ? { ...c, position: before.findIndex((p) => p.id === c.productId) } : c);
    this.seen = this.store.products;
    return this.history.record(changes);
  }
  async writeOrder(movedId, order) {
    await this.snapshots.takeDaily(this.store.data);
    const before = this.store.products;
    await this.store.update((d) => ({ ...d, products: inOrder(d.products, order) }));
    const change = orderChange(before, this.store.products, "owner", movedId);
    this.seen = this.store.products;
    if (change) await this.history.record([change]);
  }
  async noteFileEdit() {
    const now2 = this.store.products;
    if (now2 === this.seen) return;
    await this.history.record(withOrder(productChanges(this.seen, now2, "data file", "file-edit"), orderChange(this.seen, now2, "data file")));
    this.seen = now2;
  }
  async photoProblem(current, src) {
    if (src === "") return isPublished(current) ? PHOTO_KEPT : null;
    return await this.servedPhoto(src) ? null : NOT_SERVED;
  }
  async missingToPublish(p) {
    const missing = [];
    if (!p.name.trim()) missing.push("a name");
    if (!PRICE_PATTERN.test(p.price)) missing.push("a price, such as \xA3185.00");
    if (!/^https:\/\/[^/]+\.[^/]+/.test(p.paymentLink)) missing.push("a card payment page (https://...)");
    if (!p.mainImage || !await this.servedPhoto(p.mainImage)) missing.push("a photograph: upload one below (Photographs)");
    return missing;
  }
  serial(job) {
    const next = this.running.then(job, job);
    this.running = next.catch(() => {
    });
    return next;
  }
};

// domain/photo-offers.ts
var PHOTO_UPLOAD_LIMIT = 25 * 1024 * 1024;
var TOO_LARGE_MESSAGE = `The photograph is larger than ${PHOTO_UPLOAD_LIMIT / 1024 / 1024} MB. Please choose a smaller one (or a lower resolution on the phone).`;
var PHOTO_CHOICES = ["main", "gallery", "all", "discard"];

// server/services/photo-upload.server.ts
import { rmdir } from "node:fs/promises";
import path16 from "node:path";
import sharp4 from "sharp";
var MAX_PHOTO_PIXELS = 64e6;
var KEPT_PHOTO_SIDE = 2 * PRODUCT_IMAGE_WIDTHS.at(-1);
var ACCEPTED = /* @__PURE__ */ new Set(["jpeg", "png", "webp"]);
var PhotoRefusedError = class extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
  status;
  name = "PhotoRefusedError";
};
async function storeUploadedPhoto(opts) {
  let meta;
  try {
    meta = await sharp4(opts.bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoRefusedError(415, "This file is not a photograph the site can read. Please upload a JPEG, PNG or WebP picture.");
  }
  if (!meta.format || !ACCEPTED.has(meta.format)) {
    throw new PhotoRefusedError(415, `Only JPEG, PNG and WebP photographs can be uploaded${meta.format ? ` (this one is ${meta.format.toUpperCase()})` : ""}.`);
  }
  if (!meta.width || !meta.height || meta.width * meta.height > MAX_PHOTO_PIXELS) {
    throw new PhotoRefusedError(413, `The photograph has too many pixels (${meta.width ?? "?"} \xD7 ${meta.height ?? "?"}); at most ${MAX_PHOTO_PIXELS / 1e6} megapixels are accepted.`);
  }
  let upright;
  try {
    upright = await sharp4(opts.bytes, { limitInputPixels: MAX_PHOTO_PIXELS, sequentialRead: true }).rotate().resize(KEPT_PHOTO_SIDE, KEPT_PHOTO_SIDE, { fit: "inside", withoutEnlargement: true, fastShrinkOnLoad: true }).jpeg({ quality: 92, mozjpeg: true }).toBuffer();
  } catch {
    throw new PhotoRefusedError(415, "This photograph could not be read to the end (is the file damaged?). Please try another.");
  }
  const { stored, files } = await storeAngleImage({ mediaDir: opts.mediaDir, productId: opts.productId, generationId: `${newGenerationId()}-upload`, angle: "main", image: upright });
  if (await opts.attach(stored.src)) return stored;
  await removeFiles(files);
  await rmdir(path16.dirname(files[0])).catch(() => {
  });
  return null;
}

// server/routes/photos.server.ts
var NO_FILE = "Please choose a photograph to upload.";
function readUpload(req) {
  return new Promise((resolve, reject) => {
    let parser;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fileSize: PHOTO_UPLOAD_LIMIT, fields: 4, parts: 6 } });
    } catch {
      return reject(new PhotoRefusedError(400, NO_FILE));
    }
    let file = null;
    let tooLarge = false;
    parser.on("file", (_name, stream) => {
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.on("limit", () => tooLarge = true);
      stream.on("end", () => file ??= Buffer.concat(chunks));
    });
    parser.on("close", () => {
      if (tooLarge) reject(new PhotoRefusedError(413, TOO_LARGE_MESSAGE));
      else if (!file || file.length === 0) reject(new PhotoRefusedError(400, NO_FILE));
      else resolve(file);
    });
    const cutShort = () => reject(new PhotoRefusedError(400, "The upload was cut short. Please try again."));
    parser.on("error", cutShort);
    req.on("close", () => req.complete || cutShort());
    req.pipe(parser);
  });
}
var wantsJson = (req) => req.accepts(["html", "json"]) === "json";
function photoRoutes({ catalogue, store, siteUrl, mediaDir }) {
  const routes2 = Router8();
  const back2 = (id) => `/admin/products/${encodeURIComponent(id)}`;
  const refuse3 = async (req, res, err) => {
    res.setHeader("Connection", "close");
    if (err.status === 503) res.setHeader("Retry-After", String(BUSY_RETRY_AFTER_S));
    if (wantsJson(req)) return void res.status(err.status).json({ error: err.message });
    await sendPersonalPage(req, res, { ...res.locals.pageContext, store, siteUrl, photoError: err.message, urlOriginal: back2(String(req.params.id)) }, err.status);
  };
  const upload = async (req, res, next) => {
    const id = String(req.params.id);
    try {
      const noSuchProduct = () => void res.status(404).type("text/plain; charset=utf-8").send("There is no such product.\n");
      if (!store.products.some((p) => p.id === id)) return noSuchProduct();
      if (Number(req.get("content-length") ?? 0) > PHOTO_UPLOAD_LIMIT + 64 * 1024) throw new PhotoRefusedError(413, TOO_LARGE_MESSAGE);
      const place = photoWork.admit();
      if (!place) throw new PhotoRefusedError(503, BUSY_MESSAGE);
      let stored;
      try {
        const bytes = await readUpload(req);
        stored = await place.run(() => storeUploadedPhoto({ mediaDir, productId: id, bytes, attach: async (src) => await catalogue.photo(id, src, "add") !== "missing" }));
      } finally {
        place.leave();
      }
      if (!stored) return noSuchProduct();
      const product = store.products.find((p) => p.id === id);
      if (wantsJson(req)) return void res.status(201).json({ src: stored.src, photos: product ? photosOf(product) : [stored.src] });
      res.redirect(303, `${back2(id)}?done=photo#photos`);
    } catch (err) {
      if (err instanceof PhotoRefusedError) return refuse3(req, res, err).catch(next);
      next(err);
    }
  };
  routes2.post("/admin/products/:id/photos", upload);
  const change = async (req, res) => {
    const id = String(req.params.id);
    const { src, action, version: version2 } = req.body ?? {};
    if (typeof src !== "string" || !PHOTO_ACTIONS.includes(action)) return void res.redirect(303, `${back2(id)}#photos`);
    const outcome = await catalogue.photo(id, src, action, typeof version2 === "string" ? version2 : "");
    if (outcome === "missing") return void res.status(404).type("text/plain; charset=utf-8").send("There is no such product.\n");
    if (outcome === "stale") return refuseStale({ req, res, store, siteUrl, refusal: PHOTOS_CHANGED });
    res.redirect(303, `${back2(id)}${photoDoneQuery(action, { n: outcome.at + 1 })}#photos`);
  };
  routes2.post("/admin/products/:id/photos/change", express7.urlencoded({ extended: false, limit: "8kb", parameterLimit: 4 }), change);
  return routes2;
}

// server/routes/product-angles.server.ts
import express8, { Router as Router9 } from "express";

// server/services/product-photo-runs.server.ts
import { randomUUID as randomUUID4 } from "node:crypto";
import { readdir as readdir4, rm as rm5 } from "node:fs/promises";
import path17 from "node:path";
var AnglesRefusedError = class extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
  status;
  name = "AnglesRefusedError";
};
var OFFERED_FILE = /^\/media\/products\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)-\d+\.webp$/;
var ProductPhotoRuns = class {
  constructor(deps) {
    this.deps = deps;
  }
  deps;
  /** Each product's last run, to say why it gave nothing once it is over (until a restart). */
  last = /* @__PURE__ */ new Map();
  /** Throws GenerationBusyError while any run goes on, DailyLimitError past the day's limit, AnglesRefusedError otherwise. */
  start(productId) {
    const { generator, offers, store, configured } = this.deps;
    if (!configured) throw new AnglesRefusedError(503, "Image generation is not set up on this server: OPENAI_API_KEY is not set.");
    if (!store.products.some((p) => p.id === productId)) throw new AnglesRefusedError(404, "There is no such product (it may have been removed).");
    const job = generator.start({
      productId,
      offer: (product, images) => offers.add(product.id, { id: randomUUID4(), at: (/* @__PURE__ */ new Date()).toISOString(), photos: images.map(({ angle, src }) => ({ angle, src })) })
    });
    this.last.set(productId, job);
    return job;
  }
  /** The run going on for this product, if any. */
  running(productId) {
    const job = this.deps.generator.current;
    return job?.productId === productId ? job : null;
  }
  async state(productId) {
    return { view: this.view(productId), offers: await this.deps.offers.of(productId) };
  }
  view(productId) {
    const current = this.deps.generator.current;
    const mine = this.running(productId);
    const image = mine?.events.findLast((e) => e.type === "image");
    const last = mine ? void 0 : this.last.get(productId);
    return {
      configured: this.deps.configured,
      running: mine ? { done: image?.done ?? 0, images: image?.images ?? 4, status: image ? imageStatus(image) : GENERATION_STATUS.starting } : null,
      busyElsewhere: current !== null && !mine,
      error: last ? failureOf(last) : null
    };
  }
  /** Uses an offered photograph (or the whole set) as the owner chose, one change in the history, if the product's photographs are still those of `version`; a discarded one goes. */
  async choose(productId, offerId, src, choice, version2) {
    const { offers, catalogue } = this.deps;
    const offer = (await offers.of(productId)).find((o) => o.id === offerId);
    if (!offer) return "gone";
    this.last.delete(productId);
    if (choice === "discard") {
      await this.removeUnused(await offers.take(productId, offerId, "all"));
      return choice;
    }
    const chosen = offer.photos.filter((p) => choice === "all" || p.src === src).map((p) => p.src);
    if (chosen.length === 0) return "gone";
    const change = { main: (list) => [chosen[0], ...list], gallery: (list) => [...list, chosen[0]], all: () => chosen }[choice];
    let stale = false;
    const changed = await catalogue.setPhotos(productId, (list) => {
      stale = photoListVersion(list) !== version2;
      return stale ? [] : change(list);
    });
    if (!changed) return stale ? "stale" : "gone";
    await offers.take(productId, offerId, chosen);
    return choice;
  }
  /** A photograph the catalogue or its history refers to is kept; the others' files (every size and format) go. */
  async removeUnused(photos) {
    const known2 = JSON.stringify(this.deps.store.products) + JSON.stringify(await this.deps.catalogue.history.all());
    for (const { src } of photos) {
      const [, folder, base] = OFFERED_FILE.exec(src) ?? [];
      if (!folder || !base || known2.includes(`/${folder}/${base}-`)) continue;
      const dir = path17.join(this.deps.mediaDir, "products", folder);
      const names = await readdir4(dir).catch(() => []);
      await Promise.all(names.filter((n) => n.startsWith(`${base}-`)).map((n) => rm5(path17.join(dir, n), { force: true })));
    }
  }
};
function failureOf(job) {
  for (const event of job.events) {
    if (event.type === "product" && !event.ok) return event.error ?? "The new photographs could not be made.";
    if (event.type === "error") return event.error;
  }
  return null;
}

// server/routes/product-angles.server.ts
var back = (id) => `/admin/products/${encodeURIComponent(id)}`;
function startFor(runs, id) {
  try {
    runs.start(id);
    return { ok: true };
  } catch (err) {
    if (err instanceof GenerationBusyError) return { ok: false, status: 409, error: err.message };
    if (err instanceof AnglesRefusedError) return { ok: false, status: err.status, error: err.message };
    if (err instanceof DailyLimitError) return { ok: false, status: 429, error: err.message, ...err.retryAfterSeconds === null ? {} : { retryAfter: err.retryAfterSeconds } };
    throw err;
  }
}
function productAngleRoutes({ runs, store, siteUrl }) {
  const routes2 = Router9();
  routes2.use((_req, res, next) => {
    if (res.locals.adminAccess === "owner") res.locals.pageContext = { ...res.locals.pageContext, productPhotoRuns: runs };
    next();
  });
  routes2.post("/admin/products/:id/angles", (req, res, next) => {
    const id = String(req.params.id);
    const started = startFor(runs, id);
    if (started.ok) return res.redirect(303, `${back(id)}?angles=started#new-photos`);
    if (started.status === 404) return void res.status(404).type("text/plain; charset=utf-8").send(`${started.error}
`);
    sendPersonalPage(req, res, { ...res.locals.pageContext, store, siteUrl, anglesError: started.error, urlOriginal: back(id) }, started.status).catch(next);
  });
  routes2.post("/api/admin/products/:id/angles", (req, res) => {
    const started = startFor(runs, String(req.params.id));
    if (started.ok) return void res.status(202).json({ started: true });
    if (started.retryAfter !== void 0) res.setHeader("Retry-After", String(started.retryAfter));
    res.status(started.status).json({ error: started.error });
  });
  routes2.get("/api/admin/products/:id/angles", (req, res, next) => {
    runs.state(String(req.params.id)).then((state) => res.json(state), next);
  });
  routes2.get("/api/admin/products/:id/angles/events", (req, res) => {
    const job = runs.running(String(req.params.id));
    if (!job) return void res.status(404).json({ error: "No generation is running for this product." });
    streamJob(job, res, "private, no-store, no-transform");
  });
  const choose2 = async (req, res) => {
    const id = String(req.params.id);
    const { offer, src, use, version: version2 } = req.body ?? {};
    if (typeof offer !== "string" || !PHOTO_CHOICES.includes(use)) return void res.redirect(303, `${back(id)}#new-photos`);
    const chosen = typeof src === "string" ? src : "";
    const angle = (await runs.state(id)).offers.find((o) => o.id === offer)?.photos.find((p) => p.src === chosen)?.angle;
    const outcome = await runs.choose(id, offer, chosen, use, typeof version2 === "string" ? version2 : "");
    if (outcome === "gone" || outcome === "stale") return refuseStale({ req, res, store, siteUrl, refusal: outcome === "gone" ? OFFER_GONE : PHOTOS_CHANGED });
    const done = outcome === "discard" ? "?done=discarded" : outcome === "all" || !angle ? "?done=chosen" : photoDoneQuery(`new-${outcome}`, { angle });
    res.redirect(303, `${back(id)}${done}#photos`);
  };
  routes2.post("/admin/products/:id/photos/choose", express8.urlencoded({ extended: false, limit: "8kb", parameterLimit: 6 }), choose2);
  return routes2;
}

// server/routes/seo.server.ts
import escapeHtml2 from "escape-html";
import { Router as Router10 } from "express";
var SITEMAP_PATHS = ["/", "/products", ...CATEGORIES.map((c) => `/products?category=${c}`), "/terms", "/privacy", "/cookies", "/returns"];
var absolute = (origin, src) => /^https?:\/\//.test(src) ? src : origin + src;
function productEntry(origin, product) {
  const lastmod = product.imagesGeneratedAt ? `<lastmod>${escapeHtml2(product.imagesGeneratedAt.slice(0, 10))}</lastmod>` : "";
  const images = galleryOf(product).map((i) => `<image:image><image:loc>${escapeHtml2(absolute(origin, i.src))}</image:loc></image:image>`);
  return `  <url><loc>${escapeHtml2(origin + productPath(product))}</loc>${lastmod}${images.join("")}</url>`;
}
function seoRouter({ siteUrl, store, responses }) {
  const router = Router10();
  const origin = (req) => siteUrl ?? `${req.protocol}://${req.get("host")}`;
  router.get("/robots.txt", (req, res) => {
    res.type("text/plain").setHeader("Cache-Control", "public, max-age=86400");
    responses.sendShared(req, res, () => Buffer.from(["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /api/", "", `Sitemap: ${origin(req)}/sitemap.xml`, ""].join("\n")));
  });
  router.get("/sitemap.xml", (req, res) => {
    res.setHeader("Content-Type", "application/xml; charset=utf-8");
    res.setHeader("Cache-Control", "public, max-age=3600");
    responses.sendShared(req, res, () => {
      const here = origin(req);
      const urls = SITEMAP_PATHS.map((p) => `  <url><loc>${escapeHtml2(here + p)}</loc></url>`);
      const products = publishedProducts(store.products).map((p) => productEntry(here, p));
      return Buffer.from(
        [
          '<?xml version="1.0" encoding="UTF-8"?>',
          '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">',
          ...urls,
          ...products,
          "</urlset>",
          ""
        ].join("\n")
      );
    });
  });
  return router;
}

// server/routes/social-images.server.ts
import { randomBytes as randomBytes5 } from "node:crypto";
import { mkdir as mkdir4, readFile as readFile10, rename as rename3, rm as rm6, writeFile as writeFile2 } from "node:fs/promises";
import path18 from "node:path";
import { Router as Router11 } from "express";
import sharp5 from "sharp";

// domain/social-image.ts
var SOCIAL_IMAGE = { width: 1200, height: 630 };
var BRAND_CARD_URL = "/images/og-image.png";
function fingerprint(text4) {
  let hash2 = 2166136261;
  for (let i = 0; i < text4.length; i++) {
    hash2 ^= text4.charCodeAt(i);
    hash2 = Math.imul(hash2, 16777619) >>> 0;
  }
  return hash2.toString(36);
}

// server/routes/social-images.server.ts
var SEED_URL = "/images/seed/";
var BACKGROUND = "#f3ece2";
function socialImagesRouter({ store, mediaDir }) {
  const router = Router11();
  const making = /* @__PURE__ */ new Map();
  router.get("/products/:file", async (req, res, next) => {
    const match = /^(.+)-([0-9a-z]+)\.jpg$/.exec(req.params.file);
    const product = match ? publishedProducts(store.products).find((p) => p.id === match[1]) : void 0;
    const photo = product && galleryOf(product).find((image) => fingerprint(image.src) === match[2]);
    if (!photo) return next();
    const file = path18.join(mediaDir, "social", "products", req.params.file);
    try {
      let jpeg = await readFile10(file).catch(() => void 0);
      if (!jpeg) {
        const source = sourceFile(photo.src, mediaDir);
        if (!source) return await sendBrandCard(res);
        let job = making.get(file);
        if (!job) {
          job = makeCard(source).then(async (bytes) => {
            await writeAtomically(file, bytes);
            return bytes;
          });
          making.set(file, job);
          void job.finally(() => making.delete(file)).catch(() => {
          });
        }
        jpeg = await job.catch((err) => {
          req.log.warn({ src: photo.src, reason: err.message }, "share card made from the brand card: the photograph could not be read");
          return void 0;
        });
        if (!jpeg) return await sendBrandCard(res);
      }
      res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      res.type("image/jpeg").send(jpeg);
    } catch (err) {
      next(err);
    }
  });
  return router;
}
function sourceFile(src, mediaDir) {
  const inside = (root, rest) => {
    let file;
    try {
      file = path18.resolve(root, decodeURIComponent(rest));
    } catch {
      return void 0;
    }
    return file.startsWith(path18.resolve(root) + path18.sep) ? file : void 0;
  };
  if (src.startsWith(SEED_URL)) return inside(SEED_IMAGES, src.slice(SEED_URL.length));
  if (src.startsWith(`${MEDIA_URL}/`)) return inside(mediaDir, src.slice(MEDIA_URL.length + 1));
  return void 0;
}
var brandCard;
async function sendBrandCard(res) {
  if (!brandCard) {
    brandCard = sharp5(path18.join(PUBLIC_DIR, BRAND_CARD_URL)).flatten({ background: BACKGROUND }).jpeg({ quality: 84, mozjpeg: true }).toBuffer();
    brandCard.catch(() => brandCard = void 0);
  }
  const jpeg = await brandCard;
  res.setHeader("Cache-Control", "public, max-age=3600");
  res.type("image/jpeg").send(jpeg);
}
async function makeCard(file) {
  const { width, height } = SOCIAL_IMAGE;
  const photo = await sharp5(await readFile10(file), { density: 144 }).resize(height, height, { fit: "cover" }).toBuffer();
  return sharp5({ create: { width, height, channels: 3, background: BACKGROUND } }).composite([{ input: photo, left: Math.round((width - height) / 2), top: 0 }]).jpeg({ quality: 84, mozjpeg: true }).toBuffer();
}
async function writeAtomically(file, bytes) {
  await mkdir4(path18.dirname(file), { recursive: true });
  const tmp = `${file}.tmp-${randomBytes5(4).toString("hex")}`;
  try {
    await writeFile2(tmp, bytes);
    await rename3(tmp, file);
  } catch (err) {
    await rm6(tmp, { force: true });
    throw err;
  }
}

// server/app.server.ts
function siteRoutes({ config, store, services, logger, responses }) {
  const countHandoff = handoffCounter(services.statistics, config.adminPassword);
  const contact = contactRoutes({ config, store, logger, enquiries: services.enquiries, returnedForms: services.returnedForms });
  return {
    owner(app) {
      app.use(ownerAccess({ config, store, ...services.images, catalogue: services.catalogue }));
      app.use(catalogueRoutes({ catalogue: services.catalogue, store, siteUrl: config.siteUrl }));
      app.use(photoRoutes({ catalogue: services.catalogue, store, siteUrl: config.siteUrl, mediaDir: mediaDirFor(config.dataFile) }));
      app.use(productAngleRoutes({ runs: services.productPhotos, store, siteUrl: config.siteUrl }));
    },
    api(app) {
      app.use("/api/products", productsRouter(store, responses));
      app.use("/api/products", productStateRouter(store));
      app.use("/api/handoff", handoffRouter({ store, countHandoff }));
      app.use("/api/contact", contact.api);
      app.use("/api/generate-images", generateImagesApi({ config, ...services.images }));
    },
    beforePages(app) {
      app.use(contact.form);
      app.use(adminEnquiriesRoutes({ store, outbox: services.outbox }));
      app.use(adminHealthRoutes(services.health));
      app.use(adminStatisticsRoutes({ store, statistics: services.statistics }));
      mountOrderForm(app, { store, siteUrl: config.siteUrl, deliveryPrice: config.deliveryPrice, countHandoff });
    }
  };
}
var productionEntry;
async function createSite(deps, routes2 = siteRoutes) {
  const { config, store, logger, vite } = deps;
  if (!vite) {
    productionEntry ??= import(
      /* @vite-ignore */
      SERVER_ENTRY
    );
    await productionEntry;
  }
  const app = express9();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  app.set("etag", "strong");
  const responses = new ResponseCache({
    // Both only go up, so their sum changes whenever either does.
    version: () => store.productsVersion + deps.services.photoFormats.version,
    siteUrl: config.siteUrl,
    trustProxy: app.get("trust proxy fn"),
    enabled: !vite
    // hot reload must show every edit
  });
  const log = requestLog(logger);
  const proxyWarning = warnOfUntrustedProxy(config.trustProxy, logger);
  const countView = pageViewCounter({
    statistics: deps.services.statistics,
    exists: pageParamsExist(store),
    adminPassword: config.adminPassword,
    ownHosts: ownHostsOf(config.siteUrl),
    clientAddress: clientAddressOf(app.get("trust proxy fn"))
  });
  app.use(log.middleware);
  app.use((req, res, next) => {
    countView(req, res);
    next();
  });
  app.use(proxyWarning);
  app.use(requireSiteHost({ siteUrl: config.siteUrl }));
  app.use(ownerAnswersPrivate);
  app.use(securityHeaders({ isProduction: !vite, paymentOrigins: paymentOriginsOf(store) }));
  app.use(refuseCrossSite({ siteUrl: config.siteUrl }));
  app.use(compression({ threshold: 512, filter: (req, res) => !isServedFromCache(res) && compression.filter(req, res) }));
  const { owner, api, beforePages } = routes2({ ...deps, responses });
  owner(app);
  app.use(rejectMalformedUrls);
  if (vite) {
    app.use(vite.middlewares);
  } else {
    app.use(serveClientBuild(CLIENT_DIST));
    app.use("/assets", unhandled);
  }
  app.use("/images/seed", serveFolder(SEED_IMAGES, { maxAge: "7d" }));
  app.use("/media", serveFolder(mediaDirFor(config.dataFile), { immutable: true, maxAge: "1y" }));
  app.use("/social", socialImagesRouter({ store, mediaDir: mediaDirFor(config.dataFile) }));
  app.use(seoRouter({ siteUrl: config.siteUrl, store, responses }));
  app.get("/healthz", healthHandler(store, deps.services.images.owner));
  api(app);
  app.use("/api", apiNotFound);
  app.use(limitUncachedRenders(responses));
  beforePages(app);
  app.get(
    "/{*splat}",
    createPageHandler({
      store,
      siteUrl: config.siteUrl,
      cache: responses,
      photoFormats: deps.services.photoFormats,
      deliveryPrice: config.deliveryPrice
    })
  );
  app.use(unhandled);
  app.use(errorHandler);
  const seeHit = (req, res) => {
    log.answered(req, res);
    countView(req, res);
    proxyWarning(req, res, () => {
    });
  };
  return { app, handler: answerCacheHitsFirst({ cache: responses, seeRequest: seeHit, app }), responses };
}

// server/config.server.ts
import * as v13 from "valibot";
var optionalText = v13.optional(v13.pipe(v13.string(), v13.trim(), v13.minLength(1)));
var ADMIN_PASSWORD_MIN_LENGTH = 12;
var SECRETS = /* @__PURE__ */ new Set(["ADMIN_PASSWORD", "OPENAI_API_KEY", "SMTP_URL"]);
var EnvSchema = v13.object({
  NODE_ENV: v13.optional(v13.string(), "production"),
  PORT: v13.pipe(
    v13.optional(v13.string(), "3000"),
    v13.trim(),
    v13.regex(/^\d+$/, "must be a whole number"),
    v13.transform(Number),
    v13.integer(),
    v13.minValue(0, "must be between 0 and 65535"),
    v13.maxValue(65535, "must be between 0 and 65535")
  ),
  HOST: optionalText,
  DATA_FILE: v13.pipe(v13.optional(v13.string(), "data/db.json"), v13.trim(), v13.minLength(1, "must not be empty")),
  SITE_URL: v13.optional(v13.pipe(v13.string(), v13.trim(), v13.url("must be an absolute URL such as https://example.co.uk"))),
  SMTP_URL: v13.optional(
    v13.pipe(
      v13.string(),
      v13.trim(),
      v13.check((s) => /^smtps?:\/\/[^/]+/i.test(s), "must look like smtp://user:pass@host:587 or smtps://...")
    )
  ),
  MAIL_TO: v13.optional(v13.pipe(v13.string(), v13.trim(), v13.email("must be an e-mail address")), COMPANY.emails.enquiries),
  MAIL_FROM: v13.optional(v13.pipe(v13.string(), v13.trim(), v13.minLength(3, "must be an e-mail address")), `${COMPANY.brand} website <${COMPANY.emails.enquiries}>`),
  OPENAI_API_KEY: optionalText,
  OPENAI_IMAGE_MODEL: v13.optional(v13.pipe(v13.string(), v13.trim(), v13.minLength(1)), "gpt-image-1"),
  ADMIN_PASSWORD: v13.optional(
    v13.pipe(
      v13.string(),
      v13.trim(),
      v13.check((s) => [...s].length >= ADMIN_PASSWORD_MIN_LENGTH, `must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters long, so that it cannot be guessed: choose a longer one`)
    )
  ),
  OPENAI_TIMEOUT_MS: v13.pipe(v13.optional(v13.string(), "180000"), v13.trim(), v13.regex(/^[1-9]\d*$/, "must be a whole number of milliseconds"), v13.transform(Number)),
  OPENAI_MAX_RETRIES: v13.pipe(v13.optional(v13.string(), "2"), v13.trim(), v13.regex(/^\d+$/, "must be a whole number (0 turns retries off)"), v13.transform(Number)),
  IMAGE_CONCURRENCY: v13.pipe(
    v13.optional(v13.string(), String(IMAGE_CONCURRENCY)),
    v13.trim(),
    v13.regex(/^\d+$/, "must be a whole number"),
    v13.transform(Number),
    v13.minValue(1, "must be between 1 and 10"),
    v13.maxValue(10, "must be between 1 and 10")
  ),
  IMAGE_DAILY_LIMIT: v13.optional(
    v13.pipe(v13.string(), v13.trim(), v13.regex(/^\d+$/, "must be a whole number of images"), v13.transform(Number), v13.minValue(1, "must be 1 or more (unset it for two full runs a day)"))
  ),
  TRUST_PROXY: v13.optional(
    v13.pipe(
      v13.string(),
      v13.trim(),
      // Trusting every hop would let any visitor choose the address that rate limits and logs see.
      v13.check(
        (s) => !/^(true|yes|on)$/i.test(s),
        'must say which proxies to trust: a hop count (1 for one proxy in front of the site) or their address or subnet ("loopback" for a proxy on this machine, "10.0.0.0/8"), never true'
      ),
      v13.transform((s) => {
        if (/^(false|no|off|)$/i.test(s)) return false;
        if (/^\d+$/.test(s)) return Number(s);
        return s;
      })
    ),
    "false"
  ),
  CONTACT_RATE_LIMIT: v13.pipe(
    v13.optional(v13.string(), "5"),
    v13.trim(),
    v13.regex(/^\d+$/, "must be a whole number (0 turns the limit off)"),
    v13.transform(Number)
  ),
  // Unset: shopping listings give no delivery price rather than a wrong one; 0 is free delivery.
  DELIVERY_PRICE: v13.optional(
    v13.pipe(v13.string(), v13.trim(), v13.regex(/^\d{1,5}(\.\d{1,2})?$/, "must be the delivery price in pounds, such as 4.95 (0 for free delivery)"), v13.transform((s) => Number(s).toFixed(2)))
  ),
  STATISTICS: v13.optional(v13.picklist(["on", "off"], "must be on or off"), "on"),
  STATISTICS_WRITE_SECONDS: v13.pipe(
    v13.optional(v13.string(), "60"),
    v13.trim(),
    v13.regex(/^\d+$/, "must be a whole number of seconds"),
    v13.transform(Number),
    // A crash loses what was counted since the last write: never more than a minute.
    v13.minValue(1, "must be between 1 and 60"),
    v13.maxValue(60, "must be between 1 and 60")
  ),
  LOG_LEVEL: v13.optional(v13.picklist(["fatal", "error", "warn", "info", "debug", "trace", "silent"], "must be one of fatal, error, warn, info, debug, trace, silent"), "info")
});
var ConfigError = class extends Error {
  name = "ConfigError";
};
function loadConfig(env = process.env) {
  const input = Object.fromEntries(Object.keys(EnvSchema.entries).flatMap((k) => env[k] === void 0 || env[k] === "" ? [] : [[k, env[k]]]));
  const result = v13.safeParse(EnvSchema, input);
  if (!result.success) {
    const lines = result.issues.map((i) => {
      const name2 = v13.getDotPath(i) ?? "environment";
      const got = SECRETS.has(name2) ? "" : ` (got ${JSON.stringify(i.input)})`;
      return `${name2} ${i.message}${got}`;
    });
    throw new ConfigError(`Invalid configuration: ${lines.join("; ")}`);
  }
  const e = result.output;
  return {
    port: e.PORT,
    host: e.HOST,
    dataFile: e.DATA_FILE,
    siteUrl: e.SITE_URL?.replace(/\/+$/, ""),
    smtpUrl: e.SMTP_URL,
    mailTo: e.MAIL_TO,
    mailFrom: e.MAIL_FROM,
    openaiApiKey: e.OPENAI_API_KEY,
    imageModel: e.OPENAI_IMAGE_MODEL,
    adminPassword: e.ADMIN_PASSWORD,
    imageDailyLimit: e.IMAGE_DAILY_LIMIT,
    openaiTimeoutMs: e.OPENAI_TIMEOUT_MS,
    openaiMaxRetries: e.OPENAI_MAX_RETRIES,
    imageConcurrency: e.IMAGE_CONCURRENCY,
    trustProxy: e.TRUST_PROXY,
    contactRateLimit: e.CONTACT_RATE_LIMIT,
    deliveryPrice: e.DELIVERY_PRICE,
    statistics: e.STATISTICS === "on",
    statisticsWriteMs: e.STATISTICS_WRITE_SECONDS * 1e3,
    logLevel: e.LOG_LEVEL,
    isProduction: e.NODE_ENV !== "development"
  };
}

// server/logger.server.ts
import pino from "pino";
function createLogger(level) {
  return pino({
    level,
    redact: {
      paths: ["req.headers.authorization", "req.headers.cookie", "password", "*.password", "body", "req.body"],
      censor: "[redacted]"
    }
  });
}

// server/paced-dispatch.server.ts
function pacedDispatch(handle, { perTurn = 24, budgetMs = 4 } = {}) {
  const queue = [];
  let head = 0;
  let used = 0;
  let turnStartedAt = 0;
  let turnEndScheduled = false;
  const hasRoom = () => used < perTurn && (used === 0 || performance.now() - turnStartedAt < budgetMs);
  const run = ({ req, res }) => {
    if (!turnEndScheduled) {
      turnEndScheduled = true;
      turnStartedAt = performance.now();
      setImmediate(endOfTurn);
    }
    used++;
    if (!res.destroyed) handle(req, res);
  };
  const endOfTurn = () => {
    turnEndScheduled = false;
    used = 0;
    while (head < queue.length && hasRoom()) {
      const next = queue[head];
      queue[head++] = void 0;
      run(next);
    }
    if (head === queue.length) {
      queue.length = 0;
      head = 0;
    } else if (!turnEndScheduled) {
      turnEndScheduled = true;
      turnStartedAt = performance.now();
      setImmediate(endOfTurn);
    }
  };
  return (req, res) => {
    if (req.url === "/healthz" || req.url?.startsWith("/healthz?")) return handle(req, res);
    if (head === queue.length && hasRoom()) return run({ req, res });
    queue.push({ req, res });
    if (!turnEndScheduled) {
      turnEndScheduled = true;
      setImmediate(endOfTurn);
    }
  };
}

// server/server-timeouts.server.ts
import { createServer } from "node:http";
var SERVER_TIMEOUTS = {
  headersTimeout: 1e4,
  requestTimeout: 12e4,
  keepAliveTimeout: 5e3,
  timeout: 6e4,
  connectionsCheckingInterval: 1e3
};
function createSiteServer(listener) {
  const { timeout, ...options } = SERVER_TIMEOUTS;
  const server = createServer(options, listener);
  server.setTimeout(timeout);
  return server;
}

// server/form-state-cookie.server.ts
import { createHmac, randomBytes as randomBytes6, randomUUID as randomUUID5, timingSafeEqual as timingSafeEqual2 } from "node:crypto";
import { readFile as readFile11, rm as rm7, writeFile as writeFile3 } from "node:fs/promises";
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { parse as parseCookies } from "cookie";
var CHUNK_LENGTH = 3500;
var MAX_CHUNKS = 2;
var MAX_JSON_BYTES = 256 * 1024;
var FormStateCookie = class {
  constructor(options) {
    this.options = options;
  }
  options;
  /** Undefined when the state is too large for MAX_CHUNKS cookies (nothing is set then). */
  async put(req, res, state, now2 = Date.now()) {
    const id = randomUUID5();
    const envelope = { id, exp: now2 + this.options.maxAgeMs, state };
    const payload = deflateRawSync(JSON.stringify(envelope)).toString("base64url");
    const value = `${payload}.${sign(await this.options.key(), this.options.name, payload)}`;
    const chunks = Math.ceil(value.length / CHUNK_LENGTH);
    if (chunks > MAX_CHUNKS) return void 0;
    const attributes = { path: this.options.path, httpOnly: true, sameSite: "lax", secure: req.secure };
    for (let i = 0; i < MAX_CHUNKS; i++) {
      const name2 = `${this.options.name}.${i}`;
      if (i < chunks) res.cookie(name2, value.slice(i * CHUNK_LENGTH, (i + 1) * CHUNK_LENGTH), { ...attributes, maxAge: this.options.maxAgeMs });
      else if (this.cookiesOf(req)[name2] !== void 0) res.clearCookie(name2, attributes);
    }
    return id;
  }
  /** The state the request's cookies carry for the id in its `?form=`, or undefined (none, expired, tampered, another id). */
  async read(req, now2 = Date.now()) {
    const id = req.query.form;
    if (typeof id !== "string") return void 0;
    const cookies = this.cookiesOf(req);
    let value = "";
    for (let i = 0; i < MAX_CHUNKS && cookies[`${this.options.name}.${i}`] !== void 0; i++) value += cookies[`${this.options.name}.${i}`];
    const dot = value.lastIndexOf(".");
    if (dot < 1) return void 0;
    const payload = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1), "base64url");
    const expected = Buffer.from(sign(await this.options.key(), this.options.name, payload), "base64url");
    if (given.length !== expected.length || !timingSafeEqual2(given, expected)) return void 0;
    let envelope;
    try {
      envelope = JSON.parse(inflateRawSync(Buffer.from(payload, "base64url"), { maxOutputLength: MAX_JSON_BYTES }).toString("utf8"));
    } catch {
      return void 0;
    }
    if (envelope?.id !== id || !(envelope.exp > now2)) return void 0;
    return this.options.parse(envelope.state);
  }
  /** Removes the state's cookies the request carries (once the form went through). */
  clear(req, res) {
    const cookies = this.cookiesOf(req);
    for (let i = 0; i < MAX_CHUNKS; i++) {
      const name2 = `${this.options.name}.${i}`;
      if (cookies[name2] !== void 0) res.clearCookie(name2, { path: this.options.path, httpOnly: true, sameSite: "lax", secure: req.secure });
    }
  }
  cookiesOf(req) {
    return req.headers.cookie ? parseCookies(req.headers.cookie) : {};
  }
};
function sign(key, name2, payload) {
  return createHmac("sha256", key).update(`${name2}
${payload}`).digest("base64url");
}
function formStateKey(file, logger) {
  let key;
  return () => key ??= loadOrCreate(file, logger);
}
async function loadOrCreate(file, logger) {
  const existing = await readFile11(file, "utf8").then(
    (text4) => text4.trim(),
    (err) => err.code === "ENOENT" ? void 0 : Promise.reject(err)
  ).catch((err) => {
    logger.warn({ err, file }, "The key for returned forms cannot be read; forms sent back to visitors last until the server restarts");
    return null;
  });
  if (existing === null) return randomBytes6(32);
  if (existing !== void 0 && /^[0-9a-f]{64}$/.test(existing)) return Buffer.from(existing, "hex");
  const key = randomBytes6(32);
  try {
    await writeFile3(file, `${key.toString("hex")}
`, { mode: 384, flag: existing === void 0 ? "wx" : "w" });
    return key;
  } catch (err) {
    if (err.code === "EEXIST") return loadOrCreate(file, logger);
    await rm7(file, { force: true }).catch(() => {
    });
    logger.warn({ err, file }, "The key for returned forms cannot be written; forms sent back to visitors last until the server restarts");
    return key;
  }
}

// server/returned-contact-form.server.ts
var RETURNED_FORM_TTL_MS = 30 * 6e4;
function returnedContactForms(key) {
  return new FormStateCookie({ name: "contact-form", path: "/contact", maxAgeMs: RETURNED_FORM_TTL_MS, key, parse: parseContactFormState });
}
function parseContactFormState(raw) {
  if (!raw || typeof raw !== "object") return void 0;
  const { values, errors, formError } = raw;
  const texts = errors && typeof errors === "object" ? errors : {};
  const state = { values: contactValuesFrom(values), errors: {} };
  for (const field2 of CONTACT_FIELDS) {
    const error = texts[field2];
    if (typeof error === "string") state.errors[field2] = error;
  }
  if (typeof formError === "string") state.formError = formError;
  return state;
}

// domain/contact-schema.ts
import * as v14 from "valibot";
var SUBJECT_VALUES2 = CONTACT_SUBJECTS.map((s) => s.value);
var name = (label) => v14.pipe(
  v14.string(`${label} is required`),
  v14.trim(),
  v14.check((s) => visibleLength(s) >= 1, `${label} is required`),
  v14.check(isSingleLine, `${label} must be a single line, without line breaks or invisible control characters`),
  v14.maxLength(CONTACT_LIMITS.name, `${label} must be at most ${CONTACT_LIMITS.name} characters`)
);
var ContactSchema = v14.object({
  firstName: name("First name"),
  lastName: name("Last name"),
  email: v14.pipe(
    emailAddress({ required: "Please enter a valid email address", invalid: "Please enter a valid email address" }),
    v14.maxLength(CONTACT_LIMITS.email, "Please enter a valid email address")
  ),
  // One of the five values, so nothing else (no control or bidirectional character) gets through.
  subject: v14.pipe(
    v14.string("Please select a subject"),
    v14.trim(),
    v14.minLength(1, "Please select a subject"),
    v14.check((s) => SUBJECT_VALUES2.includes(s), "Please select a subject")
  ),
  // The message keeps its lines; invisible controls go, and only visible characters count towards 10.
  message: v14.pipe(
    v14.string("Message must be at least 10 characters long"),
    v14.transform(cleanMultiline),
    v14.trim(),
    v14.check((s) => visibleLength(s) >= MESSAGE_MIN_LENGTH, "Message must be at least 10 characters long"),
    v14.maxLength(CONTACT_LIMITS.message, `Message must be at most ${CONTACT_LIMITS.message} characters long`)
  )
});
function checkContact(input) {
  const parsed = v14.safeParse(ContactSchema, input);
  return parsed.success ? { success: true, output: parsed.output } : { success: false, errors: fieldErrors(parsed.issues) };
}

// server/services/likely-spam.server.ts
import { createHash as createHash6 } from "node:crypto";
var DAY_MS4 = 24 * 60 * 60 * 1e3;
var LINK = /\b(?:https?:\/\/|www\.)\S+/gi;
var MAX_TEXTS = 1e4;
function mostlyLinks(text4) {
  const links = text4.match(LINK);
  if (!links) return null;
  const visible = text4.replace(/\s+/g, "").length;
  const inLinks = links.join("").length;
  if (inLinks * 2 < visible) return null;
  const n = links.length;
  return `mostly links: ${n} web address${n === 1 ? "" : "es"}, ${Math.round(100 * inLinks / visible)}% of the message`;
}
var textKey = (text4) => createHash6("sha256").update(text4.toLowerCase().replace(/\s+/g, " ").trim()).digest("base64url");
var RepeatedText = class {
  constructor(threshold) {
    this.threshold = threshold;
  }
  threshold;
  texts = /* @__PURE__ */ new Map();
  /** Takes in the enquiries already saved (the data file's), so a restart does not start the count again. */
  remember(saved, now2 = Date.now()) {
    for (const m of saved) {
      const at = Date.parse(m.createdAt);
      if (at > now2 - DAY_MS4) this.saved(this.count(m.message, m.email, at), m.id);
    }
  }
  count(text4, email3, now2 = Date.now()) {
    const seen = { addresses: /* @__PURE__ */ new Map(), ids: [], reason: null };
    if (this.threshold <= 0) return { seen, reason: null, earlier: [] };
    const key = textKey(text4);
    const known2 = this.texts.get(key) ?? seen;
    this.texts.delete(key);
    if (this.texts.size >= MAX_TEXTS) this.texts.delete(this.texts.keys().next().value);
    this.texts.set(key, known2);
    const { addresses } = known2;
    const address = email3.toLowerCase();
    addresses.delete(address);
    addresses.set(address, now2);
    for (const [old, at] of addresses) {
      if (at > now2 - DAY_MS4) break;
      addresses.delete(old);
    }
    if (addresses.size <= this.threshold) {
      known2.reason = null;
      return { seen: known2, reason: null, earlier: [] };
    }
    known2.reason = `the same text came from ${addresses.size} e-mail addresses within a day`;
    const earlier = known2.ids;
    known2.ids = [];
    return { seen: known2, reason: known2.reason, earlier };
  }
  /** Notes a saved enquiry; returns the reason to mark it with if its text became a campaign's while it was being saved. */
  saved(counted, id) {
    if (counted.reason) return null;
    if (counted.seen.reason) return counted.seen.reason;
    counted.seen.ids.push(id);
    return null;
  }
};

// server/services/enquiries.server.ts
function createEnquiryService({ store, outbox, sameTextLimit }) {
  const repeated = new RepeatedText(sameTextLimit);
  repeated.remember(store.messages);
  const mark = (ids, likelySpam, log) => {
    for (const id of ids) {
      store.updateMessage(id, (m) => m.likelySpam ? m : { ...m, likelySpam }).catch((err) => log.error({ err, enquiry: id }, "could not mark an enquiry as likely spam"));
    }
  };
  return {
    async submitEnquiry(body, log) {
      if (isHoneypotFilled(body)) {
        log.info("enquiry dropped: honeypot filled");
        return { kind: "dropped" };
      }
      const values = contactValuesFrom(body);
      const checked = checkContact(values);
      if (!checked.success) return { kind: "invalid", values, errors: checked.errors };
      const counted = repeated.count(checked.output.message, checked.output.email);
      const likelySpam = mostlyLinks(checked.output.message) ?? counted.reason;
      let saved;
      try {
        saved = await store.addMessage({ ...checked.output, notification: outbox.initialNotification(), ...likelySpam ? { likelySpam } : {} });
      } catch (err) {
        if (!(err instanceof StoreWriteError)) throw err;
        log.error({ err }, "enquiry not saved");
        return { kind: "saveFailed", values };
      }
      log.info({ enquiry: saved.id, ...likelySpam ? { likelySpam } : {} }, "enquiry saved");
      if (counted.reason) mark(counted.earlier, counted.reason, log);
      const late = repeated.saved(counted, saved.id);
      if (late) mark([saved.id], late, log);
      outbox.deliverSoon();
      return { kind: "saved", id: saved.id };
    }
  };
}

// server/services/mail-outbox.server.ts
import nodemailer from "nodemailer";
var DEFAULT_RETRY = { firstDelayMs: 6e4, factor: 2, maxDelayMs: 60 * 6e4 };
function retryDelay(failures, policy = DEFAULT_RETRY) {
  const n = Math.max(1, failures);
  return Math.min(policy.maxDelayMs, Math.round(policy.firstDelayMs * policy.factor ** (n - 1)));
}
var MailOutbox = class {
  constructor(options) {
    this.options = options;
    this.enabled = Boolean(options.smtpUrl);
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.concurrency = Math.max(1, options.concurrency ?? 2);
  }
  options;
  enabled;
  retry;
  concurrency;
  transport = null;
  timer = null;
  unsubscribe = null;
  inFlight = /* @__PURE__ */ new Map();
  /** Not before this time (ms), per message: guards against a tight loop if the file cannot be written. */
  notBefore = /* @__PURE__ */ new Map();
  /** Sent, but the data file could not record it: never send these again, keep trying to record. */
  sentUnrecorded = /* @__PURE__ */ new Map();
  started = false;
  stopped = false;
  /** The notification state a new enquiry is saved with. */
  initialNotification(now2 = /* @__PURE__ */ new Date()) {
    return this.enabled ? { status: "pending", attempts: [], nextAttemptAt: now2.toISOString(), sentAt: null } : { status: "disabled", attempts: [] };
  }
  /** Starts the outbox: sends whatever was left pending (after a crash, an outage, a restart). */
  async start() {
    if (this.started) return;
    this.started = true;
    const pending = this.options.store.messages.filter(awaitsMail).length;
    if (!this.enabled) {
      if (pending > 0) {
        this.options.logger.warn(
          { pending },
          `${pending} enquiries wait to be e-mailed but SMTP_URL is not set; they stay saved. Set SMTP_URL to send them, or read them with npm run messages.`
        );
      }
      return;
    }
    const { smtpUrl } = this.options;
    const timeout = this.options.timeoutMs ?? 2e4;
    this.transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout
    });
    if (pending > 0) this.options.logger.info({ pending }, `Retrying ${pending} enquiry e-mails left unsent`);
    this.unsubscribe = this.options.store.onChange(() => this.pump());
    this.pump();
  }
  /** Schedules a pass after the current answer is written, and never waits for it. */
  deliverSoon() {
    if (!this.enabled || this.stopped || !this.started) return;
    setImmediate(() => this.pump());
  }
  /** Due now whatever its backoff said; never for one already sent or archived. */
  async sendAgain(id) {
    if (!this.enabled) return "off";
    const { store } = this.options;
    const message = await store.findMessage(id);
    if (!message) return "unknown";
    if (message.notification.status === "sent" || this.sentUnrecorded.has(id)) return "sent";
    if (message.archived === true) return "archived";
    this.notBefore.delete(id);
    const now2 = (/* @__PURE__ */ new Date()).toISOString();
    await store.updateMessage(id, (m) => m.notification.status === "sent" ? m : { ...m, notification: { ...m.notification, status: "pending", nextAttemptAt: now2 } });
    this.deliverSoon();
    return "queued";
  }
  /** One cut short stays pending and goes at the next start: the owner may get it twice, never not at all. */
  async stop(graceMs = 5e3) {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    let grace;
    await Promise.race([
      Promise.allSettled([...this.inFlight.values()]),
      new Promise((resolve) => {
        grace = setTimeout(resolve, graceMs);
        grace.unref();
      })
    ]);
    clearTimeout(grace);
    this.transport?.close();
    this.transport = null;
  }
  dueAt(m) {
    if (this.sentUnrecorded.has(m.id)) return this.notBefore.get(m.id) ?? 0;
    const planned = m.notification.nextAttemptAt ? Date.parse(m.notification.nextAttemptAt) : 0;
    return Math.max(Number.isNaN(planned) ? 0 : planned, this.notBefore.get(m.id) ?? 0);
  }
  /** Starts every due message (up to the concurrency), then sleeps until the next one is due. */
  pump() {
    if (this.stopped || !this.transport) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const now2 = Date.now();
    let next = Infinity;
    for (const m of this.options.store.messages) {
      if (!awaitsMail(m) || this.inFlight.has(m.id)) continue;
      const due = this.dueAt(m);
      if (due > now2) {
        next = Math.min(next, due);
      } else if (this.inFlight.size < this.concurrency) {
        const run = this.attempt(m.id).finally(() => {
          this.inFlight.delete(m.id);
          this.pump();
        });
        this.inFlight.set(m.id, run);
      }
    }
    if (next < Infinity) {
      const wait = Math.min(Math.max(0, next - now2), 60 * 6e4);
      this.timer = setTimeout(() => this.pump(), wait);
      this.timer.unref();
    }
  }
  async attempt(id) {
    const { store, logger } = this.options;
    const transport = this.transport;
    const message = store.messages.find((m) => m.id === id);
    if (!transport || !message || !awaitsMail(message)) return;
    const sentAt = this.sentUnrecorded.get(id);
    if (sentAt) return this.record(id, () => this.markSent(id, sentAt), sentAt);
    const at = (/* @__PURE__ */ new Date()).toISOString();
    try {
      await transport.sendMail(buildEnquiryMail(message, { from: this.options.mailFrom, to: this.options.mailTo }));
    } catch (err) {
      const failures = consecutiveFailures(message.notification) + 1;
      const delay = retryDelay(failures, this.retry);
      const nextAttemptAt = new Date(Date.now() + delay).toISOString();
      this.notBefore.set(id, Date.now() + delay);
      const error = describeSmtpError(err);
      logger.warn({ enquiry: id, attempt: message.notification.attempts.length + 1, nextAttemptAt, error }, "Enquiry e-mail not sent; will retry");
      await this.record(
        id,
        () => store.updateMessage(id, (m) => ({
          ...m,
          notification: { ...m.notification, status: "pending", attempts: [...m.notification.attempts, { at, ok: false, error }], nextAttemptAt }
        }))
      );
      return;
    }
    this.notBefore.delete(id);
    logger.info({ enquiry: id }, "Enquiry e-mailed to the owner");
    await this.record(id, () => this.markSent(id, at), at);
  }
  markSent(id, at) {
    return this.options.store.updateMessage(id, (m) => ({
      ...m,
      notification: { ...m.notification, status: "sent", attempts: [...m.notification.attempts, { at, ok: true }], nextAttemptAt: null, sentAt: at }
    }));
  }
  /** When the disk refuses, waits before retrying, and a message that did go out is remembered as sent so the owner is never mailed twice. */
  async record(id, write, sentAt) {
    try {
      await write();
      if (sentAt) {
        this.sentUnrecorded.delete(id);
        this.notBefore.delete(id);
      }
    } catch (err) {
      if (!(err instanceof StoreWriteError)) throw err;
      this.options.logger.error({ enquiry: id, err }, "Could not record the e-mail attempt in the data file; will try again");
      this.notBefore.set(id, Math.max(this.notBefore.get(id) ?? 0, Date.now() + this.retry.firstDelayMs));
      if (sentAt) this.sentUnrecorded.set(id, sentAt);
    }
  }
};
function awaitsMail(m) {
  return m.notification.status === "pending" && m.archived !== true;
}
function consecutiveFailures(n) {
  let count = 0;
  for (let i = n.attempts.length - 1; i >= 0 && !n.attempts[i].ok; i--) count++;
  return count;
}
function describeSmtpError(err) {
  const e = err;
  const base = e?.response ? `${e.response}` : e?.message ?? String(err);
  const code = e?.code && !base.includes(e.code) ? ` (${e.code})` : "";
  return headerSafe(`${base}${code}`).slice(0, 500);
}

// server/services/served-photo.server.ts
import { stat as stat9 } from "node:fs/promises";
import path19 from "node:path";
var rootsOf = (mediaDir) => [
  [`${MEDIA_URL}/`, mediaDir],
  ["/images/seed/", SEED_IMAGES]
];
function servedPhotoCheck(mediaDir) {
  return async (src) => {
    const found = rootsOf(mediaDir).find(([prefix2]) => src.startsWith(prefix2));
    if (!found || /[?#\\]/.test(src)) return false;
    const [prefix, root] = found;
    let rest;
    try {
      rest = decodeURIComponent(src.slice(prefix.length));
    } catch {
      return false;
    }
    const file = path19.resolve(root, rest);
    if (!file.startsWith(path19.resolve(root) + path19.sep)) return false;
    return stat9(file).then(
      (s) => s.isFile(),
      () => false
    );
  };
}

// server/services/photo-offers.server.ts
import { readFile as readFile12 } from "node:fs/promises";
var offersFileFor = (dataFile) => `${dataFile}.new-photos.json`;
var PhotoOffers = class {
  constructor(file) {
    this.file = file;
  }
  file;
  saved = null;
  running = Promise.resolve();
  async of(productId) {
    return (await this.read()).get(productId) ?? [];
  }
  add(productId, offer) {
    return this.change((saved) => {
      saved.set(productId, [...saved.get(productId) ?? [], offer]);
    });
  }
  /** Takes photographs out of an offer (`srcs`, or all of it), returning those it held; an emptied offer goes. */
  take(productId, offerId, srcs) {
    let taken = [];
    return this.change((saved) => {
      const offers = saved.get(productId) ?? [];
      const offer = offers.find((o) => o.id === offerId);
      if (!offer) return;
      taken = offer.photos.filter((p) => srcs === "all" || srcs.includes(p.src));
      offer.photos = offer.photos.filter((p) => !taken.includes(p));
      const left = offers.filter((o) => o.photos.length > 0);
      if (left.length > 0) saved.set(productId, left);
      else saved.delete(productId);
    }).then(() => taken);
  }
  async read() {
    if (this.saved) return this.saved;
    try {
      this.saved = new Map(Object.entries(JSON.parse(await readFile12(this.file, "utf8"))));
    } catch (err) {
      if (err.code !== "ENOENT") throw err;
      this.saved = /* @__PURE__ */ new Map();
    }
    return this.saved;
  }
  /** One change at a time, each written whole before the next. */
  change(edit) {
    const next = this.running.then(async () => {
      const saved = structuredClone(await this.read());
      edit(saved);
      await writeDurably(this.file, `${JSON.stringify(Object.fromEntries(saved), null, 2)}
`);
      this.saved = saved;
    });
    this.running = next.catch(() => {
    });
    return next;
  }
};

// server/services/shop-health.server.ts
import { readdir as readdir5, readFile as readFile13, stat as stat10, statfs as statfs2 } from "node:fs/promises";
import path20 from "node:path";

// domain/shop-health.ts
function worstStatus(items2) {
  if (items2.some((i) => i.status === "problem")) return "problem";
  return items2.some((i) => i.status === "attention") ? "attention" : "ok";
}

// server/services/shop-health.server.ts
var version;
function appVersion() {
  version ??= readFile13(path20.join(ROOT, "package.json"), "utf8").then(
    (text4) => String(JSON.parse(text4).version ?? "unknown"),
    () => "unknown"
  );
  return version;
}
var plural = (n, one, many = `${one}s`) => `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;
function formatBytes(bytes) {
  const units = ["bytes", "kB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1e3 && unit < units.length - 1) {
    value /= 1e3;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
function formatDuration(seconds2) {
  const d = Math.floor(seconds2 / 86400);
  const h = Math.floor(seconds2 % 86400 / 3600);
  const m = Math.floor(seconds2 % 3600 / 60);
  if (d > 0) return `${plural(d, "day")}, ${plural(h, "hour")}`;
  if (h > 0) return `${plural(h, "hour")}, ${plural(m, "minute")}`;
  return m > 0 ? plural(m, "minute") : plural(Math.floor(seconds2), "second");
}
function serverItem(source) {
  const s = source.server;
  if (!s.running) return { key: "server", title: "Server", status: "problem", headline: "The server is not running.", details: [`Version ${s.version} is installed.`] };
  const uptime = (Date.now() - Date.parse(s.startedAt)) / 1e3;
  return {
    key: "server",
    title: "Server",
    status: "ok",
    headline: `Running version ${s.version}, up for ${formatDuration(uptime)}.`,
    details: [`Started ${ukTime(s.startedAt)}; Node.js ${s.node}.`]
  };
}
function mailItem(messages, configured) {
  let lastOk = "";
  for (const m of messages) for (const a of m.notification.attempts) if (a.ok && a.at > lastOk) lastOk = a.at;
  const waiting = messages.filter((m) => m.notification.status === "pending" && m.archived !== true);
  const failing = waiting.filter((m) => m.notification.attempts.at(-1)?.ok === false);
  let since2 = "";
  let latest;
  for (const m of failing) {
    for (const a of m.notification.attempts) {
      if (a.ok || a.at <= lastOk) continue;
      if (!since2 || a.at < since2) since2 = a.at;
      if (!latest || a.at > latest.at) latest = a;
    }
  }
  const details = [lastOk ? `Last e-mail delivered ${ukTime(lastOk)}.` : "No e-mail delivered yet.", `${plural(waiting.length, "enquiry", "enquiries")} waiting to be e-mailed.`];
  if (!configured) {
    const unsent = messages.filter((m) => m.notification.status === "disabled" && m.archived !== true).length;
    return {
      key: "mail",
      title: "Mail",
      status: "attention",
      headline: "Not set up: enquiries are saved but not e-mailed to you (SMTP_URL is not set).",
      details: [`${plural(unsent, "enquiry", "enquiries")} saved without an e-mail; read them under Enquiries.`, ...details.slice(0, 1)]
    };
  }
  if (failing.length > 0 && latest) {
    const said = latest.error ?? "no reason given";
    return {
      key: "mail",
      title: "Mail",
      status: "problem",
      headline: `Failing since ${ukTime(since2 || latest.at)}: ${plainReason(said)}.`,
      details: [`The mail server said: ${said}`, ...details]
    };
  }
  return { key: "mail", title: "Mail", status: waiting.length > 0 ? "attention" : "ok", headline: "Set up: enquiries are e-mailed to you.", details };
}
function dataFileItem(source) {
  const name2 = path20.basename(source.dataFile);
  const counts = source.data ? [`${plural(source.data.products.length, "product")}, ${plural(source.data.messages.length, "enquiry", "enquiries")}.`] : [];
  if (source.problem) {
    const where = source.problem.line ? ` (line ${source.problem.line}, column ${source.problem.column})` : "";
    if (!source.server.running) {
      return { key: "dataFile", title: "Data file", status: "problem", headline: `${name2} cannot be used${where}: the server does not start until it is fixed.`, details: [source.problem.message] };
    }
    return {
      key: "dataFile",
      title: "Data file",
      status: "problem",
      headline: `Your last edit of ${name2} has a mistake${where}: the site shows the version before it.`,
      details: [source.problem.message, "New enquiries are kept safe meanwhile; fix the file and save it again."]
    };
  }
  if (source.writable === false) {
    return { key: "dataFile", title: "Data file", status: "problem", headline: `${name2} cannot be written: new enquiries are refused.`, details: ["Is the disk full, or the folder read-only?", ...counts] };
  }
  const unusable = source.data ? unusableValues(source.data, name2) : [];
  if (unusable.length > 0) {
    const first = unusable[0];
    const more = unusable.length > 1 ? ` (and ${plural(unusable.length - 1, "other value")})` : "";
    return {
      key: "dataFile",
      title: "Data file",
      status: "problem",
      headline: `"${first.productName}" (${first.productId}) cannot be ordered: its field "${first.field}" has a value the site will not use${more}.`,
      details: [...unusable.map((u) => u.message), "Every other product is served and ordered as usual; fix the value in the workspace or the file.", ...counts]
    };
  }
  return { key: "dataFile", title: "Data file", status: "ok", headline: `${name2} is valid.`, details: counts };
}
async function diskItem(dataFile) {
  const dir = path20.dirname(dataFile);
  try {
    const [space, file] = await Promise.all([statfs2(dir), stat10(dataFile).catch(() => null)]);
    const free = space.bavail * space.bsize;
    const total = space.blocks * space.bsize;
    const share = total > 0 ? Math.round(free / total * 100) : 0;
    const needed = (file?.size ?? 0) + 64 * 1024;
    const status = free < needed ? "problem" : free < 5e8 || share < 10 ? "attention" : "ok";
    return {
      key: "disk",
      title: "Disk",
      status,
      headline: `${formatBytes(free)} free of ${formatBytes(total)} (${share}%) beside the data file.`,
      details: status === "ok" ? [] : ["Free some space: the data file is rewritten whole at every change."]
    };
  } catch (err) {
    return { key: "disk", title: "Disk", status: "problem", headline: `Cannot look at the disk of ${dir}: ${err.message}`, details: [] };
  }
}
function imagesItem(source) {
  const a = source.allowance;
  const setUp = source.imagesConfigured ? [] : ["Image generation is not set up (OPENAI_API_KEY is not set)."];
  if (!a) return { key: "images", title: "Image budget", status: "ok", headline: "Not known without the running server.", details: setUp };
  const freed = a.nextFreedAt && a.left < a.limit ? [`More becomes free from ${ukTime(a.nextFreedAt)}.`] : [];
  return {
    key: "images",
    title: "Image budget",
    status: a.left === 0 ? "attention" : "ok",
    headline: `${plural(a.used, "image")} used in the last 24 hours, ${plural(a.left, "image")} left of ${a.limit.toLocaleString("en-GB")}.`,
    details: [...freed, ...setUp]
  };
}
async function snapshotItem(dataFile) {
  const dir = `${dataFile}.snapshots`;
  const names = (await readdir5(dir).catch(() => [])).filter((n) => n.endsWith(".json")).sort();
  const latest = names.at(-1);
  if (!latest) return { key: "snapshot", title: "Snapshots", status: "ok", headline: "No snapshot of the catalogue yet.", details: [] };
  const taken = await stat10(path20.join(dir, latest)).then((s) => ukTime(s.mtime.toISOString()), () => "unknown time");
  return { key: "snapshot", title: "Snapshots", status: "ok", headline: `Latest snapshot ${taken}: ${latest}.`, details: [`${plural(names.length, "snapshot")} kept.`] };
}
async function shopHealth(source) {
  const messages = source.data?.messages ?? [];
  const items2 = [
    serverItem(source),
    mailItem(messages, source.mailConfigured),
    dataFileItem(source),
    await diskItem(source.dataFile),
    imagesItem(source),
    await snapshotItem(source.dataFile)
  ];
  return { checkedAt: (/* @__PURE__ */ new Date()).toISOString(), status: worstStatus(items2), items: items2 };
}

// server/services/backup/shop-copy.server.ts
import { constants } from "node:fs";
import { copyFile as copyFile2, link as link2, mkdir as mkdir5, mkdtemp, readdir as readdir7, rm as rm8, stat as stat11 } from "node:fs/promises";
import path22 from "node:path";
import * as v15 from "valibot";

// server/services/backup/shop-files.server.ts
import { readdir as readdir6 } from "node:fs/promises";
import path21 from "node:path";
var isPartial = (name2) => name2.startsWith(".") || name2.endsWith(".tmp") || name2.includes(".tmp-");
function isShopName(dataFile, name2) {
  const base = path21.basename(dataFile);
  if (isPartial(name2) || name2.endsWith(".lock")) return false;
  return name2 === base || name2.startsWith(`${base}.`) || name2.startsWith(`${stemOf(dataFile)}.enquiries-`) || name2 === path21.basename(mediaDirFor(dataFile)) || name2 === path21.basename(formKeyFileFor(dataFile));
}
async function listShopFiles(dataFile) {
  const dir = path21.dirname(path21.resolve(dataFile));
  const files = [];
  const links = [];
  const walk = async (entries2, from) => {
    for (const entry of entries2.sort((a, b) => a.name.localeCompare(b.name))) {
      if (isPartial(entry.name)) continue;
      const rel = from ? `${from}/${entry.name}` : entry.name;
      if (entry.isSymbolicLink()) links.push(rel);
      else if (entry.isFile()) files.push({ path: rel, kind: "file" });
      else if (entry.isDirectory()) {
        files.push({ path: rel, kind: "folder" });
        await walk(await readdir6(path21.join(dir, rel), { withFileTypes: true }), rel);
      }
    }
  };
  const top = await readdir6(dir, { withFileTypes: true }).catch((err) => {
    if (err.code === "ENOENT") return [];
    throw err;
  });
  await walk(
    top.filter((e) => isShopName(dataFile, e.name)),
    ""
  );
  return { files, links };
}

// server/services/backup/shop-copy.server.ts
async function copyShop(dataFile) {
  const file = path22.resolve(dataFile);
  await removeStaleCopies(file);
  const folder = await mkdtemp(path22.join(path22.dirname(file), copyPrefix(file)));
  try {
    const { files, links } = await listShopFiles(file);
    const media = path22.basename(mediaDirFor(file));
    const linked = /* @__PURE__ */ new Set();
    const firstLinkOf = async (p) => {
      const { ino } = await stat11(p, { bigint: true });
      return !linked.has(ino) && Boolean(linked.add(ino));
    };
    const copied = [];
    for (const f of files) {
      const from = path22.join(path22.dirname(file), f.path);
      const to = path22.join(folder, f.path);
      try {
        if (f.kind === "folder") await mkdir5(to, { recursive: true, mode: 448 });
        else if (f.path.startsWith(`${media}/`) && await firstLinkOf(from)) await link2(from, to).catch(() => copyFile2(from, to));
        else await copyFile2(from, to, constants.COPYFILE_FICLONE);
        copied.push(f);
      } catch (err) {
        if (err.code !== "ENOENT") throw err;
      }
    }
    return { folder, files: copied, links };
  } catch (err) {
    await rm8(folder, { recursive: true, force: true });
    throw err;
  }
}
var copyPrefix = (file) => `.${path22.basename(file)}.backup-`;
var STALE_COPY_MS = 60 * 60 * 1e3;
async function removeStaleCopies(file) {
  const dir = path22.dirname(file);
  for (const name2 of await readdir7(dir)) {
    if (!name2.startsWith(copyPrefix(file))) continue;
    const st = await stat11(path22.join(dir, name2)).catch(() => null);
    if (st?.isDirectory() && Date.now() - st.mtimeMs > STALE_COPY_MS) await rm8(path22.join(dir, name2), { recursive: true, force: true });
  }
}
function answerBackups(store) {
  store.answer("backup", async () => {
    let pausedAt = "";
    let resumedAt = "";
    const copy = await store.whilePaused(async () => {
      pausedAt = (/* @__PURE__ */ new Date()).toISOString();
      try {
        return await copyShop(store.file);
      } finally {
        resumedAt = (/* @__PURE__ */ new Date()).toISOString();
      }
    });
    return { ok: true, ...copy, pausedAt, resumedAt };
  });
}
var AnswerSchema = v15.object({
  ok: v15.literal(true),
  folder: v15.string(),
  files: v15.array(v15.object({ path: v15.string(), kind: v15.picklist(["file", "folder"]) })),
  links: v15.array(v15.string()),
  pausedAt: v15.pipe(v15.string(), v15.isoTimestamp()),
  resumedAt: v15.pipe(v15.string(), v15.isoTimestamp())
});

// server/services.server.ts
function createServices({ config, store, logger }, options = {}) {
  const outbox = new MailOutbox({
    store,
    logger,
    smtpUrl: config.smtpUrl,
    mailTo: config.mailTo,
    mailFrom: config.mailFrom,
    retry: options.retry,
    timeoutMs: options.smtpTimeoutMs
  });
  const enquiries2 = createEnquiryService({ store, outbox, sameTextLimit: config.contactRateLimit });
  const returnedForms = returnedContactForms(formStateKey(formKeyFileFor(config.dataFile), logger));
  const dailyLimit = new DailyImageLimit(store, config.imageDailyLimit);
  const generator = configuredImageGenerator(config, store, { logger: logger.child({ feature: "image-generation" }), dailyLimit });
  const owner = { password: config.adminPassword, failures: failedLogins() };
  const photoFormats2 = photoFormatsFor(mediaDirFor(config.dataFile));
  const startedAt = new Date(Date.now() - process.uptime() * 1e3).toISOString();
  const health = async () => shopHealth({
    dataFile: store.file,
    data: store.data,
    problem: store.problem,
    writable: await store.isWritable(),
    mailConfigured: outbox.enabled,
    allowance: dailyLimit.allowance(),
    imagesConfigured: Boolean(config.openaiApiKey),
    server: { running: true, startedAt, version: await appVersion(), node: process.version }
  });
  store.answer("health", health);
  answerBackups(store);
  const catalogue = new CatalogueService(store, new CatalogueHistory(historyFileFor(store.file)), new Snapshots(snapshotDirFor(store.file)), servedPhotoCheck(mediaDirFor(config.dataFile)));
  const offers = new PhotoOffers(offersFileFor(store.file));
  const statistics = new Statistics({
    file: statisticsFileFor(store.file),
    enabled: config.statistics,
    writeEveryMs: config.statisticsWriteMs,
    logger: logger.child({ feature: "statistics" })
  });
  return {
    outbox,
    enquiries: enquiries2,
    health,
    returnedForms,
    images: { generator, dailyLimit, owner },
    catalogue,
    productPhotos: new ProductPhotoRuns({ generator, offers, catalogue, store, mediaDir: mediaDirFor(config.dataFile), configured: Boolean(config.openaiApiKey) }),
    photoFormats: photoFormats2,
    statistics,
    async start() {
      await statistics.start();
      await photoFormats2.start().catch((err) => logger.warn({ err }, "The media folder could not be read for AVIF twins; photographs are offered in WebP."));
      await outbox.start();
    },
    async stop() {
      await Promise.all([generator.stop(), outbox.stop(), stopPhotoFormats(photoFormats2.mediaDir), statistics.stop()]);
    }
  };
}

// server.ts
var isDev = process.argv.includes("--dev");
async function main() {
  let config;
  try {
    config = loadConfig({ NODE_ENV: isDev ? "development" : "production", ...process.env });
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  const logger = createLogger(config.logLevel);
  let store;
  try {
    store = await openStore(config.dataFile, { logger });
  } catch (err) {
    if (err instanceof DataFileError) fail(err.message);
    throw err;
  }
  if (config.openaiApiKey && !config.adminPassword) {
    const message = "ADMIN_PASSWORD is not set: image generation is open only to requests from this machine itself (for example /admin through an SSH tunnel). Set ADMIN_PASSWORD to use /admin from elsewhere.";
    if (config.trustProxy === false) logger.info(message);
    else logger.warn(`${message} Behind a proxy, make sure it sends X-Forwarded-For with every request it passes on.`);
  }
  const services = createServices({ config, store, logger });
  const vite = isDev ? await (await import("vite")).createServer({ root: ROOT, server: { middlewareMode: true }, appType: "custom" }) : void 0;
  const site = await createSite({ config, store, services, logger, vite });
  const host = config.host ?? (isDev ? "localhost" : "::");
  const server = createSiteServer(pacedDispatch(site.handler)).listen(config.port, host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    logger.info({ port, dataFile: store.file, mode: isDev ? "development" : "production" }, `Serving on http://localhost:${port}`);
  });
  server.on("error", (err) => fail(`Cannot listen on port ${config.port}: ${err.message}`));
  let stopping = false;
  const shutdown = async (signal) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "Shutting down: finishing requests in flight and pending writes");
    services.images.generator.current?.cancel(SHUTTING_DOWN);
    const force = setTimeout(() => {
      logger.error("Shutdown took longer than 10 s; exiting anyway");
      process.exit(1);
    }, 1e4);
    force.unref();
    const closed = new Promise((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    await closed;
    await services.stop();
    await vite?.close();
    await store.close();
    logger.info("Stopped cleanly");
    logger.flush?.();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  await services.start();
}
function fail(message) {
  console.error(`Cannot start: ${message}`);
  process.exit(1);
}
main().catch((err) => {
  console.error("Cannot start:", err);
  process.exit(1);
});
