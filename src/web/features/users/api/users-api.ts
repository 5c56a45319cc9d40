import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Employee } from '#shared/contract/employees';
import type {
  CreateRoleRequest,
  CreateUserRequest,
  Role,
  UpdateRoleRequest,
  UpdateUserRequest,
  User,
} from '#shared/contract/users';
import { api, apiList, apiPage } from '#web/lib/api-client';

export const userKeys = {
  users: ['admin', 'users'] as const,
  roles: ['admin', 'roles'] as const,
  employees: ['admin', 'employees'] as const,
};

/** GET /users: a page of users matching `q`, with the total. */
export function useUsers(query: { q?: string; page: number; page_size: number }) {
  return useQuery({
    queryKey: [...userKeys.users, query],
    queryFn: ({ signal }) => apiPage<User>('/users', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /roles. */
export function useRoles() {
  return useQuery({
    queryKey: userKeys.roles,
    queryFn: ({ signal }) => apiList<Role>('/roles', { signal }),
  });
}

/** GET /employees: staff records an account may be linked to. */
export function useEmployees() {
  return useQuery({
    queryKey: userKeys.employees,
    queryFn: ({ signal }) => apiList<Employee>('/employees', { signal }),
  });
}

function useInvalidating<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}

export const useCreateUser = () =>
  useInvalidating((body: CreateUserRequest) => api<User>('/users', { method: 'POST', body }));
export const useUpdateUser = () =>
  useInvalidating(({ id, body }: { id: number; body: UpdateUserRequest }) =>
    api<User>(`/users/${id}`, { method: 'PUT', body }),
  );
export const useDeleteUser = () =>
  useInvalidating((id: number) => api<void>(`/users/${id}`, { method: 'DELETE' }));
export const useCreateRole = () =>
  useInvalidating((body: CreateRoleRequest) => api<Role>('/roles', { method: 'POST', body }));
export const useUpdateRole = () =>
  useInvalidating(({ id, body }: { id: number; body: UpdateRoleRequest }) =>
    api<Role>(`/roles/${id}`, { method: 'PUT', body }),
  );
export const useDeleteRole = () =>
  useInvalidating((id: number) => api<void>(`/roles/${id}`, { method: 'DELETE' }));
