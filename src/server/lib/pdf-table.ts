import PDFDocument from 'pdfkit';
import { businessDateTimeText } from '#shared/dates';
import { fastStandardFonts } from './pdf-fonts';

export interface PdfTableColumn {
  label: string;
  align?: 'left' | 'right';
}

export interface PdfTableInput {
  title: string;
  /** A line under the title, e.g. "Period: 2026-01-01 to 2026-03-31". */
  subtitle?: string;
  columns: readonly PdfTableColumn[];
  /** Cell texts, already formatted. */
  rows: readonly (readonly string[])[];
  /** An optional last row in bold (texts per column; empty strings for none). */
  totals?: readonly string[];
  generatedAt: Date;
  /** Shown when there are no rows. */
  emptyText?: string;
  /** Headline figures above the table (label, value), e.g. the counts of a capped report. */
  summary?: readonly (readonly [string, string])[];
  /** A line in bold above the table, e.g. that the table is cut short and where the rest is. */
  note?: string;
}

const MARGIN = 40;
const ROW_HEIGHT = 18;
const FONT_SIZE = 8.5;

/**
 * A report as a PDF: title, subtitle, optional summary figures and note, a table that repeats its
 * header on every page, a bold totals row and the generated time and page number in the footer.
 * Landscape past 6 columns. CPU-bound (pdfkit): the server runs it in a worker (pdf-pool.ts).
 */
export function renderPdfTable(input: PdfTableInput): Promise<Buffer> {
  fastStandardFonts();
  const landscape = input.columns.length > 6;
  const doc = new PDFDocument({
    size: 'A4',
    layout: landscape ? 'landscape' : 'portrait',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: input.title, Creator: 'KandyPack Portal' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN - 20;
  const widths = columnWidths(input, width);

  doc.fillColor('#312e81').font('Helvetica-Bold').fontSize(16).text(input.title, MARGIN, MARGIN);
  doc.fillColor('#374151').font('Helvetica').fontSize(9);
  if (input.subtitle) doc.text(input.subtitle);
  doc.text(`Generated ${businessDateTimeText(input.generatedAt)} (Colombo time)`);
  if (input.summary?.length) {
    doc.moveDown(0.6);
    for (const [label, value] of input.summary) {
      doc.font('Helvetica').text(`${label}: `, { continued: true }).font('Helvetica-Bold').text(value);
    }
  }
  if (input.note) {
    doc.moveDown(0.6);
    doc
      .fillColor('#92400e')
      .font('Helvetica-Bold')
      .text(input.note, { width: doc.page.width - 2 * MARGIN });
  }
  let y = doc.y + 12;

  const drawRow = (cells: readonly string[], style: 'header' | 'body' | 'total', shade: boolean) => {
    if (style === 'header') doc.rect(MARGIN, y - 4, width, ROW_HEIGHT).fill('#eef2ff');
    else if (shade) doc.rect(MARGIN, y - 4, width, ROW_HEIGHT).fill('#f8fafc');
    if (style === 'total')
      doc
        .moveTo(MARGIN, y - 4)
        .lineTo(MARGIN + width, y - 4)
        .strokeColor('#9ca3af')
        .stroke();
    doc
      .fillColor('#111827')
      .font(style === 'body' ? 'Helvetica' : 'Helvetica-Bold')
      .fontSize(FONT_SIZE);
    let x = MARGIN;
    input.columns.forEach((col, i) => {
      const w = widths[i]!;
      drawCell(doc, cells[i] ?? '', x + 3, y, w - 6, col.align ?? 'left');
      x += w;
    });
    y += ROW_HEIGHT;
  };
  const header = input.columns.map((c) => c.label);
  const newPageIfFull = () => {
    if (y + ROW_HEIGHT <= bottom) return;
    doc.addPage();
    y = MARGIN;
    drawRow(header, 'header', false);
  };

  drawRow(header, 'header', false);
  if (input.rows.length === 0) {
    doc
      .fillColor('#6b7280')
      .font('Helvetica-Oblique')
      .fontSize(9)
      .text(input.emptyText ?? 'No rows for this period.', MARGIN + 3, y);
    y += ROW_HEIGHT;
  }
  input.rows.forEach((row, index) => {
    newPageIfFull();
    drawRow(row, 'body', index % 2 === 1);
  });
  if (input.totals) {
    newPageIfFull();
    drawRow(input.totals, 'total', false);
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.page.margins.bottom = 0; // the footer sits in the margin; without this pdfkit starts a page
    doc
      .fillColor('#6b7280')
      .font('Helvetica')
      .fontSize(7.5)
      .text(`${input.title} · page ${i + 1} of ${range.count}`, MARGIN, doc.page.height - MARGIN - 8, {
        width,
        align: 'center',
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}

/** Characters after which pdfkit's line breaker must break, or that it measures apart (soft hyphen). */
const LINE_BREAKS = /[\p{Cc}\u00ad\u2028\u2029]/u;
/** Where pdfkit's line breaker may break a line (and its words' widths lose a kerning pair): any non-letter. */
const NOT_WORD = /[^\p{L}\p{N}]/gu;
/** The largest kerning of the standard fonts (180 thousandths of the size), rounded up, per word. */
const KERN_SLACK = 0.2;

/**
 * One table cell: what `doc.text(text, x, y, { width, align, lineBreak: false, ellipsis: true })`
 * draws, without pdfkit's LineWrapper when the text surely fits on its one line (decision 0048).
 * The wrapper is most of a table's time (per call an event emitter and its listeners, the
 * Unicode line breaker, each word measured with its kerning, again and again); for a text that
 * fits, all it draws is one fragment at x, or right-aligned at x + (line width - width of the
 * text without trailing spaces), computed here by the same operations, so the page's content is
 * the same bytes (pdf-table.test.ts). A text that might not fit (a line break, a word or a line
 * too long, kerning near the edge) or a line at the foot of the page goes through pdfkit as before.
 */
export function drawCell(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  width: number,
  align: 'left' | 'right',
): void {
  // the line width as LineWrapper computes it (horizontal scaling 100 %, one column)
  const lineWidth = (width * 100) / 100;
  const size = (doc as unknown as { _fontSize: number })._fontSize;
  const fits =
    !LINE_BREAKS.test(text) &&
    y + doc.currentLineHeight(true) + 1 <= doc.page.maxY() &&
    doc.widthOfString(text) + ((text.match(NOT_WORD)?.length ?? 0) + 1) * KERN_SLACK * size + 0.01 <=
      lineWidth;
  if (!fits) {
    doc.text(text, x, y, { width, align, lineBreak: false, ellipsis: true });
    return;
  }
  if (text === '') return;
  const at = align === 'right' ? x + (lineWidth - doc.widthOfString(text.replace(/\s+$/, ''))) : x;
  doc.text(text, at, y, { lineBreak: false });
}

/** Widths in proportion to the longest text of each column, within sensible bounds. */
function columnWidths(input: PdfTableInput, total: number): number[] {
  const sample = [input.columns.map((c) => c.label), ...input.rows.slice(0, 200), input.totals ?? []];
  const want = input.columns.map((_, i) =>
    Math.min(40, Math.max(6, ...sample.map((row) => (row[i] ?? '').length))),
  );
  const sum = want.reduce((a, b) => a + b, 0);
  return want.map((w) => (w / sum) * total);
}
