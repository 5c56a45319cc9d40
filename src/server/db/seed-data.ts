// Static content of the demo business (docs/product/business-rules.md#demo-data). seed.ts turns it
// into rows and generates the dated activity (orders, trains, deliveries) around it.

export const DEMO_PASSWORD = 'demo-password';

export const HUB_CITY = { name: 'Kandy' } as const;

export interface CityData {
  name: string;
  store: { address: string; nearStationName: string; contactNumber: string };
  train: {
    /** Name of the weekly goods train and of the small parcel van that overflows. */
    trainName: string;
    smallTrainName: string;
    /** Day of the next regular departure counted from today (UTC); then every 7 days. */
    dayOffset: number;
    departHourUtc: number;
    durationHours: number;
    smallCapacity: number;
  };
}

/** The six destination cities, in the order every index in this file refers to. */
export const CITY_DATA: CityData[] = [
  {
    name: 'Colombo',
    store: {
      address: '12 Olcott Mawatha, Colombo 11',
      nearStationName: 'Colombo Fort',
      contactNumber: '+94 11 243 5566',
    },
    train: {
      trainName: 'Kandy–Colombo Goods',
      smallTrainName: 'Udarata Parcel Van',
      dayOffset: 2,
      departHourUtc: 0.5,
      durationHours: 3,
      smallCapacity: 8,
    },
  },
  {
    name: 'Negombo',
    store: {
      address: '18 Station Road, Negombo',
      nearStationName: 'Negombo Railway Station',
      contactNumber: '+94 31 222 4187',
    },
    train: {
      trainName: 'Kandy–Negombo Goods',
      smallTrainName: 'Puttalam Line Parcel Van',
      dayOffset: 3,
      departHourUtc: 1,
      durationHours: 4,
      smallCapacity: 6,
    },
  },
  {
    name: 'Galle',
    store: {
      address: '22 Main Street, Galle',
      nearStationName: 'Galle Railway Station',
      contactNumber: '+94 91 223 8810',
    },
    train: {
      trainName: 'Kandy–Galle Goods',
      smallTrainName: 'Galu Kumari Parcel Van',
      dayOffset: 4,
      departHourUtc: 0,
      durationHours: 6,
      smallCapacity: 10,
    },
  },
  {
    name: 'Matara',
    store: {
      address: '7 Station Road, Matara',
      nearStationName: 'Matara Railway Station',
      contactNumber: '+94 41 222 6093',
    },
    train: {
      trainName: 'Kandy–Matara Goods',
      smallTrainName: 'Ruhunu Kumari Parcel Van',
      dayOffset: 5,
      departHourUtc: 0.25,
      durationHours: 7,
      smallCapacity: 7,
    },
  },
  {
    name: 'Jaffna',
    store: {
      address: '31 Stanley Road, Jaffna',
      nearStationName: 'Jaffna Railway Station',
      contactNumber: '+94 21 222 5471',
    },
    train: {
      trainName: 'Kandy–Jaffna Goods',
      smallTrainName: 'Yal Devi Parcel Van',
      dayOffset: 3,
      departHourUtc: 0.75,
      durationHours: 9,
      smallCapacity: 5,
    },
  },
  {
    name: 'Trincomalee',
    store: {
      address: '14 Station Road, Trincomalee',
      nearStationName: 'Trincomalee Railway Station',
      contactNumber: '+94 26 222 3902',
    },
    train: {
      trainName: 'Kandy–Trincomalee Goods',
      smallTrainName: 'Trinco Night Mail Parcel Van',
      dayOffset: 4,
      departHourUtc: 1.5,
      durationHours: 7.5,
      smallCapacity: 9,
    },
  },
];

export const CITY = {
  Colombo: 0,
  Negombo: 1,
  Galle: 2,
  Matara: 3,
  Jaffna: 4,
  Trincomalee: 5,
} as const;

