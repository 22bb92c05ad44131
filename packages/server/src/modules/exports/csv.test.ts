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
    [7.5, '7.5'],
    [-5, '-5'],
    [null, ''],
    [Number.NaN, ''],
  ])('writes %j as %s', (value, written) => {
    expect(csvField(value)).toBe(written);
  });

  it('writes a BOM, a header and CRLF line ends', () => {
    expect(toCsv(['Emri', 'Orë'], [['Ana', 8]])).toBe('\uFEFF"Emri","Orë"\r\n"Ana",8\r\n');
  });
});
