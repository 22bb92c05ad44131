import { createRequire } from 'node:module';
import { FISCAL_NUMBER_NAME, formatHours, monthLabel, type TPayrollStatement, type TPayrollWorker } from '@puna/domain';
import { extraHoursPayOf, type WorkerDeductions } from './contributions';
import {
  albanianDate,
  albanianHours,
  albanianMoney,
  albanianNumber,
  PAYROLL_WORDS,
  PREMIUM_LABELS,
  warningSentence,
} from './payroll-labels';

/**
 * DejaVu Sans from the dejavu-fonts-ttf package, embedded (as a subset) in every payslip: the PDF
 * standard fonts are WinAnsi only, which has ë and ç but not the Č, Ć and Đ of Kosovo's Serbian
 * names. The font files stay in node_modules; nothing is copied into the repository.
 */
const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

export type PayslipInput = {
  companyName: string;
  /** The employer's NUI (Kosovo) or NIPT (Albania), or null while not set. */
  fiscalNumber: string | null;
  address: string | null;
  statement: TPayrollStatement;
  worker: TPayrollWorker;
  personalId: string | null;
  /** The day the month was closed, in the employer's zone (YYYY-MM-DD), or null while it is open. */
  closedOn: string | null;
  /** Each contribution with its base and rates, and the taxable income (contributions.ts). */
  deductions: WorkerDeductions;
};

/** A rate in percent as the payslip writes it: 9.5 → "9,5 %". */
const percent = (rate: number) => `${formatHours(rate, 'sq')} %`;

const WAGE_WORDS: Record<string, string> = { Orë: 'për orë', Ditë: 'për ditë', Muaj: 'për muaj' };

type PdfDoc = PDFKit.PDFDocument;

/** A PDF of PDFKit with the embedded fonts registered, collected into one buffer when it ends. */
async function newDocument(info: {
  Title: string;
  Author: string;
}): Promise<{ doc: PdfDoc; finished: Promise<Buffer> }> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    lang: 'sq',
    info: { ...info, Creator: 'Puna' },
  });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, finished };
}

/**
 * The Albanian payslip of one worker's month as a PDF (docs/product.md#month-close). PDFKit is
 * loaded on the first payslip, not at start (as ExcelJS in `sheet.ts`).
 */
export async function renderPayslip(input: PayslipInput): Promise<Buffer> {
  const month = monthLabel(input.statement.month);
  const { doc, finished } = await newDocument({
    Title: `Fletëpagesa ${month}: ${input.worker.name}`,
    Author: input.companyName,
  });
  drawPayslip(doc, input);
  doc.end();
  return finished;
}

/** Every payslip of a month in one PDF, a page (or more) per worker, in the statement's order. */
export async function renderPayslips(
  inputs: PayslipInput[],
  title: { companyName: string; month: string },
): Promise<Buffer> {
  const { doc, finished } = await newDocument({
    Title: `Fletëpagesat ${monthLabel(title.month)}`,
    Author: title.companyName,
  });
  inputs.forEach((input, index) => {
    if (index > 0) doc.addPage();
    drawPayslip(doc, input);
  });
  if (inputs.length === 0)
    doc
      .font('body')
      .fontSize(11)
      .text(`Asnjë punëtor në listëpagesën e ${monthLabel(title.month)}.`);
  doc.end();
  return finished;
}

