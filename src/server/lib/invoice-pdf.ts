import PDFDocument from 'pdfkit';
import { calendarText, dateText, type MessageKey, type MessageValues, t } from '#server/lib/i18n/messages';
import { fastStandardFonts } from '#server/lib/pdf-fonts';
import { ScriptWriter } from '#server/lib/pdf-scripts';
import { formatMoney } from '#shared/constants';
import type { Language } from '#shared/contract/auth';
import type { OrderDetail } from '#shared/contract/orders';

/** Who the invoice is from: the letterhead. */
const COMPANY = {
  name: 'KandyPack Distributors (Pvt) Ltd',
  address: ['No. 45, Peradeniya Road', 'Kandy 20000, Sri Lanka'],
  contact: 'support@kandypack.lk  ·  +94 81 222 3344',
};

/** Under each item: what became of it (decision 0058); nothing while it is still to deliver. */
const ITEM_STATE_WORDS: Record<OrderDetail['items'][number]['state'], MessageKey | null> = {
  pending: null,
  delivered: 'invoice.itemDelivered',
  awaiting_redelivery: 'invoice.itemAwaitingRedelivery',
  returned: 'invoice.itemReturned',
};

/**
 * A one-page A4 invoice for an order (CPU-bound: the server runs it in the PDF worker), its labels
 * in the customer's language (issue 26): English in Helvetica as before, Sinhala and Tamil in Noto
 * Sans of their script, embedded only then (src/server/lib/pdf-scripts.ts).
 */
export function renderInvoicePdf(
  order: OrderDetail,
  issuedAt: Date,
  language: Language = 'en',
): Promise<Buffer> {
  fastStandardFonts();
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Invoice INV-${order.order_id}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const w = new ScriptWriter(doc, language);
  const say = (key: MessageKey, values?: MessageValues) => t(language, key, values);
  const day = (iso: string) => dateText(language, new Date(iso));

  doc.fillColor('#312e81').fontSize(20);
  w.font(true).text(COMPANY.name, 50, 50);
  doc.fillColor('#374151').fontSize(9);
  w.font();
  for (const line of [...COMPANY.address, COMPANY.contact]) w.text(line);
  // Tamil's word is twice as long: smaller, so it stays clear of the company's name
  doc.fillColor('#111827').fontSize(language === 'en' ? 24 : 16);
  w.font(true).text(say('invoice.title'), 50, 50, { align: 'right' });
  doc.fontSize(10);
  w.font();
  w.text(
    say('invoice.number', { number: `INV-${String(order.order_id).padStart(6, '0')}` }),
    undefined,
    undefined,
    {
      align: 'right',
    },
  );
  w.text(say('invoice.orderNumber', { id: String(order.order_id) }), undefined, undefined, {
    align: 'right',
  });
  w.text(say('invoice.issued', { date: day(issuedAt.toISOString()) }), undefined, undefined, {
    align: 'right',
  });

  doc.moveDown(2);
  const top = doc.y;
  w.font(true).text(say('invoice.billTo'), 50, top);
  w.font().text(order.customer_name).text(order.delivery_address).text(order.customer_city);
  w.font(true).text(say('invoice.order'), 330, top);
  w.font();
  w.text(say('invoice.orderDate', { date: day(order.order_date) }), 330);
  w.text(say('invoice.requestedDelivery', { date: calendarText(language, order.schedule_date) }), 330);
  const status = language === 'en' ? order.status_label : say(`stage.${order.customer_stage}`);
  w.text(say('invoice.status', { status }), 330);

  const cols = [50, 300, 360, 450];
  let y = Math.max(doc.y, top + 70) + 20;
  doc.rect(50, y - 5, 495, 20).fill('#eef2ff');
  doc.fillColor('#111827');
  w.font(true);
  w.text(say('invoice.product'), cols[0]!, y).text(say('invoice.quantity'), cols[1]!, y, {
    width: 50,
    align: 'right',
  });
  w.text(say('invoice.unitPrice'), cols[2]!, y, { width: 80, align: 'right' }).text(
    say('invoice.amount'),
    cols[3]!,
    y,
    {
      width: 95,
      align: 'right',
    },
  );
  w.font();
  y += 22;
  for (const item of order.items) {
    doc.fillColor('#111827').fontSize(10);
    w.text(item.product_name, cols[0]!, y, { width: 240 });
    w.text(String(item.quantity), cols[1]!, y, { width: 50, align: 'right' });
    w.text(formatMoney(item.unit_price), cols[2]!, y, { width: 80, align: 'right' });
    w.text(formatMoney(item.line_total), cols[3]!, y, { width: 95, align: 'right' });
    y += 14;
    const state = ITEM_STATE_WORDS[item.state];
    if (state) {
      doc.fillColor(item.state === 'returned' ? '#b91c1c' : '#6b7280').fontSize(8);
      w.text(say(state), cols[0]!, y);
      y += 12;
    }
    y += 4;
  }
  doc.fillColor('#111827').fontSize(10);
  doc.moveTo(50, y).lineTo(545, y).strokeColor('#d1d5db').stroke();
  y += 10;
  // the labels end where they did; Sinhala and Tamil ones are longer and start further left
  const [labelX, labelWidth] = language === 'en' ? [300, 140] : [200, 240];
  const total = (label: MessageKey, value: number, bold = false) => {
    w.font(bold);
    w.text(say(label), labelX, y, { width: labelWidth, align: 'right' }).text(
      value < 0 ? `-${formatMoney(-value)}` : formatMoney(value),
      cols[3]!,
      y,
      { width: 95, align: 'right' },
    );
    y += 18;
  };
  total('invoice.subtotal', order.subtotal);
  total('invoice.deliveryFee', order.delivery_fee);
  if (order.credit > 0) {
    total('invoice.total', order.total);
    total('invoice.credit', -order.credit);
    total('invoice.amountDue', order.amount_due, true);
  } else {
    total('invoice.total', order.total, true);
  }
  const waiting = order.items.filter((i) => i.state === 'awaiting_redelivery').length;
  if (waiting > 0) {
    doc.fontSize(9).fillColor('#92400e');
    w.font().text(say('invoice.waiting', { count: waiting, figure: String(waiting) }), 50, y + 6, {
      width: 495,
    });
  }

  doc.fontSize(8).fillColor('#6b7280');
  w.font().text(say('invoice.footer'), 50, 760, { align: 'center', width: 495 });
  doc.end();
  return done;
}
