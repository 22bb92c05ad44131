import { describe, expect, it } from 'vitest';
import { groupByWeek, isShownToWorker, workerTotalHours, workerWeeks } from './weeks';

const entry = (data: string, ora: number) => ({ data, ora });

describe('weeks of a month', () => {
  it('groups entries into Monday-to-Sunday weeks labelled Java N', () => {
    // March 2025: Sat 1, Sun 2 | Mon 3 … Sun 9 | Mon 10 …
    const weeks = groupByWeek([
      entry('2025-03-10', 8),
      entry('2025-03-01', 4),
      entry('2025-03-09', 5),
      entry('2025-03-03', 8),
    ]);
    expect(weeks.map((week) => [week.label, week.start, week.entries.map((e) => e.data), week.totalHours])).toEqual([
      ['Java 1', '2025-02-24', ['2025-03-01'], 4],
      ['Java 2', '2025-03-03', ['2025-03-03', '2025-03-09'], 13],
      ['Java 3', '2025-03-10', ['2025-03-10'], 8],
    ]);
  });

  it('keeps every entry for the employer view, Sundays with 0 too', () => {
    expect(groupByWeek([entry('2025-03-09', 0)])[0]?.entries).toHaveLength(1);
  });
});

describe("the worker's own view", () => {
  it.each([
    [entry('2025-03-09', 0), false], // Sunday, 0 hours: hidden
    [entry('2025-03-09', 6), true], // Sunday with hours: shown
    [entry('2025-03-08', 0), true], // Saturday, 0 hours: shown
    [entry('2025-03-03', 0), true], // Monday, 0 hours: shown
  ])('shows %j: %s', (value, shown) => {
    expect(isShownToWorker(value)).toBe(shown);
  });

  it('hides 0-hour Sundays, puts worked Sundays last in their week and leaves them out of nothing else', () => {
    const entries = [
      entry('2025-03-09', 5), // Sunday with hours
      entry('2025-03-03', 8),
      entry('2025-03-16', 0), // Sunday with 0: hidden
      entry('2025-03-08', 0), // Saturday with 0: shown
      entry('2025-03-10', 7.5),
    ];
    const weeks = workerWeeks(entries);
    expect(weeks.map((week) => week.entries.map((e) => e.data))).toEqual([
      ['2025-03-03', '2025-03-08', '2025-03-09'],
      ['2025-03-10'],
    ]);
    expect(workerTotalHours(entries)).toBe(20.5);
  });
});
