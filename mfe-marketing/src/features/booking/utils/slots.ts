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

/** The slots by the visitor's local day, days and slots in time order. */
export function groupSlotsByDay(slots: readonly Slot[], timeZone: string): SlotDay[] {
  const days = new Map<string, SlotDay>();
  const sorted = [...slots].sort((a, b) => Date.parse(a.slot_start) - Date.parse(b.slot_start));
  for (const slot of sorted) {
    const key = dayKey(slot.slot_start, timeZone);
    let day = days.get(key);
    if (!day) {
      day = {
        key,
        weekday: format(slot.slot_start, { weekday: 'short' }, timeZone),
        date: format(slot.slot_start, { month: 'short', day: 'numeric' }, timeZone),
        fullDate: formatSlotDay(slot.slot_start, timeZone),
        slots: [],
      };
      days.set(key, day);
    }
    day.slots.push(slot);
  }
  return [...days.values()];
}