export const ROLE_DATA = [
  {
    key: 'admin',
    roleName: 'Admin',
    accessRights: 'Manage users and roles; view reports, analytics and audit logs',
  },
  {
    key: 'manager',
    roleName: 'Manager',
    accessRights:
      'Approve and reject orders; allocate orders to trains; schedule truck deliveries; view reports',
  },
  {
    key: 'warehouse',
    roleName: 'Warehouse Manager',
    accessRights: 'Edit inventory and stock counts; view stock reports, per-store stock and low-stock alerts',
  },
  {
    key: 'driver',
    roleName: 'Driver',
    accessRights: 'View delivery assignments; confirm delivered items; read notifications',
  },
  {
    key: 'assistant',
    roleName: 'Driver Assistant',
    accessRights: 'View delivery assignments; confirm delivered items; read notifications',
  },
  {
    key: 'customer',
    roleName: 'Customer',
    accessRights: 'Place orders; view own orders, dashboard and delivery timeline; contact support',
  },
] as const;

export type DemoUserKey = (typeof ROLE_DATA)[number]['key'];

export interface RouteData {
  cityIdx: number;
  name: string;
  endLocation: string;
  coveredTowns: string[];
  maxDeliveryHours: number;
}

/** Two routes per city store; index = position in this list. */
export const ROUTE_DATA: RouteData[] = [
  {
    cityIdx: CITY.Colombo,
    name: 'Colombo South Coastal',
    endLocation: 'Moratuwa',
    coveredTowns: ['Wellawatte', 'Dehiwala', 'Mount Lavinia', 'Ratmalana', 'Moratuwa'],
    maxDeliveryHours: 3,
  },
  {
    cityIdx: CITY.Colombo,
    name: 'Colombo East Suburbs',
    endLocation: 'Maharagama',
    coveredTowns: ['Borella', 'Rajagiriya', 'Battaramulla', 'Nugegoda', 'Maharagama'],
    maxDeliveryHours: 4,
  },
  {
    cityIdx: CITY.Negombo,
    name: 'Negombo North Coast',
    endLocation: 'Marawila',
    coveredTowns: ['Negombo', 'Kochchikade', 'Wennappuwa', 'Marawila'],
    maxDeliveryHours: 4,
  },
  {
    cityIdx: CITY.Negombo,
    name: 'Negombo Airport Belt',
    endLocation: 'Kandana',
    coveredTowns: ['Katunayake', 'Seeduwa', 'Ja-Ela', 'Kandana'],
    maxDeliveryHours: 2.5,
  },
  {
    cityIdx: CITY.Galle,
    name: 'Galle West Coast',
    endLocation: 'Ambalangoda',
    coveredTowns: ['Galle', 'Ginthota', 'Hikkaduwa', 'Ambalangoda'],
    maxDeliveryHours: 4,
  },
  {
    cityIdx: CITY.Galle,
    name: 'Galle East Coast',
    endLocation: 'Ahangama',
    coveredTowns: ['Unawatuna', 'Habaraduwa', 'Koggala', 'Ahangama'],
    maxDeliveryHours: 3,
  },
  {
    cityIdx: CITY.Matara,
    name: 'Matara East Coast',
    endLocation: 'Tangalle',
    coveredTowns: ['Matara', 'Dondra', 'Dickwella', 'Tangalle'],
    maxDeliveryHours: 5,
  },
  {
    cityIdx: CITY.Matara,
    name: 'Matara Inland',
    endLocation: 'Hakmana',
    coveredTowns: ['Kamburupitiya', 'Akuressa', 'Hakmana'],
    maxDeliveryHours: 4,
  },
  {
    cityIdx: CITY.Jaffna,
    name: 'Jaffna Peninsula North',
    endLocation: 'Point Pedro',
    coveredTowns: ['Chunnakam', 'Tellippalai', 'Point Pedro'],
    maxDeliveryHours: 5,
  },
  {
    cityIdx: CITY.Jaffna,
    name: 'Jaffna East',
    endLocation: 'Chavakachcheri',
    coveredTowns: ['Jaffna', 'Nallur', 'Kopay', 'Chavakachcheri'],
    maxDeliveryHours: 4,
  },
  {
    cityIdx: CITY.Trincomalee,
    name: 'Trincomalee North Coast',
    endLocation: 'Kuchchaveli',
    coveredTowns: ['Trincomalee', 'Uppuveli', 'Nilaveli', 'Kuchchaveli'],
    maxDeliveryHours: 3.5,
  },
  {
    cityIdx: CITY.Trincomalee,
    name: 'Trincomalee South',
    endLocation: 'Mutur',
    coveredTowns: ['China Bay', 'Kinniya', 'Mutur'],
    maxDeliveryHours: 6,
  },
];

