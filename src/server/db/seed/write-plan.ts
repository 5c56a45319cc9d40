import { DELIVERY_FEE } from '#shared/constants';
import type { Tx } from '../client';
import * as t from '../schema';
import {
  ASSISTANT_DATA,
  ASSISTANT_WEEKLY_HOURS,
  CITY_DATA,
  CUSTOMER_DATA,
  DEMO_CUSTOMER_IDX,
  DEMO_USERS,
  type DemoUserKey,
  DRIVER_DATA,
  DRIVER_WEEKLY_HOURS,
  HUB_CITY,
  PRODUCT_DATA,
  ROLE_DATA,
  ROUTE_DATA,
  STAFF_DATA,
  TRUCK_DATA,
} from '../seed-data';
import { city, customer, DAY, HOUR, isoDay, item, plusMin, product, route } from './kit';
import type { PlanOrder, SeedPlan, WrittenIds } from './plan';

/** Inserts rows in chunks (bulk VALUES) and returns the generated ids in input order. */
async function insertAll<R>(rows: R[], run: (chunk: R[]) => Promise<{ id: number }[]>): Promise<number[]> {
  const ids: number[] = [];
  const size = 500;
  for (let i = 0; i < rows.length; i += size) {
    const chunk = rows.slice(i, i + size);
    const got = await run(chunk);
    if (got.length !== chunk.length) throw new Error('seed: insert returned an unexpected number of rows');
    ids.push(...got.map((r) => r.id));
  }
  return ids;
}

/**
 * Writes the plan's business (people, catalogue, trains, orders, stock, deliveries) into an
 * empty database inside the caller's transaction, and answers the row counts and the ids the
 * rows got, for the feature seed modules that write on top of it.
 */
