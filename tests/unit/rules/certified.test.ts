import { describe, expect, it } from 'vitest';
import { certifiedProgramFor } from '../../../src/rules/certified.ts';

const site = (certifiedMakes: string[]) => ({ vehicle: { certifiedMakes } });
const TOYOTA = { make: 'Toyota', title: 'Toyota Certified Pre-Owned', text: 'Inspected.' };
const programs = [TOYOTA, { make: 'hyundai', title: 'Hyundai Certified Pre-Owned', text: 'Inspected too.' }];
const car = (fields: Partial<{ car_type: 'new' | 'demo' | 'used'; certified: boolean | null; make: string }> = {}) => ({
  car_type: 'used' as const,
  certified: true,
  make: 'Toyota',
  ...fields,
});

describe('certified-vehicle dialog', () => {
  it("shows the make's programme for a certified used vehicle of a certified make, in any case", () => {
    expect(certifiedProgramFor(car(), site(['Toyota']), programs)).toBe(TOYOTA);
    expect(certifiedProgramFor(car({ make: 'TOYOTA' }), site([' toyota ']), programs)).toBe(TOYOTA);
    expect(certifiedProgramFor(car({ make: 'Hyundai' }), site(['Hyundai']), programs)?.title).toBe('Hyundai Certified Pre-Owned');
  });

  it('shows nothing for new, demo or uncertified vehicles, makes the site does not certify, or makes without copy', () => {
    expect(certifiedProgramFor(car({ car_type: 'new' }), site(['Toyota']), programs)).toBeNull();
    expect(certifiedProgramFor(car({ car_type: 'demo' }), site(['Toyota']), programs)).toBeNull();
    expect(certifiedProgramFor(car({ certified: false }), site(['Toyota']), programs)).toBeNull();
    expect(certifiedProgramFor(car({ certified: null }), site(['Toyota']), programs)).toBeNull();
    expect(certifiedProgramFor(car(), site(['Hyundai']), programs)).toBeNull();
    expect(certifiedProgramFor(car(), site([]), programs)).toBeNull();
    expect(certifiedProgramFor(car({ make: 'Kia' }), site(['Kia']), programs)).toBeNull();
    expect(certifiedProgramFor(car(), site(['Toyota']), undefined)).toBeNull();
  });
});