export interface ProductData {
  name: string;
  category: string;
  unitPrice: number;
  /** Train space per unit in hundredths (25 = 0.25), so space sums stay exact integers. */
  spaceCents: number;
  reorderPoint: number;
  /** Units the warehouse holds when the seed's "now" is reached. */
  targetUnits: number;
  /** Relative likelihood of appearing on an order. */
  popularity: number;
}

export const PRODUCT_DATA: ProductData[] = [
  {
    name: 'Washing Powder 1kg',
    category: 'Detergents',
    unitPrice: 3.2,
    spaceCents: 25,
    reorderPoint: 120,
    targetUnits: 640,
    popularity: 5,
  },
  {
    name: 'Dishwash Liquid 500ml',
    category: 'Detergents',
    unitPrice: 2.1,
    spaceCents: 12,
    reorderPoint: 100,
    targetUnits: 420,
    popularity: 3,
  },
  {
    name: 'Ceylon Black Tea 400g',
    category: 'Beverages',
    unitPrice: 4.5,
    spaceCents: 15,
    reorderPoint: 150,
    targetUnits: 860,
    popularity: 6,
  },
  {
    name: 'Ginger Beer 1.5L (6-pack)',
    category: 'Beverages',
    unitPrice: 7.8,
    spaceCents: 90,
    reorderPoint: 80,
    targetUnits: 112,
    popularity: 3,
  },
  {
    name: 'Cream Crackers 500g',
    category: 'Snacks',
    unitPrice: 2.4,
    spaceCents: 20,
    reorderPoint: 120,
    targetUnits: 510,
    popularity: 5,
  },
  {
    name: 'Chocolate Biscuits (12-pack)',
    category: 'Snacks',
    unitPrice: 6.5,
    spaceCents: 35,
    reorderPoint: 80,
    targetUnits: 24,
    popularity: 3,
  },
  {
    name: 'Herbal Toothpaste 120g',
    category: 'Personal Care',
    unitPrice: 1.8,
    spaceCents: 5,
    reorderPoint: 150,
    targetUnits: 930,
    popularity: 4,
  },
  {
    name: 'Coconut Shampoo 400ml',
    category: 'Personal Care',
    unitPrice: 3.9,
    spaceCents: 10,
    reorderPoint: 100,
    targetUnits: 365,
    popularity: 3,
  },
  {
    name: 'Mosquito Coils (carton of 10)',
    category: 'Household',
    unitPrice: 12.5,
    spaceCents: 60,
    reorderPoint: 60,
    targetUnits: 38,
    popularity: 2,
  },
  {
    name: 'Floor Cleaner 5L',
    category: 'Household',
    unitPrice: 9.8,
    spaceCents: 80,
    reorderPoint: 60,
    targetUnits: 205,
    popularity: 2,
  },
  {
    name: 'Samba Rice 25kg',
    category: 'Food Staples',
    unitPrice: 38,
    spaceCents: 150,
    reorderPoint: 50,
    targetUnits: 4,
    popularity: 3,
  },
  {
    name: 'Coconut Oil 4L',
    category: 'Food Staples',
    unitPrice: 14.2,
    spaceCents: 70,
    reorderPoint: 80,
    targetUnits: 180,
    popularity: 3,
  },
];

export interface CustomerData {
  name: string;
  type: 'Wholesale' | 'Retail';
  street: string;
  town: string;
  routeIdx: number;
  contactNumber: string;
  email: string;
}

