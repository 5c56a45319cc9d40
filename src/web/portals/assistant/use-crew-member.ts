import { useSession } from '#web/lib/session';

/** The signed-in crew member's employee id (null: the login is not linked to an employee). */
export function useCrewEmployeeId(): number | null {
  return useSession().user?.employee_id ?? null;
}
