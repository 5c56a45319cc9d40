import PDFDocument from 'pdfkit';
import { fastStandardFonts } from '#server/lib/pdf-fonts';
import { formatMoney } from '#shared/constants';
import type { OrderDetail } from '#shared/contract/orders';
import { COMPANY } from './order-documents';

const day = (iso: string) => iso.slice(0, 10);

/** A one-page A4 invoice for an order (CPU-bound: the server runs it in the PDF worker). */
export function renderInvoicePdf(order: OrderDetail, issuedAt: Date): Promise<Buffer> {
  fastStandardFonts();
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Invoice INV-${order.order_id}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.fillColor('#312e81').fontSize(20).font('Helvetica-Bold').text(COMPANY.name, 50, 50);
  doc.fillColor('#374151').fontSize(9).font('Helvetica');
  for (const line of [...COMPANY.address, COMPANY.contact]) doc.text(line);
  doc.fillColor('#111827').fontSize(24).font('Helvetica-Bold').text('INVOICE', 50, 50, { align: 'right' });
  doc.fontSize(10).font('Helvetica');
  doc.text(`Invoice no.: INV-${String(order.order_id).padStart(6, '0')}`, { align: 'right' });
  doc.text(`Order no.: #${order.order_id}`, { align: 'right' });
  doc.text(`Issued: ${day(issuedAt.toISOString())}`, { align: 'right' });

  doc.moveDown(2);
  const top = doc.y;
  doc.font('Helvetica-Bold').text('Bill to', 50, top);
  doc.font('Helvetica').text(order.customer_name).text(order.delivery_address).text(order.customer_city);
  doc.font('Helvetica-Bold').text('Order', 330, top);
  doc.font('Helvetica');
  doc.text(`Order date: ${day(order.order_date)}`, 330);
  doc.text(`Requested delivery: ${order.schedule_date}`, 330);
  doc.text(`Status: ${order.status}`, 330);

  const cols = [50, 300, 360, 450];
  let y = Math.max(doc.y, top + 70) + 20;
  doc.rect(50, y - 5, 495, 20).fill('#eef2ff');
  doc.fillColor('#111827').font('Helvetica-Bold');
  doc.text('Product', cols[0]!, y).text('Qty', cols[1]!, y, { width: 50, align: 'right' });
  doc
    .text('Unit price', cols[2]!, y, { width: 80, align: 'right' })
    .text('Amount', cols[3]!, y, { width: 95, align: 'right' });
  doc.font('Helvetica');
  y += 22;
  for (const item of order.items) {
    doc.text(item.product_name, cols[0]!, y, { width: 240 });
    doc.text(String(item.quantity), cols[1]!, y, { width: 50, align: 'right' });
    doc.text(formatMoney(item.unit_price), cols[2]!, y, { width: 80, align: 'right' });
    doc.text(formatMoney(item.line_total), cols[3]!, y, { width: 95, align: 'right' });
    y += 18;
  }
  doc.moveTo(50, y).lineTo(545, y).strokeColor('#d1d5db').stroke();
  y += 10;
  const total = (label: string, value: number, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    doc
      .text(label, 330, y, { width: 110, align: 'right' })
      .text(formatMoney(value), cols[3]!, y, { width: 95, align: 'right' });
    y += 18;
  };
  total('Subtotal', order.subtotal);
  total('Delivery fee', order.delivery_fee);
  total('Total', order.total, true);

  doc.font('Helvetica').fontSize(8).fillColor('#6b7280');
  doc.text('All amounts in USD. Thank you for ordering with KandyPack.', 50, 760, {
    align: 'center',
    width: 495,
  });
  doc.end();
  return done;
}
