// The free slots the database offers, arranged for the picker: grouped by the visitor's own calendar day and
// labelled in their time zone (the agency's rules are in its zone; a visitor abroad sees their local times).

/** A free slot as available_slots returns it. */
export interface Slot {
  slot_start: string;
  slot_end: string;
}

export interface SlotDay {
  /** The local date, 'YYYY-MM-DD': a stable key. */
  key: string;
  /** 'Mon' */
  weekday: string;
  /** 'Nov 24' */
  date: string;
  /** 'Monday, November 24' */
  fullDate: string;
  slots: Slot[];
}

/** The visitor's time zone as the browser reports it ('Europe/Berlin'), UTC when it cannot tell. */
export function visitorTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

// Formatters are costly to create: one per pattern and time zone.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(options: Intl.DateTimeFormatOptions, timeZone: string): Intl.DateTimeFormat {
  const key = `${JSON.stringify(options)}|${timeZone}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    formatters.set(key, found);
  }
  return found;
}
// Some ICU versions put a narrow no-break space before AM/PM; show a plain one everywhere.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');
const format = (iso: string, options: Intl.DateTimeFormatOptions, timeZone: string) =>
  plain(formatter(options, timeZone).format(new Date(iso)));

function dayKey(iso: string, timeZone: string): string {
  const parts = formatter({ year: 'numeric', month: '2-digit', day: '2-digit' }, timeZone).formatToParts(
    new Date(iso),
  );
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** '9:30 AM' */
export const formatSlotTime = (iso: string, timeZone: string): string =>
  format(iso, { hour: 'numeric', minute: '2-digit' }, timeZone);

/** 'Monday, November 24' */
const formatSlotDay = (iso: string, timeZone: string): string =>
  format(iso, { weekday: 'long', month: 'long', day: 'numeric' }, timeZone);

/** 'Monday, November 24, 9:30 AM - 10:00 AM' */
export const formatSlot = (slot: Slot, timeZone: string): string =>
  `${formatSlotDay(slot.slot_start, timeZone)}, ${formatSlotTime(slot.slot_start, timeZone)} - ${formatSlotTime(slot.slot_end, timeZone)}`;

/** A local date's labels, read from its key: noon UTC of that date names it in UTC whatever the visitor's zone. */
function emptyDay(key: string): SlotDay {
  const noon = `${key}T12:00:00Z`;
  return {
    key,
    weekday: format(noon, { weekday: 'short' }, 'UTC'),
    date: format(noon, { month: 'short', day: 'numeric' }, 'UTC'),
    fullDate: formatSlotDay(noon, 'UTC'),
    slots: [],
  };
}

/** The slots by the visitor's local day, days and slots in time order. */
export function groupSlotsByDay(slots: readonly Slot[], timeZone: string): SlotDay[] {
  const days = new Map<string, SlotDay>();
  const sorted = [...slots].sort((a, b) => Date.parse(a.slot_start) - Date.parse(b.slot_start));
  for (const slot of sorted) {
    const key = dayKey(slot.slot_start, timeZone);
    let day = days.get(key);
    if (!day) {
      day = emptyDay(key);
      days.set(key, day);
    }
    day.slots.push(slot);
  }
  return [...days.values()];
}

const DAY_MS = 86_400_000;

/**
 * The days with free times (in order, as groupSlotsByDay gives them) and, between the first and the last, the
 * fully booked ones: a day with no free time on a weekday that has free times on another day. The browser is
 * told only the free slots, so a weekday that has none anywhere is taken for one the agency does not work.
 */
export function withFullyBookedDays(days: readonly SlotDay[]): SlotDay[] {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return [];
  const free = new Map(days.map((d) => [d.key, d]));
  const workdays = new Set(days.map((d) => d.weekday));
  const all: SlotDay[] = [];
  // A key parses as midnight UTC, so whole days step from date to date.
  for (let t = Date.parse(first.key); t <= Date.parse(last.key); t += DAY_MS) {
    const key = new Date(t).toISOString().slice(0, 10);
    const day = free.get(key) ?? emptyDay(key);
    if (workdays.has(day.weekday)) all.push(day);
  }
  return all;
}
