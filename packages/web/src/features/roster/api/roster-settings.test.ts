import { describe, expect, it } from 'vitest';
import { breakRulesProblem } from './roster-settings';

describe('breakRulesProblem', () => {
  it('takes no rules, one rule, and rules sorted by a strictly growing length', () => {
    expect(breakRulesProblem([])).toBeNull();
    expect(breakRulesProblem([{ from_minutes: 360, break_minutes: 30 }])).toBeNull();
    expect(
      breakRulesProblem([
        { from_minutes: 0, break_minutes: 0 },
        { from_minutes: 240, break_minutes: 15 },
        { from_minutes: 1440, break_minutes: 180 },
      ]),
    ).toBeNull();
  });

  it('refuses two rules for the same length, or out of order', () => {
    expect(
      breakRulesProblem([
        { from_minutes: 360, break_minutes: 30 },
        { from_minutes: 360, break_minutes: 20 },
      ]),
    ).toBe('order');
    expect(
      breakRulesProblem([
        { from_minutes: 480, break_minutes: 45 },
        { from_minutes: 240, break_minutes: 15 },
      ]),
    ).toBe('order');
  });

  it('refuses a length past a day, a negative one, and a break over three hours', () => {
    expect(breakRulesProblem([{ from_minutes: 1441, break_minutes: 5 }])).toBe('range');
    expect(breakRulesProblem([{ from_minutes: -1, break_minutes: 5 }])).toBe('range');
    expect(breakRulesProblem([{ from_minutes: 360, break_minutes: 181 }])).toBe('range');
  });
});