/** One payslip from the current page on. */
function drawPayslip(doc: PdfDoc, input: PayslipInput) {
  const { statement, worker, companyName } = input;
  const money = (value: number) => albanianMoney(value, statement.currency);
  const words = PAYROLL_WORDS[statement.jurisdiction];
  const month = monthLabel(statement.month);
  const { contributions, taxableIncome } = input.deductions;

  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  // Columns of the lines table: item, hours, allowance, hourly rate, amount.
  const columns = [
    { x: left, width: 205, align: 'left' as const },
    { x: left + 205, width: 45, align: 'right' as const },
    { x: left + 250, width: 55, align: 'right' as const },
    { x: left + 305, width: 95, align: 'right' as const },
    { x: left + 400, width: width - 400, align: 'right' as const },
  ];

  /** One line of the table; an item with no hours, allowance or rate spans those columns. */
  function row(cells: string[], options: { bold?: boolean } = {}) {
    const y = doc.y;
    doc.font(options.bold ? 'bold' : 'body').fontSize(10);
    const spans = cells.slice(1, 4).every((cell) => cell === '');
    let bottom = y;
    cells.forEach((cell, index) => {
      const column = columns[index];
      if (!column || cell === '') return;
      const columnWidth = index === 0 && spans ? 395 : column.width;
      doc.text(cell, column.x, y, { width: columnWidth, align: column.align });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = left;
    doc.y = bottom + 3;
  }

  function rule() {
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    doc.y += 4;
  }

  function heading(text: string) {
    doc.moveDown(0.6);
    doc.font('bold').fontSize(11).text(text, left, doc.y);
    doc.moveDown(0.2);
    rule();
  }

  doc.font('bold').fontSize(18).text('Fletëpagesa', left, doc.y);
  doc.font('body').fontSize(11).text(month);
  doc.moveDown(0.8);

  const facts: [string, string][] = [
    ['Kompania', companyName],
    [FISCAL_NUMBER_NAME[statement.jurisdiction], input.fiscalNumber ?? '—'],
    ['Adresa', input.address ?? '—'],
    ['Punëtori', worker.name],
    ['Numri personal', input.personalId ?? '—'],
    ['Muaji', month],
    ['Paga', `${money(worker.salary)} ${WAGE_WORDS[worker.wages] ?? worker.wages}`],
    ['Orë të punuara', albanianHours(worker.hours)],
  ];
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('bold').fontSize(10).text(`${label}:`, left, y, { width: 120 });
    doc
      .font('body')
      .fontSize(10)
      .text(value, left + 120, y, { width: width - 120 });
    doc.x = left;
  }
  doc.moveDown(0.3);
  doc
    .font('body')
    .fontSize(9)
    .fillColor('#444444')
    .text(
      input.closedOn
        ? `Muaji u mbyll më ${albanianDate(input.closedOn)}: shifrat janë ato të ruajtura në mbyllje.`
        : 'Paraprake: muaji nuk është mbyllur ende dhe shifrat mund të ndryshojnë.',
      left,
      doc.y,
      { width },
    )
    .fillColor('#000000');

  heading('Të ardhurat');
  row(['Zëri', 'Orë', 'Shtesa', 'Tarifa për orë', 'Shuma'], { bold: true });
  rule();
  row(['Paga bazë', albanianHours(worker.hours), '', '', money(worker.base_pay)]);
  if (worker.paid_holidays.days > 0) {
    const days = worker.paid_holidays.days;
    row([`Festat e paguara (${days} ditë)`, '', '', '', money(worker.paid_holidays.amount)]);
  }
  if (worker.paid_leave && worker.paid_leave.days > 0) {
    row([`Pushim i paguar (${worker.paid_leave.days} ditë)`, '', '', '', money(worker.paid_leave.amount)]);
  }
  const extra = extraHoursPayOf(worker);
  if (extra && extra.amount !== 0) {
    row(['Orë përtej pagës bazë', albanianHours(extra.hours), '', money(extra.hourlyRate), money(extra.amount)]);
  }
  for (const premium of worker.premiums) {
    row([
      PREMIUM_LABELS[premium.kind],
      albanianHours(premium.hours),
      `+${albanianNumber(premium.rate).replace(/,00$/, '')} %`,
      money(premium.hourly_rate),
      money(premium.amount),
    ]);
  }
  rule();
  row(['Paga bruto', '', '', '', money(worker.gross)], { bold: true });

  // Each contribution with its rate and base; with one (Kosovo's pension) its rate sits on the sum.
  const single = contributions.length === 1 ? contributions[0] : undefined;
  heading('Ndalesat');
  if (!single) {
    for (const line of contributions) {
      row([`${line.name} (${percent(line.employeeRate)} e ${money(line.base)})`, '', '', '', money(line.employee)]);
    }
  }
  row([
    single
      ? `${words.employeeContributions} (${percent(single.employeeRate)} e ${money(single.base)})`
      : words.employeeContributions,
    '',
    '',
    '',
    money(worker.employee_contributions),
  ]);
  row(['Baza e tatueshme', '', '', '', money(taxableIncome)]);
  row([words.incomeTax, '', '', '', money(worker.income_tax)]);
  rule();
  row(['Paga neto', '', '', '', money(worker.net)], { bold: true });

  heading('Kostoja e punëdhënësit');
  if (!single) {
    for (const line of contributions) {
      row([`${line.name} (${percent(line.employerRate)} e ${money(line.base)})`, '', '', '', money(line.employer)]);
    }
  }
  row([
    single
      ? `${words.employerContributions} (${percent(single.employerRate)} e ${money(single.base)})`
      : words.employerContributions,
    '',
    '',
    '',
    money(worker.employer_contributions),
  ]);
  row(['Kostoja gjithsej e punëdhënësit', '', '', '', money(worker.employer_cost)], { bold: true });

  // Caps passed and contribution bases adjusted: said plainly, the figures are never cut.
  const notes = [...new Set(worker.warnings.map((warning) => warningSentence(warning, statement.currency)))];
  if (notes.length > 0) {
    heading('Shënime');
    doc.font('body').fontSize(9);
    for (const note of notes) doc.text(`• ${note}`, left, doc.y, { width });
  }

  const rules = statement.rule_set;
  doc.moveDown(1.2);
  doc
    .font('body')
    .fontSize(9)
    .fillColor('#444444')
    .text(
      `Llogaritur sipas rregullave të ligjit të punës për ${words.country}, në fuqi nga ${albanianDate(rules.effective_from)} (${rules.id}).`,
      left,
      doc.y,
      { width },
    )
    .text(
      `Shifrat e paracaktuara të këtyre rregullave (${rules.figures.default} nga ${rules.figures.verified + rules.figures.default}) duhet të konfirmohen nga një kontabilist.`,
      { width },
    )
    .fillColor('#000000');
}
