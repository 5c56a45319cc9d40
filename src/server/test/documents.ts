import { parse } from 'csv-parse/sync';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of a PDF's pages (pdfjs), for assertions on invoices and reports. */
export async function pdfText(data: Buffer, pages = 1): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(data), useSystemFonts: false, verbosity: 0 }).promise;
  const texts: string[] = [];
  for (let n = 1; n <= Math.min(pages, pdf.numPages); n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    texts.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  return texts.join('\n');
}

/** An RFC 4180 CSV read back into rows of cells (csv-parse), header row included. */
export function parseCsv(text: string): string[][] {
  return parse(text, { relax_column_count: false, record_delimiter: '\r\n' }) as string[][];
}