export async function writePlan(
  tx: Tx,
  plan: SeedPlan,
  passwordHash: string,
): Promise<{ counts: Record<string, number>; ids: WrittenIds }> {
  const counts: Record<string, number> = {};
  const seeded = new Date(plan.day0 - 400 * DAY + 3 * HOUR);
  const ids = <R>(table: string, rows: R[], run: (chunk: R[]) => Promise<{ id: number }[]>) => {
    counts[table] = rows.length;
    return rows.length === 0 ? Promise.resolve([] as number[]) : insertAll(rows, run);
  };

  const roleIds = await ids(
    'roles',
    ROLE_DATA.map((r) => ({ roleName: r.roleName, accessRights: r.accessRights, createdAt: seeded })),
    (c) => tx.insert(t.roles).values(c).returning({ id: t.roles.roleId }),
  );
  const cityIds = await ids(
    'cities',
    [{ name: HUB_CITY.name, isHub: true }, ...CITY_DATA.map((c) => ({ name: c.name, isHub: false }))],
    (c) => tx.insert(t.cities).values(c).returning({ id: t.cities.cityId }),
  );
  const cityId = (c: number) => item(cityIds, c + 1);
  const storeIds = await ids(
    'stores',
    CITY_DATA.map((c, i) => ({ cityId: cityId(i), ...c.store })),
    (c) => tx.insert(t.stores).values(c).returning({ id: t.stores.storeId }),
  );
  const customerIds = await ids(
    'customers',
    CUSTOMER_DATA.map((cu, i) => {
      const c = route(cu.routeIdx).cityIdx;
      return {
        name: cu.name,
        type: cu.type,
        address: `${cu.street}, ${cu.town}`,
        city: city(c).name,
        cityId: cityId(c),
        contactNumber: cu.contactNumber,
        email: cu.email,
        createdAt: item(plan.customerCreatedAt, i),
      };
    }),
    (c) => tx.insert(t.customers).values(c).returning({ id: t.customers.customerId }),
  );

  const employeeRows = [
    ...STAFF_DATA.map((s) => ({
      firstName: s.firstName,
      lastName: s.lastName,
      type: s.type,
      weeklyHourLimit: null,
      storeId: null,
      contactNumber: s.contactNumber,
      createdAt: seeded,
    })),
    ...DRIVER_DATA.map((d) => ({
      firstName: d.firstName,
      lastName: d.lastName,
      type: 'Driver',
      weeklyHourLimit: DRIVER_WEEKLY_HOURS,
      storeId: item(storeIds, d.cityIdx),
      contactNumber: d.contactNumber,
      createdAt: seeded,
    })),
    ...ASSISTANT_DATA.map((a) => ({
      firstName: a.firstName,
      lastName: a.lastName,
      type: 'Assistant',
      weeklyHourLimit: ASSISTANT_WEEKLY_HOURS,
      storeId: item(storeIds, a.cityIdx),
      contactNumber: a.contactNumber,
      createdAt: seeded,
    })),
  ];
  const employeeIds = await ids('employees', employeeRows, (c) =>
    tx.insert(t.employees).values(c).returning({ id: t.employees.employeeId }),
  );
  const staffEmployee = (key: string) =>
    item(
      employeeIds,
      STAFF_DATA.findIndex((s) => s.key === key),
    );
  const driverEmployee = (i: number) => item(employeeIds, STAFF_DATA.length + i);
  const assistantEmployee = (i: number) => item(employeeIds, STAFF_DATA.length + DRIVER_DATA.length + i);

  const userEmployee: Record<DemoUserKey, number | null> = {
    admin: staffEmployee('admin'),
    manager: staffEmployee('manager'),
    warehouse: staffEmployee('warehouse'),
    driver: driverEmployee(0),
    assistant: assistantEmployee(0),
    customer: null,
  };
  const userIdList = await ids(
    'users',
    DEMO_USERS.map((u, i) => ({
      userName: u.username,
      email: u.email,
      passwordHash,
      roleId: item(roleIds, i),
      customerId: u.username === 'customer' ? item(customerIds, DEMO_CUSTOMER_IDX) : null,
      employeeId: userEmployee[u.username],
      createdAt:
        u.username === 'customer'
          ? plusMin(item(plan.customerCreatedAt, DEMO_CUSTOMER_IDX), 30)
          : plusMin(seeded, 10 + i),
    })),
    (c) => tx.insert(t.users).values(c).returning({ id: t.users.userId }),
  );
  const userId = (key: DemoUserKey | null) =>
    key === null
      ? null
      : item(
          userIdList,
          DEMO_USERS.findIndex((u) => u.username === key),
        );

  const productIds = await ids(
    'products',
    PRODUCT_DATA.map((p) => ({
      name: p.name,
      category: p.category,
      unitPrice: p.unitPrice,
      spacePerUnit: p.spaceCents / 100,
      reorderPoint: p.reorderPoint,
    })),
    (c) => tx.insert(t.products).values(c).returning({ id: t.products.productId }),
  );
  const routeIds = await ids(
    'routes',
    ROUTE_DATA.map((r) => ({
      storeId: item(storeIds, r.cityIdx),
      name: r.name,
      endLocation: r.endLocation,
      coveredTowns: r.coveredTowns,
      maxDeliveryHours: r.maxDeliveryHours,
    })),
    (c) => tx.insert(t.routes).values(c).returning({ id: t.routes.routeId }),
  );
  const truckIds = await ids(
    'trucks',
    TRUCK_DATA.map((tr) => ({
      plateNumber: tr.plateNumber,
      capacity: tr.capacity,
      status: tr.status,
      statusNote: tr.statusNote ?? null,
      statusChangedAt: new Date(plan.now.getTime() - 2 * 86_400_000),
      storeId: item(storeIds, tr.cityIdx),
    })),
    (c) => tx.insert(t.trucks).values(c).returning({ id: t.trucks.truckId }),
  );
  const tripIdList = await ids(
    'train_trips',
    plan.trips.map((tr) => ({
      trainName: tr.trainName,
      departureCityId: item(cityIds, 0),
      arrivalCityId: cityId(tr.cityIdx),
      departureDateTime: tr.departure,
      arrivalDateTime: tr.arrival,
      // used_capacity follows the allocations inserted below (trigger, migration 0004)
      totalCapacity: tr.totalCents / 100,
    })),
    (c) => tx.insert(t.trainTrips).values(c).returning({ id: t.trainTrips.trainTripId }),
  );
  const tripId = new Map(plan.trips.map((tr, i) => [tr.key, item(tripIdList, i)]));

  // orders get ids in the order they were placed
  const orderSequence = plan.orders
    .map((_, i) => i)
    .sort((a, b) => {
      const x = item(plan.orders, a);
      const y = item(plan.orders, b);
      return x.orderDate.getTime() - y.orderDate.getTime() || a - b;
    });
  const lastChange = (o: PlanOrder) => item(o.history, o.history.length - 1).at;
  const insertedOrderIds = await ids(
    'orders',
    orderSequence.map((i) => {
      const o = item(plan.orders, i);
      const cu = customer(o.customerIdx);
      return {
        customerId: item(customerIds, o.customerIdx),
        orderDate: o.orderDate,
        scheduleDate: isoDay(plan.day0 + o.scheduleDay * DAY),
        status: o.status,
        deliveryAddress: `${cu.street}, ${cu.town}`,
        cityId: cityId(o.cityIdx),
        routeId: item(routeIds, o.routeIdx),
        specialInstructions: o.specialInstructions,
        deliveryFee: DELIVERY_FEE,
        deliveredAt: o.deliveredAt,
        createdBy: userId(o.createdBy),
        updatedAt: lastChange(o),
      };
    }),
    (c) => tx.insert(t.orders).values(c).returning({ id: t.orders.orderId }),
  );
  const orderIds: number[] = [];
  orderSequence.forEach((planIdx, n) => {
    orderIds[planIdx] = item(insertedOrderIds, n);
  });
  const orderId = (i: number) => item(orderIds, i);

  await ids(
    'order_items',
    orderSequence.flatMap((i) =>
      item(plan.orders, i).items.map((it) => ({
        orderId: orderId(i),
        productId: item(productIds, it.productIdx),
        quantity: it.quantity,
        unitPrice: product(it.productIdx).unitPrice,
      })),
    ),
    (c) => tx.insert(t.orderItems).values(c).returning({ id: t.orderItems.orderItemId }),
  );
  await ids(
    'order_status_history',
    plan.orders
      .flatMap((o, i) => o.history.map((h) => ({ ...h, orderIdx: i })))
      .sort((a, b) => a.at.getTime() - b.at.getTime() || orderId(a.orderIdx) - orderId(b.orderIdx))
      .map((h) => ({
        orderId: orderId(h.orderIdx),
        fromStatus: h.from,
        toStatus: h.to,
        changedBy: userId(h.by),
        changedAt: h.at,
        reason: h.reason,
      })),
    (c) => tx.insert(t.orderStatusHistory).values(c).returning({ id: t.orderStatusHistory.historyId }),
  );
  // chronological, so the trigger-maintained balance never dips below zero on the way
  await ids(
    'stock_movements',
    plan.movements.map((m) => ({
      productId: item(productIds, m.productIdx),
      delta: m.delta,
      reason: m.reason,
      orderId: m.orderIdx === null ? null : orderId(m.orderIdx),
      note: m.note,
      createdBy: userId(m.by),
      createdAt: m.at,
    })),
    (c) => tx.insert(t.stockMovements).values(c).returning({ id: t.stockMovements.movementId }),
  );
  await ids(
    'train_allocations',
    orderSequence.flatMap((i) =>
      item(plan.orders, i).allocations.map((a) => {
        const trip = tripId.get(a.tripKey);
        if (trip === undefined) throw new Error(`seed: unknown trip ${a.tripKey}`);
        return {
          orderId: orderId(i),
          trainTripId: trip,
          space: a.cents / 100,
          createdBy: userId('manager'),
          createdAt: a.at,
        };
      }),
    ),
    (c) => tx.insert(t.trainAllocations).values(c).returning({ id: t.trainAllocations.allocationId }),
  );

  const deliverySequence = plan.deliveries
    .map((_, i) => i)
    .sort(
      (a, b) => item(plan.deliveries, a).start.getTime() - item(plan.deliveries, b).start.getTime() || a - b,
    );
  const insertedDeliveryIds = await ids(
    'deliveries',
    deliverySequence.map((i) => {
      const d = item(plan.deliveries, i);
      return {
        truckId: item(truckIds, d.truckIdx),
        routeId: item(routeIds, d.routeIdx),
        driverEmployeeId: driverEmployee(d.driverIdx),
        assistantEmployeeId: assistantEmployee(d.assistantIdx),
        deliveryDateTime: d.start,
        endDateTime: d.end,
        status: d.status,
        scheduledBy: userId('manager'),
        startedAt: d.startedAt,
        completedAt: d.completedAt,
        createdAt: d.createdAt,
      };
    }),
    (c) => tx.insert(t.deliveries).values(c).returning({ id: t.deliveries.deliveryId }),
  );
  const deliveryIds: number[] = [];
  deliverySequence.forEach((planIdx, n) => {
    deliveryIds[planIdx] = item(insertedDeliveryIds, n);
  });
  const deliveryId = (i: number) => item(deliveryIds, i);

  await ids(
    'delivery_orders',
    deliverySequence.flatMap((i) =>
      item(plan.deliveries, i).orderIdxs.map((o) => ({ deliveryId: deliveryId(i), orderId: orderId(o) })),
    ),
    (c) => tx.insert(t.deliveryOrders).values(c).returning({ id: t.deliveryOrders.orderId }),
  );
  await ids(
    'item_confirmations',
    [...plan.confirmations]
      .sort((a, b) => a.at.getTime() - b.at.getTime())
      .map((c) => ({
        deliveryId: deliveryId(c.deliveryIdx),
        orderId: orderId(c.orderIdx),
        productId: item(productIds, c.productIdx),
        confirmedBy: userId(c.by),
        confirmedAt: c.at,
      })),
    (c) => tx.insert(t.itemConfirmations).values(c).returning({ id: t.itemConfirmations.confirmationId }),
  );

  return {
    counts,
    ids: {
      customerId: (i) => item(customerIds, i),
      userId,
      orderId,
      deliveryId,
      driverEmployee,
      assistantEmployee,
      deliverySequence,
    },
  };
}
