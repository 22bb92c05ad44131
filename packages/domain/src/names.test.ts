import { describe, expect, it } from 'vitest';
import { compareNames } from './names';

describe('name order', () => {
  it('sorts the Albanian alphabet, ignoring case, numbers by value', () => {
    const names = ['zana', 'Ëngjëll', 'Elira', 'Çela', 'Cani', 'Dritan', 'agim', 'Punëtor 10', 'Punëtor 2'];
    expect([...names].sort(compareNames)).toEqual([
      'agim',
      'Cani',
      'Çela',
      'Dritan',
      'Elira',
      'Ëngjëll',
      'Punëtor 2',
      'Punëtor 10',
      'zana',
    ]);
  });

  it.each([
    ['Ana', 'ana', 0],
    ['Ana', 'Bora', -1],
    ['Bora', 'Ana', 1],
  ])('compares %s and %s as %i', (a, b, sign) => {
    expect(Math.sign(compareNames(a, b))).toBe(sign);
  });
});
