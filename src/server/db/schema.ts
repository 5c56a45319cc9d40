// Typed mirror of migrations/*.sql for Drizzle queries. The SQL migrations are the source of
// truth (constraints, triggers, indexes); this file only describes columns to the query builder.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  integer,
  json,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const roles = pgTable('roles', {
  roleId: serial('role_id').primaryKey(),
  roleName: text('role_name').notNull(),
  accessRights: text('access_rights').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** A deleted role held by deleted users is retired (migrations/0033): they keep its name. */
  deletedAt: ts('deleted_at'),
});

export const cities = pgTable('cities', {
  cityId: serial('city_id').primaryKey(),
  name: text('name').notNull(),
  isHub: boolean('is_hub').notNull().default(false),
});

export const stores = pgTable('stores', {
  storeId: serial('store_id').primaryKey(),
  cityId: integer('city_id').notNull(),
  address: text('address').notNull(),
  nearStationName: text('near_station_name').notNull(),
  contactNumber: text('contact_number'),
});

export const customers = pgTable('customers', {
  customerId: serial('customer_id').primaryKey(),
  name: text('name').notNull(),
  type: text('type').$type<'Wholesale' | 'Retail'>().notNull(),
  address: text('address').notNull().default(''),
  city: text('city').notNull().default(''),
  cityId: integer('city_id'),
  contactNumber: text('contact_number'),
  email: text('email'),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** Global search's folded text (migrations/0013), kept by PostgreSQL. */
  searchText: text('search_text').generatedAlwaysAs(sql`search_fold(name || ' ' || address || ' ' || city)`),
});

