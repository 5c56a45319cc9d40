import type { MessageKey, Translate } from './provider';

// The delivery cities in the reader's language; another city shows as it is.
const CITIES: Record<string, MessageKey> = {
  colombo: 'city.colombo',
  negombo: 'city.negombo',
  galle: 'city.galle',
  matara: 'city.matara',
  jaffna: 'city.jaffna',
  trincomalee: 'city.trincomalee',
  kandy: 'city.kandy',
};

export function cityName(t: Translate, city: string): string {
  const key = CITIES[city.trim().toLowerCase()];
  return key ? t(key) : city;
}