/** Index 0 is the demo customer account's business. */
export const CUSTOMER_DATA: CustomerData[] = [
  // Colombo
  {
    name: 'Perera Grocery',
    type: 'Retail',
    street: '27 Hill Street',
    town: 'Dehiwala',
    routeIdx: 0,
    contactNumber: '+94 77 314 2208',
    email: 'orders@pereragrocery.lk',
  },
  {
    name: 'Fernando Wholesale Traders',
    type: 'Wholesale',
    street: '112 Galle Road',
    town: 'Mount Lavinia',
    routeIdx: 0,
    contactNumber: '+94 11 273 4512',
    email: 'purchasing@fernandotraders.lk',
  },
  {
    name: 'Silva Mini Mart',
    type: 'Retail',
    street: '45 Borupana Road',
    town: 'Ratmalana',
    routeIdx: 0,
    contactNumber: '+94 71 566 0931',
    email: 'silvaminimart@gmail.com',
  },
  {
    name: 'Lakdiva Distributors (Pvt) Ltd',
    type: 'Wholesale',
    street: '210 High Level Road',
    town: 'Nugegoda',
    routeIdx: 1,
    contactNumber: '+94 11 281 7740',
    email: 'supply@lakdiva.lk',
  },
  {
    name: 'Jayasinghe Stores',
    type: 'Retail',
    street: '33 Nawala Road',
    town: 'Rajagiriya',
    routeIdx: 1,
    contactNumber: '+94 77 902 4416',
    email: 'jayasinghestores@gmail.com',
  },
  {
    name: 'Wijaya Super Centre',
    type: 'Retail',
    street: '5 Old Road',
    town: 'Maharagama',
    routeIdx: 1,
    contactNumber: '+94 76 430 8825',
    email: 'wijayasuper@yahoo.com',
  },
  // Negombo
  {
    name: 'Negombo Lagoon Traders',
    type: 'Wholesale',
    street: '14 Chilaw Road',
    town: 'Kochchikade',
    routeIdx: 2,
    contactNumber: '+94 31 227 5190',
    email: 'accounts@lagoontraders.lk',
  },
  {
    name: 'Wennappuwa Food City',
    type: 'Retail',
    street: '201 Colombo Road',
    town: 'Wennappuwa',
    routeIdx: 2,
    contactNumber: '+94 72 118 6643',
    email: 'foodcity.wennappuwa@gmail.com',
  },
  {
    name: 'Airport Road Wholesale',
    type: 'Wholesale',
    street: '42 Canada Friendship Road',
    town: 'Katunayake',
    routeIdx: 3,
    contactNumber: '+94 11 225 3376',
    email: 'orders@airportroadwholesale.lk',
  },
  {
    name: 'Ja-Ela Family Mart',
    type: 'Retail',
    street: '76 Negombo Road',
    town: 'Ja-Ela',
    routeIdx: 3,
    contactNumber: '+94 77 655 2904',
    email: 'familymart.jaela@gmail.com',
  },
  // Galle
  {
    name: 'Southern Coast Distributors',
    type: 'Wholesale',
    street: '19 Galle Road',
    town: 'Hikkaduwa',
    routeIdx: 4,
    contactNumber: '+94 91 227 7321',
    email: 'sales@southerncoast.lk',
  },
  {
    name: 'Ambalangoda Traders',
    type: 'Retail',
    street: '55 Main Street',
    town: 'Ambalangoda',
    routeIdx: 4,
    contactNumber: '+94 71 802 3357',
    email: 'ambalangodatraders@gmail.com',
  },
  {
    name: 'Unawatuna Beach Mart',
    type: 'Retail',
    street: '3 Yaddehimulla Road',
    town: 'Unawatuna',
    routeIdx: 5,
    contactNumber: '+94 77 231 9048',
    email: 'beachmart.unawatuna@gmail.com',
  },
  {
    name: 'Koggala Supplies',
    type: 'Wholesale',
    street: '120 Matara Road',
    town: 'Koggala',
    routeIdx: 5,
    contactNumber: '+94 91 228 3165',
    email: 'info@koggalasupplies.lk',
  },
  // Matara
  {
    name: 'Ruhuna Wholesale Centre',
    type: 'Wholesale',
    street: '48 Main Street',
    town: 'Dondra',
    routeIdx: 6,
    contactNumber: '+94 41 225 9012',
    email: 'orders@ruhunawholesale.lk',
  },
  {
    name: 'Tangalle Provision Stores',
    type: 'Retail',
    street: '12 Beach Road',
    town: 'Tangalle',
    routeIdx: 6,
    contactNumber: '+94 47 224 0518',
    email: 'tangalleprovisions@gmail.com',
  },
  {
    name: 'Akuressa Agencies',
    type: 'Wholesale',
    street: '77 Matara Road',
    town: 'Akuressa',
    routeIdx: 7,
    contactNumber: '+94 41 228 3741',
    email: 'akuressaagencies@sltnet.lk',
  },
  {
    name: 'Kamburupitiya Mini Mart',
    type: 'Retail',
    street: '9 Hakmana Road',
    town: 'Kamburupitiya',
    routeIdx: 7,
    contactNumber: '+94 70 344 6120',
    email: 'kminimart@gmail.com',
  },
  // Jaffna
  {
    name: 'Nallur Traders',
    type: 'Wholesale',
    street: '102 Point Pedro Road',
    town: 'Nallur',
    routeIdx: 9,
    contactNumber: '+94 21 222 8834',
    email: 'nallurtraders@sltnet.lk',
  },
  {
    name: 'Chavakachcheri Stores',
    type: 'Retail',
    street: '21 Kandy Road',
    town: 'Chavakachcheri',
    routeIdx: 9,
    contactNumber: '+94 77 480 1265',
    email: 'chavakachcheristores@gmail.com',
  },
  {
    name: 'Point Pedro Distributors',
    type: 'Wholesale',
    street: '6 Hospital Road',
    town: 'Point Pedro',
    routeIdx: 8,
    contactNumber: '+94 21 226 3390',
    email: 'ppdistributors@gmail.com',
  },
  // Trincomalee
  {
    name: 'Trinco Bay Traders',
    type: 'Wholesale',
    street: '35 Main Street',
    town: 'Trincomalee',
    routeIdx: 10,
    contactNumber: '+94 26 222 7415',
    email: 'orders@trincobaytraders.lk',
  },
  {
    name: 'Nilaveli Beach Mart',
    type: 'Retail',
    street: '4 Coast Road',
    town: 'Nilaveli',
    routeIdx: 10,
    contactNumber: '+94 75 612 3087',
    email: 'nilavelimart@gmail.com',
  },
  {
    name: 'Kinniya Wholesale',
    type: 'Wholesale',
    street: '60 Main Street',
    town: 'Kinniya',
    routeIdx: 11,
    contactNumber: '+94 26 223 6652',
    email: 'kinniyawholesale@gmail.com',
  },
];

