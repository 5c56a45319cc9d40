// The demo business as built in memory (build-plan.ts), checked (validate-plan.ts) and then
// written (write-plan.ts). Indexes point into the demo data (seed-data.ts) and into the plan.
import type { DeliveryStatus, OrderStatus } from '#shared/order-status';
import type { DemoUserKey } from '../seed-data';

export type Reason = 'initial' | 'order_reserved' | 'order_cancelled' | 'manual_count' | 'production_receipt';

export interface PlanItem {
  productIdx: number;
  quantity: number;
}
export interface PlanHistory {
  from: OrderStatus | null;
  to: OrderStatus;
  at: Date;
  by: DemoUserKey | null;
  reason: string | null;
}
export interface PlanAllocation {
  tripKey: string;
  cents: number;
  at: Date;
}
export interface PlanOrder {
  customerIdx: number;
  routeIdx: number;
  cityIdx: number;
  orderDate: Date;
  /** Requested delivery date, in days from the UTC day of "now". */
  scheduleDay: number;
  status: OrderStatus;
  items: PlanItem[];
  /** Train space in hundredths: sum(quantity x space per unit). */
  spaceCents: number;
  history: PlanHistory[];
  allocations: PlanAllocation[];
  deliveryIdx: number | null;
  deliveredAt: Date | null;
  createdBy: DemoUserKey;
  specialInstructions: string | null;
}
export interface PlanTrip {
  key: string;
  cityIdx: number;
  trainName: string;
  departure: Date;
  arrival: Date;
  totalCents: number;
  usedCents: number;
  small: boolean;
}
export interface PlanDelivery {
  routeIdx: number;
  truckIdx: number;
  driverIdx: number;
  assistantIdx: number;
  start: Date;
  end: Date;
  status: DeliveryStatus;
  startedAt: Date | null;
  completedAt: Date | null;
  createdAt: Date;
  orderIdxs: number[];
}
export interface PlanConfirmation {
  deliveryIdx: number;
  orderIdx: number;
  productIdx: number;
  at: Date;
  by: DemoUserKey | null;
}
export interface PlanMovement {
  productIdx: number;
  delta: number;
  reason: Reason;
  orderIdx: number | null;
  note: string | null;
  at: Date;
  by: DemoUserKey | null;
}
export interface SeedPlan {
  now: Date;
  day0: number;
  orders: PlanOrder[];
  trips: PlanTrip[];
  deliveries: PlanDelivery[];
  confirmations: PlanConfirmation[];
  /** Chronological; the order rows are inserted in, so the stock trigger never goes negative. */
  movements: PlanMovement[];
  customerCreatedAt: Date[];
  finalUnits: number[];
}

/** The ids the written rows got, by plan index (write-plan.ts), for the feature seed modules. */
export interface WrittenIds {
  customerId: (customerIdx: number) => number;
  userId: (key: DemoUserKey | null) => number | null;
  orderId: (orderIdx: number) => number;
  deliveryId: (deliveryIdx: number) => number;
  driverEmployee: (driverIdx: number) => number;
  assistantEmployee: (assistantIdx: number) => number;
  /** Plan indexes of the deliveries in the order they were inserted (by start). */
  deliverySequence: number[];
}
