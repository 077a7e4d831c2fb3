/**
 * What the demo dealers sell: models per make with body, fuel, a typical new
 * price and badges. Figures are plausible, not quoted from any price list.
 */

export type Body =
  | 'Hatch'
  | 'Sedan'
  | 'SUV'
  | 'Ute'
  | 'Wagon'
  | 'Van'
  | 'Coupe'
  | 'Convertible'
  | 'Motorcycle'
  | 'Truck'
  | 'Caravan';

export type Fuel = 'Petrol' | 'Diesel' | 'Hybrid' | 'Plug-in Hybrid' | 'Electric';

export interface CatalogModel {
  make: string;
  model: string;
  body: Body;
  fuel: Fuel;
  /** Typical new price in dollars. */
  price: number;
  badges: string[];
  /** Optional series names ('duo', 'city', 'sport' are sorted on). */
  series?: string[];
}

type Row = [model: string, body: Body, fuel: Fuel, price: number, badges: string];

function rows(make: string, list: Row[], series?: string[]): CatalogModel[] {
  return list.map(([model, body, fuel, price, badges]) => ({
    make,
    model,
    body,
    fuel,
    price,
    badges: badges.split('|'),
    ...(series ? { series } : {}),
  }));
}

export const MG_MODELS: CatalogModel[] = rows('MG', [
  ['MG3', 'Hatch', 'Petrol', 23990, 'Vibe|Excite'],
  ['MG3 Hybrid+', 'Hatch', 'Hybrid', 28990, 'Excite|Essence'],
  ['MG4', 'Hatch', 'Electric', 39990, 'Excite 51|Excite 64|Essence 64|XPOWER'],
  ['ZS', 'SUV', 'Petrol', 27990, 'Vibe|Excite|Essence'],
  ['ZS EV', 'SUV', 'Electric', 40990, 'Excite|Essence'],
  ['ZST', 'SUV', 'Petrol', 31990, 'Excite|Essence'],
  ['HS', 'SUV', 'Petrol', 36990, 'Vibe|Excite|Essence'],
  ['HS Plus EV', 'SUV', 'Plug-in Hybrid', 51990, 'Excite|Essence'],
  ['MG5', 'Sedan', 'Petrol', 24990, 'Vibe|Excite'],
  ['IM5', 'Sedan', 'Electric', 59990, 'Premium|Long Range|Performance'],
  ['IM6', 'SUV', 'Electric', 67990, 'Premium|Long Range|Performance'],
  ['Cyberster', 'Convertible', 'Electric', 109990, 'Trophy|GT'],
  ['MG U9', 'Ute', 'Electric', 79990, 'Explore|Ultimate'],
]);

