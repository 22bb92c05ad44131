import { z } from 'zod';
import { messages } from './messages';

/** Largest salary the database column (numeric(12,2)) holds. */
export const MAX_SALARY = 9_999_999_999.99;

export const SALARY_FORMAT_MESSAGE = messages.salaryFormat;

const SALARY_TEXT = /^\d+(?:[.,]\d{1,2})?$/;

export type TSalaryParse = { ok: true; value: number } | { ok: false; error: string };

/**
 * Reads a salary typed as free text: `450`, `450.5` or `450,5` (a comma is a decimal separator,
 * never a thousands separator). Anything else — signs, spaces inside, thousands separators, more
 * than 2 decimals, letters — is refused with a sentence saying what is accepted.
 */
export function parseSalary(input: string | number): TSalaryParse {
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || input < 0) return { ok: false, error: SALARY_FORMAT_MESSAGE };
    if (Math.abs(Math.round(input * 100) - input * 100) > 1e-6) {
      return { ok: false, error: messages.salaryDecimals };
    }
    if (input > MAX_SALARY) return { ok: false, error: messages.salaryTooLarge };
    return { ok: true, value: input };
  }
  const text = input.trim();
  if (text === '') return { ok: false, error: messages.salaryRequired };
  if (/^\d+[.,]\d{3,}$/.test(text)) return { ok: false, error: messages.salaryDecimals };
  if (!SALARY_TEXT.test(text)) return { ok: false, error: SALARY_FORMAT_MESSAGE };
  const value = Number(text.replace(',', '.'));
  if (value > MAX_SALARY) return { ok: false, error: messages.salaryTooLarge };
  return { ok: true, value };
}

/**
 * A salary field: a number or free text, read by `parseSalary`. `requiredMessage` is what a
 * missing or empty value answers (the employee form has its own sentence for that).
 */
export function salaryField(requiredMessage: string = messages.salaryRequired) {
  return z
    .union([z.number(), z.string()], {
      error: (issue) =>
        issue.input === undefined || issue.input === null || typeof issue.input === 'boolean'
          ? requiredMessage
          : SALARY_FORMAT_MESSAGE,
    })
    .transform((input, ctx) => {
      if (typeof input === 'string' && input.trim() === '') {
        ctx.addIssue({ code: 'custom', message: requiredMessage });
        return z.NEVER;
      }
      const parsed = parseSalary(input);
      if (!parsed.ok) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed.value;
    });
}

export const ZSalary = salaryField();
