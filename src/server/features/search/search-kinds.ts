// Each kind of result (who may find it: SEARCH_KIND_PERMISSION, the permission table): how it is found
// for that portal (ownership in the query), and how it reads and opens in that portal.
import type { AppContext } from '#server/context';
import type { Executor } from '#server/db/client';
import type { AuthUser } from '#server/http/auth-context';
import { calendarText, type MessageKey, t } from '#server/lib/i18n/messages';
import type { Language } from '#shared/contract/auth';
import type { SearchKind } from '#shared/contract/search';
import type { Portal } from '#shared/roles';
import {
  type FoundRow,
  findCustomers,
  findEmployees,
  findProducts,
  findRoles,
  findRoutes,
  findStores,
  findTrucks,
  findUsers,
  type Match,
} from './search.queries';
import {
  findCrewDeliveries,
  findCrewOrders,
  findDeliveries,
  findMovements,
  findOrders,
  findOwnOrders,
  findTrips,
} from './search-operations.queries';

export interface Shown {
  title: string;
  subtitle: string;
  path: string;
}

export interface KindSpec<Row extends FoundRow = FoundRow> {
  kind: SearchKind;
  label: string;
  /** `language`: the words the hit is written in (the customer's and the crew's portals speak si/ta). */
  show(row: Row, portal: Portal, language: Language): Shown;
  /**
   * The kind's lookup: it joins the match's batch (`m.batch`) before it returns, so that the
   * pass runs as one statement (nothing may be awaited before the lookup is added).
   */
  find(db: Executor, m: Match, user: AuthUser, ctx: AppContext): Promise<Row[]>;
  /** The portal's full list filtered by the text, where there is one (`rows`: the hits, best first). */
  more?(q: string, portal: Portal, rows: Row[]): string | null;
}

const enc = encodeURIComponent;
const join = (...parts: Array<string | null | undefined | false>) => parts.filter(Boolean).join(' · ');
/** Admin screens are the report center (issue 11): the report a thing is read in. */
const adminReport = (report: string, extra = '') => `/admin/reports?report=${report}${extra}`;
/** The manager's order tabs (delivered orders have none: the detail opens alone). */
const MANAGER_TABS = ['Pending', 'Scheduled', 'In Transit', 'Cancelled'];
/** An order's status in the reader's words (the status itself where there is no word for it). */
const STATUS_WORDS: Record<string, MessageKey> = {
  Pending: 'search.status.pending',
  Scheduled: 'search.status.scheduled',
  'In Transit': 'search.status.inTransit',
  Delivered: 'search.status.delivered',
  Cancelled: 'search.status.cancelled',
};
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** A date the query wrote as "17 Dec 2026", with the month named in the reader's language. */
const dateIn = (language: Language, text: string) => {
  const [, d, mon, y] = text.match(/^(\d{1,2}) (\w{3}) (\d{4})$/) ?? [];
  const month = MONTHS.indexOf(mon ?? '') + 1;
  if (language === 'en' || !month) return text;
  return calendarText(language, `${y}-${String(month).padStart(2, '0')}-${d!.padStart(2, '0')}`);
};
const statusWord = (language: Language, status: string) => {
  const key = STATUS_WORDS[status];
  return key ? t(language, key) : status;
};

function kind<Row extends FoundRow>(spec: KindSpec<Row>): KindSpec {
  return spec as unknown as KindSpec;
}

