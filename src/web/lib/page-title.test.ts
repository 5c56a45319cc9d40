import { describe, expect, it } from 'vitest';
import { composeTitle, TitleStack } from './page-title';

describe('composeTitle', () => {
  it('goes from the page to the portal to the app, leaving out what is missing', () => {
    expect(composeTitle('Order #45', 'Customer Portal')).toBe('Order #45 · Customer Portal · KandyPack');
    expect(composeTitle('Sign in')).toBe('Sign in · KandyPack');
    expect(composeTitle(null, 'Manager Portal')).toBe('Manager Portal · KandyPack');
    expect(composeTitle(' ', undefined)).toBe('KandyPack');
  });
});

describe('TitleStack', () => {
  it('shows the latest title asked for, and the earlier one again once it is gone', () => {
    const stack = new TitleStack('KandyPack Portal');
    expect(stack.current()).toBe('KandyPack Portal');
    stack.set('page', 'Train Scheduling · Manager Portal · KandyPack');
    stack.set('dialog', 'Trip 74 · Manager Portal · KandyPack');
    expect(stack.current()).toBe('Trip 74 · Manager Portal · KandyPack');
    // the page renames itself while the dialog is open: the dialog still names the tab
    stack.set('page', 'Trains · Manager Portal · KandyPack');
    expect(stack.current()).toBe('Trip 74 · Manager Portal · KandyPack');
    stack.remove('dialog');
    expect(stack.current()).toBe('Trains · Manager Portal · KandyPack');
    stack.remove('page');
    expect(stack.current()).toBe('KandyPack Portal');
  });

  it("shows a base title (the portal's, while its page loads) only when no page names itself", () => {
    const stack = new TitleStack('KandyPack Portal');
    stack.set('page', 'Orders · Manager Portal · KandyPack');
    stack.set('layout', 'Manager Portal · KandyPack', true);
    expect(stack.current()).toBe('Orders · Manager Portal · KandyPack');
    stack.remove('page');
    expect(stack.current()).toBe('Manager Portal · KandyPack');
  });
});
