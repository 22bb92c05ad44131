import { describe, expect, it } from 'vitest';
import { ZLabourRuleSet } from './rule-set-schema';
import { LABOUR_RULE_SETS, ruleSetFor } from './rule-sets';
import { LABOUR_SOURCES } from './sources';

type TFigureLike = { value: unknown; status: string; source: string };

function figuresOf(value: unknown, path = ''): [string, TFigureLike][] {
  if (value === null || typeof value !== 'object') return [];
  if ('status' in value && 'source' in value && 'value' in value) return [[path, value as TFigureLike]];
  return Object.entries(value).flatMap(([key, inner]) => figuresOf(inner, path ? `${path}.${key}` : key));
}

describe('labour rule sets', () => {
  it('are valid data: every figure names a known source and whether it was verified', () => {
    for (const ruleSet of LABOUR_RULE_SETS) {
      expect(() => ZLabourRuleSet.parse(ruleSet)).not.toThrow();
      const figures = figuresOf(ruleSet);
      expect(figures.length).toBeGreaterThanOrEqual(20);
      for (const [path, figure] of figures) {
        expect(Object.keys(LABOUR_SOURCES), `${ruleSet.id} ${path}`).toContain(figure.source);
        expect(['verified', 'default'], `${ruleSet.id} ${path}`).toContain(figure.status);
      }
    }
  });

  it('cite only official texts for the figures marked verified', () => {
    for (const ruleSet of LABOUR_RULE_SETS) {
      for (const [path, figure] of figuresOf(ruleSet)) {
        if (figure.status !== 'verified') continue;
        const source = LABOUR_SOURCES[figure.source as keyof typeof LABOUR_SOURCES];
        expect(source.official, `${ruleSet.id} ${path}`).toBe(true);
      }
    }
  });

  it('carry the currency and time zone of each jurisdiction', () => {
    expect(
      LABOUR_RULE_SETS.filter((set) => set.jurisdiction === 'XK').map((set) => [set.currency, set.timeZone]),
    ).toEqual([
      ['EUR', 'Europe/Belgrade'],
      ['EUR', 'Europe/Belgrade'],
      ['EUR', 'Europe/Belgrade'],
      ['EUR', 'Europe/Belgrade'],
    ]);
    expect(
      LABOUR_RULE_SETS.filter((set) => set.jurisdiction === 'AL').map((set) => [set.currency, set.timeZone]),
    ).toEqual([
      ['ALL', 'Europe/Tirane'],
      ['ALL', 'Europe/Tirane'],
    ]);
  });

  it.each([
    ['XK', '2024-07', undefined],
    ['XK', '2024-08', 'XK-2024-08-23'],
    ['XK', '2024-09', 'XK-2024-08-23'],
    ['XK', '2024-10', 'XK-2024-10-01'],
    ['XK', '2025-12', 'XK-2024-10-01'],
    ['XK', '2026-03', 'XK-2026-01-01'],
    ['XK', '2026-06', 'XK-2026-01-01'],
    ['XK', '2026-07', 'XK-2026-07-01'],
    ['AL', '2023-12', undefined],
    ['AL', '2024-01', 'AL-2024-01-01'],
    ['AL', '2025-12', 'AL-2024-01-01'],
    ['AL', '2026-01', 'AL-2026-01-01'],
  ] as const)('%s in %s uses %s', (jurisdiction, month, id) => {
    expect(ruleSetFor(jurisdiction, month)?.id).toBe(id);
  });

  it.each([
    ['XK', '2025-12', 350_00],
    ['XK', '2026-01', 425_00],
    ['XK', '2026-07', 500_00],
    ['AL', '2025-12', 40_000_00],
    ['AL', '2026-01', 50_000_00],
  ] as const)('%s in %s has a minimum wage of %i minor units', (jurisdiction, month, minimum) => {
    expect(ruleSetFor(jurisdiction, month)?.minimumWage.value).toBe(minimum);
  });

  it("levies Albania's health insurance on at least the minimum wage, and counts Saturday and Sunday as Kosovo's weekend", () => {
    for (const month of ['2025-06', '2026-06']) {
      const albania = ruleSetFor('AL', month);
      const health = albania?.contributions.find((line) => line.key === 'health');
      expect(health?.minimumBase.value).toBe(albania?.minimumWage.value);
    }
    expect(ruleSetFor('XK', '2026-06')?.workingTime.restDays.value).toEqual([5, 6]);
  });

  it('refuses a tax table whose rows do not rise or leave a middle row open', () => {
    const [kosovo] = LABOUR_RULE_SETS;
    if (!kosovo) throw new Error('no rule set');
    const withBrackets = (value: unknown) => ({
      ...kosovo,
      incomeTax: { ...kosovo.incomeTax, brackets: { ...kosovo.incomeTax.brackets, value } },
    });
    expect(
      ZLabourRuleSet.safeParse(
        withBrackets([
          { upTo: 450_00, fixed: 0, rateBps: 0, over: 0 },
          { upTo: 250_00, fixed: 0, rateBps: 800, over: 0 },
          { upTo: null, fixed: 0, rateBps: 1000, over: 0 },
        ]),
      ).success,
    ).toBe(false);
    expect(
      ZLabourRuleSet.safeParse(
        withBrackets([
          { upTo: null, fixed: 0, rateBps: 0, over: 0 },
          { upTo: null, fixed: 0, rateBps: 800, over: 0 },
        ]),
      ).success,
    ).toBe(false);
    expect(
      ZLabourRuleSet.safeParse({ ...kosovo, roundingUnit: { ...kosovo.roundingUnit, source: 'nowhere' } }).success,
    ).toBe(false);
  });
});
