// The public module of this feature: the only file another feature imports (docs/architecture.md).

export { type OrderTransition, transitionOrder } from './order-transitions';
export { countersSum } from './orders.queries';
export { customerStats } from './orders.service';
export { confirmationJoins, confirmerName, personName } from './receipts.queries';
