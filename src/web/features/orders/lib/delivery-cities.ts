/** The six cities served by rail from Kandy, each with a store near its station (domain.md). */
export const DELIVERY_CITIES = ['Colombo', 'Negombo', 'Galle', 'Matara', 'Jaffna', 'Trincomalee'] as const;
export type DeliveryCity = (typeof DELIVERY_CITIES)[number];
