import { z } from 'zod';
import { messages } from './messages';

/** Most hours one entry can hold (one calendar day). */
export const MAX_HOURS_PER_DAY = 24;

/** The add page's quick buttons, in the spec's order. */
export const QUICK_HOURS = [8, 9, 0] as const;

export type THourColour = 'red' | 'yellow' | 'green' | 'grey';

/**
 * Colour of a day's hours (docs/product.md#pay): 0 red, 4 to 6 yellow, 7 to 10 green, anything else grey.
 * Fractions between the spec's whole numbers follow the pay rule's boundary: under 7 is a short day
 * (yellow from 4), 7 or more a full day (green up to 10); 6.5 is yellow, 10.5 grey.
 */
export function hourColour(hours: number): THourColour {
  if (hours === 0) return 'red';
  if (hours >= 4 && hours < 7) return 'yellow';
  if (hours >= 7 && hours <= 10) return 'green';
  return 'grey';
}

const HOURS_TEXT = /^\d{1,2}(?:[.,]\d{1,2})?$/;
const HOURS_MESSAGE = messages.hoursInvalid;

/** Reads hours typed as a number or as text (`8`, `7.5`, `7,5`); undefined when it is not one. */
export function parseHours(input: unknown): number | undefined {
  let value: number;
  if (typeof input === 'number') value = input;
  else if (typeof input === 'string' && HOURS_TEXT.test(input.trim())) value = Number(input.trim().replace(',', '.'));
  else return undefined;
  if (!Number.isFinite(value) || value < 0 || value > MAX_HOURS_PER_DAY) return undefined;
  // Stored as numeric(5,2): more decimals would be silently rounded, so they are refused.
  if (Math.abs(Math.round(value * 100) - value * 100) > 1e-6) return undefined;
  return value;
}

/** One day's hours, 0 to 24, from a number or numeric text. */
export const ZHours = z
  .union([z.number(), z.string()], {
    error: (issue) => (issue.input === undefined || issue.input === null ? messages.hoursRequired : HOURS_MESSAGE),
  })
  .transform((input, ctx) => {
    if (input === '') {
      ctx.addIssue({ code: 'custom', message: messages.hoursRequired });
      return z.NEVER;
    }
    const hours = parseHours(input);
    if (hours === undefined) {
      ctx.addIssue({ code: 'custom', message: HOURS_MESSAGE });
      return z.NEVER;
    }
    return hours;
  });

/** Minutes between two schedule time choices. */
export const TIME_STEP_MINUTES = 15;

/** The schedule's time choices: '00:00', '00:15', … '23:45'. */
export function timeSteps(stepMinutes: number = TIME_STEP_MINUTES): string[] {
  const steps: string[] = [];
  for (let minutes = 0; minutes < 24 * 60; minutes += stepMinutes) {
    steps.push(`${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`);
  }
  return steps;
}

/** True for 'HH:MM' on a 15-minute step between 00:00 and 23:45. */
export function isTimeStep(value: string): boolean {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  return match !== null && Number(match[2]) % TIME_STEP_MINUTES === 0;
}

const CLOCK = /^\d\d:\d\d(:\d\d)?$/;

function minutesOfClock(time: string): number {
  // The scans' 'HH:MM:SS' read digit by digit: a month's statement reads 26,000 of them.
  if (CLOCK.test(time)) {
    const digit = (i: number) => time.charCodeAt(i) - 48;
    const seconds = time.length === 8 ? digit(6) * 10 + digit(7) : 0;
    return (digit(0) * 10 + digit(1)) * 60 + digit(3) * 10 + digit(4) + seconds / 60;
  }
  const [h = 0, m = 0, s = 0] = time.split(':').map(Number);
  return h * 60 + m + s / 60;
}

/**
 * A scanned day's hours: last scan − first scan ('HH:MM' or 'HH:MM:SS'), rounded to the nearest
 * quarter hour; never negative.
 */
export function hoursBetweenScans(first: string, last: string): number {
  const minutes = Math.max(0, minutesOfClock(last) - minutesOfClock(first));
  return Math.round(minutes / 15) / 4;
}
