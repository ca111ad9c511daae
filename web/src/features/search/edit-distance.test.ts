import { describe, expect, it } from 'vitest';
import { editFit, typoBudget } from './edit-distance';

describe('typoBudget', () => {
  it('forgives nothing below five letters, one edit for five to seven, two from eight', () => {
    expect([1, 4, 5, 7, 8, 12].map(typoBudget)).toEqual([0, 0, 1, 1, 2, 2]);
  });
});

describe('editFit', () => {
  it('counts two swapped neighbours as one edit ("lambret" is one from "lambert")', () => {
    expect(editFit('lambret', 'lambert', 1)).toEqual({ whole: 1, prefix: 1 });
  });

  it('counts a letter added, dropped or changed as one edit each', () => {
    expect(editFit('echos', 'echoes', 1)?.whole).toBe(1);
    expect(editFit('silverr', 'silver', 1)?.whole).toBe(1);
    expect(editFit('silvar', 'silver', 1)?.whole).toBe(1);
    expect(editFit('silver', 'silver', 1)).toEqual({ whole: 0, prefix: 0 });
  });

  it('measures a word still being typed against the start of the known one ("lambre" → "lamber…")', () => {
    const fit = editFit('lambre', 'lambert', 1);
    expect(fit?.prefix).toBe(1);
    expect(fit?.whole).toBe(Infinity);
  });

  it('gives null beyond the budget, and stops early on words far away', () => {
    expect(editFit('lambret', 'lambert', 0)).toBeNull();
    expect(editFit('qwertyuiop', 'lambert', 2)).toBeNull();
    expect(editFit('mainstage', 'main', 2)).toBeNull();
    expect(editFit('jazzz', 'jazz', 1)).toEqual({ whole: 1, prefix: 1 });
  });
});
