import { describe, expect, it } from 'vitest';
import { hourColour, hoursBetweenScans, isTimeStep, parseHours, QUICK_HOURS, timeSteps, ZHours } from './hours';

describe('hour colours', () => {
  it.each([
    [0, 'red'],
    [0.5, 'grey'],
    [3, 'grey'],
    [3.75, 'grey'],
    [4, 'yellow'],
    [5, 'yellow'],
    [6, 'yellow'],
    [6.5, 'yellow'],
    [7, 'green'],
    [8, 'green'],
    [10, 'green'],
    [10.5, 'grey'],
    [12, 'grey'],
    [24, 'grey'],
  ])('%s hours are %s', (hours, colour) => {
    expect(hourColour(hours)).toBe(colour);
  });
});

describe('time steps', () => {
  it('offers 96 choices from 00:00 to 23:45 in 15-minute steps', () => {
    const steps = timeSteps();
    expect(steps).toHaveLength(96);
    expect(steps.slice(0, 5)).toEqual(['00:00', '00:15', '00:30', '00:45', '01:00']);
    expect(steps.at(-1)).toBe('23:45');
  });

  it.each([
    ['00:00', true],
    ['08:15', true],
    ['23:45', true],
    ['08:10', false],
    ['24:00', false],
    ['8:00', false],
    ['08:60', false],
    ['', false],
  ])('isTimeStep(%s) is %s', (value, ok) => {
    expect(isTimeStep(value)).toBe(ok);
  });
});

describe('hours values', () => {
  it('has the quick buttons 8, 9, 0', () => {
    expect(QUICK_HOURS).toEqual([8, 9, 0]);
  });

  it.each([
    [8, 8],
    [0, 0],
    [24, 24],
    [7.5, 7.5],
    [7.25, 7.25],
    ['8', 8],
    ['7.5', 7.5],
    ['7,5', 7.5],
    [' 9 ', 9],
  ])('reads %j as %s', (input, expected) => {
    expect(parseHours(input)).toBe(expected);
    expect(ZHours.parse(input)).toBe(expected);
  });

  it.each([[-1], [24.5], [7.125], ['abc'], ['8h'], ['1e1'], [Number.NaN], [true]])('refuses %j', (input) => {
    expect(parseHours(input)).toBeUndefined();
    const result = ZHours.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Hours must be a number from 0 to 24 (at most 2 decimals).');
  });

  it.each([[undefined], [null], ['']])('says hours are required for %j', (input) => {
    expect(ZHours.safeParse(input).error?.issues[0]?.message).toBe('Hours are required.');
  });
});

describe('hours of a scanned day', () => {
  it.each([
    ['08:00:00', '16:00:00', 8],
    ['08:00', '16:00', 8],
    ['08:00:00', '16:07:00', 8],
    ['08:00:00', '16:08:00', 8.25],
    ['08:00:00', '16:07:30', 8.25],
    ['07:53:00', '16:22:00', 8.5],
    ['08:00:00', '08:00:00', 0],
    ['16:00:00', '08:00:00', 0],
  ])('%s to %s is %s hours (nearest quarter hour)', (first, last, hours) => {
    expect(hoursBetweenScans(first, last)).toBe(hours);
  });
});
