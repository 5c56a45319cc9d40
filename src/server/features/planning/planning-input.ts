// Database rows -> the planner's plain input. Used by both the proposal (plain reads) and the
// commit (rows read under locks), so the two see the world through the same lens.

import { toCents } from '#server/domain/allocation';
import type { CrewRole } from '#server/domain/roster-rules';
import type { PlanInput } from './planner-types';
import type * as q from './planning.queries';

export interface InputRows {
  now: Date;
  orders: q.OrderRow[];
  trips: q.TripRow[];
  trucks: q.TruckRow[];
  routes: q.RouteRow[];
  crew: q.CrewRow[];
  deliveries: q.DeliveryRow[];
}

export function toPlanInput(rows: InputRows): PlanInput {
  return {
    now: rows.now,
    orders: rows.orders.map((o) => ({
      orderId: o.order_id,
      status: o.status,
      cityId: o.city_id,
      cityName: o.city_name,
      routeId: o.route_id,
      scheduleDate: o.schedule_date,
      spaceCents: o.space_cents,
      booked: o.legs.map((l) => ({ tripId: l.trip, cents: l.cents, arrival: new Date(Number(l.arrival)) })),
      deliveryId: o.delivery_id,
    })),
    trips: rows.trips.map((t) => ({
      tripId: t.train_trip_id,
      name: t.train_name,
      cityId: t.city_id,
      cityName: t.city_name,
      departure: new Date(t.departure),
      arrival: new Date(t.arrival),
      totalCents: toCents(t.total_capacity),
      usedCents: toCents(t.used_capacity),
    })),
    trucks: rows.trucks.map((t) => ({
      truckId: t.truck_id,
      plateNumber: t.plate_number,
      status: t.status,
      statusNote: t.status_note,
      storeId: t.store_id,
      storeCity: t.store_city,
      capacityCents: toCents(t.capacity),
    })),
    routes: rows.routes.map((r) => ({
      routeId: r.route_id,
      name: r.name,
      storeId: r.store_id,
      storeCity: r.store_city,
      maxDeliveryHours: r.max_delivery_hours,
    })),
    crew: rows.crew.map((c) => ({
      employeeId: c.employee_id,
      name: c.name,
      role: (c.type === 'Driver' ? 'driver' : 'assistant') as CrewRole,
      storeId: c.store_id,
      storeCity: c.store_city,
      weeklyHourLimit: c.weekly_hour_limit,
      active: c.is_active,
    })),
    deliveries: rows.deliveries.map((d) => ({
      deliveryId: d.delivery_id,
      truckId: d.truck_id,
      routeId: d.route_id,
      driverId: d.driver_employee_id,
      assistantId: d.assistant_employee_id,
      start: new Date(d.start_at),
      end: new Date(d.end_at),
    })),
  };
}
