/** Letters NFD does not split into a base letter and a mark. */
const ASCII_OF: Record<string, string> = { Đ: 'D', đ: 'd', Ø: 'O', ø: 'o', Ł: 'L', ł: 'l', ß: 'ss', Æ: 'AE', æ: 'ae' };

/** A file name in plain ASCII: accents dropped (ë → e, Č → C, Đ → D), anything else but letters, digits, . and - as -. */
export function asciiFileName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[ĐđØøŁłßÆæ]/g, (letter) => ASCII_OF[letter] ?? '-')
    .replace(/[^A-Za-z0-9.-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-(?=\.)|-$/g, '');
}

/**
 * `Content-Disposition: attachment` with an ASCII `filename` every browser reads and the UTF-8
 * `filename*` of RFC 6266 / RFC 8187 that keeps the name as written (Fletëpagesa-Đorđe-Čolić-2026-03.pdf).
 */
export function attachmentHeader(fileName: string): string {
  const ascii = asciiFileName(fileName);
  if (ascii === fileName) return `attachment; filename="${ascii}"`;
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** A payslip's file name: the worker's name and the month, e.g. `puna-fletëpagesa-Ardi-Krasniqi-2026-03.pdf`. */
export function payslipFileName(workerName: string, month: string): string {
  const name = workerName.trim().replace(/[\s/\\:*?"<>|]+/g, '-');
  return `puna-fletëpagesa-${name}-${month}.pdf`;
}
