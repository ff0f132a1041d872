/**
 * An accepted request as an order in production: its stages, the moves between them and the
 * quantities a shipment may carry. Pure: the server decides with these rules, the screens show
 * with them.
 *
 *   confirmed → in_production → quality_check → packed ─(shipments)─▶ partly_dispatched ─▶ dispatched → delivered
 *       └──────────────┴───────────────┴───────────┴────────────────────────┴──▶ cancelled
 *
 * An admin moves an order one stage forward at a time; `partly_dispatched` and `dispatched` are
 * reached only by recording shipments (some lines shipped, every line shipped).
 */

export const FULFILMENT_STAGES = [
  'confirmed',
  'in_production',
  'quality_check',
  'packed',
  'partly_dispatched',
  'dispatched',
  'delivered',
  'cancelled',
] as const;
export type FulfilmentStage = (typeof FULFILMENT_STAGES)[number];

export const isFulfilmentStage = (value: unknown): value is FulfilmentStage =>
  typeof value === 'string' && (FULFILMENT_STAGES as readonly string[]).includes(value);

/** The stages of an order that runs to the end, in order (the timeline a buyer reads). */
export const STAGE_PATH: readonly FulfilmentStage[] = [
  'confirmed',
  'in_production',
  'quality_check',
  'packed',
  'partly_dispatched',
  'dispatched',
  'delivered',
];

/** Stages set by shipments, never named in a stage change. */
export const SHIPMENT_STAGES: readonly FulfilmentStage[] = ['partly_dispatched', 'dispatched'];
/** Stages from which an order may be cancelled: every one before `dispatched`. */
export const CANCELLABLE_STAGES: readonly FulfilmentStage[] = [
  'confirmed',
  'in_production',
  'quality_check',
  'packed',
  'partly_dispatched',
];
/** Stages in which shipments may be recorded. */
export const SHIPPABLE_STAGES: readonly FulfilmentStage[] = ['packed', 'partly_dispatched'];
/** Stages after which nothing changes any more. */
export const FINAL_STAGES: readonly FulfilmentStage[] = ['delivered', 'cancelled'];

/** The stage a forward move from `current` reaches by hand, or null (shipments, or the end). */
const NEXT_BY_HAND: Partial<Record<FulfilmentStage, FulfilmentStage>> = {
  confirmed: 'in_production',
  in_production: 'quality_check',
  quality_check: 'packed',
  dispatched: 'delivered',
};

export const FULFILMENT_LIMITS = {
  poNumberMax: 100,
  courierMax: 100,
  trackingNumberMax: 100,
  noteMax: 2_000,
  /** Up to 1 tonne per line, in milligrams. */
  actualWeightMgMax: 1_000_000_000,
} as const;

const LABEL: Record<FulfilmentStage, string> = {
  confirmed: 'confirmed',
  in_production: 'in production',
  quality_check: 'in quality check',
  packed: 'packed',
  partly_dispatched: 'partly dispatched',
  dispatched: 'dispatched',
  delivered: 'delivered',
  cancelled: 'cancelled',
};

/** The stage as a sentence says it ("in production"). */
export const stageWords = (stage: FulfilmentStage) => LABEL[stage];

export type StageDecision = { ok: true } | { ok: false; message: string };

/** Whether an admin may move an order from `current` to `target` by hand; a refusal names `current`. */
export function decideStage(current: FulfilmentStage, target: FulfilmentStage): StageDecision {
  const now = `This order is ${LABEL[current]}`;
  if (FINAL_STAGES.includes(current)) return { ok: false, message: `${now}; it cannot change any more` };
  if (target === 'cancelled')
    return CANCELLABLE_STAGES.includes(current)
      ? { ok: true }
      : { ok: false, message: `${now}; it cannot be cancelled after dispatch` };
  if (SHIPMENT_STAGES.includes(target))
    return { ok: false, message: `${now}; it becomes ${LABEL[target]} by recording shipments` };
  if (NEXT_BY_HAND[current] === target) return { ok: true };
  const next = NEXT_BY_HAND[current];
  return {
    ok: false,
    message: next
      ? `${now}; the next stage is ${LABEL[next]}, not ${LABEL[target]}`
      : `${now}; it moves on by recording shipments, not to ${LABEL[target]}`,
  };
}

