// The public module of this feature: the only file another feature imports (docs/architecture.md).

export {
  assignmentNotice,
  type DeliveryFacts,
  deliveredNotice,
  deliveryEndedNotice,
  type Localized,
  notDeliveredNotice,
  outForDeliveryNotice,
  startedNotice,
} from './notices';
export { insertNotifications, recipientLanguage } from './notifications.queries';
export {
  notifyCrewChange,
  notifyCustomer,
  notifyEmployees,
  notifyManagers,
  notifyPlanApplied,
  notifyUsers,
  publishChange,
} from './notifications.service';
