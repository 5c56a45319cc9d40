/**
 * What an audit row changed, named as people name it ("Product Kandy Tea 500 g", "Order #45",
 * "Stock movement of Ceylon Tea (+20)") and the admin screen that shows it, when there is one
 * (docs/decisions/0067). The names come from the row's own values (new, or old for a delete)
 * and from the few names looked up in the page's one statement (audit-log.queries.ts).
 */
export interface AuditSubjectInput {
  table_name: string;
  row_key: string | null;
  old_values: Record<string, unknown> | null;
  new_values: Record<string, unknown> | null;
  /** The name of the row's product_id (lines, stock movements, returns, failures). */
  ref_product: string | null;
  /** The city of a store, or a train trip's departure city. */
  ref_city: string | null;
  /** A train trip's arrival city. */
  ref_city_to: string | null;
}

export interface AuditSubject {
  subject: string;
  link: string | null;
}

const enc = encodeURIComponent;
/** The admin's screens: its report center reads orders, products, trips and deliveries. */
const report = (name: string, extra = '') => `/admin/reports?report=${name}${extra}`;
const orderLink = (id: unknown) => (id ? report('customer-orders', `&order=${id}`) : null);
const productLink = (id: unknown) => (id ? report('product-performance', `&product=${id}`) : null);

function text(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  return String(value);
}

function signed(value: unknown): string {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? `+${n}` : String(value ?? '?');
}

/** "stock_movements" → "Stock movement": the fallback for a table without its own name. */
function tableWords(table: string): string {
  const words = table.replace(/_/g, ' ').replace(/ies$/, 'y').replace(/s$/, '');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function describeAuditRow(row: AuditSubjectInput): AuditSubject {
  const v = row.new_values ?? row.old_values ?? {};
  const key = row.row_key ?? '';
  const product = row.ref_product ?? (v.product_id ? `product ${v.product_id}` : 'a product');
  const order = v.order_id ? `order #${v.order_id}` : 'an order';
  switch (row.table_name) {
    case 'products':
      return { subject: `Product ${text(v.name) ?? `#${key}`}`, link: productLink(v.product_id ?? key) };
    case 'orders':
      return { subject: `Order #${v.order_id ?? key}`, link: orderLink(v.order_id ?? key) };
    case 'order_items':
      return {
        subject: `Order #${v.order_id} line: ${product} × ${v.quantity}`,
        link: orderLink(v.order_id),
      };
    case 'order_status_history':
      return {
        subject: `Order #${v.order_id} status ${v.from_status ? `${v.from_status} → ` : ''}${v.to_status}`,
        link: orderLink(v.order_id),
      };
    case 'order_changes':
      return { subject: `Change to order #${v.order_id}`, link: orderLink(v.order_id) };
    case 'order_attachments':
      return {
        subject: `Attachment ${text(v.file_name) ?? `#${key}`} of ${order}`,
        link: orderLink(v.order_id),
      };
    case 'order_item_returns':
      return { subject: `Return of ${product} on ${order}`, link: orderLink(v.order_id) };
    case 'stock_movements':
      return {
        subject: `Stock movement of ${product} (${signed(v.delta)})`,
        link: productLink(v.product_id),
      };
    case 'inventory_alert_dismissals':
      return { subject: `Stock alert on ${product} dismissed`, link: productLink(v.product_id) };
    case 'users':
      return {
        subject: `User ${text(v.user_name) ?? `#${key}`}`,
        link: v.user_name ? `/admin/users?q=${enc(String(v.user_name))}` : '/admin/users',
      };
    case 'roles':
      return {
        subject: `Role ${text(v.role_name) ?? `#${key}`}`,
        link:
          row.new_values && !v.deleted_at ? `/admin/users?tab=roles&role=${key}` : '/admin/users?tab=roles',
      };
    case 'employees': {
      const name = [text(v.first_name), text(v.last_name)].filter(Boolean).join(' ');
      return {
        subject: `Staff ${name || `#${key}`}${v.type ? ` (${v.type})` : ''}`,
        link: `/admin/users?employee=${key}`,
      };
    }
    case 'customers':
      return {
        subject: `Customer ${text(v.name) ?? `#${key}`}`,
        link: report('customer-orders', `&customer=${key}`),
      };
    case 'cities':
      return { subject: `City ${text(v.name) ?? `#${key}`}`, link: null };
    case 'stores':
      return {
        subject: row.ref_city ? `${row.ref_city} store` : `Store #${key}`,
        link: '/admin/fleet?tab=stores',
      };
    case 'routes':
      return { subject: `Route ${text(v.name) ?? `#${key}`}`, link: '/admin/fleet?tab=routes' };
    case 'trucks':
      return { subject: `Truck ${text(v.plate_number) ?? `#${key}`}`, link: '/admin/fleet' };
    case 'train_trips': {
      const way = row.ref_city && row.ref_city_to ? ` ${row.ref_city} → ${row.ref_city_to}` : '';
      const train = text(v.train_name) ? ` (${v.train_name})` : '';
      return {
        subject: `Train trip #${key}${way}${train}`,
        link: report('train-capacity-utilization', `&trip=${key}`),
      };
    }
    case 'train_allocations':
      return {
        subject: `Order #${v.order_id} on train trip #${v.train_trip_id}`,
        link: orderLink(v.order_id),
      };
    case 'deliveries':
      return { subject: `Delivery #${key}`, link: report('delivery-performance', `&delivery=${key}`) };
    case 'delivery_orders':
      return { subject: `Order #${v.order_id} on delivery #${v.delivery_id}`, link: orderLink(v.order_id) };
    case 'item_confirmations':
      return {
        subject: `Delivery of ${product} on order #${v.order_id} confirmed`,
        link: orderLink(v.order_id),
      };
    case 'delivery_failures':
      return { subject: `Failed delivery of order #${v.order_id}`, link: orderLink(v.order_id) };
    case 'item_failures':
      return {
        subject: `Failed delivery of ${product} on order #${v.order_id}`,
        link: orderLink(v.order_id),
      };
    case 'support_requests':
      return {
        subject: `Support request #${key}${text(v.subject) ? ` “${v.subject}”` : ''}`,
        link: `/admin/support?request=${key}`,
      };
    case 'support_messages':
      return {
        subject: `Message on support request #${v.request_id}`,
        link: v.request_id ? `/admin/support?request=${v.request_id}` : null,
      };
    case 'notifications': {
      const message = text(v.message);
      const short = message && message.length > 60 ? `${message.slice(0, 59)}…` : message;
      return { subject: short ? `Notification “${short}”` : `Notification #${key}`, link: null };
    }
    case 'planning_proposals':
      return { subject: `Planning proposal #${key}`, link: null };
    default:
      return { subject: `${tableWords(row.table_name)} #${key}`, link: null };
  }
}
