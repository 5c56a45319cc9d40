import { describe, expect, it } from 'vitest';
import { pdfText } from '#server/test/documents';
import { PDF_THREADS, pdfThreads, renderPdf } from './pdf-pool';

const table = (title: string) => ({
  title,
  columns: [{ label: 'Name' }],
  rows: [['Kandy']],
  generatedAt: new Date('2030-01-01T00:00:00Z'),
});

describe('the PDF worker pool', () => {
  it('makes the PDF in a worker thread and hands back its bytes', async () => {
    const pdf = await renderPdf('table', table('From the worker'));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pdfText(pdf)).toContain('From the worker');
  });

  it('drops a PDF still waiting for the thread when its client goes away', async () => {
    const busy = Array.from({ length: PDF_THREADS }, (_, i) => renderPdf('table', table(`Busy ${i}`)));
    const client = new AbortController();
    const waiting = renderPdf('table', table('Abandoned'), client.signal);
    client.abort();
    await expect(waiting).rejects.toMatchObject({ statusCode: 499 });
    // the ones being made are finished, not stopped
    for (const pdf of await Promise.all(busy)) expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses nothing itself: every PDF the admission let through is made, in arrival order', async () => {
    // the heavy-work admission bounds how many reach the thread (http/heavy-work.ts); the line
    // here only orders them
    const count = PDF_THREADS + 8;
    const finished: number[] = [];
    const accepted = Array.from({ length: count }, (_, i) =>
      renderPdf('table', table(`Queued ${i}`)).then((pdf) => {
        finished.push(i);
        return pdf;
      }),
    );
    expect(pdfThreads.state()).toEqual({ running: PDF_THREADS, waiting: count - PDF_THREADS });
    const pdfs = await Promise.all(accepted);
    expect(finished).toEqual(Array.from({ length: count }, (_, i) => i));
    expect(await pdfText(pdfs.at(-1)!)).toContain(`Queued ${count - 1}`);
    expect(pdfThreads.state()).toEqual({ running: 0, waiting: 0 });
  });
});
