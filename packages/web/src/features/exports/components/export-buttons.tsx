import { EXPORT_FORMATS, numberLocaleOf } from '@puna/domain';
import { Download } from 'lucide-react';
import { monthText } from '../../../lib/date-names';
import { useTranslation } from '../../../lib/i18n';
import { exportUrl, type TExportKind } from '../api/export-url';

/** CSV and XLSX download links for one month's hours or pay. */
export function ExportButtons({ kind, month }: { kind: TExportKind; month: string }) {
  const { t, i18n } = useTranslation();
  const locale = numberLocaleOf(i18n.language);
  const what = t(`exports.${kind}`);
  return (
    <fieldset className="inline-flex items-center gap-2">
      <legend className="sr-only">{what}</legend>
      <span className="min-w-28 text-sm font-medium text-slate-700 sm:min-w-0" aria-hidden="true">
        {what}:
      </span>
      {EXPORT_FORMATS.map((format) => (
        <a
          key={format}
          href={exportUrl(kind, month, format, locale)}
          download
          className="btn-secondary px-3 py-2"
          aria-label={t('exports.download', {
            what,
            month: monthText(month, i18n.language),
            format: t(`exports.formats.${format}`),
          })}
        >
          <Download className="size-4" aria-hidden="true" />
          {t(`exports.formats.${format}`)}
        </a>
      ))}
    </fieldset>
  );
}
