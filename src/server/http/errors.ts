// The one error type and the driver-error readers live in lib/errors.ts, under every room that
// throws or reads them (db, workers, http, features); http names them here too.
export * from '#server/lib/errors';
