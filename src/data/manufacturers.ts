import type { MakeKind } from '../lib/labels.ts';
import { slugify } from '../lib/text.ts';
import type { Manufacturer } from '../schemas/manufacturer.ts';

interface MakeEntry {
  name: string;
  kind: MakeKind;
  /** Whether the platform holds a logo for the make. Several makes have none. */
  logo: boolean;
}

// The platform's built-in list of makes. Ids are stable: append, never reorder.
const MAKES: MakeEntry[] = [
  { name: 'Toyota', kind: 'car', logo: true },
  { name: 'Mazda', kind: 'car', logo: true },
  { name: 'Hyundai', kind: 'car', logo: true },
  { name: 'Kia', kind: 'car', logo: true },
  { name: 'Ford', kind: 'car', logo: true },
  { name: 'Mitsubishi', kind: 'car', logo: true },
  { name: 'Nissan', kind: 'car', logo: true },
  { name: 'Subaru', kind: 'car', logo: true },
  { name: 'Volkswagen', kind: 'car', logo: true },
  { name: 'Honda', kind: 'car', logo: true },
  { name: 'MG', kind: 'car', logo: true },
  { name: 'Isuzu Ute', kind: 'car', logo: true },
  { name: 'BYD', kind: 'car', logo: true },
  { name: 'Tesla', kind: 'car', logo: true },
  { name: 'GWM', kind: 'car', logo: true },
  { name: 'Haval', kind: 'car', logo: false },
  { name: 'Suzuki', kind: 'car', logo: true },
  { name: 'Mercedes-Benz', kind: 'car', logo: true },
  { name: 'BMW', kind: 'car', logo: true },
  { name: 'Audi', kind: 'car', logo: true },
  { name: 'Lexus', kind: 'car', logo: true },
  { name: 'Volvo', kind: 'car', logo: true },
  { name: 'Skoda', kind: 'car', logo: true },
  { name: 'Renault', kind: 'car', logo: false },
  { name: 'Peugeot', kind: 'car', logo: true },
  { name: 'Jeep', kind: 'car', logo: true },
  { name: 'LDV', kind: 'car', logo: false },
  { name: 'Chery', kind: 'car', logo: false },
  { name: 'Polestar', kind: 'car', logo: true },
  { name: 'Cupra', kind: 'car', logo: false },
  { name: 'Genesis', kind: 'car', logo: true },
  { name: 'Land Rover', kind: 'car', logo: true },
  { name: 'Porsche', kind: 'car', logo: true },
  { name: 'Ferrari', kind: 'car', logo: true },
  { name: 'Yamaha', kind: 'motorcycle', logo: true },
  { name: 'Kawasaki', kind: 'motorcycle', logo: true },
  { name: 'Harley-Davidson', kind: 'motorcycle', logo: true },
  { name: 'Ducati', kind: 'motorcycle', logo: false },
  { name: 'KTM', kind: 'motorcycle', logo: false },
  { name: 'Isuzu Trucks', kind: 'truck', logo: true },
  { name: 'Hino', kind: 'truck', logo: true },
  { name: 'Fuso', kind: 'truck', logo: false },
  { name: 'Volvo Trucks', kind: 'truck', logo: false },
  { name: 'Jayco', kind: 'caravan', logo: true },
  { name: 'Coromal', kind: 'caravan', logo: false },
  { name: 'Lotus Caravans', kind: 'caravan', logo: false },
];

/** The built-in manufacturers, as the platform describes them. */
export const MANUFACTURERS: Manufacturer[] = MAKES.map((make, index) => ({
  id: index + 1,
  name: make.name,
  slug: slugify(make.name),
  logo: make.logo ? { url: `/brands/${slugify(make.name)}.svg` } : null,
}));

/** What kind of vehicles a make builds (`car` for makes not in the list). */
export function makeKind(name: string): MakeKind {
  return MAKES.find((m) => m.name.toLowerCase() === name.toLowerCase())?.kind ?? 'car';
}
