import { describe, expect, it } from 'vitest';
import { destinationAfterLogin, guardDecision, homeForRole } from './redirects';

describe('homeForRole', () => {
  it.each([
    ['Admin', '/admin'],
    ['System Administrator', '/admin'],
    ['Manager', '/manager'],
    ['Warehouse Manager', '/warehouse'],
    ['warehouse', '/warehouse'],
    ['Driver', '/assistant'],
    ['Assistant', '/assistant'],
    ['Customer', '/customer'],
    ['Customer Representative', '/customer'],
  ])('sends %s to %s', (role, home) => {
    expect(homeForRole(role)).toBe(home);
  });

  it('gives no home to a role without a portal', () => {
    expect(homeForRole('Accountant')).toBeNull();
    expect(homeForRole('')).toBeNull();
    expect(homeForRole(undefined)).toBeNull();
  });
});

describe('guardDecision', () => {
  it('waits while the session is loading', () => {
    expect(guardDecision('loading', null, 'admin')).toEqual({ kind: 'loading' });
  });

  it('sends anonymous visitors to the customer entry or the staff login', () => {
    expect(guardDecision('anonymous', null, 'customer')).toEqual({ kind: 'redirect', to: '/customer/login' });
    expect(guardDecision('anonymous', null, 'manager')).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('sends a customer who just logged out to /login', () => {
    expect(guardDecision('anonymous', null, 'customer', true)).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('lets the matching role in', () => {
    expect(guardDecision('authenticated', { role: 'Driver' }, 'assistant')).toEqual({ kind: 'allow' });
    expect(guardDecision('authenticated', { role: 'customer' }, 'customer')).toEqual({ kind: 'allow' });
  });

  it('sends other roles to /login', () => {
    expect(guardDecision('authenticated', { role: 'Manager' }, 'admin')).toEqual({
      kind: 'redirect',
      to: '/login',
    });
    expect(guardDecision('authenticated', { role: 'Admin' }, 'customer')).toEqual({
      kind: 'redirect',
      to: '/login',
    });
    expect(guardDecision('authenticated', { role: 'Warehouse Manager' }, 'manager')).toEqual({
      kind: 'redirect',
      to: '/login',
    });
  });
});

describe('destinationAfterLogin', () => {
  it('returns to the requested page inside the user portal', () => {
    expect(destinationAfterLogin('Manager', '/manager/orders')).toBe('/manager/orders');
  });

  it('ignores pages of other portals and the customer entry', () => {
    expect(destinationAfterLogin('Manager', '/admin/users')).toBe('/manager');
    expect(destinationAfterLogin('Manager', '/managerial')).toBe('/manager');
    expect(destinationAfterLogin('Customer', '/customer/login')).toBe('/customer');
    expect(destinationAfterLogin('Driver', undefined)).toBe('/assistant');
  });

  it('gives null to a role without a portal', () => {
    expect(destinationAfterLogin('Accountant', '/admin')).toBeNull();
  });
});
