/** The dashboard chart's value axis: four whole steps of the 1-2-5 series up to the highest bar. */
import { describe, expect, it } from 'vitest';
import { axisStep } from './counts-chart';

describe('axisStep', () => {
  it.each([
    [0, 1],
    [3, 1],
    [4, 1],
    [5, 2],
    [8, 2],
    [9, 5],
    [20, 5],
    [21, 10],
    [40, 10],
    [41, 20],
    [150, 50],
    [201, 100],
  ])('the highest bar %i gives a step of %i', (highest, step) => {
    expect(axisStep(highest)).toBe(step);
    expect(axisStep(highest) * 4).toBeGreaterThanOrEqual(highest);
  });
});
