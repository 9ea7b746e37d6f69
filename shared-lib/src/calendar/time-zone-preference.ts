/**
 * PostgREST's `Prefer: timezone=<zone>` naming the browser's time zone: a booking made or timed with it stores the
 * zone, and its e-mails name the call's times in it (issue #45.6; private.booker_time_zone). PostgREST ignores a
 * zone the database does not know, and the booking then takes the agency's.
 */
export const timeZonePreference = (): string =>
  `timezone=${Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'}`;
