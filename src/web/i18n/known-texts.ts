// English texts the web receives from elsewhere (the server's `detail`, a zod schema's message)
// that it knows how to say in the reader's language; anything else is shown as it came
// (docs/decisions/0083: API details stay as the contract says).
import { orderStatusName } from './order-status-name';
import type { MessageKey, MessageValues, Translate } from './provider';

const EXACT: Record<string, MessageKey> = {
  // sign-in and sign-up
  'Username is required': 'validation.usernameRequired',
  'Password is required': 'validation.passwordRequired',
  'Full name is required': 'validation.nameRequired',
  'Email is required': 'validation.emailRequired',
  'Enter a valid email address': 'validation.emailInvalid',
  'Username must be at least 3 characters': 'validation.usernameShort',
  'Password must be at least 8 characters': 'validation.passwordShort',
  'Use letters, digits, dot, dash or underscore only': 'validation.usernameAlphabet',
  'Invalid credentials or server unavailable': 'auth.loginFailed',
  'Your account has no portal access yet. Please contact an administrator.': 'auth.noPortal',
  'Incorrect username or password': 'auth.loginFailed',
  'That username or email is already registered': 'error.alreadyRegistered',
  // orders
  'Please select a delivery date': 'validation.dateRequired',
  'Please select a product for all items': 'validation.productRequired',
  'Quantity must be at least 1': 'validation.quantity',
  'Quantity must be a whole number': 'validation.quantityWhole',
  'Please enter a delivery address': 'validation.addressRequired',
  'Please log in to place an order': 'order.new.notLoggedIn',
  'Your account is not linked to a customer profile. Please contact support.': 'order.new.noCustomer',
  'Failed to place order. Please try again.': 'order.new.failed',
  'Not enough stock: another order took the last units, please review your quantities': 'error.stockTaken',
  // support requests
  'Please enter a subject': 'support.validation.subjectRequired',
  'Please enter a message': 'support.validation.messageRequired',
};

/** A YYYY-MM-DD date in the reader's language (useFormat().date); absent, dates stay as they came. */
export type DateText = (isoDate: string) => string;

type Pattern = readonly [
  RegExp,
  MessageKey,
  (m: RegExpMatchArray, t: Translate, date: (english: string) => string) => MessageValues,
];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "12 Jun 2026", the app's English date (src/web/lib/format.ts), as 2026-06-12; else null. */
export function isoOfEnglishDate(text: string): string | null {
  const m = /^(\d{1,2}) ([A-Z][a-z]{2}) (\d{4})$/.exec(text.trim());
  const month = m ? MONTHS.indexOf(m[2]!) + 1 : 0;
  if (!m || month === 0) return null;
  return `${m[3]}-${String(month).padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
}

const PATTERNS: readonly Pattern[] = [
  [/^Network request failed/, 'error.network', () => ({})],
  [/^Request failed \((\d+)\)$/, 'error.requestFailed', (m) => ({ status: m[1]! })],
  [
    /^The subject can be at most (\d+) characters$/,
    'support.validation.subjectTooLong',
    (m) => ({ max: m[1]! }),
  ],
  [
    /^The message can be at most (\d+) characters$/,
    'support.validation.messageTooLong',
    (m) => ({ max: m[1]! }),
  ],
  [/^(?:\w+ )+must be at most (\d+) characters$/, 'validation.tooLong', (m) => ({ max: m[1]! })],
  [
    /^Delivery date must be at least (\d+) days from today \((.+) or later\)$/,
    'validation.dateTooSoon',
    (m, _t, date) => ({ days: m[1]!, date: date(m[2]!) }),
  ],
  [
    /^Delivery date can be at most (\d+) days from today \((.+) or earlier\)$/,
    'validation.dateTooLate',
    (m, _t, date) => ({ days: m[1]!, date: date(m[2]!) }),
  ],
  [/^Special instructions can be at most (\d+) characters$/, 'validation.tooLong', (m) => ({ max: m[1]! })],
  [/^Username '.*' already exists$/, 'error.alreadyRegistered', () => ({})],
  [/^Email '.*' is already registered$/, 'error.alreadyRegistered', () => ({})],
  [
    /^Not enough stock for (.+): (\d+) available, (\d+) requested$/,
    'error.notEnoughStock',
    (m) => ({ product: m[1]!, available: m[2]!, requested: m[3]! }),
  ],
  [/^Order #?(\d+) is already cancelled$/, 'error.alreadyCancelled', (m) => ({ id: m[1]! })],
  [/^Order #?(\d+) not found$/, 'error.orderNotFound', (m) => ({ id: m[1]! })],
  [
    /^Order #(\d+) is (Scheduled|In Transit|Delivered) and can no longer be (cancelled|changed) online: only a Pending order can\. Please contact support and we will help\.$/,
    'error.noLongerOnline',
    (m, t) => ({ id: m[1]!, status: orderStatusName(t, m[2]!), action: m[3]! }),
  ],
  [
    /^Not enough stock for (.+): (\d+) available, (\d+) more requested$/,
    'error.notEnoughStockMore',
    (m) => ({ product: m[1]!, available: m[2]!, requested: m[3]! }),
  ],
  [/^File '(.+)' is larger than ([\d.]+ MB)$/, 'error.fileTooLarge', (m) => ({ name: m[1]!, size: m[2]! })],
];

/** The text in the reader's language when it is a known one, else the text as it came. */
export function knownText(t: Translate, text: string, dateText?: DateText): string {
  const exact = EXACT[text.trim()];
  if (exact) return t(exact);
  // a date inside the English text ("12 Jun 2026") in the reader's language when it can be
  const date = (english: string) => {
    const iso = dateText && isoOfEnglishDate(english);
    return iso ? dateText(iso) : english;
  };
  for (const [pattern, key, values] of PATTERNS) {
    const match = text.trim().match(pattern);
    if (match) return t(key, values(match, t, date));
  }
  return text;
}
