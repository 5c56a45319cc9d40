// What the PDF worker threads run (pdf-worker.mjs loads this file): the layouts, nothing else.

import type { Language } from '#shared/contract/auth';
import type { OrderDetail } from '#shared/contract/orders';
import { renderInvoicePdf } from '../lib/invoice-pdf';
import { type PdfTableInput, renderPdfTable } from '../lib/pdf-table';

export const table = (input: PdfTableInput) => renderPdfTable(input);

export const invoice = (input: { order: OrderDetail; issuedAt: Date; language?: Language }) =>
  renderInvoicePdf(input.order, input.issuedAt, input.language);
