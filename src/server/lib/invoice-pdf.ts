import PDFDocument from 'pdfkit';
import { fastStandardFonts } from '#server/lib/pdf-fonts';
import { formatMoney } from '#shared/constants';
import type { OrderDetail } from '#shared/contract/orders';
import { businessDateText, calendarDateText } from '#shared/dates';

/** Who the invoice is from: the letterhead. */
const COMPANY = {
  name: 'KandyPack Distributors (Pvt) Ltd',
  address: ['No. 45, Peradeniya Road', 'Kandy 20000, Sri Lanka'],
  contact: 'support@kandypack.lk  ·  +94 81 222 3344',
};

/** The business day (Colombo) of an instant, as people read it: "22 Nov 2026". */
const day = (iso: string) => businessDateText(new Date(iso));

/** Under each item: what became of it (decision 0058); nothing while it is still to deliver. */
const ITEM_STATE_WORDS: Record<OrderDetail['items'][number]['state'], string | null> = {
  pending: null,
  delivered: 'Delivered',
  awaiting_redelivery: 'Not delivered yet: at our store, to be delivered again',
  returned: 'Not delivered: returned to Kandy and credited',
};

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
  doc.text(`Requested delivery: ${calendarDateText(order.schedule_date)}`, 330);
  doc.text(`Status: ${order.status_label}`, 330);

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
    doc.fillColor('#111827').fontSize(10);
    doc.text(item.product_name, cols[0]!, y, { width: 240 });
    doc.text(String(item.quantity), cols[1]!, y, { width: 50, align: 'right' });
    doc.text(formatMoney(item.unit_price), cols[2]!, y, { width: 80, align: 'right' });
    doc.text(formatMoney(item.line_total), cols[3]!, y, { width: 95, align: 'right' });
    y += 14;
    const state = ITEM_STATE_WORDS[item.state];
    if (state) {
      doc
        .fillColor(item.state === 'returned' ? '#b91c1c' : '#6b7280')
        .fontSize(8)
        .text(state, cols[0]!, y);
      y += 12;
    }
    y += 4;
  }
  doc.fillColor('#111827').fontSize(10);
  doc.moveTo(50, y).lineTo(545, y).strokeColor('#d1d5db').stroke();
  y += 10;
  const total = (label: string, value: number, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    doc
      .text(label, 300, y, { width: 140, align: 'right' })
      .text(value < 0 ? `-${formatMoney(-value)}` : formatMoney(value), cols[3]!, y, {
        width: 95,
        align: 'right',
      });
    y += 18;
  };
  total('Subtotal', order.subtotal);
  total('Delivery fee', order.delivery_fee);
  if (order.credit > 0) {
    total('Total', order.total);
    total('Credit: not delivered', -order.credit);
    total('Amount due', order.amount_due, true);
  } else {
    total('Total', order.total, true);
  }
  const waiting = order.items.filter((i) => i.state === 'awaiting_redelivery').length;
  if (waiting > 0) {
    doc.font('Helvetica').fontSize(9).fillColor('#92400e');
    doc.text(
      `${waiting} ${waiting === 1 ? 'item was' : 'items were'} not delivered yet: back at our store, to be delivered again (not credited).`,
      50,
      y + 6,
      { width: 495 },
    );
  }

  doc.font('Helvetica').fontSize(8).fillColor('#6b7280');
  doc.text('All amounts in USD. Thank you for ordering with KandyPack.', 50, 760, {
    align: 'center',
    width: 495,
  });
  doc.end();
  return done;
}
