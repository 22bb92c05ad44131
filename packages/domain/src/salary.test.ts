import { describe, expect, it } from 'vitest';
import { parseSalary, SALARY_FORMAT_MESSAGE, salaryField, ZSalary } from './salary';

describe('salary parsing', () => {
  it.each([
    ['450', 450],
    ['450.5', 450.5],
    ['450,5', 450.5],
    ['450,55', 450.55],
    [' 450 ', 450],
    ['0', 0],
    ['3.35', 3.35],
    [450, 450],
    [450.5, 450.5],
    [0, 0],
  ])('reads %j as %s', (input, value) => {
    expect(parseSalary(input)).toEqual({ ok: true, value });
    expect(ZSalary.parse(input)).toBe(value);
  });

  it.each([
    ['abc', SALARY_FORMAT_MESSAGE],
    ['-450', SALARY_FORMAT_MESSAGE],
    ['+450', SALARY_FORMAT_MESSAGE],
    ['1.000,50', SALARY_FORMAT_MESSAGE],
    ['1,000.50', SALARY_FORMAT_MESSAGE],
    ['1 000', SALARY_FORMAT_MESSAGE],
    ['450€', SALARY_FORMAT_MESSAGE],
    ['450.', SALARY_FORMAT_MESSAGE],
    ['.5', SALARY_FORMAT_MESSAGE],
    ['4e2', SALARY_FORMAT_MESSAGE],
    ['0x10', SALARY_FORMAT_MESSAGE],
    ['450.555', 'Salary can have at most 2 decimals.'],
    ['450,555', 'Salary can have at most 2 decimals.'],
    ['', 'Salary is required.'],
    ['   ', 'Salary is required.'],
    ['99999999999', 'Salary is too large.'],
    [-1, SALARY_FORMAT_MESSAGE],
    [Number.NaN, SALARY_FORMAT_MESSAGE],
    [Number.POSITIVE_INFINITY, SALARY_FORMAT_MESSAGE],
    [1.005, 'Salary can have at most 2 decimals.'],
  ])('refuses %j: %s', (input, error) => {
    expect(parseSalary(input)).toEqual({ ok: false, error });
    expect(ZSalary.safeParse(input).error?.issues[0]?.message).toBe(error);
  });

  it.each([[undefined], [null], [''], [true]])('a form field answers its own sentence for %j', (input) => {
    const field = salaryField('Name, salary, role, and wages are required. Please select a valid role.');
    expect(field.safeParse(input).error?.issues[0]?.message).toBe(
      'Name, salary, role, and wages are required. Please select a valid role.',
    );
  });
});
