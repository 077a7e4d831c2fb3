/**
 * The certified-vehicle information dialog on a vehicle page: what the manufacturer's certified
 * pre-owned programme gives a certified used vehicle (spec section 2).
 */
import type { SiteConfig } from '../schemas/site-config.ts';
import type { Vehicle } from '../schemas/vehicle.ts';

/** A site's copy of one make's certified programme (`certifiedPrograms` in `content/<slug>/site.yaml`). */
export interface CertifiedProgram {
  make: string;
  title: string;
  text: string;
  points?: readonly string[] | undefined;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The programme a vehicle's dialog describes: for a used vehicle marked certified whose make is one of
 * the site's certified makes (`vehicle.certifiedMakes`, as for the certified badge), and for which the
 * site has written the programme's copy; compared in any case. Null otherwise: no dialog.
 */
export function certifiedProgramFor<P extends CertifiedProgram>(
  vehicle: Pick<Vehicle, 'car_type' | 'certified' | 'make'>,
  site: { vehicle: Pick<SiteConfig['vehicle'], 'certifiedMakes'> },
  programs: readonly P[] | undefined,
): P | null {
  if (vehicle.car_type !== 'used' || !vehicle.certified) return null;
  if (!site.vehicle.certifiedMakes.some((make) => same(make, vehicle.make))) return null;
  return programs?.find((p) => same(p.make, vehicle.make)) ?? null;
}

