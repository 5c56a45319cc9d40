// The public module of this feature: the only file another feature imports (docs/architecture.md).

export { lockAdmins } from './users.queries';
