import { z } from 'zod';

/**
 * Where a labour-law figure was taken from. `official` sources are the law itself, a gazette, or a
 * government or tax-authority publication quoting it; the others are secondary (firms, news,
 * summaries). docs/labour-rules.md#sources lists them with what each one was used for.
 */
export const ZLabourSource = z.strictObject({
  id: z.string().min(1),
  title: z.string().min(1),
  /** Article or section, when the figure comes from one. */
  article: z.string().min(1).optional(),
  /** A public address, or a document id (gazette number) when there is no stable address. */
  url: z.string().min(1).optional(),
  document: z.string().min(1).optional(),
  official: z.boolean(),
});
export type TLabourSource = z.infer<typeof ZLabourSource>;

/** Every source a rule set or holiday table cites, by id. */
export const LABOUR_SOURCES = {
  'xk-tax-atk-notice': {
    id: 'xk-tax-atk-notice',
    title:
      'Tax Administration of Kosovo, "Notice to taxpayers: personal income tax rates are changed" (quotes Art. 5 of Law No. 08/L-142)',
    article: 'Law No. 08/L-142, Art. 5 (replacing Art. 6 of Law No. 05/L-028 on Personal Income Tax)',
    url: 'https://www.atk-ks.org/en/notice-to-taxpayers-personal-income-tax-rates-are-changed/',
    official: true,
  },
  'xk-labour-ministry-hours': {
    id: 'xk-labour-ministry-hours',
    title:
      'Ministry of Finance, Labour and Transfers of Kosovo, "Working hours" (summary of Law No. 03/L-212 on Labour)',
    url: 'https://mpfvlc.rks-gov.net/en/orari',
    official: true,
  },
  'xk-holidays-law': {
    id: 'xk-holidays-law',
    title: 'Law No. 03/L-064 on Official Holidays in the Republic of Kosovo (text as reproduced by kosovarimedia.com)',
    article:
      'Art. 2 (the holidays), Art. 3 (paid days off; a working day is compensated with a day and a half), Art. 4 (weekend shift)',
    url: 'http://www.kosovarimedia.com/index.php?option=com_content&view=article&id=475',
    document: 'Law No. 03/L-064',
    official: true,
  },
  'xk-holiday-calendars': {
    id: 'xk-holiday-calendars',
    title:
      "Government of Kosovo, yearly calendars of official holidays 'pursuant to Art. 2 of Law No. 03/L-064' (2014, 2018, 2019, 2022, 2024)",
    url: 'https://www.rks-gov.net/AL/f191/publikimet/festat-zyrtare-ne-republiken-e-kosoves',
    official: true,
  },
  'xk-eurofound-2019': {
    id: 'xk-eurofound-2019',
    title: 'Eurofound, "Working life in Kosovo" (2019), quoting the Law on Labour',
    url: 'https://www.eurofound.europa.eu/en/resources/article/2019/working-life-kosovo',
    official: false,
  },
  'xk-mazars-2025': {
    id: 'xk-mazars-2025',
    title: 'Forvis Mazars, CEE Tax Guide 2025 (Kosovo); PwC worldwide tax summaries, Kosovo (reviewed Feb 2024)',
    official: false,
  },
  'xk-minimum-wage-2024': {
    id: 'xk-minimum-wage-2024',
    title:
      'Government of Kosovo decision raising the minimum wage to €350 gross from 1 October 2024 (as reported by lajmishqip.net)',
    url: 'https://lajmishqip.net/?p=176542',
    official: false,
  },
  'xk-minimum-wage-2011': {
    id: 'xk-minimum-wage-2011',
    title: 'ILO minimum wage table for Kosovo, effective 30 April 2011 (€170 from age 35, €130 under 35)',
    url: 'http://jobs-in-eu.blogspot.com/2015/01/minimum-wage-2014-kosovo.html',
    official: false,
  },
  'al-labour-code-old': {
    id: 'al-labour-code-old',
    title:
      'Albanian Labour Code, Law No. 7961/1995, text as amended up to 2003 (ligjet.info); the 2015 amendments (Law No. 136/2015) not seen',
    article:
      'Art. 80–81 (night work), 83 (40 h week), 85 (weekly rest incl. Sunday), 86 (holidays, shift to Monday), 87, 88, 91',
    url: 'http://ligjet.info/kodi_punes/kreu_ix',
    official: false,
  },
  'al-labour-code-2015-juristionline': {
    id: 'al-labour-code-2015-juristionline',
    title:
      'Juristi Online (2023), quoting the Labour Code as amended by Law No. 136/2015: 8 h day, 40 h week, 48 h week, 200 h overtime a year',
    url: 'https://juristionline.al/questions_of_civil/kodi-i-punes-3/',
    official: false,
  },
  'al-income-tax-pwc-2024': {
    id: 'al-income-tax-pwc-2024',
    title:
      'PwC worldwide tax summaries, Albania, taxes on personal income (reviewed 12 January 2024), for Law No. 29/2023 "On income tax"',
    url: 'https://taxsummaries.pwc.com/albania/individual/taxes-on-personal-income',
    official: false,
  },
  'al-income-tax-noa-2023': {
    id: 'al-income-tax-noa-2023',
    title:
      'noa.al (3 May 2023), worked examples of the employment income tax on monthly salaries (60,000 → 3,250; 100,000 → 9,100; 200,000 → 22,100)',
    url: 'https://noa.al/lajmi/2023/05/2382279.html',
    official: false,
  },
  'al-contributions-hlb-2024': {
    id: 'al-contributions-hlb-2024',
    title:
      'HLB Albania (2024), "Understanding salary contributions and taxes in Albania"; PwC Albania significant developments (reviewed 5 July 2024)',
    url: 'https://hlb.al/?p=16917',
    official: false,
  },
  'al-ceiling-2026': {
    id: 'al-ceiling-2026',
    title:
      'Contribution ceiling ALL 186,416 from 1 January 2026, from one secondary source (../shared/LABOUR-NOTES.md: joinhorizons 2026)',
    official: false,
  },
  'al-minimum-wage-2026': {
    id: 'al-minimum-wage-2026',
    title:
      'Alprofit Consult (18 March 2026): gross minimum wage ALL 50,000 from January 2026; Council of Ministers Decision No. 141 of 6 March 2026',
    url: 'https://alprofitconsult.al/en/kompensimi-i-kontributeve-nga-rritja-e-pages-minimale-cfare-merr-biznesi-juaj-dhe-si-aplikohet/',
    official: false,
  },
  'al-holidays-ice-2025': {
    id: 'al-holidays-ice-2025',
    title:
      "ICE (Italian Trade Agency) Tirana, Albania's holiday calendar 2025, with the rule that holidays on a Saturday or Sunday move to the next working days",
    url: 'https://aziendeaccordi.ice.it/it/mercati/albania/tirana/calendario-delle-festivita',
    official: false,
  },
  'al-holidays-law': {
    id: 'al-holidays-law',
    title:
      'Law No. 7651/1992 "On official holidays and memorial days", as amended (Alphabet Day, 22 November, added in 2024: Council of Ministers proposal of 10 January 2024)',
    document: 'Law No. 7651/1992',
    url: 'https://zeri.info/kultura/521274/hasani-22-nentori-dita-e-alfabetit-shpallet-feste-kombetare',
    official: false,
  },
  'bajram-2026-diyanet': {
    id: 'bajram-2026-diyanet',
    title:
      "Diyanet (Turkey's Presidency of Religious Affairs) religious-days calendar 2026, as reported by dunya.com and yenisafak.com; Albania's 2026 holiday lists (holidayssky.com)",
    url: 'https://www.dunya.com/gundem/2026-dini-bayram-tarihleri-kurban-bayrami-ve-ramazan-bayrami-ne-zaman-haberi-802898',
    official: false,
  },
  'al-bajram-2024-tvklan': {
    id: 'al-bajram-2024-tvklan',
    title:
      'TV Klan via zefiri.net (21 November 2024): Albania 2024 holidays as observed (Kurban Bajram Sunday 16 June, Monday off)',
    url: 'https://zefiri.net/2024/11/21/neser-festa-e-alfabetitpor-shqiperia-ka-48-mije-analfabete',
    official: false,
  },
  'xk-minimum-wage-2026': {
    id: 'xk-minimum-wage-2026',
    title:
      "Government of Kosovo decision of October 2025 raising the minimum wage to €425 from 1 January 2026 and €500 from 1 July 2026 (as reported by BTA via Gazeta Express, standartnews.com); the decision's number and text not read",
    url: 'https://www.standartnews.com/svyat/v-tazi-balkanska-strana-vdigat-minimalnata-zaplata-612626.html',
    official: false,
  },
  'xk-labour-law-weekend': {
    id: 'xk-labour-law-weekend',
    title:
      'Law No. 03/L-212 on Labour, Art. 56 (salary supplements: "weekends: 50 % per hour"), as quoted by Eurofound 2019; the article\'s own text not read',
    article: 'Art. 56',
    url: 'https://www.eurofound.europa.eu/en/resources/article/2019/working-life-kosovo',
    official: false,
  },
  'al-minimum-wage-2026-decision': {
    id: 'al-minimum-wage-2026-decision',
    title:
      "Council of Ministers decision on the national minimum wage: ALL 50,000 a month for 174 hours, financial effect from 1 January 2026 (as reported by ATV, atvlive.tv, and NOA, noa.al, 1 January 2026); the decision's number not read",
    url: 'https://atvlive.tv/miratohet-ne-qeveri-nga-1-janari-paga-minimale-ne-shqiperi-518-euro/',
    official: false,
  },
  'al-minimum-wage-2023': {
    id: 'al-minimum-wage-2023',
    title:
      'Albania minimum wage ALL 40,000 from April 2023, unchanged in 2025 (NOA, noa.al, 6 November 2025: "30 thousand in 2022, 40 thousand in March 2023, 50 thousand expected in 2026")',
    url: 'https://noa.al/lajmi/2025/11/2541207.html',
    official: false,
  },
  'al-contributions-minimum-base': {
    id: 'al-contributions-minimum-base',
    title:
      'Council of Ministers decision on the contribution bases (as reported by albaniaplus.com, 2014): the monthly minimum wage for social and health insurance contributions is not lower than the national minimum wage',
    url: 'https://albaniaplus.com/qeveria-miraton-ndryshimet-per-sigurimet-shoqerore-dhe-shendetesore/',
    official: false,
  },
  'al-labour-code-holidays': {
    id: 'al-labour-code-holidays',
    title:
      'Albanian Labour Code, Art. 86(2) (older text, ligjet.info): "the employee enjoys the right to pay on official holidays"; when a holiday falls on the weekly rest, the rest moves to Monday',
    article: 'Art. 86(2)',
    url: 'http://ligjet.info/kodi_punes/kreu_ix/c._pushimi',
    official: false,
  },
  'puna-default': {
    id: 'puna-default',
    title: "Puna's own default, not taken from a legal text: to confirm with an accountant",
    official: false,
  },
} as const satisfies Record<string, TLabourSource>;

export type TLabourSourceId = keyof typeof LABOUR_SOURCES;
