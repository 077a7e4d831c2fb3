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
  /** What it runs on; none for a caravan (it has no engine). */
  fuel: Fuel | null;
  /**
   * The first model year sold here: no vehicle of the model is dated before it (the MG IM5 arrived in
   * 2025, so there is no 2013 IM5). For a long-running nameplate, the year the generation or powertrain
   * the catalog describes arrived (the Suzuki Swift Hybrid in 2024), or simply its first year.
   */
  firstYear: number;
  /** Typical new price in dollars. */
  price: number;
  badges: string[];
  /** Optional series names ('duo', 'city', 'sport' are sorted on). */
  series?: string[];
}

type Row = [model: string, body: Body, fuel: Fuel | null, price: number, badges: string, firstYear: number];

function rows(make: string, list: Row[], series?: string[]): CatalogModel[] {
  return list.map(([model, body, fuel, price, badges, firstYear]) => ({
    make,
    model,
    body,
    fuel,
    firstYear,
    price,
    badges: badges.split('|'),
    ...(series ? { series } : {}),
  }));
}

export const MG_MODELS: CatalogModel[] = rows('MG', [
  ['MG3', 'Hatch', 'Petrol', 23990, 'Vibe|Excite', 2013],
  ['MG3 Hybrid+', 'Hatch', 'Hybrid', 28990, 'Excite|Essence', 2024],
  ['MG4', 'Hatch', 'Electric', 39990, 'Excite 51|Excite 64|Essence 64|XPOWER', 2022],
  ['ZS', 'SUV', 'Petrol', 27990, 'Vibe|Excite|Essence', 2017],
  ['ZS EV', 'SUV', 'Electric', 40990, 'Excite|Essence', 2020],
  ['ZST', 'SUV', 'Petrol', 31990, 'Excite|Essence', 2021],
  ['HS', 'SUV', 'Petrol', 36990, 'Vibe|Excite|Essence', 2019],
  ['HS Plus EV', 'SUV', 'Plug-in Hybrid', 51990, 'Excite|Essence', 2021],
  ['MG5', 'Sedan', 'Petrol', 24990, 'Vibe|Excite', 2021],
  ['IM5', 'Sedan', 'Electric', 59990, 'Premium|Long Range|Performance', 2025],
  ['IM6', 'SUV', 'Electric', 67990, 'Premium|Long Range|Performance', 2025],
  ['Cyberster', 'Convertible', 'Electric', 109990, 'Trophy|GT', 2024],
  ['MG U9', 'Ute', 'Electric', 79990, 'Explore|Ultimate', 2025],
]);

