// The public module of this feature: the only file another feature imports (docs/architecture.md).

export {
  assignmentNotice,
  cancelledByYouNotice,
  cancelledNotice,
  type DeliveryFacts,
  deliveredNotice,
  deliveryEndedNotice,
  type Localized,
  notDeliveredNotice,
  outForDeliveryNotice,
  returnedNotice,
  stageNotice,
  startedNotice,
  supportAnsweredNotice,
  supportClosedNotice,
  truckChangedNotice,
  truckRepairNotice,
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
