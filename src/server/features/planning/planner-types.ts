// The dispatch planner's data (issue 12): plain values in, plain values out. No database, no
// clock: the service loads these from the database and stores what `plan` returns.

import type { TripCapacity } from '#server/domain/allocation';
import type { CrewMember, TruckInfo } from '#server/domain/roster-rules';

export interface PlanTrip extends TripCapacity {
  name: string;
  cityId: number;
  cityName: string;
}

export interface BookedLeg {
  tripId: number;
  cents: number;
  arrival: Date;
}

export interface PlanOrder {
  orderId: number;
  /** Pending (the manager selected it) or Scheduled (approved); anything else is refused. */
  status: string;
  cityId: number | null;
  cityName: string | null;
  routeId: number | null;
  /** The requested delivery day, YYYY-MM-DD (Colombo). */
  scheduleDate: string;
  /** Space the order needs, in hundredths. */
  spaceCents: number;
  /** Legs already booked on trains (then only its truck and crew are planned). */
  booked: BookedLeg[];
  /** The delivery it is loaded on already (such an order is not planned again). */
  deliveryId: number | null;
}

export interface PlanTruck extends TruckInfo {
  truckId: number;
  capacityCents: number;
}

export interface PlanRoute {
  routeId: number;
  name: string;
  storeId: number;
  storeCity: string;
  maxDeliveryHours: number;
}

export interface PlanCrewMember extends CrewMember {
  active: boolean;
}

/** A delivery already in the database: it occupies its truck and crew. */
export interface ExistingDelivery {
  deliveryId: number;
  truckId: number;
  routeId: number;
  driverId: number | null;
  assistantId: number | null;
  start: Date;
  end: Date;
}

export interface PlanInput {
  now: Date;
  orders: PlanOrder[];
  trips: PlanTrip[];
  trucks: PlanTruck[];
  routes: PlanRoute[];
  crew: PlanCrewMember[];
  deliveries: ExistingDelivery[];
}

export interface PlannedBooking {
  orderId: number;
  tripId: number;
  cents: number;
}

export interface PlannedDelivery {
  /** 1, 2, ... within the proposal (it has no database id until committed). */
  key: number;
  routeId: number;
  truckId: number;
  driverId: number;
  assistantId: number;
  start: Date;
  end: Date;
  orderIds: number[];
  loadCents: number;
}

export type UnplannedStage = 'order' | 'train' | 'truck' | 'crew';

export interface Unplanned {
  orderId: number;
  stage: UnplannedStage;
  reason: string;
}

export interface Proposal {
  bookings: PlannedBooking[];
  deliveries: PlannedDelivery[];
  unplanned: Unplanned[];
}
