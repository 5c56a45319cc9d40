// The public module of this feature: the only file another feature imports (docs/architecture.md).

export { monthPeriod } from './manager-reports';
export { crewHours } from './manager-reports.queries';
