// The public module of this feature: the only file another feature imports (docs/architecture.md).

export {
  deliveredSinceRows,
  nearFullTrips,
  openDeliveryFailures,
  ordersWithoutTrain,
} from './manager-stats.queries';
export { failedOrderAlertMessage } from './manager-stats.service';
