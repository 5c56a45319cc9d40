import { afterAll, describe, expect, it } from 'vitest';
import type { Assignment } from '#shared/contract/crew';
import { formatters } from '#web/i18n/format';
import { splitByDay } from '../components/assignment-list';
import { crewTranslator } from './crew-testing';
import { crewText } from './crew-texts';
import { crewTime, startGate } from './start-gate';

// a phone outside Sri Lanka: every time below must still read in Colombo time
const zoneBefore = process.env.TZ;
process.env.TZ = 'America/New_York';
afterAll(() => {
  process.env.TZ = zoneBefore;
});

const en = crewTranslator('en');
const ta = crewTranslator('ta');
const si = crewTranslator('si');
const gate = (a: Assignment, now: Date) => startGate(a, now, en, formatters('en'));

const run = (values: Partial<Assignment>): Assignment => ({
  delivery_id: 29,
  end_location: 'Moratuwa',
  plate_number: 'WP LA-4521',
  driver_name: 'D',
  status: 'Scheduled',
  order_count: 2,
  delivery_date_time: '2026-11-24T10:00:00Z', // 15:30 in Colombo
  end_date_time: '2026-11-24T13:00:00Z',
  route_name: 'R',
  route_towns: [],
  store_city: 'Colombo',
  assistant_name: 'A',
  crew_role: 'Driver',
  crew_mate_name: 'A',
  item_count: 4,
  confirmed_count: 0,
  failed_count: 0,
  started_at: null,
  completed_at: null,
  truck_status: 'Available',
  truck_status_note: null,
  start_opens_at: '2026-11-24T08:00:00Z', // 13:30 in Colombo
  start_refusal: null,
  blocking_delivery_id: null,
  ...values,
});

describe('startGate', () => {
  it('says when the start window opens, in Colombo time, until it does', () => {
    expect(gate(run({}), new Date('2026-11-24T07:59:00Z'))).toEqual({
      blocked: true,
      kind: 'window',
      reason: 'You can start it from 13:30, 2 hours before it leaves at 15:30.',
    });
    // another day in Colombo: the date is said too
    expect(gate(run({}), new Date('2026-11-23T10:00:00Z')).reason).toBe(
      'You can start it from 24 Nov, 13:30, 2 hours before it leaves at 15:30.',
    );
    // a run leaving just after midnight opens the evening before
    expect(
      gate(
        run({ delivery_date_time: '2026-11-24T19:00:00Z', start_opens_at: '2026-11-24T17:00:00Z' }),
        new Date('2026-11-24T16:00:00Z'),
      ).reason,
    ).toBe('You can start it from 22:30, 2 hours before it leaves at 25 Nov, 00:30.');
    expect(gate(run({}), new Date('2026-11-24T07:59:00Z')).reason).toBe(
      'You can start it from 13:30, 2 hours before it leaves at 15:30.',
    );
    expect(gate(run({}), new Date('2026-11-24T08:00:00Z'))).toEqual({
      blocked: false,
      reason: null,
      kind: null,
    });
  });

  it("shows the server's refusal first (a run on the road, a truck under repair), whatever the time", () => {
    const refusal =
      'Truck WP LA-4521 is on delivery #28 (Colombo North), In Transit since 09:10 (Colombo time): finish it before starting delivery #29';
    expect(gate(run({ start_refusal: refusal }), new Date('2026-11-24T07:00:00Z'))).toEqual({
      blocked: true,
      kind: 'refusal',
      reason: refusal,
    });
    expect(gate(run({ status: 'In Transit', start_refusal: refusal }), new Date()).blocked).toBe(false);
  });
});

describe("the crew card in Colombo time and in the reader's language, on a phone in New York", () => {
  it('keeps a run of 19:00 Colombo time under Today, read 19:00, in every language', () => {
    expect(new Date('2026-11-24T03:00:00Z').getHours()).toBe(22); // the 23rd, 22:00 in New York
    const now = new Date('2026-11-24T03:00:00Z'); // 08:30 on the 24th in Colombo
    const evening = run({
      delivery_date_time: '2026-11-24T13:30:00Z',
      start_opens_at: '2026-11-24T11:30:00Z',
    });
    const split = splitByDay([evening], now);
    expect(split.today).toEqual([evening]);
    expect(split.upcoming).toEqual([]);
    expect(crewTime(evening.delivery_date_time, now, formatters('en'))).toBe('19:00');
    expect(crewTime(evening.delivery_date_time, now, formatters('ta'))).toBe('19:00');
    // Sinhala writes the clock 19.00 (CLDR si-LK)
    expect(crewTime(evening.delivery_date_time, now, formatters('si'))).toBe('19.00');
    // another Colombo day says the day too: the 25th in Colombo is still the 24th in New York
    const tomorrow = run({
      delivery_date_time: '2026-11-24T19:00:00Z',
      start_opens_at: '2026-11-24T17:00:00Z',
    });
    expect(crewTime(tomorrow.delivery_date_time, now, formatters('en'))).toBe('25 Nov, 00:30');
    expect(crewTime(tomorrow.delivery_date_time, now, formatters('ta'))).toBe('நவ. 25, 00:30');
    expect(splitByDay([tomorrow], now).upcoming).toEqual([tomorrow]);
  });

  it('says the start window in Tamil and Sinhala with Colombo times', () => {
    const now = new Date('2026-11-24T07:59:00Z');
    const inTamil = startGate(run({}), now, ta, formatters('ta')).reason!;
    expect(inTamil).toContain('13:30');
    expect(inTamil).toContain('15:30');
    expect(inTamil).toContain('மணி நேரம்');
    expect(inTamil).not.toMatch(/[A-Za-z]/);
    const inSinhala = startGate(run({}), now, si, formatters('si')).reason!;
    expect(inSinhala).toContain('13.30');
    expect(inSinhala).not.toMatch(/[A-Za-z]/);
  });

  it("says the crew endpoints' refusals in Tamil, and an unknown one as it came", () => {
    const onTheRoad =
      'Truck WP LA-4521 is on delivery #28 (Colombo North), In Transit since 09:10 (Colombo time): finish it before starting delivery #29';
    expect(crewText(en, onTheRoad)).toBe(onTheRoad);
    expect(crewText(ta, onTheRoad)).toBe(
      'லாரி WP LA-4521 விநியோகம் #28 (Colombo North) இல், 09:10 முதல் வழியில் (கொழும்பு நேரம்): விநியோகம் #29 தொடங்கும் முன் அதை முடியுங்கள்',
    );
    const repair =
      'Truck WP LA-4521 is Under Repair (brakes): delivery #29 cannot start with it; ask the manager to move the run to another truck';
    expect(crewText(en, repair)).toBe(repair);
    expect(crewText(si, repair)).toContain('ලොරිය WP LA-4521 අලුත්වැඩියාවේ (brakes)');
    const notOnRoad = 'Delivery 29 is Delivered: items can be confirmed only while it is In Transit';
    expect(crewText(ta, notOnRoad)).toBe('விநியோகம் #29: வழங்கப்பட்டது. இது வழியில் இருக்கும்போது மட்டுமே செய்யலாம்');
    expect(crewText(ta, 'Something new')).toBe('Something new');
    expect(ta('crew.queue.waiting', { count: 1 })).toBe('1 உறுதிப்படுத்தல் அனுப்பக் காத்திருக்கிறது');
    expect(ta('crew.queue.waiting', { count: 3 })).toBe('3 உறுதிப்படுத்தல்கள் அனுப்பக் காத்திருக்கின்றன');
    expect(en('crew.queue.waiting', { count: 1 })).toBe('1 confirmation waiting to send');
  });
});
