import { describe, expect, it } from 'vitest';
import { computeDeductions } from './deductions';
import { ruleSetFor } from './rule-sets';

/** The worked examples of docs/labour-rules.md#worked-examples-contributions-and-tax, in minor units. */
function ruleSet(jurisdiction: 'XK' | 'AL', month: string) {
  const found = ruleSetFor(jurisdiction, month);
  if (!found) throw new Error(`no rule set for ${jurisdiction} ${month}`);
  return found;
}

const pick = (gross: number, jurisdiction: 'XK' | 'AL', month: string) => {
  const result = computeDeductions(gross, ruleSet(jurisdiction, month));
  return [
    result.employeeContributions,
    result.taxableIncome,
    result.incomeTax,
    result.net,
    result.employerContributions,
    result.employerCost,
  ];
};

describe('Kosovo: pension 5 % + 5 %, tax on gross less the pension share (cents)', () => {
  it.each([
    ['€240, all in the 0 % band', 240_00, [12_00, 228_00, 0, 228_00, 12_00, 252_00]],
    ['€263.16, taxable exactly €250.00: still 0 %', 263_16, [13_16, 250_00, 0, 250_00, 13_16, 276_32]],
    ['€350 (minimum wage), in the 8 % band', 350_00, [17_50, 332_50, 6_60, 325_90, 17_50, 367_50]],
    ['€473.68, taxable exactly €450.00: €16 of tax', 473_68, [23_68, 450_00, 16_00, 434_00, 23_68, 497_36]],
    ["€500 (Mazars' example), in the 10 % band", 500_00, [25_00, 475_00, 18_50, 456_50, 25_00, 525_00]],
    ['€1,200', 1200_00, [60_00, 1140_00, 85_00, 1055_00, 60_00, 1260_00]],
  ])('%s', (_, gross, expected) => {
    expect(pick(gross, 'XK', '2026-03')).toEqual(expected);
  });

  it("reproduces Mazars' whole-euro figures (tax €19, net €456) when amounts are rounded to the euro", () => {
    const kosovo = ruleSet('XK', '2026-03');
    const wholeEuros = { ...kosovo, roundingUnit: { ...kosovo.roundingUnit, value: 100 } };
    const result = computeDeductions(500_00, wholeEuros);
    expect([result.employeeContributions, result.incomeTax, result.net, result.employerCost]).toEqual([
      25_00, 19_00, 456_00, 525_00,
    ]);
  });
});

describe('Albania: social 9.5 % + 15 % within its base, health 1.7 % + 1.7 %, tax on gross (whole lek)', () => {
  it.each([
    ['ALL 40,000 (2024 minimum wage)', 40_000_00, '2024-06', [4_480_00, 40_000_00, 0, 35_520_00, 6_680_00, 46_680_00]],
    [
      'ALL 50,000: the last untaxed amount',
      50_000_00,
      '2024-06',
      [5_600_00, 50_000_00, 0, 44_400_00, 8_350_00, 58_350_00],
    ],
    [
      'ALL 50,001: 13 % above 35,000',
      50_001_00,
      '2024-06',
      [5_600_00, 50_001_00, 1_950_00, 42_451_00, 8_350_00, 58_351_00],
    ],
    ['ALL 55,000', 55_000_00, '2024-06', [6_160_00, 55_000_00, 2_600_00, 46_240_00, 9_185_00, 64_185_00]],
    ['ALL 60,000', 60_000_00, '2024-06', [6_720_00, 60_000_00, 3_250_00, 50_030_00, 10_020_00, 70_020_00]],
    [
      'ALL 100,000: 13 % above 30,000',
      100_000_00,
      '2024-06',
      [11_200_00, 100_000_00, 9_100_00, 79_700_00, 16_700_00, 116_700_00],
    ],
    [
      'ALL 200,000: social at the 176,416 ceiling',
      200_000_00,
      '2024-06',
      [20_160_00, 200_000_00, 22_100_00, 157_740_00, 29_862_00, 229_862_00],
    ],
    [
      'ALL 250,000: 22,100 + 23 % above 200,000',
      250_000_00,
      '2024-06',
      [21_010_00, 250_000_00, 33_600_00, 195_390_00, 30_712_00, 280_712_00],
    ],
    [
      'ALL 250,000 in 2026: ceiling 186,416',
      250_000_00,
      '2026-03',
      [21_960_00, 250_000_00, 33_600_00, 194_440_00, 32_212_00, 282_212_00],
    ],
  ])('%s', (_, gross, month, expected) => {
    expect(pick(gross, 'AL', month)).toEqual(expected);
  });

  it('levies social and health insurance on the minimum wage when less is paid, each line with its rates, and says so', () => {
    const result = computeDeductions(30_000_00, ruleSet('AL', '2024-06'));
    expect(
      result.contributions.map((line) => [
        line.key,
        line.base,
        line.employeeBps,
        line.employee,
        line.employerBps,
        line.employer,
      ]),
    ).toEqual([
      ['social', 40_000_00, 9_50, 3_800_00, 15_00, 6_000_00],
      ['health', 40_000_00, 1_70, 680_00, 1_70, 680_00],
    ]);
    // 30,000 − 3,800 − 680 − 0 tax.
    expect(result.net).toBe(25_520_00);
    expect(result.warnings).toEqual([
      { code: 'contributionBaseRaised', contribution: 'social', gross: 30_000_00, base: 40_000_00 },
      { code: 'contributionBaseRaised', contribution: 'health', gross: 30_000_00, base: 40_000_00 },
    ]);
  });

  it('levies nothing on a month with no pay', () => {
    const result = computeDeductions(0, ruleSet('AL', '2024-06'));
    expect([result.employeeContributions, result.incomeTax, result.net, result.employerCost]).toEqual([0, 0, 0, 0]);
    expect(result.warnings).toEqual([]);
  });
});
