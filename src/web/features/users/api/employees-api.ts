import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateEmployeeRequest, Employee, UpdateEmployeeRequest } from '#shared/contract/employees';
import type { Store } from '#shared/contract/stores';
import { api, apiList } from '#web/lib/api-client';
import { userKeys } from './users-api';

function useInvalidatingEmployees<V>(fn: (v: V) => Promise<Employee>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: userKeys.employees });
    },
  });
}

/** POST /employees: hire (a staff record; a login is a user linked to it). */
export const useCreateEmployee = () =>
  useInvalidatingEmployees((body: CreateEmployeeRequest) =>
    api<Employee>('/employees', { method: 'POST', body }),
  );

/** PUT /employees/{id}. */
export const useUpdateEmployee = () =>
  useInvalidatingEmployees(({ id, body }: { id: number; body: UpdateEmployeeRequest }) =>
    api<Employee>(`/employees/${id}`, { method: 'PUT', body }),
  );

/** GET /stores, for the store of a staff record. */
export function useStoreOptions() {
  return useQuery({
    queryKey: ['admin', 'stores'],
    queryFn: ({ signal }) => apiList<Store>('/stores', { signal }),
  });
}
