import { describe, expect, it } from 'vitest';
import { FirestoreError } from '../errors.js';
import { TransactionRegistry } from './transactions.js';

describe('TransactionRegistry', () => {
  it('refuses new transactions RESOURCE_EXHAUSTED past the cap, and accepts again after one ends', () => {
    const registry = new TransactionRegistry(2);
    const first = registry.begin({ readOnly: false });
    registry.begin({ readOnly: true, readTime: 1n });
    const refused = (() => {
      try {
        registry.begin({ readOnly: false });
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(FirestoreError);
    expect((refused as FirestoreError).status).toBe('RESOURCE_EXHAUSTED');
    registry.end(first.id);
    expect(registry.begin({ readOnly: false }).id).toEqual(expect.any(String));
  });

  it('accepts ids in any base64 spelling and rejects unknown ones INVALID_ARGUMENT', () => {
    const registry = new TransactionRegistry();
    const transaction = registry.begin({ readOnly: false });
    const urlSafe = transaction.id.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(registry.get(urlSafe)).toBe(transaction);
    expect(() => registry.get('AAAA')).toThrow(/expired or is no longer valid/);
  });

  it('validation fails ABORTED when a read document changed', () => {
    const registry = new TransactionRegistry();
    const transaction = registry.begin({ readOnly: false });
    transaction.reads.set('c/d', { updateTime: 5n });
    expect(() => registry.validate(transaction, () => 5n)).not.toThrow();
    expect(() => registry.validate(transaction, () => 6n)).toThrow(/contention/);
    expect(() => registry.validate(transaction, () => null)).toThrow(/contention/);
  });
});