export const DEMO_CUSTOMER_IDX = 0;

export interface CrewData {
  firstName: string;
  lastName: string;
  cityIdx: number;
  contactNumber: string;
}

/** Index 0 of each list is the demo crew (logins "driver" and "assistant"), both in Colombo. */
export const DRIVER_DATA: CrewData[] = [
  { firstName: 'Sunil', lastName: 'Bandara', cityIdx: CITY.Colombo, contactNumber: '+94 77 381 2290' },
  { firstName: 'Ruwan', lastName: 'Jayawardena', cityIdx: CITY.Colombo, contactNumber: '+94 71 904 5512' },
  { firstName: 'Kamal', lastName: 'Dissanayake', cityIdx: CITY.Negombo, contactNumber: '+94 77 226 8043' },
  { firstName: 'Nuwan', lastName: 'Herath', cityIdx: CITY.Galle, contactNumber: '+94 76 553 1178' },
  { firstName: 'Pradeep', lastName: 'Gunasekara', cityIdx: CITY.Galle, contactNumber: '+94 71 667 3021' },
  { firstName: 'Thushara', lastName: 'Rajapaksha', cityIdx: CITY.Matara, contactNumber: '+94 77 119 4876' },
  { firstName: 'Ramesh', lastName: 'Selvarajah', cityIdx: CITY.Jaffna, contactNumber: '+94 77 845 2093' },
  { firstName: 'Mohamed', lastName: 'Rizwan', cityIdx: CITY.Trincomalee, contactNumber: '+94 75 330 6641' },
];

export const ASSISTANT_DATA: CrewData[] = [
  { firstName: 'Kasun', lastName: 'Madushanka', cityIdx: CITY.Colombo, contactNumber: '+94 76 208 7714' },
  { firstName: 'Dilan', lastName: 'Fernando', cityIdx: CITY.Colombo, contactNumber: '+94 77 640 1198' },
  { firstName: 'Chamara', lastName: 'Weerasinghe', cityIdx: CITY.Negombo, contactNumber: '+94 71 372 9950' },
  { firstName: 'Isuru', lastName: 'Senanayake', cityIdx: CITY.Galle, contactNumber: '+94 77 512 0367' },
  { firstName: 'Lahiru', lastName: 'Kumara', cityIdx: CITY.Galle, contactNumber: '+94 70 288 4415' },
  { firstName: 'Saman', lastName: 'Pathirana', cityIdx: CITY.Matara, contactNumber: '+94 71 455 8032' },
  { firstName: 'Kumaran', lastName: 'Sivakumar', cityIdx: CITY.Jaffna, contactNumber: '+94 77 903 6628' },
  { firstName: 'Ahamed', lastName: 'Nazeer', cityIdx: CITY.Trincomalee, contactNumber: '+94 75 741 2259' },
];

