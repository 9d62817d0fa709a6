// Resource ids: RFC 9562 UUIDv5, the same for a slug forever (contract §1).
import { describe, expect, it } from 'vitest';
import { chargerId, uuidV5, vehicleId } from '../../build/api/ids.ts';

describe('ids', () => {
  it('computes UUIDv5 as RFC 9562 does (the DNS namespace example)', () => {
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    );
  });

  it('keeps published ids: a change of namespace or seed would break every client that stored one', () => {
    expect(vehicleId('volt-a-400-2024')).toBe('8d9a1444-ad56-568d-b6ca-e249e1c29177');
    expect(chargerId('volt-a-400-2024')).toBe('546a4e43-80e9-5e56-acaf-ce1791b1fbaa');
  });

  it('gives vehicles and chargers with the same slug different ids', () => {
    expect(vehicleId('same-slug')).not.toBe(chargerId('same-slug'));
  });
});