export const employees = pgTable('employees', {
  employeeId: serial('employee_id').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  type: text('type').notNull(),
  weeklyHourLimit: numeric('weekly_hour_limit', { precision: 5, scale: 1, mode: 'number' }),
  storeId: integer('store_id'),
  contactNumber: text('contact_number'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
  searchText: text('search_text').generatedAlwaysAs(sql`search_fold(first_name || ' ' || last_name)`),
});

export const users = pgTable('users', {
  userId: serial('user_id').primaryKey(),
  userName: text('user_name').notNull(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  roleId: integer('role_id').notNull(),
  customerId: integer('customer_id'),
  employeeId: integer('employee_id'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastLoginAt: ts('last_login_at'),
  /** A deleted user is retired (migrations/0007): its history keeps pointing at it. */
  deletedAt: ts('deleted_at'),
  searchText: text('search_text').generatedAlwaysAs(sql`search_fold(user_name || ' ' || email)`),
  /** Tokens signed under another version are refused (migrations/0036, decision 0069). */
  tokenVersion: integer('token_version').notNull().default(0),
  /** The language the user chose (migrations/0042): 'en', 'si' or 'ta'; null when never chosen. */
  language: text('language'),
});

export const products = pgTable('products', {
  productId: serial('product_id').primaryKey(),
  name: text('name').notNull(),
  category: text('category').notNull(),
  unitPrice: money('unit_price').notNull(),
  spacePerUnit: numeric('space_per_unit', { precision: 8, scale: 3, mode: 'number' }).notNull(),
  reorderPoint: integer('reorder_point').notNull().default(50),
  availableUnits: integer('available_units').notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /** Kept by the stock ledger trigger (migrations/0005_a). */
  movementCount: integer('movement_count').notNull().default(0),
  lastMovedAt: ts('last_moved_at'),
  searchText: text('search_text').generatedAlwaysAs(sql`search_fold(name || ' ' || category)`),
});

export const routes = pgTable('routes', {
  routeId: serial('route_id').primaryKey(),
  storeId: integer('store_id').notNull(),
  name: text('name').notNull(),
  endLocation: text('end_location').notNull(),
  coveredTowns: text('covered_towns').array().notNull().default([]),
  maxDeliveryHours: numeric('max_delivery_hours', { precision: 4, scale: 1, mode: 'number' }).notNull(),
});

export const orders = pgTable('orders', {
  orderId: serial('order_id').primaryKey(),
  customerId: integer('customer_id').notNull(),
  orderDate: ts('order_date').notNull().defaultNow(),
  scheduleDate: date('schedule_date', { mode: 'string' }).notNull(),
  status: text('status').notNull().default('Pending'),
  deliveryAddress: text('delivery_address').notNull().default(''),
  cityId: integer('city_id'),
  routeId: integer('route_id'),
  specialInstructions: text('special_instructions'),
  deliveryFee: money('delivery_fee').notNull().default(25),
  deliveredAt: ts('delivered_at'),
  createdBy: integer('created_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const orderItems = pgTable('order_items', {
  orderItemId: serial('order_item_id').primaryKey(),
  orderId: integer('order_id').notNull(),
  productId: integer('product_id').notNull(),
  quantity: integer('quantity').notNull(),
  unitPrice: money('unit_price').notNull(),
});

export const orderStatusHistory = pgTable('order_status_history', {
  historyId: bigserial('history_id', { mode: 'number' }).primaryKey(),
  orderId: integer('order_id').notNull(),
  fromStatus: text('from_status'),
  toStatus: text('to_status').notNull(),
  changedBy: integer('changed_by'),
  changedAt: ts('changed_at').notNull().defaultNow(),
  reason: text('reason'),
});

/** A customer's change of its Pending order, for the timeline (migrations/0034, decision 0063). */
export const orderChanges = pgTable('order_changes', {
  changeId: bigserial('change_id', { mode: 'number' }).primaryKey(),
  orderId: integer('order_id').notNull(),
  changedBy: integer('changed_by'),
  changedAt: ts('changed_at').notNull().defaultNow(),
  scheduleDateBefore: date('schedule_date_before', { mode: 'string' }).notNull(),
  scheduleDateAfter: date('schedule_date_after', { mode: 'string' }).notNull(),
  /** The lines whose quantity changed; 0 = not on the order (added: before, removed: after). */
  lines: jsonb('lines')
    .$type<Array<{ product_id: number; product_name: string; before: number; after: number }>>()
    .notNull()
    .default([]),
});

export const orderAttachments = pgTable('order_attachments', {
  attachmentId: serial('attachment_id').primaryKey(),
  orderId: integer('order_id').notNull(),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  /** Only rows written before migration 0002_b, until moved to a file (storage_key). */
  data: bytea('data'),
  /** The file in DATA_DIR/attachments (src/server/lib/file-store.ts). */
  storageKey: text('storage_key'),
  uploadedBy: integer('uploaded_by'),
  uploadedAt: ts('uploaded_at').notNull().defaultNow(),
});

export const stockMovements = pgTable('stock_movements', {
  movementId: bigserial('movement_id', { mode: 'number' }).primaryKey(),
  productId: integer('product_id').notNull(),
  delta: integer('delta').notNull(),
  reason: text('reason')
    .$type<
      | 'initial'
      | 'order_reserved'
      | 'order_cancelled'
      | 'manual_count'
      | 'production_receipt'
      | 'delivery_returned'
    >()
    .notNull(),
  orderId: integer('order_id'),
  note: text('note'),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** Set by the ledger trigger whatever is sent: the number within the product, and the balance left. */
  seq: integer('seq')
    .notNull()
    .$defaultFn(() => 0),
  balanceAfter: integer('balance_after')
    .notNull()
    .$defaultFn(() => 0),
});

export const trainTrips = pgTable('train_trips', {
  trainTripId: serial('train_trip_id').primaryKey(),
  trainName: text('train_name').notNull().default(''),
  departureCityId: integer('departure_city_id').notNull(),
  arrivalCityId: integer('arrival_city_id').notNull(),
  departureDateTime: ts('departure_date_time').notNull(),
  arrivalDateTime: ts('arrival_date_time').notNull(),
  totalCapacity: numeric('total_capacity', { precision: 10, scale: 2, mode: 'number' }).notNull(),
  usedCapacity: numeric('used_capacity', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
});

export const trainAllocations = pgTable('train_allocations', {
  allocationId: serial('allocation_id').primaryKey(),
  orderId: integer('order_id').notNull(),
  trainTripId: integer('train_trip_id').notNull(),
  space: numeric('space', { precision: 10, scale: 2, mode: 'number' }).notNull(),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const trucks = pgTable('trucks', {
  truckId: serial('truck_id').primaryKey(),
  plateNumber: text('plate_number').notNull(),
  capacity: numeric('capacity', { precision: 10, scale: 2, mode: 'number' }).notNull(),
  status: text('status').notNull().default('Available'),
  storeId: integer('store_id').notNull(),
  /** Why the truck has its status (required Under Repair), and since when (0029). */
  statusNote: text('status_note'),
  statusChangedAt: ts('status_changed_at').notNull().defaultNow(),
});

export const deliveries = pgTable('deliveries', {
  deliveryId: serial('delivery_id').primaryKey(),
  truckId: integer('truck_id').notNull(),
  routeId: integer('route_id').notNull(),
  driverEmployeeId: integer('driver_employee_id'),
  assistantEmployeeId: integer('assistant_employee_id'),
  deliveryDateTime: ts('delivery_date_time').notNull(),
  endDateTime: ts('end_date_time').notNull(),
  status: text('status').notNull().default('Scheduled'),
  scheduledBy: integer('scheduled_by'),
  startedAt: ts('started_at'),
  completedAt: ts('completed_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** Sum of its delivery_orders.space, kept by a trigger (0004). */
  loadedSpace: numeric('loaded_space', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
  /** On the road together with another run of its truck or crew when migration 0029 came (kept out of its unique indexes). */
  onRoadBeforeRule: boolean('on_road_before_rule').notNull().default(false),
});

export const deliveryOrders = pgTable(
  'delivery_orders',
  {
    deliveryId: integer('delivery_id').notNull(),
    orderId: integer('order_id').notNull(),
    /** The order's space on the truck, written by a trigger (0004). */
    space: numeric('space', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.orderId] })],
);

export const itemConfirmations = pgTable('item_confirmations', {
  confirmationId: serial('confirmation_id').primaryKey(),
  deliveryId: integer('delivery_id').notNull(),
  orderId: integer('order_id').notNull(),
  productId: integer('product_id').notNull(),
  confirmedBy: integer('confirmed_by'),
  confirmedAt: ts('confirmed_at').notNull().defaultNow(),
  /** The confirmation_id the phone made (0008): a retry finds this row. */
  clientId: uuid('client_id').notNull().defaultRandom(),
  recipientName: text('recipient_name'),
  /** PNG data URL, at most 200 KB. */
  signature: text('signature'),
  note: text('note'),
});

/**
 * An order that left a delivery with items not delivered (0008; 0030): the stop's reason, or
 * null when each item gave its own (item_failures).
 */
export const deliveryFailures = pgTable('delivery_failures', {
  failureId: serial('failure_id').primaryKey(),
  deliveryId: integer('delivery_id').notNull(),
  orderId: integer('order_id').notNull(),
  reason: text('reason'),
  note: text('note'),
  failedBy: integer('failed_by'),
  failedAt: ts('failed_at').notNull().defaultNow(),
  /** Items of the order handed over on this delivery (0: failed; more: partly delivered). */
  deliveredItems: integer('delivered_items').notNull().default(0),
  failedItems: integer('failed_items').notNull().default(0),
  /** The manager's alert, kept by triggers (0030): latest failure, order Scheduled and on no truck. */
  open: boolean('open').notNull().default(false),
});

/** An item (order line) that could not be handed over on a delivery (0030, decision 0058). */
export const itemFailures = pgTable('item_failures', {
  itemFailureId: serial('item_failure_id').primaryKey(),
  deliveryId: integer('delivery_id').notNull(),
  orderId: integer('order_id').notNull(),
  productId: integer('product_id').notNull(),
  reason: text('reason').notNull(),
  note: text('note'),
  /** The failure_id the phone made: a retry finds this row. */
  clientId: uuid('client_id').notNull().defaultRandom(),
  failedBy: integer('failed_by'),
  failedAt: ts('failed_at').notNull(),
});

/** An order line sent back to Kandy from the store and credited (0030, decision 0058). */
export const orderItemReturns = pgTable(
  'order_item_returns',
  {
    orderId: integer('order_id').notNull(),
    productId: integer('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    credit: numeric('credit', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    note: text('note'),
    returnedBy: integer('returned_by'),
    returnedAt: ts('returned_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.productId] })],
);

export const notifications = pgTable('notifications', {
  notificationId: serial('notification_id').primaryKey(),
  employeeId: integer('employee_id'),
  userId: integer('user_id'),
  type: text('type').notNull().default('Info'),
  message: text('message').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  readAt: ts('read_at'),
  customerId: integer('customer_id'),
  deliveryId: integer('delivery_id'),
  orderId: integer('order_id'),
  /** What happened, once per recipient (0008). */
  eventKey: text('event_key'),
  /** The support request it is about (0035). */
  requestId: integer('request_id'),
});

export const supportRequests = pgTable('support_requests', {
  requestId: serial('request_id').primaryKey(),
  customerId: integer('customer_id').notNull(),
  userId: integer('user_id'),
  orderId: integer('order_id'),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  status: text('status').$type<'Open' | 'Answered' | 'Closed'>().notNull().default('Open'),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** Kept by the support_messages trigger (0035). */
  lastMessageAt: ts('last_message_at').notNull().defaultNow(),
  messageCount: integer('message_count').notNull().default(0),
  lastMessageSide: text('last_message_side').$type<'customer' | 'staff'>().notNull().default('customer'),
  closedAt: ts('closed_at'),
  closedBy: integer('closed_by'),
});

/** A request's conversation, the request's own message first (0035). */
export const supportMessages = pgTable('support_messages', {
  messageId: serial('message_id').primaryKey(),
  requestId: integer('request_id').notNull(),
  authorSide: text('author_side').$type<'customer' | 'staff'>().notNull(),
  authorUserId: integer('author_user_id'),
  body: text('body').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const auditLog = pgTable('audit_log', {
  auditId: bigserial('audit_id', { mode: 'number' }).primaryKey(),
  tableName: text('table_name').notNull(),
  operation: text('operation').notNull(),
  rowKey: text('row_key'),
  oldRow: jsonb('old_row'),
  newRow: jsonb('new_row'),
  performedBy: integer('performed_by'),
  performedAt: ts('performed_at').notNull().defaultNow(),
});

/** migrations/0002_a_auth_throttle.sql: attempts per throttle key (account, address). */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  attempts: integer('attempts').notNull(),
  windowStart: ts('window_start').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

/** Daily rollup of the stock ledger (kept by its trigger, migrations/0005_a). */
export const stockDaily = pgTable(
  'stock_daily',
  {
    movementDate: date('movement_date', { mode: 'string' }).notNull(),
    productId: integer('product_id').notNull(),
    receivedUnits: integer('received_units').notNull().default(0),
    issuedUnits: integer('issued_units').notNull().default(0),
    returnedUnits: integer('returned_units').notNull().default(0),
    adjustedUnits: integer('adjusted_units').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.movementDate, t.productId] })],
);

const productSalesDailyColumns = () => ({
  salesDate: date('sales_date', { mode: 'string' }).notNull(),
  productId: integer('product_id').notNull(),
  units: integer('units').notNull().default(0),
  revenue: numeric('revenue', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
  orderCount: integer('order_count').notNull().default(0),
});

/**
 * Daily sales of orders not cancelled per product (migrations/0005_a): the folded rows. Readers
 * use the view `product_sales_daily` (folded rows plus the deltas, migrations/0016).
 */
export const productSalesDailyFolded = pgTable(
  'product_sales_daily_folded',
  productSalesDailyColumns(),
  (t) => [primaryKey({ columns: [t.salesDate, t.productId] })],
);

/** What the triggers append to the product sales rollup until compact_sales_rollups() folds it. */
export const productSalesDailyDeltas = pgTable('product_sales_daily_deltas', productSalesDailyColumns());

export const inventoryAlertDismissals = pgTable(
  'inventory_alert_dismissals',
  {
    userId: integer('user_id').notNull(),
    productId: integer('product_id').notNull(),
    dismissedLevel: text('dismissed_level').$type<'warning' | 'critical' | 'out_of_stock'>().notNull(),
    dismissedUnits: integer('dismissed_units').notNull(),
    dismissedAt: ts('dismissed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

/** migrations/0009_planning_proposals.sql: the dispatch planner's proposals until committed or discarded. */
export const planningProposals = pgTable('planning_proposals', {
  proposalId: serial('proposal_id').primaryKey(),
  createdBy: integer('created_by').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  periodFrom: date('period_from', { mode: 'string' }).notNull(),
  periodTo: date('period_to', { mode: 'string' }).notNull(),
  status: text('status').$type<'Open' | 'Committed'>().notNull().default('Open'),
  committedAt: ts('committed_at'),
  /** migrations/0032: after it, the proposal is read and discarded but never committed (decision 0060). */
  expiresAt: ts('expires_at').notNull(),
  /** migrations/0020_a: json, the text as the API writes it (decision 0045). */
  body: json('body').notNull(),
  /** migrations/0017: every order the plan looked at with its status then; only the commit reads it. */
  orders: jsonb('orders').notNull(),
});

/** Order totals per customer and status (migrations/0006): appended by triggers on orders. */
export const orderCountDeltas = pgTable('order_count_deltas', {
  deltaId: bigserial('delta_id', { mode: 'number' }).primaryKey(),
  customerId: integer('customer_id').notNull(),
  status: text('status').notNull(),
  delta: integer('delta').notNull(),
});

/** The folded order totals (customer_id 0: all customers); see compact_order_counts(). */
export const orderCounts = pgTable(
  'order_counts',
  {
    customerId: integer('customer_id').notNull(),
    status: text('status').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.status] })],
);

const salesDailyColumns = () => ({
  salesDate: date('sales_date', { mode: 'string' }).notNull(),
  customerType: text('customer_type').notNull(),
  cityId: integer('city_id').notNull().default(0),
  routeId: integer('route_id').notNull().default(0),
  orders: integer('orders').notNull().default(0),
  units: integer('units').notNull().default(0),
  space: numeric('space', { precision: 16, scale: 3, mode: 'number' }).notNull().default(0),
  revenue: numeric('revenue', { precision: 16, scale: 2, mode: 'number' }).notNull().default(0),
  fees: numeric('fees', { precision: 16, scale: 2, mode: 'number' }).notNull().default(0),
});

/**
 * Daily sales per customer type, city and route of orders not cancelled (migrations/0007): the
 * folded rows. Readers use the view `sales_daily` (folded rows plus the deltas, migrations/0016).
 */
export const salesDailyFolded = pgTable('sales_daily_folded', salesDailyColumns(), (t) => [
  primaryKey({ columns: [t.salesDate, t.customerType, t.cityId, t.routeId] }),
]);

/** What the triggers append to the sales rollup until compact_sales_rollups() folds it. */
export const salesDailyDeltas = pgTable('sales_daily_deltas', salesDailyColumns());

/** Orders delivered per UTC day and how many on time (migrations/0014, decision 0037). */
export const deliveredDays = pgTable('delivered_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  delivered: integer('delivered').notNull().default(0),
  onTime: integer('on_time').notNull().default(0),
});

/**
 * Each order on a delivery, or failed on it, with the order's facts the delivery-performance
 * report reads (migrations/0020_b, 0031; decisions 0045, 0059): kept by triggers on
 * delivery_orders, delivery_failures and orders.
 */
export const deliveryOrderFacts = pgTable(
  'delivery_order_facts',
  {
    deliveryId: integer('delivery_id').notNull(),
    orderId: integer('order_id').notNull(),
    customerId: integer('customer_id').notNull(),
    scheduleDate: date('schedule_date', { mode: 'string' }).notNull(),
    deliveredAt: ts('delivered_at'),
    /** The order left this delivery with items not delivered (0031): when, and 'Failed' / 'Partly delivered'. */
    failedAt: ts('failed_at'),
    outcome: text('outcome'),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.orderId] })],
);

/**
 * The delivery-performance CSV's rows of each delivery whose orders are all delivered, as the
 * download sends them (migrations/0025, decision 0053): kept by triggers on the facts, the
 * deliveries, the customers' and the routes' names.
 */
export const deliveryCsvLines = pgTable('delivery_csv_lines', {
  deliveryId: integer('delivery_id')
    .primaryKey()
    .references(() => deliveries.deliveryId, { onDelete: 'cascade' }),
  lines: text('lines').notNull(),
});

/**
 * The lines of each Pending order that has lines, in product order, for the planner's pending
 * list (migrations/0028, decision 0054): kept by triggers on order_items and orders.
 */
export const pendingOrderLines = pgTable('pending_order_lines', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.orderId, { onDelete: 'cascade' }),
  productIds: integer('product_ids').array().notNull(),
  quantities: integer('quantities').array().notNull(),
});

/**
 * The delivery addresses of each customer's orders, a superset kept by triggers on orders
 * (migrations/0023, decision 0049): a customer's history search tests its words on these.
 */
export const customerDeliveryAddresses = pgTable(
  'customer_delivery_addresses',
  {
    customerId: integer('customer_id').notNull(),
    deliveryAddress: text('delivery_address').notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.deliveryAddress] })],
);

/**
 * The lines of the Scheduled orders with a train leg to their city, with the legs' arrival times,
 * kept by triggers on orders, allocations, trips and lines (migrations/0027, decision 0055): store
 * stock reads a city's lines from one index and compares `last_arrival` with the time asked.
 */
export const storeStockLines = pgTable(
  'store_stock_lines',
  {
    orderId: integer('order_id').notNull(),
    productId: integer('product_id').notNull(),
    cityId: integer('city_id').notNull(),
    lastArrival: ts('last_arrival').notNull(),
    arrivals: ts('arrivals').array().notNull(),
    customerId: integer('customer_id').notNull(),
    scheduleDate: date('schedule_date', { mode: 'string' }).notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.productId] })],
);

/** The months in which each customer placed an order (migrations/0007). */
export const customerMonths = pgTable(
  'customer_months',
  {
    month: date('month', { mode: 'string' }).notNull(),
    customerId: integer('customer_id').notNull(),
    customerType: text('customer_type').notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.customerId] })],
);

/** Global search's word dictionary, kept by triggers (migrations/0018, decision 0041). */
export const searchWords = pgTable('search_words', {
  word: text('word').notNull(),
});
