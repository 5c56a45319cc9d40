import { describe, expect, it } from 'vitest';
import { AppError } from '#server/http/errors';
import { pdfText } from '#server/test/documents';
import { PDF_QUEUE, PDF_THREADS, renderPdf } from './pdf-pool';

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

  it('refuses with 503 past the queue, and serves the queue in order', async () => {
    const accepted = Array.from({ length: PDF_THREADS + PDF_QUEUE }, (_, i) =>
      renderPdf('table', table(`Queued ${i}`)),
    );
    const refused = renderPdf('table', table('One too many'));
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ statusCode: 503 });
    const pdfs = await Promise.all(accepted);
    expect(await pdfText(pdfs.at(-1)!)).toContain(`Queued ${PDF_THREADS + PDF_QUEUE - 1}`);
  });
});