export const KINDS: readonly KindSpec[] = [
  kind({
    kind: 'order',
    label: 'Orders',
    find: (db, m, user, ctx) => {
      if (user.portal === 'customer')
        return user.customerId ? findOwnOrders(db, m, user.customerId) : Promise.resolve([]);
      if (user.portal === 'assistant')
        return user.employeeId ? findCrewOrders(db, m, user.employeeId, ctx.clock()) : Promise.resolve([]);
      return findOrders(db, m);
    },
    show: (o, portal, language) => {
      const title = t(language, 'search.order', { id: String(o.id) });
      if (portal === 'customer') {
        return {
          title,
          subtitle: join(
            statusWord(language, o.status),
            t(language, 'search.deliverBy', { date: dateIn(language, o.schedule_date) }),
            o.products,
            o.delivery_address,
          ),
          path: `/customer/orders/${o.id}`,
        };
      }
      const subtitle = join(o.customer_name, o.status, o.city, `placed ${o.order_date}`);
      if (portal === 'assistant') {
        const confirm = o.delivery_status === 'In Transit';
        return {
          title,
          subtitle: join(o.customer_name, statusWord(language, o.status), o.delivery_address),
          path: confirm
            ? `/assistant/confirmation?delivery=${o.delivery_id}&order=${o.id}`
            : `/assistant/assignments?delivery=${o.delivery_id}`,
        };
      }
      if (portal === 'admin')
        return { title, subtitle, path: adminReport('customer-orders', `&order=${o.id}`) };
      const tab = MANAGER_TABS.includes(o.status) ? `status=${enc(o.status)}&` : '';
      return { title, subtitle, path: `/manager/orders?${tab}order=${o.id}` };
    },
    more: (q, portal, rows) => {
      if (portal === 'customer') return `/customer/history?q=${enc(q)}`;
      if (portal !== 'manager') return null;
      // the manager's list holds the orders not yet delivered, a tab per status: it opens on the
      // tab of the best hit it holds (Pending, its default, needs no parameter)
      const tab = rows.map((o) => o.status).find((s) => MANAGER_TABS.includes(s));
      return `/manager/orders?${tab && tab !== 'Pending' ? `status=${enc(tab)}&` : ''}q=${enc(q)}`;
    },
  }),
  kind({
    kind: 'delivery',
    label: 'Deliveries',
    find: (db, m, user, ctx) => {
      if (user.portal === 'assistant')
        return user.employeeId
          ? findCrewDeliveries(db, m, user.employeeId, ctx.clock())
          : Promise.resolve([]);
      return findDeliveries(db, m, ctx.clock());
    },
    show: (d, portal) => ({
      title: `Delivery #${d.id}: ${d.route_name}`,
      subtitle: join(
        d.status,
        d.delivery_date_time,
        `to ${d.end_location}`,
        d.plate_number,
        d.driver_name,
        d.assistant_name,
      ),
      path:
        portal === 'assistant'
          ? d.status === 'In Transit'
            ? `/assistant/confirmation?delivery=${d.id}`
            : `/assistant/assignments?delivery=${d.id}`
          : portal === 'admin'
            ? adminReport('delivery-performance', `&delivery=${d.id}`)
            : `/manager/truck?delivery=${d.id}`,
    }),
  }),
  kind({
    kind: 'train_trip',
    label: 'Train trips',
    find: (db, m, _user, ctx) => findTrips(db, m, ctx.clock()),
    show: (t, portal) => ({
      title: `Trip #${t.id}: ${t.departure_city} to ${t.arrival_city}`,
      subtitle: join(
        t.train_name,
        `departs ${t.departure_date_time}`,
        `${Math.round((100 * t.used_capacity) / t.total_capacity)}% booked`,
      ),
      path:
        portal === 'admin'
          ? adminReport('train-capacity-utilization', `&trip=${t.id}`)
          : `/manager/train?trip=${t.id}`,
    }),
  }),
  kind({
    kind: 'customer',
    label: 'Customers',
    find: (db, m) => findCustomers(db, m),
    show: (c, portal) => ({
      title: c.name,
      subtitle: join(c.type, c.address, c.city),
      path:
        portal === 'admin'
          ? adminReport('customer-orders', `&customer=${c.id}`)
          : `/manager/orders?q=${enc(c.name)}`,
    }),
  }),
  kind({
    kind: 'product',
    label: 'Products',
    find: (db, m) => findProducts(db, m),
    show: (p, portal, language) => ({
      title: p.name,
      subtitle: join(p.category, t(language, 'search.unitsAvailable', { units: String(p.available_units) })),
      path:
        portal === 'customer'
          ? `/customer/new-order?product=${p.id}`
          : portal === 'admin'
            ? adminReport('product-performance', `&product=${p.id}`)
            : `/warehouse/inventory?q=${enc(p.name)}`,
    }),
    more: (q, portal) => (portal === 'warehouse' ? `/warehouse/inventory?q=${enc(q)}` : null),
  }),
  kind({
    kind: 'store',
    label: 'Stores',
    find: (db, m) => findStores(db, m),
    show: (s, portal) => ({
      title: `${s.city} store`,
      subtitle: join(s.address, `near ${s.near_station_name}`),
      path: portal === 'admin' ? adminReport('city-sales') : `/warehouse/store-stock?store=${s.id}`,
    }),
  }),
  kind({
    kind: 'stock_movement',
    label: 'Stock movements',
    find: (db, m) => findMovements(db, m),
    show: (s, portal) => ({
      title: `${s.product_name}: ${s.delta > 0 ? '+' : ''}${s.delta} units`,
      subtitle: join(
        s.reason.replace(/_/g, ' '),
        s.created_at,
        s.order_id !== null && `order #${s.order_id}`,
        s.note,
      ),
      path:
        portal === 'admin'
          ? '/admin/logs?table=stock_movements'
          : `/warehouse/inventory?q=${enc(s.product_name)}&history=${s.product_id}`,
    }),
  }),
  kind({
    kind: 'truck',
    label: 'Trucks',
    find: (db, m) => findTrucks(db, m),
    show: (t, portal) => ({
      title: t.plate_number,
      subtitle: join(t.status, `${t.city} store`),
      path: portal === 'admin' ? adminReport('truck-usage') : `/manager/truck?truck=${t.id}`,
    }),
  }),
  kind({
    kind: 'route',
    label: 'Routes',
    find: (db, m) => findRoutes(db, m),
    show: (r, portal) => ({
      title: r.name,
      subtitle: join(`${r.city} store`, `to ${r.end_location}`, r.towns),
      path: portal === 'admin' ? adminReport('route-sales') : `/manager/truck?route=${r.id}`,
    }),
  }),
  kind({
    kind: 'employee',
    label: 'Crew and staff',
    // a manager looks up the crews; an admin everyone employed
    find: (db, m, user) => findEmployees(db, m, user.portal === 'admin' ? null : ['Driver', 'Assistant']),
    show: (e, portal) => ({
      title: e.name,
      subtitle: join(e.type, e.city && `${e.city} store`, !e.is_active && 'inactive'),
      // a manager opens the person's schedule: their upcoming deliveries on the truck page
      path: portal === 'admin' ? `/admin/users?employee=${e.id}` : `/manager/truck?employee=${e.id}`,
    }),
  }),
  kind({
    kind: 'user',
    label: 'Users',
    find: (db, m) => findUsers(db, m),
    show: (u) => ({
      title: u.user_name,
      subtitle: join(u.email, u.role),
      path: `/admin/users?q=${enc(u.user_name)}`,
    }),
    more: (q) => `/admin/users?q=${enc(q)}`,
  }),
  kind({
    kind: 'role',
    label: 'Roles',
    find: (db, m) => findRoles(db, m),
    show: (r) => ({
      title: r.role_name,
      subtitle: join(r.access_rights, `${r.user_count} ${r.user_count === 1 ? 'user' : 'users'}`),
      path: `/admin/users?tab=roles&role=${r.id}`,
    }),
  }),
];
