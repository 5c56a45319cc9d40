import { describe, expect, it } from 'vitest';
import { supportFormSchema, toSupportRequest } from './support-form-schema';

describe('support form', () => {
  it('needs a subject and a message', () => {
    const result = supportFormSchema.safeParse({ subject: ' ', orderId: '', message: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Please enter a subject',
      'Please enter a message',
    ]);
  });

  it('sends the order only when one is chosen', () => {
    expect(toSupportRequest({ subject: ' Late ', orderId: '', message: ' Where is it? ' })).toEqual({
      subject: 'Late',
      message: 'Where is it?',
    });
    expect(toSupportRequest({ subject: 'Late', orderId: '42', message: 'Where?' })).toEqual({
      subject: 'Late',
      message: 'Where?',
      order_id: 42,
    });
  });
});
