// 'shared-lib/calendar': a call's times for the pages that book or show one (the booking page, its link's page,
// Meetings): its .ics file and the "Add to calendar" button, and the time zone a booking names (issue #45.6). A
// separate entry point, like 'shared-lib/billing': the pages without a call do not load it.
export * from './meeting-ics';
export * from './CalendarDownload';
export * from './time-zone-preference';