/** The stages an admin may move `current` to by hand (for the screens). */
export function nextStages(current: FulfilmentStage): FulfilmentStage[] {
  return FULFILMENT_STAGES.filter((target) => decideStage(current, target).ok);
}

/** Whether shipments may be recorded now; a refusal names `current`. */
export function decideShipment(current: FulfilmentStage): StageDecision {
  if (SHIPPABLE_STAGES.includes(current)) return { ok: true };
  const before = STAGE_PATH.indexOf(current) < STAGE_PATH.indexOf('packed');
  return {
    ok: false,
    message: before
      ? `This order is ${LABEL[current]}; it can be shipped once packed`
      : `This order is ${LABEL[current]}; it cannot be shipped any more`,
  };
}

/** Whether the expected ship date or the PO number may still change. */
export function decideDetails(current: FulfilmentStage): StageDecision {
  return FINAL_STAGES.includes(current)
    ? { ok: false, message: `This order is ${LABEL[current]}; it cannot change any more` }
    : { ok: true };
}

/** A line of the order: what was accepted, and what earlier shipments carried. */
export type AcceptedLine = { key: string; label: string; accepted: number; shipped: number };
export type ShipmentLineInput = { key: string; quantity: number };

export type ShipmentCheck =
  { ok: true; stage: 'partly_dispatched' | 'dispatched' } | { ok: false; message: string };

/**
 * Whether a shipment of `lines` fits the order: each names a line of the order once, with at
 * least 1 piece and no more than what is left of the accepted quantity. Answers the stage the
 * order reaches: `dispatched` when every line is then fully shipped, else `partly_dispatched`.
 */
export function checkShipment(
  order: readonly AcceptedLine[],
  lines: readonly ShipmentLineInput[],
): ShipmentCheck {
  if (!lines.length) return { ok: false, message: 'lines must name at least one line of the order' };
  const byKey = new Map(order.map((line) => [line.key, line]));
  const seen = new Set<string>();
  const adding = new Map<string, number>();
  for (const line of lines) {
    const found = byKey.get(line.key);
    if (!found) return { ok: false, message: `lines: ${line.key} is not a line of this order` };
    if (seen.has(line.key)) return { ok: false, message: `lines: ${found.label} is named twice` };
    seen.add(line.key);
    if (!Number.isInteger(line.quantity) || line.quantity < 1)
      return { ok: false, message: `lines: the quantity of ${found.label} must be at least 1` };
    const left = found.accepted - found.shipped;
    if (line.quantity > left)
      return {
        ok: false,
        message: `lines: ${found.label} has ${left} of ${found.accepted} accepted left to ship, not ${line.quantity}`,
      };
    adding.set(line.key, line.quantity);
  }
  const complete = order.every((line) => line.shipped + (adding.get(line.key) ?? 0) >= line.accepted);
  return { ok: true, stage: complete ? 'dispatched' : 'partly_dispatched' };
}

/** India has one time zone, without summer time: UTC+05:30. */
const INDIA_OFFSET_MS = 330 * 60_000;

/** Today's calendar day in India (YYYY-MM-DD), where the business ships from. */
export const indiaToday = (now: Date) => new Date(now.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);

/** The stages in which an order has not left the workshop in full (partly dispatched included). */
const NOT_DISPATCHED: readonly FulfilmentStage[] = [
  'confirmed',
  'in_production',
  'quality_check',
  'packed',
  'partly_dispatched',
];

/**
 * Overdue: the expected ship date (a calendar day in India) has passed and the order is not
 * dispatched (nor delivered, nor cancelled). An order due today is not overdue yet.
 */
export function isShipOverdue(stage: FulfilmentStage, expectedShipDate: string | null, now: Date): boolean {
  if (!expectedShipDate || !NOT_DISPATCHED.includes(stage)) return false;
  return indiaToday(now) > expectedShipDate;
}

/** Whether a dispatch at `dispatchedAt` met the expected ship date (India's calendar day). */
export function isOnTime(expectedShipDate: string, dispatchedAt: Date): boolean {
  return indiaToday(dispatchedAt) <= expectedShipDate;
}

/** A calendar date as typed: YYYY-MM-DD that names a real day. */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}
