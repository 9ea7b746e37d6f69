import { msUntilAfterLoad } from '../since-load';

// Fake timers replace `performance` (its clock starts at 0); the navigation timing is set on that fake.
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const navigation = (entries: Partial<PerformanceNavigationTiming>[]) =>
  Object.assign(performance, { getEntriesByType: () => entries });

it('counts from the load event, not from when it is asked', () => {
  navigation([{ loadEventEnd: 300 }]);
  jest.advanceTimersByTime(1800);
  expect(msUntilAfterLoad(2000)).toBe(500);
});

it('is zero once the moment has passed', () => {
  navigation([{ loadEventEnd: 300 }]);
  jest.advanceTimersByTime(5000);
  expect(msUntilAfterLoad(2000)).toBe(0);
});

it('waits the whole delay while the page is still loading or the browser keeps no timing', () => {
  navigation([{ loadEventEnd: 0 }]);
  jest.advanceTimersByTime(700);
  expect(msUntilAfterLoad(2000)).toBe(2000);
  navigation([]);
  expect(msUntilAfterLoad(10_000)).toBe(10_000);
});
