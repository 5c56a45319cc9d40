/**
 * The six cities served by rail from Kandy, each with a store near its station
 * (docs/product/business-rules.md#the-company).
 */
export const DELIVERY_CITIES = ['Colombo', 'Negombo', 'Galle', 'Matara', 'Jaffna', 'Trincomalee'] as const;
export type DeliveryCity = (typeof DELIVERY_CITIES)[number];