export const CAR_MODELS: CatalogModel[] = [
  ...rows('Toyota', [
    ['Corolla', 'Hatch', 'Hybrid', 32990, 'Ascent Sport|SX|ZR'],
    ['Camry', 'Sedan', 'Hybrid', 39990, 'Ascent|SL'],
    ['RAV4', 'SUV', 'Hybrid', 42990, 'GX|GXL|Cruiser|Edge'],
    ['HiLux', 'Ute', 'Diesel', 54990, 'Workmate|SR|SR5|Rogue'],
    ['LandCruiser 300', 'SUV', 'Diesel', 94990, 'GXL|VX|Sahara'],
  ]),
  ...rows('Mazda', [
    ['CX-5', 'SUV', 'Petrol', 38990, 'Maxx|Maxx Sport|Touring|Akera'],
    ['Mazda3', 'Hatch', 'Petrol', 30990, 'G20 Pure|G25 Evolve|G25 Astina'],
    ['BT-50', 'Ute', 'Diesel', 52990, 'XT|XTR|GT'],
  ], ['sport']),
  ...rows('Hyundai', [
    ['i30', 'Hatch', 'Petrol', 27990, 'Active|Elite|N Line'],
    ['Tucson', 'SUV', 'Petrol', 36990, 'Elite|Highlander|N Line'],
    ['Ioniq 5', 'SUV', 'Electric', 69990, 'Dynamiq|Epiq'],
  ]),
  ...rows('Kia', [
    ['Sportage', 'SUV', 'Petrol', 35990, 'S|SX|GT-Line'],
    ['Cerato', 'Sedan', 'Petrol', 27990, 'S|Sport|GT'],
    ['EV6', 'SUV', 'Electric', 72590, 'Air|GT-Line'],
    ['Carnival', 'Van', 'Diesel', 52990, 'S|Si|Platinum'],
  ]),
  ...rows('Ford', [
    ['Ranger', 'Ute', 'Diesel', 56990, 'XL|XLT|Wildtrak|Raptor'],
    ['Everest', 'SUV', 'Diesel', 64990, 'Ambiente|Trend|Platinum'],
    ['Mustang', 'Coupe', 'Petrol', 69990, 'GT|Dark Horse'],
  ]),
  ...rows('Mitsubishi', [
    ['Triton', 'Ute', 'Diesel', 47990, 'GLX|GLS|GSR'],
    ['Outlander', 'SUV', 'Plug-in Hybrid', 57990, 'ES|Aspire|Exceed'],
  ]),
  ...rows('Nissan', [
    ['X-Trail', 'SUV', 'Petrol', 38990, 'ST|ST-L|Ti'],
    ['Navara', 'Ute', 'Diesel', 51990, 'SL|ST|Pro-4X'],
  ]),
  ...rows('Subaru', [
    ['Forester', 'SUV', 'Petrol', 40990, '2.5i|2.5i-L|Hybrid S'],
    ['Outback', 'Wagon', 'Petrol', 46990, 'AWD|Sport|Touring'],
  ]),
  ...rows('Volkswagen', [
    ['Golf', 'Hatch', 'Petrol', 38990, 'Life|R-Line|GTI'],
    ['Amarok', 'Ute', 'Diesel', 58990, 'Core|Life|Style|Aventura'],
  ], ['city', 'sport']),
  ...rows('Honda', [
    ['CR-V', 'SUV', 'Petrol', 44990, 'VTi|VTi L7|e:HEV RS'],
    ['Civic', 'Hatch', 'Hybrid', 49990, 'e:HEV LX|Type R'],
  ]),
  ...rows('Isuzu Ute', [['D-Max', 'Ute', 'Diesel', 49990, 'SX|LS-U|X-Terrain'], ['MU-X', 'SUV', 'Diesel', 52990, 'LS-M|LS-U|LS-T']]),
  ...rows('BYD', [['Atto 3', 'SUV', 'Electric', 44499, 'Dynamic|Premium'], ['Seal', 'Sedan', 'Electric', 49888, 'Dynamic|Premium|Performance'], ['Dolphin', 'Hatch', 'Electric', 29990, 'Dynamic|Premium']]),
  ...rows('Tesla', [['Model 3', 'Sedan', 'Electric', 54900, 'RWD|Long Range|Performance'], ['Model Y', 'SUV', 'Electric', 58900, 'RWD|Long Range']]),
  ...rows('GWM', [['Cannon', 'Ute', 'Diesel', 41990, 'Lux|Ultra|Alpha']]),
  ...rows('Haval', [['Jolion', 'SUV', 'Hybrid', 31990, 'Premium|Lux|Ultra'], ['H6', 'SUV', 'Hybrid', 40990, 'Lux|Ultra']]),
  ...rows('Suzuki', [['Swift', 'Hatch', 'Hybrid', 24990, 'Hybrid|Hybrid Plus|GLX'], ['Jimny', 'SUV', 'Petrol', 34990, 'Lite|XL']], ['duo']),
  ...rows('Mercedes-Benz', [['C-Class', 'Sedan', 'Petrol', 78900, 'C200|C300|AMG C43'], ['GLC', 'SUV', 'Petrol', 92900, 'GLC300|AMG GLC43']]),
  ...rows('BMW', [['X3', 'SUV', 'Petrol', 84900, 'xDrive20|M40i'], ['3 Series', 'Sedan', 'Petrol', 76900, '320i|330e|M340i']]),
  ...rows('Audi', [['Q5', 'SUV', 'Petrol', 79900, '40 TDI|45 TFSI|Sportback'], ['A3', 'Hatch', 'Petrol', 49900, '35 TFSI|S line']]),
  ...rows('Lexus', [['NX', 'SUV', 'Hybrid', 74900, 'NX350h Luxury|F Sport']]),
  ...rows('Volvo', [['XC60', 'SUV', 'Plug-in Hybrid', 79990, 'Plus|Ultra'], ['EX30', 'SUV', 'Electric', 59990, 'Plus|Ultra']]),
  ...rows('Skoda', [['Octavia', 'Wagon', 'Petrol', 42990, 'Style|RS'], ['Kodiaq', 'SUV', 'Petrol', 57990, 'Style|Sportline']]),
  ...rows('Renault', [['Koleos', 'SUV', 'Petrol', 43990, 'Zen|Intens']]),
  ...rows('Peugeot', [['3008', 'SUV', 'Petrol', 49990, 'Allure|GT']]),
  ...rows('Jeep', [['Wrangler', 'SUV', 'Petrol', 84950, 'Rubicon|Overland']]),
  ...rows('LDV', [['T60', 'Ute', 'Diesel', 42990, 'Pro|Max'], ['Deliver 9', 'Van', 'Diesel', 49990, 'LWB|Mid Roof']]),
  ...rows('Chery', [['Omoda 5', 'SUV', 'Petrol', 32990, 'BX|EX']]),
  ...rows('Polestar', [['Polestar 2', 'Sedan', 'Electric', 67400, 'Standard Range|Long Range']]),
  ...rows('Cupra', [['Born', 'Hatch', 'Electric', 59990, 'e-Boost']]),
  ...rows('Genesis', [['GV70', 'SUV', 'Petrol', 79900, '2.5T|3.5T Sport']]),
  ...rows('Land Rover', [['Defender', 'SUV', 'Diesel', 99990, '110 S|110 X-Dynamic']]),
  ...rows('Porsche', [['Macan', 'SUV', 'Electric', 133000, 'Base|4|Turbo']]),
  ...rows('Ferrari', [['Roma', 'Coupe', 'Petrol', 409888, 'Spider']]),
];

