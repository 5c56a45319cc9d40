import { describe, expect, it } from 'vitest';
import { describeAuditRow } from './audit-subjects';

const row = (
  table_name: string,
  values: Record<string, unknown>,
  extra: Record<string, string | null> = {},
) => ({
  table_name,
  row_key: String(Object.values(values)[0] ?? ''),
  old_values: null,
  new_values: values,
  ref_product: null,
  ref_city: null,
  ref_city_to: null,
  ...extra,
});

describe('audit subjects', () => {
  it('names a deleted row from its old values', () => {
    expect(
      describeAuditRow({
        ...row('trucks', {}),
        new_values: null,
        row_key: '7',
        old_values: { truck_id: 7, plate_number: 'WP-1234' },
      }),
    ).toEqual({ subject: 'Truck WP-1234', link: '/admin/fleet' });
  });

  it('names what a row points at with the names looked up for it', () => {
    expect(
      describeAuditRow(
        row(
          'stock_movements',
          { movement_id: 304, product_id: 3, delta: -12 },
          { ref_product: 'Ceylon Tea' },
        ),
      ),
    ).toEqual({
      subject: 'Stock movement of Ceylon Tea (-12)',
      link: '/admin/reports?report=product-performance&product=3',
    });
    expect(
      describeAuditRow(
        row(
          'train_trips',
          { train_trip_id: 12, train_name: 'Udarata Menike' },
          { ref_city: 'Kandy', ref_city_to: 'Colombo' },
        ),
      ).subject,
    ).toBe('Train trip #12 Kandy → Colombo (Udarata Menike)');
    expect(
      describeAuditRow(
        row('order_status_history', {
          history_id: 5,
          order_id: 45,
          from_status: 'Pending',
          to_status: 'Scheduled',
        }),
      ),
    ).toEqual({
      subject: 'Order #45 status Pending → Scheduled',
      link: '/admin/reports?report=customer-orders&order=45',
    });
  });

  it('shortens a notification to its first words and reads an unnamed table as words', () => {
    const long =
      'Delivery #7 to Moratuwa starts in 30 minutes: load the truck at the Colombo store now please';
    expect(describeAuditRow(row('notifications', { notification_id: 9, message: long })).subject).toBe(
      `Notification “${long.slice(0, 59)}…”`,
    );
    expect(describeAuditRow(row('delivery_windows', { window_id: 3 }))).toEqual({
      subject: 'Delivery window #3',
      link: null,
    });
  });
});
