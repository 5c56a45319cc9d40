import { describe, expect, it } from 'vitest';
import { tripFormErrors } from './create-trip-dialog';

const now = new Date(2030, 0, 10, 12, 0);
const ok = {
  arrival_city: 'Galle',
  train_name: '',
  departure: '2030-01-11T08:00',
  arrival: '2030-01-11T12:00',
  capacity: '250',
};

describe('tripFormErrors', () => {
  it('accepts a complete future trip', () => {
    expect(tripFormErrors(ok, now)).toEqual({});
  });
  it('names each missing or wrong field', () => {
    expect(tripFormErrors({ ...ok, arrival_city: '', capacity: '0' }, now)).toEqual({
      arrival_city: 'Choose the city the train goes to',
      capacity: 'Enter a capacity above 0',
    });
    expect(
      tripFormErrors({ ...ok, departure: '2030-01-09T08:00', arrival: '2030-01-09T07:00' }, now),
    ).toEqual({
      departure: 'The trip must depart in the future',
      arrival: 'The train must arrive after it departs',
    });
    expect(tripFormErrors({ ...ok, departure: '', arrival: '' }, now)).toMatchObject({
      departure: 'Enter the departure date and time',
      arrival: 'Enter the arrival date and time',
    });
  });
});
