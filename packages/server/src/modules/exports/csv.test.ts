import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('CSV fields', () => {
  it.each([
    ['Arben', '"Arben"'],
    ['Hoxha, Arben', '"Hoxha, Arben"'],
    ['He said "hi"', '"He said ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=1+1', `"'=1+1"`],
    ['+355 69', `"'+355 69"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tTab', `"'\tTab"`],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['Ëngjëll Çela', '"Ëngjëll Çela"'],
    [8, '8'],
    [7.5, '7,5'],
    [-5, '-5'],
    [1234.5, '1.234,5'],
    [null, ''],
    [Number.NaN, ''],
  ])('writes %j as %s', (value, written) => {
    expect(csvField(value)).toBe(written);
  });

  it.each([
    [1234.5, 'sq', 'money', '1.234,50'],
    [1234.5, 'en', 'money', '"1,234.50"'],
    [0.1 + 0.2, 'sq', 'money', '0,30'],
    [-2.005, 'sq', 'money', '-2,01'],
    [26, 'sq', 'count', '26'],
    [7.25, 'en', 'hours', '7.25'],
  ] as const)('writes %j in %s as %s', (value, locale, kind, written) => {
    expect(csvField(value, locale, kind)).toBe(written);
  });

  it('writes a BOM, a header and CRLF line ends, with ; between fields in sq and , in en', () => {
    expect(
      toCsv([
        ['Emri', 'Orë'],
        ['Ana', 7.5],
      ]),
    ).toBe('\uFEFF"Emri";"Orë"\r\n"Ana";7,5\r\n');
    expect(
      toCsv(
        [
          ['Emri', 'Orë'],
          ['Ana', 7.5],
        ],
        { locale: 'en' },
      ),
    ).toBe('\uFEFF"Emri","Orë"\r\n"Ana",7.5\r\n');
  });
});
