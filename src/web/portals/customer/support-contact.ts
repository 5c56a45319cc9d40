import type { SupportContact } from '#web/features/customer-dashboard/components/help-panel';

/** The customer support line shown on the dashboard and the support page. */
export const SUPPORT_CONTACT: SupportContact = {
  phone: '+94 81 222 3344',
  email: 'support@kandypack.lk',
  hours: 'Mon–Sat 8:00–18:00',
};