export const CAR_MODELS: CatalogModel[] = [
  ...rows('Toyota', [
    ['Corolla', 'Hatch', 'Hybrid', 32990, 'Ascent Sport|SX|ZR', 1968],
    ['Camry', 'Sedan', 'Hybrid', 39990, 'Ascent|SL', 1983],
    ['RAV4', 'SUV', 'Hybrid', 42990, 'GX|GXL|Cruiser|Edge', 1994],
    ['HiLux', 'Ute', 'Diesel', 54990, 'Workmate|SR|SR5|Rogue', 1968],
    ['LandCruiser 300', 'SUV', 'Diesel', 94990, 'GXL|VX|Sahara', 2021],
  ]),
  ...rows('Mazda', [
    ['CX-5', 'SUV', 'Petrol', 38990, 'Maxx|Maxx Sport|Touring|Akera', 2012],
    ['Mazda3', 'Hatch', 'Petrol', 30990, 'G20 Pure|G25 Evolve|G25 Astina', 2004],
    ['BT-50', 'Ute', 'Diesel', 52990, 'XT|XTR|GT', 2006],
  ], ['sport']),
  ...rows('Hyundai', [
    ['i30', 'Hatch', 'Petrol', 27990, 'Active|Elite|N Line', 2007],
    ['Tucson', 'SUV', 'Petrol', 36990, 'Elite|Highlander|N Line', 2004],
    ['Ioniq 5', 'SUV', 'Electric', 69990, 'Dynamiq|Epiq', 2021],
  ]),
  ...rows('Kia', [
    ['Sportage', 'SUV', 'Petrol', 35990, 'S|SX|GT-Line', 1995],
    ['Cerato', 'Sedan', 'Petrol', 27990, 'S|Sport|GT', 2004],
    ['EV6', 'SUV', 'Electric', 72590, 'Air|GT-Line', 2021],
    ['Carnival', 'Van', 'Diesel', 52990, 'S|Si|Platinum', 1999],
  ]),
  ...rows('Ford', [
    ['Ranger', 'Ute', 'Diesel', 56990, 'XL|XLT|Wildtrak|Raptor', 1998],
    ['Everest', 'SUV', 'Diesel', 64990, 'Ambiente|Trend|Platinum', 2015],
    ['Mustang', 'Coupe', 'Petrol', 69990, 'GT|Dark Horse', 2016],
  ]),
  ...rows('Mitsubishi', [
    ['Triton', 'Ute', 'Diesel', 47990, 'GLX|GLS|GSR', 2005],
    ['Outlander', 'SUV', 'Plug-in Hybrid', 57990, 'ES|Aspire|Exceed', 2014],
  ]),
  ...rows('Nissan', [
    ['X-Trail', 'SUV', 'Petrol', 38990, 'ST|ST-L|Ti', 2001],
    ['Navara', 'Ute', 'Diesel', 51990, 'SL|ST|Pro-4X', 1986],
  ]),
  ...rows('Subaru', [
    ['Forester', 'SUV', 'Petrol', 40990, '2.5i|2.5i-L|Hybrid S', 1997],
    ['Outback', 'Wagon', 'Petrol', 46990, 'AWD|Sport|Touring', 1996],
  ]),
  ...rows('Volkswagen', [
    ['Golf', 'Hatch', 'Petrol', 38990, 'Life|R-Line|GTI', 1976],
    ['Amarok', 'Ute', 'Diesel', 58990, 'Core|Life|Style|Aventura', 2011],
  ], ['city', 'sport']),
  ...rows('Honda', [
    ['CR-V', 'SUV', 'Petrol', 44990, 'VTi|VTi L7|e:HEV RS', 1997],
    ['Civic', 'Hatch', 'Hybrid', 49990, 'e:HEV LX|Type R', 2022],
  ]),
  ...rows('Isuzu Ute', [['D-Max', 'Ute', 'Diesel', 49990, 'SX|LS-U|X-Terrain', 2008], ['MU-X', 'SUV', 'Diesel', 52990, 'LS-M|LS-U|LS-T', 2013]]),
  ...rows('BYD', [['Atto 3', 'SUV', 'Electric', 44499, 'Dynamic|Premium', 2022], ['Seal', 'Sedan', 'Electric', 49888, 'Dynamic|Premium|Performance', 2023], ['Dolphin', 'Hatch', 'Electric', 29990, 'Dynamic|Premium', 2023]]),
  ...rows('Tesla', [['Model 3', 'Sedan', 'Electric', 54900, 'RWD|Long Range|Performance', 2019], ['Model Y', 'SUV', 'Electric', 58900, 'RWD|Long Range', 2022]]),
  ...rows('GWM', [['Cannon', 'Ute', 'Diesel', 41990, 'Lux|Ultra|Alpha', 2020]]),
  ...rows('Haval', [['Jolion', 'SUV', 'Hybrid', 31990, 'Premium|Lux|Ultra', 2022], ['H6', 'SUV', 'Hybrid', 40990, 'Lux|Ultra', 2022]]),
  ...rows('Suzuki', [['Swift', 'Hatch', 'Hybrid', 24990, 'Hybrid|Hybrid Plus|GLX', 2024], ['Jimny', 'SUV', 'Petrol', 34990, 'Lite|XL', 2018]], ['duo']),
  ...rows('Mercedes-Benz', [['C-Class', 'Sedan', 'Petrol', 78900, 'C200|C300|AMG C43', 1994], ['GLC', 'SUV', 'Petrol', 92900, 'GLC300|AMG GLC43', 2015]]),
  ...rows('BMW', [['X3', 'SUV', 'Petrol', 84900, 'xDrive20|M40i', 2004], ['3 Series', 'Sedan', 'Petrol', 76900, '320i|330e|M340i', 1975]]),
  ...rows('Audi', [['Q5', 'SUV', 'Petrol', 79900, '40 TDI|45 TFSI|Sportback', 2009], ['A3', 'Hatch', 'Petrol', 49900, '35 TFSI|S line', 1997]]),
  ...rows('Lexus', [['NX', 'SUV', 'Hybrid', 74900, 'NX350h Luxury|F Sport', 2014]]),
  ...rows('Volvo', [['XC60', 'SUV', 'Plug-in Hybrid', 79990, 'Plus|Ultra', 2018], ['EX30', 'SUV', 'Electric', 59990, 'Plus|Ultra', 2024]]),
  ...rows('Skoda', [['Octavia', 'Wagon', 'Petrol', 42990, 'Style|RS', 2007], ['Kodiaq', 'SUV', 'Petrol', 57990, 'Style|Sportline', 2017]]),
  ...rows('Renault', [['Koleos', 'SUV', 'Petrol', 43990, 'Zen|Intens', 2008]]),
  ...rows('Peugeot', [['3008', 'SUV', 'Petrol', 49990, 'Allure|GT', 2009]]),
  ...rows('Jeep', [['Wrangler', 'SUV', 'Petrol', 84950, 'Rubicon|Overland', 1987]]),
  ...rows('LDV', [['T60', 'Ute', 'Diesel', 42990, 'Pro|Max', 2017], ['Deliver 9', 'Van', 'Diesel', 49990, 'LWB|Mid Roof', 2020]]),
  ...rows('Chery', [['Omoda 5', 'SUV', 'Petrol', 32990, 'BX|EX', 2023]]),
  ...rows('Polestar', [['Polestar 2', 'Sedan', 'Electric', 67400, 'Standard Range|Long Range', 2021]]),
  ...rows('Cupra', [['Born', 'Hatch', 'Electric', 59990, 'e-Boost', 2023]]),
  ...rows('Genesis', [['GV70', 'SUV', 'Petrol', 79900, '2.5T|3.5T Sport', 2021]]),
  ...rows('Land Rover', [['Defender', 'SUV', 'Diesel', 99990, '110 S|110 X-Dynamic', 2020]]),
  ...rows('Porsche', [['Macan', 'SUV', 'Electric', 133000, 'Base|4|Turbo', 2024]]),
  ...rows('Ferrari', [['Roma', 'Coupe', 'Petrol', 409888, 'Spider', 2020]]),
];

