// The public module of this feature: the only file another feature imports (docs/architecture.md).

export { insertNotifications } from './notifications.queries';
export {
  notifyCrewChange,
  notifyCustomer,
  notifyEmployees,
  notifyManagers,
  notifyPlanApplied,
  notifyUsers,
  publishChange,
} from './notifications.service';
