/**
 * A price request's life after it is sent: its states, the moves between them and the totals of
 * a quote. Pure: the server decides with these rules, the screens show with them.
 *
 *   new ──quote sent──▶ quoted ──▶ accepted | declined
 *    │                   │  ▲ └──(valid-until passes)──▶ expired ──quote sent──▶ quoted
 *    │                   │  └──quote sent (revision 2, 3, …)
 *    └─▶ cancelled       └─▶ withdrawn
 *     (buyer)              (admin)
 */

export const ORDER_STATUSES = [
  'new',
  'quoted',
  'accepted',
  'declined',
  'expired',
  'cancelled',
  'withdrawn',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const isOrderStatus = (value: unknown): value is OrderStatus =>
  typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);

export const CURRENCIES = ['INR', 'USD', 'EUR', 'GBP', 'AED'] as const;
export type Currency = (typeof CURRENCIES)[number];
/** Every offered currency has two decimals: 100 minor units (paise, cents, fils) to the unit. */
export const MINOR_PER_MAJOR = 100;

export const QUOTE_LIMITS = {
  unitPriceMax: 1_000_000_000,
  moqMin: 1,
  moqMax: 10_000,
  noteMax: 2_000,
  leadTimeDaysMax: 365,
  commentMax: 2_000,
  /** Days a sent quote stays valid when the admin names no date. */
  defaultValidDays: 14,
  /** A `new` request older than this is overdue on the admin list. */
  overdueHours: 48,
} as const;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The state every reader sees: a `quoted` request whose valid-until has passed is `expired` at
 * once, whether or not the expiry has been recorded yet. A quote valid until T is valid before T
 * and expired from T on.
 */
export function effectiveStatus(stored: string, validUntil: Date | null, now: Date): OrderStatus {
  const status: OrderStatus = isOrderStatus(stored) ? stored : 'new';
  if (status === 'quoted' && validUntil && validUntil.getTime() <= now.getTime()) return 'expired';
  return status;
}

export const isOverdue = (status: OrderStatus, createdAt: Date, now: Date) =>
  status === 'new' && now.getTime() - createdAt.getTime() > QUOTE_LIMITS.overdueHours * HOUR_MS;

export const defaultValidUntil = (sentAt: Date) =>
  new Date(sentAt.getTime() + QUOTE_LIMITS.defaultValidDays * DAY_MS);

/** What a person may do to a request; `saveQuote` and `sendQuote` are an admin's, the rest as named. */
export type OrderAction = 'saveQuote' | 'sendQuote' | 'accept' | 'decline' | 'cancel' | 'withdraw';

/** The states each action may start from, and where it leads (`saveQuote` changes no state). */
const MOVES: Record<OrderAction, { from: readonly OrderStatus[]; to: OrderStatus | null }> = {
  saveQuote: { from: ['new', 'quoted', 'expired'], to: null },
  sendQuote: { from: ['new', 'quoted', 'expired'], to: 'quoted' },
  accept: { from: ['quoted'], to: 'accepted' },
  decline: { from: ['quoted'], to: 'declined' },
  cancel: { from: ['new'], to: 'cancelled' },
  withdraw: { from: ['quoted'], to: 'withdrawn' },
};

const VERB: Record<OrderAction, string> = {
  saveQuote: 'quoted',
  sendQuote: 'quoted',
  accept: 'accepted',
  decline: 'declined',
  cancel: 'cancelled',
  withdraw: 'withdrawn',
};

export type Transition = { ok: true; to: OrderStatus | null } | { ok: false; message: string };

/** Whether `action` may happen to a request in `current` state; a refusal names that state. */
export function decideTransition(current: OrderStatus, action: OrderAction): Transition {
  const move = MOVES[action];
  if (move.from.includes(current)) return { ok: true, to: move.to };
  return { ok: false, message: `This request is ${current}; it cannot be ${VERB[action]}` };
}

export const canTransition = (current: OrderStatus, action: OrderAction) =>
  decideTransition(current, action).ok;

/** A priced line as stored: amounts in minor units. */
export type PricedLine = { unitPrice: number; quantity: number };

/**
 * `lineTotal = unitPrice × quantity`, `total = Σ lineTotal`, in integer minor units. Summed as
 * BigInt so no total is ever rounded; one above JavaScript's safe integers is refused (the limits
 * keep a request far below it: 500 lines × 10,000 pieces × 1,000,000,000).
 */
export function computeTotals(lines: readonly PricedLine[]): { lineTotals: number[]; total: number } {
  let total = 0n;
  const lineTotals = lines.map((line) => {
    if (!Number.isSafeInteger(line.unitPrice) || !Number.isSafeInteger(line.quantity))
      throw new RangeError('amounts and quantities must be integers');
    const lineTotal = BigInt(line.unitPrice) * BigInt(line.quantity);
    total += lineTotal;
    return toSafeNumber(lineTotal);
  });
  return { lineTotals, total: toSafeNumber(total) };
}

function toSafeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('total too large');
  return Number(value);
}

/**
 * Minor units as a decimal string in major units (`123456` → `"1234.56"`), exact for every
 * integer, negative included: built from the digits, never by dividing a float.
 */
export function minorToMajor(amount: number): string {
  const negative = amount < 0;
  const digits = String(Math.abs(Math.trunc(amount))).padStart(3, '0');
  const major = `${digits.slice(0, -2)}.${digits.slice(-2)}`;
  return negative ? `-${major}` : major;
}

/**
 * An amount in minor units as `1,23,456.50` (rupees grouped the Indian way, lakh and crore) or
 * `123,456.50` (other currencies, by thousands): built from the exact decimal digits (never a
 * float), the same on the server and in every browser.
 */
export function formatAmount(minor: number, currency: string): string {
  const [whole = '0', cents = '00'] = minorToMajor(Math.abs(minor)).split('.');
  const grouped =
    currency === 'INR' && whole.length > 3
      ? `${whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${whole.slice(-3)}`
      : whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${minor < 0 ? '-' : ''}${grouped}.${cents}`;
}

/** An amount with its currency: `INR 1,23,456.50`, `USD 123,456.50`. */
export const formatMoney = (minor: number, currency: string) =>
  `${currency} ${formatAmount(minor, currency)}`;

/** A major-unit amount as typed (`"1,234.5"`, `"12"`) in minor units; null when it is not one. */
export function majorToMinor(text: string): number | null {
  const clean = text.trim().replace(/,/g, '');
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(clean);
  if (!match) return null;
  return Number(match[1]) * MINOR_PER_MAJOR + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Where a buyer reads a request (linked from e-mails) and where an admin quotes it. */
export const buyerRequestPath = (id: string) => `/myrequests/${id}`;
export const adminRequestPath = (id: string) => `/orderlist/${id}`;