export const MOTORCYCLE_MODELS: CatalogModel[] = [
  ...rows('Yamaha', [['MT-07', 'Motorcycle', 'Petrol', 12999, 'LAMS|Full Power', 2014], ['YZF-R3', 'Motorcycle', 'Petrol', 8999, 'LAMS', 2015]]),
  ...rows('Kawasaki', [['Ninja 650', 'Motorcycle', 'Petrol', 12499, 'LAMS|KRT', 2017]]),
  ...rows('Harley-Davidson', [['Street Glide', 'Motorcycle', 'Petrol', 49995, 'Special|ST', 2006]]),
  ...rows('Ducati', [['Monster', 'Motorcycle', 'Petrol', 22900, 'Base|Plus', 1993]]),
  ...rows('KTM', [['390 Duke', 'Motorcycle', 'Petrol', 8995, 'LAMS', 2013]]),
];

export const TRUCK_MODELS: CatalogModel[] = [
  ...rows('Isuzu Trucks', [['N Series NPR', 'Truck', 'Diesel', 89990, '45-155|65-190', 1984]]),
  ...rows('Hino', [['300 Series', 'Truck', 'Diesel', 84990, '616|721 Hybrid', 2011]]),
  ...rows('Fuso', [['Canter', 'Truck', 'Diesel', 79990, '515 Wide|615 Wide', 1963]]),
  ...rows('Volvo Trucks', [['FH', 'Truck', 'Diesel', 289000, '540 Globetrotter', 1993]]),
];

export const CARAVAN_MODELS: CatalogModel[] = [
  ...rows('Jayco', [['Journey', 'Caravan', null, 74990, 'Outback|Touring', 2000], ['Crosstrak', 'Caravan', null, 59990, 'Off-road', 2012]]),
  ...rows('Coromal', [['Element', 'Caravan', null, 69990, '602|642', 2010]]),
  ...rows('Lotus Caravans', [['Trooper', 'Caravan', null, 119990, '19ft|21ft', 2008]]),
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