export const MOTORCYCLE_MODELS: CatalogModel[] = [
  ...rows('Yamaha', [['MT-07', 'Motorcycle', 'Petrol', 12999, 'LAMS|Full Power'], ['YZF-R3', 'Motorcycle', 'Petrol', 8999, 'LAMS']]),
  ...rows('Kawasaki', [['Ninja 650', 'Motorcycle', 'Petrol', 12499, 'LAMS|KRT']]),
  ...rows('Harley-Davidson', [['Street Glide', 'Motorcycle', 'Petrol', 49995, 'Special|ST']]),
  ...rows('Ducati', [['Monster', 'Motorcycle', 'Petrol', 22900, 'Base|Plus']]),
  ...rows('KTM', [['390 Duke', 'Motorcycle', 'Petrol', 8995, 'LAMS']]),
];

export const TRUCK_MODELS: CatalogModel[] = [
  ...rows('Isuzu Trucks', [['N Series NPR', 'Truck', 'Diesel', 89990, '45-155|65-190']]),
  ...rows('Hino', [['300 Series', 'Truck', 'Diesel', 84990, '616|721 Hybrid']]),
  ...rows('Fuso', [['Canter', 'Truck', 'Diesel', 79990, '515 Wide|615 Wide']]),
  ...rows('Volvo Trucks', [['FH', 'Truck', 'Diesel', 289000, '540 Globetrotter']]),
];

export const CARAVAN_MODELS: CatalogModel[] = [
  ...rows('Jayco', [['Journey', 'Caravan', 'Petrol', 74990, 'Outback|Touring'], ['Crosstrak', 'Caravan', 'Petrol', 59990, 'Off-road']]),
  ...rows('Coromal', [['Element', 'Caravan', 'Petrol', 69990, '602|642']]),
  ...rows('Lotus Caravans', [['Trooper', 'Caravan', 'Petrol', 119990, '19ft|21ft']]),
];

export const COLOURS = ['White', 'Black', 'Silver', 'Grey', 'Red', 'Blue', 'Green'] as const;
export type Colour = (typeof COLOURS)[number];

export const COLOUR_HEX: Record<Colour, string> = {
  White: '#f3f4f6',
  Black: '#1f2328',
  Silver: '#b8bec6',
  Grey: '#5f6670',
  Red: '#b3192b',
  Blue: '#1f4fa3',
  Green: '#2f6b3f',
};

export const BODIES: Body[] = ['Hatch', 'Sedan', 'SUV', 'Ute', 'Wagon', 'Van', 'Coupe', 'Convertible', 'Motorcycle', 'Truck', 'Caravan'];