export { ASSISTANT_WEEKLY_HOURS, DRIVER_WEEKLY_HOURS } from '#shared/constants';

/** Head-office staff at the Kandy warehouse (no store). */
export const STAFF_DATA = [
  {
    key: 'admin',
    firstName: 'Anura',
    lastName: 'Wijesekara',
    type: 'Admin',
    contactNumber: '+94 81 222 4501',
  },
  {
    key: 'manager',
    firstName: 'Dilani',
    lastName: 'Abeysekera',
    type: 'Manager',
    contactNumber: '+94 81 222 4502',
  },
  {
    key: 'warehouse',
    firstName: 'Mahesh',
    lastName: 'Karunaratne',
    type: 'Warehouse Manager',
    contactNumber: '+94 81 222 4503',
  },
] as const;

export interface TruckData {
  plateNumber: string;
  capacity: number;
  status: 'Available' | 'In Service' | 'Under Repair';
  /** Why it has its status (required Under Repair, docs/decisions/0057). */
  statusNote?: string;
  cityIdx: number;
}

/**
 * The fleet: two or three trucks at the busy stores (Colombo, Negombo, Galle), one at each other
 * store; capacity in the same space units as train capacity. The first truck of a store is its
 * main one. A Colombo spare is Under Repair, so a manager sees it refused for new runs.
 */
export const TRUCK_DATA: TruckData[] = [
  { plateNumber: 'WP LA-4521', capacity: 250, status: 'Available', cityIdx: CITY.Colombo },
  { plateNumber: 'WP LB-7310', capacity: 220, status: 'Available', cityIdx: CITY.Negombo },
  { plateNumber: 'SP LC-2284', capacity: 240, status: 'Available', cityIdx: CITY.Galle },
  { plateNumber: 'SP LD-6617', capacity: 200, status: 'Available', cityIdx: CITY.Matara },
  { plateNumber: 'NP LE-3098', capacity: 260, status: 'Available', cityIdx: CITY.Jaffna },
  { plateNumber: 'EP LF-5543', capacity: 220, status: 'Available', cityIdx: CITY.Trincomalee },
  { plateNumber: 'WP LG-1187', capacity: 240, status: 'Available', cityIdx: CITY.Colombo },
  {
    plateNumber: 'WP LH-3350',
    capacity: 200,
    status: 'Under Repair',
    statusNote: 'Clutch being replaced at the Peliyagoda workshop; back on the road on Friday',
    cityIdx: CITY.Colombo,
  },
  {
    plateNumber: 'WP LJ-2046',
    capacity: 200,
    status: 'In Service',
    statusNote: 'Tail lift out of order: hand-unloaded stops only until it is fixed',
    cityIdx: CITY.Negombo,
  },
  { plateNumber: 'SP LK-5719', capacity: 220, status: 'Available', cityIdx: CITY.Galle },
];

/** Index in TRUCK_DATA of the Colombo truck that is on the road, late, when the demo starts. */
export const LATE_TRUCK_IDX = 6;

export const SPECIAL_INSTRUCTIONS = [
  'Please deliver before 11 am; the shop closes for lunch.',
  'Call the store on arrival, the gate is kept locked.',
  'Use the side entrance on the lane behind the shop.',
  'Unload at the back storeroom, not the shop floor.',
  'Cash-on-delivery invoice to be signed by the owner.',
];

export const CANCEL_REASONS = [
  'Rejected: duplicate of an order placed the same day',
  'Customer postponed the order: shop closed for renovation',
  'Rejected: outstanding invoices must be settled first',
  'Customer requested cancellation: wrong pack sizes ordered',
  'Cancelled at the customer’s request: ordered by mistake',
];

/** Demo logins (all with DEMO_PASSWORD) and their role names. */
export const DEMO_USERS: readonly { username: DemoUserKey; roleName: string; email: string }[] =
  ROLE_DATA.map((r) => ({ username: r.key, roleName: r.roleName, email: `${r.key}@kandypack.lk` }));
