import PDFDocument from 'pdfkit';
import { afterEach, describe, expect, it } from 'vitest';
import { pdfText } from '#server/test/documents';
import { useFastStandardFonts } from './pdf-fonts';
import { drawCell, type PdfTableInput, renderPdfTable } from './pdf-table';

// Decision 0048: report PDFs are made with less CPU, and must show exactly what they showed.

const CREATED = new Date('2031-01-02T03:04:05Z');

/** A document whose bytes depend only on what is drawn (no compression, a fixed creation date). */
function document(draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 40, compress: false, info: { CreationDate: CREATED } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  draw(doc);
  doc.end();
  return done;
}

/** A PDF's bytes without its creation date and the file id made from it. */
const comparable = (pdf: Buffer) =>
  pdf
    .toString('latin1')
    .replace(/\(D:\d{14}Z\)/g, '(D:)')
    .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/g, '/ID []');

const TEXTS = [
  '',
  ' ',
  '12,345',
  '-1.5 h',
  '2031-03-10 06:30 UTC',
  'AVAWAY Ty To Yo LT', // kerning pairs, also across the spaces
  'Colombo Fort',
  'Udarata Menike Goods',
  'Kandy-Colombo/Matale',
  'trailing spaces   ',
  '   leading spaces',
  'a word far too long for its narrow column, and more words after it',
  'Line\nBreak',
  'Carriage\rReturn',
  'Tab\there',
  'soft\u00adhyphen',
  'Ünïcödé – Lanka ශ්‍රී 😀',
  'Quote "Q" & \\ back',
  'Nearly Full On Schedule',
];

afterEach(() => useFastStandardFonts(true));

describe('report PDFs', () => {
  it('draw a cell without the line wrapper exactly as pdfkit draws it with one', async () => {
    const cells: Array<[text: string, width: number, align: 'left' | 'right', y: number]> = [];
    for (const [i, text] of TEXTS.entries())
      for (const width of [20, 60, 95.5, 140, 400])
        for (const align of ['left', 'right'] as const) cells.push([text, width, align, 60 + (i % 40) * 18]);
    let shortcuts = 0;
    const draw = (fast: boolean) => (doc: PDFKit.PDFDocument) => {
      if (fast) {
        const text = doc.text.bind(doc);
        // counts the cells drawn without a width (the shortcut), so the test proves both ways
        doc.text = ((t: string, x: number, y: number, o: PDFKit.Mixins.TextOptions) => {
          if (o.width === undefined) shortcuts++;
          return text(t, x, y, o);
        }) as typeof doc.text;
      }
      for (const font of ['Helvetica', 'Helvetica-Bold']) {
        doc.font(font).fontSize(8.5);
        for (const [text, width, align, y] of cells) {
          // texts exactly as wide as their line, and a hair either side of it: the edge of the shortcut
          const exact = doc.widthOfString(text);
          for (const w of [width, exact, exact + 0.001, exact - 0.001, exact + 5, exact + 1.7 * 8.5])
            if (fast) drawCell(doc, text, 43, y, w, align);
            else doc.text(text, 43, y, { width: w, align, lineBreak: false, ellipsis: true });
        }
        // at the foot of the page pdfkit starts a new page: the cell goes its way
        if (fast) drawCell(doc, 'At the foot', 43, doc.page.height - 45, 200, 'left');
        else
          doc.text('At the foot', 43, doc.page.height - 45, { width: 200, lineBreak: false, ellipsis: true });
        doc.addPage();
      }
    };
    const [wrapped, fast] = await Promise.all([document(draw(false)), document(draw(true))]);
    expect(fast.length).toBeGreaterThan(50_000);
    expect(fast.toString('latin1')).toBe(wrapped.toString('latin1'));
    // both ways were taken: the shortcut for most cells, pdfkit's wrapper for the rest
    const drawn = 2 * cells.length * 6;
    expect(shortcuts).toBeGreaterThan(300);
    expect(shortcuts).toBeLessThan(drawn - 100);
  });

  it('keep the fonts and their kerning as pdfkit reads them, and the same bytes', async () => {
    useFastStandardFonts(false);
    const own = new PDFDocument({ autoFirstPage: false });
    const fonts = ['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique', 'Times-Roman'];
    type Afm = { kernPairs: Record<string, number>; glyphWidths: Record<string, number> };
    const afmOf = (doc: PDFKit.PDFDocument, name: string) =>
      (
        doc.font(name) as unknown as {
          _font: { font: Afm & { getKernPair(l?: string, r?: string): number } };
        }
      )._font.font;
    const expected = fonts.map((name) => {
      const afm = afmOf(own, name);
      return { kern: { ...afm.kernPairs }, widths: { ...afm.glyphWidths } };
    });
    useFastStandardFonts(true);
    for (const round of [1, 2]) {
      // the second document shares the first one's parse
      const doc = new PDFDocument({ autoFirstPage: false });
      fonts.forEach((name, i) => {
        const afm = afmOf(doc, name);
        const { kern, widths } = expected[i]!;
        expect(afm.glyphWidths, `${name}, document ${round}`).toEqual(widths);
        // every pair of glyphs, kerned or not, and the last glyph of a text (no right neighbour)
        const glyphs = Object.keys(widths);
        const pairs = glyphs.flatMap((l) => [...glyphs, undefined].map((r) => [l, r] as const));
        expect(pairs.length).toBeGreaterThan(10_000);
        expect(pairs.filter(([l, r]) => kern[`${l}\0${r}`]).length).toBe(Object.keys(kern).length);
        const lookups = (get: (l: string, r?: string) => number) => pairs.map(([l, r]) => get(l, r));
        expect(lookups((l, r) => afm.getKernPair(l, r))).toEqual(lookups((l, r) => kern[`${l}\0${r}`] || 0));
      });
    }

    const input: PdfTableInput = {
      title: 'Train Capacity Utilization',
      subtitle: 'Period: 2031-01-01 to 2031-03-31 · 3 row(s)',
      summary: [['Orders', '1,234']],
      note: 'This PDF shows the first 2 of 3 rows; the CSV download of the same report holds every row.',
      columns: [
        { label: 'Trip', align: 'right' },
        { label: 'Train' },
        { label: 'Departs' },
        { label: 'Share', align: 'right' },
      ],
      rows: TEXTS.map((text, i) => [String(i + 1), text, '2031-03-10 06:30 UTC', `${i * 7.5} %`]),
      totals: ['Total', '', '', 'avg 50 %'],
      generatedAt: CREATED,
    };
    useFastStandardFonts(false);
    const before = await renderPdfTable(input);
    useFastStandardFonts(true);
    const after = await renderPdfTable(input);
    expect(comparable(after)).toBe(comparable(before));
    expect(await pdfText(after)).toContain('Udarata Menike Goods');
  });
});
